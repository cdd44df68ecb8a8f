"""Helpers for the Pilot tests of the whole app: a game file played up to a point, the app on it,
landing by key, and what the screen shows (offers, choices, toasts). Not a test module."""

from __future__ import annotations

import inspect
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

from screen_host import keys
from textual import events
from textual.pilot import Pilot
from textual.widgets import Input

from banker.game import Game
from editions import load_edition
from screens.app import BankerApp, make_app
from screens.choice_screen import ChoiceScreen


def played_file(path: Path, edition: str, players: Sequence[str], lines: Sequence[str],
                rules: Sequence[str] = ()) -> Path:
    """A game file with `lines` already played: the table as it stands when the app opens it."""
    game = Game.create(path, load_edition(edition), tuple(players), rules)
    try:
        for line in lines:
            game.do(line)
    finally:
        game.close()
    return path


@contextmanager
def on_disk(path: Path) -> Iterator[Game]:
    """The ledger as another reader sees it: reopened from the file."""
    game = Game.open(path)
    try:
        yield game
    finally:
        game.close()


def app_for(path: Path) -> BankerApp:
    return make_app(path, data=path.parent / "data", watch=False)


async def land(pilot: Pilot, space: str, *then: str) -> None:
    """The current player lands on a space (typed to find it); `then` picks among the offers. Each step waits for
    the dialog to be ready for it (its search focused, the space found, the offers focused): a key sent a frame early
    goes to the screen before, on a busy machine."""
    app = pilot.app
    await keys(pilot, "l")
    await wait_until(pilot, lambda: type(app.screen).__name__ != "TableScreen", "a dialog after l")
    if type(app.screen).__name__ != "LandingScreen":  # a followed table's `l` reopens what waits
        await pilot.press(*space)
        await keys(pilot, "enter", *then)
        return
    screen = app.screen
    search = screen.query_one("#space-filter", Input)
    await wait_until(pilot, lambda: screen.focused is search, "the landing dialog's search focused")
    await pilot.press(*space)
    await wait_until(pilot, lambda: search.value.endswith(space) and screen.position is not None,  # type: ignore[attr-defined]
                     f"the space {space!r} found")
    await keys(pilot, "enter")
    if app.screen is screen and any(o.actionable for o in screen.offers):  # type: ignore[attr-defined]
        await wait_until(pilot, lambda: screen.focused is not None and screen.focused.id == "landing-offers",
                         "the offers focused")
    await keys(pilot, *then)


WAIT_SECONDS = 60.0  # a generous cap: a machine four times busier is slow, not wrong


async def wait_until(pilot: Pilot, condition: Callable[[], object], what: str = "",
                     timeout: float = WAIT_SECONDS) -> None:
    """Pauses (at least once) until `condition()` holds: an app test waits for what it checks, never a fixed time
    or a count of frames (issue 34). A condition that raises is not there yet. Fails, saying `what` (and what the
    condition last raised), only after `timeout` seconds of wall time without it."""
    deadline = time.monotonic() + timeout
    while True:
        await pilot.pause()
        try:
            if condition():
                return
            failure: Exception | None = None
        except Exception as error:  # not there yet: a screen not pushed, a widget not mounted
            failure = error
        if time.monotonic() > deadline:
            raise AssertionError(f"waited {timeout:.0f} s and it never came: {what or _source(condition)}") \
                from failure


def _source(condition: Callable[[], object]) -> str:
    """The line a condition was written on, for the failure message."""
    try:
        return inspect.getsource(condition).strip()
    except (OSError, TypeError):
        return repr(condition)


def text_of(app: BankerApp, selector: str) -> str:
    return str(app.screen.query_one(selector).render())


def offers_shown(app: BankerApp) -> list[str]:
    screen = app.screen
    assert type(screen).__name__ == "LandingScreen"
    return [offer.label for offer in screen.offers]  # type: ignore[attr-defined]


def choice_labels(app: BankerApp) -> list[str]:
    assert isinstance(app.screen, ChoiceScreen), type(app.screen).__name__
    return [choice.label for choice in app.screen.choices]


def choice_refusals(app: BankerApp) -> list[str | None]:
    assert isinstance(app.screen, ChoiceScreen)
    return [choice.refusal for choice in app.screen.choices]


def toasts(app: BankerApp) -> list[str]:
    return [n.message for n in app.toasts_up()]


async def burst(pilot: Pilot, *names: str) -> None:
    """Keys as a paste or `tmux send-keys 34 Enter` sends them: all read before the app handles the first."""
    app = pilot.app
    assert app._driver is not None
    for name in names:
        app._driver.send_message(events.Key(name, name if len(name) == 1 else None))
    await pilot.pause()
    await pilot.pause()
