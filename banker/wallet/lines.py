"""Each player's latest ledger lines with their running balance, kept up to date incrementally.

`banker.history.entries` refolds the whole ledger to get its running balances (about 0.6 s at
10,000 events); a wallet must change within a second of every action however long the game,
so this keeps the running accounts and takes in only new records: a regular event applies its
money legs, an undo takes its action's legs back and a redo applies them again. That gives the
same balances as `banker ledger --player NAME` (a test checks it against `history.entries`).
"""

from __future__ import annotations

from collections import defaultdict, deque
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass

from .. import events as ev
from ..describe import describe
from ..history import _people as people_in  # the ledger's own rule for whom an event concerns
from ..ledger import Record

KEEP = 20


@dataclass(frozen=True)
class Line:
    seq: int
    action: int  # the action this event belongs to (an undo marker: the action it takes back)
    time: str
    text: str
    change: int  # this player's cash change in this event
    balance: int  # this player's cash right after it, as the table saw it then
    marker: bool  # an undo or redo line


class PlayerLines:
    """The last `keep` lines of every player, fed the records in order, each once."""

    def __init__(self, events_of: Callable[[int], Sequence[ev.Event]], money: Callable[[int], str],
                 keep: int = KEEP) -> None:
        self.events_of = events_of  # an earlier action's events (the game's timeline has them all)
        self.money = money
        self.keep = keep
        self.accounts: defaultdict[str, int] = defaultdict(int)
        self.recent: defaultdict[str, deque[Line]] = defaultdict(lambda: deque(maxlen=keep))
        self.seen = 0  # the seq of the last record taken in

    def start(self, records: Sequence[Record], accounts_now: Mapping[str, int], players: Collection[str]) -> None:
        """Fill from a whole ledger, reading back only as far as every player's last `keep` lines.

        The accounts after the last record are the state's; walking back undoes each event's
        change, so the window's opening balances are known without reading what comes before it
        (a 100,000-event game starts serving as fast as a short one).
        """
        accounts = defaultdict(int, accounts_now)
        wanted = dict.fromkeys(players, self.keep)
        window: list[tuple[Record, ev.Event]] = []
        for record in reversed(records) if wanted else ():
            event = record.event
            change, people, _ = self._effect(record, event)
            for account, amount in change.items():
                accounts[account] -= amount
            for person in people & wanted.keys():
                wanted[person] -= 1
            window.append((record, event))
            if all(n <= 0 for n in wanted.values()):
                break
        self.accounts = accounts
        for record, event in reversed(window):
            self._take(record, event)
            self.seen = record.seq

    def feed(self, records: Sequence[Record]) -> int:
        """Take in records after `seen` (older ones are skipped); returns how many were new."""
        taken = 0
        for record in records:
            if record.seq <= self.seen:
                continue
            self._take(record, record.event)
            self.seen = record.seq
            taken += 1
        return taken

    def _effect(self, record: Record, event: ev.Event) -> tuple[defaultdict[str, int], set[str], int]:
        """Each account's cash change, who the event concerns, and the action its lines belong to."""
        if isinstance(event, ev.MARKERS):
            target = self.events_of(event.action)
            sign = -1 if isinstance(event, ev.ActionUndone) else 1
            legs: Sequence[ev.Transfer] = [leg for inner in target for leg in inner.transfers]
            people: set[str] = set().union(*(people_in(inner) for inner in target))
            action = event.action
        else:
            sign, legs, people, action = 1, event.transfers, people_in(event), record.action
        change: defaultdict[str, int] = defaultdict(int)
        for leg in legs:
            change[leg.payer] -= sign * leg.amount
            change[leg.payee] += sign * leg.amount
        return change, people - {ev.BANK, ev.POT}, action

    def _take(self, record: Record, event: ev.Event) -> None:
        change, people, action = self._effect(record, event)
        for account, amount in change.items():
            self.accounts[account] += amount
        text = describe(event, self.money)
        for person in people:
            self.recent[person].append(Line(record.seq, action, record.time, text, change[person],
                                            self.accounts[person], isinstance(event, ev.MARKERS)))

    def of(self, player: str) -> list[Line]:
        """Oldest first."""
        return list(self.recent.get(player, ()))
