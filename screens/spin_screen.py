"""The trading unit's Build button: a short spin over 1 / 2 / 3 / railroad that stops on the result.

The result is drawn by the core (`banker.language.draw_spin`) and recorded as `spin <player> <result>`
before this screen opens; the spin is only what the table watches. Enter skips to the result, then
enter goes on to building, esc back to the table. The frames run on the app's injectable clock.
"""

from __future__ import annotations

from itertools import cycle

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Digits, Label, Static

from banker.rules.districts import SPINS
from screens.key_order import AnswersOnce
from screens.timing import Stop, timing

FRAMES = 9  # faces shown before the result
FRAME_SECONDS = 0.09
RAILROAD_FACE = "═╪═╪═╪═ railroad ═╪═╪═╪═"


def spin_meaning(result: str) -> str:
    if result == "railroad":
        return "a free railroad on any district this turn, and no blocks"
    return f"up to {result} block{'s' if result != '1' else ''} this turn, on any of your districts"


def frames_for(result: str, count: int = FRAMES) -> list[str]:
    """The faces the spin passes over, ending on the result (never the result just before it)."""
    start = (SPINS.index(result) + 1) % len(SPINS)
    faces = cycle(SPINS[start:] + SPINS[:start])
    shown = [next(faces) for _ in range(count)]
    if shown[-1] == result:
        shown.pop()
    return [*shown, result]


class SpinScreen(AnswersOnce, ModalScreen[bool]):
    """Dismisses True: go on to build; False: back to the table (the spin is recorded either way)."""

    DEFAULT_CSS = """
    SpinScreen {
        align: center middle;
        background: $background 60%;
    }
    #spin-box {
        width: 60;
        height: auto;
        border: heavy $accent;
        background: $surface;
        padding: 1 2;
    }
    #spin-box.-done {
        border: heavy $success;
    }
    #spin-face-digits {
        width: 100%;
        text-align: center;
        color: $accent;
    }
    #spin-face-rail {
        width: 100%;
        height: 3;
        content-align: center middle;
        text-style: bold;
        color: $accent;
    }
    #spin-box.-done #spin-face-digits, #spin-box.-done #spin-face-rail {
        color: $success;
    }
    #spin-title {
        text-style: bold;
        width: 100%;
    }
    #spin-result {
        width: 100%;
        margin: 1 0 0 0;
    }
    """
    BINDINGS = [
        Binding("enter", "go_on", "build now"),
        Binding("escape", "later", "back to the table"),
    ]

    def __init__(self, player: str, result: str) -> None:
        super().__init__()
        self.player = player
        self.result = result
        self.frames = frames_for(result)
        self.index = 0
        self.done = False
        self._stop: Stop | None = None

    def compose(self) -> ComposeResult:
        with Vertical(id="spin-box"):
            yield Label(f"{self.player} presses Build", id="spin-title")
            yield Digits("", id="spin-face-digits")
            yield Static("", id="spin-face-rail")
            yield Static("spinning…", id="spin-result")

    def on_mount(self) -> None:
        self.show_face(self.frames[0])
        clock = timing(self.app)
        if clock.manual:
            self._stop = clock.every_second(self, self.step)
        else:
            self._stop = self.set_interval(FRAME_SECONDS, self.step).stop

    def show_face(self, face: str) -> None:
        rail = face == "railroad"
        digits = self.query_one("#spin-face-digits", Digits)
        digits.display = not rail
        digits.update("" if rail else face)
        panel = self.query_one("#spin-face-rail", Static)
        panel.display = rail
        panel.update(RAILROAD_FACE if rail else "")

    def step(self) -> None:
        """The next frame; the last one is the result."""
        if self.done or not self.is_attached:
            return
        self.index += 1
        if self.index >= len(self.frames) - 1:
            self.finish()
        else:
            self.show_face(self.frames[self.index])

    def finish(self) -> None:
        if self.done:
            return
        self.done = True
        if self._stop is not None:
            self._stop()
        self.show_face(self.result)
        self.query_one("#spin-box").add_class("-done")
        self.query_one("#spin-result", Static).update(
            f"{self.player}: {spin_meaning(self.result)}.\nenter: build now · esc: back to the table")

    def action_go_on(self) -> None:
        if not self.done:
            self.finish()
            return
        self.dismiss(True)

    def action_later(self) -> None:
        if self._stop is not None:
            self._stop()
        self.dismiss(False)
