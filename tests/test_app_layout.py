"""The app at 80x24 (issue 27): every player's cash in sight at once, on a line each above the board; a footer
without the palette's stray key; a landing dialog whose rows do not wrap; a New Game form whose switches and
Create button fit. And ctrl+n's cursor in the new name, and a trade's ticked boxes that say so without colour.

A short screen, or more players than cards with big digits fit, shows the cash strip instead of the cards; the
board then has the whole width. A narrow footer keeps its keys, not the palette's (ctrl+p still opens it).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from app_pilot import app_for, played_file, wait_until
from screen_host import Host, keys
from textual.pilot import Pilot
from textual.widgets import OptionList, Switch

from banker.game import Game
from screens.app import BankerApp, make_app
from screens.key_line import KeyLine
from screens.new_game_screen import NewGameScreen
from screens.player_card import CashStrip, PlayerCard
from screens.tick_list import TickList
from screens.trade_screen import TradeScreen

SMALL, WIDE = (80, 24), (120, 40)
FOUR = ("Ann", "Ben", "Cat", "Dan")


def strip_lines(app: BankerApp) -> list[str]:
    strip = app.screen.query_one(CashStrip)
    return [strip.render_line(y).text.strip() for y in range(strip.size.height)]


async def resized(pilot: Pilot, size: tuple[int, int]) -> None:
    """A terminal resized, and the app's resize events all taken in (a loaded machine takes a few pauses)."""
    await pilot.resize_terminal(*size)
    await wait_until(pilot, lambda: pilot.app.screen.size == size, f"the screen resized to {size}")
    await pilot.pause()


def shown(app: BankerApp, selector: str) -> bool:
    return app.screen.query_one(selector).styles.display != "none"


@pytest.mark.asyncio
async def test_a_small_screen_shows_every_players_cash_on_a_line_of_its_own(tmp_path: Path) -> None:
    path = played_file(tmp_path / "g.db", "classic-us", FOUR,
                       ("buy Ben Boardwalk", "pay Cat 75", "move Dan 7 fix", "card Dan chance goojf", "jail Dan"),
                       ["follow-tokens"])
    app = app_for(path)
    async with app.run_test(size=SMALL) as pilot:
        await wait_until(pilot, lambda: shown(app, "#cash-strip") and not shown(app, "#cards"))
        lines = strip_lines(app)
        assert len(lines) == 4
        assert lines[0].startswith("▶ Ann $1,500") and "0 deeds" in lines[0] and "on GO" in lines[0]
        assert lines[1].startswith("Ben $1,100") and "1 deed " in lines[1]
        assert lines[2].startswith("Cat $1,425")
        assert "IN JAIL" in lines[3] and "Get Out of Jail Free" in lines[3]
        assert all(len(line) <= SMALL[0] for line in lines)


@pytest.mark.asyncio
async def test_the_strip_follows_a_payment_and_the_turn(tmp_path: Path) -> None:
    path = played_file(tmp_path / "g.db", "classic-us", FOUR, ())
    app = app_for(path)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        await keys(pilot, "colon", *"pay ann 200", "enter")
        await wait_until(pilot, lambda: strip_lines(app)[0].startswith("▶ Ann $1,300"))
        app.screen.query_one("#board").focus()
        await keys(pilot, "n")
        lines = strip_lines(app)
        assert lines[0].startswith("Ann $1,300") and lines[1].startswith("▶ Ben $1,500")


@pytest.mark.asyncio
async def test_a_tall_screen_keeps_the_cards_and_a_resize_changes_over(tmp_path: Path) -> None:
    path = played_file(tmp_path / "g.db", "classic-us", ("Alice", "Bob", "Carol"), ())
    app = app_for(path)
    async with app.run_test(size=WIDE) as pilot:
        await wait_until(pilot, lambda: shown(app, "#cards") and not shown(app, "#cash-strip"))
        assert len(app.screen.query(PlayerCard)) == 3
        await resized(pilot, SMALL)
        assert shown(app, "#cash-strip") and not shown(app, "#cards")
        await keys(pilot, "colon", *"pay alice 100", "enter")
        await wait_until(pilot, lambda: strip_lines(app)[0].startswith("▶ Alice $1,400"))
        await resized(pilot, WIDE)
        assert shown(app, "#cards")
        card = app.screen.query_one("#card-0", PlayerCard)
        assert "$1,400" in str(card.border_subtitle)  # drawn from the state when it came back


@pytest.mark.asyncio
async def test_more_players_than_cards_fit_get_the_strip_on_a_tall_screen(tmp_path: Path) -> None:
    path = played_file(tmp_path / "g.db", "classic-us", (*FOUR, "Eve", "Fay"), ())
    app = app_for(path)
    async with app.run_test(size=WIDE) as pilot:
        await wait_until(pilot, lambda: shown(app, "#cash-strip") and len(strip_lines(app)) == 6)


@pytest.mark.asyncio
async def test_the_board_takes_the_whole_width_beside_the_strip(tmp_path: Path) -> None:
    path = played_file(tmp_path / "g.db", "classic-us", FOUR, ("buy Dan 'North Carolina'",))
    app = app_for(path)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        board = app.screen.query_one("#board")
        assert board.region.width == SMALL[0]
        rows = [board.render_line(y).text for y in range(board.size.height)]
        assert any("Mediterranean Avenue " in row for row in rows)  # not cut to "Mediterrane…"


@pytest.mark.asyncio
async def test_a_narrow_footer_shows_its_keys_not_the_palettes(tmp_path: Path) -> None:
    path = played_file(tmp_path / "g.db", "classic-us", FOUR, ())
    app = app_for(path)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        line = app.screen.query_one(KeyLine)
        drawn = line.render_line(0).text
        assert "^p" not in drawn and drawn.startswith(" l Land g GO n Next") and "Sell" in drawn
        await resized(pilot, WIDE)
        assert "^p palette" in line.render_line(0).text


@pytest.mark.asyncio
async def test_ctrl_n_puts_the_cursor_in_the_new_players_name(tmp_path: Path) -> None:
    app = make_app(data=tmp_path, watch=False)
    async with app.run_test(size=SMALL) as pilot:
        await keys(pilot, "n")
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        await pilot.press(*"Ann")
        await keys(pilot, "ctrl+n", "ctrl+n")
        await pilot.press(*"Eve")
        await wait_until(pilot, lambda: screen.count == 5 and screen.names() == ["Ann", "", "", "", "Eve"])
        await keys(pilot, "ctrl+n", "ctrl+n")  # six is the classic board's most: the cursor stays
        await pilot.press(*"n")
        await wait_until(pilot, lambda: screen.count == 6 and screen.names()[5] == "n")
        await keys(pilot, "ctrl+n")
        await pilot.press(*"a")
        await wait_until(pilot, lambda: screen.count == 6 and screen.names()[5] == "na")


@pytest.mark.asyncio
async def test_the_new_game_form_fits_80x24_down_to_create(tmp_path: Path) -> None:
    """The follow-tokens switch (first, and on) and the Create button are on screen without scrolling (one-line
    switches)."""
    app = make_app(data=tmp_path, watch=False)
    async with app.run_test(size=SMALL) as pilot:
        await keys(pilot, "n")
        screen = app.screen
        body = screen.query_one("#new-game-body")
        for selector in ("#rule-follow-tokens", "#create", "#cancel"):
            widget = screen.query_one(selector)
            assert body.region.contains_region(widget.region), selector
        await pilot.press(*"Ann", "enter", *"Ben", "enter", *"Cat")
        for _ in range(10):  # to the follow-tokens switch by tab, as a player would: on already
            await keys(pilot, "tab")
            if screen.focused is screen.query_one("#rule-follow-tokens"):
                break
        assert screen.focused is screen.query_one("#rule-follow-tokens", Switch)
        assert screen.query_one("#rule-follow-tokens", Switch).value
        await keys(pilot, "ctrl+s")
        await wait_until(pilot, lambda: app.game is not None and app.game.state.tokens is not None)


@pytest.mark.asyncio
async def test_a_ticked_deed_in_a_trade_shows_a_tick_not_only_a_colour(tmp_path: Path) -> None:
    path = played_file(tmp_path / "g.db", "classic-us", ("Alice", "Bob"),
                       ("buy Alice Boardwalk", "buy Alice 'Park Place'"))
    game = Game.open(path)
    app = Host(TradeScreen(game, "Alice", "Bob"))
    async with app.run_test(size=WIDE) as pilot:
        await keys(pilot, "space")
        items = app.screen.query_one("#trade-items-0", TickList)
        lines = [items.render_line(y).text for y in range(2)]
        assert "✓" in lines[0] and "Park Place" in lines[0]
        assert "✓" not in lines[1] and "Boardwalk" in lines[1] and "X" not in lines[1]
    game.close()


@pytest.mark.asyncio
async def test_the_landing_dialogs_rows_do_not_wrap_at_80x24(tmp_path: Path) -> None:
    path = played_file(tmp_path / "g.db", "classic-us", FOUR, ())
    app = app_for(path)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        await keys(pilot, "l", *"board", "enter")
        spaces, offers = (app.screen.query_one(f"#landing-{name}", OptionList) for name in ("spaces", "offers"))
        assert spaces.option_count == 1 and spaces.virtual_size.height == 1  # one space found, on one row
        assert offers.virtual_size.height == offers.option_count == 2  # buy, auction: a row each
        assert "…" in offers.render_line(1).text  # what does not fit is cut, and seen to be


@pytest.mark.asyncio
async def test_a_click_on_a_key_of_the_key_line_presses_it(tmp_path: Path) -> None:
    path = played_file(tmp_path / "g.db", "classic-us", FOUR, ())
    app = app_for(path)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        line = app.screen.query_one(KeyLine)
        start = next(start for start, _, shown in line.places if shown.description == "Next")
        before = app.current_player
        await pilot.click(KeyLine, offset=(start + 1, 0))
        await wait_until(pilot, lambda: app.current_player != before)


@pytest.mark.asyncio
async def test_the_key_line_cuts_no_key_at_80x24_and_says_where_the_rest_are(tmp_path: Path) -> None:
    """Issue 36: at 80 columns the key line ended in "u" (Unmortgage cut in half). Keys that do not fit give way to
    `? more keys`, and `?` shows them all."""
    path = played_file(tmp_path / "g.db", "classic-us", FOUR, ())
    app = app_for(path)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        line = app.screen.query_one(KeyLine)
        drawn = line.render_line(0).text.rstrip()
        assert drawn.endswith(" ? more keys") and len(drawn) <= SMALL[0]
        described = [shown.description for _, _, shown in line.places]
        assert all(f"{shown.display} {shown.description}" in drawn for _, _, shown in line.places)
        assert "Unmortgage" not in described and "Unmortgage"[:3] not in drawn.split()[-3:]
        await keys(pilot, "question_mark")
        await wait_until(pilot, lambda: app.screen.query("HelpPanel"), "the help panel with every key")
        await resized(pilot, WIDE)
        await keys(pilot, "question_mark")
        await wait_until(pilot, lambda: not app.screen.query("HelpPanel"))
        assert "more keys" not in line.render_line(0).text
