"""Bankruptcy played through the app's keys: `x` asks the debt (refused while it could be raised), offers the
creditor "lift now" or "pay 10% now" for mortgaged deeds, and a bankruptcy to the bank runs its auctions.

Rulebooks: 000 = 000_0633d1fb819bfb08.txt (standard rules, line 207), 003 = 003_bd567e81029bde2a.txt (US).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from app_pilot import app_for, on_disk, played_file, wait_until
from screen_host import Host, keys
from textual.pilot import Pilot

from banker.game import Game
from screens.bankruptcy_flow import debt_screen, lift_screen
from screens.table_screen import TableScreen

PLAYERS = ("Alice", "Bob", "Carol")
SIZE = (120, 40)
# Alice: Boardwalk mortgaged ($200), $100 cash; she can raise $100 in all.
RUINED = ("buy Alice Boardwalk", "mortgage Alice Boardwalk", "pay Alice 1200")


@pytest.fixture
def ruined(tmp_path: Path) -> Path:
    return played_file(tmp_path / "ruined.db", "classic-us", PLAYERS, RUINED)


async def declare(pilot: Pilot, creditor_key: str, debt: str) -> None:
    """x, Alice (highlighted), the creditor by number, the debt typed over what is filled in."""
    await keys(pilot, "x", "enter", creditor_key)
    await pilot.press(*debt)
    await keys(pilot, "enter")


@pytest.mark.asyncio
async def test_x_refuses_a_debt_the_player_could_raise_and_changes_nothing(ruined: Path) -> None:
    """003 "HELP! I'M IN DEBT!": bankrupt only when you owe more than selling and mortgaging can raise."""
    with on_disk(ruined) as game:
        head = game.head
    app = app_for(ruined)
    async with app.run_test(size=SIZE) as pilot:
        await declare(pilot, "2", "50")  # to Bob: Alice holds $100
        error = str(app.screen.query_one("#amount-error").render())
        assert error == "Alice can raise $100 ($100 cash), enough for $50: raise money and pay"
        await keys(pilot, "escape")
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen))
    with on_disk(ruined) as game:
        assert game.head == head and not game.state.bankrupt


@pytest.mark.asyncio
async def test_x_to_a_player_lifting_the_mortgages_now(ruined: Path) -> None:
    """000:207: the new owner pays the interest at once and may, at their option, pay the principal then."""
    app = app_for(ruined)
    async with app.run_test(size=SIZE) as pilot:
        await declare(pilot, "2", "500")
        labels = [choice.label for choice in app.screen.choices]
        assert labels == ["pay 10% now: $20, and 10% again when lifted later", "lift now (value + 10%): $220"]
        await keys(pilot, "2", "2")  # lift now; "Yes, declare it"
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen))
    with on_disk(ruined) as game:
        assert game.state.bankrupt == {"Alice"}
        assert game.state.deeds["Boardwalk"].owner == "Bob" and not game.state.deeds["Boardwalk"].mortgaged
        assert game.state.cash("Bob") == 1500 + 100 - 220


@pytest.mark.asyncio
async def test_x_to_a_player_paying_ten_percent_now(ruined: Path) -> None:
    """000:207: held mortgaged until a later turn, the interest is paid now and again on lifting."""
    app = app_for(ruined)
    async with app.run_test(size=SIZE) as pilot:
        await declare(pilot, "2", "500")
        await keys(pilot, "1", "2")
    with on_disk(ruined) as game:
        assert game.state.deeds["Boardwalk"].owner == "Bob" and game.state.deeds["Boardwalk"].mortgaged
        assert game.state.cash("Bob") == 1500 + 100 - 20


@pytest.mark.asyncio
async def test_x_to_the_bank_opens_the_auction_of_its_deeds(ruined: Path) -> None:
    """000:207 "the Bank immediately sells by auction all properties so taken"; sold unmortgaged (003)."""
    app = app_for(ruined)
    async with app.run_test(size=SIZE) as pilot:
        await declare(pilot, "0", "500")  # the bank is 0 in every list of players
        assert [choice.label for choice in app.screen.choices] == ["No, go back", "Yes, declare it"]
        await keys(pilot, "2")
        await wait_until(pilot, lambda: type(app.screen).__name__ == "AuctionScreen" and app.screen.deed == "Boardwalk")
        await keys(pilot, "2", "f", "s")  # Bob, 2 in every dialog (Alice, 1, is bankrupt), bids $50
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen))
    with on_disk(ruined) as game:
        assert game.state.deeds["Boardwalk"].owner == "Bob" and not game.state.deeds["Boardwalk"].mortgaged
        assert "owing $500" in game.summary_of(game.timeline.counted[-3])  # then the bid, then sold


# -- snapshots of the two new dialogs ------------------------------------------------------------


def _game(tmp_path: Path) -> Game:
    return Game.open(played_file(tmp_path / "snap.db", "classic-us", PLAYERS, RUINED))


@pytest.mark.parametrize("size", [(120, 40), (80, 24)], ids=["120x40", "80x24"])
def test_debt_dialog_refusing_a_debt_that_can_be_raised(snap_compare: Any, tmp_path: Path,
                                                        size: tuple[int, int]) -> None:
    game = _game(tmp_path)
    assert snap_compare(Host(debt_screen(game, "Alice", "Bob", 50)), press=["enter"], terminal_size=size)
    game.close()


@pytest.mark.parametrize("size", [(120, 40), (80, 24)], ids=["120x40", "80x24"])
def test_lift_choice_for_mortgaged_deeds_received(snap_compare: Any, tmp_path: Path, size: tuple[int, int]) -> None:
    game = _game(tmp_path)
    screen = lift_screen(game, "Alice", "Bob")
    assert screen is not None
    assert snap_compare(Host(screen), terminal_size=size)
    game.close()


def test_sore_losers_lift_choice_keeps_the_mortgages_for_nothing_now(tmp_path: Path) -> None:
    # 001:75 "The new owner may unmortgage those properties at any time": no 10% to choose
    game = Game.open(played_file(tmp_path / "sl.db", "sore-losers", PLAYERS, RUINED))
    screen = lift_screen(game, "Alice", "Bob")
    assert screen is not None
    assert [c.label for c in screen.choices] == ["keep them mortgaged: nothing now", "lift now (value + 10%): M220"]
    assert screen.hint == "001:75: the new owner may lift the mortgages now or at any time later"
    game.close()
