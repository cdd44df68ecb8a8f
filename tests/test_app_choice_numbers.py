"""Every row of a choice is numbered and picked by its number, past 9 too (issue 27: "which card, searchable by
typing ... and numbered past 9"): a row's one digit picks it at once; a longer number is typed after `#` and picked
by Enter, so dice typed on after an answer are never read as a row (issue 36: "1" then the next roll's "3" was
row 13); a line begun with a digit no row has picks nothing, Enter included. Letters still find by words.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from app_pilot import app_for, choice_labels, on_disk, played_file
from screen_host import keys
from textual.app import App
from textual.pilot import Pilot
from textual.widgets import Label, OptionList

from screens.choice_screen import Choice, ChoiceScreen
from screens.toasts import ToastsKept

PLAYERS = ("Ann", "Ben", "Cy")
FOLLOW = ("follow-tokens",)


async def to_the_card_list(pilot: Pilot) -> None:
    """Ann rolls 1+1 onto Community Chest: the card drawn is asked at once, its 16 cards listed."""
    await pilot.press("1", "1")
    await keys(pilot, "enter")
    assert pilot.app.screen.title_text.startswith("Community Chest: which card")
    assert len(choice_labels(pilot.app)) == 16


@pytest.mark.asyncio
async def test_a_card_past_the_ninth_is_picked_by_hash_its_number_and_enter(tmp_path: Path) -> None:
    path = played_file(tmp_path / "card.db", "classic-us", PLAYERS, [], FOLLOW)
    app = app_for(path)
    async with app.run_test(size=(120, 40)) as pilot:
        await to_the_card_list(pilot)
        assert choice_labels(app)[11] == "Pay school fees of $50"
        await keys(pilot, "number_sign", "1", "2")
        assert isinstance(app.screen, ChoiceScreen)
        assert str(app.screen.query_one("#choice-keys", Label).render()).startswith("#12: row 12")
        await keys(pilot, "enter")
        assert not isinstance(app.screen, ChoiceScreen)
    with on_disk(path) as game:
        assert game.state.cash("Ann") == 1500 - 50


@pytest.mark.asyncio
async def test_one_digit_picks_its_row_at_once_in_a_long_list_too(tmp_path: Path) -> None:
    path = played_file(tmp_path / "card.db", "classic-us", PLAYERS, [], FOLLOW)
    app = app_for(path)
    async with app.run_test(size=(120, 40)) as pilot:
        await to_the_card_list(pilot)
        await keys(pilot, "1")  # 1: Advance to Go, at once: no timer, no waiting for a second digit
        assert not isinstance(app.screen, ChoiceScreen)
    with on_disk(path) as game:
        assert game.state.position("Ann") == 0 and game.state.cash("Ann") == 1500 + 200


class OneChoice(ToastsKept):
    """A bare app holding one choice dialog: what it was dismissed with, and what it was told (`said`)."""

    def __init__(self, count: int, refused: int | None = None) -> None:
        super().__init__()
        self.choices = [Choice(f"choice {n}", n, "the bank holds none" if n == refused else None)
                        for n in range(1, count + 1)]
        self.picked: Any = "nothing yet"

    def on_mount(self) -> None:
        self.push_screen(ChoiceScreen("pick one", self.choices), self.keep)

    def keep(self, value: Any) -> None:
        self.picked = value


def keys_line(app: App[None]) -> str:
    return str(app.screen.query_one("#choice-keys", Label).render())


@pytest.mark.asyncio
async def test_digits_alone_never_make_a_two_digit_row() -> None:
    app = OneChoice(16)
    async with app.run_test() as pilot:
        await pilot.press("1", "3", "enter")  # a card's 1, then the next roll's 3: row 1, never row 13
        assert app.picked == 1


@pytest.mark.asyncio
async def test_every_row_shows_its_number() -> None:
    app = OneChoice(12)
    async with app.run_test() as pilot:
        await pilot.pause()
        prompts = [str(option.prompt) for option in app.screen.query_one(OptionList).options]
        assert prompts[0] == " 1 choice 1" and prompts[11] == "12 choice 12"
        assert "1-9 pick by number, #10-12+enter" in keys_line(app)


@pytest.mark.asyncio
async def test_a_number_past_the_last_row_is_refused_and_picks_nothing() -> None:
    app = OneChoice(12)
    async with app.run_test() as pilot:
        await pilot.press("number_sign", "1", "5", "enter")
        assert app.picked == "nothing yet"
        assert keys_line(app) == "no row 15: the rows are 1-12; type another number"
        await pilot.press("number_sign", "1", "1", "enter")
        assert app.picked == 11


@pytest.mark.asyncio
async def test_a_line_begun_with_a_digit_no_row_has_picks_nothing_enter_included() -> None:
    # issue 36: `66⏎` typed into a buy dialog bought the deed (6 no row, then Enter picked the highlight)
    app = OneChoice(2)
    async with app.run_test() as pilot:
        await pilot.press("6", "6", "enter")
        await pilot.pause()
        assert app.picked == "nothing yet" and isinstance(app.screen, ChoiceScreen)
        assert "66 is not one of the rows here (1-2); nothing was picked" in [n.message for n in app.said]
        await pilot.press("6", "4", "b", "u", "s", "enter")  # the speed die's word too
        assert app.picked == "nothing yet"
        await pilot.press("2")
        assert app.picked == 2


@pytest.mark.asyncio
async def test_a_row_the_rules_refuse_says_why_and_the_dialog_stays() -> None:
    app = OneChoice(5, refused=3)
    async with app.run_test() as pilot:
        await pilot.press("3")
        assert app.picked == "nothing yet" and isinstance(app.screen, ChoiceScreen)
        assert keys_line(app) == "row 3 is not allowed: the bank holds none"


@pytest.mark.asyncio
async def test_esc_clears_the_number_and_letters_still_find_by_words() -> None:
    app = OneChoice(12)
    async with app.run_test() as pilot:
        await pilot.press("number_sign", "1", "escape")
        assert isinstance(app.screen, ChoiceScreen) and "pick by number" in keys_line(app)
        await pilot.press("number_sign", "1", *"choice 7", "enter")  # the letters end the number, find by words
        assert app.picked == 7


@pytest.mark.asyncio
async def test_rows_that_bring_their_own_numbers_are_picked_by_them() -> None:
    """The triples picker numbers its rows by the spaces' numbers on the board, the token's own space left out."""
    app = OneChoice(0)
    app.choices = [Choice(name, number, number=number)
                   for number, name in [(0, "GO"), (1, "Mediterranean"), (3, "Baltic"), (11, "St. Charles")]]
    async with app.run_test() as pilot:
        await pilot.press("3")
        assert app.picked == 3
    app = OneChoice(0)
    app.choices = [Choice(name, number, number=number) for number, name in [(0, "GO"), (1, "Med"), (3, "Baltic")]]
    async with app.run_test() as pilot:
        await pilot.press("2")
        assert keys_line(app).startswith("2: no row has it (the rows are 0-3)")
        await pilot.press("escape", "0")
        assert app.picked == 0


@pytest.mark.asyncio
async def test_enter_after_words_no_row_holds_picks_nothing() -> None:
    # "Bad input ... gets a clear one-line error ... and changes nothing": the highlight stays on the last row that
    # matched ("choice 1" for "c"), which is not what "cx" asks for
    app = OneChoice(3)
    async with app.run_test() as pilot:
        await pilot.press("c", "x")
        assert "(no match: enter picks nothing)" in str(app.screen.query_one("#choice-keys", Label).render())
        await pilot.press("enter")
        await pilot.pause()
        assert app.picked == "nothing yet" and isinstance(app.screen, ChoiceScreen)
        await pilot.press("backspace", "enter")  # "c" matches again: enter picks it
        await pilot.pause()
        assert app.picked == 1
