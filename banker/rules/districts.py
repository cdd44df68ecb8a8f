"""Monopoly City (rulebook 004): districts and blocks, the Build spin and its railroads, and the checks every City
building shares (its hazards and bonuses, stadiums, tower, skyscraper and Rent Dodge card have their own modules)."""

from __future__ import annotations

from .. import commands as c
from .. import events as ev
from ..errors import Refusal
from ..events import BANK
from ..state import GameState
from .checks import auction_open, not_owner, not_playing, refuse_if
from .money import pay

SPINS = ("1", "2", "3", "railroad")


def not_city(state: GameState) -> str | None:
    if state.edition.max_blocks:
        return None
    return f"{state.edition.name} has no blocks, hazards or trading unit; that is Monopoly City"


def not_district(state: GameState, deed: str) -> str | None:
    word = state.edition.term("street")
    return None if state.deed(deed).kind == "district" else f"{deed} is not a {word}"


def colour(state: GameState, deed: str) -> str:
    return state.deed(deed).group.replace("_", " ")


def district_word(state: GameState) -> str:
    return state.edition.term("street")


def not_mortgaged(state: GameState, deed: str, what: str) -> str | None:
    """004: building again "right away" after buying back; in jail "as long as they are not mortgaged"."""
    if state.deeds[deed].mortgaged:
        return f"{deed} is mortgaged; buy it back (unmortgage) before building {what}"
    return None


def spin_refusal(state: GameState, player: str) -> str | None:
    """004:155 "You can press the Build button once per turn". A followed table knows the turns: the next roll ends
    the press (`BuildTurnOver`): the player's own (doubles give another turn, 004:83) or the next player's, so the
    press never reaches the player's next turn. A plain table takes the banker's word: the next press needs another
    player's press in between, or `again`."""
    if state.tokens is not None and state.spin is not None and state.spin.player == player:
        return (f"{player} pressed Build once this turn already, and the Build button is pressed once per turn "
                f"(004:155): the next press comes after the next roll")
    if state.spin is not None and state.spin.player == player:
        return (f"{player} already pressed Build this turn; a new turn of {player}'s (doubles, or nobody else "
                f"pressed Build since) says so: spin {player} again")
    return None


def spin(state: GameState, cmd: c.SpinBuild) -> list[ev.Event]:
    refuse_if(not_city(state), auction_open(state), not_playing(state, cmd.player),
              None if cmd.again and state.tokens is None else spin_refusal(state, cmd.player))
    if cmd.result not in SPINS:
        raise Refusal(f"{cmd.result!r} is not a Build result; write 1, 2, 3 or railroad (or leave it out)")
    return [ev.BuildSpun(cmd.player, cmd.result)]


def blocks_refusal(state: GameState, player: str, deed: str, kind: str, count: int) -> str | None:
    """Why `count` blocks of `kind` cannot go on this district now, or None."""
    if reason := not_city(state) or not_district(state, deed) or not_owner(state, player, deed):
        return reason
    holding = state.deeds[deed]
    if holding.mortgaged:
        return f"{deed} is mortgaged; buy it back before building"
    allowance = state.spin
    if allowance is None or allowance.player != player:
        return f"press Build first: spin {player}"
    if allowance.blocks_left == 0 and not allowance.railroad:
        return f"{player} has used this turn's Build spin; the next press comes on {player}'s next turn"
    if allowance.blocks_left == 0:
        return f"{player}'s Build spin allows a railroad, no blocks, this turn: railroad {player} <district>"
    if allowance.blocks_left < count:
        left = allowance.blocks_left
        return f"{player}'s Build spin allows {left} block{'s' if left != 1 else ''} this turn; build at most that"
    top = state.edition.max_blocks
    if holding.blocks >= top:
        return f"{deed} has {holding.blocks} blocks, the most a {district_word(state)} takes; build on another one"
    if holding.blocks + count > top:
        return f"{deed} has {holding.blocks} blocks and takes at most {top}; build at most {top - holding.blocks}"
    return None


def build_blocks(state: GameState, cmd: c.BuildBlocks) -> list[ev.Event]:
    refuse_if(auction_open(state), not_playing(state, cmd.player),
              blocks_refusal(state, cmd.player, cmd.deed, cmd.kind, cmd.count))
    card = state.deed(cmd.deed)
    price = card.residential_cost if cmd.kind == "residential" else card.industrial_cost
    leg = pay(state, cmd.player, BANK, price * cmd.count, f"{cmd.count} {cmd.kind} blocks on {cmd.deed}")
    return [ev.BlocksBuilt(cmd.player, cmd.deed, cmd.kind, cmd.count, transfers=(leg,))]


def place_railroad(state: GameState, cmd: c.PlaceRailroad) -> list[ev.Event]:
    """A railroad spin: one free railroad on any district (004)."""
    refuse_if(not_city(state), auction_open(state), not_playing(state, cmd.player), not_district(state, cmd.deed))
    spun = state.spin
    if spun is None or spun.player != cmd.player:
        raise Refusal(f"a railroad needs a railroad Build spin this turn: spin {cmd.player}")
    if spun.blocks_left:
        raise Refusal(f"{cmd.player}'s Build spin this turn allows blocks, not a railroad; build blocks, "
                      f"or wait for a railroad spin on a later turn")
    if not spun.railroad:
        raise Refusal(f"{cmd.player} has used this turn's Build spin; a railroad needs a railroad spin on a later turn")
    if state.deeds[cmd.deed].railroad:
        raise Refusal(f"{cmd.deed} already has a railroad; pick another district")
    return [ev.RailroadPlaced(cmd.player, cmd.deed)]
