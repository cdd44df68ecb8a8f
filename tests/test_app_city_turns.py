"""Monopoly City at the table: an auction left open keeps its countdown and `a` returns to it; `n` bringing the turn
round starts a new Build turn; an auction's leader cannot raise his own bid. Played through the keys on a manual
clock, checked against the ledger on disk.

Rulebooks: 004 = 004_*.txt (Monopoly City), 003 = 003_bd567e81029bde2a.txt (US classic).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from app_pilot import choice_labels, land, on_disk, played_file, wait_until
from screen_host import keys
from test_app_city import app_for, game_file, table_text

from banker.rules.deeds import bid_refusal
from screens.auction_screen import AuctionScreen
from screens.board_list import BoardList
from screens.status_line import StatusLine
from screens.table_screen import TableScreen


@pytest.mark.asyncio
async def test_at_80x24_the_status_line_keeps_the_open_auctions_countdown(tmp_path: Path) -> None:
    # issue 27: "a (or Enter on the header) returns to an auction left open, whose countdown kept running": on a
    # small screen the bank's pieces give way to the countdown
    path = game_file(tmp_path)
    app, clock = app_for(path)
    async with app.run_test(size=(80, 24)) as pilot:
        await land(pilot, "bayview", "2")
        await keys(pilot, "1", "t", "escape")
        clock.advance(5)
        await pilot.pause()
        status = table_text(app, "#status")
        wanted = "auction open: Bayview Dock, 45 s left (a returns)"
        end = status.index(wanted) + len(wanted)
        assert end <= 80, status  # within the screen's 80 columns, not cut off after "auction open:"


@pytest.mark.asyncio
async def test_an_auction_left_open_keeps_its_countdown_and_a_returns_to_it(tmp_path: Path) -> None:
    # 004: "press the Auction button to start the timer. You must come to an agreement before the time runs out!"
    path = game_file(tmp_path)
    app, clock = app_for(path)
    async with app.run_test(size=(120, 40)) as pilot:
        await land(pilot, "bayview", "2")
        await wait_until(pilot, lambda: isinstance(app.screen, AuctionScreen) and app.screen.remaining == 50)
        await keys(pilot, "1", "t", "escape")  # Alice bids M100k, and the banker looks at the table
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen))
        clock.advance(20)
        await pilot.pause()
        assert "auction open: Bayview Dock, 30 s left (a returns)" in table_text(app, "#status")
        await keys(pilot, "a")
        screen = app.screen
        assert isinstance(screen, AuctionScreen) and screen.remaining == 30
        assert "the countdown kept running" in str(screen.query_one("#auction-note").render())
        await keys(pilot, "escape")
        clock.advance(30)  # time runs out on the table: the auction closes as its screen would have
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen))
        assert any("time is up: Bayview Dock sold at auction to Alice for M100k" in n.message
                   for n in app.toasts_up())
    with on_disk(path) as game:
        assert game.state.deeds["Bayview Dock"].owner == "Alice" and game.state.auction is None


@pytest.mark.asyncio
async def test_returning_after_the_time_ran_out_closes_the_auction(tmp_path: Path) -> None:
    path = game_file(tmp_path)
    app, clock = app_for(path)
    async with app.run_test(size=(120, 40)) as pilot:
        await land(pilot, "bayview", "2")
        await keys(pilot, "2", "t", "escape")
        countdowns = app.countdowns
        countdowns.unwatch()  # as if the table's watch had not come round yet
        clock.advance(55)
        await keys(pilot, "a")
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen))
    with on_disk(path) as game:
        assert game.state.deeds["Bayview Dock"].owner == "Bob"


@pytest.mark.asyncio
async def test_the_leader_cannot_raise_his_own_bid_and_the_screen_names_who_may(tmp_path: Path) -> None:
    # 003:157 "If no one makes a higher bid, the last player to bid must buy the property"
    path = game_file(tmp_path)
    app, clock = app_for(path)
    async with app.run_test(size=(120, 40)) as pilot:
        await land(pilot, "bayview", "2")
        await keys(pilot, "1", "t")  # Alice leads with M100k
        head = app.game.head if app.game else None
        await keys(pilot, "1")
        said = str(app.screen.query_one("#auction-message").render())
        assert said == "Alice already leads with M100k and cannot raise the bid; Bob or Carol may bid"
        await keys(pilot, "t")
        await wait_until(pilot, lambda: app.game is not None and app.game.head == head)  # nothing reached the ledger
        assert app.game.state.auction is not None and app.game.state.auction.high_bid == 100_000
        assert bid_refusal(app.game.state, "Alice", 2_000_000) == said
        assert bid_refusal(app.game.state, "Bob", 200_000) is None


@pytest.mark.asyncio
async def test_n_bringing_the_turn_round_starts_a_new_build_turn(tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    # 004: Build is pressed once per turn; the next turn of the same player may press it again
    monkeypatch.setattr("screens.districts_flows.draw_spin", lambda: "1")
    path = game_file(tmp_path, "buy Alice Summergate", "spin Alice 1", "build Alice Summergate residential 1")
    app, clock = app_for(path)
    async with app.run_test(size=(120, 40)) as pilot:
        assert "Build: Alice has used this turn's spin" in table_text(app, "#game-clock")
        await keys(pilot, "n", "n", "n")  # Bob and Carol do not press Build; Alice's turn again
        await wait_until(pilot, lambda: "Build: Alice has not pressed Build (b)" in table_text(app, "#game-clock"))
        await keys(pilot, "b")
        await wait_until(pilot, lambda: choice_labels(app) == ["press Build: spin 1, 2 or 3 blocks or a railroad"])
        assert app.screen.choices[0].refusal is None  # type: ignore[attr-defined]
        await keys(pilot, "1")
    with on_disk(path) as game:
        assert game.state.spin is not None and game.state.spin.player == "Alice"
        assert game.state.spin.blocks_left == 1


@pytest.mark.asyncio
async def test_at_a_followed_table_build_may_be_pressed_at_the_start_of_the_next_turn(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # 004:155 "You can press the Build button once per turn": Alice pressed it in her turn; Bob's and Carol's rolls
    # passed the turn round to her, so at its start, before her roll, Build is hers to press again (issue 36)
    monkeypatch.setattr("screens.districts_flows.draw_spin", lambda: "2")
    path = played_file(tmp_path / "city.db", "city", ("Alice", "Bob", "Carol"),
                       ["roll alice 1 2", "auction stoneside", "sold", "spin alice 1", "roll bob 1 3",
                        "roll carol 1 2", "auction stoneside", "sold"], ("follow-tokens",))
    app, clock = app_for(path)
    async with app.run_test(size=(120, 40)) as pilot:
        assert app.current_player == "Alice"
        await wait_until(pilot, lambda: "Build: Alice has not pressed Build (b)" in table_text(app, "#game-clock"))
        await keys(pilot, "b")
        await wait_until(pilot, lambda: "press Build: spin 1, 2 or 3 blocks or a railroad" in choice_labels(app))
        press = next(ch for ch in app.screen.choices if ch.label.startswith("press Build"))  # type: ignore[attr-defined]
        assert press.refusal is None, press.refusal
        await keys(pilot, str(app.screen.choices.index(press) + 1))  # type: ignore[attr-defined]
        await wait_until(pilot, lambda: app.game is not None and app.game.state.spin is not None
                         and app.game.state.spin.blocks_left == 2)
    with on_disk(path) as game:
        assert game.state_json()["spin"] == {"player": "Alice", "blocks_left": 2, "railroad": False}


@pytest.mark.asyncio
async def test_enter_on_the_line_that_says_the_auction_is_open_returns_to_it(tmp_path: Path) -> None:
    # issue 27: "City: `a` (or Enter on the header) returns to an auction left open, whose countdown kept running"
    path = game_file(tmp_path)
    app, clock = app_for(path)
    async with app.run_test(size=(120, 40)) as pilot:
        await land(pilot, "bayview", "2")
        await keys(pilot, "1", "t", "escape")  # Alice bids M100k, and the banker looks at the table
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen))
        status = app.screen.query_one(StatusLine)
        assert app.screen.focused is status  # Esc left the auction: Enter goes back to it
        clock.advance(20)
        await keys(pilot, "enter")
        screen = app.screen
        assert isinstance(screen, AuctionScreen) and screen.remaining == 30
        await keys(pilot, "escape")
        await pilot.click(StatusLine)  # a click on the line returns too
        assert isinstance(app.screen, AuctionScreen)
        await keys(pilot, "s")  # sold to Alice: the line is a plain line again, the focus back on the board
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen) and not status.can_focus)
        assert app.screen.focused is app.screen.query_one(BoardList)
    with on_disk(path) as game:
        assert game.state.deeds["Bayview Dock"].owner == "Alice" and game.state.auction is None
