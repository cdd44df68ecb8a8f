"""The cards and jail verbs: a drawn card, jail, bail, the Get Out of Jail Free card, three doubles."""

from __future__ import annotations

import re

from .. import commands as c
from ..errors import Refusal
from ..names import squash
from .words import USAGE, Words

DECK_WORDS = {"chance": "chance", "chest": "community_chest", "community": "community_chest",
              "communitychest": "community_chest", "cc": "community_chest"}


class CardVerbs(Words):
    """card, jail, bail, usecard, doubles."""

    def _card(self, args: list[str]) -> c.Command:
        if len(args) < 2:
            raise Refusal(f"card takes a player and a card: {USAGE['card']}")
        player = self.player(args[0])
        rest = args[1:]
        deck = ""
        if squash(rest[0]) in DECK_WORDS and len(rest) > 1:
            deck = DECK_WORDS[squash(rest[0])]
            rest = rest[1:]
        card = self._find_card(rest[0], deck)
        deed, dice, passed_go = "", None, False
        for word in rest[1:]:
            if squash(word) == "go":
                passed_go = True
            elif re.fullmatch(r"[0-9]+", word):
                dice = self._dice(word)
            else:
                deed = self.deed(word)
        return c.DrawCard(player, card.deck, card.key, deed, dice, passed_go)

    def _find_card(self, word: str, deck: str):  # noqa: ANN202 - editions.Card
        key = squash(word)
        cards = [card for card in self.edition.cards if not deck or card.deck == deck]
        if not key:
            raise Refusal(f"{word!r} is not a card; name it by its title or key, like \"bank error\"")
        exact = [card for card in cards if squash(card.key) == key]
        found = exact or [card for card in cards
                          if squash(card.key).startswith(key) or squash(card.title).startswith(key)]
        if not found:
            raise Refusal(f"no card called {word!r}; name it by its title's start, like \"bank error\"")
        distinct = {(card.deck if card.effect == "jail_free" else "", card.key, card.effect) for card in found}
        if len(distinct) > 1:
            if len({(k, e) for _, k, e in distinct}) == 1:
                raise Refusal(f"{word!r} is in both decks; say which: card <player> chance {word} "
                              f"or card <player> chest {word}")
            titles = sorted({card.title for card in found})[:4]
            raise Refusal(f"{word!r} could be {' / '.join(titles)}; type more of the card's title")
        return found[0]

    def _jail(self, args: list[str]) -> c.Command:
        self._need("jail", args, 1, 2)
        return c.GoToJail(self.player(args[0]), self.player(args[1]) if len(args) == 2 else "")

    def _bail(self, args: list[str]) -> c.Command:
        self._need("bail", args, 1, 1)
        return c.Bail(self.player(args[0]))

    def _usecard(self, args: list[str]) -> c.Command:
        self._need("usecard", args, 1, 2)
        deck = ""
        if len(args) == 2:
            if squash(args[1]) not in DECK_WORDS:
                raise Refusal(f"{args[1]!r} is not a deck; write chance or chest")
            deck = DECK_WORDS[squash(args[1])]
        return c.UseJailCard(self.player(args[0]), deck)

    def _doubles(self, args: list[str]) -> c.Command:
        self._need("doubles", args, 1, 1)
        return c.RolledOut(self.player(args[0]))
