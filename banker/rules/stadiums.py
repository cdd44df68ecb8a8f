"""Monopoly City's stadiums and the Monopoly Tower (rulebook 004): one stadium a colour group, two in the game;
one tower, on a whole group of a player who owns two."""

from __future__ import annotations

from .. import commands as c
from .. import events as ev
from ..state import GameState
from .checks import not_owner
from .districts import colour, not_city, not_district, not_mortgaged
from .money import bought_from_bank


def stadium_refusal(state: GameState, player: str, deed: str) -> str | None:
    if reason := not_city(state) or not_district(state, deed) or not_owner(state, player, deed):
        return reason
    if reason := not_mortgaged(state, deed, "a stadium"):
        return reason
    group = state.group(deed)
    if sum(state.deeds[d].owner == player for d in group) < 2:
        return f"a stadium needs two {colour(state, deed)} districts; {player} owns one: buy another one first"
    if any(state.deeds[d].stadium for d in group):
        return f"the {colour(state, deed)} group already has its stadium; one per colour group"
    if state.supply.get("stadiums", 0) < 1:
        return "both stadiums are built; there are only two in the game"
    return None


def build_stadium(state: GameState, cmd: c.BuildStadium) -> list[ev.Event]:
    paid = bought_from_bank(state, cmd.player, stadium_refusal(state, cmd.player, cmd.deed),
                            state.edition.stadium_cost, f"a stadium on {cmd.deed}")
    return [ev.StadiumBuilt(cmd.player, cmd.deed, transfers=paid)]


def whole_groups(state: GameState, player: str) -> list[str]:
    groups = dict.fromkeys(state.deed(d).group for d in state.deeds_of(player) if state.deed(d).kind == "district")
    return [g for g in groups if all(h.owner == player for n, h in state.deeds.items() if state.deed(n).group == g)]


def tower_refusal(state: GameState, player: str, deed: str) -> str | None:
    if reason := not_city(state) or not_district(state, deed) or not_owner(state, player, deed):
        return reason
    if reason := not_mortgaged(state, deed, "the Monopoly Tower"):
        return reason
    complete = whole_groups(state, player)
    if len(complete) < 2:
        return (f"the Monopoly Tower needs two whole colour groups; {player} owns {len(complete)}: "
                f"complete another group first")
    if state.deed(deed).group not in complete:
        groups = ", ".join(g.replace("_", " ") for g in complete)
        return f"the Monopoly Tower goes on a district of a whole group {player} owns: {groups}"
    if state.supply.get("towers", 0) < 1:
        return "the Monopoly Tower is already built"
    return None


def build_tower(state: GameState, cmd: c.BuildTower) -> list[ev.Event]:
    paid = bought_from_bank(state, cmd.player, tower_refusal(state, cmd.player, cmd.deed),
                            state.edition.tower_cost, f"the Monopoly Tower on {cmd.deed}")
    return [ev.TowerBuilt(cmd.player, cmd.deed, transfers=paid)]
