"""Helpers for the key-order tests (issue 36): waiting for a condition, and what a dialog asks. Not a test module."""

from __future__ import annotations

from collections.abc import Callable

from textual.pilot import Pilot

PAUSES = 400  # a generous cap: each pause is one turn of the app's loop, not a fixed time


async def settle(pilot: Pilot, done: Callable[[], bool]) -> None:
    """Let the app run until `done()` holds (the verdict is the condition, never a sleep)."""
    for _ in range(PAUSES):
        if done():
            return
        await pilot.pause()
    assert done(), "the app never reached the state waited for"


def title_of(app: object) -> str:
    return str(getattr(getattr(app, "screen", None), "title_text", ""))
