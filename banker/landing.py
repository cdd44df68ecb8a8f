"""What the rules allow when a player lands on a space, and how a player short of cash can pay.

The screens show these offers and run the one the banker picks with `game.execute`.
Every offer is built on the core's own pure checks, so what is offered is what the
rules accept; a refusal that remains (say, a price over the player's cash) is left to
the rules to state, or to the raise-money flow. A feature some editions have (Monopoly
City's districts, Sore Losers' coins) adds its offers through `FEATURES`, the table below.
"""

from __future__ import annotations

from editions import Card

from . import (
    coins_landing,
    districts_landing,
    rules,  # rules.decide at call time: deciding loads every rule, which the board's first frame needs not
)
from . import commands as c
from .errors import Refusal
from .events import ACCOUNTS, BANK, POT
from .frozen import Frozen, frozen
from .offers import CARD, MOVE, PICK_DEED, Due, FeatureOffers, Offer, deed_offers, refusal_of, unowned_deeds
from .rules.buildings import sell_refusal
from .rules.bus_tickets import TICKET
from .rules.checks import auction_open, not_playing
from .rules.deeds import lift_cost, mortgage_refusal
from .rules.destinations import QUESTIONS
from .rules.prices import building_sale_value, level_cost, mortgage_amount, sale_value
from .rules.rent import rent_due
from .rules.table import jail_card_holder, tax_charge
from .state import HOTEL, SKYSCRAPER, GameState, uses_speed_die

FEATURES: tuple[FeatureOffers, ...] = (districts_landing.OFFERS, coins_landing.OFFERS)
"""Each feature's offers, asked in this order: the first whose space offers are not None settles the space."""

DECK_NAMES = {"chance": "Chance", "community_chest": "Community Chest"}
EXPIRE_LABEL = 'take an "All Tickets Expire" ticket (every other ticket is void)'
SPEED_DIE_FACES = {"mr-monopoly": "speed die Mr. Monopoly", "bus": "speed die Bus"}


def landing_offers(state: GameState, player: str, position: int) -> list[Offer]:
    """Everything the rules allow for `player` landing on the space at `position`.

    With the speed die, the Mr. Monopoly and Bus moves from that space follow the
    space's own offers: they come after the normal landing is settled.
    """
    if reason := auction_open(state) or not_playing(state, player):
        return [Offer(reason, refusal=reason)]
    offers = _space_offers(state, player, position)
    if state.tokens is None:  # followed, the roll made the speed die's move itself (issue 25)
        offers += speed_die_offers(state, player, position)
    for feature in FEATURES:  # what follows the space's own offers (Sore Losers: Mr. Monopoly's trap)
        if feature.plays(state):
            offers += feature.after(state, player)
    return offers


def _space_offers(state: GameState, player: str, position: int) -> list[Offer]:
    edition, money = state.edition, state.edition.money
    space = edition.spaces[position]
    kind = space.type
    for feature in FEATURES:
        if feature.plays(state) and (offers := feature.space(state, player, position)) is not None:
            return offers
    if kind == "go" and state.tokens is not None:
        return [Offer("GO: Banker paid the salary when the token reached it")]
    if kind == "go":
        return [Offer(f"collect {money(edition.go_salary)} salary for landing on GO", c.Salary(player))]
    if space.name in edition.deeds:
        return deed_offers(state, player, space.name)
    if kind == "tax":
        return [Offer(f"pay {space.name}: {money(space.amount)}", c.Tax(player, space.name))]
    if kind in DECK_NAMES:
        return [Offer(f"pick the {DECK_NAMES[kind]} card drawn", needs=CARD, deck=kind)]
    if kind == "go_to_jail":
        if player in state.in_jail:
            return [Offer(f"{player} is already in jail", refusal=f"{player} is already in jail")]
        return [Offer(f"{player} goes to jail", c.GoToJail(player))]
    if kind == "free_parking":
        if state.free_parking and state.cash(POT):
            return [Offer(f"collect the Free Parking pot: {money(state.cash(POT))}", c.CollectPot(player))]
        return [Offer("Free Parking: nothing to pay or collect")]
    if kind == "jail":
        return [Offer("just visiting the jail: nothing to pay")]
    if kind == "auction":
        return [_auction_space_offer(state, player, position)]
    if kind == "bus_ticket":
        return _bus_ticket_offers(state, player)
    if kind == "birthday_gift":
        gift = c.BirthdayGift(player, ticket=True)
        return [Offer(f"collect the birthday gift: {money(space.amount)}", c.BirthdayGift(player)),
                Offer("take a bus ticket instead", gift, refusal=refusal_of(state, gift))]
    return [Offer(f"{space.name}: nothing to pay")]


def _auction_space_offer(state: GameState, player: str, position: int) -> Offer:
    """000: auction any unowned property; once all are owned, move on to the highest rent ahead."""
    unowned = unowned_deeds(state)
    if unowned:
        return Offer(f"pick an unowned deed to auction ({len(unowned)} left)", needs=PICK_DEED)
    return move_offer(state, player, position, "auction-space", "every property is owned")


def _bus_ticket_offers(state: GameState, player: str) -> list[Offer]:
    """000: take a Bus Ticket; nothing if none remain. The ticket drawn may read "All Tickets Expire"."""
    take = c.TakeTicket(player)
    if reason := refusal_of(state, take):
        return [Offer(reason, refusal=reason)]
    left = state.count(TICKET, BANK)
    return [Offer(f"take a bus ticket ({left} left in the bank)", take),
            Offer(EXPIRE_LABEL, c.TakeTicket(player, expire=True))]


def move_offer(state: GameState, player: str, position: int, question: str, title: str) -> Offer:
    """Where a banker.rules.destinations question sends the token from this space, as an offer to follow."""
    move = QUESTIONS[question](state, player, state.edition.spaces[position])
    if move.target is None:
        return Offer(f"{title}: {move.reason}")
    go = ", passing GO" if move.passes_go else ""
    return Offer(f"{title} → {move.target.name}{go}", needs=MOVE, question=question, move=move)


def speed_die_offers(state: GameState, player: str, position: int) -> list[Offer]:
    """The speed die's Mr. Monopoly and Bus moves from this space, when the game plays with it."""
    if not uses_speed_die(state):
        return []
    return [move_offer(state, player, position, question, title) for question, title in SPEED_DIE_FACES.items()]


def move_alternatives(state: GameState, player: str, question: str) -> list[Offer]:
    """What the player may do instead of following a move: on a Bus roll, take a bus ticket (000)."""
    if question != "bus" or TICKET not in state.edition.holdings:
        return []
    take = c.TakeTicket(player)
    return [Offer("take a bus ticket instead of moving", take, refusal=refusal_of(state, take))]


def has_holding_offers(state: GameState) -> bool:
    """Whether this edition has holdings the table takes or uses outside a landing (bus tickets)."""
    return TICKET in state.edition.holdings


def holding_offers(state: GameState, player: str) -> list[Offer]:
    """What the table can do with a player's holdings outside a landing: take or ride a bus ticket."""
    if not has_holding_offers(state):
        return []
    commands = ((c.TakeTicket(player), "take a bus ticket from the bank (a Bus roll)"),
                (c.TakeTicket(player, expire=True), EXPIRE_LABEL),
                (c.Ride(player), "ride: use a bus ticket instead of rolling"))
    return [Offer(label, command, refusal=refusal_of(state, command)) for command, label in commands]


def top_level(state: GameState, deed: str) -> int:
    """The highest building level a street takes: a skyscraper where the deed prices one, else a hotel."""
    return SKYSCRAPER if state.deed(deed).skyscraper_cost else HOTEL


def utility_times(state: GameState, deed: str) -> int:
    """The dice multiplier a landing on this utility costs now (0 when no rent is due)."""
    holding = state.deeds[deed]
    if holding.owner in ACCOUNTS or holding.mortgaged:
        return 0
    owned = sum(1 for d in state.group(deed) if state.deeds[d].owner == holding.owner)
    return state.edition.utility_multipliers[owned - 1]


# -- cards --------------------------------------------------------------------


def deck_cards(state: GameState, deck: str) -> list[Card]:
    """The distinct cards of one deck, in the edition's order (a doubled card listed once)."""
    seen: set[str] = set()
    out = []
    for card in state.edition.cards:
        if card.deck == deck and card.key not in seen:
            seen.add(card.key)
            out.append(card)
    return out


def card_refusal(state: GameState, player: str, card: Card) -> str | None:
    """Why this card cannot be the one drawn now, or None."""
    if card.effect == "jail_free" and (holder := jail_card_holder(state, card.deck)):
        return f"{holder} holds that Get Out of Jail Free card; it is not in the deck"
    if card.effect == "jail" and player in state.in_jail:
        return f"{player} is already in jail"
    return None


def card_deeds(state: GameState, card: Card) -> list[str]:
    """The deeds an "advance to the nearest" card may mean; the banker says which is nearest."""
    if card.effect != "advance_nearest":
        return []
    return [d.name for d in state.edition.deeds.values() if d.kind == card.kind]


def card_asks_passed_go(card: Card) -> bool:
    """Advance cards pay the salary only when the token passes GO (the GO card pays its own)."""
    return card.effect in {"advance", "advance_nearest"} and not card.amount


def card_needs_dice(state: GameState, player: str, card: Card, deed: str) -> bool:
    """A nearest-utility card needs the dice only when the utility charges this player rent."""
    if card.effect != "advance_nearest" or card.kind != "utility" or not deed:
        return False
    holding = state.deeds[deed]
    return not (holding.owner in (BANK, player) or holding.mortgaged or holding.owner in state.bankrupt)


def card_destination(state: GameState, card: Card, drawn_at: int, deed: str = "") -> int | None:
    """Where a moving card leaves the token, when the banker must then settle that space too.

    "Advance to Boardwalk" and "Go Back 3 Spaces" end on a space that may be bought, rented or
    taxed; "advance to the nearest" ends on a deed the card already settled unless the bank holds it.
    """
    spaces = state.edition.spaces
    if card.effect == "advance":
        target = next(s.position for s in spaces if s.name == card.target)
        return None if spaces[target].type == "go" else target
    if card.effect == "back":
        return (drawn_at - card.spaces) % len(spaces)
    if card.effect == "advance_nearest" and deed and state.deeds[deed].owner == BANK:
        return state.deed(deed).position
    return None


def card_command(player: str, card: Card, deed: str = "", dice: int | None = None,
                 passed_go: bool = False) -> c.DrawCard:
    return c.DrawCard(player, card.deck, card.key, deed, dice, passed_go)


# -- paying when short of cash -----------------------------------------------------


def amount_due(state: GameState, command: c.Command) -> Due | None:
    """The payment `command` makes from a player's cash, when it makes one."""
    money_out: Due | None = None
    match command:
        case c.Buy(player, deed):
            money_out = Due(player, state.deed(deed).price, BANK, False, f"buying {deed}")
        case c.Rent(payer, deed, dice) if payer and payer == state.mr_monopoly:  # Sore Losers: the owner pays him
            owner = state.deeds[deed].owner
            money_out = Due(owner, rent_due(state, deed, dice), payer, True, f"rent for {deed} to Mr. Monopoly")
        case c.Rent(payer, deed, dice):
            owner = state.deeds[deed].owner
            money_out = Due(payer, rent_due(state, deed, dice), owner, True, f"rent for {deed}")
        case c.Tax(player, space) if player and player == state.mr_monopoly:  # Sore Losers: the bank pays him
            pass
        case c.Tax(player, space):
            money_out = Due(player, tax_charge(state, player, space).amount, BANK, True, space)
        case c.Pay(payer, payee, amount):
            money_out = Due(payer, amount, BANK if payee in ACCOUNTS else payee, True, f"paying {payee}")
        case c.Bail(player):
            money_out = Due(player, state.edition.jail_fine, BANK, True, "the jail fine")
        case c.Build(player, deed, count):
            level = state.deeds[deed].level
            cost = sum(level_cost(state, deed, lv) for lv in range(level + 1, min(level + count, SKYSCRAPER) + 1))
            money_out = Due(player, cost, BANK, False, f"building on {deed}")
        case c.BuildDepot(player, deed):
            money_out = Due(player, state.edition.depot_cost, BANK, False, f"a train depot on {deed}")
        case c.Unmortgage(player, deed):
            money_out = Due(player, lift_cost(state, deed), BANK, False, f"lifting the mortgage on {deed}")
        case c.DrawCard():
            money_out = _card_due(state, command)
        case c.Settle(player):
            owed = [d for d in state.debts if d.player == player]
            if owed:
                creditor = owed[0].creditor
                money_out = Due(player, sum(d.amount for d in owed), creditor, True,
                                "; ".join(d.why for d in owed))
        case _:  # a feature's own commands (Monopoly City's builds)
            money_out = next((due for f in FEATURES if f.plays(state) and (due := f.due(state, command))), None)
    if money_out is None or money_out.payer in ACCOUNTS or money_out.amount <= 0:
        return None
    return money_out


def _card_due(state: GameState, cmd: c.DrawCard) -> Due | None:
    card = next(k for k in state.edition.cards if k.deck == cmd.deck and k.key == cmd.key)
    why = f"the card \"{card.title}\""
    # a card that pays is drawn as it is: what the cash cannot cover becomes a debt fixed at the draw (issue 25),
    # raised for afterwards, so selling buildings first never makes a repairs card cheaper
    if card.effect == "advance_nearest" and cmd.deed:
        holding = state.deeds[cmd.deed]
        if holding.owner in (BANK, cmd.player) or holding.mortgaged or holding.owner in state.bankrupt:
            return None
        amount = rent_due(state, cmd.deed, cmd.dice, card.rent_multiplier, card.dice_multiplier)
        if cmd.player == state.mr_monopoly:  # Sore Losers: the owner pays him
            return Due(holding.owner, amount, cmd.player, True, why)
        return Due(cmd.player, amount, holding.owner, True, why)
    return None


def shortfall(state: GameState, command: c.Command) -> Due | None:
    """The payment `command` makes when the payer's cash does not cover it, else None.

    None too when the rules would refuse the command with the cash in hand (no spin, not the owner):
    raising money would not help, so the refusal itself is what the banker should read.
    """
    due = amount_due(state, command)
    if due is None or due.payer not in state.accounts or due.amount <= state.cash(due.payer):
        return None
    richer = state.copy()
    richer.accounts[due.payer] += due.amount
    richer.accounts[BANK] -= due.amount
    try:
        rules.decide(richer, command)
    except Refusal:
        return None
    return due


@frozen
class WayToRaise(Frozen):
    """Selling buildings or mortgaging one deed, and the cash it brings."""

    label: str
    command: c.Command
    amount: int


def ways_to_raise(state: GameState, player: str) -> list[WayToRaise]:
    """What the player can sell back or mortgage right now, each one step at a time.

    Buildings come first: a deed of a built-on group cannot be mortgaged until they are sold.
    """
    money = state.edition.money
    sales, mortgages = [], []
    for deed in state.deeds_of(player):
        level = state.deeds[deed].level
        if state.deeds[deed].depot and sell_refusal(state, player, deed, 1) is None:
            value = building_sale_value(state, deed)
            sales.append(WayToRaise(f"sell the train depot on {deed}: +{money(value)}",
                                    c.SellBuildings(player, deed, 1), value))
        for count in range(1, level + 1):
            if sell_refusal(state, player, deed, count) is None:
                value = sale_value(state, deed, level, level - count)
                what = {HOTEL: "the hotel", SKYSCRAPER: "the skyscraper"}.get(level, "one house") if count == 1 \
                    else f"{count} building levels"
                sales.append(WayToRaise(f"sell {what} on {deed}: +{money(value)}",
                                        c.SellBuildings(player, deed, count), value))
                break
        if mortgage_refusal(state, player, deed) is None:
            value = mortgage_amount(state, deed)  # City: the district's rent value
            mortgages.append(WayToRaise(f"mortgage {deed}: +{money(value)}", c.Mortgage(player, deed), value))
    return sales + mortgages


def bankruptcy_creditor(due: Due) -> str:
    """Who takes a bankrupt player's assets: the player owed, else the bank."""
    return due.creditor if due.creditor not in ACCOUNTS else BANK
