"""A modal list to pick one thing from: a player, a deed, a card, an offer.

Choices the rules refuse stay visible, greyed, with the reason, so the banker sees why
something is not offered. Every row is numbered and picked by its number: a row's one digit picks it at once; a
longer number is typed after `#` and picked by Enter (`#12` then enter), never by digits alone, so the dice of the
next roll typed on after an answer are never read as a row (issue 36: "1" then the next roll's "3" was row 13).
A line begun with a digit no row has (`66`, `64bus`: dice) picks nothing, Enter included; a toast says what waits.
Rows count from 1, unless every choice brings its own number (a space's number on the board).
Letters typed find a choice by its words ("hosp" finds "Pay hospital fees"), however long the list.

The app keeps one dialog composed and styled, and asks each question in it in turn (`kept_dialog`): building a
dialog anew took 4 ms of the 25 from typed dice to the dialog on screen. A long list (a deck's cards) keeps a
dialog of its own: the same 16 rows come back all evening, and a shared dialog laid them out and drew them again
each time after a two-row question (a Chance roll's dialog came 15 ms after any other).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any
from weakref import WeakKeyDictionary

from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.cache import LRUCache
from textual.containers import Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Label, OptionList
from textual.widgets.option_list import Option

from banker.frozen import Frozen, frozen
from screens.key_order import AnswersOnce
from screens.styled_once import StyledOnce
from screens.table_words import table_words


@frozen
class Choice(Frozen):
    label: str
    value: Any
    refusal: str | None = None
    style: str = ""
    number: int | None = None  # the row's own number (a space's), instead of its place in the list


def seat(players: Sequence[str], player: str) -> int:
    """A player's number in every dialog: his seat at the table, 1 for the first player, kept all game long (a
    bankrupt or left-out player leaves a gap), so a digit means the same player in every list (issue 36)."""
    return players.index(player) + 1


KEYS = "enter pick · 1-9 pick by number · type to find · esc cancel"


def offer_label(label: str, refusal: str | None) -> str:
    """A landing offer's label as a row here: the landing list says an offer's refusal in its label ("...: why"),
    and a row here adds the refusal after the label itself, so it is left out of the label (said once, not twice)."""
    return label.removesuffix(f": {refusal}") if refusal else label


class ChoiceScreen(AnswersOnce, StyledOnce, ModalScreen[Any]):
    """Dismissed with the picked choice's value, or None when cancelled."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, title: str, choices: Sequence[Choice], hint: str = "", highlight: int = 0) -> None:
        super().__init__(classes="dialog-screen")
        self.title_text = title
        self.choices = list(choices)
        self.hint = hint
        self.start = highlight
        self.typed = ""
        self.matched = True  # what was typed to find a row matched one (nothing typed: the highlight stands)
        own = [ch.number for ch in self.choices]
        numbers = own if None not in own and len(set(own)) == len(own) else range(1, len(self.choices) + 1)
        self.rows = {str(number): index for index, number in enumerate(numbers)}  # a row's number: its place
        self.number = ""  # `#` and the digits typed after it: a row's number, picked by Enter
        self.stray = ""  # a line begun with a digit that is no row's (dice, most likely): its Enter picks nothing
        self.shown = False  # composed and mounted: it can take another question (`take`)
        self.made_options: LRUCache[tuple[str, str, str | None, str], Option] = LRUCache(512)  # a row: its option

    @property
    def span(self) -> str:
        numbers = [int(number) for number in self.rows] or [1]
        return f"{min(numbers)}-{max(numbers)}"

    @property
    def keys_hint(self) -> str:
        single = sorted(int(number) for number in self.rows if len(number) == 1)
        longer = sorted(int(number) for number in self.rows if len(number) > 1)
        if not longer:
            return KEYS if "1" in self.rows and "0" not in self.rows else KEYS.replace("1-9", self.span)
        one = f"{single[0]}-{single[-1]} pick by number, " if single else ""
        return KEYS.replace("1-9 pick by number", f"{one}#{longer[0]}-{longer[-1]}+enter")

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(self.title_text, classes="dialog-title", markup=False)
            hint = Label(self.hint, classes="dialog-hint", markup=False)
            hint.display = bool(self.hint)
            yield hint
            yield OptionList(*self.options(), id="choices")
            yield Label(self.keys_hint, id="choice-keys", classes="hint", markup=False)

    def options(self) -> list[Option]:
        """The rows' options, each made once for its words and number."""
        width = max((len(number) for number in self.rows), default=1)
        options = []
        for number, index in self.rows.items():
            choice = self.choices[index]
            row = (number.rjust(width), choice.label, choice.refusal, choice.style)
            option = self.made_options.get(row)
            if option is None:
                option = self.made_options[row] = self._option(row[0], choice)
            options.append(option)
        return options

    def _option(self, number: str, choice: Choice) -> Option:
        text = Text()
        text.append(f"{number} ", style="bold" if not choice.refusal else "dim")
        text.append(choice.label, style=choice.style or ("dim" if choice.refusal else ""))
        if choice.refusal and choice.refusal != choice.label:
            text.append(f"  ({table_words(choice.refusal)})", style="dim italic")
        return Option(text, disabled=choice.refusal is not None)

    def take(self, other: ChoiceScreen) -> None:
        """Ask `other`'s question in this dialog, composed and styled before, as `other` would have asked it."""
        self.answered = False
        for name in ("title_text", "choices", "hint", "start", "typed", "matched", "rows", "number", "stray"):
            setattr(self, name, getattr(other, name))
        self.query_one(".dialog-title", Label).update(self.title_text)
        hint = self.query_one(".dialog-hint", Label)
        hint.update(self.hint)
        hint.display = bool(self.hint)
        options, rows = self.query_one(OptionList), self.options()
        if [options.get_option_at_index(index) for index in range(options.option_count)] != rows:
            options.set_options(rows)  # the same rows again (a deck's cards): the list keeps what it drew of them
        self.query_one("#choice-keys", Label).update(self.keys_hint)
        self.highlight_start()

    def on_mount(self) -> None:
        self.shown = True
        self.highlight_start()

    def highlight_start(self) -> None:
        """The highlight on the row asked to start on, else the first the rules allow; the list has the focus."""
        options = self.query_one(OptionList)
        enabled = [i for i, ch in enumerate(self.choices) if ch.refusal is None]
        if enabled:
            options.highlighted = self.start if self.start in enabled else enabled[0]
        options.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(self.choices[event.option_index].value)

    def on_key(self, event: events.Key) -> None:
        if self.answered:  # keys on their way when the answer closed it: not answers to it (issue 36)
            event.stop()
            return
        if self.stray and self.type_stray(event):
            event.stop()
            return
        if self.number and event.key in ("enter", "backspace", "escape"):
            event.stop()
            if event.key == "enter":
                self.pick_number()
            else:
                self.type_number(self.number[:-1] if event.key == "backspace" else "")
            return
        if self.number and event.character and event.character.isdigit():
            event.stop()
            self.type_number(self.number + event.character)
            return
        if self.number:
            self.type_number("")  # anything else, letters too, leaves the number for what it does
        if event.character and not self.typed and (event.character == "#" or event.character.isdigit()):
            event.stop()
            if event.character == "#":
                self.type_number("#")
            elif event.character in self.rows:
                self.number = event.character
                self.pick_number()
            else:
                self.stray = event.character
                self.show_stray()
            return
        if event.key == "enter" and self.typed and not self.matched:
            event.stop()  # the highlight is an earlier match, not what was typed: nothing is picked
            self.notify(f"no row holds {self.typed!r}: type fewer letters, backspace, or esc",
                        severity="warning", markup=False)
            return
        if event.key == "backspace" and self.typed:
            self.find(self.typed[:-1])
        elif event.character and (event.character.isalnum() or (event.character in " .'-" and self.typed)):
            self.find(self.typed + event.character)
        else:
            return
        event.stop()

    def type_stray(self, event: events.Key) -> bool:
        """A line that began with a digit no row has (`66`, `64bus`: dice, most likely): it goes on to its Enter,
        which picks nothing, however the line ends."""
        if event.key == "enter":
            self.refuse_stray()
        elif event.key in ("backspace", "escape"):
            self.stray = self.stray[:-1] if event.key == "backspace" else ""
            self.show_stray()
        elif event.character and event.character.isprintable():
            self.stray += event.character
            self.show_stray()
        else:
            return False
        return True

    def show_stray(self) -> None:
        keys = self.query_one("#choice-keys", Label)
        if not self.stray:
            keys.update(self.keys_hint)
            return
        keys.update(f"{self.stray}: no row has it (the rows are {self.span}); enter picks nothing · esc clear")

    def refuse_stray(self) -> None:
        """Enter after a line that is no row: nothing is picked, the dialog stays, and a toast says what waits."""
        line, self.stray = self.stray, ""
        self.show_stray()
        waiting = getattr(self.app, "what_waits", lambda: None)()
        said = f"{waiting}: " if waiting else ""
        self.notify(f"{said}{line} is not one of the rows here ({self.span}); nothing was picked",
                    severity="error", title="Refused", timeout=8, markup=False)

    def type_number(self, number: str) -> None:
        """A row's number typed after `#` (a list longer than nine rows), picked by Enter: a key no roll ends with
        a `#` before it, so the next roll's dice are never read as a row (issue 36)."""
        self.number = number
        keys = self.query_one("#choice-keys", Label)
        if not number:
            keys.update(self.keys_hint)
            return
        digits = number.lstrip("#")
        if digits in self.rows and self.choices[self.rows[digits]].refusal is None:
            self.query_one(OptionList).highlighted = self.rows[digits]
        shown = f"row {digits}" if digits else "a row's number"
        keys.update(f"#{digits}: {shown} · enter picks it · esc clear")

    def pick_number(self) -> None:
        """The row whose number was typed; a row the rules refuse says why and stays open."""
        number, self.number = self.number.lstrip("#"), ""
        keys = self.query_one("#choice-keys", Label)
        if number not in self.rows:
            keys.update(f"no row {number}: the rows are {self.span}; type another number" if number
                        else self.keys_hint)
            return
        choice = self.choices[self.rows[number]]
        if choice.refusal is None:
            self.dismiss(choice.value)
            return
        keys.update(f"row {number} is not allowed: {table_words(choice.refusal)}")

    def find(self, typed: str) -> None:
        """Highlight the first choice the rules allow whose words hold what was typed (case and accents aside)."""
        self.typed = typed
        wanted = typed.casefold()
        found = next((i for i, ch in enumerate(self.choices)
                      if ch.refusal is None and wanted in ch.label.casefold()), None)
        self.matched = found is not None
        if found is not None:
            self.query_one(OptionList).highlighted = found
        keys = self.query_one("#choice-keys", Label)
        if not typed:
            keys.update(self.keys_hint)
        else:
            after = " · enter pick" if found is not None else " (no match: enter picks nothing)"
            keys.update(f"find: {typed}{after} · esc cancel")

    def action_cancel(self) -> None:
        self.dismiss(None)


KEPT = "kept-choice-dialog"
DECK_ROWS = 8  # a list this long keeps a dialog of its own (kept_name)
DECKS_KEPT = 4  # long lists kept at once (Chance, Community Chest, ...): the oldest goes when a fifth comes
decks_kept: WeakKeyDictionary[App[Any], list[str]] = WeakKeyDictionary()  # per app, the newest last


def kept_dialog(app: App[Any], dialog: Screen[Any]) -> Screen[Any]:
    """The dialog to push to ask `dialog`'s question: the app's kept one, given the question, when it is free;
    else `dialog` itself, kept for the next question when the app keeps none yet (any other screen: itself)."""
    if type(dialog) is not ChoiceScreen:
        return dialog
    name = kept_name(dialog)
    if not app.is_screen_installed(name):
        if name != KEPT:
            decks = decks_kept.setdefault(app, [])
            decks.append(name)
            for old in [old for old in decks[:-DECKS_KEPT] if app.get_screen(old) not in app.screen_stack]:
                decks.remove(old)
                app.uninstall_screen(old)
        app.install_screen(dialog, name)
        return dialog
    kept = app.get_screen(name)
    if not isinstance(kept, ChoiceScreen) or not kept.shown or kept in app.screen_stack:
        return dialog
    kept.take(dialog)
    return kept


def kept_name(dialog: ChoiceScreen) -> str:
    """The kept dialog a question is asked in: a long list's own (the same rows), else the one every question shares."""
    if len(dialog.choices) < DECK_ROWS:
        return KEPT
    return f"{KEPT}-" + "|".join(f"{choice.label}:{choice.refusal}" for choice in dialog.choices)
