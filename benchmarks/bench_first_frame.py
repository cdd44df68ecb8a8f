"""`banker GAME.db` to the table's first frame, against a bare Textual app's first frame (same run, same terminal).

    python benchmarks/bench_first_frame.py [--rounds 15] [--size 80x24] [--modes cached,source] [--edition classic-us]
                                           [--before CHECKOUT]

Each process runs in a pseudo-terminal of the given size, as it would in a real one, and is timed from its
start to the moment its output holds its first frame: for Banker the status line of the table ("'s turn"),
for the bare app (`App` with one `Static`) its one word. The process is then killed (the ledger is crash-safe;
nothing is written by opening a game); the CPU time the process had spent by then is read from /proc beside
it, as a busy machine lengthens the wall clock far more than the CPU time. The two alternate round by round, so
a busy machine's load falls on both alike; the figures are medians and the ratio Banker / bare is the goal's
(issue 27: 2 or less). With `--before` a checkout of the earlier code opens the same game in the same rounds, each
of the three going first in turn.

Two ways of running, as in bench_startup.py: `cached` (bytecode cached, as after `pip install`) and `source`
(PYTHONDONTWRITEBYTECODE=1, no cache for this tree: each start compiles the project's modules).
"""

from __future__ import annotations

import argparse
import fcntl
import os
import pty
import select
import signal
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_startup import HERE, build, environment  # noqa: E402

BARE = ("from textual.app import App\nfrom textual.widgets import Static\n"
        "class Bare(App):\n    def compose(self):\n        yield Static('bare-ready')\nBare().run()\n")
TIMEOUT = 30.0


def cpu_seconds(pid: int) -> float:
    """The CPU time (user and system) the process has spent so far, from /proc (in clock ticks)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def first_frame(command: list[str], env: dict[str, str], marker: bytes, size: tuple[int, int]) -> tuple[float, float]:
    """Seconds from the start of `command` in a pseudo-terminal until `marker` is in what it wrote, and the CPU
    seconds the process had spent by then (which other work on a busy machine does not lengthen much)."""
    leader, follower = pty.openpty()
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", size[1], size[0], 0, 0))
    start = time.perf_counter()
    process = subprocess.Popen(command, stdin=follower, stdout=follower, stderr=follower, env=env,
                               cwd=tempfile.gettempdir(), start_new_session=True)
    os.close(follower)
    seen = b""
    try:
        while marker not in seen:
            if time.perf_counter() - start > TIMEOUT:
                raise SystemExit(f"no first frame after {TIMEOUT} s: {command}\n{seen[-2000:]!r}")
            ready, _, _ = select.select([leader], [], [], 0.5)
            if ready:
                try:
                    seen += os.read(leader, 65536)
                except OSError:  # the process ended before its frame
                    raise SystemExit(f"ended without a first frame: {command}\n{seen[-2000:]!r}") from None
        return time.perf_counter() - start, cpu_seconds(process.pid)
    finally:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()
        os.close(leader)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--size", default="80x24")
    parser.add_argument("--modes", default="cached,source")
    parser.add_argument("--edition", default="classic-us")
    parser.add_argument("--before", type=Path, help="a checkout of the earlier code, timed in the same rounds")
    args = parser.parse_args()
    size = tuple(int(n) for n in args.size.split("x"))
    folder = Path(tempfile.mkdtemp(prefix="banker-first-frame-"))
    game = folder / f"{args.edition}.db"
    build(HERE, game, args.edition)
    bare = folder / "bare.py"
    bare.write_text(BARE)
    python = sys.executable
    trees = {"banker": HERE} | ({"before": args.before.resolve()} if args.before else {})
    print(f"python {sys.version.split()[0]}; {args.rounds} rounds at {args.size}; medians of the first frame"
          + (f"; before = {trees['before']}" if args.before else ""))
    for mode in args.modes.split(","):
        def env_of(tree: Path, mode: str = mode) -> dict[str, str]:
            return environment(tree, mode, folder / "pycache") | {"TERM": "xterm-256color", "COLUMNS": str(size[0]),
                                                                 "LINES": str(size[1])}

        commands = {name: ([python, "-m", "screens", str(game)], env_of(tree), b"'s turn")
                    for name, tree in trees.items()} | {"bare": ([python, str(bare)], env_of(HERE), b"bare-ready")}
        for command, env, marker in commands.values():  # writes the bytecode when cached; the first start is slower
            first_frame(command, env, marker, size)
        times: dict[str, list[float]] = {name: [] for name in commands}
        cpu: dict[str, list[float]] = {name: [] for name in commands}
        ratios: dict[str, list[float]] = {name: [] for name in trees}
        cpu_ratios: dict[str, list[float]] = {name: [] for name in trees}
        for number in range(args.rounds):
            names = list(commands)
            order = names[number % len(names):] + names[:number % len(names)]  # each goes first in turn
            took = {name: first_frame(*commands[name], size) for name in order}
            for name, (seconds, spent) in took.items():
                times[name].append(seconds)
                cpu[name].append(spent)
            for name in trees:
                ratios[name].append(took[name][0] / took["bare"][0])
                cpu_ratios[name].append(took[name][1] / took["bare"][1])
        for name in trees:
            label = "banker" if name == "banker" else "before"
            print(f"{mode:<7} {label} {statistics.median(times[name]) * 1000:6.0f} ms   bare Textual "
                  f"{statistics.median(times['bare']) * 1000:6.0f} ms   ratio x{statistics.median(ratios[name]):.2f} "
                  f"(median of the pairs; min x{min(ratios[name]):.2f}, max x{max(ratios[name]):.2f})")
            print(f"{'':<7} CPU    {statistics.median(cpu[name]) * 1000:6.0f} ms   CPU          "
                  f"{statistics.median(cpu['bare']) * 1000:6.0f} ms   ratio x{statistics.median(cpu_ratios[name]):.2f} "
                  f"(CPU time up to the first frame)")
        if args.before:
            paired = [after / before for after, before in zip(times["banker"], times["before"], strict=True)]
            print(f"{'':<7} banker / before x{statistics.median(paired):.2f} (median of the rounds)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
