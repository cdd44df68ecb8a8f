"""Monopoly City (rulebook 004): the Build spin, blocks, planning permission, stadiums,
skyscrapers, the Monopoly Tower, the Rent Dodge card and the game clock."""

from __future__ import annotations

from .. import commands as c
from .. import events as ev
from ..errors import Refusal
from ..events import BANK
from ..state import SKYSCRAPER, GameState
from .checks import auction_open, not_owner, not_playing, refuse_if
from .deeds import rent_refusal
from .money import bought_from_bank, pay

SPINS = ("1", "2", "3", "railroad")


def _city(state: GameState) -> str | None:
    if state.edition.max_blocks:
        return None
    return f"{state.edition.name} has no blocks, hazards or trading unit; that is Monopoly City"


def _district(state: GameState, deed: str) -> str | None:
    word = state.edition.term("street")
    return None if state.deed(deed).kind == "district" else f"{deed} is not a {word}"


def _colour(state: GameState, deed: str) -> str:
    return state.deed(deed).group.replace("_", " ")


def _word(state: GameState) -> str:
    return state.edition.term("street")


def _not_mortgaged(state: GameState, deed: str, what: str) -> str | None:
    """004: building again "right away" after buying back; in jail "as long as they are not mortgaged"."""
    if state.deeds[deed].mortgaged:
        return f"{deed} is mortgaged; buy it back (unmortgage) before building {what}"
    return None


def spin_refusal(state: GameState, player: str) -> str | None:
    """Once per turn: a player's next press needs another player's press in between (004)."""
    if state.spin is not None and state.spin.player == player:
        return (f"{player} already pressed Build this turn; a new turn of {player}'s (doubles, or nobody else "
                f"pressed Build since) says so: spin {player} again")
    return None


def spin(state: GameState, cmd: c.SpinBuild) -> list[ev.Event]:
    refuse_if(_city(state), auction_open(state), not_playing(state, cmd.player),
              None if cmd.again else spin_refusal(state, cmd.player))
    if cmd.result not in SPINS:
        raise Refusal(f"{cmd.result!r} is not a Build result; write 1, 2, 3 or railroad (or leave it out)")
    return [ev.BuildSpun(cmd.player, cmd.result)]


def blocks_refusal(state: GameState, player: str, deed: str, kind: str, count: int) -> str | None:
    """Why `count` blocks of `kind` cannot go on this district now, or None."""
    if reason := _city(state) or _district(state, deed) or not_owner(state, player, deed):
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
        return f"{deed} has {holding.blocks} blocks, the most a {_word(state)} takes; build on another one"
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
    refuse_if(_city(state), auction_open(state), not_playing(state, cmd.player), _district(state, cmd.deed))
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


def planning_refusal(state: GameState, player: str, deed: str, kind: str, name: str) -> str | None:
    """A hazard goes on another player's or an unowned district; a bonus on one's own or an unowned one;
    a bonus building and a hazard exclude each other (004)."""
    if reason := _city(state) or _district(state, deed):
        return reason
    holding = state.deeds[deed]
    if kind == "hazard" and holding.owner == player:
        return f"{player} owns {deed}; a hazard goes on another player's or an unowned district"
    if kind == "bonus" and holding.owner not in (player, BANK):
        return f"{deed} is {holding.owner}'s; a bonus building goes on your own or an unowned district"
    if holding.bonus:
        return (f"{deed} has a {holding.bonus}: a bonus building keeps hazards and other bonus buildings out; "
                f"pick another {_word(state)}")
    if holding.hazard:
        return (f"{deed} has a {holding.hazard}: a hazard keeps bonus buildings and other hazards out; "
                f"pick another {_word(state)}")
    return None


def build_planning(state: GameState, cmd: c.BuildPlanning) -> list[ev.Event]:
    refuse_if(auction_open(state), not_playing(state, cmd.player),
              planning_refusal(state, cmd.player, cmd.deed, cmd.kind, cmd.name))
    return [ev.PlanningBuilt(cmd.player, cmd.deed, cmd.kind, cmd.name)]


def clear_hazard(state: GameState, cmd: c.ClearHazard) -> list[ev.Event]:
    """M500k per block the hazard occupies, to the bank (a prison is 4 blocks: M2m)."""
    refuse_if(_city(state), _district(state, cmd.deed))
    hazard = state.deeds[cmd.deed].hazard
    reason = not_owner(state, cmd.player, cmd.deed) or (None if hazard else f"{cmd.deed} has no hazard to clear; "
                                                                          "nothing to pay")
    blocks = state.edition.hazards[hazard].blocks if hazard else 0
    per_block = state.edition.hazard_clear_per_block
    paid = bought_from_bank(state, cmd.player, reason, blocks * per_block, f"clearing the {hazard} from {cmd.deed}")
    basis = f"{hazard}: {blocks} block{'s' if blocks != 1 else ''} × {state.edition.money(per_block)}"
    return [ev.HazardCleared(cmd.player, cmd.deed, basis, transfers=paid)]


def stadium_refusal(state: GameState, player: str, deed: str) -> str | None:
    if reason := _city(state) or _district(state, deed) or not_owner(state, player, deed):
        return reason
    if reason := _not_mortgaged(state, deed, "a stadium"):
        return reason
    group = state.group(deed)
    if sum(state.deeds[d].owner == player for d in group) < 2:
        return f"a stadium needs two {_colour(state, deed)} districts; {player} owns one: buy another one first"
    if any(state.deeds[d].stadium for d in group):
        return f"the {_colour(state, deed)} group already has its stadium; one per colour group"
    if state.supply.get("stadiums", 0) < 1:
        return "both stadiums are built; there are only two in the game"
    return None


def build_stadium(state: GameState, cmd: c.BuildStadium) -> list[ev.Event]:
    paid = bought_from_bank(state, cmd.player, stadium_refusal(state, cmd.player, cmd.deed),
                            state.edition.stadium_cost, f"a stadium on {cmd.deed}")
    return [ev.StadiumBuilt(cmd.player, cmd.deed, transfers=paid)]


def skyscraper_refusal(state: GameState, player: str, deed: str) -> str | None:
    if reason := _city(state) or _district(state, deed) or not_owner(state, player, deed):
        return reason
    if reason := _not_mortgaged(state, deed, "a skyscraper"):
        return reason
    if not state.owns_group(player, deed):
        return (f"a skyscraper needs the whole {_colour(state, deed)} group; {player} does not own it all: "
                f"get the rest of the group first")
    if any(state.deeds[d].skyscraper for d in state.group(deed)):
        return f"the {_colour(state, deed)} group already has its skyscraper; one per colour group"
    if state.supply.get("skyscrapers", 0) < 1:
        return "the bank has no skyscrapers left"
    return None


def build_skyscraper(state: GameState, cmd: c.BuildSkyscraper) -> list[ev.Event]:
    paid = bought_from_bank(state, cmd.player, skyscraper_refusal(state, cmd.player, cmd.deed),
                            state.deed(cmd.deed).skyscraper_cost, f"a skyscraper on {cmd.deed}")
    return [ev.BuildingsBuilt(cmd.player, cmd.deed, SKYSCRAPER, transfers=paid)]


def whole_groups(state: GameState, player: str) -> list[str]:
    groups = dict.fromkeys(state.deed(d).group for d in state.deeds_of(player) if state.deed(d).kind == "district")
    return [g for g in groups if all(h.owner == player for n, h in state.deeds.items() if state.deed(n).group == g)]


def tower_refusal(state: GameState, player: str, deed: str) -> str | None:
    if reason := _city(state) or _district(state, deed) or not_owner(state, player, deed):
        return reason
    if reason := _not_mortgaged(state, deed, "the Monopoly Tower"):
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


def dodge_rent(state: GameState, cmd: c.DodgeRent) -> list[ev.Event]:
    """The Rent Dodge card: no rent this landing; the card goes back beside Free Parking (004)."""
    key = dodge_kind(state)
    refuse_if(auction_open(state), not_playing(state, cmd.player),
              None if key else f"{state.edition.name} has no Rent Dodge card",
              rent_refusal(state, cmd.player, cmd.deed, 0))
    assert key is not None
    if state.count(key, cmd.player) < 1:
        raise Refusal(f"{cmd.player} does not hold the Rent Dodge card; pay the rent")
    return [ev.RentDodged(cmd.player, cmd.deed), ev.HoldingMoved(key, cmd.player, BANK, 1, "used")]


def dodge_kind(state: GameState) -> str | None:
    return next((k.key for k in state.edition.holdings.values() if k.taken_on == "free_parking"), None)


def take_at_space(state: GameState, cmd: c.TakeAtSpace) -> list[ev.Event]:
    """Free Parking: take the card from beside the board, or from whoever has not used it yet (004)."""
    refuse_if(auction_open(state), not_playing(state, cmd.player))
    kind = state.edition.holdings[cmd.kind]
    holder = next((a for a, n in state.held[cmd.kind].items() if n and a != ev.OUT), None)
    if holder == cmd.player:
        raise Refusal(f"{cmd.player} already holds the {kind.name}; nothing to take")
    if holder is None:
        raise Refusal(f"the {kind.name} is out of play")
    return [ev.HoldingMoved(cmd.kind, holder, cmd.player, 1, "Free Parking")]


def start_clock(state: GameState, cmd: c.StartClock) -> list[ev.Event]:
    refuse_if(auction_open(state))
    if cmd.minutes < 0 or cmd.minutes > 24 * 60:
        raise Refusal("a game clock runs 1 to 1440 minutes (60 = one hour); 0 stops it")
    if cmd.minutes == 0 and state.clock is None:
        raise Refusal("there is no game clock running to stop; start one with clock 60")
    return [ev.ClockStarted(cmd.minutes, cmd.started)]
