"""A tiny app that shows one screen, for testing a screen without the whole table."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.app import App
from textual.pilot import Pilot

STYLESHEET = str(Path(__file__).resolve().parent.parent / "screens" / "banker.tcss")


class Host(App[None]):
    """Pushes one screen on start, keeps what it dismissed with and counts the bells."""

    CSS_PATH = STYLESHEET

    def __init__(self, screen: Any) -> None:
        super().__init__()
        self.first = screen
        self.result: Any = "not dismissed"
        self.bells = 0

    def on_mount(self) -> None:
        self.push_screen(self.first, self._done)

    def _done(self, result: Any) -> None:
        self.result = result

    def bell(self) -> None:
        self.bells += 1


async def keys(pilot: Pilot, *names: str) -> None:
    """Press keys one at a time as a person would, letting the app settle after each."""
    for name in names:
        await pilot.press(name)
        await pilot.pause()
    await pilot.pause()
