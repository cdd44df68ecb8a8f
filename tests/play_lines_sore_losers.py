"""What a banker might type at a Sore Losers table: coins, Mr. Monopoly, traps, free houses, bills, the final round.

Not a test module: `tests/test_random_play_sore_losers.py` runs it through the random-play machine.
"""

from __future__ import annotations

import shlex

from hypothesis import strategies as st

from banker import events as ev
from banker.rules.awards import coin_kind
from banker.rules.coins import CASH_IN
from banker.state import HOTEL
from editions import Edition
from tests.play_lines import OPENINGS, TABLES, VERBS, LineMaker, streets_by_group
from tests.play_lines_mega import hotels_on_a_group


def _coin_up(player: str, times: int) -> list[str]:
    return [f"coin {shlex.quote(player)}"] * times


def _start(edition: Edition) -> int:
    return next(k.start for k in edition.holdings.values() if k.awarded_for)


def mr_monopoly_on_the_table(edition: Edition, players: tuple[str, ...]) -> list[str]:
    """The first player cashes in at once; the others hold a complete set, a railroad and a lone street."""
    first, second, last = (shlex.quote(p) for p in (players[0], players[1], players[-1]))
    groups = streets_by_group(edition)
    railroad = next(d for d, deed in edition.deeds.items() if deed.kind == "railroad")
    return ([*(f"buy {second} {shlex.quote(d)}" for d in groups[0]), f"buy {second} {shlex.quote(railroad)}",
             f"buy {last} {shlex.quote(groups[1][0])}"]
            + _coin_up(players[0], CASH_IN - _start(edition))
            + [f"cashin {first}", f"place {shlex.quote(groups[1][0])}", f"place {shlex.quote(groups[2][0])}"])


def four_coins_each(edition: Edition, players: tuple[str, ...]) -> list[str]:
    """Every player one line from cashing in (and from a coin refused at four); a few deeds to trade and steal."""
    groups = streets_by_group(edition)
    lines = [line for p in players for line in _coin_up(p, CASH_IN - _start(edition))]
    return lines + [f"buy {shlex.quote(players[i % len(players)])} {shlex.quote(d)}"
                    for i, d in enumerate(groups[3] + groups[4])]


def every_property_owned(edition: Edition, players: tuple[str, ...]) -> list[str]:
    """All deeds dealt out three at a time in board order (whole sets and split ones), one group built on and one
    deed mortgaged: the final round is one line away."""
    quoted = [shlex.quote(p) for p in players]
    deeds = list(edition.deeds)
    lines = [f"collect {p} 2500" for p in quoted]
    lines += [f"buy {quoted[(i // 3) % len(players)]} {shlex.quote(d)}" for i, d in enumerate(deeds)]
    held = {d: quoted[(i // 3) % len(players)] for i, d in enumerate(deeds)}
    whole = next(g for g in streets_by_group(edition) if len({held[d] for d in g}) == 1)
    lines += [f"build {held[d]} {shlex.quote(d)}" for d in whole]
    lines.append(f"mortgage {held[whole[0]]} {shlex.quote(whole[0])}")  # built on: allowed at this table
    return lines


def the_end_with_a_mr_monopoly(edition: Edition, players: tuple[str, ...]) -> list[str]:
    """Every property owned and the last player already Mr. Monopoly: the final round, reversed rent on built
    streets and steals from whole sets and split ones are all one line away."""
    last = players[-1]
    return (every_property_owned(edition, players) + _coin_up(last, CASH_IN - _start(edition))
            + [f"cashin {shlex.quote(last)}"])


def a_built_group(edition: Edition, players: tuple[str, ...]) -> list[str]:
    """Hotels on the cheapest group and houses on the dearest, all the first player's: a bankruptcy with buildings
    that stay where they stand, and sells that are refused."""
    first = shlex.quote(players[0])
    dearest = streets_by_group(edition)[-1]
    return (hotels_on_a_group(edition, players) + [f"buy {first} {shlex.quote(d)}" for d in dearest]
            + [f"build {first} {shlex.quote(d)}" for d in dearest])


SL_OPENINGS = {**OPENINGS, "a Mr. Monopoly on the table": mr_monopoly_on_the_table,
               "four coins each": four_coins_each, "every property owned": every_property_owned,
               "the end with a Mr. Monopoly": the_end_with_a_mr_monopoly, "a built group": a_built_group}
# drawn from with repeats, so the new parts come up most (Hypothesis draws lumpily: several lead to each part)
SL_OPENING_DRAW = ("a Mr. Monopoly on the table", "every property owned", "four coins each", "a built group",
                   "the end with a Mr. Monopoly", "a Mr. Monopoly on the table", "every property owned",
                   "mortgaged deeds", "two groups held", "the end with a Mr. Monopoly", "a new table")

SL_TABLES = (*TABLES, ("Ann", "Ben", "Cy", "Di", "Ed"))
SL_VERBS = (VERBS + ["coin"] * 5 + ["parking"] * 3 + ["cashin"] * 3 + ["trap"] * 5 + ["release"] * 2
            + ["place"] * 4 + ["final"] * 3 + ["tax"] * 3 + ["jail"] * 3 + ["rent"] * 4 + ["trade"] * 6
            + ["bankrupt"] * 3 + ["mortgage", "buy", "sell", "sell"] + ["auction"] * 4 + ["undo"] * 2)
BILLS = ["income", "luxury", "electric", "water", "Electric Bill", "'Water Bill'", "Income Tax", "go"]
MR_VERBS = ["trap", "trap", "rent", "rent", "tax", "jail", "place", "parking", "parking"]


class SoreLosersLineMaker(LineMaker):
    """The same banker at a Sore Losers table, mostly aimed at what Mr. Monopoly and the coins allow."""

    VERBS = SL_VERBS
    LOANS = 15  # most trades here carry coins (never a loan): more of the rest are cash alone

    @property
    def key(self) -> str:
        return coin_kind(self.state) or "coin"

    @property
    def most(self) -> int:
        """The most coins a player may hold (the edition's `max_held`)."""
        return self.state.edition.holdings[self.key].max_held or CASH_IN

    def coins(self, player: str) -> int:
        return self.state.held.get(self.key, {}).get(player, 0)

    def holders(self, least: int = 1) -> list[str]:
        return [p for p in self.state.active_players if self.coins(p) >= least]

    def mr(self) -> str:
        """Mr. Monopoly mostly, anyone now and then (the rules refuse them)."""
        return self.state.mr_monopoly if self.state.mr_monopoly and self.chance(85) else self.player()

    def line(self) -> str:
        state = self.state
        verb = ""
        if state.auction is not None:
            return super().line()
        if self.can_redo and self.chance(50):
            return "redo"
        if [p for p in self.holders(CASH_IN) if p not in state.trapped] and self.chance(12):
            verb = "cashin"
        elif state.trapped and self.seldom(15):  # not on a 0 draw: the trapped wait for their release a while
            verb = "release"
        elif all(h.owner != ev.BANK for h in state.deeds.values()) and not state.final_round and self.chance(20):
            verb = "final"  # every property owned: the final round before a bankruptcy hands one back
        elif state.mr_monopoly and self.chance(30):
            verb = self.pick(MR_VERBS)
        elif self.late() and self.chance(25):  # bankruptcies: rare in the verbs, a late game's business
            verb = "bankrupt"
        if not verb:
            return super().line()
        return " ".join([verb, *getattr(self, f"_{verb}")()])

    def _coin(self) -> list[str]:
        room = [p for p in self.state.active_players if p != self.state.mr_monopoly and self.coins(p) < self.most]
        return [self.spell(self.pick(room) if room and self.chance(80) else self.player())]

    def _parking(self) -> list[str]:
        full = [p for p in self.holders(self.most) if p != self.state.mr_monopoly]
        if self.state.mr_monopoly and self.chance(40):  # his steal, and one at the most, goes back to the bank
            player = self.mr()
        else:
            player = self.pick(full) if full and self.chance(30) else self.player()
        if self.chance(10):  # `parking <player>` alone: the pot under the free-parking house rule, else refused
            return [self.spell(player)]
        victims = [p for p in self.holders() if p != player]
        victim = self.pick(victims) if victims and self.chance(85) else self.other(player)
        return [self.spell(player), self.spell(victim)]

    def _cashin(self) -> list[str]:
        full = self.holders(CASH_IN)
        free = [p for p in full if p not in self.state.trapped]  # a trapped player is refused
        among = free if free and self.chance(70) else full
        return [self.spell(self.pick(among) if among and self.chance(85) else self.player())]

    def _trap(self) -> list[str]:
        state = self.state
        mr = self.mr()
        sets = [p for p in state.active_players if p != mr and any(
            state.owns_group(p, d) and state.deed(d).kind == "street" for d in state.deeds_of(p))]
        victim = self.pick(sets) if sets and self.chance(50) else self.other(mr)
        words = [self.spell(mr), self.spell(victim)]
        owned = self.owned_by(victim)
        if self.chance(30):
            return words
        whole = [d for d in owned if state.owns_group(victim, d) and state.deed(d).kind == "street"]
        loose = [d for d in owned if d not in whole]
        among = self.pick([loose or owned, whole or owned, whole or owned])  # a complete set's street is refused
        return words + [self.spell(self.deed(among))]

    def _release(self) -> list[str]:
        trapped = sorted(self.state.trapped)
        return [self.spell(self.pick(trapped) if trapped and self.chance(85) else self.player())]

    def _place(self) -> list[str]:
        streets = [d for d, h in self.state.deeds.items()
                   if self.state.deed(d).kind == "street" and h.level < HOTEL - 1]
        return [self.spell(self.deed(streets))]

    def _final(self) -> list[str]:
        return []

    def _tax(self) -> list[str]:
        return [self.spell(self.mr() if self.chance(30) else self.player()), self.pick(BILLS)]

    def _jail(self) -> list[str]:
        mr = self.state.mr_monopoly
        if mr and self.chance(70):  # he sends another player instead (himself, or nobody, is refused)
            free = [p for p in self.state.active_players if p != mr and p not in self.state.in_jail]
            return [self.spell(mr)] + ([self.spell(self.pick(free) if free and self.chance(85) else self.player())]
                                       if self.chance(90) else [])
        player = self.player()
        return [self.spell(player)] + ([self.spell(self.other(player))] if self.chance(10) else [])

    def _rent(self) -> list[str]:
        state = self.state
        mr = state.mr_monopoly
        if mr and self.chance(60):  # the owner pays him
            theirs = [d for d, h in state.deeds.items() if h.owner not in (ev.BANK, mr, *state.bankrupt)
                      and not h.mortgaged]
            built = [d for d in theirs if state.deeds[d].level]  # reversed rent on buildings
            return [self.spell(mr), self.spell(self.deed(built if built and self.chance(50) else theirs))]
        built = [(h.owner, d) for d, h in state.deeds.items() if h.level and h.owner not in (ev.BANK, *state.bankrupt)]
        if built and self.chance(30):  # houses placed free or kept from a bankrupt: rent for those buildings
            owner, deed = self.pick(built)
            return [self.spell(self.other(owner)), self.spell(deed)]
        return super()._rent()

    def _buy(self) -> list[str]:
        built = [d for d, h in self.state.deeds.items() if h.owner == ev.BANK and h.level]
        if built and self.chance(70):  # the bank's street keeps its buildings, free to the buyer
            return [self.spell(self.player()), self.spell(self.pick(built))]
        return super()._buy()

    def _items(self, player: str) -> list[str]:
        items = super()._items(player)
        held = self.coins(player)
        if (held and self.chance(40)) or self.chance(3):
            items += [self.pick(["coin", "coin", "coins", "Coin"])] * self.draw(st.integers(1, held + 1))
        return items

    def _mortgage(self) -> list[str]:
        built = [(h.owner, d) for d, h in self.state.deeds.items()
                 if h.level and not h.mortgaged and h.owner in self.state.active_players]
        if built and self.chance(50):  # 001: the buildings stay on a mortgaged street
            return [self.spell(w) for w in self.pick(built)]
        return super()._mortgage()

    def _trade(self) -> list[str]:
        if self.seldom(22):  # a loan (refused)
            return self.loan()
        holders = self.holders()
        if holders and self.chance(55):  # 001: "swap property and sore loser coins"
            seller = self.pick(holders)
            room = [p for p in self.state.active_players  # Mr. Monopoly and a player at the most are refused
                    if p not in (seller, self.state.mr_monopoly) and self.coins(p) < self.most]
            buyer = self.pick(room) if room and self.chance(80) else self.other(seller)
            count = self.draw(st.integers(1, self.coins(seller) + (1 if self.chance(10) else 0)))
            coins = ["coin"] * count
            return [self.spell(seller), self.spell(buyer), "give", *coins, "get", self.amount(1, 200)]
        return super()._trade()

    def _bankrupt(self) -> list[str]:
        """Coins back to the bank and buildings staying where they stand, to the bank or to a player (who buys
        the mortgaged streets back at once, or not); now and then `lift` to the bank (refused)."""
        state = self.state
        if self.seldom(15):  # `lift` to the bank, refused
            return self.bankrupt_words(self.player(), self.pick(["bank", ""]), lift=True)
        if lifted := self.lift_bankruptcy(45):
            return lifted
        built = sorted({h.owner for h in state.deeds.values() if h.level and h.owner not in (ev.BANK, *state.bankrupt)})
        rich = [p for p in self.holders() if state.deeds_of(p)]
        if self.chance(80):  # Mr. Monopoly mostly stays at the table: his lines are half of this edition's
            built, rich = [p for p in built if p != state.mr_monopoly], [p for p in rich if p != state.mr_monopoly]
        if (built or rich) and self.chance(70):
            player = self.pick(self.pick([built or rich, rich or built]))
            if self.chance(50):
                return self.bankrupt_words(player, self.pick(["bank", "bank", ""]), lift=False, past=60)
            lifts = player in self.mortgaged_owners()
            return self.bankrupt_words(player, self.other(player), lift=self.chance(60) if lifts else None, past=60)
        return super()._bankrupt()
