"""What a banker might type at a Monopoly City table (004): M amounts, the Build spin, blocks, planning
permission, stadiums, skyscrapers, the Monopoly Tower and the Rent Dodge card.

Not a test module: `tests/test_random_play_city.py` runs it through `tests/play_machine.py`.
"""

from __future__ import annotations

import shlex
from decimal import Decimal
from functools import partialmethod

from hypothesis import strategies as st

from banker import events as ev
from banker.state import SKYSCRAPER
from editions import Edition
from tests.play_lines import LineMaker

# every classic word (cards, jail, selling back: refused here) and City's own, weighted to what a City table types
CITY_VERBS = (["buy"] * 5 + ["go"] * 5 + ["rent"] * 5 + ["pay", "collect"] * 3 + ["auction"] * 3 + ["bid", "sold"]
              + ["tax"] * 4 + ["card", "jail", "bail", "usecard", "doubles"] + ["sell"] * 5 + ["build"] * 5
              + ["mortgage", "unmortgage"] * 3 + ["trade"] * 8 + ["parking"] * 5 + ["bankrupt"] * 3
              + ["undo"] * 5 + ["redo"] + ["junk"] * 3 + ["spin"] * 3 + ["railroad"] * 2 + ["hazard"] * 6
              + ["bonus"] * 6 + ["clear"] * 5 + ["stadium"] * 3 + ["skyscraper"] * 3 + ["tower"] * 5 + ["dodge"] * 4
              + ["clock"] * 5)
SPIN_WORDS = ["3", "2", "railroad", "1", "3", "2", "RAILROAD", "Railroad"]  # Hypothesis favours the first
BAD_SPINS = ["0", "4", "rail", "three", "-1", "2.5"]
KIND_WORDS = {"residential": ["residential", "Residential", "res", "r"],
              "industrial": ["industrial", "INDUSTRIAL", "ind", "i"]}
BAD_KINDS = ["commercial", "", "house", "hotel", "3"]
BAD_AMOUNTS = ["0", "0k", "-500k", "2.5", "1.0005k", "0.0000001m", "abc", "2mm", "k", "m", "M", "1e6", "5.5.5m",
               "2b", "10000000000", "2000m", "$", "½m"]
OTHER_EDITIONS = {"depot": "pd", "ticket": "p", "ride": "p", "gift": "p", "coin": "p", "cashin": "p", "trap": "pp",
                  "release": "p", "place": "d", "final": "", "redistribute": "pdd"}  # p a player, d a deed
CLOCK_WORDS = ["60", "60", "120", "off", "stop", "1", "1440", "0", "1441", "-5", "1.5", "abc", "60m"]


def districts_by_group(edition: Edition) -> list[list[str]]:
    groups: dict[str, list[str]] = {}
    for name, deed in edition.deeds.items():
        if deed.kind == "district":
            groups.setdefault(deed.group, []).append(name)
    return list(groups.values())


def _q(*words: str) -> str:
    return " ".join(shlex.quote(w) for w in words)


def _buy_all(player: str, deeds: list[str]) -> list[str]:
    return [f"buy {_q(player, d)}" for d in deeds]


def hazard_on_blocks(edition: Edition, players: tuple[str, ...]) -> list[str]:
    """The second player builds residential and industrial blocks on a group of three; the first puts a hazard on
    them (rent counts the industrial ones only)."""
    three = [g for g in districts_by_group(edition) if len(g) == 3][1]
    second = players[1]
    return [*_buy_all(second, three), f"spin {_q(second)} 3 again", f"build {_q(second, three[0], 'residential')} 2",
            f"build {_q(second, three[0], 'industrial')}", f"hazard {_q(players[0], three[0])} 'Rubbish Dump'"]


def two_groups_for_the_tower(edition: Edition, players: tuple[str, ...]) -> list[str]:
    """The first player holds both two-district groups (the tower and skyscrapers at once) and has a spin of 3."""
    pairs = [g for g in districts_by_group(edition) if len(g) == 2]
    first = players[0]
    return [f"collect {_q(first)} 10m", *(line for g in pairs for line in _buy_all(first, g)),
            *hazard_on_blocks(edition, players), f"spin {_q(first)} 3 again"]


def the_tower_standing(edition: Edition, players: tuple[str, ...]) -> list[str]:
    """The first player's Monopoly Tower, a skyscraper and a stadium stand (every rent of theirs doubled once);
    the game clock runs."""
    pairs = [g for g in districts_by_group(edition) if len(g) == 2]
    first = players[0]
    return [*two_groups_for_the_tower(edition, players), f"build {_q(first, pairs[1][1], 'industrial')} 3",
            f"tower {_q(first, pairs[0][0])}", f"skyscraper {_q(first, pairs[1][0])}",
            f"stadium {_q(first, pairs[0][1])}", "clock 60", f"spin {_q(first)} 2 again"]


def groups_held_with_cash(edition: Edition, players: tuple[str, ...]) -> list[str]:
    """Two players hold a three-district group each with cash to build, the first with industrial blocks (Industry
    Tax); the second took the Rent Dodge card."""
    groups = [g for g in districts_by_group(edition) if len(g) == 3]
    first, second = players[0], players[1]
    return [f"collect {_q(first)} 5m", *_buy_all(first, groups[0]), f"collect {_q(second)} 5m",
            *_buy_all(second, groups[-1]), f"parking {_q(second)}", f"spin {_q(first)} 2",
            f"build {_q(first, groups[0][0], 'industrial')} 2", f"spin {_q(first)} 3 again"]


def blocks_standing(edition: Edition, players: tuple[str, ...]) -> list[str]:
    """Seven and six blocks on two districts (the next spins reach the limit), a hazard on the second one's
    residential blocks, a bonus building on the third, a mortgaged district of the second player, a spin of 3."""
    group = next(g for g in districts_by_group(edition) if len(g) == 3)
    first, second = players[0], players[1]
    full, hit, safe = group
    lines = [*_buy_all(first, group), f"buy {_q(second, districts_by_group(edition)[-1][0])}"]
    for kind, count, where in (("residential", 3, full), ("industrial", 3, full), ("residential", 1, full),
                               ("residential", 2, hit), ("industrial", 3, hit), ("industrial", 1, hit)):
        lines += [f"spin {_q(first)} 3 again", f"build {_q(first, where, kind)} {count}"]
    return lines + [f"hazard {_q(second, hit)} prison", f"bonus {_q(first, safe)} school",
                    f"mortgage {_q(second, districts_by_group(edition)[-1][0])}", f"spin {_q(first)} 3 again"]


def a_new_table(edition: Edition, players: tuple[str, ...]) -> list[str]:
    return []


CITY_OPENINGS = {"a new table": a_new_table, "two groups for the tower": two_groups_for_the_tower,
                 "groups held with cash": groups_held_with_cash, "blocks standing": blocks_standing,
                 "the tower standing": the_tower_standing}
# drawn from in this order: Hypothesis favours the first entry
CITY_OPENING_DRAW = ("blocks standing", "the tower standing", "two groups for the tower", "groups held with cash",
                     "a new table")
CITY_HOUSE_RULES = ((), ("timed-auctions",))


def money_word(value: int, form: int) -> str:
    """M amounts as a banker writes them: 2500000, 2500k, 2.5m (the sign M or $ in front now and then)."""
    if form % 3 == 1 and value % 1000 == 0:
        return f"{value // 1000}{'K' if form > 8 else 'k'}"
    if form % 3 == 2 and value % 1000 == 0:
        return f"{format((Decimal(value) / 1_000_000).normalize(), 'f')}{'M' if form > 8 else 'm'}"
    return str(value)


class CityLineMaker(LineMaker):
    """The same banker at a Monopoly City table: whole M amounts, a Build spin each turn, blocks, planning."""

    VERBS = CITY_VERBS
    STEP = 10_000  # the smallest note, and the auction's opening bid
    DEBT_STEP = STEP
    LIFT_LINES = 0  # a late game's bankruptcies lift mortgages here (`focus`); a 0 draw took this 3% all game long

    # -- shared picks --------------------------------------------------------------------------------------

    def amount(self, low: int = 1, high: int = 300) -> str:
        """City money: the classic range read in steps of M10k, written 500k / 2m / 3.5m or in whole M."""
        if self.chance(18):
            return self.pick(BAD_AMOUNTS)
        return self.money(self.draw(st.integers(low, max(low, high))) * self.STEP)

    def money(self, value: int) -> str:
        word = money_word(value, self.draw(st.integers(0, 10)))
        return self.pick(["M", "$"]) + word if self.chance(15) else word

    def active(self) -> set[str]:
        return set(self.state.active_players)

    def districts(self, player: str) -> list[str]:
        """The player's districts that take blocks (not mortgaged)."""
        return [d for d in self.state.deeds_of(player) if not self.state.deeds[d].mortgaged]

    def whole_groups(self, player: str) -> list[tuple[str, ...]]:
        groups = {self.state.group(d) for d in self.state.deeds_of(player)}
        return sorted(g for g in groups if all(self.state.deeds[d].owner == player for d in g))

    def stadium_pairs(self) -> list[tuple[str, str]]:
        state = self.state
        return [(h.owner, d) for d, h in state.deeds.items() if h.owner in self.active()
                and sum(state.deeds[o].owner == h.owner for o in state.group(d)) >= 2]

    def skyscraper_pairs(self) -> list[tuple[str, str]]:
        return [(p, d) for p in self.state.active_players for g in self.whole_groups(p) for d in g]

    def tower_pairs(self) -> list[tuple[str, str]]:
        return [(p, d) for p in self.state.active_players if len(self.whole_groups(p)) >= 2
                for g in self.whole_groups(p) for d in g]

    def hazard_pairs(self) -> list[tuple[str, str]]:
        return [(h.owner, d) for d, h in self.state.deeds.items() if h.hazard and h.owner in self.active()]

    def doubled_rents(self) -> tuple[list[str], list[str]]:
        """Districts whose rent the owner's Monopoly Tower doubles, and those a skyscraper in the group doubles."""
        state = self.state
        owned = [d for d, h in state.deeds.items() if h.owner in self.active() and not h.mortgaged]
        towers = {h.owner for h in state.deeds.values() if h.tower}
        return ([d for d in owned if state.deeds[d].owner in towers],
                [d for d in owned if any(state.deeds[o].level == SKYSCRAPER for o in state.group(d))])

    def industry(self) -> list[str]:
        state = self.state
        return [p for p in state.active_players if any(state.deeds[d].industrial for d in state.deeds_of(p))]

    def built(self) -> list[tuple[str, str]]:
        """(owner, district) where something is built that stays through mortgages, trades and bankruptcies."""
        return [(h.owner, d) for d, h in self.state.deeds.items()
                if h.owner in self.active() and (h.blocks or h.level or h.stadium or h.tower)]

    def hazard_rents(self) -> list[str]:
        """Districts whose residential blocks a hazard voids."""
        return [d for d, h in self.state.deeds.items()
                if h.owner in self.active() and not h.mortgaged and h.hazard and h.residential]

    def stadium_owners(self) -> list[str]:
        return [h.owner for h in self.state.deeds.values() if h.stadium and h.owner in self.active()]

    def fallback(self, pairs: list[tuple[str, str]], percent: int = 85) -> tuple[str, str]:
        return self.pick(pairs) if pairs and self.chance(percent) else (self.player(), self.deed())

    def line(self) -> str:
        if self.can_redo and self.chance(60):
            return "redo"
        if self.seldom(2):  # `chance(2)` here took Hypothesis's 0 draws: 15% of the lines were these
            return self.other_edition()
        state = self.state
        if state.auction is not None and self.chance(85):  # a bankrupt's districts mostly auctioned to the last one
            verb = self.pick(["bid", "bid", "sold", "sold"] if state.to_auction else ["bid", "bid", "sold"])
        else:
            verb = self.focus() if state.auction is None and not state.to_auction else ""
        if not verb:
            return super().line()
        return " ".join([verb, *getattr(self, f"_{verb}")()])

    def other_edition(self) -> str:
        """A line of another edition's (depots, bus tickets, coins, Mr. Monopoly): City refuses every one."""
        verb, shape = self.pick(list(OTHER_EDITIONS.items()))
        words = [self.spell(self.player()) if kind == "p" else self.spell(self.deed()) for kind in shape]
        return " ".join([verb, *words])

    def focus(self) -> str:
        """Often what the table would do next: build within the spin, place its railroad, press Build, or what
        the state now allows (the tower, a skyscraper, a stadium and its GO bonus, a doubled rent or one under a
        hazard, clearing it, the Rent Dodge card, Industry Tax, a built-on district mortgaged, bought back, traded)."""
        state = self.state
        spin = state.spin if state.spin and state.spin.player in self.active() else None
        if spin and spin.blocks_left and self.buildable() and self.seldom(50):
            return "build"
        if spin and spin.railroad and self.seldom(40):
            return "railroad"
        if self.seldom(10):
            return "spin"
        if self.late() and self.seldom(30):  # bankruptcies: rare in the verbs, a late game's business
            return "bankrupt"
        if self.late() and not self.mortgaged_owners() and self.seldom(10):  # mortgages for a bankruptcy to lift
            return "mortgage"
        if self.card_holder() and self.seldom(10):  # the Rent Dodge card is used before it moves on
            return "dodge"
        if state.held.get("rent_dodge", {}).get(ev.BANK) and self.seldom(4):  # and taken at Free Parking again
            return "parking"
        if (self.hazard_rents() or self.doubled_rents()[0]) and self.seldom(8):  # rents these rules change
            return "rent"
        supply, deeds = state.supply, state.deeds.values()
        if supply.get("towers") and self.tower_pairs() and self.seldom(20):  # one tower a game: built when it can be
            return "tower"
        if self.hazard_pairs() and self.seldom(5):
            return "clear"
        if self.chance(75):  # and a 0 draw: the verbs
            return ""
        ready = [verb for verb, found in (("tower", supply.get("towers") and self.tower_pairs()),
                                          ("skyscraper", supply.get("skyscrapers") and self.skyscraper_pairs()),
                                          ("stadium", supply.get("stadiums") and self.stadium_pairs()),
                                          ("go", self.stadium_owners()), ("clear", self.hazard_pairs()),
                                          ("rent", any(self.doubled_rents()) or self.hazard_rents()),
                                          ("dodge", self.card_holder()), ("tax", self.industry()),
                                          ("mortgage", self.built()), ("trade", self.built()),
                                          ("unmortgage", any(h.mortgaged for h in deeds))) if found]
        return self.pick(ready) if ready else ""

    # -- the Build spin and what it allows -----------------------------------------------------------------

    def buildable(self) -> list[tuple[str, str]]:
        """Districts the spinning player may put a block on now."""
        spin, top = self.state.spin, self.state.edition.max_blocks
        if spin is None or not spin.blocks_left:
            return []
        return [(spin.player, d) for d in self.districts(spin.player) if self.state.deeds[d].blocks < top]

    def _spin(self) -> list[str]:
        state = self.state
        builders = [p for p in state.active_players if self.districts(p)]
        player = self.pick(builders) if builders and self.chance(80) else self.player()
        words = [self.spell(player)]
        roll = self.draw(st.integers(0, 99))
        if roll < 75:
            words.append(self.pick(SPIN_WORDS))
        elif roll < 95:  # Banker spins: the parser draws, the machine names the result for its model
            pass
        else:
            words.append(self.pick(BAD_SPINS))
        again = state.spin is not None and state.spin.player == player
        if self.chance(60 if again else 5):
            words.insert(1 if self.chance(50) else len(words), "again")
        return words

    def _build(self) -> list[str]:
        state, top = self.state, self.state.edition.max_blocks
        pairs = self.buildable()
        spin = state.spin
        full = [(spin.player, d) for d in self.districts(spin.player) if state.deeds[d].blocks >= top] if spin else []
        if pairs and full and self.seldom(35):  # a block on one at the limit (refused); not on a 0 draw:
            player, deed = self.pick(full)  # Hypothesis's all-zero examples would type it again and again
            count = 1
        elif pairs and self.chance(90):
            left = state.spin.blocks_left  # type: ignore[union-attr]
            built = [p for p in pairs if state.deeds[p[1]].blocks]
            crowded = [p for p in pairs if state.deeds[p[1]].blocks + left > top]  # the spin outruns the 8 blocks
            player, deed = self.pick(self.pick([crowded or pairs, pairs, built or pairs, crowded or built or pairs]))
            if crowded and self.chance(45):
                player, deed = self.pick(crowded)
            room = top - state.deeds[deed].blocks
            past = room + 1 if room < left else left + 1  # past the 8 blocks if the spin allows it, else the spin
            within = self.draw(st.integers(1, min(left, room)))
            if room < left and self.chance(60):  # the spin outruns the limit: up to it exactly, or one past it
                count = self.pick([room, past, past])
            else:
                count = within if self.chance(50 if room < left else 70) else self.pick([past, past, top + 1, 0])
        else:
            player, deed = self.fallback([])
            count = self.pick([1, 2, 3])
        kind = self.pick(list(KIND_WORDS))
        words = [self.spell(player), self.spell(deed),
                 self.pick(KIND_WORDS[kind]) if self.chance(96) else self.pick(BAD_KINDS) or "x"]
        if count != 1 or self.chance(50):
            words.append(str(count))
        return words

    def _railroad(self) -> list[str]:
        state, spin = self.state, self.state.spin
        open_track = [d for d, h in state.deeds.items() if not h.railroad]
        if spin and spin.railroad and open_track and self.chance(85):
            return [self.spell(spin.player), self.spell(self.pick(open_track))]
        return [self.spell(self.player()), self.spell(self.deed())]

    # -- planning permission -------------------------------------------------------------------------------

    def _planning(self, kind: str) -> list[str]:
        state = self.state
        names = list(state.edition.hazards if kind == "hazard" else state.edition.bonuses)
        others = list(state.edition.bonuses if kind == "hazard" else state.edition.hazards)
        roll = self.draw(st.integers(0, 99))
        name = self.pick(names) if roll < 90 else self.pick(others) if roll < 96 else "skatepark"
        free = [d for d, h in state.deeds.items() if not h.hazard and not h.bonus]
        playing = {*self.active(), ev.BANK}
        taken = [d for d in state.deeds if d not in free and state.deeds[d].owner in playing]
        if taken and self.chance(50):  # where one stands, by a player the owner allows: only what stands refuses it
            deed = self.pick(taken)
            owner = state.deeds[deed].owner
            player = self.other(owner) if kind == "hazard" else self.player() if owner == ev.BANK else owner
            return [self.spell(player), self.spell(deed), self.spell(name)]
        owned = [d for d in free if state.deeds[d].owner in self.active()]
        if owned and self.chance(35):  # a hazard on the owner's own district, a bonus on another's: refused
            deed = self.pick(owned)
            owner = state.deeds[deed].owner
            return [self.spell(owner if kind == "hazard" else self.other(owner)), self.spell(deed), self.spell(name)]
        owners = [p for p in state.active_players if state.deeds_of(p)]
        player = self.pick(owners) if owners and self.chance(50) else self.player()
        if kind == "hazard":
            fitting = [d for d in free if state.deeds[d].owner != player]
        else:
            fitting = [d for d in free if state.deeds[d].owner in (player, ev.BANK)]
        homes = [d for d in fitting if kind == "hazard" and state.deeds[d].residential]  # rent under a hazard
        side = [d for d in free if d not in fitting]  # a hazard on your own, a bonus on another's district
        where = self.pick([homes or fitting, side, fitting])
        return [self.spell(player), self.spell(self.deed(where)), self.spell(name)]

    _hazard = partialmethod(_planning, "hazard")
    _bonus = partialmethod(_planning, "bonus")

    def _clear(self) -> list[str]:
        return [self.spell(w) for w in self.fallback(self.hazard_pairs())]

    # -- stadiums, skyscrapers, the Monopoly Tower ---------------------------------------------------------

    def second(self, pairs: list[tuple[str, str]], piece: str) -> list[tuple[str, str]]:
        """The pairs mostly, now and then those whose group has the piece already (refused: one per group)."""
        state = self.state
        had = [(p, d) for p, d in pairs if any(getattr(state.deeds[o], piece) for o in state.group(d))]
        return had if had and self.chance(30) else pairs

    def _stadium(self) -> list[str]:
        return [self.spell(w) for w in self.fallback(self.second(self.stadium_pairs(), "stadium"))]

    def _skyscraper(self) -> list[str]:
        return [self.spell(w) for w in self.fallback(self.second(self.skyscraper_pairs(), "skyscraper"))]

    def _tower(self) -> list[str]:
        owned = [(h.owner, d) for d, h in self.state.deeds.items() if h.owner in self.active()]
        short = [(p, d) for p, d in owned if len(self.whole_groups(p)) < 2]  # refused: not two whole groups
        return [self.spell(w) for w in self.fallback(self.pick([self.tower_pairs(), short, owned]) or owned)]

    # -- the Rent Dodge card, Industry Tax, the clock, rent ------------------------------------------------

    def card_holder(self) -> str | None:
        counts = self.state.held.get("rent_dodge", {})
        return next((p for p in self.state.active_players if counts.get(p)), None)

    def _dodge(self) -> list[str]:
        holder = self.card_holder()
        player = holder if holder and self.chance(70) else self.player()
        owed = [d for d, h in self.state.deeds.items() if h.owner in self.active() - {player} and not h.mortgaged]
        if not owed and holder:  # nobody else's rent to dodge: one without the card, refused
            player = self.other(holder)
        return [self.spell(player), self.spell(self.deed(owed))]

    def _tax(self) -> list[str]:
        industry = self.industry()
        idle = [p for p in self.state.active_players if p not in industry]  # refused: no industrial blocks
        if idle and self.chance(40):
            player = self.pick(idle)
        else:
            player = self.pick(industry) if industry and self.chance(75) else self.player()
        return [self.spell(player), self.pick(["industry", "industry", "'Industry Tax'", "ind", "Industry", "income"])]

    def _go(self) -> list[str]:
        stadiums = self.stadium_owners()
        return [self.spell(self.pick(stadiums) if stadiums and self.chance(70) else self.player())]

    def _clock(self) -> list[str]:
        return [self.pick(CLOCK_WORDS)]

    def _rent(self) -> list[str]:
        state = self.state
        owned = [d for d, h in state.deeds.items() if h.owner in self.active() and not h.mortgaged]
        if owned and self.chance(85):
            towers, skyscrapers = self.doubled_rents()
            hazards = self.hazard_rents()
            deed = self.pick(self.pick([p for p in (hazards, towers, skyscrapers, hazards) if p] or [owned]))
            payer = self.other(state.deeds[deed].owner)
            return [self.spell(payer), self.spell(deed)] + ([str(self.draw(st.integers(2, 12)))]
                                                              if self.chance(10) else [])
        return super()._rent()

    def _mortgage(self) -> list[str]:
        built = [(owner, d) for owner, d in self.built() if not self.state.deeds[d].mortgaged]
        if built and self.chance(60):  # 004: "All buildings stay there"
            return [self.spell(w) for w in self.pick(built)]
        return super()._mortgage()

    # -- auctions, trades, bankruptcy ----------------------------------------------------------------------

    def _bid(self) -> list[str]:
        auction = self.state.auction
        least = max(self.STEP, auction.high_bid + 1 if auction and auction.high_bidder else 0)
        player = self.player()
        more = least + self.draw(st.integers(1, 300)) * self.STEP
        opening = not (auction and auction.high_bidder)
        if opening and self.chance(60):  # the opening bid: M10k, or under it (refused)
            value = self.pick([least, least, least - 1, max(1, least // 2)])
        else:
            value = self.pick([least, more, least if opening else more, least - 1, max(1, least // 2),
                               self.state.cash(player) + self.STEP])
        return [self.spell(player), self.pick(BAD_AMOUNTS) if self.chance(12) else self.money(value)]

    def _items(self, player: str) -> list[str]:
        items = super()._items(player)
        if (self.state.held.get("rent_dodge", {}).get(player) and self.chance(40)) or self.chance(3):
            items.append(self.pick(["dodge", "'Rent Dodge card'", "dodges"]))
        return items

    def _trade(self) -> list[str]:
        if self.seldom(24):  # a loan (refused)
            return self.loan()
        built = self.built()
        if built and self.chance(50):  # 004: "any buildings already there must stay there"
            seller, deed = self.pick(built)
            buyer = self.other(seller)
            return [self.spell(buyer), self.spell(seller), "give", self.amount(1, 400), "get", self.spell(deed)]
        return super()._trade()

    def _bankrupt(self) -> list[str]:
        """Mostly a bankruptcy to the bank (its auctions of the districts after, buildings standing on them), else
        to a player who buys the mortgaged districts back at once (`lift`) or not; now and then refused."""
        state = self.state
        if self.seldom(14):  # `lift` to the bank, refused
            player = self.player()
            return self.bankrupt_words(player, self.pick(["bank", ""]), lift=True)
        if lifted := self.lift_bankruptcy(55):
            return lifted
        owners = sorted({h.owner for h in state.deeds.values() if h.owner in self.active()})
        if not owners or not self.chance(85):
            return super()._bankrupt()
        standing = sorted({owner for owner, _ in self.built()})
        among = standing if standing and self.chance(70) else owners
        if self.chance(70):  # to the bank, the fewest districts first: its auctions mostly run to the last one
            player = self.pick(sorted(among, key=lambda p: len(state.deeds_of(p))))
            return self.bankrupt_words(player, self.pick(["bank", "bank", ""]), lift=False, past=60)
        mortgaged = self.mortgaged_owners()
        player = self.pick(mortgaged if mortgaged and self.chance(50) else among)
        lifts = player in mortgaged
        return self.bankrupt_words(player, self.other(player), lift=self.chance(70) if lifts else None, past=60)
