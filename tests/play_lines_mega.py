"""What a banker might type at a Mega table or with the speed die: depots, skyscrapers, bus tickets, dice to 15."""

from __future__ import annotations

import shlex

from hypothesis import strategies as st

from banker import events as ev
from banker.state import HOTEL, SKYSCRAPER
from editions import Edition
from tests.play_lines import OPENINGS, TABLES, VERBS, LineMaker, streets_by_group


def hotels_on_a_group(edition: Edition, players: tuple[str, ...]) -> list[str]:
    """The first player has a hotel on every street of the cheapest group and (Mega) a skyscraper on the first."""
    cheapest = streets_by_group(edition)[0]
    first = shlex.quote(players[0])
    return ([f"collect {first} 2000", *(f"buy {first} {shlex.quote(d)}" for d in cheapest)]
            + [f"build {first} {shlex.quote(d)}" for _ in range(HOTEL) for d in cheapest]
            + [f"build {first} {shlex.quote(cheapest[0])}"] * edition.has_skyscrapers)


def railroads_and_utilities(edition: Edition, players: tuple[str, ...]) -> list[str]:
    """The first player holds every railroad, two with a depot; the second every utility (rent on the dice, x20)."""
    kinds = {kind: [d for d, deed in edition.deeds.items() if deed.kind == kind] for kind in ("railroad", "utility")}
    first = shlex.quote(players[0])
    depots = [f"depot {first} {shlex.quote(d)}" for d in kinds["railroad"][:2]] if edition.has_depots else []
    return ([f"collect {first} 1000"] + [f"buy {first} {shlex.quote(d)}" for d in kinds["railroad"]] + depots
            + [f"buy {shlex.quote(players[1])} {shlex.quote(d)}" for d in kinds["utility"]])


def skyscraper_and_depot_sold(edition: Edition, players: tuple[str, ...]) -> list[str]:
    """Random play's scripted Mega game (issue 34: no coverage by chance): a skyscraper and a depot built, sold back,
    built again, then sold by a bankruptcy to the bank (its auctions open for random play to go on with)."""
    cheapest, first = streets_by_group(edition)[0][0], shlex.quote(players[0])
    railroad = next(d for d, deed in edition.deeds.items() if deed.kind == "railroad")
    return [*hotels_on_a_group(edition, players), *railroads_and_utilities(edition, players),
            f"sell {first} {shlex.quote(cheapest)}", f"build {first} {shlex.quote(cheapest)}",
            f"sell {first} {shlex.quote(railroad)}", f"depot {first} {shlex.quote(railroad)}",
            f"bankrupt {first} 99999999"]


def all_but_one(edition: Edition, players: tuple[str, ...]) -> list[str]:
    """The first player holds all but one street of the largest group; the last one is still the bank's.

    Mega builds on it at once; buying the last street later brings a built-on group in uneven.
    """
    largest = max(streets_by_group(edition), key=len)
    first = shlex.quote(players[0])
    return [f"collect {first} 3000", *(f"buy {first} {shlex.quote(d)}" for d in largest[:-1])]


MEGA_OPENINGS = {**OPENINGS, "hotels on a group": hotels_on_a_group,
                 "railroads and utilities": railroads_and_utilities, "all but one of a group": all_but_one}
# drawn from in this order, with repeats: Hypothesis favours the first entry; the new pieces come up most
MEGA_OPENING_DRAW = ("hotels on a group", "railroads and utilities", "all but one of a group", "two groups held",
                     "hotels on a group", "mortgaged deeds", "railroads and utilities", "one group held", "a new table")



MEGA_TABLES = (*TABLES, ("Ann", "Ben", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"))
SPEED_SETUPS = (("mega", ()), ("mega", ()), ("mega", ("free-parking",)), ("classic-us", ("speed-die",)),
                ("classic-uk", ("free-parking", "speed-die")), ("classic-us", ("speed-die",)))
MEGA_VERBS = (VERBS + ["depot"] * 4 + ["ticket"] * 6 + ["ride"] * 3 + ["gift"] * 4 + ["build"] * 2
              + ["rent"] * 4 + ["sell", "sell", "trade", "bankrupt", "bankrupt"])



class MegaLineMaker(LineMaker):
    """The same banker at a Mega table or playing with the speed die: depots, skyscrapers, tickets, dice to 15."""

    VERBS = MEGA_VERBS
    DICE_MOST = 15

    def line(self) -> str:
        """Bankruptcies besides the verbs' few: one that sells a skyscraper or a depot back (few stand; a 0 draw
        takes it, so Hypothesis's all-zero game, a batch's first, goes bankrupt with its skyscraper), and a late
        game's; and the rent on three utilities."""
        state = self.state
        if state.auction is not None:
            return super().line()
        pieces = sorted({h.owner for h in state.deeds.values()
                         if (h.skyscraper or h.depot) and h.owner in state.active_players})
        # a skyscraper or a depot sold back at a bankruptcy: few stand (Hypothesis's all-zero game has a skyscraper)
        if pieces and self.played >= 12 and self.chance(7):
            player = self.pick(pieces)
            creditor = self.pick([self.other(player), "bank"]) if self.chance(70) else ""
            return " ".join(["bankrupt", *self.bankrupt_words(player, creditor, past=85)])
        if self.seldom(14):
            if self.late():  # mortgaged deeds handed on and lifted at once, or the rest of a bankrupt's pieces
                lifted = self.lift_bankruptcy(50)
                return " ".join(["bankrupt", *(lifted or self._bankrupt())])
            if self.three_utilities() and self.chance(70):  # rent on the dice times 20 (000)
                return " ".join(["rent", *self._rent()])
        return super().line()

    def three_utilities(self) -> list[tuple[str, str]]:
        """(owner, utility) where the owner holds all three of Mega's utilities."""
        state = self.state
        return [(h.owner, d) for d, h in state.deeds.items() if state.deed(d).kind == "utility"
                and h.owner not in (ev.BANK, *state.bankrupt) and len(state.group(d)) == 3
                and all(state.deeds[u].owner == h.owner for u in state.group(d))]

    def dice(self) -> str:
        if self.chance(6):
            return self.pick(["0", "1", "16", "18", "99", "7.5"])
        if self.chance(40):  # only the speed die's third die makes these
            return str(self.draw(st.integers(13, self.DICE_MOST)))
        return str(self.draw(st.integers(2, self.DICE_MOST)))

    def owned_streets(self, player: str, deed: str) -> list[str]:
        """The streets of the deed's group whose buildings must stay even: all of them, or the player's (Mega)."""
        group = self.state.group(deed)
        if self.state.edition.build_needs == "all_but_one":
            return [d for d in group if self.state.deeds[d].owner == player]
        return list(group)

    def buildable(self) -> list[tuple[str, str]]:
        state = self.state
        found = []
        for deed, holding in state.deeds.items():
            if holding.owner in (ev.BANK, *state.bankrupt) or state.deed(deed).kind != "street":
                continue
            group = state.group(deed)
            owned = sum(state.deeds[d].owner == holding.owner for d in group)
            least = len(group) - 1 if state.edition.build_needs == "all_but_one" else len(group)
            top = SKYSCRAPER if state.deed(deed).skyscraper_cost and owned == len(group) else HOTEL
            if owned >= max(least, 2) and holding.level < top:
                found.append((holding.owner, deed))
        return found

    def _build(self) -> list[str]:
        state = self.state
        buildable = self.buildable()
        if buildable and self.chance(85):
            player, deed = self.pick(buildable)
            streets = self.owned_streets(player, deed)
            lowest = min(state.deeds[d].level for d in streets)
            deed = self.pick([d for d in streets if state.deeds[d].level == lowest]) if self.chance(85) else deed
        else:
            player, deed = self.player(), self.deed()
        words = [self.spell(player), self.spell(deed)]
        if self.chance(20):
            words.append(str(self.pick([1, 1, 2, 3, 5, 6, 0])))
        return words

    def _sell(self) -> list[str]:
        state = self.state
        depots = [(h.owner, d) for d, h in state.deeds.items() if h.depot]
        built = [(h.owner, d) for d, h in state.deeds.items() if h.level]
        if depots and self.chance(40):
            player, deed = self.pick(depots)
            return [self.spell(player), self.spell(deed)] + (["2"] if self.chance(5) else [])
        if built and self.chance(85):
            player, deed = self.pick(built)
            streets = self.owned_streets(player, deed)
            highest = max(state.deeds[d].level for d in streets)
            deed = self.pick([d for d in streets if state.deeds[d].level == highest])
        else:
            player, deed = self.player(), self.deed()
        words = [self.spell(player), self.spell(deed)]
        if self.chance(25):
            words.append(str(self.pick([1, 1, 2, 4, 5, 6, 0])))
        return words

    def _buy(self) -> list[str]:
        state = self.state
        kinds = [d for d, h in state.deeds.items() if h.owner == ev.BANK and state.deed(d).kind != "street"
                 and d not in state.to_auction]
        if kinds and self.chance(20):  # railroads (for depots) and utilities (three of them in Mega)
            deed = self.pick(kinds)
            holders = [state.deeds[d].owner for d in state.group(deed)
                       if state.deeds[d].owner not in (ev.BANK, *state.bankrupt)]
            return [self.spell(self.pick(holders) if holders and self.chance(70) else self.player()), self.spell(deed)]
        return super()._buy()

    def _rent(self) -> list[str]:
        state = self.state
        utilities = [(h.owner, d) for d, h in state.deeds.items()
                     if state.deed(d).kind == "utility" and h.owner not in (ev.BANK, *state.bankrupt)]
        if utilities and self.chance(55):  # rent on the dice: up to 15 with the speed die, x20 for three utilities
            three = self.three_utilities()
            owner, deed = self.pick(three if three and self.chance(60) else utilities)
            words = [self.spell(self.other(owner)), self.spell(deed)]
            return words + ([self.dice()] if self.chance(90) else [])
        return super()._rent()

    def _depot(self) -> list[str]:
        state = self.state
        railroads = [(h.owner, d) for d, h in state.deeds.items()
                     if state.deed(d).kind == "railroad" and h.owner != ev.BANK and not h.depot]
        if railroads and self.chance(85):
            player, deed = self.pick(railroads)
        elif self.chance(70):
            player, deed = self.player(), self.pick([d for d in state.deeds if state.deed(d).kind == "railroad"])
        else:
            player, deed = self.player(), self.deed()
        return [self.spell(player), self.spell(deed)]

    def holders(self) -> list[str]:
        tickets = self.state.held.get("bus_ticket", {})
        return [p for p in self.state.active_players if tickets.get(p)]

    def _ticket(self) -> list[str]:
        words = [self.spell(self.player())]
        if self.chance(40 if self.holders() else 8):  # "All Tickets Expire": mostly when there is something to expire
            words.append(self.pick(["expire", "expire", "EXPIRES", "'all tickets expire'", "never"]))
        return words

    def _ride(self) -> list[str]:
        holders = self.holders()
        return [self.spell(self.pick(holders) if holders and self.chance(80) else self.player())]

    def _gift(self) -> list[str]:
        words = [self.spell(self.player())]
        if self.chance(60):
            words.append(self.pick(["ticket", "ticket", "ticket", "tickets", "'bus ticket'", "bus ticket", "coin"]))
        return words

    def _trade(self) -> list[str]:
        holders = self.holders()
        if holders and self.chance(45):  # tickets bought and sold between players (000)
            seller = self.pick(holders)
            count = self.draw(st.integers(1, self.state.held["bus_ticket"][seller] + (1 if self.chance(10) else 0)))
            tickets = ["ticket" if self.chance(80) else "tickets"] * count
            words = [self.spell(seller), self.spell(self.other(seller))]
            if self.chance(50):
                return words + ["give", *tickets, "get", self.amount(1, 200)]
            return [words[1], words[0], "give", self.amount(1, 200), "get", *tickets]
        return super()._trade()

    def _bankrupt(self) -> list[str]:
        """Now and then mortgaged deeds to a player who lifts them; else mostly one that sells a skyscraper or a
        depot back (few stand at a time), or buildings, or hands on bus tickets; else the classic lines."""
        state = self.state
        playing = {*state.active_players}
        towers = sorted({h.owner for h in state.deeds.values() if h.skyscraper and h.owner in playing})
        depots = sorted({h.owner for h in state.deeds.values() if h.depot and h.owner in playing})
        pieces = [found for found in (towers, towers, depots) if found]
        if lifted := self.lift_bankruptcy(35):
            return lifted
        if pieces and self.chance(55):
            player = self.pick(self.pick(pieces))
        else:
            improved = sorted({h.owner for h in state.deeds.values() if h.improved and h.owner in playing})
            tickets = [p for p in self.holders() if state.deeds_of(p)]
            if not (improved or tickets) or not self.chance(70):
                return super()._bankrupt()
            player = self.pick(self.pick([found for found in (improved, tickets) if found]))
        creditor = self.pick([self.other(player), "bank"]) if self.chance(70) else ""
        return self.bankrupt_words(player, creditor, past=80)  # mostly one that goes through

    def _items(self, player: str) -> list[str]:
        items = super()._items(player)
        held = self.state.held.get("bus_ticket", {}).get(player, 0)
        if (held and self.chance(50)) or self.chance(3):
            items += [self.pick(["ticket", "ticket", "tickets", "Ticket"])] * self.draw(st.integers(1, held + 1))
        return items
