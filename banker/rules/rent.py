"""The rent a landing costs right now: pure arithmetic over the state."""

from __future__ import annotations

from ..events import BANK
from ..state import GameState


def group_doubles(state: GameState, deed: str) -> bool:
    """Whether an unimproved street's base rent is multiplied for its whole group.

    Rulebooks 003/002 stop the doubling when any deed of the group is mortgaged;
    000/001 keep it for the unmortgaged ones: the edition's switch decides.
    """
    owner = state.deeds[deed].owner
    group = state.group(deed)
    if not all(state.deeds[d].owner == owner for d in group):
        return False
    if state.edition.mortgage_breaks_group_rent:
        return not any(state.deeds[d].mortgaged for d in group)
    return True


def rent_due(state: GameState, deed: str, dice: int | None = None, rent_multiplier: int = 1,
             dice_multiplier: int = 0) -> int:
    """The rent for landing on `deed`; 0 when it is the bank's or mortgaged.

    A card may override the utility multiplier (10x the dice) or multiply a
    railroad's rent (twice the rental); a train depot doubles a railroad's rent (000).
    """
    holding, card = state.deeds[deed], state.deed(deed)
    if holding.owner == BANK or holding.mortgaged:
        return 0
    owner = holding.owner
    if card.kind == "district":
        return district_rent(state, deed)
    if card.kind == "street":
        if holding.level:
            return card.rent[holding.level]
        base = card.rent[0]
        return base * state.edition.group_rent_multiplier if group_doubles(state, deed) else base
    owned = sum(1 for d in state.group(deed) if state.deeds[d].owner == owner)
    if card.kind == "railroad":
        depot = 2 if holding.depot else 1
        return state.edition.railroad_rent[owned - 1] * rent_multiplier * depot
    multiplier = dice_multiplier or state.edition.utility_multipliers[owned - 1]
    return multiplier * (dice or 0)


def district_rent(state: GameState, deed: str) -> int:
    """Monopoly City: the rent value of the blocks that count (a hazard makes residential blocks
    count for nothing), doubled by a skyscraper in the group or the owner's Monopoly Tower, never
    twice (004: Central Quay, 4 industrial blocks under a power station, skyscraper = M7m)."""
    holding, card = state.deeds[deed], state.deed(deed)
    if holding.owner == BANK or holding.mortgaged:
        return 0
    counted = holding.industrial + (0 if holding.hazard else holding.residential)
    value = card.rent[min(counted, len(card.rent) - 1)]
    skyscraper = any(state.deeds[d].skyscraper for d in state.group(deed))
    tower = any(h.tower and h.owner == holding.owner for h in state.deeds.values())
    return value * 2 if skyscraper or tower else value
