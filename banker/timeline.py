"""The game as it unfolds action by action, with undo and redo, kept in memory.

Same result as `fold.fold` over the whole ledger, but incremental: a new action
applies on top, and an undo rebuilds from the nearest in-memory snapshot, so its
cost does not grow with the length of the game.

A timeline resumed from a stored snapshot starts with nothing of the past but the
state: which actions count before it, their events and earlier states are read
from the file (through its `History`) only when an undo, a redo or a question
reaches back there, so opening a game costs the same whatever its length.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Protocol

from . import events as ev
from .fold import FoldError, apply_in_place, changed_parts, start, take_marker
from .state import GameState

SNAPSHOT_EVERY = 64
KEPT_ACTIONS = 2048  # with a file to read them back from, the events of at most about this many actions are kept


@dataclass
class Past:
    """What came before a resumed timeline's first state, as read from the file."""

    counted: list[int]  # the actions that count at the resume point, in order (the first is the game's start)
    redoable: list[int]  # the redo stack there
    regular: list[int]  # every action up to there that is not an undo/redo marker
    # counted length -> a stored state with exactly counted[:length] applied (None if it cannot be used)
    bases: dict[int, Callable[[], GameState | None]] = field(default_factory=dict)
    # the events up to the stored snapshot at counted length `checked_from` were read without their hash chain
    # checked (a base there is trusted by its own digest); `check(length)` checks them down to a base at that
    # length or below (raises Damaged) and says the new (length, seq) it holds from, (0, 0) for the whole chain.
    # Called before the timeline relies on which actions they are: an undo below that length, a redo of one of
    # them, the whole past asked for
    checked_from: int = 0
    checked_after: int = 0  # that snapshot's seq
    check: Callable[[int], tuple[int, int]] | None = None


class History(Protocol):
    """Reads the past of a resumed timeline from the game file."""

    def past(self) -> Past: ...

    def events(self, numbers: Collection[int]) -> Mapping[int, Sequence[ev.Event]]: ...


class Timeline:
    def __init__(self, first_action: int, started: ev.GameStarted, history: History | None = None) -> None:
        self.actions: dict[int, Sequence[ev.Event]] = {first_action: [started]}
        self._counted: list[int] = [first_action]
        self._redoable: list[int] = []
        self._regular: list[int] = [first_action]
        self.state: GameState = start(started)
        self._private = False  # True while add_stored owns a private copy of the state
        self._snapshots: dict[int, GameState] = {1: self.state.copy()}  # counted length -> state
        self._bases: dict[int, Callable[[], GameState | None]] = {}  # the same, stored in the file
        self._history = history
        self._hidden = False  # True while the past before the resume point is not read
        self._redo_cut = False  # a regular action since the resume point emptied the redo stack below it
        self._start_state: GameState | None = None  # a resumed timeline's state after the game's start
        self._unchecked = (0, 0)  # (counted length, seq) up to which the past was read unchecked (see Past)
        self._check_past: Callable[[int], tuple[int, int]] | None = None

    @classmethod
    def resume(cls, first_action: int, started: ev.GameStarted, state: GameState, history: History) -> Timeline:
        """A timeline that starts from a stored state; the past is read only when needed."""
        timeline = cls(first_action, started)
        timeline.resume_from(state, history)
        return timeline

    def resume_from(self, state: GameState, history: History) -> None:
        """Forget everything but the game's start and go on from a stored state (a fresh timeline only).

        While the past is hidden, `_counted` holds only the actions counted after the resume point and the
        in-memory snapshots are keyed by that length (0 is the resumed state).
        """
        self._start_state = self._snapshots.pop(1)
        self.actions.clear()
        self._counted, self._redoable, self._regular = [], [], []
        self._history, self._hidden = history, True
        self.state = state
        self._snapshots = {0: state.copy()}

    def read_from(self, history: History) -> None:
        """The game's file, to read back the events of actions no longer kept in memory (a timeline that keeps
        every action's events grows by their size all evening)."""
        self._history = history

    # -- the past, read when needed ----------------------------------------------

    def _reveal(self) -> None:
        """Read what came before the resume point; from then on the timeline is whole."""
        if not self._hidden:
            return
        assert self._history is not None
        past = self._history.past()
        offset = len(past.counted)
        self._counted = past.counted + self._counted
        self._regular = past.regular + self._regular
        if not self._redo_cut:
            self._redoable = past.redoable + self._redoable
        self._snapshots = {length + offset: state for length, state in self._snapshots.items()}
        if self._start_state is not None:
            self._snapshots.setdefault(1, self._start_state)
        self._bases = {length: load for length, load in past.bases.items() if 1 < length <= offset}
        self._hidden = False
        if past.check is not None:
            self._unchecked, self._check_past = (past.checked_from, past.checked_after), past.check

    def _trust_past(self, length: int = 0) -> None:
        """Check the events read unchecked down to a base at counted `length` or below, before the timeline relies
        on them (raises on damage); 0: all of them."""
        if self._check_past is None or length >= self._unchecked[0]:
            return
        self._unchecked = self._check_past(length)
        if self._unchecked[0] == 0:
            self._check_past = None

    @property
    def counted(self) -> list[int]:
        """The actions that count now, in order (the first is the game's start)."""
        self._reveal()
        self._trust_past()
        return self._counted

    @property
    def redoable(self) -> list[int]:
        """The redo stack: the latest undone action last."""
        if not self._redo_cut:
            self._reveal()
        return self._redoable

    def events_of(self, number: int) -> Sequence[ev.Event]:
        """An action's events, read from the file for one from before the resume point."""
        if number not in self.actions:
            self._fetch([number])
        return self.actions[number]

    def _fetch(self, numbers: Collection[int]) -> None:
        missing = [n for n in numbers if n not in self.actions]
        if missing and self._history is not None:
            self.actions.update(self._history.events(missing))

    # -- acting ------------------------------------------------------------------

    def preview(self, events: Sequence[ev.Event]) -> GameState:
        """The state if these events were the next action (the current one is untouched)."""
        new = self.state.copy(changed_parts(events))
        for event in events:
            apply_in_place(new, event)
        return new

    @contextmanager
    def batch(self) -> Iterator[None]:
        """Within it, actions apply to one private copy of the state instead of a copy each.

        States read inside the batch may change afterwards; read `state` after it ends.
        """
        self.own_state()
        try:
            yield
        finally:
            self._private = False

    def own_state(self) -> None:
        """From now on actions apply to one private copy of the state, in place (a replay keeping no state)."""
        self.state = self.state.copy()
        self._private = True

    def add_stored(self, actions: Sequence[tuple[int, Sequence[ev.Event]]]) -> None:
        """Take in many stored actions at once: one copy of the state, not one per action."""
        with self.batch():
            for number, events in actions:
                self.add(number, events)

    def add(self, number: int, events: Sequence[ev.Event], after: GameState | None = None) -> None:
        """Take in one stored action (a regular one or an undo/redo marker).

        `after` is the state `preview` already computed for a regular action.
        """
        if not events:
            raise FoldError(f"action {number} has no events")
        self.actions[number] = events
        marker = events[0]
        counted = self._counted
        if type(marker) is ev.ActionUndone:
            if self._hidden and not counted:
                self._reveal()
                counted = self._counted
            if (len(counted) < 2 and not self._hidden) or counted[-1] != marker.action:
                raise FoldError(f"action {number} undoes {marker.action}, which is not the latest")
            self._redoable.append(counted.pop())
            if len(counted) < self._unchecked[0]:
                self._trust_past(len(counted))
            self._rebuild()
        elif type(marker) is ev.ActionRedone:
            if not self._redoable and self._hidden and not self._redo_cut:
                self._reveal()
                counted = self._counted
            if marker.action <= self._unchecked[1]:
                self._trust_past()
            if not self._redoable or self._redoable[-1] != marker.action:
                raise FoldError(f"action {number} redoes {marker.action}, which is not the latest undone")
            counted.append(self._redoable.pop())
            self._apply(self.events_of(marker.action))
        else:
            if after is not None:
                self.state = after
            else:
                self._apply(events)
            counted.append(number)
            self._regular.append(number)
            if self._redoable:
                self._redoable.clear()
            self._redo_cut = True
        if len(counted) % SNAPSHOT_EVERY == 0:
            self._snapshots[len(counted)] = self.state.copy()
        if len(self.actions) > KEPT_ACTIONS and self._history is not None:
            self._forget_oldest()

    def _forget_oldest(self) -> None:
        """Forget the events of the actions taken in longest ago, down to three quarters of those kept (read back
        from the file if asked again)."""
        actions = self.actions
        for number in list(actions)[:len(actions) - KEPT_ACTIONS * 3 // 4]:
            del actions[number]

    def _apply(self, events: Sequence[ev.Event]) -> None:
        new = self.state if self._private else self.state.copy()
        for event in events:
            apply_in_place(new, event)
        self.state = new

    def _rebuild(self) -> None:
        """The state of the counted actions, from the nearest state kept in memory or stored in the file."""
        length = len(self._counted)
        for key in [k for k in self._snapshots if k > length]:
            del self._snapshots[key]
        for key in [k for k in self._bases if k > length]:
            del self._bases[key]
        base, state = max(self._snapshots), None
        for key in sorted(self._bases, reverse=True):
            if key <= base:
                break
            state = self._bases[key]()
            if state is not None:
                base = key
                self._snapshots[key] = state.copy()  # the next undo this far back reads nothing
                break
            del self._bases[key]
        if base < self._unchecked[0]:  # rebuilt from below the unchecked events: they are checked first
            self._trust_past(base)
        state = state if state is not None else self._snapshots[base].copy()
        todo = self._counted[base:]
        self._fetch(todo)
        for number in todo:
            for event in self.actions[number]:
                apply_in_place(state, event)
        self.state = state

    # -- questions -----------------------------------------------------------------

    def latest(self) -> int | None:
        """The action an undo would take back (never the game's start)."""
        if self._hidden and self._counted:
            return self._counted[-1]
        self._reveal()
        counted = self._counted
        return counted[-1] if len(counted) > 1 else None

    def next_redo(self) -> int | None:
        redoable = self._redoable or self.redoable
        return redoable[-1] if redoable else None

    def undone(self) -> set[int]:
        """Regular actions that do not count now."""
        self._reveal()
        self._trust_past()
        return set(self._regular) - set(self._counted)


def walk_index(index: Sequence[tuple[int, str, int]], marks: Sequence[int]) -> tuple[Past, dict[int, int]]:
    """The counted and redo stacks after an action index (as `fold.counted_from_index` reads it), and for
    each stored snapshot seq in `marks` the counted length it holds, if its state is a prefix of the end's.

    A snapshot taken between two actions holds the counted actions of that moment; it stays a base for
    rebuilding as long as no undo went below that length afterwards (a conservative test, never a wrong one).
    """
    counted: list[int] = []
    redoable: list[int] = []
    regular: list[int] = []
    pending = sorted(marks)
    held: list[tuple[int, int, int]] = []  # (seq, counted length, how many undos came before it)
    lows: list[int] = []  # the counted length after each undo, in order
    at = 0
    for number, marker, target in index:
        while at < len(pending) and pending[at] < number:
            if pending[at] == number - 1:  # between two actions; any other is inside one and never a base
                held.append((pending[at], len(counted), len(lows)))
            at += 1
        if take_marker(counted, redoable, number, marker, target):
            regular.append(number)
        elif marker == "ActionUndone":
            lows.append(len(counted))
    # a snapshot stays a base while no later undo went below its length: the lowest length after each undo, from
    # the end (one pass, not a pass over the snapshots at every undo)
    floor = [0] * (len(lows) + 1)
    floor[len(lows)] = 1 << 62
    for i in range(len(lows) - 1, -1, -1):
        floor[i] = min(lows[i], floor[i + 1])
    usable = {seq: length for seq, length, undos in held if length <= floor[undos]}
    return Past(counted, redoable, regular), usable
