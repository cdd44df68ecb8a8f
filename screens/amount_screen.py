"""A modal that asks for one number: an amount of money or a dice total.

The number is read by the core's own parser, so "$50", "50" and "1,000" all work and
a bad entry gets the core's one-line message without leaving the dialog.
"""

from __future__ import annotations

from collections.abc import Callable

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label

from banker.amounts import dice_most, parse_amount
from banker.errors import Refusal
from banker.state import GameState, uses_speed_die
from screens.key_order import AnswersOnce
from screens.styled_once import StyledOnce


def dice_what(state: GameState) -> str:
    """Which dice make the total in this game."""
    return "all three dice (the Bus and Mr. Monopoly count 0)" if uses_speed_die(state) else "the two dice"


def dice_reader(state: GameState) -> Callable[[str], int]:
    """Reads a dice total this game can roll: 2 to 12, or 2 to 15 with the speed die (the core's `dice_most`)."""
    most, what = dice_most(state), dice_what(state)

    def read(word: str) -> int:
        text = word.strip()
        if not text.isdigit() or not 2 <= int(text) <= most:
            raise Refusal(f"{word!r} is not a dice total here; type the number {what} show, 2 to {most}")
        return int(text)

    return read


def dice_screen(state: GameState, title: str) -> AmountScreen:
    """Asks for a dice total valid in this game."""
    return AmountScreen(title, f"the total of {dice_what(state)}", read=dice_reader(state),
                        placeholder=f"dice total, 2 to {dice_most(state)}")


class AmountScreen(AnswersOnce, StyledOnce, ModalScreen[int | None]):
    """Dismissed with the number, or None when cancelled."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, title: str, hint: str = "", value: int | None = None,
                 read: Callable[[str], int] = parse_amount, placeholder: str = "amount") -> None:
        super().__init__(classes="dialog-screen")
        self.title_text = title
        self.hint = hint
        self.value = value
        self.read = read
        self.placeholder = placeholder

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(self.title_text, classes="dialog-title", markup=False)
            if self.hint:
                yield Label(self.hint, classes="dialog-hint", markup=False)
            yield Input(str(self.value) if self.value else "", placeholder=self.placeholder, id="amount")
            yield Label("", id="amount-error", classes="error", markup=False)
            yield Label("enter confirm · esc cancel", classes="hint")

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        try:
            number = self.read(event.value)
        except Refusal as refusal:
            self.query_one("#amount-error", Label).update(str(refusal))
            return
        self.dismiss(number)

    def action_cancel(self) -> None:
        self.dismiss(None)
