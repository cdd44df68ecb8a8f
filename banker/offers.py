"""What an offer is, and the pieces every edition's landing builds its offers from.

Below the landing (`banker.landing`) and each feature's own offers (`districts_landing`, `coins_landing`): a
feature declares its offers as a `FeatureOffers`, and the landing reads them from its table of features, so no
feature's offers and the landing import each other.
"""

from __future__ import annotations

from collections.abc import Callable

from . import commands as c
from . import rules  # rules.decide at call time: deciding loads every rule, which the board's first frame needs not
from .errors import Refusal
from .events import BANK
from .frozen import Frozen, frozen
from .rules.deeds import buy_refusal, for_sale, rent_refusal
from .rules.destinations import Move
from .rules.rent import rent_charge
from .state import GameState

DICE = "dice"
CARD = "card"
MOVE = "move"  # the token moves on (a speed-die face, the Auction space): follow `move`, then land there
PICK_DEED = "deed"  # the Auction space: the player picks an unowned deed for the banker to auction


@frozen
class Offer(Frozen):
    """One thing the banker can do for a landing.

    `command` is None when there is nothing to do (own deed, just visiting) or when
    `needs` names what must be asked first: "dice" (the total, then fill `dice`),
    "card" (pick the card drawn from `deck`), "deed" (pick an unowned deed to auction)
    or "move" (the token moves on as `move` says, `question` being the banker.rules.destinations
    question asked; the landing there is settled next).
    """

    label: str
    command: c.Command | None = None
    needs: str = ""
    deck: str = ""
    refusal: str | None = None
    question: str = ""
    move: Move | None = None

    @property
    def actionable(self) -> bool:
        return self.refusal is None and (self.command is not None or bool(self.needs))


@frozen
class Due(Frozen):
    """A payment a command will make: who pays, how much, to whom, and whether it is a debt."""

    payer: str
    amount: int
    creditor: str  # a player, or "bank" (the pot counts as the bank for a bankruptcy)
    owed: bool  # rent, tax, a fine: bankruptcy is the way out; False for a purchase the player may skip
    why: str


def _none(*_: object) -> None:
    return None


def _no_offers(*_: object) -> list[Offer]:
    return []


@frozen
class FeatureOffers(Frozen):
    """One feature's part in a landing (Monopoly City's districts, Sore Losers' coins), as the landing reads it.

    `plays`: whether this game has the feature. `space`: the offers for a space where the feature differs from
    the classic game, None where it plays the same. `after`: offers that follow the space's own (Mr. Monopoly's
    trap). `due`: the payment one of the feature's own commands makes (a City build), None for any other.
    """

    plays: Callable[[GameState], bool]
    space: Callable[[GameState, str, int], list[Offer] | None] = _none
    after: Callable[[GameState, str], list[Offer]] = _no_offers
    due: Callable[[GameState, c.Command], Due | None] = _none


def refusal_of(state: GameState, command: c.Command) -> str | None:
    """The core's own refusal of a command in this state, or None: asked of the pure rules, nothing written."""
    try:
        rules.decide(state, command)
    except Refusal as refusal:
        return str(refusal)
    return None


def unowned_deeds(state: GameState) -> list[str]:
    """The deeds the bank still holds, in board order."""
    return [name for name, holding in state.deeds.items() if holding.owner == BANK]


def deed_offers(state: GameState, player: str, deed: str) -> list[Offer]:
    """The classic landing on a deed: buy or auction it, nothing on one's own, else the rent."""
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
    rent = rent_charge(state, deed)
    why = f" ({rent.basis})" if rent.basis else ""
    return [Offer(f"pay {owner} {money(rent.amount)} rent for {deed}{why}", c.Rent(player, deed))]
