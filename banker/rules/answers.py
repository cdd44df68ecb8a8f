"""In a game that follows the tokens, a line that settles a landing answers what waits.

A roll charges what its landing makes certain (rules.arrival): the rent, the tax, the Free Parking pot. The paper
bank's lines (`rent`, `tax`, `card`, `parking`, `buy`) are then answers to what the table waits for, and
anything else would charge a landing twice: it is refused with one sentence naming what was settled, or what
waits and the line that answers it. A game that does not follow the tokens is not asked (`landing_refusal` is
None there), nor a token a correction (`move ... fix`) placed: Banker settled nothing there, so the banker's own
lines settle that landing (one card for it, 003:102). Building, trading and mortgaging are not landing lines.
"""

from __future__ import annotations

from .. import commands as c
from ..events import BANK, POT
from ..state import GameState
from ..waits import DECKS, Wait, first_waiting, wait_text
from .rent import rent_due
from .table import tax_charge


def landing_refusal(state: GameState, command: c.Command) -> str | None:
    """Why this line would settle a landing the roll already settled, or not the one that waits (None: go on)."""
    if state.tokens is None:
        return None
    player = getattr(command, "payer", "") or getattr(command, "player", "")
    if player in state.tokens.placed and not isinstance(command, c.Buy):
        return None  # a correction put the token there: that landing is the banker's own lines to settle
    match command:
        case c.Rent():
            return _rent(state, command)
        case c.Tax():
            return _tax(state, command)
        case c.DrawCard():
            return _card(state, command)
        case c.CollectPot():
            return _pot(state, command.player)
        case c.StealCoin():
            return _steal(state, command)
        case c.Buy():
            return _buy(state, command)
        case c.BuildPlanning():
            return _planning(state, command.player)
    return None


def _space(state: GameState, player: str) -> str:
    return state.edition.spaces[state.position(player)].name


def _waits(state: GameState, player: str, kind: str) -> list[Wait]:
    return [w for w in state.waiting if w.player == player and w.kind == kind]


def _then(state: GameState) -> str:
    """What the table waits for, as the end of a refusal ("; the table waits: ..."), or nothing."""
    waiting = first_waiting(state)
    return f"; the table waits: {waiting}" if waiting else ""


def _debt(state: GameState, player: str, why: str) -> str | None:
    """The refusal when the landing's charge is already a recorded debt."""
    debt = next((d for d in state.debts if d.player == player and d.why == why), None)
    if debt is None:
        return None
    to = "the bank" if debt.creditor in (BANK, POT) else debt.creditor
    return (f"the roll recorded {player}'s {state.edition.money(debt.amount)} {why} to {to} as a debt: "
            f"settle {player} once the cash is raised")


def _rent(state: GameState, cmd: c.Rent) -> str | None:
    """003:83: the lander pays the owner once; the roll did it, or the table waits for its dice (a utility after a
    card, City's Rent Dodge holder)."""
    payer, deed = cmd.payer, cmd.deed
    if any(w.space == deed for w in _waits(state, payer, "choice")):
        return None
    holding = state.deeds[deed]
    owner = holding.owner
    mr = payer == state.mr_monopoly
    if reason := _debt(state, owner if mr else payer, f"rent for {deed} to Mr. Monopoly" if mr else f"rent for {deed}"):
        return reason
    if owner in (BANK, payer) or owner in state.bankrupt or holding.mortgaged:
        return None  # nothing is due there: the rent's own refusal says why
    here = _space(state, payer)
    if here != deed:
        return (f"{payer}'s token is on {here}, not {deed}: Banker charges rent when a token lands on another "
                f"player's deed (to correct the ledger: pay {payer} <amount> {owner})" + _then(state))
    money = state.edition.money
    amount = "" if state.deed(deed).kind == "utility" else f"{money(rent_due(state, deed))} "
    if mr:
        return f"the roll had {owner} pay Mr. Monopoly ({payer}) the {amount}rent for {deed}; it is paid once"
    return f"the roll charged {payer}'s {amount}rent for {deed} to {owner}; a landing's rent is paid once"


def _tax(state: GameState, cmd: c.Tax) -> str | None:
    """003:108: the tax is paid when the token lands on its space, and the roll paid it."""
    player, name = cmd.player, cmd.space
    if reason := _debt(state, player, name):
        return reason
    here = _space(state, player)
    if here != name:
        return (f"{player}'s token is on {here}, not {name}: Banker charges a tax when a token lands on its space "
                f"(to correct the ledger: pay {player} <amount>)" + _then(state))
    space = next(s for s in state.edition.spaces if s.name == name)
    if space.type == "industry_tax" and not any(state.deeds[d].industrial for d in state.deeds_of(player)):
        return None  # nothing was due: the tax's own refusal says why
    amount = state.edition.money(tax_charge(state, player, name).amount)
    if player == state.mr_monopoly:
        return f"the roll paid Mr. Monopoly ({player}) the {amount} of {name} from the bank; it is paid once"
    return f"the roll charged {player}'s {amount} {name} (003:108); a landing's tax is paid once"


def _card(state: GameState, cmd: c.DrawCard) -> str | None:
    """003:102: one landing on Chance or Community Chest, one card: the card that waits."""
    player, deck = cmd.player, cmd.deck
    cards = _waits(state, player, "card")
    if any(w.detail == deck for w in cards):
        return None
    if cards:
        return f"{wait_text(state, cards[0])}, not a {DECKS.get(deck, deck)} card"
    if player in state.in_jail:
        return f"{player} is in jail and no card waits for {player}: a card is drawn when a token lands on its space"
    here = state.edition.spaces[state.position(player)]
    if here.type == deck:
        return (f"{player}'s {DECKS.get(deck, deck)} card for this landing on {here.name} was drawn already: "
                f"one landing, one card (003:102)" + _then(state))
    return (f"{player}'s token is on {here.name}, not on a {DECKS.get(deck, deck)} space, and no card waits for "
            f"{player}: a card is drawn when a token lands on its space" + _then(state))


def _pot(state: GameState, player: str) -> str | None:
    """The Free Parking pot (house rule) goes to the token that lands there, with the roll that lands it."""
    if not state.free_parking:
        return None  # the pot's own refusal: no jackpot in this game
    here = _space(state, player)
    if state.edition.spaces[state.position(player)].type == "free_parking":
        return (f"the roll that landed {player} on {here} settled the pot (house rule): it goes to the next "
                "token that lands there")
    return (f"{player}'s token is on {here}, not on Free Parking: the pot goes to the token that lands there, "
            "and Banker pays it with the roll (house rule)" + _then(state))


def _steal(state: GameState, cmd: c.StealCoin) -> str | None:
    """001:19: a coin is stolen by the player who lands on Free Parking, once for that landing."""
    if any(w.detail == "steal" for w in _waits(state, cmd.player, "choice")):
        return None
    here = _space(state, cmd.player)
    if state.edition.spaces[state.position(cmd.player)].type == "free_parking":
        return f"{cmd.player} has stolen a coin for this landing on {here} already (001:19)" + _then(state)
    return (f"{cmd.player}'s token is on {here}, not on Free Parking: the player who lands there steals a coin "
            "(001:19)" + _then(state))


def _planning(state: GameState, player: str) -> str | None:
    """004:234 "When you land on a PLANNING PERMISSION space, you must" build a hazard or a bonus building."""
    here = state.edition.spaces[state.position(player)]
    if here.type == "planning_permission":
        return None
    return (f"{player}'s token is on {here.name}, not on Planning Permission: a hazard or a bonus building is built "
            "by the player who lands there (004:234)")


def _buy(state: GameState, cmd: c.Buy) -> str | None:
    """003:75-77 and 000:138: the player who landed buys at the listed price; if not, the deed goes to auction."""
    wait = next((w for w in state.waiting if w.kind == "buy-or-auction" and w.space == cmd.deed), None)
    if wait is None or wait.player == cmd.player or state.auction is not None:
        return None
    return (f"only {wait.player}, who landed on {cmd.deed}, may buy it at its price (003:75-77), and after a no "
            f"it goes to auction, where anyone may bid: {wait_text(state, wait)}")
