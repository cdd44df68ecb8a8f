"""Mega Edition pieces: train depots, bus tickets and the Birthday Gift (rulebook 000)."""

from __future__ import annotations

from .. import commands as c
from .. import events as ev
from ..errors import Refusal
from ..events import BANK
from ..state import GameState
from ..waits import first_waiting
from .buildings import no_houses_refusal, restocked
from .checks import auction_open, not_owner, not_playing, refuse_if
from .holdings import from_bank, kind_named, out_of_play
from .money import bought_from_bank

TICKET = "bus_ticket"


def depot_refusal(state: GameState, player: str, deed: str) -> str | None:
    """Why a train depot cannot go on this railroad now, or None."""
    if not state.edition.has_depots:
        return f"{state.edition.name} has no train depots (they are in the Mega Edition)"
    word = state.edition.term("railroad")
    if state.deed(deed).kind != "railroad":
        return f"{deed} is not a {word}; a train depot goes on a {word}"
    if reason := not_owner(state, player, deed):
        return reason
    holding = state.deeds[deed]
    if holding.depot:
        return f"{deed} already has its train depot; one per {word}"
    if holding.mortgaged:
        return f"lift the mortgage on {deed} first; no depot on a mortgaged {word}"
    if state.supply.get("depots", 0) < 1:
        return f"the bank has no train depots left; {restocked(state, 'one')}"
    return None


def build_depot(state: GameState, cmd: c.BuildDepot) -> list[ev.Event]:
    paid = bought_from_bank(state, cmd.player, depot_refusal(state, cmd.player, cmd.deed),
                            state.edition.depot_cost, f"a train depot on {cmd.deed}")
    return [ev.DepotBuilt(cmd.player, cmd.deed, transfers=paid)]


def take_ticket(state: GameState, cmd: c.TakeTicket) -> list[ev.Event]:
    """A Bus Ticket space or a Bus roll; "All Tickets Expire" voids every other ticket held."""
    refuse_if(auction_open(state), not_playing(state, cmd.player), kind_named(state, TICKET, "bus tickets"))
    taken = from_bank(state, TICKET, cmd.player, "All Tickets Expire" if cmd.expire else "bus ticket")
    if not cmd.expire:
        return [taken]
    expired: list[ev.Event] = [ev.HoldingMoved(TICKET, p, ev.OUT, state.count(TICKET, p), "expired")
                               for p in state.players if state.count(TICKET, p)]
    return [*expired, taken]


def ride(state: GameState, cmd: c.Ride) -> list[ev.Event]:
    """A ticket used instead of rolling: out of play for the rest of the game (000)."""
    refuse_if(auction_open(state), not_playing(state, cmd.player), kind_named(state, TICKET, "bus tickets"))
    if state.count(TICKET, cmd.player) < 1:
        raise Refusal(f"{cmd.player} holds no bus ticket; roll the dice instead")
    if cmd.player in state.in_jail:  # 000:166-173: jail is left by doubles, a card or the fine, not by bus
        raise Refusal(f"{cmd.player} is in jail and leaves it first: bail {cmd.player}, usecard {cmd.player}, "
                      "or roll doubles; the bus ticket waits for a later turn")
    if state.tokens is None:
        return [out_of_play(state, TICKET, cmd.player, "ridden")]
    if state.whose_roll != cmd.player:  # a game that follows the tokens: the ticket is the player's roll
        raise Refusal(f"it is {state.whose_roll}'s roll; {cmd.player} rides the bus instead of rolling, on their turn")
    if waiting := first_waiting(state):
        raise Refusal(f"a ride is the player's roll, and the table waits before the next roll: {waiting}")
    space = state.edition.spaces[state.position(cmd.player)].name
    # 000:80 the move itself comes next, forward on the same side of the board: `move <player> <space>`
    return [out_of_play(state, TICKET, cmd.player, "ridden"), ev.DecisionAwaited(cmd.player, "move", space, "ride"),
            ev.RollPassed(state.next_player(cmd.player))]


def birthday_gift(state: GameState, cmd: c.BirthdayGift) -> list[ev.Event]:
    """The Birthday Gift space: the amount on the space from the bank, or a bus ticket (000)."""
    refuse_if(auction_open(state), not_playing(state, cmd.player))
    space = next((s for s in state.edition.spaces if s.type == "birthday_gift"), None)
    if space is None:
        raise Refusal(f"{state.edition.name} has no Birthday Gift space")
    if cmd.ticket:
        refuse_if(kind_named(state, TICKET, "bus tickets"))
        if state.count(TICKET, BANK) < 1:
            raise Refusal(f"the bank has no bus tickets left; take the {state.edition.money(space.amount)}: "
                          f"gift {cmd.player}")
        return [from_bank(state, TICKET, cmd.player, "birthday gift")]
    return [ev.CashPaid("birthday gift", transfers=(ev.Transfer(BANK, cmd.player, space.amount),))]


def redistribute_refusal(state: GameState, player: str, source: str, target: str, count: int) -> str | None:
    """Mega (000): on acquiring the last street of a built group, "redistribute existing houses among
    all properties of the group" -- free, houses only, never widening the gap between streets."""
    if state.edition.build_needs != "all_but_one":
        if reason := no_houses_refusal(state):
            return reason
        if not state.edition.sell_buildings:
            return (f"redistributing houses is a Mega Edition rule; in {state.edition.name} houses stay where "
                    "they are built: build on the street that needs them")
        return f"redistributing houses is a Mega Edition rule; in {state.edition.name} sell and build instead"
    if reason := not_owner(state, player, source) or not_owner(state, player, target):
        return reason
    if source == target or state.deed(source).group != state.deed(target).group or state.deed(source).kind != "street":
        return f"houses move between two streets of one colour group; {source} and {target} are not"
    if state.deeds[target].mortgaged:
        return f"lift the mortgage on {target} first: unmortgage {player} \"{target}\""
    levels = {d: state.deeds[d].level for d in state.group(source) if state.deeds[d].owner == player}
    if levels[source] > 4:
        return f"only houses move and {source} has a hotel; sell it down to houses first"
    if levels[source] < count:
        return f"{source} has {levels[source]} house{'s' * (levels[source] != 1)}; move at most that"
    if levels[target] + count > 4:
        return f"{target} may hold at most 4 houses; move at most {4 - levels[target]}"
    after = dict(levels, **{source: levels[source] - count, target: levels[target] + count})
    if max(after.values()) - min(after.values()) > max(levels.values()) - min(levels.values()):
        return f"moving {count} from {source} to {target} makes the group less even; move toward the lowest street"
    return None


def redistribute(state: GameState, cmd: c.Redistribute) -> list[ev.Event]:
    refuse_if(auction_open(state), not_playing(state, cmd.player),
              redistribute_refusal(state, cmd.player, cmd.source, cmd.target, cmd.count))
    return [ev.HousesMoved(cmd.player, cmd.source, cmd.target, cmd.count)]
