"""Speed of the bank, reported as ratios against baselines measured in the same run.

    pip install -e ".[bench]" && python benchmarks/bench_core.py [--sizes 1000,10000,100000] [--actions 300]

Measures, side by side on this machine:
- one action (parse, check, append with fsync, fold) against a bare SQLite
  insert+commit with the same pragmas (the physical floor) and against the
  `eventsourcing` library's SQLite application saving one event;
- opening a game of each size to a ready state;
- undo at the largest size, and action latency at the largest size vs the smallest;
- `banker verify` (chain + full replay) at the largest size.
"""

from __future__ import annotations

import argparse
import os
import sqlite3
import statistics
import sys
import tempfile
import time
import uuid
from collections.abc import Callable
from pathlib import Path

from banker.game import Game
from banker.ledger import LedgerStore
from banker.verify import verify_records
from editions import load_edition

PLAYERS = ["Alice", "Bob", "Carol"]
LINES = ["pay alice 10 bob", "pay bob 10 carol", "pay carol 10 alice", "rent alice board", "pay carol 100 alice",
         "go bob", "pay bob 200", "rent bob park", "pay carol 70 bob"]  # balanced: nobody runs dry


def timed(fn: Callable[[], object], count: int) -> list[float]:
    out = []
    for _ in range(count):
        start = time.perf_counter()
        fn()
        out.append(time.perf_counter() - start)
    return out


def p99(samples: list[float]) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]


def ms(seconds: float) -> str:
    return f"{seconds * 1000:8.2f} ms"


def build_game(path: Path, events: int) -> Game:
    """A game of about `events` events: Carol owns the dark blues so rent lines apply."""
    game = Game.create(path, load_edition("classic-us"), PLAYERS)
    game.do("buy carol boardwalk")
    game.do("buy carol park")
    i = 0
    while game.head[0] < events:
        game.do(LINES[i % len(LINES)])
        i += 1
    return game


def bare_sqlite(path: Path) -> Callable[[], None]:
    connection = sqlite3.connect(path, isolation_level=None)
    connection.execute("PRAGMA journal_mode=WAL")
    connection.execute("PRAGMA synchronous=FULL")
    connection.execute("CREATE TABLE IF NOT EXISTS event (seq INTEGER PRIMARY KEY, id TEXT, payload TEXT)")
    counter = iter(range(1, 10**9))

    def insert() -> None:
        connection.execute("BEGIN IMMEDIATE")
        connection.execute("INSERT INTO event VALUES (?, ?, ?)",
                           (next(counter), str(uuid.uuid4()), '{"payer":"Alice","payee":"Bob","amount":10}'))
        connection.execute("COMMIT")

    return insert


def eventsourcing_app(path: Path) -> Callable[[], None] | None:
    try:
        from eventsourcing.application import Application
        from eventsourcing.domain import Aggregate, event
    except ImportError:
        return None

    class Wallet(Aggregate):
        @event("Created")
        def __init__(self) -> None:
            self.cash = 0

        @event("Paid")
        def pay(self, amount: int) -> None:
            self.cash += amount

    os.environ["PERSISTENCE_MODULE"] = "eventsourcing.sqlite"
    os.environ["SQLITE_DBNAME"] = str(path)
    app = Application()
    wallet = Wallet()
    app.save(wallet)

    def save_one() -> None:
        wallet.pay(10)
        app.save(wallet)

    return save_one


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", default="1000,10000,100000")
    parser.add_argument("--actions", type=int, default=300)
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    folder = Path(tempfile.mkdtemp(prefix="banker-bench-"))
    print(f"python {sys.version.split()[0]}, files in {folder}")

    games: dict[int, Path] = {}
    for size in sizes:
        start = time.perf_counter()
        path = folder / f"game-{size}.db"
        build_game(path, size).close()
        games[size] = path
        print(f"built a {size:,}-event game in {time.perf_counter() - start:.1f} s")

    small, large = games[sizes[0]], games[sizes[-1]]
    game_small, game_large = Game.open(small), Game.open(large)
    floor = bare_sqlite(folder / "bare.db")
    es = eventsourcing_app(folder / "es.db")
    lines = iter(LINES * (args.actions * 4))
    runs = {
        "bare SQLite insert+commit": timed(floor, args.actions),
        f"banker action @ {sizes[0]:,} events": timed(lambda: game_small.do(next(lines)), args.actions),
        f"banker action @ {sizes[-1]:,} events": timed(lambda: game_large.do(next(lines)), args.actions),
    }
    if es is not None:
        runs["eventsourcing save one event"] = timed(es, args.actions)
    base = statistics.median(runs["bare SQLite insert+commit"])
    base99 = p99(runs["bare SQLite insert+commit"])
    print("\n## one action (median, p99, ratio to the bare commit)")
    for name, samples in runs.items():
        median = statistics.median(samples)
        print(f"{name:<36} {ms(median)} {ms(p99(samples))}   x{median / base:5.2f} median  "
              f"x{p99(samples) / base99:5.2f} p99")
    action_small = statistics.median(runs[f"banker action @ {sizes[0]:,} events"])
    action_large = statistics.median(runs[f"banker action @ {sizes[-1]:,} events"])
    print(f"action latency at {sizes[-1]:,} vs {sizes[0]:,} events: x{action_large / action_small:.2f}")
    if es is not None:
        es_median = statistics.median(runs["eventsourcing save one event"])
        print(f"banker action vs eventsourcing: x{action_small / es_median:.2f}")

    def undo_redo() -> None:
        game_large.do("undo")
        game_large.do("redo")

    undo = timed(lambda: game_large.do("undo"), 1)
    game_large.do("redo")
    samples = [s / 2 for s in timed(undo_redo, 50)]
    undo_median = statistics.median(samples)
    print(f"\n## undo at {sizes[-1]:,} events: first {ms(undo[0])}, median of undo+redo/2 {ms(undo_median)}"
          f", ratio to the bare commit x{undo_median / base:.2f}")
    game_small.close()
    game_large.close()

    print("\n## opening a game (to state ready), median of 5")
    for size, path in games.items():
        opens = timed(lambda p=path: Game.open(p).close(), 5)
        median = statistics.median(opens)
        print(f"{size:>8,} events  {ms(median)}   x{median / base:7.1f} bare commits")

    def verify() -> None:
        store = LedgerStore.open(large)
        try:
            assert verify_records(store.records()) is None
        finally:
            store.close()

    verifies = timed(verify, 3)
    print(f"\n## banker verify at {sizes[-1]:,} events: {ms(statistics.median(verifies))}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
