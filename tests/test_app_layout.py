"""The table at 80x24 (issue 27): every player's cash in sight at once, on a line each above the board.

A short screen, or more players than cards with big digits fit, shows the cash strip instead of the cards; the
board then has the whole width. A narrow footer keeps its keys, not the palette's (ctrl+p still opens it).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from app_pilot import app_for, played_file
from screen_host import keys

from screens.app import BankerApp
from screens.player_card import CashStrip, PlayerCard

SMALL, WIDE = (80, 24), (120, 40)
FOUR = ("Ann", "Ben", "Cat", "Dan")


def strip_lines(app: BankerApp) -> list[str]:
    strip = app.screen.query_one(CashStrip)
    return [strip.render_line(y).text.strip() for y in range(strip.size.height)]


def shown(app: BankerApp, selector: str) -> bool:
    widget = app.screen.query_one(selector)
    return widget.display and widget.region.area > 0


@pytest.mark.asyncio
async def test_a_small_screen_shows_every_players_cash_on_a_line_of_its_own(tmp_path: Path) -> None:
    path = played_file(tmp_path / "g.db", "classic-us", FOUR,
                       ("buy Ben Boardwalk", "pay Cat 75", "jail Dan", "card Dan chance goojf"), ["follow-tokens"])
    app = app_for(path)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        assert shown(app, "#cash-strip") and not shown(app, "#cards")
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
        assert strip_lines(app)[0].startswith("▶ Ann $1,300")
        app.screen.query_one("#board").focus()
        await keys(pilot, "n")
        lines = strip_lines(app)
        assert lines[0].startswith("Ann $1,300") and lines[1].startswith("▶ Ben $1,500")


@pytest.mark.asyncio
async def test_a_tall_screen_keeps_the_cards_and_a_resize_changes_over(tmp_path: Path) -> None:
    path = played_file(tmp_path / "g.db", "classic-us", ("Alice", "Bob", "Carol"), ())
    app = app_for(path)
    async with app.run_test(size=WIDE) as pilot:
        await pilot.pause()
        assert shown(app, "#cards") and not shown(app, "#cash-strip")
        assert len(app.screen.query(PlayerCard)) == 3
        await pilot.resize_terminal(*SMALL)
        await pilot.pause()
        assert shown(app, "#cash-strip") and not shown(app, "#cards")
        await keys(pilot, "colon", *"pay alice 100", "enter")
        assert strip_lines(app)[0].startswith("▶ Alice $1,400")
        await pilot.resize_terminal(*WIDE)
        await pilot.pause()
        assert shown(app, "#cards")
        card = app.screen.query_one("#card-0", PlayerCard)
        assert "$1,400" in str(card.border_subtitle)  # drawn from the state when it came back


@pytest.mark.asyncio
async def test_more_players_than_cards_fit_get_the_strip_on_a_tall_screen(tmp_path: Path) -> None:
    path = played_file(tmp_path / "g.db", "classic-us", (*FOUR, "Eve", "Fay"), ())
    app = app_for(path)
    async with app.run_test(size=WIDE) as pilot:
        await pilot.pause()
        assert shown(app, "#cash-strip") and len(strip_lines(app)) == 6


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
        palette = app.screen.query_one("FooterKey.-command-palette")
        assert not palette.display
        await pilot.resize_terminal(*WIDE)
        await pilot.pause()
        assert app.screen.query_one("FooterKey.-command-palette").display
