"""Houses and hotels: even building, the bank's supply, selling back at half."""

from __future__ import annotations

from .. import commands as c
from .. import events as ev
from ..events import BANK
from ..state import HOTEL, SKYSCRAPER, GameState
from .checks import auction_open, not_owner, not_playing, refuse_if
from .money import legs, pay
from .prices import level_cost, sale_value


def building_cost(state: GameState, deed: str) -> int:
    """What everything standing on a deed cost at list price (valuation counts buildings at cost)."""
    holding = state.deeds[deed]
    cost = sum(level_cost(state, deed, lv) for lv in range(1, holding.level + 1))
    return cost + (state.edition.depot_cost if holding.depot else 0)


def building_group(state: GameState, player: str, deed: str) -> tuple[str, ...]:
    """The streets whose buildings must stay even with `deed`: the group, or what the player owns of it.

    Mega builds on "all but one" of a group, evenly across the streets the player owns.
    """
    group = state.group(deed)
    if state.edition.build_needs == "all_but_one":
        return tuple(d for d in group if state.deeds[d].owner == player)
    return group


def uneven(state: GameState, deed: str, new_level: int) -> bool:
    levels = [new_level if d == deed else state.deeds[d].level for d in state.group(deed)]
    return max(levels) - min(levels) > 1


def may_build_on(state: GameState, player: str, deed: str) -> str | None:
    """Whether the player holds enough of the group to build on it at all."""
    group = state.group(deed)
    owned = sum(1 for d in group if state.deeds[d].owner == player)
    colour = state.deed(deed).group.replace("_", " ")
    if state.edition.build_needs == "all_but_one":
        if owned < max(len(group) - 1, min(2, len(group))):
            return f"{player} must own all but one of the {colour} group to build on {deed}"
        return None
    if owned < len(group):
        return f"{player} must own the whole {colour} group to build on {deed}"
    return None


def no_houses_refusal(state: GameState) -> str | None:
    """An edition without houses or hotels (Monopoly City builds blocks) says so and what builds instead.

    Read from the edition's supply (`houses = 0`, `hotels = 0`), so the refusal never offers a house that cannot exist.
    """
    edition = state.edition
    if edition.houses or edition.hotels:
        return None
    if edition.max_blocks:
        return (f"there are no houses or hotels in {edition.name}: press Build (spin <player>), then build blocks "
                f"with build <player> <{edition.term('street')}> residential|industrial")
    return f"there are no houses or hotels in {edition.name}"


def restocked(state: GameState, pieces: str) -> str:
    """How the bank gets pieces back: sold back where the edition allows it, never where it does not."""
    if state.edition.sell_buildings:
        return f"wait until a player sells {pieces} back"
    return f"in {state.edition.name} buildings stay where they are built, so the bank gets none back"


def build_refusal(state: GameState, player: str, deed: str, count: int = 1) -> str | None:
    """Why `count` more building levels cannot go on `deed`, or None."""
    if reason := no_houses_refusal(state):
        return reason
    if state.deed(deed).kind != "street":
        if state.deed(deed).kind == "railroad" and state.edition.has_depots:
            return f"{deed} takes a train depot, not houses: depot {player} \"{deed}\""
        return f"{deed} cannot take buildings; only streets of a colour group can"
    if reason := not_owner(state, player, deed):
        return reason
    if reason := may_build_on(state, player, deed):
        return reason
    siblings = building_group(state, player, deed)
    mortgaged = [d for d in siblings if state.deeds[d].mortgaged]
    if mortgaged:
        return f"lift the mortgage on {mortgaged[0]} first; no building on a group with a mortgaged deed"
    level = state.deeds[deed].level
    target = level + count
    top = SKYSCRAPER if state.deed(deed).skyscraper_cost else HOTEL
    if target > top:
        return f"{deed} has {describe(level)}; {describe(top)} is the most a deed takes"
    if target == SKYSCRAPER and not state.owns_group(player, deed):
        colour = state.deed(deed).group.replace("_", " ")
        return f"a skyscraper needs the whole {colour} group with a hotel on each; {player} does not own it all"
    others = [d for d in siblings if d != deed]
    lowest = min(others, key=lambda d: state.deeds[d].level, default=None)
    if lowest is not None and target > state.deeds[lowest].level + 1:
        if target == SKYSCRAPER:
            return (f"a skyscraper needs a hotel on every street of the group; {lowest} has "
                    f"{describe(state.deeds[lowest].level)}")
        return (f"build evenly: {lowest} has {describe(state.deeds[lowest].level)}, so {deed} "
                f"may not go to {describe(target)}; build on {lowest} first")
    houses_needed = sum(1 for lv in range(level + 1, min(target, HOTEL - 1) + 1))
    if houses_needed > state.bank_houses:
        auction = state.bank_houses or state.edition.sell_buildings  # 003:170 the last houses go by auction
        return (f"the bank has {state.bank_houses} houses left and this needs {houses_needed}; "
                f"{restocked(state, 'some')}{' (or auction them if several want them)' if auction else ''}")
    if level < HOTEL <= target and state.bank_hotels < 1:  # a skyscraper is built on a hotel
        return f"the bank has no hotels left; {restocked(state, 'one')}"
    if target == SKYSCRAPER and state.supply.get("skyscrapers", 0) < 1:
        return f"the bank has no skyscrapers left; {restocked(state, 'one')}"
    return None


def describe(level: int) -> str:
    if level == SKYSCRAPER:
        return "a skyscraper"
    if level == HOTEL:
        return "a hotel"
    return f"{level} house{'s' if level != 1 else ''}" if level else "no buildings"


def build(state: GameState, cmd: c.Build) -> list[ev.Event]:
    refuse_if(auction_open(state), not_playing(state, cmd.player),
              build_refusal(state, cmd.player, cmd.deed, cmd.count))
    level = state.deeds[cmd.deed].level
    target = level + cmd.count
    cost = sum(level_cost(state, cmd.deed, lv) for lv in range(level + 1, target + 1))
    leg = pay(state, cmd.player, BANK, cost, f"building {cmd.count} on {cmd.deed}")
    return [ev.BuildingsBuilt(cmd.player, cmd.deed, target, transfers=(leg,))]


def sell_refusal(state: GameState, player: str, deed: str, count: int = 1) -> str | None:
    if not state.edition.sell_buildings:
        return f"buildings are never sold back in {state.edition.name}: they stay on {deed} for the rest of the game"
    if reason := not_owner(state, player, deed):
        return reason
    if state.deeds[deed].depot:
        return None if count == 1 else f"{deed} has one train depot; sell it with: sell {player} \"{deed}\""
    level = state.deeds[deed].level
    if count > level:
        return f"{deed} has {describe(level)}; there is not that much to sell"
    target = level - count
    if level == SKYSCRAPER and target >= HOTEL - 1 and state.bank_hotels < 1 and target == HOTEL:
        return (f"the skyscraper on {deed} reverts to a hotel and the bank has none; sell it with the hotel: "
                f"sell {player} \"{deed}\" 2")
    if level >= HOTEL and 0 < target < HOTEL and state.bank_houses < target:
        have = state.bank_houses
        if not have:
            return (f"the bank has no houses to give for the hotel on {deed}; sell the hotel with its houses: "
                    f"sell {player} \"{deed}\" {level}")
        return (f"the bank has only {have} houses to give for the hotel on {deed}; sell it down to "
                f"{have} houses: sell {player} \"{deed}\" {level - have}")
    others = [d for d in building_group(state, player, deed) if d != deed]
    highest = max(others, key=lambda d: state.deeds[d].level, default=None)
    if highest is not None and target < state.deeds[highest].level - 1 \
            and not hotel_cannot_break_evenly(state, deed, level):
        return (f"sell evenly: {highest} has {describe(state.deeds[highest].level)}, so {deed} "
                f"may not drop to {describe(target)}; sell from {highest} first")
    return None


def hotel_cannot_break_evenly(state: GameState, deed: str, level: int) -> bool:
    """A hotel the bank lacks the houses to break evenly with its group.

    000 lets all hotels of a group be sold at once; with too few houses in the bank
    the even-selling rule would otherwise keep them from ever being sold.
    """
    if level != HOTEL:
        return False
    others = [state.deeds[d].level for d in state.group(deed) if d != deed]
    return state.bank_houses < max(others, default=0) - 1


def sell(state: GameState, cmd: c.SellBuildings) -> list[ev.Event]:
    refuse_if(auction_open(state), not_playing(state, cmd.player),
              sell_refusal(state, cmd.player, cmd.deed, cmd.count))
    if state.deeds[cmd.deed].depot:
        leg = ev.Transfer(BANK, cmd.player, state.edition.depot_sellback)
        return [ev.DepotSold(cmd.player, cmd.deed, transfers=legs(leg))]
    level = state.deeds[cmd.deed].level
    target = level - cmd.count
    value = sale_value(state, cmd.deed, level, target)
    return [ev.BuildingsSold(cmd.player, cmd.deed, target, transfers=(ev.Transfer(BANK, cmd.player, value),))]


def completed_built_groups(before: GameState, after: GameState) -> list[str]:
    """Mega (000): acquiring the last street of a group already built on obliges the owner to
    lift its mortgage at once and build it up evenly, or redistribute the houses."""
    if before.edition.build_needs != "all_but_one":
        return []
    notes = []
    for deed, holding in after.deeds.items():
        owner = holding.owner
        if owner == before.deeds[deed].owner or owner in (BANK,) or after.deed(deed).kind != "street":
            continue
        group = after.group(deed)
        if not after.owns_group(owner, deed) or not any(after.deeds[d].level for d in group):
            continue
        # even = no street more than one level above another: the new one must reach the highest less one
        need = max(after.deeds[d].level for d in group if d != deed) - 1
        todo = [f"lift its mortgage now: unmortgage {owner} \"{deed}\""] if holding.mortgaged else []
        if holding.level < need:
            todo.append(f"build it up to {describe(need)} or more (build {owner} \"{deed}\"), "
                        f"or move houses onto it free: redistribute {owner} <street> \"{deed}\"")
        if not todo:
            continue
        until = " and ".join(w for w, due in (("the mortgage is lifted", holding.mortgaged),
                                              ("the group is even", holding.level < need)) if due)
        notes.append(f"{owner} now owns the whole {after.deed(deed).group.replace('_', ' ')} group with "
                     f"buildings on it: {'; '.join(todo)}; no other building there until {until} (rulebook 000)")
    return notes
