"""Monopoly City's landings (rulebook 004): what the rules allow on each of its spaces, as offers.

`banker.landing` asks here first for a City board (`OFFERS`, in its table of features); None means the
space is one every edition shares (GO, Chance, jail). Like every offer, these are built on the core's own
pure checks, so what is offered is what the rules accept.
"""

from __future__ import annotations

from . import commands as c
from .events import BANK
from .offers import PICK_DEED, Due, FeatureOffers, Offer, deed_offers, refusal_of, unowned_deeds
from .rules.destinations import Move
from .rules.hazards import planning_refusal
from .rules.rent_dodge import dodge_kind
from .state import GameState

PLANNING = "planning"  # Planning Permission: pick the hazard or bonus building, then the district (question = kind)
RAILROAD = "railroad"  # the railroad on one's own district: ride it to another district with a railroad


def is_city(state: GameState) -> bool:
    """A board of districts and blocks (Monopoly City)."""
    return bool(state.edition.max_blocks)


def city_offers(state: GameState, player: str, position: int) -> list[Offer] | None:
    """Offers for the City spaces; None for a space the shared landing handles."""
    space = state.edition.spaces[position]
    if space.name in state.edition.deeds and state.deed(space.name).kind == "district":
        return district_offers(state, player, space.name)
    match space.type:
        case "industry_tax":
            tax = c.Tax(player, space.name)
            if reason := refusal_of(state, tax):
                return [Offer(reason)]
            return [Offer(f"pay {space.name}: {state.edition.money(space.amount)} ({player} owns industrial blocks)",
                          tax)]
        case "planning_permission":
            return planning_offers(state, player)
        case "free_parking":
            return parking_offers(state, player)
        case "auction":
            unowned = unowned_deeds(state)
            if unowned:
                return [Offer(f"put an unowned {state.edition.term('street')} up for auction ({len(unowned)} left)",
                              needs=PICK_DEED)]
            return [Offer(f"every {state.edition.term('street')} is owned: nothing to auction")]
    return None


def district_offers(state: GameState, player: str, deed: str) -> list[Offer]:
    """Buy or auction, rent (with the Rent Dodge card when the lander holds it), or ride one's own railroad."""
    offers = deed_offers(state, player, deed)
    holding = state.deeds[deed]
    key = dodge_kind(state)
    rent = next((o for o in offers if isinstance(o.command, c.Rent)), None)
    if rent is not None and key and state.count(key, player):
        dodge = c.DodgeRent(player, deed)
        offers.append(Offer(f"play the Rent Dodge card: no rent for {deed} (the card goes back)", dodge,
                            refusal=refusal_of(state, dodge)))
    if holding.owner == player and holding.railroad:
        offers += railroad_rides(state, player, deed)
    return offers


def railroad_rides(state: GameState, player: str, deed: str) -> list[Offer]:
    """004: on your own district with a railroad you may move at once to any other district with one."""
    spaces = {s.name: s for s in state.edition.spaces}
    rides = []
    for name, holding in state.deeds.items():
        if name == deed or not holding.railroad:
            continue
        owner = "unowned" if holding.owner == BANK else ("yours" if holding.owner == player else holding.owner)
        move = Move(spaces[name], f"the railroad on {deed} runs to {name} ({owner})")
        rides.append(Offer(f"ride the railroad to {name} ({owner})", needs=RAILROAD, move=move,
                           question=RAILROAD))
    return rides


def planning_offers(state: GameState, player: str) -> list[Offer]:
    """004: build a hazard on another player's or an unowned district, or a bonus building on one's own or
    an unowned district; free. Greyed with the reason when no district takes one."""
    offers = []
    for kind, names in (("hazard", state.edition.hazards), ("bonus", state.edition.bonuses)):
        if not names:
            continue
        word = "a hazard" if kind == "hazard" else "a bonus building"
        where = "another player's or an unowned" if kind == "hazard" else "your own or an unowned"
        listed = ", ".join(names)
        first = next(iter(names))
        places = planning_places(state, player, kind, first)
        reason = None if places else f"no {state.edition.term('street')} takes {word} now"
        offers.append(Offer(f"build {word} ({listed}) on {where} {state.edition.term('street')}", needs=PLANNING,
                            question=kind, refusal=reason))
    return offers


def planning_places(state: GameState, player: str, kind: str, name: str) -> list[str]:
    """The districts where `player` may put this hazard or bonus building now, in board order."""
    return [d for d, card in state.edition.deeds.items()
            if card.kind == "district" and planning_refusal(state, player, d, kind, name) is None]


def parking_offers(state: GameState, player: str) -> list[Offer]:
    """004: take the Rent Dodge card from beside the board, or from whoever has not used it yet."""
    offers = []
    key = dodge_kind(state)
    if key:
        take = c.TakeAtSpace(player, key)
        holder = next((a for a, n in state.held[key].items() if n and a in state.players), None)
        source = f"from {holder}, who has not used it" if holder and holder != player else "from beside the board"
        if reason := refusal_of(state, take):
            offers.append(Offer(reason, refusal=reason))
        else:
            offers.append(Offer(f"take the Rent Dodge card {source}", take))
    if state.free_parking and state.cash("pot"):
        offers.append(Offer(f"collect the Free Parking pot: {state.edition.money(state.cash('pot'))}",
                            c.CollectPot(player)))
    return offers or [Offer("Free Parking: nothing to take")]


def build_due(state: GameState, command: c.Command) -> Due | None:
    """What a City build costs the player (blocks, stadium, skyscraper, tower, clearing a hazard), so a
    player short of cash is offered the raise-money screen instead of a bare refusal (004 prices)."""
    edition = state.edition
    match command:
        case c.BuildBlocks(player, deed, kind, count):
            card = state.deed(deed)
            price = card.residential_cost if kind == "residential" else card.industrial_cost
            return Due(player, price * count, BANK, False, f"{count} {kind} block{'s' if count != 1 else ''} on {deed}")
        case c.BuildStadium(player, deed):
            return Due(player, edition.stadium_cost, BANK, False, f"a stadium on {deed}")
        case c.BuildSkyscraper(player, deed):
            return Due(player, state.deed(deed).skyscraper_cost, BANK, False, f"a skyscraper on {deed}")
        case c.BuildTower(player, deed):
            return Due(player, edition.tower_cost, BANK, False, f"the Monopoly Tower on {deed}")
        case c.ClearHazard(player, deed) if state.deeds[deed].hazard:
            blocks = edition.hazards[state.deeds[deed].hazard].blocks
            return Due(player, blocks * edition.hazard_clear_per_block, BANK, False, f"clearing the hazard on {deed}")
    return None


OFFERS = FeatureOffers(plays=is_city, space=city_offers, due=build_due)
