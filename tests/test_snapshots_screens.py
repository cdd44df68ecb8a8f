"""Snapshots of the auction, trade, ledger and end screens at 120x40 (and the ledger at 80x24).

Each screen is pushed on a small host app with the app's stylesheet. The ledger shows event
times and hashes, so the games here are written with a fixed clock and fixed event ids, and
the times are shown in UTC. Update with `pytest --snapshot-update` after checking the new
pictures by eye.
"""

from __future__ import annotations

import time
import uuid
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from screen_host import Host

import banker.ledger
from banker.game import Game
from editions import load_edition
from screens.auction_screen import AuctionScreen
from screens.end_screen import EndScreen
from screens.ledger_screen import LedgerScreen
from screens.trade_screen import TradeScreen

WIDE = (120, 40)
SMALL = (80, 24)
PLAYED = ("buy Alice 'Park Place'", "buy Alice Boardwalk", "build Alice Boardwalk", "buy Bob Reading",
          "mortgage Bob Reading", "rent Bob Boardwalk", "card Carol chance 'get out'", "go Carol",
          "buy Carol Baltic", "undo", "pay Bob 40", "pay Carol 10")



class FixedClock:
    """Stands in for the ledger's clock (`banker.ledger._now`): one second per action from a fixed start."""

    start = datetime(2025, 1, 2, 19, 30, tzinfo=UTC)
    calls = 0

    @classmethod
    def now(cls, millis: int | None = None) -> str:
        cls.calls += 1
        return (cls.start + timedelta(seconds=cls.calls)).isoformat(timespec="milliseconds")


@pytest.fixture
def fixed_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Game]:
    """The PLAYED game, written with fixed times and event ids, read back with times in UTC."""
    FixedClock.calls = 0
    ids = iter(range(1, 10**6))
    monkeypatch.setattr(banker.ledger, "_now", FixedClock.now)
    monkeypatch.setattr(banker.ledger, "_event_id", lambda millis: str(uuid.UUID(int=next(ids))))
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    game = Game.create(tmp_path / "snap.db", load_edition("classic-us"), ["Alice", "Bob", "Carol"])
    for line in PLAYED:
        game.do(line)
    yield game
    game.close()
    monkeypatch.undo()
    time.tzset()


def test_auction_screen_after_bids(snap_compare: Any, fixed_game: Game) -> None:
    screen = AuctionScreen(fixed_game, "Pennsylvania Avenue", timed=False)
    assert snap_compare(Host(screen), press=["1", "f", "3", "t", "2", "b", "7", "5"], terminal_size=WIDE)


def test_auction_screen_countdown_last_seconds(snap_compare: Any, fixed_game: Game) -> None:
    screen = AuctionScreen(fixed_game, "Pennsylvania Avenue", timed=True, autostart=False)

    async def last_seconds(pilot: Any) -> None:
        await pilot.press("2", "t")
        for _ in range(46):
            screen.tick()
        await pilot.pause()

    assert snap_compare(Host(screen), run_before=last_seconds, terminal_size=WIDE)


def test_trade_screen_with_a_mortgaged_deed(snap_compare: Any, fixed_game: Game) -> None:
    screen = TradeScreen(fixed_game, "Bob", "Alice")
    keys = ["space", "shift+tab", "2", "5", "tab", "tab", "tab", "tab", "down", "space"]
    assert snap_compare(Host(screen), press=keys, terminal_size=WIDE)


def test_trade_screen_review(snap_compare: Any, fixed_game: Game) -> None:
    screen = TradeScreen(fixed_game, "Bob", "Carol")
    keys = ["space", "tab", "tab", "tab", "space", "tab", "down", "space", "ctrl+r"]
    assert snap_compare(Host(screen), press=keys, terminal_size=WIDE)


def test_ledger_screen(snap_compare: Any, fixed_game: Game) -> None:
    assert snap_compare(Host(LedgerScreen(fixed_game)), terminal_size=WIDE)


def test_ledger_screen_one_player_and_the_qr_code(snap_compare: Any, fixed_game: Game) -> None:
    keys = ["p", "enter", "down", "down", "enter", "q"]
    assert snap_compare(Host(LedgerScreen(fixed_game)), press=keys, terminal_size=WIDE)


def test_ledger_screen_small_terminal(snap_compare: Any, fixed_game: Game) -> None:
    assert snap_compare(Host(LedgerScreen(fixed_game)), terminal_size=SMALL)


def test_end_screen(snap_compare: Any, fixed_game: Game) -> None:
    assert snap_compare(Host(EndScreen(fixed_game)), terminal_size=WIDE)
