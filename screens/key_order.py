"""Every key where it was meant: the app takes the keys one at a time, in the order they were typed (issue 36).

Textual hands a key to the focused widget's queue and reads the next one at once, so a burst (a paste, a fast
typist, `tmux send-keys 13 Enter 13 Enter`) was queued whole before the first key was handled: the digits after an
Enter were typed into the line the Enter had not yet run (`131313`), and the keys after a dialog's answer reached
the dialog again, or the dialog that the answer opened next ("1" then the next roll's "3" read as row 13; the
second answer dismissed the table under it, and the app died on "Can't pop screen").

Here the app holds every key it reads and gives the widgets the next one only once the one before has been handled
all the way (a `KeyHandled` marker sent after it comes back to the app), once the line an Enter ran has been done,
and while no flow of the table is between two dialogs. A key typed before a dialog the table opened by itself (after
a roll, after another dialog's answer) was not meant for it: it is typed at the table's command bar instead, where a
roll typed while a decision waits is refused with a toast naming the decision, and the dialog stays.

Keys typed while the game opens (the table opens once the app is mounted, so that its first frame is drawn once)
wait until the table is up and what waits in the game is back on screen.

Only Textual's public API: `App.on_event` (the method every event goes through), `Event.time`, `is_forwarded`.
"""

from __future__ import annotations

import unicodedata
from collections import deque
from time import monotonic
from typing import Any

from textual import events
from textual.keys import KEY_NAME_REPLACEMENTS
from textual.message import Message
from textual.screen import ModalScreen, Screen
from textual.widget import Widget
from textual.widgets import Input

from screens.errors_kept import ErrorsKept

FEED_CHECK_SECONDS = 0.1  # how often a quiet app looks again whether a held key can go on (a safety net only)
STUCK_SECONDS = 2.0  # a key whose handling never came back (its widget went away mid-way) holds the rest no longer
OPENING_SECONDS = 10.0  # a game that takes longer to open (a huge ledger, a slow disk) holds the keys no longer
NEVER_HELD = ("ctrl+q", "ctrl+c")  # quitting is never kept waiting


class KeyHandled(Message):
    """Sent after a key to the widget it went to: when it reaches the app, that key has been handled."""


class Opened:
    """When a dialog came on screen, and whether the banker asked for it with a key (`l`, `b`, ...) or the table
    opened it by itself (what a roll or an answer left waiting)."""

    def __init__(self, at: float, asked: bool) -> None:
        self.at = at
        self.asked = asked


class KeyOrder(ErrorsKept):
    """Mixed into the app: keys held and handed on one at a time (see the module's docstring)."""

    def __init__(self) -> None:
        super().__init__()
        self.held: deque[events.Key] = deque()
        self.in_flight: tuple[Widget | Screen[Any], float] | None = None  # where the last key went, and when
        self.line_running = 0.0  # when an Enter ran the table's line, until the table has done it (line_done)
        self.last_key_at_table = ""  # the last key handed to the table itself: a letter asks for its dialog
        self.opened: dict[int, Opened] = {}  # id(dialog) -> when it came up, for the dialogs on the stack
        self.opening = 0.0  # since when the app has been opening its game: keys typed ahead wait for the table

    def on_mount(self) -> None:
        self.screen_change_signal.subscribe(self, self.screen_changed, immediate=True)
        self.set_interval(FEED_CHECK_SECONDS, self.feed_keys)

    # -- the gate -------------------------------------------------------------------

    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, events.Key) and not event.is_forwarded and event.key not in NEVER_HELD:
            self.held.append(event)
            await self.feed_keys()
            return
        if isinstance(event, events.Paste) and not event.is_forwarded and self.table_screen() is not None:
            for character in event.text.replace("\r\n", "\n"):  # a paste is typed, key by key, like a burst
                self.held.append(pasted_key(character, event.time))
            await self.feed_keys()
            return
        await super().on_event(event)

    async def on_key_handled(self, message: KeyHandled) -> None:
        message.stop()
        self.in_flight = None
        await self.feed_keys()

    def line_done(self) -> None:
        """The table has done the line an Enter ran (or found nothing to run)."""
        self.line_running = 0.0
        if self.held:
            self.call_later(self.feed_keys)

    def game_opened(self) -> None:
        """The table is up, and what waits in the game is back on screen: the keys typed ahead go on."""
        self.opening = 0.0
        if self.held:
            self.call_later(self.feed_keys)

    def busy(self) -> bool:
        """A key is being handled, a line is being run, a flow of the table is between two dialogs, or the game is
        being opened."""
        now = monotonic()
        if self.opening and now - self.opening < OPENING_SECONDS:
            return True
        self.opening = 0.0
        if self.in_flight is not None:
            target, since = self.in_flight
            if target.is_attached and now - since < STUCK_SECONDS:
                return True
            self.in_flight = None
        if self.line_running and now - self.line_running < STUCK_SECONDS:
            return True
        self.line_running = 0.0
        table = self.table_screen()
        return table is not None and self.screen is table and table.flow_running()

    async def feed_keys(self) -> None:
        """Hand on the held keys, one at a time, while nothing is being handled."""
        while self.held and not self.busy():
            key = self.held.popleft()
            try:
                await self.deliver(key)
            except Exception as error:  # noqa: BLE001  # a key never closes the app: said, logged, table kept
                self.keep_error(error)

    async def deliver(self, key: events.Key) -> None:
        screen = self.screen
        opened = self.opened.get(id(screen))
        if isinstance(screen, ModalScreen) and opened is not None and not opened.asked and key.time < opened.at:
            self.type_at_table(key)  # typed before the table opened this dialog: not an answer to it
            return
        table = self.table_screen()
        if screen is table and table is not None:
            self.last_key_at_table = key.key
            if key.key == "enter" and self.focused is not None and self.focused is table.command_bar():
                self.line_running = monotonic()
        target = self.focused or screen
        await super().on_event(key)
        if not key.is_forwarded:  # a binding the app ran itself (a die's face starting the bar): done
            return
        if isinstance(target, Input) and key.is_printable:  # a character typed into a line: nothing else moves,
            return  # and the next key goes to the same line after it, in order
        self.in_flight = (target, monotonic())  # anything else: the next key waits for this one to come back
        target.post_message(KeyHandled())

    def screen_changed(self, screen: Screen[Any]) -> None:
        """A dialog came up: note when, and whether the banker's own key asked for it."""
        on_stack = {id(s) for s in self.screen_stack}
        self.opened = {key: when for key, when in self.opened.items() if key in on_stack}
        if isinstance(screen, ModalScreen) and id(screen) not in self.opened:
            asked = len(self.last_key_at_table) == 1 and not self.last_key_at_table.isdigit()
            self.opened[id(screen)] = Opened(monotonic(), asked)
        self.last_key_at_table = ""
        if self.held:
            self.call_later(self.feed_keys)

    # -- what the table is typed -------------------------------------------------------

    def table_screen(self) -> Any:
        """The game's table, wherever it is on the stack (None when no game is open)."""
        return next((s for s in self.screen_stack if s.id == "table"), None)

    def type_at_table(self, key: events.Key) -> None:
        """A key meant for the table while a dialog is up: into the command bar, where an Enter runs the line."""
        table = self.table_screen()
        if table is None:
            return
        bar = table.command_bar()
        if key.key == "enter":
            line, bar.value = bar.value.strip(), ""
            if line:
                table.run_line(line)
        elif key.key == "backspace":
            bar.action_delete_left()
        elif key.key == "escape":
            bar.value = ""
        elif key.is_printable and key.character:
            start, end = bar.selection
            bar.replace(key.character, min(start, end), max(start, end))


def pasted_key(character: str, time: float) -> events.Key:
    """One character of a paste as the key that types it (a newline is Enter)."""
    if character in "\r\n":
        key = events.Key("enter", "\r")
    elif character == "\t":
        key = events.Key("tab", "\t")
    else:
        key = events.Key(character_key(character), character)
    key.time = time
    return key


def character_key(character: str) -> str:
    """Textual's key name for a printable character (`1`, `a`, `space`, `number_sign` ...), as its driver names it."""
    if character.isalnum():
        return character
    try:
        name = unicodedata.name(character).lower().replace("-", "_").replace(" ", "_")
    except ValueError:
        return character
    return KEY_NAME_REPLACEMENTS.get(name, name)


class AnswersOnce:
    """Mixed into a dialog (before `ModalScreen`): once answered it takes no more answers. A second `dismiss`
    (keys already on their way when the first answer closed it) would pop whatever screen is on top by then:
    the table, or the dialog the answer opened next."""

    answered = False

    def on_screen_resume(self) -> None:
        self.answered = False  # shown (again: the kept dialog asks question after question)

    def dismiss(self, result: Any = None) -> Any:
        from textual.await_complete import AwaitComplete

        if self.answered or self.app.screen is not self:  # type: ignore[attr-defined]
            return AwaitComplete.nothing()
        self.answered = True
        return super().dismiss(result)  # type: ignore[misc]

