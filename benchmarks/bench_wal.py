"""Where an action's time goes at the disk: the fsync of a commit that grows SQLite's WAL file against one
that overwrites it, for a Banker action and for the bare insert+commit, under the same pragmas.

    python benchmarks/bench_wal.py [--actions 400] [--rounds 3] [--games /tmp/banker-games] [--edition classic-us]

A fresh connection's WAL starts empty and grows with each commit until SQLite's automatic checkpoint
(every 1,000 pages by default) lets the next writer start again at its beginning; from then on commits
overwrite what is already there. A commit that makes the file longer waits for the file system to record the
new length as well. This times both sides with SQLite's default checkpoint and with a checkpoint every
`--pages` pages (the WAL stops growing after a few dozen actions), each against the bare commit given the
same pragma, and prints the ratios. Banker itself keeps SQLite's default: the figure is here for that choice.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_core import bare_sqlite, lines_for, prepared  # noqa: E402

from banker.game import Game  # noqa: E402


def one_round(folder: Path, game: Path, edition: str, pages: int, actions: int) -> tuple[float, float]:
    """Median seconds of a Banker action and of a bare commit, alternated, each on a fresh WAL."""
    copy = folder / f"game-{pages}.db"
    shutil.copy(game, copy)
    banker = Game.open(copy)
    if pages:
        banker.store._writer().execute(f"PRAGMA wal_autocheckpoint={pages}")
    insert = bare_sqlite(folder / f"bare-{pages}.db", pages)
    lines = iter(lines_for(edition) * actions)
    samples: dict[str, list[float]] = {"banker": [], "bare": []}
    try:
        for _ in range(actions):
            for name, call in (("banker", lambda: banker.do(next(lines))), ("bare", insert)):
                start = time.perf_counter()
                call()
                samples[name].append(time.perf_counter() - start)
    finally:
        banker.close()
        for path in folder.glob(f"*-{pages}.db*"):
            path.unlink()
    return statistics.median(samples["banker"]), statistics.median(samples["bare"])


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--actions", type=int, default=400)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--pages", type=int, default=100, help="the smaller checkpoint, in WAL pages")
    parser.add_argument("--edition", default="classic-us")
    parser.add_argument("--games", type=Path, help="a folder keeping the built games (as bench_core.py)")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="banker-wal-"))
    game = prepared(args.games, folder, 1000, args.edition)
    runs: dict[int, list[tuple[float, float]]] = {0: [], args.pages: []}
    for _ in range(args.rounds):
        for pages in runs:
            runs[pages].append(one_round(folder, game, args.edition, pages, args.actions))
    print(f"\n## one action and one bare commit, medians of {args.rounds} rounds x {args.actions}, alternated")
    default = statistics.median(b for b, _ in runs[0])
    for pages, rounds in runs.items():
        action, commit = statistics.median(b for b, _ in rounds), statistics.median(c for _, c in rounds)
        name = "SQLite's default checkpoint" if not pages else f"a checkpoint every {pages} pages"
        print(f"{name:<32} action x{action / commit:5.2f} the bare commit   action x{action / default:5.2f} "
              f"the action at the default   ({action * 1e3:.2f} ms, bare {commit * 1e3:.2f} ms)")
    shutil.rmtree(folder, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
