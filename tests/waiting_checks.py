"""What random play checks of what a followed table waits for (issue 35, "No table that can never roll again").

`unanswerable(state)`: every waiting item (a decision, a debt, a triples move) has at least one line the rules
accept now, tried through `decide` on the state (nothing is written). `LandingCharges`: no landing is charged twice,
counted from the events of each action (a rent, a tax, a card, the pot since the token's last move by the dice, a
card or a ride; a token a correction placed is the banker's own to settle and is not counted).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator

from banker import commands as c
from banker import events as ev
from banker.errors import Refusal
from banker.events import BANK
from banker.rules import decide
from banker.rules.bankruptcy import recorded_creditors
from banker.rules.money import raisable_from
from banker.rules.tokens import ride_targets
from banker.state import GameState
from banker.waits import Wait


def _accepted(state: GameState, command: c.Command) -> bool:
    try:
        decide(state, command)
    except Refusal:
        return False
    return True


def _answers(state: GameState, wait: Wait) -> Iterator[c.Command]:
    """The lines that could answer one wait (some are refused; one accepted is enough)."""
    p, others = wait.player, [o for o in state.active_players if o != wait.player]
    bank_deeds = [d for d, h in state.deeds.items() if h.owner == BANK]
    match wait.kind, wait.detail:
        case "buy-or-auction", _:
            yield c.OpenAuction(wait.space)
            yield c.Buy(p, wait.space)
        case "card", deck:
            yield from (c.GoToJail(p, o) for o in others)  # Mr. Monopoly's Go to Jail card (001:31)
            for card in state.edition.cards:
                if card.deck == deck:
                    yield c.DrawCard(p, deck, card.key, dice=7)
                    kind = card.kind if card.effect == "advance_nearest" else ""
                    yield from (c.DrawCard(p, deck, card.key, d, dice=7) for d in state.deeds
                                if kind and state.deed(d).kind == kind)
        case "choice", "gift":
            yield from (c.BirthdayGift(p), c.BirthdayGift(p, ticket=True))
        case "choice", "bus-ticket":
            yield from (c.TakeTicket(p), c.TakeTicket(p, expire=True))
        case "choice", "auction-space":
            yield from (c.OpenAuction(d) for d in bank_deeds)
        case "choice", ("utility" | "rent-dodge"):
            yield from (c.Rent(p, wait.space, 7), c.Rent(p, wait.space), c.DodgeRent(p, wait.space))
        case "choice", "steal":
            yield from (c.StealCoin(p, o) for o in others)
        case "move", "ride":
            yield from (c.MoveToken(p, target) for target in ride_targets(state, p))
        case "jail-send", _:
            yield from (c.GoToJail(p, o) for o in others)
        case "trap", _:
            for o in others:
                yield c.Trap(p, o)
                yield from (c.Trap(p, o, d) for d in state.deeds_of(o))


def unanswerable(state: GameState) -> list[str]:
    """Each thing the table waits for that no line of the rules answers now (an open auction answers first)."""
    if state.tokens is None:
        return []
    if state.auction is not None:  # a building won at a shortage auction is placed with `sold <deed>`
        closes = (c.CloseAuction(), *(c.CloseAuction(d) for d in state.deeds))
        return [] if any(_accepted(state, close) for close in closes) else [
            f"the auction of {state.auction.deed} cannot close"]
    problems = []
    for wait in state.waiting:
        if wait.kind == "speed-die":  # it runs by itself once its player's space is settled
            continue
        if not any(_accepted(state, command) for command in _answers(state, wait)):
            problems.append(f"nothing answers {wait}")
    for player in dict.fromkeys(d.player for d in state.debts):
        total = sum(d.amount for d in state.debts if d.player == player)
        creditor = (recorded_creditors(state, player) or [BANK])[0]
        if not (_accepted(state, c.Settle(player)) or _accepted(state, c.Bankrupt(player, creditor, total))
                or raisable_from(state, player).total >= total):
            problems.append(f"nothing answers {player}'s debts of {total} (settle, raise money or bankrupt)")
    if state.tokens.anywhere:
        who = state.tokens.anywhere
        here = state.position(who)
        if not any(_accepted(state, c.MoveToken(who, to)) for to in range(len(state.edition.spaces)) if to != here):
            problems.append(f"{who}'s triples move has no space to go to")
    return problems


class LandingCharges:
    """A landing's charges counted from the ledger: at most one rent, tax, card and pot per landing."""

    def __init__(self) -> None:
        self.counted: dict[str, Counter[str]] = {}

    def problems(self, events: Iterable[ev.Event]) -> list[str]:
        found = []
        for e in events:
            if isinstance(e, (ev.ActionUndone, ev.ActionRedone)):  # the history changed: count afresh
                self.counted.clear()
                continue
            if isinstance(e, ev.TokenMoved):
                self.counted[e.player] = Counter() if e.how != "correction" else Counter(placed=1)
                continue
            if isinstance(e, ev.PlayerWentBankrupt):
                self.counted.pop(e.player, None)
                continue
            charge = _charge(e)
            if charge is None:
                continue
            player, what = charge
            landing = self.counted.get(player)
            if landing is None or landing["placed"]:
                continue
            landing[what] += 1
            if landing[what] > 1:
                found.append(f"{player}'s landing was charged {what} {landing[what]} times ({type(e).__name__})")
        return found


def _charge(e: ev.Event) -> tuple[str, str] | None:
    """(whose landing, what) when the event settles a landing's charge."""
    match e:
        case ev.RentPaid():
            return e.payer, f"rent for {e.deed}"
        case ev.RentReversed():
            return e.mr_monopoly, f"rent for {e.deed}"
        case ev.DebtRecorded() if e.why.startswith("rent for ") and e.why.endswith(" to Mr. Monopoly"):
            return e.creditor, e.why.removesuffix(" to Mr. Monopoly")  # the owner owes Mr. Monopoly, who landed
        case ev.DebtRecorded() if e.why.startswith("rent for "):
            return e.player, e.why
        case ev.TaxPaid() | ev.TaxCollected():
            return e.player, "tax"
        case ev.DebtRecorded() if not e.why.startswith("the "):  # a tax beyond the cash: its space's name
            return e.player, "tax"
        case ev.CardDrawn():
            return e.player, f"a {e.deck} card"
        case ev.PotCollected():
            return e.player, "the pot"
    return None
