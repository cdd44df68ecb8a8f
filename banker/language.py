"""The banker command language: one line, one action, words split like a shell.

Names are case-insensitive and a unique prefix is enough ("board" = Boardwalk).
Every problem is a `Refusal` with one line that says what to write instead.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Callable
from datetime import UTC, datetime
from functools import lru_cache

from . import commands as c
from .amounts import (  # noqa: F401 - the words for money, dice and counts, named here as before
    MAX_AMOUNT,
    SCALES,
    SPEED_DIE_MOST,
    _looks_like_amount,
    _whole_number,
    amount_example,
    dice_most,
    draw_spin,
    parse_amount,
    parse_count,
    parse_dice,
    read_amount,
)
from .errors import Refusal
from .events import BANK, POT
from .names import match, squash
from .state import GameState

MAX_LINE = 1000

USAGE: dict[str, str] = {
    "buy": "buy <player> <deed>",
    "auction": "auction <deed>  |  auction house|hotel (building shortage)",
    "bid": "bid <player> <amount>",
    "sold": "sold [<deed> for a building won at auction]",
    "rent": "rent <payer> <deed> [<dice total>]",
    "pay": "pay <player> <amount> [<to player|pot>]",
    "collect": "collect <player> <amount> [<from player|pot>]",
    "go": "go <player>",
    "tax": "tax <player> <space>",
    "card": "card <player> [chance|chest] <card> [<deed>] [<dice total>] [go]",
    "jail": "jail <player>  |  jail <mr-monopoly> <player> (Sore Losers: he sends another)",
    "bail": "bail <player>",
    "usecard": "usecard <player> [chance|chest]",
    "doubles": "doubles <player>",
    "build": "build <player> <deed> [<count>]",
    "sell": "sell <player> <deed> [<count>]",
    "mortgage": "mortgage <player> <deed>",
    "unmortgage": "unmortgage <player> <deed>",
    "trade": "trade <a> <b> give <item>... get <item>... [lift]",
    "parking": "parking <player>  (the pot)  |  parking <player> <victim> (Sore Losers: steal a coin)",
    "bankrupt": "bankrupt <player> [<creditor>] <debt> [lift]  (to the bank unless a player is named)",
    "depot": "depot <player> <railroad>  (Mega: a train depot, doubles the rent)",
    "ticket": "ticket <player> [expire]  (Mega: take a bus ticket; expire = \"All Tickets Expire\")",
    "ride": "ride <player>  (Mega: use a bus ticket)",
    "redistribute": "redistribute <player> <from> <to> [<count>]  (Mega: move houses free within a group)",
    "gift": "gift <player> [ticket]  (Mega: Birthday Gift, the cash or a bus ticket)",
    "coin": "coin <player>  (Sore Losers: landed on own property, or Mr. Monopoly landed on them)",
    "cashin": "cashin <player>  (Sore Losers: 4 coins for the Mr. Monopoly token)",
    "trap": "trap <mr-monopoly> <player> [<deed>]  (Sore Losers: he landed on them; steal a deed)",
    "release": "release <player>  (Sore Losers: free a trapped player)",
    "place": "place <street>  (Sore Losers: doubles while there is a Mr. Monopoly: one free house)",
    "final": "final  (Sore Losers: the final rent round, once every property is owned)",
    "spin": "spin <player> [1|2|3|railroad] [again]  (City: the Build button; again = a new turn of the same player)",
    "railroad": "railroad <player> <district>  (City: the free railroad of a railroad spin)",
    "hazard": "hazard <player> <district> <hazard>  (City: planning permission on another's or an unowned district)",
    "bonus": "bonus <player> <district> <bonus>  (City: planning permission on your own or an unowned district)",
    "clear": "clear <player> <district>  (City: remove a hazard, M500k a block)",
    "stadium": "stadium <player> <district>  (City)",
    "skyscraper": "skyscraper <player> <district>  (City: doubles the group's rent)",
    "tower": "tower <player> <district>  (City: the Monopoly Tower, doubles all your rents)",
    "dodge": "dodge <player> <district>  (City: the Rent Dodge card instead of the rent)",
    "clock": "clock <minutes>|off  (a timed game: start or restart the game clock, e.g. clock 60)",
    "roll": "roll <player> <die> <die> [1|2|3|bus|mr] [ticket|<die>]  (a game that follows the tokens)",
    "move": "move <player> <space> [back|fix]  (a card, a bus ticket, triples; fix = a correction, no money)",
    "settle": "settle <player>  (pay every debt waiting on the player, once the cash is raised)",
    "undo": "undo",
    "redo": "redo",
}
ACTIONS = tuple(USAGE)  # the action words, as `match` indexes them (a tuple: no copy per line)

DECK_WORDS = {"chance": "chance", "chest": "community_chest", "community": "community_chest",
              "communitychest": "community_chest", "cc": "community_chest"}
JAIL_CARD_ITEMS = {"goojf": "", "goojf:chance": "chance", "goojf:chest": "community_chest"}  # a trade's items


class Parser:
    """Parses one line against the names of one game."""

    def __init__(self, state: GameState) -> None:
        self.state = state
        self.edition = state.edition

    def player(self, word: str) -> str:
        return match(word, self.state.players, "player")

    def account(self, word: str) -> str:
        return match(word, _accounts(self.state.players, self.state.free_parking), "player, bank or pot")

    def deed(self, word: str) -> str:
        return match(word, self.edition.deed_names, "deed")

    def amount(self, word: str) -> int:
        return parse_amount(word, self.edition.currency, amount_example(self.edition))

    def parse(self, line: str) -> c.Command:
        if len(line) > MAX_LINE:
            raise Refusal(f"the line is {len(line)} characters long; one action fits in {MAX_LINE}")
        try:
            quoted = '"' in line or "'" in line or "\\" in line
            words = shlex.split(line, comments=False) if quoted else line.split()
        except ValueError:
            raise Refusal("a quote is left open; close it (\"Park Place\") and try again") from None
        if not words:
            raise Refusal(f"empty line; type an action, one of: {', '.join(USAGE)}")
        verb = match(words[0], ACTIONS, "action", hint="; type `help` for the list")
        args = words[1:]
        return _HANDLERS[verb](self, args)

    def _need(self, verb: str, args: list[str], least: int, most: int) -> None:
        if not least <= len(args) <= most:
            if most == 0:
                raise Refusal(f"{verb} takes no other words: {USAGE[verb]}")
            words = "1 word" if least == most == 1 else f"{least}{'' if most == least else '-' + str(most)} words"
            raise Refusal(f"{verb} takes {words}: {USAGE[verb]}")

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

    def _dice(self, word: str) -> int:
        return parse_dice(word, self.state)

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
            elif re.fullmatch(r"\d+", word):
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

    def _build(self, args: list[str]) -> c.Command:
        if self.edition.max_blocks:
            return self._build_blocks(args)
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

    def holding_word(self, word: str) -> str | None:
        """The holding kind a trade word names (`ticket`, `tickets`, `coin`...), or None."""
        low = squash(word)
        for kind in self.edition.holdings.values():
            if low in (squash(kind.word), squash(kind.word) + "s", squash(kind.name), squash(kind.plural)):
                return kind.key
        return None

    def _items(self, words: list[str]) -> c.Items:
        cash, deeds, cards, holdings = 0, [], [], []
        for index, word in enumerate(words):
            low = squash(word)
            following = self.holding_word(words[index + 1]) if index + 1 < len(words) else None
            if re.fullmatch(r"\d+", word) and following is not None:  # "2 tickets": a count, not cash
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

    def _parking(self, args: list[str]) -> c.Command:
        self._need("parking", args, 1, 2)
        if len(args) == 2:
            return c.StealCoin(self.player(args[0]), self.player(args[1]))
        taken = next((k.key for k in self.edition.holdings.values() if k.taken_on == "free_parking"), None)
        if taken:
            return c.TakeAtSpace(self.player(args[0]), taken)
        return c.CollectPot(self.player(args[0]))

    def _coin(self, args: list[str]) -> c.Command:
        self._need("coin", args, 1, 1)
        return c.TakeCoin(self.player(args[0]))

    def _cashin(self, args: list[str]) -> c.Command:
        self._need("cashin", args, 1, 1)
        return c.CashIn(self.player(args[0]))

    def _trap(self, args: list[str]) -> c.Command:
        self._need("trap", args, 2, 3)
        return c.Trap(self.player(args[0]), self.player(args[1]), self.deed(args[2]) if len(args) == 3 else "")

    def _release(self, args: list[str]) -> c.Command:
        self._need("release", args, 1, 1)
        return c.Release(self.player(args[0]))

    def _place(self, args: list[str]) -> c.Command:
        self._need("place", args, 1, 1)
        return c.PlaceFreeHouse(self.deed(args[0]))

    def _final(self, args: list[str]) -> c.Command:
        self._need("final", args, 0, 0)
        return c.FinalRound()

    def _bankrupt(self, args: list[str]) -> c.Command:
        self._need("bankrupt", args, 1, 4)
        player = self.player(args[0])
        rest = args[1:]
        lift = bool(rest) and squash(rest[-1]) == "lift"
        if lift:
            rest = rest[:-1]
        creditor = BANK
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

    def _depot(self, args: list[str]) -> c.Command:
        self._need("depot", args, 2, 2)
        return c.BuildDepot(self.player(args[0]), self.deed(args[1]))

    def _ticket(self, args: list[str]) -> c.Command:
        self._need("ticket", args, 1, 2)
        if len(args) == 2 and squash(args[1]) not in ("expire", "expires", "allticketsexpire"):
            raise Refusal(f"{args[1]!r}: write `ticket <player>` or `ticket <player> expire`")
        return c.TakeTicket(self.player(args[0]), expire=len(args) == 2)

    def _redistribute(self, args: list[str]) -> c.Command:
        self._need("redistribute", args, 3, 4)
        count = parse_count(args[3]) if len(args) == 4 else 1
        return c.Redistribute(self.player(args[0]), self.deed(args[1]), self.deed(args[2]), count)

    def _ride(self, args: list[str]) -> c.Command:
        self._need("ride", args, 1, 1)
        return c.Ride(self.player(args[0]))

    def _gift(self, args: list[str]) -> c.Command:
        self._need("gift", args, 1, 2)
        if len(args) == 2 and self.holding_word(args[1]) != "bus_ticket":
            raise Refusal(f"{args[1]!r}: write `gift <player>` for the cash or `gift <player> ticket`")
        return c.BirthdayGift(self.player(args[0]), ticket=len(args) == 2)

    def _build_blocks(self, args: list[str]) -> c.Command:
        """City: build <player> <district> residential|industrial [count]."""
        usage = "build <player> <district> residential|industrial [count]"
        if not 3 <= len(args) <= 4:
            raise Refusal(f"build takes 3-4 words here: {usage}")
        kind = match(args[2], ("residential", "industrial"), "block kind")
        count = 1
        if len(args) == 4:
            if not re.fullmatch(r"\d+", args[3]) or not 1 <= int(args[3]) <= self.edition.max_blocks:
                raise Refusal(f"{args[3]!r} is not a block count; write 1 to {self.edition.max_blocks}")
            count = int(args[3])
        return c.BuildBlocks(self.player(args[0]), self.deed(args[1]), kind, count)

    def _spin(self, args: list[str]) -> c.Command:
        self._need("spin", args, 1, 3)
        words = [squash(w) for w in args[1:]]
        again = "again" in words
        rest = [w for w in words if w != "again"]
        if len(rest) > 1:
            raise Refusal(f"spin takes one result: {USAGE['spin']}")
        result = rest[0] if rest else draw_spin()
        if result not in ("1", "2", "3", "railroad"):
            bad = next(w for w in args[1:] if squash(w) == result)
            raise Refusal(f"{bad!r} is not a Build result; write 1, 2, 3 or railroad (or leave it out)")
        return c.SpinBuild(self.player(args[0]), result, again)

    def _player_deed(self, verb: str, args: list[str]) -> tuple[str, str]:
        self._need(verb, args, 2, 2)
        return self.player(args[0]), self.deed(args[1])

    def _railroad(self, args: list[str]) -> c.Command:
        return c.PlaceRailroad(*self._player_deed("railroad", args))

    def _planning(self, verb: str, args: list[str]) -> c.Command:
        self._need(verb, args, 3, 3)
        names = self.edition.hazards if verb == "hazard" else self.edition.bonuses
        if not names:
            raise Refusal(f"{self.edition.name} has no planning permission; that is Monopoly City")
        return c.BuildPlanning(self.player(args[0]), self.deed(args[1]), verb, match(args[2], names, verb))

    def _hazard(self, args: list[str]) -> c.Command:
        return self._planning("hazard", args)

    def _bonus(self, args: list[str]) -> c.Command:
        return self._planning("bonus", args)

    def _clear(self, args: list[str]) -> c.Command:
        return c.ClearHazard(*self._player_deed("clear", args))

    def _stadium(self, args: list[str]) -> c.Command:
        return c.BuildStadium(*self._player_deed("stadium", args))

    def _skyscraper(self, args: list[str]) -> c.Command:
        return c.BuildSkyscraper(*self._player_deed("skyscraper", args))

    def _tower(self, args: list[str]) -> c.Command:
        return c.BuildTower(*self._player_deed("tower", args))

    def _dodge(self, args: list[str]) -> c.Command:
        return c.DodgeRent(*self._player_deed("dodge", args))

    def _clock(self, args: list[str]) -> c.Command:
        self._need("clock", args, 1, 1)
        word = args[0].strip().lower()
        if word in ("off", "stop"):
            minutes = 0
        elif re.fullmatch(r"\d+", word) and 1 <= int(word) <= 24 * 60:
            minutes = int(word)
        else:
            raise Refusal(f"{args[0]!r}: write the game's length in minutes (clock 60, clock 120) or clock off")
        return c.StartClock(minutes, datetime.now(UTC).isoformat(timespec="seconds"))

    def _roll(self, args: list[str]) -> c.Command:
        self._need("roll", args, 3, 5)
        player = self.player(args[0])
        dice = []
        for word in args[1:3]:
            if not re.fullmatch(r"[1-6]", word.strip()):
                raise Refusal(f"{word!r} is not a die; a die shows 1 to 6: roll {player.lower()} 3 4")
            dice.append(int(word))
        speed = squash(args[3]) if len(args) > 3 else ""
        speed = {"mrmonopoly": "mr", "monopoly": "mr"}.get(speed, speed)
        if speed and speed not in ("1", "2", "3", "bus", "mr"):
            raise Refusal(f"{args[3]!r} is not a speed die face; it shows 1, 2, 3, bus or mr")
        choice = squash(args[4]) if len(args) > 4 else ""
        if choice and not (choice == "ticket" or choice in {str(d) for d in dice}):
            raise Refusal(f"{args[4]!r}: after bus write `ticket` (take a bus ticket) or the white die to move by "
                          f"({dice[0]} or {dice[1]})")
        return c.Roll(player, (dice[0], dice[1]), speed, choice)

    def _move(self, args: list[str]) -> c.Command:
        from .rules.destinations import space_at

        self._need("move", args, 2, 3)
        how = squash(args[2]) if len(args) == 3 else "forward"
        how = {"correct": "fix", "correction": "fix", "backward": "back", "backwards": "back"}.get(how, how)
        if how not in ("forward", "back", "fix"):
            raise Refusal(f"{args[2]!r}: end the line with `back` (a card sends the token back) or `fix` "
                          "(a correction, no money), or nothing")
        return c.MoveToken(self.player(args[0]), space_at(self.state, args[1]).position, how)

    def _settle(self, args: list[str]) -> c.Command:
        self._need("settle", args, 1, 1)
        return c.Settle(self.player(args[0]))

    def _undo(self, args: list[str]) -> c.Command:
        self._need("undo", args, 0, 0)
        return c.Undo()

    def _redo(self, args: list[str]) -> c.Command:
        self._need("redo", args, 0, 0)
        return c.Redo()


def dice_line(line: str, state: GameState) -> str | None:
    """The table screen's dice: "34", "3 4", "66", "342", "34 mr", "3 4 bus ticket" -> the `roll` line for whoever's
    roll it is, in a game that follows the tokens; None for anything else (it is read as a command line)."""
    if state.tokens is None:
        return None
    found = re.fullmatch(r"\s*([1-6])\s*([1-6])\s*([123]|bus|mr)?\s*(ticket|[1-6])?\s*", line.lower())
    if not found:
        return None
    first, second, speed, choice = found.groups()
    return " ".join(filter(None, ("roll", f'"{state.whose_roll}"', first, second, speed, choice)))


_HANDLERS: dict[str, Callable[[Parser, list[str]], c.Command]] = {verb: getattr(Parser, f"_{verb}") for verb in USAGE}


@lru_cache(maxsize=64)
def _accounts(players: tuple[str, ...], pot: bool) -> tuple[str, ...]:
    """Who can pay or be paid: the players, the bank, and the pot under the Free Parking house rule (one tuple per
    table, kept: `match` finds its index by the tuple's identity, not by hashing every name again)."""
    return (*players, BANK, *([POT] if pot else []))


def parse(line: str, state: GameState) -> c.Command:
    return Parser(state).parse(line)
