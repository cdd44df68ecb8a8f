"""The table screen's board (issue 14, part 7): the Owner column shows whole names wherever there is room (also a
name that first owns something while the app is open), Space and Landing costs give way on a narrow terminal,
and a Monopoly City table says what its block marks ("2I") mean.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from app_pilot import app_for, played_file, wait_until
from screen_host import keys
from textual.pilot import Pilot

from screens.app import BankerApp
from screens.board_list import BoardList, fit_widths

CITY_PLAYERS = ("Al", "AnnBen", "Bo")
CITY_LINES = ("buy al summergate", "buy bo westlands", "spin al 3", "build al summergate industrial 2")
WIDE = (120, 40)
NARROW = (60, 24)  # at 80x24 the cash strip leaves the board the whole width: City's names fit


def board_lines(app: BankerApp) -> list[str]:
    """The board's rows as the screen shows them, header first."""
    board = app.screen.query_one(BoardList)
    return [board.render_line(y).text for y in range(board.size.height)]


def line_of(app: BankerApp, space: str) -> str:
    return next(line for line in board_lines(app) if space in line)


async def type_line(pilot: Pilot, line: str) -> None:
    await keys(pilot, "colon")
    await pilot.press(*line)
    await keys(pilot, "enter")


def test_columns_keep_their_natural_widths_when_the_board_has_room() -> None:
    natural = {"pos": 2, "space": 22, "cost": 24, "owner": 6, "built": 5}
    assert fit_widths(natural, room=77, padding=2) == natural


def test_space_then_landing_costs_give_way_so_the_owners_name_shows() -> None:
    natural = {"pos": 2, "space": 22, "cost": 24, "owner": 6, "built": 16}
    assert fit_widths(natural, room=54, padding=2) == {"pos": 2, "space": 14, "cost": 24, "owner": 6, "built": 16}
    assert fit_widths(natural, room=44, padding=2) == {"pos": 2, "space": 14, "cost": 14, "owner": 6, "built": 16}


def test_space_and_costs_give_way_to_the_built_marks_when_that_makes_them_fit() -> None:
    natural = {"pos": 2, "space": 22, "cost": 24, "owner": 6, "built": 5}
    assert fit_widths(natural, room=65, padding=2) == {"pos": 2, "space": 18, "cost": 24, "owner": 6, "built": 5}


def test_the_owner_column_takes_what_is_left_when_even_that_is_too_narrow() -> None:
    natural = {"pos": 2, "space": 22, "cost": 24, "owner": 11, "built": 5}
    assert fit_widths(natural, room=44, padding=2)["owner"] == 6  # the longest name that fits, cut with an ellipsis


@pytest.mark.asyncio
async def test_a_name_that_first_owns_a_deed_while_the_app_is_open_shows_whole(tmp_path: Path) -> None:
    """Before, the Owner column kept the width of the names it was drawn with ("Al") and showed "AnnBe"."""
    path = played_file(tmp_path / "city.db", "city", CITY_PLAYERS, CITY_LINES)
    app = app_for(path)
    async with app.run_test(size=WIDE) as pilot:
        await pilot.pause()
        await type_line(pilot, "buy annben stoneside")
        assert "AnnBen" in line_of(app, "Stoneside")
        assert "2I" in line_of(app, "Summergate")


@pytest.mark.asyncio
async def test_a_small_terminal_shows_whole_owner_names_and_cuts_long_space_names(tmp_path: Path) -> None:
    path = played_file(tmp_path / "city.db", "city", CITY_PLAYERS, (*CITY_LINES, "buy annben stoneside"))
    app = app_for(path)
    async with app.run_test(size=NARROW) as pilot:
        await wait_until(pilot, lambda: "AnnBen" in line_of(app, "Stoneside") and "Al " in line_of(app, "Summergate"))
        assert any("Planning Pe…" in line for line in board_lines(app))  # cut, and seen to be cut


@pytest.mark.asyncio
async def test_a_city_table_says_what_its_block_marks_mean(tmp_path: Path) -> None:
    # 004: residential and industrial blocks, hazards and bonus buildings: "2I" is two industrial blocks
    path = played_file(tmp_path / "city.db", "city", CITY_PLAYERS, CITY_LINES)
    app = app_for(path)
    async with app.run_test(size=WIDE) as pilot:
        await pilot.pause()
        legend = app.screen.query_one("#board-legend")
        assert legend.display
        assert str(legend.render()) == ("Built: R residential, I industrial blocks · ! hazard · + bonus building")


@pytest.mark.asyncio
async def test_a_classic_table_has_no_block_legend(tmp_path: Path) -> None:
    path = played_file(tmp_path / "classic.db", "classic-us", ("Alice", "Bob"), ())
    app = app_for(path)
    async with app.run_test(size=WIDE) as pilot:
        await wait_until(pilot, lambda: not app.screen.query_one("#board-legend").display)
