"""The game as it unfolds action by action, with undo and redo, kept in memory.

Same result as `fold.fold` over the whole ledger, but incremental: a new action
applies on top, and an undo rebuilds from the nearest in-memory snapshot, so its
cost does not grow with the length of the game.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager

from . import events as ev
from .fold import FoldError, apply_in_place, start
from .state import GameState

SNAPSHOT_EVERY = 64
Fetch = Callable[[], Mapping[int, Sequence[ev.Event]]]


class Timeline:
    def __init__(self, first_action: int, started: ev.GameStarted, fetch: Fetch | None = None) -> None:
        self.actions: dict[int, Sequence[ev.Event]] = {first_action: [started]}
        self.counted: list[int] = [first_action]
        self.redoable: list[int] = []
        self.state: GameState = start(started)
        self._private = False  # True while add_stored owns a private copy of the state
        self._snapshots: dict[int, GameState] = {1: self.state.copy()}
        self._fetch = fetch

    @classmethod
    def resume(cls, first_action: int, started: ev.GameStarted, state: GameState, counted: list[int],
               redoable: list[int], fetch: Fetch) -> Timeline:
        """A timeline that starts from a stored snapshot; older actions are fetched only if needed."""
        timeline = cls(first_action, started, fetch)
        timeline.counted, timeline.redoable = list(counted), list(redoable)
        timeline.state = state
        timeline._snapshots[len(counted)] = state.copy()
        return timeline

    def events_of(self, number: int) -> Sequence[ev.Event]:
        """An action's events, fetching the older ones a resumed timeline did not load."""
        if number not in self.actions and self._fetch is not None:
            for key, events in self._fetch().items():
                self.actions.setdefault(key, events)
        return self.actions[number]

    def preview(self, events: Sequence[ev.Event]) -> GameState:
        """The state if these events were the next action (the current one is untouched)."""
        new = self.state.copy()
        for event in events:
            apply_in_place(new, event)
        return new

    @contextmanager
    def batch(self) -> Iterator[None]:
        """Within it, actions apply to one private copy of the state instead of a copy each.

        States read inside the batch may change afterwards; read `state` after it ends.
        """
        self.state = self.state.copy()
        self._private = True
        try:
            yield
        finally:
            self._private = False

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
        if isinstance(marker, ev.ActionUndone):
            if len(self.counted) < 2 or self.counted[-1] != marker.action:
                raise FoldError(f"action {number} undoes {marker.action}, which is not the latest")
            self.redoable.append(self.counted.pop())
            self._rebuild()
        elif isinstance(marker, ev.ActionRedone):
            if not self.redoable or self.redoable[-1] != marker.action:
                raise FoldError(f"action {number} redoes {marker.action}, which is not the latest undone")
            self.counted.append(self.redoable.pop())
            self._apply(self.events_of(marker.action))
        else:
            if after is not None:
                self.state = after
            else:
                self._apply(events)
            self.counted.append(number)
            self.redoable.clear()
        if len(self.counted) % SNAPSHOT_EVERY == 0:
            self._snapshots[len(self.counted)] = self.state.copy()

    def _apply(self, events: Sequence[ev.Event]) -> None:
        new = self.state if self._private else self.state.copy()
        for event in events:
            apply_in_place(new, event)
        self.state = new

    def _rebuild(self) -> None:
        length = len(self.counted)
        for key in [k for k in self._snapshots if k > length]:
            del self._snapshots[key]
        base = max(self._snapshots)
        state = self._snapshots[base].copy()
        for number in self.counted[base:]:
            for event in self.events_of(number):
                apply_in_place(state, event)
        self.state = state

    def latest(self) -> int | None:
        """The action an undo would take back (never the game's start)."""
        return self.counted[-1] if len(self.counted) > 1 else None

    def next_redo(self) -> int | None:
        return self.redoable[-1] if self.redoable else None

    def undone(self) -> set[int]:
        """Regular actions that do not count now."""
        counted = set(self.counted)
        return {n for n, evs in self.actions.items()
                if n not in counted and not isinstance(evs[0], ev.MARKERS)}
