"""What each page of a commit costs at the disk: an insert+commit into a table with no, one or two indexes
besides its primary key (one, two or three pages written to the WAL per commit, each fsynced), alternated.

    python benchmarks/bench_pages.py [--commits 1500] [--rounds 3]

Banker's event table had three such pages per action (the table, the unique index on `id`, the index on
`action`); new files have two. Each layout is timed in the WAL's two regimes: growing (the automatic checkpoint
off, so every commit makes the file longer) and settled (a checkpoint every 100 pages, so commits overwrite
what is there). Printed as ratios against the one-page commit of the same round and regime, with the
microseconds each extra page adds.
"""

from __future__ import annotations

import argparse
import sqlite3
import statistics
import tempfile
import time
import uuid
from collections.abc import Callable
from pathlib import Path

PAYLOAD = '{"amount":50,"basis":"","deed":"Boardwalk","dice":0,"owner":"Carol","payer":"Alice",' \
          '"transfers":[["Alice","Carol",50]]}'
REGIMES = {"growing": 0, "settled": 100}  # wal_autocheckpoint: 0 is off


def table(path: Path, indexes: int, checkpoint: int) -> Callable[[], None]:
    """One insert+commit into a table with `indexes` secondary indexes, with Banker's pragmas."""
    connection = sqlite3.connect(path, isolation_level=None)
    connection.execute("PRAGMA journal_mode=WAL")
    connection.execute("PRAGMA synchronous=FULL")
    connection.execute(f"PRAGMA wal_autocheckpoint={checkpoint}")
    connection.execute("CREATE TABLE event (seq INTEGER PRIMARY KEY, id TEXT, action INTEGER, payload TEXT)")
    for column in ("id", "action")[:indexes]:
        connection.execute(f"CREATE INDEX ix_{column} ON event ({column})")
    counter = iter(range(1, 10**9))

    def insert() -> None:
        seq = next(counter)
        connection.execute("INSERT INTO event VALUES (?, ?, ?, ?)", (seq, str(uuid.uuid4()), seq, PAYLOAD))

    return insert


def one_round(folder: Path, regime: str, commits: int) -> dict[int, float]:
    """Median seconds per commit of one, two and three pages, alternated."""
    inserts = {pages: table(folder / f"{regime}-{pages}.db", pages - 1, REGIMES[regime]) for pages in (1, 2, 3)}
    for insert in inserts.values():  # past the settled WAL's first checkpoint before timing
        for _ in range(150):
            insert()
    samples: dict[int, list[float]] = {pages: [] for pages in inserts}
    for _ in range(commits):
        for pages, insert in inserts.items():
            start = time.perf_counter()
            insert()
            samples[pages].append(time.perf_counter() - start)
    return {pages: statistics.median(times) for pages, times in samples.items()}


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--commits", type=int, default=1500, help="commits of each layout per round")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    for regime in REGIMES:
        rounds = []
        for _ in range(args.rounds):
            with tempfile.TemporaryDirectory(prefix="banker-pages-") as folder:
                rounds.append(one_round(Path(folder), regime, args.commits))
        one = statistics.median(r[1] for r in rounds)
        print(f"WAL {regime}: one page {one * 1e6:.0f} us (median of {args.rounds} rounds)")
        for pages in (2, 3):
            median = statistics.median(r[pages] for r in rounds)
            added = statistics.median((r[pages] - r[1]) / (pages - 1) for r in rounds)
            print(f"  {pages} pages  x{median / one:.2f} the one-page commit, {added * 1e6:+.1f} us a page")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
