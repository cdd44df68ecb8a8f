"""Key press to screen updated, on a 10,000-event game against a 10-event one (same run, same machine).

Each sample is one Pilot key press that performs an action through the app, timed until the
player card shows the new cash (and one more refresh has run). Two keys are measured:
`g` (the current player passes GO: one new event) and ctrl+z (undo: a marker event and a
state rebuild). The ratio big/small says whether the app slows down as the ledger grows.

    python benchmarks/bench_tui.py [--events 10000] [--presses 200] [--edition classic-us|mega|...]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from textual import events  # noqa: E402
from textual.widgets import Digits  # noqa: E402

from banker.game import Game  # noqa: E402
from editions import load_edition  # noqa: E402
from screens.app import make_app  # noqa: E402
from screens.player_card import PlayerCard, cash_digits  # noqa: E402

PLAYERS = ["Alice", "Bob", "Carol"]
CYCLE = ["go Alice", "pay Alice 150 Bob", "go Bob", "pay Bob 150 Carol", "go Carol", "pay Carol 150 Alice",
         "buy Alice Boardwalk", "mortgage Alice Boardwalk", "unmortgage Alice Boardwalk", "rent Bob Boardwalk",
         "undo", "redo", "collect Carol 25", "pay Carol 25", "jail Bob", "bail Bob"]


# Monopoly City: the same everyday lines on City's board and scale (GO M2m, jail fine M500k)
CITY_CYCLE = ["go Alice", "pay Alice 2m Bob", "go Bob", "pay Bob 2m Carol", "go Carol", "pay Carol 2m Alice",
              "buy Alice 'Diamond Hills'", "mortgage Alice 'Diamond Hills'", "unmortgage Alice 'Diamond Hills'",
              "rent Bob 'Diamond Hills'", "undo", "redo", "collect Carol 250k", "pay Carol 250k", "jail Bob",
              "bail Bob"]


def build_game(path: Path, events: int, edition: str = "classic-us") -> int:
    """A game of about `events` events: everyday payments, a deed bought once, undo and redo."""
    data = load_edition(edition)
    game = Game.create(path, data, PLAYERS)
    cycle = CITY_CYCLE if data.max_blocks else CYCLE
    deed = "Diamond Hills" if data.max_blocks else "Boardwalk"
    index = 0
    while game.head[0] < events:
        line = cycle[index % len(cycle)]
        index += 1
        if line.startswith("buy Alice") and game.state.deeds[deed].owner != "bank":
            continue
        game.do(line)
    count = game.head[0]
    game.close()
    return count


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


async def measure(path: Path, presses: int) -> dict[str, list[float]]:
    """Milliseconds from key press to the current player's card showing the new cash.

    "key": the key event is sent as a terminal would send it, and the clock stops when the
    card's digits show the ledger's new cash and every widget has processed its pending
    updates (the screen is redrawn). "pilot": the same through `Pilot.press`, which also
    waits for the CPU to go idle; an upper bound that includes the test harness.
    """
    app = make_app(path, data=path.parent / "data", watch=False)
    times: dict[str, list[float]] = {}
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert app.game is not None and app._driver is not None
        player = app.current_player
        card = next(c for c in app.screen.query(PlayerCard) if c.player == player)
        digits = card.query_one(Digits)
        for index in range(presses):
            key = "g" if index % 2 == 0 else "ctrl+z"
            how = "key" if index % 4 < 2 else "pilot"
            before, salary = app.game.state.cash(player), app.game.state.edition.go_salary
            expected = before + salary if key == "g" else before - salary
            start = time.perf_counter()
            if how == "pilot":
                await pilot.press(key)
            else:
                event = events.Key(key, "g" if key == "g" else None)
                event.set_sender(app)
                app._driver.send_message(event)
            shown = cash_digits(app.game.state, expected)
            while digits.value != shown:
                await asyncio.sleep(0)
            await pilot._wait_for_screen()
            times.setdefault(f"{how}: {key}", []).append((time.perf_counter() - start) * 1000)
            if app.game.state.cash(player) != expected:
                raise SystemExit(f"the ledger says {app.game.state.cash(player)}, expected {expected}")
            await pilot.pause()
    return times


def report(label: str, values: list[float]) -> tuple[float, float]:
    median, p99 = statistics.median(values), percentile(values, 0.99)
    print(f"  {label:<26} n={len(values):<4} median {median:7.2f} ms   p99 {p99:7.2f} ms   max {max(values):7.2f} ms")
    return median, p99


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=10_000)
    parser.add_argument("--presses", type=int, default=200)
    parser.add_argument("--edition", default="classic-us", help="the edition both games are played on")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="banker-bench-"))
    small, big = folder / "small.db", folder / "big.db"
    started = time.perf_counter()
    small_count = build_game(small, 10, args.edition)
    big_count = build_game(big, args.events, args.edition)
    print(f"{args.edition}: built games: {small_count} and {big_count} events in "
          f"{time.perf_counter() - started:.1f} s ({folder})")
    opened = time.perf_counter()
    Game.open(big).close()
    print(f"opening the {big_count}-event game: {(time.perf_counter() - opened) * 1000:.1f} ms")
    results = {}
    for name, path, count in (("baseline", small, small_count), ("big", big, big_count)):
        times = asyncio.run(measure(path, args.presses))
        print(f"{name} game ({count} events):")
        results[name] = {key: report(key, values) for key, values in sorted(times.items())}
    print("ratio big / baseline:")
    for key in sorted(results["big"]):
        (bm, bp), (sm, sp) = results["big"][key], results["baseline"][key]
        print(f"  {key:<26} median x{bm / sm:.2f}   p99 x{bp / sp:.2f}")


if __name__ == "__main__":
    main()
