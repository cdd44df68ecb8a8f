"""A modal list to pick one thing from: a player, a deed, a card, an offer.

Choices the rules refuse stay visible, greyed, with the reason, so the banker sees why
something is not offered. Digits 1-9 pick the nth choice directly.
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


class ChoiceScreen(ModalScreen[Any]):
    """Dismissed with the picked choice's value, or None when cancelled."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, title: str, choices: Sequence[Choice], hint: str = "", highlight: int = 0) -> None:
        super().__init__(classes="dialog-screen")
        self.title_text = title
        self.choices = list(choices)
        self.hint = hint
        self.start = highlight

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(self.title_text, classes="dialog-title", markup=False)
            if self.hint:
                yield Label(self.hint, classes="dialog-hint", markup=False)
            yield OptionList(*[self._option(i, ch) for i, ch in enumerate(self.choices)], id="choices")
            yield Label("enter pick · 1-9 pick by number · esc cancel", classes="hint")

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
        if event.character and event.character in "123456789":
            index = int(event.character) - 1
            if index < len(self.choices) and self.choices[index].refusal is None:
                event.stop()
                self.dismiss(self.choices[index].value)

    def action_cancel(self) -> None:
        self.dismiss(None)
