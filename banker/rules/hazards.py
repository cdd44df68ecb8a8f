"""Monopoly City's planning permission (rulebook 004): hazards on others' districts, bonus buildings on one's own,
and clearing a hazard."""

from __future__ import annotations

from .. import commands as c
from .. import events as ev
from ..events import BANK
from ..state import GameState
from .checks import auction_open, not_owner, not_playing, refuse_if
from .districts import district_word, not_city, not_district
from .money import bought_from_bank


def planning_refusal(state: GameState, player: str, deed: str, kind: str, name: str) -> str | None:
    """A hazard goes on another player's or an unowned district; a bonus on one's own or an unowned one;
    a bonus building and a hazard exclude each other (004)."""
    if reason := not_city(state) or not_district(state, deed):
        return reason
    holding = state.deeds[deed]
    if kind == "hazard" and holding.owner == player:
        return f"{player} owns {deed}; a hazard goes on another player's or an unowned district"
    if kind == "bonus" and holding.owner not in (player, BANK):
        return f"{deed} is {holding.owner}'s; a bonus building goes on your own or an unowned district"
    if holding.bonus:
        return (f"{deed} has a {holding.bonus}: a bonus building keeps hazards and other bonus buildings out; "
                f"pick another {district_word(state)}")
    if holding.hazard:
        return (f"{deed} has a {holding.hazard}: a hazard keeps bonus buildings and other hazards out; "
                f"pick another {district_word(state)}")
    return None


def build_planning(state: GameState, cmd: c.BuildPlanning) -> list[ev.Event]:
    refuse_if(auction_open(state), not_playing(state, cmd.player),
              planning_refusal(state, cmd.player, cmd.deed, cmd.kind, cmd.name))
    return [ev.PlanningBuilt(cmd.player, cmd.deed, cmd.kind, cmd.name)]


def clear_hazard(state: GameState, cmd: c.ClearHazard) -> list[ev.Event]:
    """M500k per block the hazard occupies, to the bank (a prison is 4 blocks: M2m)."""
    refuse_if(not_city(state), not_district(state, cmd.deed))
    hazard = state.deeds[cmd.deed].hazard
    reason = not_owner(state, cmd.player, cmd.deed) or (None if hazard else f"{cmd.deed} has no hazard to clear; "
                                                                          "nothing to pay")
    blocks = state.edition.hazards[hazard].blocks if hazard else 0
    per_block = state.edition.hazard_clear_per_block
    paid = bought_from_bank(state, cmd.player, reason, blocks * per_block, f"clearing the {hazard} from {cmd.deed}")
    basis = f"{hazard}: {blocks} block{'s' if blocks != 1 else ''} × {state.edition.money(per_block)}"
    return [ev.HazardCleared(cmd.player, cmd.deed, basis, transfers=paid)]
