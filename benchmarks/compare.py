"""Before and after in the same run: a benchmark under an earlier version of the code and under this one, alternately.

    git worktree add /tmp/before 23f3aaa      # the code before issue 15
    python benchmarks/compare.py --before /tmp/before --rounds 2 -- \
        benchmarks/bench_core.py --sizes 1000,100000 --interleave --games /tmp/banker-games --edition city

Each round runs the benchmark once with the earlier code first on PYTHONPATH, then once with this
tree's, so a busy machine's load falls on both alike. The benchmark prints its figures as ratios
against baselines it measured itself in the same process (`--ratios`); this prints, per figure,
the median over the rounds of each version, ratios only. The benchmark script itself is this
tree's: it uses only what both versions have (the Game API, the ledger's records).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent


def run(tree: Path, command: list[str], log: Path) -> dict[str, float]:
    env = dict(os.environ, PYTHONPATH=str(tree))
    script, *options = command  # run from a neutral folder: the current one would shadow PYTHONPATH
    done = subprocess.run([sys.executable, str(HERE / script), *options, "--ratios"], capture_output=True, text=True,
                          env=env, cwd=tempfile.gettempdir())
    with log.open("a") as out:
        out.write(f"### PYTHONPATH={tree}\n{done.stdout}{done.stderr}\n")
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed under {tree} (see {log})")
    line = next(line for line in done.stdout.splitlines() if line.startswith("RATIOS "))
    return json.loads(line[len("RATIOS "):])


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--before", type=Path, required=True, help="a checkout of the earlier code")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--log", type=Path, default=Path("/tmp/banker-compare.log"), help="every run's full output")
    parser.add_argument("benchmark", nargs=argparse.REMAINDER, help="-- the benchmark script and its options")
    args = parser.parse_args()
    command = [a for a in args.benchmark if a != "--"]
    trees = {"before": args.before.resolve(), "after": HERE}
    figures: dict[str, dict[str, list[float]]] = {name: {} for name in trees}
    for number in range(args.rounds):
        for name, tree in trees.items():
            for key, value in run(tree, command, args.log).items():
                figures[name].setdefault(key, []).append(value)
            print(f"round {number + 1}: {name} done", file=sys.stderr)
    print(f"{' '.join(command)}; median of {args.rounds} alternated runs each")
    print(f"{'figure':<34} {'before':>8} {'after':>8}")
    for key in figures["after"]:
        before = figures["before"].get(key)
        shown = f"x{statistics.median(before):7.2f}" if before else f"{'-':>8}"
        print(f"{key:<34} {shown} x{statistics.median(figures['after'][key]):7.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
