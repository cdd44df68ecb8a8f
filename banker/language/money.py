"""The money verbs: buying and auctions, rent, payments, GO, tax, Free Parking and bankruptcy."""

from __future__ import annotations

from .. import commands as c
from ..amounts import _looks_like_amount
from ..errors import Refusal
from ..events import BANK, POT
from ..names import match, squash
from .words import USAGE, Words


class MoneyVerbs(Words):
    """buy, auction, bid, sold, rent, pay, collect, go, tax, parking, bankrupt."""

    def _buy(self, args: list[str]) -> c.Command:
        self._need("buy", args, 2, 2)
        return c.Buy(self.player(args[0]), self.deed(args[1]))

    def _auction(self, args: list[str]) -> c.Command:
        self._need("auction", args, 1, 1)
        if squash(args[0]) in ("house", "hotel"):
            return c.OpenBuildingAuction(squash(args[0]))
        return c.OpenAuction(self.deed(args[0]))

    def _bid(self, args: list[str]) -> c.Command:
        self._need("bid", args, 2, 2)
        return c.Bid(self.player(args[0]), self.amount(args[1]))

    def _sold(self, args: list[str]) -> c.Command:
        self._need("sold", args, 0, 1)
        return c.CloseAuction(self.deed(args[0]) if args else "")

    def _rent(self, args: list[str]) -> c.Command:
        self._need("rent", args, 2, 3)
        dice = self._dice(args[2]) if len(args) == 3 else None
        return c.Rent(self.player(args[0]), self.deed(args[1]), dice)

    def _pay(self, args: list[str]) -> c.Command:
        self._need("pay", args, 2, 3)
        payee = self.account(args[2]) if len(args) == 3 else BANK
        return c.Pay(self.player(args[0]), payee, self.amount(args[1]), "pay")

    def _collect(self, args: list[str]) -> c.Command:
        self._need("collect", args, 2, 3)
        payer = self.account(args[2]) if len(args) == 3 else BANK
        return c.Pay(payer, self.player(args[0]), self.amount(args[1]), "collect")

    def _go(self, args: list[str]) -> c.Command:
        self._need("go", args, 1, 1)
        return c.Salary(self.player(args[0]))

    def _tax(self, args: list[str]) -> c.Command:
        self._need("tax", args, 2, 2)
        taxes = [s.name for s in self.edition.spaces if s.type in ("tax", "industry_tax")]
        return c.Tax(self.player(args[0]), match(args[1], taxes, "tax space"))

    def _parking(self, args: list[str]) -> c.Command:
        self._need("parking", args, 1, 2)
        if len(args) == 2:
            return c.StealCoin(self.player(args[0]), self.player(args[1]))
        taken = next((k.key for k in self.edition.holdings.values() if k.taken_on == "free_parking"), None)
        if taken:
            return c.TakeAtSpace(self.player(args[0]), taken)
        return c.CollectPot(self.player(args[0]))

    def _bankrupt(self, args: list[str]) -> c.Command:
        self._need("bankrupt", args, 1, 4)
        player = self.player(args[0])
        rest = args[1:]
        lift = bool(rest) and squash(rest[-1]) == "lift"
        if lift:
            rest = rest[:-1]
        owed = {BANK if d.creditor in (BANK, POT) or d.creditor in self.state.bankrupt else d.creditor
                for d in self.state.debts if d.player == player}
        creditor = owed.pop() if len(owed) == 1 else BANK  # none typed: the debt's recorded creditor (003:199)
        if rest and not _looks_like_amount(rest[0]):
            creditor = match(rest[0], list(self.state.players) + [BANK], "creditor (a player or bank)")
            rest = rest[1:]
        if not rest:
            to = "" if creditor == BANK else f" {creditor.lower()}"
            example = "2m" if self.edition.money_style == "millions" else "2000"
            raise Refusal(f"say what {player} owes, e.g. bankrupt {player.lower()}{to} {example}")
        if len(rest) > 1:
            raise Refusal(f"bankrupt takes the player, the creditor, the debt and `lift`: {USAGE['bankrupt']}")
        if rest[0].lstrip("$£M").startswith("-"):
            raise Refusal(f"{rest[0]!r} is negative: a debt is what {player} owes, in positive whole numbers, "
                          f"e.g. bankrupt {player.lower()} 2000")
        return c.Bankrupt(player, creditor, self.amount(rest[0]), lift)
