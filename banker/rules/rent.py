"""The rent a landing costs right now: pure arithmetic over the state, with how it was reached.

Each amount comes with its basis in the table's words ("2 houses", "dice 8 × 4: one utility
owned"), computed in the same place so the ledger's "why $600?" can never disagree with the $600.
"""

from __future__ import annotations

from ..events import BANK
from ..frozen import Frozen, frozen
from ..state import HOTEL, SKYSCRAPER, GameState

NUMBER_WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}
TIMES = {2: "double", 3: "triple"}
TIMED = {2: "doubled", 3: "tripled"}


@frozen
class Charge(Frozen):
    """An amount and how it was reached (`basis`, empty when there is nothing to explain)."""

    amount: int
    basis: str = ""


def plural(count: int, word: str) -> str:
    """ "1 house", "3 houses", "2 utilities": a count with its word."""
    return f"{count} {word if count == 1 else plural_word(word)}"


def plural_word(word: str) -> str:
    return word[:-1] + "ies" if word.endswith("y") and word[-2:-1] not in "aeiou" else word + "s"


def buildings_words(level: int) -> str:
    if level == SKYSCRAPER:
        return "a skyscraper"
    if level == HOTEL:
        return "a hotel"
    return plural(level, "house") if level else "no houses"


def rent_due(state: GameState, deed: str, dice: int | None = None, rent_multiplier: int = 1,
             dice_multiplier: int = 0) -> int:
    """The rent for landing on `deed`; 0 when it is the bank's or mortgaged."""
    return rent_charge(state, deed, dice, rent_multiplier, dice_multiplier).amount


def rent_charge(state: GameState, deed: str, dice: int | None = None, rent_multiplier: int = 1,
                dice_multiplier: int = 0) -> Charge:
    """The rent for landing on `deed` and its basis; 0 when it is the bank's or mortgaged.

    A card may override the utility multiplier (10x the dice) or multiply a
    railroad's rent (twice the rental); a train depot doubles a railroad's rent (000).
    """
    holding, card = state.deeds[deed], state.deed(deed)
    if holding.owner == BANK or holding.mortgaged:
        return Charge(0)
    if card.kind == "district":
        return district_charge(state, deed)
    if card.kind == "street":
        return _street_charge(state, deed)
    owner = holding.owner
    owned = sum(1 for d in state.group(deed) if state.deeds[d].owner == owner)
    if card.kind == "railroad":
        depot = 2 if holding.depot else 1
        times = "twice" if rent_multiplier == 2 else f"{rent_multiplier} times"
        by_card = f"card: {times} the rent, " if rent_multiplier != 1 else ""
        basis = f"{by_card}{plural(owned, state.edition.term('railroad'))}"
        basis += ", depot: doubled" if depot > 1 else ""
        return Charge(state.edition.railroad_rent[owned - 1] * rent_multiplier * depot, basis)
    multiplier = dice_multiplier or state.edition.utility_multipliers[owned - 1]
    dice_words = "three dice" if _speed_die(state) else "dice"
    why = "card: " if dice_multiplier else ""
    owned_words = "" if dice_multiplier else f": {_utilities_owned(state, deed, owned)}"
    return Charge(multiplier * (dice or 0), f"{why}{dice_words} {dice or 0} × {multiplier}{owned_words}")


def _speed_die(state: GameState) -> bool:
    """002: with the speed die a utility's rent takes all three dice."""
    return state.edition.speed_die or "speed-die" in state.house_rules


def _utilities_owned(state: GameState, deed: str, owned: int) -> str:
    word = state.edition.term("utility")
    total = len(state.group(deed))
    if owned == total:
        return f"both {plural_word(word)} owned" if total == 2 else f"all {total} {plural_word(word)} owned"
    return f"{NUMBER_WORDS.get(owned, str(owned))} {word if owned == 1 else plural_word(word)} owned"


def _street_charge(state: GameState, deed: str) -> Charge:
    """A street's rent. Unimproved, its base rent is multiplied when one owner holds its whole group; rulebooks
    003/002 stop that when any deed of the group is mortgaged, 000/001 keep it for the unmortgaged ones (the
    edition's switch decides). One walk of the group finds its owners, buildings and mortgages."""
    holding, card = state.deeds[deed], state.deed(deed)
    if holding.level:
        return Charge(card.rent[holding.level], buildings_words(holding.level))
    base = card.rent[0]
    multiplier = state.edition.group_rent_multiplier
    if multiplier == 1:
        return Charge(base, "no houses")
    owner, deeds = holding.owner, state.deeds
    whole, built, mortgaged = True, False, []
    for name in state.group(deed):
        other = deeds[name]
        whole = whole and other.owner == owner
        built = built or bool(other.level)
        if other.mortgaged:
            mortgaged.append(name)
    if whole and not (mortgaged and state.edition.mortgage_breaks_group_rent):
        times = TIMES.get(multiplier, f"{multiplier} times")
        return Charge(base * multiplier, f"{times}: {owner} owns every {card.group.replace('_', ' ')}, "
                                         + ("no houses on it" if built else "none built"))
    if mortgaged and whole:
        return Charge(base, f"no houses; not {TIMED.get(multiplier, 'multiplied')} while "
                            f"{' and '.join(mortgaged)} {'is' if len(mortgaged) == 1 else 'are'} mortgaged")
    return Charge(base, "no houses")


def district_rent(state: GameState, deed: str) -> int:
    """Monopoly City: the rent value of a district (see `district_charge`)."""
    return district_charge(state, deed).amount


def district_charge(state: GameState, deed: str) -> Charge:
    """Monopoly City: the rent value of the blocks that count (a hazard makes residential blocks
    count for nothing), doubled by a skyscraper in the group or the owner's Monopoly Tower, never
    twice (004: Central Quay, 4 industrial blocks under a power station, skyscraper = M7m)."""
    holding, card = state.deeds[deed], state.deed(deed)
    if holding.owner == BANK or holding.mortgaged:
        return Charge(0)
    counted = holding.industrial + (0 if holding.hazard else holding.residential)
    value = card.rent[min(counted, len(card.rent) - 1)]
    parts = [plural(holding.residential, "residential block")] if holding.residential and not holding.hazard else []
    parts += [plural(holding.industrial, "industrial block")] if holding.industrial else []
    parts = parts or ["no blocks"]
    if holding.hazard and holding.residential:
        parts.append(f"{holding.hazard}: {holding.residential} residential worthless")
    skyscraper = None
    for name in state.group(deed):
        if state.deeds[name].skyscraper:
            skyscraper = name
            break
    tower = (state.supply.get("towers", 0) < state.edition.towers  # on the board (not in the bank): else no walk
             and any(h.tower and h.owner == holding.owner for h in state.deeds.values()))
    doubling = [("skyscraper" if skyscraper == deed else f"skyscraper on {skyscraper}") if skyscraper else "",
                "Monopoly Tower" if tower else ""]
    if skyscraper or tower:
        parts.append(" and ".join(filter(None, doubling)) + (": doubled once" if skyscraper and tower else ": doubled"))
    return Charge(value * 2 if skyscraper or tower else value, ", ".join(parts))
