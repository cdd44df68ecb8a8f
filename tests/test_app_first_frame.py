"""The table's first frame reaches the terminal whole (issue 36's first-frame goal, benchmarks/bench_first_frame.py).

Textual draws the frames of an app's mount and throws them away (it draws nothing to the terminal until the mount is
over). A table opened in the app's mount was drawn once for nothing, and the frames after it sent only the widgets
that had changed since: the frame the benchmark timed, the first with whose turn it is, had no command bar, no key
line and no card borders, and came a frame later. The table now opens once the app is mounted, and its first frame
is the whole table: at 120x40 the same as the table a second later (read in a pseudo-terminal while measuring), at
80x24 but for the board's scrollbar, which comes a frame later.
"""

from __future__ import annotations

import inspect
from pathlib import Path

import pytest
from app_pilot import app_for, played_file, wait_until

from screens.board_list import BoardList
from screens.table_screen import TableScreen


@pytest.mark.asyncio
async def test_the_table_opens_once_the_app_is_mounted(tmp_path: Path) -> None:
    app = app_for(played_file(tmp_path / "game.db", "classic-us", ("Ann", "Ben"), ()))
    opened_in_mount: list[bool] = []
    start_game = app.start_game

    def recording_start_game(*args: object, **kwargs: object) -> None:
        opened_in_mount.append(any(frame.function == "on_mount" and frame.frame.f_locals.get("self") is app
                                   for frame in inspect.stack()))
        start_game(*args, **kwargs)  # type: ignore[arg-type]

    app.start_game = recording_start_game  # type: ignore[method-assign]
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen), "the table")
    assert opened_in_mount == [False], "the table was opened in the app's mount, whose frames are thrown away"


@pytest.mark.asyncio
@pytest.mark.parametrize("size", [(120, 40), (80, 24)])
async def test_the_board_has_its_rows_when_it_is_mounted(tmp_path: Path, size: tuple[int, int]) -> None:
    """Textual measures a table's rows after its mount and before the screen's first frame: a board filled later
    (by the screen's own mount) was drawn in its first frame with columns as wide as their titles."""
    app = app_for(played_file(tmp_path / "game.db", "classic-us", ("Ann", "Ben"), ("buy Ann Boardwalk",)))
    rows_at_mount: list[int] = []
    on_mount = BoardList.on_mount

    def recording_on_mount(board: BoardList) -> None:
        on_mount(board)
        rows_at_mount.append(board.row_count)

    BoardList.on_mount = recording_on_mount  # type: ignore[method-assign]
    try:
        async with app.run_test(size=size) as pilot:
            await wait_until(pilot, lambda: rows_at_mount, "the board mounted")
    finally:
        BoardList.on_mount = on_mount  # type: ignore[method-assign]
    assert rows_at_mount == [40]
