"""Monopoly City's skyscraper (rulebook 004): one on a whole colour group, doubling its rent. (Mega's skyscraper is
a building level above the hotel: `buildings.py`.)"""

from __future__ import annotations

from .. import commands as c
from .. import events as ev
from ..state import SKYSCRAPER, GameState
from .checks import not_owner
from .districts import colour, not_city, not_district, not_mortgaged
from .money import bought_from_bank


def skyscraper_refusal(state: GameState, player: str, deed: str) -> str | None:
    if reason := not_city(state) or not_district(state, deed) or not_owner(state, player, deed):
        return reason
    if reason := not_mortgaged(state, deed, "a skyscraper"):
        return reason
    if not state.owns_group(player, deed):
        return (f"a skyscraper needs the whole {colour(state, deed)} group; {player} does not own it all: "
                f"get the rest of the group first")
    if any(state.deeds[d].skyscraper for d in state.group(deed)):
        return f"the {colour(state, deed)} group already has its skyscraper; one per colour group"
    if state.supply.get("skyscrapers", 0) < 1:
        return "the bank has no skyscrapers left"
    return None


def build_skyscraper(state: GameState, cmd: c.BuildSkyscraper) -> list[ev.Event]:
    paid = bought_from_bank(state, cmd.player, skyscraper_refusal(state, cmd.player, cmd.deed),
                            state.deed(cmd.deed).skyscraper_cost, f"a skyscraper on {cmd.deed}")
    return [ev.BuildingsBuilt(cmd.player, cmd.deed, SKYSCRAPER, transfers=paid)]
