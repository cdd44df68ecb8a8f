"""The places of a game as a tournament ranks them (docs/places.md says where each rule comes from).

Solvent players first, by the edition's own measure (net worth; Sore Losers: cash; City: cash plus rent values),
then the tie-breaks; every bankrupt player after every solvent one, the last to go out first. Players equal on
every step share a place (1, 2, 2, 4): a place is never decided by seating or by name.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from . import events as ev
from .state import GameState
from .timeline import Timeline
from .valuation import Worth, ranking_value, score

# Each edition's measure, then its tie-breaks, by the `score --json` names of the amounts compared.
TIE_BREAKS = {"net_worth": ("cash",), "cash": ("net_worth",)}


@dataclass(frozen=True)
class Place:
    place: int
    worth: Worth
    out: int | None = None  # a bankrupt's turn to go out (1 = the first); None while still in the game

    @property
    def name(self) -> str:
        return self.worth.name


def order_used(state: GameState) -> list[str]:
    """The comparisons, in order, as `score --json` names them."""
    return [*_measures(state), "bankrupt: the last to go out first"]


def _measures(state: GameState) -> tuple[str, ...]:
    measure = "cash" if state.edition.winner_by == "cash" else "net_worth"
    return (measure, *TIE_BREAKS[measure])


def _key(state: GameState, w: Worth) -> tuple[int, ...]:
    return (ranking_value(state, w), *(getattr(w, name) for name in _measures(state)[1:]))


def places(state: GameState, out_order: Sequence[str]) -> list[Place]:
    """Every player's place, best first. `out_order`: the bankrupt players in the order they went out (a bankrupt
    player missing from it, which only a damaged ledger could cause, counts as out before all of them)."""
    table, _ = score(state)
    gone_in_order = [n for n in out_order if n in state.bankrupt]
    out = {name: gone_in_order.index(name) + 1 if name in gone_in_order else 0 for name in state.bankrupt}
    ranked: list[Place] = []
    keys: list[tuple[int, ...]] = []
    solvent = sorted((w for w in table if not w.bankrupt), key=lambda w: _key(state, w), reverse=True)
    gone = sorted((w for w in table if w.bankrupt), key=lambda w: -out[w.name])
    for i, w in enumerate([*solvent, *gone]):
        key = (1, *_key(state, w)) if not w.bankrupt else (0, out[w.name])
        shared = bool(keys) and keys[-1] == key
        ranked.append(Place(ranked[-1].place if shared else i + 1, w, out[w.name] if w.bankrupt else None))
        keys.append(key)
    return ranked


def out_order(actions: Iterable[Sequence[ev.Event]]) -> list[str]:
    """The bankrupt players in the order they went out, from the events of the actions that count, in order."""
    order: list[str] = []
    for events in actions:
        for event in events:
            if isinstance(event, ev.PlayerWentBankrupt) and event.player not in order:
                order.append(event.player)
    return order


def out_order_of(timeline: Timeline) -> list[str]:
    """The bankrupt players in the order they went out in the game as it stands (undone actions left out)."""
    return out_order(timeline.events_of(number) for number in timeline.counted)


def places_json(state: GameState, out_order: Sequence[str]) -> dict[str, int]:
    return {p.name: p.place for p in places(state, out_order)}


def finished(state: GameState, now: datetime | None = None) -> tuple[str | None, str | None]:
    """How the game finished ("last one standing", "time limit", "final rent round", "game clock"), or why it has
    not (a league records only finished games)."""
    if len(state.active_players) <= 1:
        return "last one standing", None
    if state.game_over:
        return "time limit", None
    if state.edition.final_rent_round:
        if state.final_round:
            return "final rent round", None
        return None, "the final rent round is not played yet (`final`, once every property is owned)"
    if state.clock is not None:
        ends = datetime.fromisoformat(state.clock.started) + timedelta(minutes=state.clock.minutes)
        if (now or datetime.now(UTC)) >= ends:
            return "game clock", None
        return None, f"the game clock runs until {ends.isoformat(timespec='minutes')}"
    if state.time_limit is not None:
        return None, ("the last round is not over yet" if state.last_round else
                      "the time limit has not run out; the last round comes after it")
    return None, (f"{len(state.active_players)} players are still in and the game has no time limit; it ends "
                  "with one player left (or start a timed game: `banker new ... --time-limit 90`)")
