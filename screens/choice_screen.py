"""A modal list to pick one thing from: a player, a deed, a card, an offer.

Choices the rules refuse stay visible, greyed, with the reason, so the banker sees why
something is not offered. Digits 1-9 pick the nth choice directly; letters typed find a choice by its words
("hosp" finds "Pay hospital fees"), however long the list.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, OptionList
from textual.widgets.option_list import Option

from screens.table_words import table_words


@dataclass(frozen=True)
class Choice:
    label: str
    value: Any
    refusal: str | None = None
    style: str = ""


KEYS = "enter pick · 1-9 pick by number · type to find · esc cancel"


class ChoiceScreen(ModalScreen[Any]):
    """Dismissed with the picked choice's value, or None when cancelled."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, title: str, choices: Sequence[Choice], hint: str = "", highlight: int = 0) -> None:
        super().__init__(classes="dialog-screen")
        self.title_text = title
        self.choices = list(choices)
        self.hint = hint
        self.start = highlight
        self.typed = ""

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(self.title_text, classes="dialog-title", markup=False)
            if self.hint:
                yield Label(self.hint, classes="dialog-hint", markup=False)
            yield OptionList(*[self._option(i, ch) for i, ch in enumerate(self.choices)], id="choices")
            yield Label(KEYS, id="choice-keys", classes="hint", markup=False)

    def _option(self, index: int, choice: Choice) -> Option:
        text = Text()
        if index < 9:
            text.append(f"{index + 1} ", style="bold" if not choice.refusal else "dim")
        else:
            text.append("  ")
        text.append(choice.label, style=choice.style or ("dim" if choice.refusal else ""))
        if choice.refusal and choice.refusal != choice.label:
            text.append(f"  ({table_words(choice.refusal)})", style="dim italic")
        return Option(text, disabled=choice.refusal is not None)

    def on_mount(self) -> None:
        options = self.query_one(OptionList)
        enabled = [i for i, ch in enumerate(self.choices) if ch.refusal is None]
        if enabled:
            options.highlighted = self.start if self.start in enabled else enabled[0]
        options.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(self.choices[event.option_index].value)

    def on_key(self, event: events.Key) -> None:
        if event.character and event.character in "123456789" and not self.typed:
            index = int(event.character) - 1
            if index < len(self.choices) and self.choices[index].refusal is None:
                event.stop()
                self.dismiss(self.choices[index].value)
            return
        if event.key == "backspace" and self.typed:
            self.find(self.typed[:-1])
        elif event.character and (event.character.isalnum() or (event.character in " .'-" and self.typed)):
            self.find(self.typed + event.character)
        else:
            return
        event.stop()

    def find(self, typed: str) -> None:
        """Highlight the first choice the rules allow whose words hold what was typed (case and accents aside)."""
        self.typed = typed
        wanted = typed.casefold()
        found = next((i for i, ch in enumerate(self.choices)
                      if ch.refusal is None and wanted in ch.label.casefold()), None)
        if found is not None:
            self.query_one(OptionList).highlighted = found
        keys = self.query_one("#choice-keys", Label)
        if not typed:
            keys.update(KEYS)
        else:
            keys.update(f"find: {typed}" + ("" if found is not None else " (no match)") + " · enter pick · esc cancel")

    def action_cancel(self) -> None:
        self.dismiss(None)
