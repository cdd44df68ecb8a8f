"""The app keeps one choice dialog and asks each question in it (issue 27: typed dice to the dialog under 50 ms), and
one of its own for each long list (a deck's cards, issue 36).
A question asked in the kept dialog must look and answer as the same question in a dialog built anew: nothing
of the question before (its rows, its hint, letters or digits typed, the highlight, the scroll) shows through."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from app_pilot import app_for, played_file
from screen_host import keys

import screens.table_flows
import screens.table_screen
from screens.choice_screen import DECKS_KEPT, KEPT, Choice, ChoiceScreen, kept_dialog, kept_name
from screens.command_bar import CommandBar

PLAYERS = ("Ann", "Ben", "Cy")
SIZE = (120, 40)
# Ann to Chance (16 cards: "#1" of a longer number typed and cleared, "divi" typed to find the dividend, picked with
# its letters still typed); Ben to Reading Railroad (buy or auction), bought with 1; Cy to Oriental Avenue, left;
# the command language's list (with a hint line), left
TURNS = ("25", "number_sign", "1", "escape", "d", "i", "v", "i", "enter", "14", "1", "24", "escape", "help", "escape")


def drawn(app: Any) -> list[tuple[str, str]]:
    """The screen as the compositor draws it: each line's text and styles, but the table's key line at the bottom
    (it follows the focus a quarter of a second later, on the wall clock: not the dialog's to draw)."""
    return [(strip.text, repr(list(strip))) for strip in app.screen._compositor.render_strips()][:-1]


async def play(tmp_path: Path, name: str) -> tuple[list[list[tuple[str, str]]], list[int]]:
    """What the screen shows after each key of TURNS, and which dialog object showed it."""
    (tmp_path / name).mkdir()
    path = played_file(tmp_path / name / "game.db", "classic-us", PLAYERS, [], ("follow-tokens",))
    app = app_for(path)
    shown: list[list[tuple[str, str]]] = []
    dialogs: list[int] = []
    titles: list[str] = []
    async with app.run_test(size=SIZE) as pilot:
        for typed in TURNS:
            if typed.isdigit() and len(typed) == 2:
                await pilot.press(*typed)
                await keys(pilot, "enter")
            elif typed == "help":
                app.screen.query_one(CommandBar).focus()
                await pilot.press(*typed)
                await keys(pilot, "enter")
            else:
                await keys(pilot, typed)
            # the table between questions is not the dialog's to draw (its bar's cursor blinks on the wall clock)
            shown.append(drawn(app) if isinstance(app.screen, ChoiceScreen) else [])
            if isinstance(app.screen, ChoiceScreen):
                dialogs.append(id(app.screen))
                titles.append(app.screen.title_text)
    assert titles[0] == "Chance: which card did Ann draw?"
    assert titles[-1] == "The command language"
    assert {"Ben (rolled 5) lands on Reading Railroad", "Cy (rolled 6) lands on Oriental Avenue"} <= {
        title.split(" · ")[0] for title in titles}
    return shown, dialogs


@pytest.mark.asyncio
async def test_a_question_in_the_kept_dialog_looks_as_in_a_dialog_built_anew(tmp_path: Path,
                                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    kept, kept_dialogs = await play(tmp_path, "kept")
    monkeypatch.setattr(screens.table_flows, "kept_dialog", lambda app, dialog: dialog)
    monkeypatch.setattr(screens.table_screen, "kept_dialog", lambda app, dialog: dialog)
    anew, new_dialogs = await play(tmp_path, "anew")
    # kept: one dialog shared by the short questions, and one of its own for each long list (Chance's 16 cards,
    # the command language); built anew: a dialog for each of the four questions
    assert len(set(kept_dialogs)) == 3 and len(set(new_dialogs)) == 4  # four questions
    for typed, (with_kept, built_anew) in zip(TURNS, zip(kept, anew, strict=True), strict=True):
        assert with_kept == built_anew, f"after {typed!r} the kept dialog shows something else"


class App:
    """What kept_dialog uses of Textual's App: its installed screens and its stack."""

    def __init__(self) -> None:
        self.screen_stack: list[ChoiceScreen] = []
        self.installed: dict[str, ChoiceScreen] = {}

    def is_screen_installed(self, name: str) -> bool:
        return name in self.installed

    def install_screen(self, screen: ChoiceScreen, name: str) -> None:
        self.installed[name] = screen

    def uninstall_screen(self, name: str) -> None:
        del self.installed[name]

    def get_screen(self, name: str) -> ChoiceScreen:
        return self.installed[name]


def deck(name: str, rows: int = 16) -> ChoiceScreen:
    return ChoiceScreen(f"{name}: which card?", [Choice(f"{name} card {number}", number) for number in range(rows)])


def test_the_kept_dialog_is_not_given_a_question_while_it_asks_one() -> None:
    app = App()
    first = ChoiceScreen("Which?", [])
    assert kept_dialog(app, first) is first  # type: ignore[arg-type]
    first.shown = True
    app.screen_stack.append(first)
    second = ChoiceScreen("And which?", [])
    assert kept_dialog(app, second) is second  # type: ignore[arg-type]  # the kept one is open: a new one asks



def test_a_long_list_keeps_a_dialog_of_its_own_and_only_a_few_are_kept() -> None:
    """The same 16 cards come back all evening: asked in the dialog every question shares, they were laid out and
    drawn again after each two-row question (a Chance roll's dialog came 15 ms after the others)."""
    assert kept_name(ChoiceScreen("Buy?", [Choice("buy", 1), Choice("auction", 2)])) == KEPT
    assert kept_name(deck("Chance")) == kept_name(deck("Chance")) != kept_name(deck("Community Chest")) != KEPT
    app = App()
    decks = ["Chance", "Community Chest", "Bus", "Auction", "Trade"]
    for name in decks:
        assert kept_dialog(app, deck(name)) is app.installed[kept_name(deck(name))]  # type: ignore[arg-type]
    assert sorted(app.installed) == sorted(kept_name(deck(name)) for name in decks[-DECKS_KEPT:])
