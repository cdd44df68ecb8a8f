"""Which actions count: `ActionUndone` and `ActionRedone` markers take the latest action off or put it back, so
the state is the fold of the counted actions only (after an undo it equals a ledger where the action never
happened). Pure: the action index in, the counted actions and the redo stack out."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from . import events as ev
from .errors import FoldError


def counted_from_index(index: Iterable[tuple[int, str, int]]) -> tuple[list[int], list[int]]:
    """The action numbers that count, in order, and the redo stack, after markers.

    `index` holds (action, marker type or "", marker's target) per action. Undo takes the
    latest counted action off; redo puts the latest undone one back while no new action
    happened since. A marker action never counts itself.
    """
    counted: list[int] = []
    redoable: list[int] = []
    for number, marker, target in index:
        take_marker(counted, redoable, number, marker, target)
    return counted, redoable


def take_marker(counted: list[int], redoable: list[int], number: int, marker: str, target: int) -> bool:
    """One row of the action index applied to the counted and redo stacks; True for a regular action."""
    if marker == "ActionUndone":
        if len(counted) < 2 or counted[-1] != target:
            raise FoldError(f"action {number} undoes {target}, which is not the latest")
        redoable.append(counted.pop())
        return False
    if marker == "ActionRedone":
        if not redoable or redoable[-1] != target:
            raise FoldError(f"action {number} redoes {target}, which is not the latest undone")
        counted.append(redoable.pop())
        return False
    counted.append(number)
    redoable.clear()
    return True


def counted_actions(actions: Sequence[tuple[int, Sequence[ev.Event]]]) -> tuple[list[int], list[int]]:
    """`counted_from_index` over actions given with their events."""
    return counted_from_index(
        (number, events[0].type, events[0].action) if events and isinstance(events[0], ev.MARKERS)
        else (number, "", 0)
        for number, events in actions)
