"""The pure fold: events in, state out. No I/O, no clock, no randomness.

An action is the group of events one banker line produced. `ActionUndone` and
`ActionRedone` markers decide which actions count; the state is the fold of the
counted actions only, so after an undo it equals a ledger where the action never
happened.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace

from editions import Edition, parse_edition

from . import events as ev
from .errors import FoldError
from .fold_coins import _final_round, _free_house, _mr_monopoly_taken, _released, _trapped
from .fold_deeds import (
    _auction_closed,
    _auction_opened,
    _bid_placed,
    _built,
    _deed_bought,
    _depot_built,
    _depot_sold,
    _handed_over,
    _houses_moved,
    _lifted,
    _mortgaged,
    _returned,
    _sold,
)
from .fold_districts import (
    _blocks_built,
    _build_turn_over,
    _clock_started,
    _hazard_cleared,
    _planning_built,
    _railroad_placed,
    _spun,
    _stadium_built,
    _tower_built,
)
from .fold_tokens import (
    _dice_rolled,
    _jail_roll_failed,
    _jail_rolls,
    _roll_passed,
    _token_at,
    _token_moved,
    card_drawn_here,
    jail_index,
)
from .fold_waits import _debt_recorded, _debt_settled, _decision_awaited, _settle_waits
from .markers import counted_actions, counted_from_index, take_marker  # noqa: F401 - named here as before
from .state import Clock, GameState

try:
    from orjson import dumps as _dumps
except ImportError:  # pragma: no cover - orjson is a dependency
    import json

    def _dumps(data: object) -> bytes:
        return json.dumps(data).encode()

_EDITIONS: dict[tuple[str, bytes], Edition] = {}  # the editions already parsed, by their stored data
_KEEP_EDITIONS = 8


def start(event: ev.GameStarted) -> GameState:
    edition = _edition(event)
    state = GameState.new(edition, tuple(event.players), frozenset(event.house_rules))
    _move_money(state, event.transfers)
    return state


def _edition(event: ev.GameStarted) -> Edition:
    """The edition a game file carries, parsed once per process: checking a file replays it from its start
    again and again (verify, undo far back, the tests' replays), and parsing is most of a short replay.
    Edition is frozen, so one parse serves every replay of the same data."""
    source = f"game file edition {event.edition_id}"
    try:
        key = (event.edition_id, _dumps(event.edition))
    except (TypeError, ValueError):  # data orjson does not write (a tampered file): parsed, not kept
        return parse_edition(event.edition, event.edition_id, source)
    edition = _EDITIONS.get(key)
    if edition is None:
        edition = parse_edition(event.edition, event.edition_id, source)
        if len(_EDITIONS) >= _KEEP_EDITIONS:
            _EDITIONS.clear()
        _EDITIONS[key] = edition
    return edition


def _move_money(state: GameState, transfers: ev.Transfers) -> None:
    accounts = state.accounts
    for leg in transfers:
        payer, payee, amount = leg.payer, leg.payee, leg.amount
        if type(amount) is not int or amount <= 0:
            raise FoldError(f"transfer of {amount} from {payer} to {payee} is not positive")
        if not isinstance(payer, str) or not isinstance(payee, str) or payer not in accounts or payee not in accounts:
            raise FoldError(f"transfer between unknown accounts {payer!r} and {payee!r}")
        accounts[payer] -= amount
        accounts[payee] += amount


def _holding_moved(state: GameState, e: ev.HoldingMoved) -> None:
    counts = state.held.get(e.kind)
    if counts is None:
        raise FoldError(f"this edition has no holding {e.kind!r}")
    if type(e.count) is not int or e.count <= 0 or e.giver not in counts or e.receiver not in counts:
        raise FoldError(f"{e.count} {e.kind} cannot move from {e.giver!r} to {e.receiver!r}")
    if counts[e.giver] < e.count:
        raise FoldError(f"{e.giver} holds {counts[e.giver]} {e.kind}, not {e.count}")
    counts[e.giver] -= e.count
    counts[e.receiver] += e.count


def _jail_entered(state: GameState, e: ev.JailEntered) -> None:
    _to_jail(state, e.player, e.keeps_turn)


def _to_jail(state: GameState, player: str, keeps_turn: bool = False) -> None:
    state.in_jail.add(player)
    if state.tokens is not None:  # 003: "move your token to the Jail space ... your turn ends"
        tokens = _token_at(state, player, jail_index(state))
        if state.whose_roll == player and keeps_turn:  # 001: sent by Mr. Monopoly, the next turn is a jail roll
            tokens = replace(tokens, doubles=0, anywhere="")
        elif state.whose_roll == player:
            tokens = replace(tokens, roll=state.next_player(player), doubles=0, anywhere="")
        elif tokens.anywhere == player:  # jail ends a triples move to any space too (it waits for no one)
            tokens = replace(tokens, anywhere="")
        state.tokens = tokens


def _jail_left(state: GameState, e: ev.JailLeft) -> None:
    state.in_jail.discard(e.player)
    if state.tokens is not None:
        state.tokens = _jail_rolls(state, e.player, 0)
    if e.how == "card":
        state.jail_cards[e.player].remove(e.deck)


def _card_drawn(state: GameState, e: ev.CardDrawn) -> None:
    card_drawn_here(state, e)
    card = next((c for c in state.edition.cards if c.deck == e.deck and c.key == e.card), None)
    if card is not None and card.effect == "jail_free":
        state.jail_cards[e.player].append(e.deck)
    if card is not None and card.effect == "jail":
        _to_jail(state, e.player)


def _jail_card_handed(state: GameState, e: ev.JailCardHandedOver) -> None:
    state.jail_cards[e.giver].remove(e.deck)
    state.jail_cards[e.receiver].append(e.deck)


def _jail_card_returned(state: GameState, e: ev.JailCardReturned) -> None:
    state.jail_cards[e.player].remove(e.deck)


def _bankrupt(state: GameState, e: ev.PlayerWentBankrupt) -> None:
    state.bankrupt.add(e.player)
    state.in_jail.discard(e.player)
    state.trapped.discard(e.player)
    if state.spin is not None and state.spin.player == e.player:
        state.spin = None  # City: a bankrupt player builds no more, so the Build spin of the turn ends
    if state.mr_monopoly == e.player:
        state.mr_monopoly = ""
        state.trapped.clear()  # the token leaves the board with him
    if state.tokens is not None and state.tokens.roll == e.player:
        state.tokens = replace(state.tokens, roll=state.next_player(e.player), doubles=0, anywhere="")
    if state.tokens is not None and state.tokens.anywhere == e.player:  # their triples move: nobody waits for it
        state.tokens = replace(state.tokens, anywhere="")


def _time_limit_set(state: GameState, e: ev.TimeLimitSet) -> None:
    state.time_limit = Clock(e.minutes, e.started)


def _last_round_called(state: GameState, e: ev.LastRoundCalled) -> None:
    state.last_round = True


def _game_ended(state: GameState, e: ev.GameEnded) -> None:
    state.ended = True


def _money_only(state: GameState, e: ev.Event) -> None:
    """Events whose whole effect is their transfers."""


APPLY: dict[type[ev.Event], Callable[[GameState, ev.Event], None]] = {
    ev.CashPaid: _money_only,
    ev.SalaryCollected: _money_only,
    ev.TaxPaid: _money_only,
    ev.RentPaid: _money_only,
    ev.PotCollected: _money_only,
    ev.MortgageInterestPaid: _money_only,
    ev.TradeMade: _money_only,
    ev.PlayerWentBankrupt: _bankrupt,
    ev.CardDrawn: _card_drawn,
    ev.DeedBought: _deed_bought,
    ev.AuctionOpened: _auction_opened,
    ev.BidPlaced: _bid_placed,
    ev.AuctionClosed: _auction_closed,
    ev.DeedMortgaged: _mortgaged,
    ev.MortgageLifted: _lifted,
    ev.DeedHandedOver: _handed_over,
    ev.DeedReturnedToBank: _returned,
    ev.BuildingsBuilt: _built,
    ev.BuildingsSold: _sold,
    ev.HousesMoved: _houses_moved,
    ev.DepotBuilt: _depot_built,
    ev.DepotSold: _depot_sold,
    ev.HoldingMoved: _holding_moved,
    ev.MrMonopolyTaken: _mr_monopoly_taken,
    ev.PlayerTrapped: _trapped,
    ev.PlayerReleased: _released,
    ev.RentReversed: _money_only,
    ev.TaxCollected: _money_only,
    ev.FreeHousePlaced: _free_house,
    ev.FreeHouseDeclined: _money_only,
    ev.FinalRoundPlayed: _final_round,
    ev.FinalRentCollected: _money_only,
    ev.BuildSpun: _spun,
    ev.BuildTurnOver: _build_turn_over,
    ev.BlocksBuilt: _blocks_built,
    ev.RailroadPlaced: _railroad_placed,
    ev.PlanningBuilt: _planning_built,
    ev.HazardCleared: _hazard_cleared,
    ev.StadiumBuilt: _stadium_built,
    ev.TowerBuilt: _tower_built,
    ev.RentDodged: _money_only,
    ev.ClockStarted: _clock_started,
    ev.TimeLimitSet: _time_limit_set,
    ev.LastRoundCalled: _last_round_called,
    ev.GameEnded: _game_ended,
    ev.DiceRolled: _dice_rolled,
    ev.SpeedDieIgnored: _money_only,
    ev.TokenMoved: _token_moved,
    ev.RollPassed: _roll_passed,
    ev.JailRollFailed: _jail_roll_failed,
    ev.JailEntered: _jail_entered,
    ev.JailLeft: _jail_left,
    ev.JailCardHandedOver: _jail_card_handed,
    ev.JailCardReturned: _jail_card_returned,
    ev.DecisionAwaited: _decision_awaited,
    ev.LandingNoted: _money_only,
    ev.DebtRecorded: _debt_recorded,
    ev.DebtSettled: _debt_settled,
}
_NOTHING, _DEEDS = frozenset[str](), frozenset({"deeds"})
# The parts of the state each event's handler changes in place, besides the accounts its money legs move (a part it
# replaces, as `state.spin = Spin(...)`, is the copy's own already). `Timeline.preview` copies only these, and the
# new state shares the rest with the state before it, which nothing changes afterwards. Any other event: a whole copy.
CHANGES: dict[type[ev.Event], frozenset[str]] = {
    **{kind: _NOTHING for kind, handler in APPLY.items() if handler is _money_only},
    ev.TimeLimitSet: _NOTHING, ev.LastRoundCalled: _NOTHING, ev.GameEnded: _NOTHING,
    ev.BuildSpun: _NOTHING, ev.ClockStarted: _NOTHING, ev.MrMonopolyTaken: _NOTHING, ev.PlayerTrapped: _NOTHING,
    ev.FinalRoundPlayed: _NOTHING, ev.HoldingMoved: frozenset({"held"}), ev.DeedBought: _DEEDS,
    ev.DeedMortgaged: _DEEDS, ev.MortgageLifted: _DEEDS, ev.DeedHandedOver: _DEEDS, ev.DeedReturnedToBank: _DEEDS,
    ev.DepotBuilt: frozenset({"deeds", "supply"}), ev.DepotSold: frozenset({"deeds", "supply"}),
    ev.DecisionAwaited: _NOTHING, ev.DebtRecorded: _NOTHING, ev.DebtSettled: _NOTHING,
    ev.DiceRolled: _NOTHING, ev.TokenMoved: _NOTHING, ev.RollPassed: _NOTHING, ev.JailRollFailed: _NOTHING,
}


def changed_parts(events: Iterable[ev.Event]) -> frozenset[str] | None:
    """The parts of the state these events change in place (see CHANGES), or None for every part."""
    parts = _NOTHING
    for event in events:
        changes = CHANGES.get(type(event))
        if changes is None:
            return None
        parts = parts | changes if changes else parts
    return parts


def apply_in_place(state: GameState, event: ev.Event) -> None:
    """Apply one event to a state the caller owns (used on private copies only)."""
    handler = APPLY.get(type(event))
    if handler is None:
        raise FoldError(f"{event.type} cannot apply to a running game")
    _move_money(state, event.transfers)
    try:
        handler(state, event)
        if state.waiting or state.debts:
            _settle_waits(state, event)
    except (KeyError, ValueError) as error:
        if isinstance(error, FoldError):
            raise
        raise FoldError(f"{event.type} does not fit the game: {error}") from None


def apply(state: GameState, events: Iterable[ev.Event]) -> GameState:
    """The state after these events; the given state is left untouched."""
    new = state.copy()
    for event in events:
        apply_in_place(new, event)
    return new


def fold(actions: Sequence[tuple[int, Sequence[ev.Event]]]) -> GameState:
    """State of a whole ledger given as (action number, events) in order."""
    if not actions or not isinstance(actions[0][1][0], ev.GameStarted):
        raise FoldError("a game must begin with GameStarted")
    by_number = {number: events for number, events in actions}
    order, _ = counted_actions(actions)
    state = start(actions[0][1][0])  # type: ignore[arg-type]
    for number in order[1:]:
        for event in by_number[number]:
            apply_in_place(state, event)
    return state
