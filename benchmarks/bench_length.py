"""A game at any length (issue 38): what reading the ledger and undoing far back cost at 100,000 events, as
ratios against the same measure on a game of 1,000 events, in the same run.

    python benchmarks/bench_length.py [--sizes 1000,100000] [--games /tmp/banker-length-games] [--rounds 3]

Each measure runs in a fresh process of its own (the way a table meets it: a command, or the app just started),
so its peak memory (the child's `ru_maxrss`, read by `os.wait4`) is its own:
- `banker ledger --json GAME` written to /dev/null: wall time and peak RSS;
- opening the game in a fresh process (the games end just after an undo of an action from before their latest
  stored snapshot, so opening reads the past from the file), its first undo, the slowest of the undos that
  follow until one takes back an action from before that snapshot, and the slowest of 2,500 undos back (past a
  few more snapshots; the 1,000-event game runs out of actions to undo first);
- what the app's `L` reads before its first frame (the ledger screen's data): wall time and peak RSS of the process.

The games are built once through the core's `Game.do` (pay, collect, trade, undo, redo lines) and kept in
`--games` (built without fsync there: only their rows matter); every measure works on a copy. `--ratios` ends
with one `RATIOS {json}` line (benchmarks/compare.py runs this under an earlier version of the code and this one).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

PLAYERS = ["Alice", "Bob", "Carol"]
# balanced over a cycle (nobody runs dry): an undo, an undo and redo, a deed traded there and back
LINES = ["pay alice 10 bob", "collect bob 20", "pay bob 30 carol", "undo", "pay bob 20", "pay bob 10 carol",
         "pay carol 10 alice", "trade carol alice give boardwalk get $10", "undo", "redo",
         "trade alice carol give boardwalk get $10"]

# The child scripts: each prints one JSON line with its own figures.
UNDO = """
import json, sys, time
from banker.errors import Refusal
from banker.game import Game, _acting
_acting()  # the command language and the rules, loaded by a process's first action whatever the game's length
path = sys.argv[1]
start = time.perf_counter()
game = Game.open(path)
opened = time.perf_counter() - start
marks = [row[0] for row in game.store.query("SELECT seq FROM snapshot ORDER BY seq DESC LIMIT 1")]
last_snapshot = marks[0] if marks else 0
times, crossed = [], 0
while len(times) < 2500:  # back past the latest snapshot, then on back past a few more (or to the start)
    target = game.timeline.latest()
    start = time.perf_counter()
    try:
        game.do("undo")
    except Refusal:
        break
    times.append(time.perf_counter() - start)
    if not crossed and (target is None or target <= last_snapshot):
        crossed = len(times)
game.close()
print(json.dumps({"open": opened, "first": times[0], "to the snapshot": max(times[:crossed or None]),
                  "far back": max(times), "undos": len(times)}))
"""

SCREEN = """
import json, sys, time
from banker.game import Game
try:
    from banker.ledger_pages import LedgerPages, check
    from screens.ledger_screen import SMALL
except ImportError:  # the code before issue 38's last part: L read every entry before its first frame
    LedgerPages = None
from banker.history import checked_entries
path = sys.argv[1]
game = Game.open(path)
start = time.perf_counter()
if LedgerPages is None:
    rows = len(checked_entries(game.records)[0])
else:  # as LedgerScreen.load: the chain checked first on a short game (a thread after the first frame on a
    # long one), then the rows of a tall terminal (60 lines) around the cursor on the newest row
    count = game.head[0]
    if count <= SMALL:
        check(game.store.path, count)
    pages = LedgerPages(game.store, count, game.money, game.state.accounts)
    rows = len(pages.entries(range(max(1, count - 60), count + 1)))
took = time.perf_counter() - start
game.close()
print(json.dumps({"screen": took, "rows": rows}))
"""


def build(path: Path, events: int) -> None:
    """A game of at least `events` events, through the core's own `Game.do` (whole cycles of LINES)."""
    from banker.game import Game
    from editions import load_edition

    game = Game.create(path, load_edition("classic-us"), PLAYERS)
    game.store._writer().execute("PRAGMA synchronous=OFF")  # building only: the rows are what is measured
    game.do("buy carol boardwalk")
    i = 0
    while game.head[0] < events or i % len(LINES):
        game.do(LINES[i % len(LINES)])
        i += 1
    game.close()


def prepared(games: Path, size: int) -> Path:
    kept = games / f"length-{size}.db"
    if not kept.exists():
        games.mkdir(parents=True, exist_ok=True)
        start = time.perf_counter()
        building = games / f"building-{size}.db"
        for leftover in games.glob(f"building-{size}.db*"):
            leftover.unlink()
        build(building, size)
        building.rename(kept)
        print(f"a {size:,}-event game built in {time.perf_counter() - start:.0f} s", file=sys.stderr)
    return kept


def fresh_copy(kept: Path, folder: Path) -> Path:
    copy = folder / f"copy-{kept.name}"
    for old in folder.glob(f"copy-{kept.name}*"):
        old.unlink()
    shutil.copy(kept, copy)
    return copy


def run_child(argv: list[str], to_null: bool) -> tuple[float, int, str]:
    """The child, reaped by os.wait4 so its rusage is its own (not the high-water mark of every child so far)."""
    with open(os.devnull, "w") as null:
        start = time.perf_counter()
        process = subprocess.Popen(argv, stdout=null if to_null else subprocess.PIPE, stderr=subprocess.PIPE)
        out = b""
        if not to_null:
            assert process.stdout is not None
            out = process.stdout.read()
        assert process.stderr is not None
        err = process.stderr.read()
        _, status, usage = os.wait4(process.pid, 0)
        process.returncode = os.waitstatus_to_exitcode(status)
        wall = time.perf_counter() - start
    if process.returncode != 0:
        raise SystemExit(f"{' '.join(argv[:4])} failed ({process.returncode}): {err.decode()[-2000:]}")
    return wall, usage.ru_maxrss, out.decode()


def measure(kept: Path, folder: Path) -> dict[str, float]:
    py = sys.executable
    figures: dict[str, float] = {}
    game = fresh_copy(kept, folder)
    wall, peak, _ = run_child([py, "-m", "banker", "ledger", "--json", str(game)], to_null=True)
    figures["ledger --json s"], figures["ledger --json MB"] = wall, peak / 1024
    wall, peak, out = run_child([py, "-c", SCREEN, str(game)], to_null=False)
    figures["L data s"], figures["L data MB"] = json.loads(out)["screen"], peak / 1024
    game = fresh_copy(kept, folder)  # undo writes: a copy of its own
    _, _, out = run_child([py, "-c", UNDO, str(game)], to_null=False)
    undo = json.loads(out)
    figures["open s"] = undo["open"]
    figures["first undo s"], figures["slowest undo to the snapshot s"] = undo["first"], undo["to the snapshot"]
    figures["slowest of 2,500 undos back s"] = undo["far back"]
    figures["undos"] = undo["undos"]
    return figures


def main() -> int:
    os.environ["XDG_DATA_HOME"] = tempfile.mkdtemp(prefix="banker-bench-data-")  # copies never look rolled back
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", default="1000,100000")
    parser.add_argument("--games", type=Path, default=Path(tempfile.gettempdir()) / "banker-length-games")
    parser.add_argument("--rounds", type=int, default=3, help="medians of this many runs of each measure")
    parser.add_argument("--ratios", action="store_true", help="end with one line `RATIOS {json}` (compare.py)")
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    small, large = min(sizes), max(sizes)
    kept = {size: prepared(args.games, size) for size in sizes}
    folder = Path(tempfile.mkdtemp(prefix="banker-length-"))
    runs: dict[int, list[dict[str, float]]] = {size: [] for size in sizes}
    try:
        for _ in range(args.rounds):  # alternated: a busy spell falls on both sizes alike
            for size in sizes:
                runs[size].append(measure(kept[size], folder))
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    medians = {size: {key: statistics.median(r[key] for r in runs[size]) for key in runs[size][0]}
               for size in sizes}
    print(f"medians of {args.rounds} runs, each in a fresh process")
    print(f"{'measure':<34}" + "".join(f"{f'{s:,} events':>16}" for s in sizes) + f"{'ratio':>10}")
    ratios: dict[str, float] = {}
    for key in medians[small]:
        cells = "".join(f"{medians[s][key]:>16.3f}" for s in sizes)
        ratio = medians[large][key] / medians[small][key] if medians[small][key] else float("nan")
        if key != "undos":
            ratios[f"{key} {large}/{small}"] = ratio
        print(f"{key:<34}{cells}{'x' + format(ratio, '.2f'):>10}")
    for key in ("open s", "first undo s", "slowest undo to the snapshot s", "slowest of 2,500 undos back s"):
        ratios[f"{key} at {large} (goal 0.5)"] = medians[large][key]
    if args.ratios:
        print("RATIOS " + json.dumps(ratios))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
