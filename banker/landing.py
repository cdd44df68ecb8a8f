"""What the rules allow when a player lands on a space, and how a player short of cash can pay.

The screens show these offers and run the one the banker picks with `game.execute`.
Every offer is built on the core's own pure checks, so what is offered is what the
rules accept; a refusal that remains (say, a price over the player's cash) is left to
the rules to state, or to the raise-money flow.
"""

from __future__ import annotations

from dataclasses import dataclass

from editions import Card

from . import commands as c
from .events import ACCOUNTS, BANK, POT
from .rules.buildings import level_cost, sale_value, sell_refusal
from .rules.checks import auction_open, not_playing
from .rules.deeds import buy_refusal, for_sale, lift_cost, mortgage_refusal, rent_refusal
from .rules.rent import rent_due
from .rules.table import jail_card_holder
from .state import HOTEL, GameState

DECK_NAMES = {"chance": "Chance", "community_chest": "Community Chest"}
DICE = "dice"
CARD = "card"


@dataclass(frozen=True)
class Offer:
    """One thing the banker can do for a landing.

    `command` is None when there is nothing to do (own deed, just visiting) or when
    `needs` names what must be asked first: "dice" (the total, then fill `dice`) or
    "card" (pick the card drawn from `deck`).
    """

    label: str
    command: c.Command | None = None
    needs: str = ""
    deck: str = ""
    refusal: str | None = None

    @property
    def actionable(self) -> bool:
        return self.refusal is None and (self.command is not None or bool(self.needs))


def landing_offers(state: GameState, player: str, position: int) -> list[Offer]:
    """Everything the rules allow for `player` landing on the space at `position`."""
    if reason := auction_open(state) or not_playing(state, player):
        return [Offer(reason, refusal=reason)]
    edition, money = state.edition, state.edition.money
    space = edition.spaces[position]
    kind = space.type
    if kind == "go":
        return [Offer(f"collect {money(edition.go_salary)} salary for landing on GO", c.Salary(player))]
    if space.name in edition.deeds:
        return _deed_offers(state, player, space.name)
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
    return [Offer(f"{space.name}: nothing to pay")]


def _deed_offers(state: GameState, player: str, deed: str) -> list[Offer]:
    money = state.edition.money
    holding, card = state.deeds[deed], state.deed(deed)
    if for_sale(state, deed) is None:
        auction = Offer(f"auction {deed} (opening bid from {money(state.edition.auction_min_bid)})",
                        c.OpenAuction(deed))
        if buy_refusal(state, deed):
            return [auction]
        return [Offer(f"buy {deed} for {money(card.price)}", c.Buy(player, deed)), auction]
    if holding.owner == player:
        return [Offer(f"{player} owns {deed}: nothing to pay")]
    dice_word = DICE if card.kind == "utility" else None
    if reason := rent_refusal(state, player, deed, 0 if dice_word else None):
        return [Offer(reason)]
    owner = holding.owner
    if card.kind == "utility":
        owned = sum(1 for d in state.group(deed) if state.deeds[d].owner == owner)
        times = state.edition.utility_multipliers[owned - 1]
        return [Offer(f"pay {owner} rent for {deed}: {times}x the dice", c.Rent(player, deed), needs=DICE)]
    return [Offer(f"pay {owner} {money(rent_due(state, deed))} rent for {deed}", c.Rent(player, deed))]


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


@dataclass(frozen=True)
class Due:
    """A payment a command will make: who pays, how much, to whom, and whether it is a debt."""

    payer: str
    amount: int
    creditor: str  # a player, or "bank" (the pot counts as the bank for a bankruptcy)
    owed: bool  # rent, tax, a fine: bankruptcy is the way out; False for a purchase the player may skip
    why: str


def amount_due(state: GameState, command: c.Command) -> Due | None:
    """The payment `command` makes from a player's cash, when it makes one."""
    money_out: Due | None = None
    match command:
        case c.Buy(player, deed):
            money_out = Due(player, state.deed(deed).price, BANK, False, f"buying {deed}")
        case c.Rent(payer, deed, dice):
            owner = state.deeds[deed].owner
            money_out = Due(payer, rent_due(state, deed, dice), owner, True, f"rent for {deed}")
        case c.Tax(player, space):
            amount = next(s.amount for s in state.edition.spaces if s.name == space)
            money_out = Due(player, amount, BANK, True, space)
        case c.Pay(payer, payee, amount):
            money_out = Due(payer, amount, BANK if payee in ACCOUNTS else payee, True, f"paying {payee}")
        case c.Bail(player):
            money_out = Due(player, state.edition.jail_fine, BANK, True, "the jail fine")
        case c.Build(player, deed, count):
            level = state.deeds[deed].level
            cost = sum(level_cost(state, deed, lv) for lv in range(level + 1, min(level + count, HOTEL) + 1))
            money_out = Due(player, cost, BANK, False, f"building on {deed}")
        case c.Unmortgage(player, deed):
            money_out = Due(player, lift_cost(state, deed), BANK, False, f"lifting the mortgage on {deed}")
        case c.DrawCard():
            money_out = _card_due(state, command)
    if money_out is None or money_out.payer in ACCOUNTS or money_out.amount <= 0:
        return None
    return money_out


def _card_due(state: GameState, cmd: c.DrawCard) -> Due | None:
    card = next(k for k in state.edition.cards if k.deck == cmd.deck and k.key == cmd.key)
    why = f"the card \"{card.title}\""
    if card.effect == "pay":
        return Due(cmd.player, card.amount, BANK, True, why)
    if card.effect == "pay_each_player":
        others = [p for p in state.active_players if p != cmd.player]
        return Due(cmd.player, card.amount * len(others), BANK, True, why)
    if card.effect == "repairs":
        levels = [state.deeds[d].level for d in state.deeds_of(cmd.player)]
        cost = sum(card.per_hotel if lv == HOTEL else lv * card.per_house for lv in levels)
        return Due(cmd.player, cost, BANK, True, why)
    if card.effect == "advance_nearest" and cmd.deed:
        holding = state.deeds[cmd.deed]
        if holding.owner in (BANK, cmd.player) or holding.mortgaged or holding.owner in state.bankrupt:
            return None
        amount = rent_due(state, cmd.deed, cmd.dice, card.rent_multiplier, card.dice_multiplier)
        return Due(cmd.player, amount, holding.owner, True, why)
    return None


def shortfall(state: GameState, command: c.Command) -> Due | None:
    """The payment `command` makes when the payer's cash does not cover it, else None."""
    due = amount_due(state, command)
    if due is None or due.payer not in state.accounts or due.amount <= state.cash(due.payer):
        return None
    return due


@dataclass(frozen=True)
class WayToRaise:
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
        for count in range(1, level + 1):
            if sell_refusal(state, player, deed, count) is None:
                value = sale_value(state, deed, level, level - count)
                what = "the hotel" if level == HOTEL and count == 1 else (
                    "one house" if count == 1 else f"{count} building levels")
                sales.append(WayToRaise(f"sell {what} on {deed}: +{money(value)}",
                                        c.SellBuildings(player, deed, count), value))
                break
        if mortgage_refusal(state, player, deed) is None:
            value = state.deed(deed).mortgage
            mortgages.append(WayToRaise(f"mortgage {deed}: +{money(value)}", c.Mortgage(player, deed), value))
    return sales + mortgages


def bankruptcy_creditor(due: Due) -> str:
    """Who takes a bankrupt player's assets: the player owed, else the bank."""
    return due.creditor if due.creditor not in ACCOUNTS else BANK
