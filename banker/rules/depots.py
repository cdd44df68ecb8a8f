"""Train depots on railroads (rulebook 000, the Mega Edition's piece; any edition that prices one in its data)."""

from __future__ import annotations

from .. import commands as c
from .. import events as ev
from ..state import GameState
from .buildings import restocked
from .checks import not_owner
from .money import bought_from_bank


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
