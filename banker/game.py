"""A game: its ledger file, its timeline in memory, and the one way to act on it.

`Game.do(line)` is the whole loop: parse, decide, check the state that would
result, append the action's events in one transaction, then take them in. A
refused line raises `Refusal` and changes nothing, on disk or in memory.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterable, Sequence
from datetime import UTC, datetime, timedelta
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from editions import Edition

from . import events as ev
from . import heads, snapshots
from .errors import Refusal
from .file_history import FileHistory
from .file_history import group as _group  # (the tests' replays group by it too)
from .fold import FoldError
from .ledger import LedgerStore
from .ledger_chain import GENESIS, Record, chain_break, decode_records, loads, whole_before
from .ledger_errors import Damaged, GameChanged, LedgerError, damage_sentence
from .new_game import HOUSE_RULES, RESERVED, SPEED_DIE_BONUS, game_started, player_names_refusal
from .state import GameState
from .timeline import Timeline

if TYPE_CHECKING:
    from . import commands as c

__all__ = ["HOUSE_RULES", "RESERVED", "SPEED_DIE_BONUS", "Game", "Outcome", "player_names_refusal"]  # new_game's too

# The command language, the rules and the descriptions are loaded by the first action, not by opening a
# game: a command that only reads one (`banker state`, the phones' wallet) starts without them.


class Outcome:
    """What one accepted action did. Its summary, the ledger's words for it, is written when first read: a
    script's or a phone's action that nobody reads back costs no describing. (Slots and a plain `__init__`:
    one is made per action, in the time between the parse and the disk.)"""

    __slots__ = ("action", "events", "_say", "_summary")

    def __init__(self, action: int, events: tuple[ev.Event, ...], say: Callable[[], str]) -> None:
        self.action, self.events, self._say, self._summary = action, events, say, ""

    def __repr__(self) -> str:
        return f"Outcome(action={self.action!r}, events={self.events!r})"

    @property
    def summary(self) -> str:
        if not self._summary:
            self._summary = self._say()
        return self._summary


@cache
def _acting() -> tuple[Any, ...]:
    """The command language, the rules and the describer, loaded by the first action; after it, one cached
    call instead of an import statement each (four per action cost about as much as deciding a payment)."""
    from .commands import Redo, Undo
    from .describe import summarize
    from .language import parse
    from .rules.deciding import decide, notices

    return parse, decide, notices, summarize, Undo, Redo


class Game:
    def __init__(self, store: LedgerStore) -> None:
        """Use `Game.create` or `Game.open`."""
        self.store = store
        self.timeline: Timeline | None = None
        self._head: tuple[int, str] = (0, GENESIS)
        self._records: list[Record] | None = None  # read from the file when first asked, then kept up to date
        self._seen_version: int | None = None
        self.damage: str | None = None  # why nothing may be stored (a damaged or rolled-back file): read-only
        self.read_only: str | None = None  # why nothing can be stored in a good file (a read-only folder)
        self.key = ""  # the game's identity (its first event's hash), for the head remembered outside the file
        self.data: Path | None = None  # the data folder the head is remembered in (None: the user's)
        self._remembered: tuple[int, str] = (0, GENESIS)  # the head last remembered from this game
        self.opened_at: tuple[int, str] = (0, GENESIS)  # the head when the file was opened

    # -- opening ----------------------------------------------------------

    @classmethod
    def create(cls, path: Path | str, edition: Edition, players: Sequence[str],
               house_rules: Iterable[str] = (), data: Path | None = None) -> Game:
        started = game_started(edition, players, house_rules)  # a Refusal here: no file is made
        store = LedgerStore.create(Path(path))
        game = cls(store)
        game.data = data
        try:
            game._seen_version = store.data_version()
            game._ingest(store.append([started], (0, GENESIS)))
        except BaseException:  # nothing stored (a full disk): no empty file is left behind
            store.close()
            LedgerStore.remove(Path(path))
            raise
        game.key = heads.key_of(game._head[1])
        return game

    @classmethod
    def open(cls, path: Path | str, data: Path | None = None, read_only: bool = False) -> Game:
        """The game in a file. A damaged file, or one behind the head last stored from this machine (`data`: the
        data folder it is remembered in), raises LedgerError saying what and what to do; with `read_only` it
        opens as far as its events are good, `damage` says why, and every action is refused with that."""
        store = LedgerStore.open(Path(path))
        game = cls(store)
        game.data = data
        try:
            game._seen_version = store.data_version()  # before reading: a write in between is noticed
            game._load()
            if game.damage is None:
                game.damage = game._behind()
        except (LedgerError, FoldError, ev.EventDecodeError, sqlite3.Error, ValueError, TypeError) as error:
            store.close()
            text = getattr(error, "orig", None) or error
            if isinstance(error, Damaged):
                raise LedgerError(str(error)) from None
            where = "" if str(text).startswith(str(path)) else f"{path}: "
            raise LedgerError(f"{where}{text}; run `banker verify {path}` for details") from None
        game._remembered = game.opened_at = game._head
        if store.read_only:
            game.read_only = (f"{path} is in a read-only folder (or is a read-only file): it is open read-only and "
                              f"nothing can be stored; copy it somewhere you can write to with "
                              f"`banker backup {path} NEW.db`")
        if game.damage is not None and not read_only:
            store.close()
            raise LedgerError(game.damage)
        return game

    def _behind(self) -> str | None:
        """Why this file is not the latest copy stored from this machine, or None."""
        head = heads.remembered(self.key, self.data)
        if head is None:
            return None
        try:
            seq = self.store.head()[0]
            at = self.store.hash_at(head.seq) if seq >= head.seq else None
        except (LedgerError, sqlite3.Error):
            return None
        why = heads.behind(head, seq, at)
        if why is None:
            return None
        path = self.store.path
        return (f"{path}: {why}; nothing can be stored in it. Open the newer copy if you have it, or run "
                f"`banker repair {path}` to play on from this one (a new file; this one is kept)")

    def remember_head(self) -> None:
        """Note the head outside the file, once it moved (after actions, at close): a copy of the file that is
        behind it is then named when it opens."""
        if (self.damage is None and self.read_only is None and self.key and self._head != self._remembered
                and self._head[0] > 0):
            heads.remember(self.key, *self._head, self.data)
            self._remembered = self._head

    def _load(self) -> None:
        """Fold the file: from the latest usable stored snapshot and the events after it, else from the start.

        Nothing before the snapshot is read here: the timeline reads the past only when an undo, a redo or
        a question reaches back there, so opening costs the same whatever the game's length.
        """
        store = self.store
        head_seq, _ = store.head()
        first = store.records(0, 1)
        if not first or first[0].type != "GameStarted":
            raise FoldError("the game does not begin with GameStarted")
        if chain_break(first, (0, GENESIS)) is not None:
            raise Damaged(f"{store.path}: its first event (the game's start) is damaged and the game cannot be "
                          "read; open a backup")
        self.key = heads.key_of(first[0].hash)
        started = first[0].event
        assert isinstance(started, ev.GameStarted)
        timeline: Timeline | None = None
        known = snapshots.digests(store)
        damage: str | None = None
        for seq, head_hash, body in snapshots.stored(store, head_seq - snapshots.HEADROOM_EVENTS):
            if seq < 1 or store.hash_at(seq) != head_hash:
                continue  # not taken after an event of this file: never used
            if snapshots.damaged(known, seq, head_hash, body):
                damage = damage or f"the stored snapshot after event {seq} is damaged"
                continue  # the events are the truth: an earlier snapshot, or the start, and the events after it
            after = store.records(seq)
            if after and after[0].action != after[0].seq:
                continue  # inside an action (edited?): never a place to resume from
            timeline = timeline or Timeline(first[0].action, started)
            try:
                state = snapshots.state_from_json(loads(body), timeline.state.edition)
            except (KeyError, TypeError, ValueError, IndexError):
                continue
            timeline.resume_from(state, FileHistory(store, seq, timeline.state.edition))
            self.timeline = timeline
            self._head = (seq, head_hash)
            self._records = None
            self._take_checked(after, damage)
            return
        self._take_checked(store.records(), damage)

    def _take_checked(self, records: list[Record], damage: str | None = None) -> None:
        """Take in records read past the head, as far as the hash chain holds: a changed byte (a bad sector, a hand
        edit) is named, never folded into the table's cash; from then on the game is read-only."""
        broken = chain_break(records, self._head)
        if broken is not None:
            records = whole_before(records, broken)
            damage = f"event {broken} is damaged (it no longer matches the hash chain)"
        self._ingest(records)
        if damage is not None and self.damage is None:
            self.damage = damage_sentence(self.store.path, damage, self._head[0])

    def close(self) -> None:
        self.remember_head()
        self.store.close()

    # -- reading ------------------------------------------------------------

    @property
    def state(self) -> GameState:
        assert self.timeline is not None
        return self.timeline.state

    @property
    def head(self) -> tuple[int, str]:
        return self._head

    @property
    def records(self) -> list[Record]:
        """Every stored event this game has taken in (read from the file on first need)."""
        if self._records is None:
            self._records = self.store.records(0, self._head[0])
        return self._records

    def state_json(self) -> dict:
        body = self.state.to_json()
        if "last_round" in body and not body["last_round"] and self.time_is_up():
            body["last_round"] = True  # the time ran out; the call is written with the next action
        body["ledger"] = {"events": self.head[0], "head": self.head[1]}
        return body

    def final_round_lines(self) -> list[tuple[str, str, int]]:
        """The final rent round as played (player, deed, rent), or [] before it (Sore Losers)."""
        if not self.state.final_round:
            return []
        from .valuation import final_round_lines

        assert self.timeline is not None
        for number in reversed(self.timeline.counted):
            events = self.timeline.events_of(number)
            if events and isinstance(events[0], ev.FinalRoundPlayed):
                return final_round_lines(events)
        return []

    def money(self, amount: int) -> str:
        return self.state.edition.money(amount)

    def summary_of(self, action: int) -> str:
        from .describe import summarize

        assert self.timeline is not None
        return summarize(self.timeline.events_of(action), self.money, self.state.edition)

    def _ingest(self, records: list[Record]) -> None:
        """Take in stored records (whole actions, in order)."""
        grouped = _group(decode_records(records))
        if self.timeline is None and grouped:
            number, events = grouped.pop(0)
            if not isinstance(events[0], ev.GameStarted) or len(events) != 1:
                raise FoldError("the game does not begin with GameStarted")
            self.timeline = Timeline(number, events[0])
            self.timeline.read_from(FileHistory(self.store, 0, self.timeline.state.edition))
        if self.timeline is not None and grouped:
            self.timeline.add_stored(grouped)
        if records:
            if self._records is not None:
                self._records.extend(records)
            self._head = (records[-1].seq, records[-1].hash)

    def reload(self) -> int:
        """Take in actions another writer stored since; returns how many events."""
        if self.damage is not None:
            return 0
        new = self.store.records(after=self.head[0])
        self._take_checked(new)
        return len(new)

    def _changed_elsewhere(self) -> bool:
        """Whether another connection stored events since we last looked (SQLite's data_version); if so,
        they are taken in."""
        version = self.store.data_version()
        if version == self._seen_version:
            return False
        self._seen_version = version
        return self.reload() > 0

    # -- acting ---------------------------------------------------------------

    def do(self, line: str) -> Outcome:
        """One line of the command language, one action (or a Refusal)."""
        return self._with_retry(line)

    def execute(self, command: c.Command) -> Outcome:
        return self._with_retry(command)

    def _with_retry(self, what: str | c.Command) -> Outcome:
        """Act on the state in memory; another writer is noticed without a look at the file per action.

        The append refuses a head that moved (GameChanged): take in the other writer's actions and
        try again. A refusal is checked the same way before it is given: when another connection
        stored events since, the line (parsed again: names and amounts are read against the state) is tried
        again on the state they made.
        """
        if self.damage is not None or self.read_only is not None:
            raise LedgerError(self.damage or self.read_only)
        parse = _acting()[0]
        for attempt in range(3):
            try:
                command = parse(what, self.state) if type(what) is str else what
                if self.state.time_limit is not None and not self.state.last_round:
                    return self._after_the_time_limit(command)  # type: ignore[arg-type]
                return self._execute(command)  # type: ignore[arg-type]
            except Damaged as damaged:  # an undo read an event from before the snapshot that is damaged
                self.damage = str(damaged)
                raise
            except GameChanged:
                self.reload()
            except Refusal:
                if attempt == 2 or not self._changed_elsewhere():
                    raise
        raise Refusal("the game changed in another window; it was reloaded, retry")

    def time_is_up(self, now: datetime | None = None) -> bool:
        """Whether the game's time limit has run out (False without one)."""
        limit = self.state.time_limit
        if limit is None:
            return False
        ends = datetime.fromisoformat(limit.started) + timedelta(minutes=limit.minutes)
        return (now or datetime.now(UTC)) >= ends

    def _after_the_time_limit(self, command: c.Command) -> Outcome:
        """The first action after the time limit ran out is preceded by the last round's call (its own action, so
        an undo takes it back alone); an undo or a redo never calls it, or the call could never be undone. A line
        refused after the call is refused before it: nothing is written."""
        from . import commands as c

        if isinstance(command, c.Undo | c.Redo | c.CallLastRound | c.SetTimeLimit) or not self.time_is_up():
            return self._execute(command)
        assert self.timeline is not None
        decide = _acting()[1]
        call = c.CallLastRound("the time limit ran out")
        decide(self.timeline.preview(decide(self.state, call)), command)  # a Refusal here writes nothing
        called = self._execute(call)
        outcome = self._execute(command)
        return Outcome(outcome.action, outcome.events, lambda: f"{called.summary}\n{outcome.summary}")

    def _execute(self, command: c.Command) -> Outcome:
        _, decide, notices, summarize, Undo, Redo = _acting()
        assert self.timeline is not None
        timeline = self.timeline
        after: GameState | None = None
        if isinstance(command, Undo):
            target = timeline.latest()
            if target is None:
                raise Refusal("nothing to undo: no action since the game started")
            events: list[ev.Event] = [ev.ActionUndone(target, self.summary_of(target))]
        elif isinstance(command, Redo):
            target = timeline.next_redo()
            if target is None:
                raise Refusal("nothing to redo: redo follows an undo, with no new action since")
            events = [ev.ActionRedone(target, self.summary_of(target))]
        else:
            before = self.state
            events = decide(before, command)
            after = timeline.preview(events)
            self._check(after)
        last_seq = self._head[0]
        number = last_seq + 1  # the seq of its first event, as `append` numbers it
        edition = timeline.state.edition
        # made before the write, while the action's objects are still at hand (after the fsync nothing is); the
        # notices are part of the summary, written when it is read (before and after are never changed again: the
        # next action's state is a copy); no shipped TOML is read
        said = (lambda: ()) if after is None else (lambda: notices(before, after))
        outcome = Outcome(number, tuple(events),
                          lambda: "\n".join((summarize(events, edition.money, edition), *said())))
        records = self.store.append(events, self.head)
        timeline.add(number, events, after)
        if self._records is not None:
            self._records.extend(records)
        self._head = (records[-1].seq, records[-1].hash)
        if last_seq // snapshots.EVERY_EVENTS != self._head[0] // snapshots.EVERY_EVENTS:
            snapshots.save(self.store, *self._head, timeline.state)
        return outcome

    def _check(self, state: GameState) -> None:
        """The last guard before writing: a rule bug must never reach the ledger."""
        accounts = state.accounts
        if accounts[ev.POT] < 0 or min(map(accounts.__getitem__, state.players)) < 0:
            negative = [p for p in state.players if accounts[p] < 0]
            raise Refusal(f"this would leave {negative[0] if negative else 'the pot'} below zero; "
                          "raise money first")
        if sum(accounts.values()) != 0:
            raise Refusal("this would not balance the books; nothing was written (please report it)")
