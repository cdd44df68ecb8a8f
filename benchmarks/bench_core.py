"""Speed of the bank, reported as ratios against baselines measured in the same run.

    pip install -e ".[bench]" && python benchmarks/bench_core.py [--sizes 1000,10000,100000] [--actions 300]
                                                                 [--edition classic-us|mega|...]

Measures, side by side on this machine:
- one action (parse, check, append with fsync, fold) against a bare SQLite
  insert+commit with the same pragmas (the physical floor) and against the
  `eventsourcing` library's SQLite application saving one event (`--settled`: in a session past its first
  few hundred actions, every side's WAL checkpointed once, so a commit overwrites the file instead of making
  it longer);
- opening a game of each size to a ready state;
- action latency at the largest size vs the smallest; undo on the largest game opened afresh, against bare
  commits on a new file alternated with it (both WALs new);
- `banker verify` (chain + full replay) at the largest size, in process and as a command, against the
  floor measured beside it: reading every row, SHA-256 over each and `json.loads` of each payload.

`--games DIR` keeps the built games in DIR and reuses them, so two versions of the code time the very
same files (the same rows; each version's copy has the indexes that version gives a file it creates, so an
action is timed writing what that version writes); `--ratios` ends with one `RATIOS {json}` line.
benchmarks/compare.py runs this script under an earlier version of the code and under this one, alternately,
and puts their ratios side by side.

`--edition mega` plays the same lines on a Mega Edition board (52 spaces, 37 deeds), with
the Mega pieces mixed in: a train depot built and sold, a bus ticket traded back and forth.
`--edition sore-losers` adds a coin traded back and forth (rent earns coins there); `--edition city`
plays City's own lines: amounts in M, Build spins, the Rent Dodge card, a mortgage at the rent value.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import sqlite3
import statistics
import subprocess
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
# Mega: the same lines with the Mega pieces between them (a depot built and sold, a bus ticket traded back and
# forth; none taken in the loop, or the bank's 16 would run out); Carol holds two of the three dark blues here,
# so the rents are the base ones and her payments are halved to stay balanced
MEGA_LINES = ["pay alice 10 bob", "pay bob 10 carol", "depot carol reading", "pay carol 10 alice", "rent alice board",
              "trade alice bob give ticket get $10", "pay carol 50 alice", "go bob", "sell carol reading",
              "pay bob 200", "rent bob park", "trade bob alice give ticket get $10", "pay carol 35 bob",
              "collect carol 50"]


# Sore Losers: the classic lines (rent there earns coins, up to four) with a coin traded back and forth
SORE_LOSERS_LINES = [*LINES, "trade alice carol give coin get $10", "trade carol alice give coin get $10"]
# Monopoly City: amounts in M, a Build spin each for Alice and Bob, the Rent Dodge card taken at Free Parking and
# played, a district mortgaged at its rent value and bought back; Carol holds the dark blues (rent M350k / M500k)
CITY_LINES = ["pay alice 100k bob", "pay bob 100k carol", "spin alice 2", "pay carol 100k alice",
              "rent alice diamond", "parking bob", "spin bob 1", "dodge bob fortune", "pay carol 500k alice",
              "go bob", "mortgage carol fortune", "unmortgage carol fortune", "rent bob fortune",
              "pay carol 350k bob", "pay bob 2m"]
# The UK board: the same lines, Mayfair and Park Lane for the dark blues (the same prices and rents)
UK_LINES = [line.replace("board", "mayfair") for line in LINES]
OPENINGS = {"mega": ["buy carol boardwalk", "buy carol park", "buy carol reading", "ticket alice"],
            "city": ["buy carol fortune", "buy carol diamond"], "uk": ["buy carol mayfair", "buy carol park"]}


def lines_for(edition: str) -> list[str]:
    """The classic lines; on an edition with its own pieces (depots, tickets, coins, blocks), those among them."""
    return {"mega": MEGA_LINES, "city": CITY_LINES, "sore-losers": SORE_LOSERS_LINES,
            "uk": UK_LINES}.get(kind_of(edition), LINES)


def kind_of(edition: str) -> str:
    """Which line set fits the edition, read from its data: blocks (City), depots (Mega), coins (Sore Losers)."""
    data = load_edition(edition)
    if data.max_blocks:
        return "city"
    if data.has_depots:
        return "mega"
    if data.mr_monopoly:
        return "sore-losers"
    return "classic" if "Boardwalk" in data.deeds else "uk"


CPU: dict[str, list[float]] = {}  # process CPU seconds per sample, by run name (not inflated by a busy machine)


# SQLite checkpoints the WAL at 1,000 pages; until then each commit makes the file longer. A bare commit writes
# one page, an action two, an eventsourcing save two: 1,100 calls take every one of them past its first checkpoint.
SETTLING_CALLS = 1100


def timed(fn: Callable[[], object], count: int) -> list[float]:
    out = []
    for _ in range(count):
        start = time.perf_counter()
        fn()
        out.append(time.perf_counter() - start)
    return out


def timed_together(fns: dict[str, Callable[[], object]], count: int, interleave: bool) -> dict[str, list[float]]:
    """Wall seconds per call for each function; interleaved, each round calls every one once (same load)."""
    runs: dict[str, list[float]] = {name: [] for name in fns}
    order = [name for _ in range(count) for name in fns] if interleave else [n for n in fns for _ in range(count)]
    for name in order:
        wall, cpu = time.perf_counter(), time.process_time()
        fns[name]()
        runs[name].append(time.perf_counter() - wall)
        CPU.setdefault(name, []).append(time.process_time() - cpu)
    return runs


def p99(samples: list[float]) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]


def ms(seconds: float) -> str:
    return f"{seconds * 1000:8.2f} ms"


def build_game(path: Path, events: int, edition: str = "classic-us") -> Game:
    """A game of about `events` events: Carol owns the dark blues so rent lines apply (and Reading, for depots)."""
    game = Game.create(path, load_edition(edition), PLAYERS)
    for line in OPENINGS.get(kind_of(edition), ["buy carol boardwalk", "buy carol park"]):
        game.do(line)
    lines = lines_for(edition)
    i = 0
    while game.head[0] < events or i % len(lines):  # whole cycles: the timed lines start the cycle again
        game.do(lines[i % len(lines)])
        i += 1
    return game


def bare_sqlite(path: Path, checkpoint_pages: int = 0) -> Callable[[], None]:
    """The floor: one insert+commit, with Banker's pragmas (and a WAL checkpoint every so many pages if given)."""
    connection = sqlite3.connect(path, isolation_level=None)
    connection.execute("PRAGMA journal_mode=WAL")
    connection.execute("PRAGMA synchronous=FULL")
    if checkpoint_pages:
        connection.execute(f"PRAGMA wal_autocheckpoint={checkpoint_pages}")
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


def verify_in_process(path: Path) -> None:
    """`banker verify` without the process: the one streamed pass where this code has it, else as before."""
    try:
        from banker.verify import verify_file
    except ImportError:  # the code before issue 15 (run through benchmarks/compare.py)
        from banker import snapshots

        store = LedgerStore.open(path)
        try:
            records, stored = store.records(), snapshots.snapshots(store.engine, 2**62)
        finally:
            store.close()
        assert verify_records(records, stored) is None
        return
    assert verify_file(path).problem is None


def verify_floor(path: Path) -> None:
    """The physical floor of verify: read every row, SHA-256 over each, json.loads of each payload."""
    connection = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    try:
        rows = connection.execute(
            "SELECT seq, id, action, time, type, payload, prev_hash, hash FROM event ORDER BY seq").fetchall()
    finally:
        connection.close()
    for seq, event_id, action, at, type_, payload, prev_hash, _hash in rows:
        hashlib.sha256("\n".join([prev_hash, str(seq), event_id, str(action), at, type_, payload]).encode()).hexdigest()
        json.loads(payload)


def verify_command(path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "banker", "verify", str(path)], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


def prepared(games_dir: Path | None, folder: Path, size: int, edition: str) -> Path:
    """A game of `size` events: built here, or copied from `games_dir` (built there first if missing), so runs
    of two versions of the code (benchmarks/compare.py) time the very same files."""
    path = folder / f"game-{size}.db"
    start = time.perf_counter()
    if games_dir is None:
        build_game(path, size, edition).close()
    else:
        kept = games_dir / f"{edition}-{size}.db"
        if not kept.exists():
            games_dir.mkdir(parents=True, exist_ok=True)
            build_game(folder / "building.db", size, edition).close()
            shutil.move(folder / "building.db", kept)
        shutil.copy(kept, path)
        with_this_codes_indexes(path)
    print(f"a {size:,}-event game ready in {time.perf_counter() - start:.1f} s")
    return path


def with_this_codes_indexes(path: Path) -> None:
    """Give the copy the table and indexes the code under test gives a new file (the rows stay as they are): an
    action on the copy writes the pages that code's own files cost. An index the code no longer makes is dropped;
    an event table declared otherwise (a constraint, which has an index of its own that cannot be dropped) is
    copied into one declared as the code declares it. Code without `ledger.SCHEMA` (before issue 15) keeps all."""
    from banker import ledger

    schema = getattr(ledger, "SCHEMA", None)
    if schema is None:
        return
    connection = sqlite3.connect(path, isolation_level=None)
    try:
        table = connection.execute("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'event'").fetchone()
        if table[0] not in schema:
            event_table = next(sql for sql in schema if sql.startswith("CREATE TABLE event "))
            connection.execute("BEGIN IMMEDIATE")
            connection.execute("ALTER TABLE event RENAME TO event_as_built")
            connection.execute(event_table)
            connection.execute("INSERT INTO event SELECT * FROM event_as_built ORDER BY seq")
            connection.execute("DROP TABLE event_as_built")
            for trigger in ledger.APPEND_ONLY:
                connection.execute(trigger)
            connection.execute("COMMIT")
            connection.execute("VACUUM")
        for name, sql in connection.execute("SELECT name, sql FROM sqlite_master WHERE type = 'index'").fetchall():
            if sql is not None and sql not in schema:
                connection.execute(f'DROP INDEX "{name}"')
    finally:
        connection.close()


def followed_roll_vs_payment(folder: Path, edition: str, count: int) -> tuple[list[float], list[float]]:
    """Issue 25: a followed roll that charges rent (the dice, the move, the rent and the roll passed, one action)
    against a plain payment on the same game, alternated; the token is put back between rounds, untimed."""
    game = Game.create(folder / "followed.db", load_edition(edition), ("Alice", "Bob"), ("follow-tokens",))
    deed = game.state.edition.spaces[3].name
    game.do(f'buy Bob "{deed}"')
    rolls: list[float] = []
    pays: list[float] = []
    try:
        for _ in range(count):
            start = time.perf_counter()
            game.do("roll Alice 1 2")  # onto Bob's deed: the rent is in the roll
            rolls.append(time.perf_counter() - start)
            for line in ("move Alice 0 fix", "roll Bob 1 2", "move Bob 0 fix"):
                game.do(line)
            start = time.perf_counter()
            game.do("pay Bob 4 Alice")
            pays.append(time.perf_counter() - start)
    finally:
        game.close()
    return rolls, pays


def main() -> int:
    # the games are copies, timed again and again: the heads Banker remembers (banker/heads.py) go to a folder of
    # this run's own, or a copy from an earlier run would open as an old copy
    os.environ["XDG_DATA_HOME"] = tempfile.mkdtemp(prefix="banker-bench-data-")
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", default="1000,10000,100000")
    parser.add_argument("--actions", type=int, default=300)
    parser.add_argument("--settled", action="store_true",
                        help="before timing, run every side untimed until each file's WAL has been checkpointed "
                             "once (1,100 calls): a session past its first few hundred actions, where a commit "
                             "overwrites the WAL instead of making it longer (about 0.1 ms less each)")
    parser.add_argument("--edition", default="classic-us", help="the edition the games are played on")
    parser.add_argument("--interleave", action="store_true",
                        help="alternate the timed calls (bare commit, action, action...) so a busy machine's load "
                             "falls on all of them alike, instead of timing each in its own block")
    parser.add_argument("--games", type=Path, help="a folder keeping the built games, reused by later runs")
    parser.add_argument("--opens", type=int, default=7, help="openings of each size, alternated")
    parser.add_argument("--verifies", type=int, default=3, help="verify runs, each beside a floor run")
    parser.add_argument("--ratios", action="store_true", help="end with one line `RATIOS {json}` (compare.py)")
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    folder = Path(tempfile.mkdtemp(prefix="banker-bench-"))
    print(f"python {sys.version.split()[0]}, edition {args.edition}, files in {folder}")
    games = {size: prepared(args.games, folder, size, args.edition) for size in sizes}
    ratios: dict[str, float] = {}

    small, large = games[sizes[0]], games[sizes[-1]]
    game_small, game_large = Game.open(small), Game.open(large)
    floor = bare_sqlite(folder / "bare.db")
    es = eventsourcing_app(folder / "es.db")
    cycle = lines_for(args.edition)
    warm = SETTLING_CALLS if args.settled else 0
    small_lines = iter(cycle * (args.actions + warm))  # each from a cycle's start
    large_lines = iter(cycle * (args.actions + warm))
    calls: dict[str, Callable[[], object]] = {
        "bare SQLite insert+commit": floor,
        f"banker action @ {sizes[0]:,} events": lambda: game_small.do(next(small_lines)),
        f"banker action @ {sizes[-1]:,} events": lambda: game_large.do(next(large_lines)),
    }
    if es is not None:
        calls["eventsourcing save one event"] = es
    if warm:
        timed_together(calls, warm, args.interleave)
        CPU.clear()
        print(f"(settled: {warm:,} untimed calls of each first, so every WAL has been checkpointed once)")
    runs = timed_together(calls, args.actions, args.interleave)
    base = statistics.median(runs["bare SQLite insert+commit"])
    base99 = p99(runs["bare SQLite insert+commit"])
    print(f"\n## one action (median, p99, ratio to the bare commit{'; interleaved' if args.interleave else ''})"
          "; the CPU column is the process's own time per call")
    for name, samples in runs.items():
        median = statistics.median(samples)
        print(f"{name:<36} {ms(median)} {ms(p99(samples))}   x{median / base:5.2f} median  "
              f"x{p99(samples) / base99:5.2f} p99   cpu {ms(statistics.median(CPU[name]))}")
    action_small = statistics.median(runs[f"banker action @ {sizes[0]:,} events"])
    action_large = statistics.median(runs[f"banker action @ {sizes[-1]:,} events"])
    ratios["action vs bare commit"] = action_small / base
    ratios["action at largest vs smallest"] = action_large / action_small
    print(f"action latency at {sizes[-1]:,} vs {sizes[0]:,} events: x{action_large / action_small:.2f}")
    if es is not None:
        es_median = statistics.median(runs["eventsourcing save one event"])
        ratios["action vs eventsourcing"] = action_small / es_median
        print(f"banker action vs eventsourcing: x{action_small / es_median:.2f}")

    if kind_of(args.edition) in ("classic", "uk"):
        rolls, pays = followed_roll_vs_payment(folder, args.edition, args.actions)
        roll_ratio = statistics.median(rolls) / statistics.median(pays)
        ratios["followed roll with rent vs payment"] = roll_ratio
        print(f"\n## a followed roll that charges rent vs a payment (issue 25), alternated: "
              f"{ms(statistics.median(rolls))} vs {ms(statistics.median(pays))}, x{roll_ratio:.2f}")
    game_small.close()  # both games end the actions above alike, so they open alike
    game_large.close()

    print(f"\n## opening a game (to state ready), median of {args.opens}, sizes alternated")
    opens = timed_together({size: (lambda p=path: Game.open(p).close()) for size, path in games.items()},
                           args.opens, interleave=True)
    for size, samples in opens.items():
        median = statistics.median(samples)
        print(f"{size:>8,} events  {ms(median)}   x{median / statistics.median(opens[sizes[0]]):5.2f} "
              f"the {sizes[0]:,}-event game   x{median / base:7.1f} bare commits")
    ratios["open largest vs smallest"] = statistics.median(opens[sizes[-1]]) / statistics.median(opens[sizes[0]])

    # undo on the long game opened afresh, as at a table: its first undo reads the past it needs from the file. Its
    # WAL starts afresh, so it is timed against a bare commit on a new file, whose WAL grows alike (a version writing
    # more pages per action would otherwise have had its WAL checkpointed during the actions above and committed
    # more cheaply from then on; with --settled, the bare commit's had)
    game_large = Game.open(large)
    fresh_floor = bare_sqlite(folder / "bare-beside-undo.db")

    def undo_redo() -> None:
        game_large.do("undo")
        game_large.do("redo")

    undo = timed(lambda: game_large.do("undo"), 1)
    game_large.do("redo")
    # alternated with bare commits, each ratio to the bare commits beside it
    beside = timed_together({"bare": fresh_floor, "undo+redo": undo_redo}, 50, interleave=True)
    undo_median = statistics.median(beside["undo+redo"]) / 2
    undo_base = statistics.median(beside["bare"])
    ratios["undo at largest vs bare commit"] = undo_median / undo_base
    print(f"\n## undo at {sizes[-1]:,} events: first {ms(undo[0])}, median of undo+redo/2 {ms(undo_median)}"
          f", ratio to the bare commits alternated with it x{undo_median / undo_base:.2f}")
    game_large.close()

    print(f"\n## banker verify at {sizes[-1]:,} events against the floor (read every row, SHA-256 each, json.loads "
          f"each payload), alternated, median of {args.verifies}")
    checks = timed_together({"floor": lambda: verify_floor(large),
                             "verify in process": lambda: verify_in_process(large),
                             "banker verify (command)": lambda: verify_command(large)}, args.verifies, interleave=True)
    floor_median = statistics.median(checks["floor"])
    for name, samples in checks.items():
        print(f"{name:<24} {ms(statistics.median(samples))}   x{statistics.median(samples) / floor_median:5.2f}")
    ratios["verify in process vs floor"] = statistics.median(checks["verify in process"]) / floor_median
    ratios["verify command vs floor"] = statistics.median(checks["banker verify (command)"]) / floor_median
    if args.ratios:
        print("RATIOS " + json.dumps(ratios))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
