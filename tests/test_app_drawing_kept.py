"""What the table keeps between frames so a roll draws little (issue 27: typed dice to the dialog under 50 ms):
the board's cells. The kept drawing must be what drawing afresh would give."""

from __future__ import annotations

from pathlib import Path

import pytest
from app_pilot import app_for, played_file
from screen_host import keys
from textual.geometry import Region

from screens.board_list import BoardList

PLAYERS = ("Ann", "Ben", "Cy")
SIZE = (120, 40)


def board_lines(board: BoardList) -> list[str]:
    return [strip.text for strip in board.render_lines(Region(0, 0, board.size.width, board.size.height))]


def drawn_afresh(board: BoardList) -> list[tuple[str, str]]:
    """The board's lines with every cache forgotten, its own and DataTable's, as (text, styles) pairs."""
    board.drawn_cells.clear()
    board._clear_caches()
    return [(strip.text, repr(list(strip))) for strip in
            board.render_lines(Region(0, 0, board.size.width, board.size.height))]


@pytest.mark.asyncio
async def test_the_board_drawn_from_what_it_kept_is_the_board_drawn_afresh(tmp_path: Path) -> None:
    path = played_file(tmp_path / "kept.db", "classic-us", PLAYERS, [], ("follow-tokens",))
    app = app_for(path)
    async with app.run_test(size=SIZE) as pilot:
        board = app.screen.query_one(BoardList)
        # Ann to Reading Railroad, bought (1); Ben to Chance, its dialog left (escape): tokens, the cursor and an owner
        # move, dialogs open over the board and close
        # then the cursor moves up a row on the board, whose rows did not change
        for typed in ("14", "1", "25", "escape", "up"):
            if typed in ("1", "escape", "up"):
                await keys(pilot, typed)
            else:
                await pilot.press(*typed)
                await keys(pilot, "enter")
            board._clear_caches()  # DataTable's caches only: the board's own kept cells draw it
            kept = [(strip.text, repr(list(strip))) for strip in
                    board.render_lines(Region(0, 0, board.size.width, board.size.height))]
            assert kept == drawn_afresh(board)
        reading = next(line for line in board_lines(board) if "Reading Railroad" in line)
        assert reading.split()[:2] == ["5", "A"] and "Ann" in reading  # her chip and her deed, from kept cells
        assert board.cursor_row == 6  # above Ben's Chance
