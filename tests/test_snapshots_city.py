"""Snapshots of a Monopoly City table with its game clock (issue 9) at 120x40 and 80x24, and a timed
auction in its last seconds.

A fixed edition, fixed names, and every timer on a ManualClock at a fixed time, so nothing on these
screens depends on when they are taken. Update with
`pytest --snapshot-update tests/test_snapshots_city.py` after checking the new pictures by eye.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from textual.pilot import Pilot

from banker import commands as c
from banker.game import Game
from editions import load_edition
from screens.app import BankerApp, make_app
from screens.timing import ManualClock

WIDE = (120, 40)
SMALL = (80, 24)
STARTED = datetime(2026, 1, 1, 19, 0, tzinfo=UTC)
TABLE = (
    "buy Alice 'Old Town'", "buy Alice 'Harbor Heights'", "buy Alice 'Central Quay'",
    "spin Alice 2", "build Alice 'Central Quay' residential 2", "spin Bob 1",
    "spin Alice 2", "build Alice 'Central Quay' industrial 2", "spin Bob 1",
    "spin Alice 2", "build Alice 'Central Quay' industrial 2",
    "skyscraper Alice 'Harbor Heights'", "stadium Alice 'Old Town'",
    "buy Bob Westlands", "buy Bob 'Bayview Dock'", "spin Bob railroad", "railroad Bob Westlands",
    "hazard Bob 'Central Quay' 'power station'", "bonus Bob Westlands school",
    "buy Carol Summergate", "buy Carol Stoneside", "spin Carol 3", "build Carol Summergate residential 1",
    "mortgage Carol Stoneside", "parking Carol",
)


def city_app(tmp_path: Path, now: str, *lines: str) -> BankerApp:
    path = tmp_path / "city.db"
    game = Game.create(path, load_edition("city"), ["Alice", "Bob", "Carol"])
    for line in lines:
        game.do(line)
    game.execute(c.StartClock(60, STARTED.isoformat(timespec="seconds")))
    game.close()
    app = make_app(path, data=tmp_path / "data", watch=False)
    app.timing = ManualClock(now)  # type: ignore[attr-defined]
    return app


def test_city_table_with_the_game_clock(snap_compare, tmp_path: Path) -> None:
    """47:30 left: the clock line in its calm colour, the spin of the turn, blocks and marks on the cards."""
    assert snap_compare(city_app(tmp_path, "2026-01-01T19:12:30+00:00", *TABLE), terminal_size=WIDE)


def test_city_table_small_terminal_in_the_last_minutes(snap_compare, tmp_path: Path) -> None:
    """03:10 left at 80x24: the clock line turns orange in the last five minutes."""
    assert snap_compare(city_app(tmp_path, "2026-01-01T19:56:50+00:00", *TABLE), terminal_size=SMALL)


def test_city_auction_in_its_last_seconds(snap_compare, tmp_path: Path) -> None:
    """004: the last 5 seconds of the 50: the red warning (the bell rings each second)."""
    app = city_app(tmp_path, "2026-01-01T19:12:30+00:00", *TABLE)

    async def bid_then_wait(pilot: Pilot) -> None:
        for key in ("l", *"brightside", "enter", "2", "1", "f", "2", "t", "1", "o"):  # Carol's Brightside auction
            await pilot.press(key)
            await pilot.pause()
        app.timing.advance(47)  # type: ignore[attr-defined]
        for screen in app.screen_stack:  # toasts leave on Textual's own wall-clock timer: not what is drawn here
            await screen.query("Toast").remove()
        await pilot.pause()

    assert snap_compare(app, run_before=bid_then_wait, terminal_size=WIDE)
