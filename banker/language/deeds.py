"""The deed verbs: houses and hotels, mortgages, trades, and Mega's depots and house moves."""

from __future__ import annotations

import re

from .. import commands as c
from ..amounts import parse_count
from ..errors import Refusal
from ..names import squash
from .words import USAGE, Words

JAIL_CARD_ITEMS = {"goojf": "", "goojf:chance": "chance", "goojf:chest": "community_chest"}  # a trade's items


class DeedVerbs(Words):
    """build (houses), sell, mortgage, unmortgage, trade, depot, redistribute."""

    def _build_houses(self, args: list[str]) -> c.Command:
        self._need("build", args, 2, 3)
        count = parse_count(args[2], self.edition.has_skyscrapers) if len(args) == 3 else 1
        return c.Build(self.player(args[0]), self.deed(args[1]), count)

    def _sell(self, args: list[str]) -> c.Command:
        self._need("sell", args, 2, 3)
        count = parse_count(args[2], self.edition.has_skyscrapers) if len(args) == 3 else 1
        return c.SellBuildings(self.player(args[0]), self.deed(args[1]), count)

    def _mortgage(self, args: list[str]) -> c.Command:
        self._need("mortgage", args, 2, 2)
        return c.Mortgage(self.player(args[0]), self.deed(args[1]))

    def _unmortgage(self, args: list[str]) -> c.Command:
        self._need("unmortgage", args, 2, 2)
        return c.Unmortgage(self.player(args[0]), self.deed(args[1]))

    def _trade(self, args: list[str]) -> c.Command:
        if len(args) < 3:
            raise Refusal(f"trade needs two players and items: {USAGE['trade']}")
        first, second = self.player(args[0]), self.player(args[1])
        sides: dict[str, list[str]] = {"give": [], "get": []}
        side, lift = "", False
        for word in args[2:]:
            low = squash(word)
            if low in sides:
                side = low
            elif low == "lift":
                lift = True
            elif not side:
                raise Refusal(f"say `give` or `get` before {word!r}: {USAGE['trade']}")
            else:
                sides[side].append(word)
        gives, gets = self._items(sides["give"]), self._items(sides["get"])
        if gives.empty and gets.empty:
            raise Refusal(f"a trade needs at least one item: {USAGE['trade']}")
        return c.Trade(first, second, gives, gets, lift)

    def _is_cash(self, word: str) -> bool:
        """Cash is written $50, M50 or 50; "Mayfair" is a deed even though the UK money sign is M."""
        sign = re.escape(self.edition.currency)
        return word.startswith("$") or bool(re.fullmatch(rf"(?:{sign}|£|M)?[\d,.\-]+[kKmM]?", word))

    def _items(self, words: list[str]) -> c.Items:
        cash, deeds, cards, holdings = 0, [], [], []
        for index, word in enumerate(words):
            low = squash(word)
            following = self.holding_word(words[index + 1]) if index + 1 < len(words) else None
            if re.fullmatch(r"[0-9]+", word) and following is not None:  # "2 tickets": a count, not cash
                if not 1 <= int(word) <= 100:
                    raise Refusal(f"{word!r} is not a count of {words[index + 1]}; write 1 to 100")
                holdings += [following] * (int(word) - 1)
            elif self._is_cash(word):
                cash += self.amount(word)
            elif (kind := self.holding_word(word)) is not None:
                holdings.append(kind)
            elif low.startswith("goojf") or low.startswith("getoutofjail"):
                if word.casefold() not in JAIL_CARD_ITEMS:  # exactly these: no payload rides along in a trade
                    raise Refusal(f"{word[:20]!r} is not a jail card; write goojf, goojf:chance or goojf:chest "
                                  "(the deck is chance or chest)")
                cards.append(JAIL_CARD_ITEMS[word.casefold()])
            else:
                deed = self.deed(word)
                if deed in deeds:
                    raise Refusal(f"{deed} is listed twice in the trade; list each deed once")
                deeds.append(deed)
        return c.Items(cash, tuple(deeds), tuple(cards), tuple(holdings))

    def _depot(self, args: list[str]) -> c.Command:
        self._need("depot", args, 2, 2)
        return c.BuildDepot(self.player(args[0]), self.deed(args[1]))

    def _redistribute(self, args: list[str]) -> c.Command:
        self._need("redistribute", args, 3, 4)
        count = parse_count(args[3]) if len(args) == 4 else 1
        return c.Redistribute(self.player(args[0]), self.deed(args[1]), self.deed(args[2]), count)
