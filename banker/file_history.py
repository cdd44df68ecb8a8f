"""The past of a game resumed from a stored snapshot, read from its file when the timeline asks (`Past`, events of
actions no longer kept in memory), with the hash chain checked as far back as the timeline comes to rely on it."""

from __future__ import annotations

import sqlite3
from collections.abc import Collection
from functools import partial

from editions import Edition

from . import events as ev
from . import snapshots
from .chain_check import ChainBroken, check_chain, checked_index
from .fold import FoldError
from .ledger import GENESIS, Damaged, LedgerError, LedgerStore, Record, damage_sentence, decode_records, loads
from .state import GameState
from .timeline import Past, walk_index


def group(decoded: list[tuple[Record, ev.Event]]) -> list[tuple[int, list[ev.Event]]]:
    """Events grouped by the action they belong to, in order."""
    grouped: list[tuple[int, list[ev.Event]]] = []
    for record, event in decoded:
        if grouped and grouped[-1][0] == record.action:
            grouped[-1][1].append(event)
        else:
            grouped.append((record.action, [event]))
    return grouped


class FileHistory:
    """The past of a game resumed from a stored snapshot, read from its file when the timeline asks."""

    def __init__(self, store: LedgerStore, resume: int, edition: Edition) -> None:
        self.store, self.resume, self.edition = store, resume, edition
        self._usable: dict[int, int] = {}  # stored snapshot seq -> the counted length it holds, while a base
        self._marks: dict[int, str] = {}  # stored snapshot seq -> the hash of its event
        self._checked_down_to = resume  # the chain holds from here to the resume point

    def events(self, numbers: Collection[int]) -> dict[int, list[ev.Event]]:
        records = self.store.actions_records(numbers)
        for before, record in zip([None, *records], records, strict=False):
            linked = before is None or before.seq != record.seq - 1 or before.hash == record.prev_hash
            if not linked or record.expected_hash() != record.hash:
                raise Damaged(damage_sentence(self.store.path, f"event {record.seq} is damaged (it no longer "
                                              "matches the hash chain)", record.seq - 1))
        try:
            return dict(group(decode_records(records)))
        except LedgerError as error:
            raise Damaged(damage_sentence(self.store.path, str(error), 0)) from None

    def past(self) -> Past:
        """Which actions count at the resume point (only the undo/redo markers are decoded), and the
        earlier stored snapshots an undo that far back can rebuild from.

        The action index is read in one SQL pass without the hash chain; the chain is checked at once from the
        latest stored snapshot still a base (its state trusted by its digest) to the resume point, and below it
        only when the timeline comes to rely on those events (`Past.check`): hashing every event of a long game
        was most of the first undo past the snapshot (2 s at 100,000 events)."""
        try:
            marks = dict(self.store.query("SELECT seq, head_hash FROM snapshot WHERE seq < ?", (self.resume,)))
        except sqlite3.Error:
            marks = {}
        try:
            index = snapshots.action_index(self.store, self.resume)
            past, usable = walk_index(index, [seq for seq in marks if isinstance(seq, int)])
        except (sqlite3.Error, ValueError, TypeError, KeyError, FoldError):
            past, usable = self._checked_past(marks)  # damaged, said as such, or the sentence opening gives
            return self._with_bases(past, usable, marks)
        self._usable, self._marks, self._checked_down_to = usable, marks, self.resume
        past.checked_from, past.checked_after = self._check_down_to(1 << 62)
        if past.checked_from:
            past.check = self._check_down_to
        return self._with_bases(past, usable, marks)

    def _check_down_to(self, length: int) -> tuple[int, int]:
        """The chain checked from the latest stored base at counted `length` or below (its state trusted by its own
        digest) to where it was checked before; (that length, its seq), or (0, 0) once checked from the start."""
        for seq in sorted((s for s, n in self._usable.items() if n <= length and s < self._checked_down_to),
                          reverse=True):
            head_hash = self._marks[seq]
            if self._stored_state(seq, head_hash) is None:
                continue  # not a base after all: an earlier one, or the whole chain
            self._check_chain(seq, head_hash, self._checked_down_to)
            self._checked_down_to = seq
            return self._usable[seq], seq
        self._check_chain(0, GENESIS, self._checked_down_to)
        self._checked_down_to = 0
        return 0, 0

    def _with_bases(self, past: Past, usable: dict[int, int], marks: dict[int, str]) -> Past:
        for seq, length in sorted(usable.items()):
            past.bases[length] = partial(self._stored_state, seq, marks[seq])
        return past

    def _check_chain(self, after: int, head_hash: str, up_to: int) -> None:
        """The hash chain from the event after `after` (whose hash is `head_hash`) to `up_to`."""
        try:
            check_chain(self.store.connection(), up_to, (after, head_hash))
        except ChainBroken as broken:
            raise Damaged(damage_sentence(self.store.path, str(broken), broken.seq - 1)) from None
        except sqlite3.Error as error:
            raise Damaged(damage_sentence(self.store.path, f"the events before the snapshot cannot be read ({error})",
                                          0)) from None

    def _checked_past(self, marks: dict[int, str]) -> tuple[Past, dict[int, int]]:
        """The past read with the whole chain checked in the same pass (an index that could not be walked)."""
        try:
            index = checked_index(self.store, self.resume)
        except ChainBroken as broken:
            raise Damaged(damage_sentence(self.store.path, str(broken), broken.seq - 1)) from None
        except (sqlite3.Error, ValueError, TypeError, KeyError) as error:
            raise Damaged(damage_sentence(self.store.path, f"the events before the snapshot cannot be read ({error})",
                                          0)) from None
        try:
            return walk_index(index, [seq for seq in marks if isinstance(seq, int)])
        except FoldError as error:  # opening did not read that far back: say it as opening would have
            path = self.store.path
            raise LedgerError(f"{path}: {error}; run `banker verify {path}` for details") from None

    def _stored_state(self, seq: int, head_hash: str) -> GameState | None:
        """A stored snapshot's state, if its event still matches (as opening checks); else None."""
        try:
            rows = self.store.query("SELECT body FROM snapshot WHERE seq = ? AND head_hash = ?", (seq, head_hash))
            if not rows or self.store.hash_at(seq) != head_hash:
                return None
            if snapshots.damaged(snapshots.digests(self.store), seq, head_hash, rows[0][0]):
                return None
            return snapshots.state_from_json(loads(rows[0][0]), self.edition)
        except (sqlite3.Error, KeyError, TypeError, ValueError, IndexError):
            return None
