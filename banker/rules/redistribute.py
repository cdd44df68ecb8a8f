"""Houses moved free within a group when its last street is acquired (rulebook 000, under the `all_but_one` build
rule)."""

from __future__ import annotations

from .. import commands as c
from .. import events as ev
from ..state import GameState
from .buildings import no_houses_refusal
from .checks import auction_open, not_owner, not_playing, refuse_if


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
