"""The announcement line (screens/announcement.py): what an action did, on the table's own two lines above the
command bar, drawn in the frame that shows the new cash; a toast as well only where the line is out of sight or too
short for the words (issue 36: typed dice to the landing on screen, and toasts that never cover the table)."""

from __future__ import annotations

from pathlib import Path

import pytest
from app_pilot import app_for, burst, played_file, toasts, wait_until

from screens.announcement import Announcement
from screens.table_screen import TableScreen

SIZES = [(80, 24), (120, 40)]


def words(app: object) -> str:
    return app.screen.query_one(Announcement).words.plain  # type: ignore[attr-defined]


def toasts_drawn(app: object) -> list[str]:
    """The toasts mounted on the current screen (Textual's Toast, found by its documented CSS type)."""
    return [str(toast.render()) for toast in app.screen.query("Toast")]  # type: ignore[attr-defined]


def followed(tmp_path: Path, *lines: str) -> Path:
    return played_file(tmp_path / "game.db", "classic-us", ("Ann", "Ben", "Cat"), lines, ("follow-tokens",))


@pytest.mark.asyncio
@pytest.mark.parametrize("size", SIZES)
async def test_a_typed_roll_says_what_it_did_on_the_announcement_line_not_in_a_toast(tmp_path: Path,
                                                                                      size: tuple[int, int]) -> None:
    """003 Income Tax: Ann rolls 1 and 3 from GO and pays $200; nothing waits, so nothing but the line says it."""
    app = app_for(followed(tmp_path))
    async with app.run_test(size=size, notifications=True) as pilot:
        await wait_until(pilot, lambda: app.game is not None, "the table")
        await burst(pilot, "1", "3", "enter")
        await wait_until(pilot, lambda: "rolls 1 and 3" in words(app), "the roll's words on the line")
        assert "Ann pays $200 Income Tax" in words(app)
        assert toasts_drawn(app) == [], "the line says it: no toast covers the board"
        assert toasts(app)[-1] == words(app), "remembered with what the table was told"
        assert app.screen.query_one(Announcement).region.height == 2


@pytest.mark.asyncio
async def test_undo_says_what_it_undid_on_the_announcement_line(tmp_path: Path) -> None:
    app = app_for(followed(tmp_path))
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await wait_until(pilot, lambda: app.game is not None, "the table")
        await burst(pilot, "1", "3", "enter")
        await wait_until(pilot, lambda: "rolls 1 and 3" in words(app), "the roll's words on the line")
        await burst(pilot, "ctrl+z")
        await wait_until(pilot, lambda: words(app).startswith("Undone: Ann rolls 1 and 3"), "the undo's words")
        assert app.game is not None and app.game.state.cash("Ann") == 1500


@pytest.mark.asyncio
@pytest.mark.parametrize("size", SIZES)
async def test_long_words_take_up_to_four_rows_and_longer_ones_end_in_an_ellipsis(tmp_path: Path,
                                                                                  size: tuple[int, int]) -> None:
    """Mega's rolls on a narrow screen: the line grows to the rows the words need (a new height lays the table out
    again, so only then), never past four; what is longer still ends in "…", and the ledger has it whole."""
    app = app_for(followed(tmp_path))
    async with app.run_test(size=size, notifications=True) as pilot:
        await wait_until(pilot, lambda: app.game is not None, "the table")
        line = app.screen.query_one(Announcement)
        width = line.content_size.width
        three_rows = "x" * (2 * width + 5)
        app.announce(three_rows)
        await wait_until(pilot, lambda: line.region.height == 3, "three rows")
        assert toasts_drawn(app) == [] and words(app) == three_rows
        too_long = " ".join(["Ann pays $200 Income Tax"] * 40)
        app.announce(too_long)
        await wait_until(pilot, lambda: line.region.height == 4, "four rows, no more")
        drawn = [strip.text.rstrip() for strip in line.render_lines(line.region.reset_offset)]
        assert drawn[-1].endswith("…") and toasts_drawn(app) == []
        assert words(app) == too_long, "the words as said, whole"
        app.announce("Ann pays $200 Income Tax")
        await wait_until(pilot, lambda: line.region.height == 2, "back to two rows")


@pytest.mark.asyncio
async def test_an_action_taken_in_a_dialog_is_a_toast_as_well(tmp_path: Path) -> None:
    """003 line 125: the jail fine Alice cannot pay opens raise-money; the mortgage taken there is said in a toast
    (the table's line is under the dialog), and the table's line shows the last words when it is back."""
    path = played_file(tmp_path / "game.db", "classic-us", ("Alice", "Bob"),
                       ("buy Alice Reading", "pay Alice 1270", "jail Alice"))
    app = app_for(path)
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await burst(pilot, "j")
        await wait_until(pilot, lambda: "Jail: Alice" in str(app.screen.query_one(".dialog-title").render()))
        await burst(pilot, "1")  # pay the fine
        await wait_until(pilot, lambda: type(app.screen).__name__ == "RaiseMoneyScreen", "raise-money")
        await burst(pilot, "enter")  # mortgage Reading Railroad: the fine is paid by itself
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen), "the table again")
        await wait_until(pilot, lambda: any("mortgages Reading Railroad" in toast for toast in toasts_drawn(app)),
                         "the mortgage in a toast")
        assert words(app) == "Alice pays the $50 fine and leaves jail"


@pytest.mark.asyncio
async def test_the_announcement_dims_once_it_has_been_up_as_long_as_a_toast(tmp_path: Path) -> None:
    app = app_for(followed(tmp_path))
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await wait_until(pilot, lambda: app.game is not None, "the table")
        line = app.screen.query_one(Announcement)
        line.say("Ann pays $200 Income Tax", seconds=0.05)
        assert line.shown.style != "dim"
        await wait_until(pilot, lambda: line.shown.style == "dim", "dimmed")
        assert line.shown.plain == "Ann pays $200 Income Tax"


@pytest.mark.asyncio
async def test_a_game_opened_shows_what_was_last_done_in_it(tmp_path: Path) -> None:
    """Where the table had got to, after a break or a restart: the ledger's last action, already dimmed."""
    app = app_for(followed(tmp_path, "roll ann 1 3"))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await wait_until(pilot, lambda: words(app).startswith("Last: "), "the last words of the file")
        assert words(app).startswith("Last: Ann rolls 1 and 3; Ann's token goes to Income Tax")
        assert app.screen.query_one(Announcement).shown.style == "dim"
