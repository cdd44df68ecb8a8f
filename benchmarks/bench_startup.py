"""Start-up: a whole `banker state` / `banker do` process on a small game against `python -c pass`.

    python benchmarks/bench_startup.py [--before /tmp/before] [--editions classic-us,city] [--rounds 15]

Every round runs `python -c pass`, then `python -m banker state GAME` and `python -m banker do GAME pay ...`
under each version of the code (this tree, and `--before` when given, through PYTHONPATH), one after
the other, so a busy machine's load falls on all of them alike; the figures are medians as ratios to
`python -c pass`. Two ways of running are measured:

- `cached`: the modules' bytecode is cached (as after `pip install`, which compiles it);
- `source`: PYTHONDONTWRITEBYTECODE=1 and no cache for the project's own modules, so each start compiles
  them (how this repository's sandbox runs them: installed libraries keep their bytecode).

The small game (200 events, written by the earlier code when given: later code reads older files,
not the other way round) is the same file for both versions; `do` works
on a copy per version.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
EDITIONS = ["classic-us", "classic-uk", "mega", "sore-losers", "city"]


def environment(tree: Path, mode: str, cache: Path) -> dict[str, str]:
    env = dict(os.environ, PYTHONPATH=str(tree))
    if mode == "cached":
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = str(cache / tree.name)
    else:
        env["PYTHONDONTWRITEBYTECODE"] = "1"
        env.pop("PYTHONPYCACHEPREFIX", None)
    return env


def build(tree: Path, path: Path, edition: str) -> None:
    """The small game, written by the earlier code when there is one (a later file may hold later fields)."""
    script = (f"import sys; sys.path.insert(0, {str(Path(__file__).resolve().parent)!r}); "
              f"from bench_core import build_game; build_game(__import__('pathlib').Path({str(path)!r}), 200, "
              f"{edition!r}).close()")
    subprocess.run([sys.executable, "-c", script], env=dict(os.environ, PYTHONPATH=str(tree)), check=True,
                   cwd=tempfile.gettempdir())


def clock(command: list[str], env: dict[str, str]) -> float:
    """Wall time of one process, run from a neutral folder (`python -m` puts the current folder first)."""
    start = time.perf_counter()
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, check=True,
                   cwd=tempfile.gettempdir())
    return time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--before", type=Path, help="a checkout of the earlier code, timed alternately")
    parser.add_argument("--editions", default=",".join(EDITIONS))
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--modes", default="cached,source")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="banker-startup-"))
    trees = {"after": HERE} | ({"before": args.before.resolve()} if args.before else {})
    for tree in trees.values():
        if any(tree.glob("*/__pycache__")):  # `source` means compiling this tree's modules: none may be cached
            print(f"note: {tree} keeps __pycache__ folders: `source` reads that bytecode instead of compiling")
    python = sys.executable
    print(f"python {sys.version.split()[0]}; {args.rounds} rounds; medians as ratios to `python -c pass`")
    print(f"{'edition':<12} {'mode':<7} {'code':<7} {'state':>7} {'do':>7}   (pass = ms)")
    for edition in args.editions.split(","):
        game = folder / f"{edition}.db"
        build(trees.get("before", HERE), game, edition)
        line = ["pay", "alice", "10k" if edition == "city" else "1", "bob"]  # City pays in whole notes (M10k)
        for mode in args.modes.split(","):
            envs = {name: environment(tree, mode, folder / "pycache") for name, tree in trees.items()}
            # each version and command remembers the heads it saw in a data folder of its own (issue 38): `do`
            # moves its copy's head on, which the other version's copy, or the original `state` reads, would
            # otherwise show as a rolled-back file, refused
            data = {f"{name} {command}": dict(envs[name], XDG_DATA_HOME=str(folder / f"data-{mode}-{name}-{command}"))
                    for name in trees for command in ("state", "do")}
            copies = {name: folder / f"{edition}-{name}.db" for name in trees}
            for name in trees:
                shutil.copy(game, copies[name])
                clock([python, "-m", "banker", "state", str(game)], data[f"{name} state"])  # writes the bytecode
            base_env = environment(HERE, mode, folder / "pycache")
            times: dict[str, list[float]] = {"pass": []}
            for _ in range(args.rounds):
                times["pass"].append(clock([python, "-c", "pass"], base_env))
                for name in trees:
                    times.setdefault(f"{name} state", []).append(
                        clock([python, "-m", "banker", "state", str(game)], data[f"{name} state"]))
                    times.setdefault(f"{name} do", []).append(
                        clock([python, "-m", "banker", "do", str(copies[name]), *line], data[f"{name} do"]))
            base = statistics.median(times["pass"])
            for name in trees:
                state = statistics.median(times[f"{name} state"]) / base
                do = statistics.median(times[f"{name} do"]) / base
                print(f"{edition:<12} {mode:<7} {name:<7} x{state:6.2f} x{do:6.2f}   ({base * 1000:.0f} ms)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
