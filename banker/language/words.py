"""The words every verb of the command language reads: players, accounts, deeds, amounts, holdings, and the
usage line of each verb (the list `help` prints, in this order)."""

from __future__ import annotations

from functools import lru_cache

from ..amounts import amount_example, parse_amount, parse_dice
from ..errors import Refusal
from ..events import BANK, POT
from ..names import match, squash
from ..state import GameState

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
    "place": "place <street>|none  (Sore Losers: doubles while there is a Mr. Monopoly: one free house)",
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
    "last": "last  (a game with a time limit: call the last round now; Banker calls it when the time runs out)",
    "end": "end  (a game with a time limit, tokens not followed: the last round is over, the game ends)",
    "roll": "roll <player> <die> <die> [1|2|3|bus|mr] [ticket|<die>]  (a game that follows the tokens)",
    "move": "move <player> <space> [back|fix]  (a card, a bus ticket, triples; fix = a correction, no money)",
    "settle": "settle <player>  (pay every debt waiting on the player, once the cash is raised)",
    "undo": "undo",
    "redo": "redo",
}
ACTIONS = tuple(USAGE)  # the action words, as `match` indexes them (a tuple: no copy per line)


class Words:
    """One game's names, read word by word; each verb family adds its verbs to this (see `Parser`)."""

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

    def _need(self, verb: str, args: list[str], least: int, most: int) -> None:
        if not least <= len(args) <= most:
            if most == 0:
                raise Refusal(f"{verb} takes no other words: {USAGE[verb]}")
            words = "1 word" if least == most == 1 else f"{least}{'' if most == least else '-' + str(most)} words"
            raise Refusal(f"{verb} takes {words}: {USAGE[verb]}")

    def _dice(self, word: str) -> int:
        return parse_dice(word, self.state)

    def _player_deed(self, verb: str, args: list[str]) -> tuple[str, str]:
        self._need(verb, args, 2, 2)
        return self.player(args[0]), self.deed(args[1])

    def holding_word(self, word: str) -> str | None:
        """The holding kind a trade word names (`ticket`, `tickets`, `coin`...), or None."""
        low = squash(word)
        for kind in self.edition.holdings.values():
            if low in (squash(kind.word), squash(kind.word) + "s", squash(kind.name), squash(kind.plural)):
                return kind.key
        return None


@lru_cache(maxsize=64)
def _accounts(players: tuple[str, ...], pot: bool) -> tuple[str, ...]:
    """Who can pay or be paid: the players, the bank, and the pot under the Free Parking house rule (one tuple per
    table, kept: `match` finds its index by the tuple's identity, not by hashing every name again)."""
    return (*players, BANK, *([POT] if pot else []))
