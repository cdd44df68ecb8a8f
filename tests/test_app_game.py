"""A short real game played through the app's keys, then checked against the ledger on disk.

Buy, an auction run to its timeout, rent, build, mortgage, a trade, undo, a bankruptcy and the
end of the game, all from key presses on the table (issue 3, "Quality").
"""

from __future__ import annotations

from pathlib import Path

import pytest
from app_pilot import wait_until
from screen_host import keys
from textual.pilot import Pilot

from banker.game import Game
from banker.history import entries
from banker.verify import verify_records
from editions import load_edition
from screens.app import make_app
from screens.auction_screen import AuctionScreen
from screens.table_screen import TableScreen

SIZE = (120, 40)


async def land(pilot: Pilot, space: str, *then: str) -> None:
    """The current player lands on a space; `then` picks among the offers."""
    await keys(pilot, "l")
    await pilot.press(*space)
    await keys(pilot, "enter", *then)


@pytest.mark.asyncio
async def test_a_short_game_through_the_keys_matches_the_ledger(tmp_path: Path) -> None:
    path = tmp_path / "game.db"
    Game.create(path, load_edition("classic-us"), ["Alice", "Bob", "Carol"], ["timed-auctions"]).close()
    app = make_app(path, data=tmp_path / "data", watch=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        # Alice buys both browns at the listed price (003: "buy the property you land on").
        await land(pilot, "mediterr", "enter")
        await land(pilot, "baltic", "enter")
        # Bob lands on Reading Railroad and declines it: the auction runs to its countdown.
        await keys(pilot, "n")
        await land(pilot, "reading", "2")
        auction = app.screen
        assert isinstance(auction, AuctionScreen) and auction.timed
        await keys(pilot, "3", "t")  # Carol bids 10 over the opening bid
        for _ in range(50):
            auction.tick()
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen), "the table after the countdown")
        # Carol mortgages Reading Railroad, then trades it to Alice for $50; Alice pays the 10%.
        await keys(pilot, "m", "3", "1")  # Carol (3 in every list of players), her one deed: Reading Railroad
        await keys(pilot, "t")
        # each key let settle, as a person's are: the other side's list opens as an overlay a frame later
        await keys(pilot, "tab", "enter", "down", "enter")  # the other side: Carol
        await keys(pilot, "tab", "tab", "space")  # Carol's Reading Railroad (mortgaged)
        await keys(pilot, "shift+tab", "shift+tab", "shift+tab", "shift+tab", *"50")  # Alice's cash
        await keys(pilot, "ctrl+r", "y")
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen), "the table after the trade")
        # Alice builds a house on Mediterranean Avenue; Bob lands there and pays the rent.
        await keys(pilot, "b", "1")
        await land(pilot, "mediterr", "enter")
        # Bob passes GO, and the banker undoes it.
        await keys(pilot, "g", "ctrl+z")
        # Carol is bankrupt to the bank, owing more than she could raise (003 "HELP! I'M IN DEBT!").
        await keys(pilot, "x", "3", "0")  # Carol, to the bank (0)
        await pilot.press(*"99999")
        await keys(pilot, "enter", "2")
        # The end of the game: the valuation screen.
        await keys(pilot, "E")
        await wait_until(pilot, lambda: type(app.screen).__name__ == "EndScreen")
        await keys(pilot, "escape")

    game = Game.open(path)
    try:
        kinds = [e.type for e in entries(game.records)]
        state = game.state
        assert [state.deeds[d].owner for d in ("Mediterranean Avenue", "Baltic Avenue", "Reading Railroad")] == [
            "Alice"] * 3
        assert state.deeds["Mediterranean Avenue"].level == 1 and state.deeds["Reading Railroad"].mortgaged
        assert kinds.count("AuctionClosed") == 1 and kinds.count("TradeMade") == 1
        assert kinds.count("MortgageInterestPaid") == 1 and kinds.count("ActionUndone") == 1
        assert "Carol" in state.bankrupt
        assert state.cash("Bob") == 1500 - 10  # rent for one house on Mediterranean; the GO salary undone
        assert state.cash("Alice") == 1500 - 120 - 50 - 10 - 50 + 10  # deeds, trade, interest, house, rent
        assert verify_records(game.records) is None
    finally:
        game.close()
