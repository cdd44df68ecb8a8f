"""Bus tickets: taken on a Bus Ticket space or a Bus roll, ridden instead of rolling, given as a Birthday Gift
(rulebook 000)."""

from __future__ import annotations

from .. import commands as c
from .. import events as ev
from ..errors import Refusal
from ..events import BANK
from ..state import GameState
from ..waits import first_waiting
from .checks import auction_open, not_playing, refuse_if
from .holdings import from_bank, kind_named, out_of_play

TICKET = "bus_ticket"


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
