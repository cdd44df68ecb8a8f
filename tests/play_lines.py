"""What a banker might type at a classic table: the line maker random play draws from.

Not a test module: `tests/play_machine.py` runs it, and the edition line makers
(Mega, Sore Losers, City) extend it with their own words.
"""

from __future__ import annotations

import shlex
from collections.abc import Callable
from typing import Any

from hypothesis import strategies as st

from banker import events as ev
from banker.state import HOTEL, GameState
from editions import Edition
from tests.ledger_checks import could_raise

TABLES = (
    ("Alice", "Bob"),
    ("Alice", "Bob", "Carol"),
    ("Zoë", "Mary Ann", "Olaf", "Dan"),
    ("Ann", "Ben", "Cy", "Di", "Ed", "Flo"),
)
HOUSE_RULES = ((), ("free-parking",))
VERBS = (
    ["buy"] * 8 + ["go"] * 3 + ["rent"] * 3 + ["pay", "collect"] * 2 + ["auction", "bid", "sold"]
    + ["tax", "card", "card", "jail", "bail", "usecard", "doubles"] + ["build"] * 6 + ["sell"] * 2
    + ["mortgage", "mortgage", "unmortgage", "unmortgage"] + ["trade"] * 5
    + ["parking", "bankrupt", "bankrupt", "undo", "undo", "redo"] + ["junk"] * 4
)
# the lines of a game (of the 49 it plays: STEPS in tests/play_machine.py) where `LineMaker.late` holds
LATE = range(26, 44)
JUNK_WORDS = ["", "'", '"', "$", "-1", "0", "1.5", "1e3", "10000000000", "give", "get", "lift", "goojf",
              "goojf:moon", "bank", "pot", "chance", "chest", "go", "hotel", "\t", "ß", "😀", "--", "#"]



def streets_by_group(edition: Edition) -> list[list[str]]:
    groups: dict[str, list[str]] = {}
    for name, deed in edition.deeds.items():
        if deed.kind == "street":
            groups.setdefault(deed.group, []).append(name)
    return list(groups.values())


def one_group(edition: Edition, players: tuple[str, ...]) -> list[str]:
    """The first player holds the dearest group and has the cash to build on it."""
    dearest = streets_by_group(edition)[-1]
    return [f"collect {shlex.quote(players[0])} 4000", *(f"buy {shlex.quote(players[0])} {shlex.quote(d)}"
                                                          for d in dearest)]


def two_groups(edition: Edition, players: tuple[str, ...]) -> list[str]:
    """Two players each hold a group, the second a group of three."""
    three = next(g for g in streets_by_group(edition) if len(g) == 3)
    return one_group(edition, players) + [f"collect {shlex.quote(players[1])} 3000",
                                          *(f"buy {shlex.quote(players[1])} {shlex.quote(d)}" for d in three)]


def mortgaged_deeds(edition: Edition, players: tuple[str, ...]) -> list[str]:
    """The second player holds a group of three, mortgaged, and the railroads: a bankruptcy hands them to a player
    who lifts the mortgages at once or pays 10%, or to the bank, whose auctions of them run one after another."""
    three = next(g for g in streets_by_group(edition) if len(g) == 3)
    railroads = [d for d, deed in edition.deeds.items() if deed.kind == "railroad"]
    second = shlex.quote(players[1])
    return [f"collect {second} 1000", *(f"buy {second} {shlex.quote(d)}" for d in three + railroads),
            *(f"mortgage {second} {shlex.quote(d)}" for d in three)]


# the table a game starts from: a new one, a few groups held so buildings and hotels come up in 50 steps, or
# mortgaged deeds for a bankruptcy to hand over
OPENINGS: dict[str, Callable[[Edition, tuple[str, ...]], list[str]]] = {
    "a new table": lambda edition, players: [],
    "one group held": one_group,
    "two groups held": two_groups,
    "mortgaged deeds": mortgaged_deeds,
}



class LineMaker:
    """Writes one line the way a banker might, mostly aimed at something the state allows."""

    VERBS = VERBS
    DICE_MOST = 12  # the dice totals aimed at (the parser decides what the game accepts)
    DEBT_STEP = 1  # how far past what a player could raise a debt is drawn, in steps of this
    LOANS = 6  # percent of the trades typed that are cash alone
    LIFT_LINES = 3  # percent of the lines, mortgaged deeds around, that are a bankruptcy handing them on (0: none)

    def __init__(self, state: GameState, data: st.DataObject, can_redo: bool = False, played: int = 0) -> None:
        self.state, self.data, self.can_redo, self.played = state, data, can_redo, played

    def late(self) -> bool:
        """Late in this game, not at its very end: the table is built up, so a bankruptcy here takes buildings and
        mortgages with it without cutting the game short, and the bank's auctions after it have lines left to run."""
        return self.played in LATE

    def draw(self, strategy: st.SearchStrategy[Any]) -> Any:
        return self.data.draw(strategy)

    def pick(self, options: list[Any] | tuple[Any, ...]) -> Any:
        return self.draw(st.sampled_from(list(options)))

    def chance(self, percent: int) -> bool:
        return self.draw(st.integers(0, 99)) < percent

    def seldom(self, percent: int) -> bool:
        """`chance(percent)` that a 0 draw does not take: Hypothesis draws 0 for ~20% of the lines' first chances
        (a batch's first game draws nothing else), and a rare branch checked first would be written that often."""
        return not self.chance(100 - percent)

    def spell(self, name: str) -> str:
        """Exact, lower, upper case or a prefix (maybe ambiguous), quoted like a shell word."""
        form = self.draw(st.integers(0, 9))
        if form == 6:
            name = name.lower()
        elif form == 7:
            name = name.upper()
        elif form >= 8:
            name = name[: self.draw(st.integers(1, len(name)))]
        return shlex.quote(name)

    def player(self) -> str:
        active = self.state.active_players
        return self.pick(active if active and self.chance(90) else self.state.players)

    def other(self, player: str) -> str:
        others = [p for p in self.state.active_players if p != player]
        return self.pick(others) if others and self.chance(90) else self.pick(self.state.players)

    def deed(self, among: list[str] | None = None) -> str:
        return self.pick(among if among and self.chance(90) else list(self.state.deeds))

    def amount(self, low: int = 1, high: int = 300) -> str:
        if self.chance(8):
            return self.pick(["0", "-5", "2.5", "abc", "10000000000", "1,000", "$", "1e2"])
        return self.money(self.draw(st.integers(low, max(low, high))))

    def money(self, value: int) -> str:
        """An exact amount as a banker writes it: 250, or with the currency sign."""
        return (self.state.edition.currency + str(value)) if self.chance(20) else str(value)

    def owned_by(self, player: str) -> list[str]:
        return self.state.deeds_of(player)

    def line(self) -> str:
        verb = self.pick(self.VERBS)
        if self.can_redo and self.chance(25):
            verb = "redo"
        elif self.buildable() and self.chance(20):
            verb = "build"
        elif self.state.auction is not None and self.chance(75):
            # a bankruptcy's auctions: more `sold`, so its deeds are often auctioned to the last one
            verb = self.pick(["bid", "bid", "sold", "sold"] if self.state.to_auction else ["bid", "bid", "bid", "sold"])
        elif self.state.to_auction and self.chance(50):
            verb = "auction"
        elif self.LIFT_LINES and self.mortgaged_owners() and self.chance(self.LIFT_LINES):  # lifted at once, or not
            verb = "bankrupt"
        if verb == "junk":
            return self.junk()
        words = getattr(self, f"_{verb}")()
        if self.chance(3) and words:  # one word dropped or one too many
            words = words[:-1] if self.chance(50) else words + [self.pick(JUNK_WORDS) or "x"]
        return " ".join([verb if self.chance(95) else verb.upper(), *words])

    def junk(self) -> str:
        vocab = st.one_of(
            st.sampled_from(JUNK_WORDS),
            st.sampled_from(list(self.state.players) + list(self.state.deeds)).map(shlex.quote),
            st.sampled_from(self.VERBS),
            st.text(max_size=12),
        )
        return " ".join(self.draw(st.lists(vocab, max_size=7)))

    def _buy(self) -> list[str]:
        state = self.state
        bank = [d for d, h in state.deeds.items() if h.owner == ev.BANK]
        if bank and self.chance(75):
            # aim at a deed whose group someone already holds part of, so groups complete
            partial = [(h.owner, d) for d in bank for g in [state.group(d)] for o in g
                       for h in [state.deeds[o]] if h.owner not in (ev.BANK, *state.bankrupt)]
            if partial:
                player, deed = self.pick(partial)
                return [self.spell(player), self.spell(deed)]
        return [self.spell(self.player()), self.spell(self.deed(bank))]

    def _auction(self) -> list[str]:
        if self.chance(10):  # the building-shortage auction
            return [self.pick(["house", "hotel"])]
        bank = [d for d, h in self.state.deeds.items() if h.owner == ev.BANK]
        return [self.spell(self.deed(self.state.to_auction or bank))]

    def _bid(self) -> list[str]:
        high = self.state.auction.high_bid if self.state.auction else 0
        return [self.spell(self.player()), self.amount(high + 1, high + 120)]

    def _sold(self) -> list[str]:
        auction = self.state.auction
        if auction is not None and auction.deed in ("house", "hotel") and self.chance(80):
            return [self.spell(self.deed(self.owned_by(auction.high_bidder) if auction.high_bidder else None))]
        return []

    def _rent(self) -> list[str]:
        player = self.player()
        others = [d for d, h in self.state.deeds.items() if h.owner not in (ev.BANK, player)]
        words = [self.spell(player), self.spell(self.deed(others))]
        if self.chance(50):
            words.append(str(self.draw(st.integers(2, self.DICE_MOST))))
        return words

    def _pay(self) -> list[str]:
        player = self.player()
        words = [self.spell(player), self.amount()]
        if self.chance(50):
            words.append(self.spell(self.pick([self.other(player), "bank", "pot"])))
        return words

    _collect = _pay

    def _go(self) -> list[str]:
        return [self.spell(self.player())]

    _jail = _bail = _doubles = _parking = _go

    def _usecard(self) -> list[str]:
        return [self.spell(self.player())] + ([self.pick(["chance", "chest"])] if self.chance(30) else [])

    def _tax(self) -> list[str]:
        taxes = [s.name for s in self.state.edition.spaces if s.type == "tax"]
        return [self.spell(self.player()), self.spell(self.pick(taxes))]

    def _card(self) -> list[str]:
        card = self.pick(self.state.edition.cards)
        words = [self.spell(self.player())]
        if self.chance(85):
            words.append("chance" if card.deck == "chance" else "chest")
        words.append(shlex.quote(card.key if self.chance(70) else card.title[: self.draw(st.integers(3, 30))]))
        if card.effect == "advance_nearest":
            kind = [d for d in self.state.deeds if self.state.deed(d).kind == card.kind]
            words.append(self.spell(self.deed(kind)))
            if self.chance(70):
                words.append(str(self.draw(st.integers(2, self.DICE_MOST))))
        if card.effect in ("advance", "advance_nearest") and self.chance(30):
            words.append("go")
        return words

    def buildable(self) -> list[tuple[str, str]]:
        state = self.state
        return [(h.owner, d) for d, h in state.deeds.items()
                if h.owner != ev.BANK and state.deed(d).kind == "street" and state.owns_group(h.owner, d)
                and h.level < HOTEL]

    def _build(self) -> list[str]:
        state = self.state
        buildable = self.buildable()
        if buildable and self.chance(85):
            player, deed = self.pick(buildable)
            lowest = min(state.deeds[d].level for d in state.group(deed))
            even = [d for d in state.group(deed) if state.deeds[d].level == lowest]
            deed = self.pick(even) if self.chance(85) else deed
        else:
            player, deed = self.player(), self.deed()
        words = [self.spell(player), self.spell(deed)]
        if self.chance(25):
            words.append(str(self.pick([1, 1, 2, 3, 5, 0, 6])))
        return words

    def _sell(self) -> list[str]:
        state = self.state
        built = [(h.owner, d) for d, h in state.deeds.items() if h.level]
        if built and self.chance(85):
            player, deed = self.pick(built)
            highest = max(state.deeds[d].level for d in state.group(deed))
            deed = self.pick([d for d in state.group(deed) if state.deeds[d].level == highest])
        else:
            player, deed = self.player(), self.deed()
        words = [self.spell(player), self.spell(deed)]
        if self.chance(25):
            words.append(str(self.pick([1, 1, 2, 4, 5, 0])))
        return words

    def _mortgage(self) -> list[str]:
        player = self.player()
        return [self.spell(player), self.spell(self.deed(self.owned_by(player)))]

    def _unmortgage(self) -> list[str]:
        mortgaged = [(h.owner, d) for d, h in self.state.deeds.items() if h.mortgaged]
        if mortgaged and self.chance(85):
            player, deed = self.pick(mortgaged)
            return [self.spell(player), self.spell(deed)]
        player = self.player()
        return [self.spell(player), self.spell(self.deed(self.owned_by(player)))]

    def _items(self, player: str) -> list[str]:
        owned = self.owned_by(player)
        items: list[str] = []
        if owned:
            count = self.draw(st.integers(0, min(4, len(owned))))
            items += [self.spell(d) for d in self.draw(st.permutations(owned))[:count]]
        if self.chance(40):
            items.append(self.amount(1, 400) if self.chance(95) else "$" + self.amount())
        if self.state.jail_cards.get(player) and self.chance(60):
            items.append(self.pick(["goojf", "goojf:chance", "goojf:chest"]))
        return items

    def loan(self) -> list[str]:
        """Cash for nothing, or cash for cash: a loan, refused under no_loans (000:211)."""
        first = self.player()
        gives, gets = self.pick([(True, False), (False, True), (True, True)])
        return [self.spell(first), self.spell(self.other(first)), "give", *([self.amount(1, 400)] * gives),
                "get", *([self.amount(1, 400)] * gets)]

    def _trade(self) -> list[str]:
        state = self.state
        if self.chance(self.LOANS):
            return self.loan()
        wanted = [(h.owner, o.owner, d) for d, h in state.deeds.items() for g in state.group(d)
                  for o in [state.deeds[g]] if g != d and h.owner != o.owner
                  and ev.BANK not in (h.owner, o.owner) and not state.group_has_buildings(d)]
        if wanted and self.chance(50):
            # a deal that completes a group: the buyer pays cash for the deed they lack
            seller, buyer, deed = self.pick(wanted)
            words = [self.spell(buyer), self.spell(seller), "give", self.amount(1, 400), "get", self.spell(deed)]
            return words + (["lift"] if self.chance(30) else [])
        first = self.player()
        second = self.other(first)
        words = [self.spell(first), self.spell(second), "give", *self._items(first), "get", *self._items(second)]
        if self.chance(30):
            words.append("lift")
        return words

    def _bankrupt(self) -> list[str]:
        state = self.state
        if lifted := self.lift_bankruptcy(50):
            return lifted
        owners = sorted({h.owner for h in state.deeds.values() if h.owner in state.active_players})
        player = self.pick(owners) if owners and self.chance(60) else self.player()  # deeds to hand over or auction
        creditor = self.pick([self.other(player), "bank"]) if self.chance(70) else ""
        return self.bankrupt_words(player, creditor)

    def lift_bankruptcy(self, percent: int) -> list[str] | None:
        """Now and then (`percent`), mortgaged deeds to a player who mostly lifts them at once (`lift`)."""
        mortgaged = self.mortgaged_owners()
        if mortgaged and self.chance(percent):
            player = self.pick(mortgaged)
            return self.bankrupt_words(player, self.other(player), lift=self.chance(80), past=85)
        return None

    def mortgaged_owners(self) -> list[str]:
        return sorted({h.owner for h in self.state.deeds.values()
                       if h.mortgaged and h.owner in self.state.active_players})

    def bankrupt_words(self, player: str, creditor: str, lift: bool | None = None, past: int = 50) -> list[str]:
        """`<player> [<creditor>] <debt> [lift]`, the creditor left out (the bank) when empty. The debt is mostly
        (`past` percent) past what the player could raise (a bankruptcy), else within it (refused: they can pay),
        missing or bad."""
        can = could_raise(self.state, player) if player in self.state.players else 0
        step = self.DEBT_STEP
        mode = "past" if self.chance(past) else self.pick(["within", "missing", "within", "bad", "missing"])
        debt: str | None = None
        if mode == "past":
            debt = self.money(can + self.pick([1, step, self.draw(st.integers(1, 400)) * step]))
        elif mode == "within":
            debt = self.money(self.pick([can, max(1, can // 2), self.draw(st.integers(1, max(1, can)))]))
        elif mode == "bad":
            debt = self.amount()
        words = [self.spell(player)]
        if creditor:
            words.append(self.spell(creditor))
        if debt is not None:
            words.append(debt)
        if lift if lift is not None else self.chance(30):
            words.append(self.pick(["lift", "lift", "LIFT"]))
        return words

    def _undo(self) -> list[str]:
        return []

    _redo = _undo
