"""Where a token goes on the speed die's moves and the Auction space: pure questions, no events.

The dice and tokens stay on the table; the banker says where the token is and Banker
answers where the rules send it (rulebooks 000 and 002), and whether it passes GO.
"""

from __future__ import annotations

from editions import Space

from ..errors import Refusal
from ..events import BANK
from ..frozen import Frozen, frozen
from ..names import match
from ..state import GameState
from .rent import rent_due

AVERAGE_ROLL = 7  # a utility's rent depends on a roll not made yet: ranked at the average of two dice


@frozen
class Move(Frozen):
    """Where the token goes (None = it stays), and why, in the table's words."""

    target: Space | None
    reason: str
    passes_go: bool = False

    @property
    def first_line(self) -> str:
        return self.target.name if self.target else "stay"


def space_at(state: GameState, word: str) -> Space:
    """A space by board position (0 = GO) or by name; a name on several spaces needs the position."""
    spaces = state.edition.spaces
    if word.strip().isdigit():
        position = int(word)
        if position >= len(spaces):
            raise Refusal(f"position {position} is off the board; positions run 0 (GO) to {len(spaces) - 1}")
        return spaces[position]
    name = match(word, dict.fromkeys(s.name for s in spaces), "space")
    found = [s for s in spaces if s.name == name]
    if len(found) > 1:
        where = ", ".join(str(s.position) for s in found)
        raise Refusal(f"there are {len(found)} {name} spaces; give the position instead: {where}")
    return found[0]


def ahead(state: GameState, start: Space) -> list[Space]:
    """Every other space in the order the token meets them, going round from `start`."""
    spaces = state.edition.spaces
    return [spaces[(start.position + step) % len(spaces)] for step in range(1, len(spaces))]


def _move(start: Space, target: Space | None, reason: str) -> Move:
    return Move(target, reason, passes_go=target is not None and target.position < start.position)


def pays_rent_on(state: GameState, player: str, deed: str) -> bool:
    holding = state.deeds[deed]
    return holding.owner not in (BANK, player) and not holding.mortgaged and holding.owner not in state.bankrupt


def _landing_rent(state: GameState, player: str, deed: str) -> int:
    if not pays_rent_on(state, player, deed):
        return 0
    dice = AVERAGE_ROLL if state.deed(deed).kind == "utility" else None
    return rent_due(state, deed, dice)


def mr_monopoly(state: GameState, player: str, start: Space) -> Move:
    """The Mr. Monopoly roll: the next unowned property ahead; when all are owned, the first one
    ahead on which the player pays rent; when there is none, stay (000, 002)."""
    spaces = [s for s in ahead(state, start) if s.name in state.edition.deeds]
    unowned = next((s for s in spaces if state.deeds[s.name].owner == BANK), None)
    if unowned is not None:
        return _move(start, unowned, f"the next unowned property: {player} may buy it (or it is auctioned)")
    rent = next((s for s in spaces if pays_rent_on(state, player, s.name)), None)
    if rent is not None:
        owner = state.deeds[rent.name].owner
        return _move(start, rent, f"every property is owned: the first ahead where {player} pays rent, to {owner}")
    return Move(None, f"every property is owned and none ahead charges {player} rent: stay")


def bus(state: GameState, player: str, start: Space) -> Move:
    """The Bus roll (Mega): the nearest Chance or Community Chest space ahead (000). On a board without bus tickets
    (the classic board's speed die) the Bus is 002's: one or both white dice, so no space follows from here alone."""
    if "bus_ticket" not in state.edition.holdings:
        return Move(None, f"{player} moves by one or both white dice from {start.name} (002), "
                          "not on to a Chance/Community Chest")
    target = next((s for s in ahead(state, start) if s.type in ("chance", "community_chest")), None)
    if target is None:
        return Move(None, "this board has no Chance or Community Chest space: stay")
    tickets_left = state.held.get("bus_ticket", {}).get(BANK, 0)  # 000:58 the ticket only while any are left
    offer = f"; or {player} takes a bus ticket instead" if tickets_left else ""
    return _move(start, target, f"the nearest Chance/Community Chest ahead{offer}")


def white_dice_bus(state: GameState, start: Space, dice: tuple[int, int]) -> list[tuple[int, Move]]:
    """002's Bus: "move the value of one or both of the white dice" (1 and 5: 1, 5 or 6 spaces): each count of
    spaces with where it goes."""
    spaces = state.edition.spaces
    moves = []
    for count in dict.fromkeys((dice[0], dice[1], dice[0] + dice[1])):
        target = spaces[(start.position + count) % len(spaces)]
        how = "both white dice" if count == sum(dice) else f"the white die showing {count}"
        moves.append((count, _move(start, target, f"{count} {'space' if count == 1 else 'spaces'}, {how}")))
    return moves


def auction_space(state: GameState, player: str, start: Space) -> Move:
    """The Auction space once every property is owned: move ahead to the property with the highest
    rent for this player, the closer one if tied (000)."""
    unowned = [d for d, h in state.deeds.items() if h.owner == BANK]
    if unowned:
        raise Refusal(f"{len(unowned)} properties are still unowned: {player} picks one for the banker to auction "
                      "(auction <deed>)")
    best: Space | None = None
    best_rent = 0
    utility_ranked = False  # a utility charging rent was compared at the average roll: the answer says so
    for space in ahead(state, start):
        if space.name in state.edition.deeds:
            rent = _landing_rent(state, player, space.name)
            utility_ranked = utility_ranked or (rent > 0 and state.deed(space.name).kind == "utility")
            if rent > best_rent:
                best, best_rent = space, rent
    if best is None:
        return Move(None, f"no property ahead charges {player} rent: stay")
    money = state.edition.money(best_rent)
    owner = state.deeds[best.name].owner
    if state.deed(best.name).kind == "utility":
        return _move(start, best, f"the highest rent ahead, about {money} to {owner} (a utility counted at an "
                                  f"average roll of {AVERAGE_ROLL}; the roll sets the rent: rent {player} "
                                  f"\"{best.name}\" <dice total>)")
    counted = f" (utilities counted at an average roll of {AVERAGE_ROLL})" if utility_ranked else ""
    return _move(start, best, f"the highest rent ahead: {money} to {owner}{counted}")


QUESTIONS = {"mr-monopoly": mr_monopoly, "bus": bus, "auction-space": auction_space}
