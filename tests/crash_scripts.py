"""What tests/crash_child.py plays on a Monopoly for Sore Losers game and on a Monopoly City game.

Each script favours the edition's actions that store several events, or move its new pieces, so the
kills in tests/test_crash.py can land inside their transactions: on Sore Losers, rent, taxes and jail
that award a coin, cashing in for Mr. Monopoly, rent reversed by him, traps that steal a deed, trades
carrying coins and bankruptcies that return coins; on City, blocks after a Build spin, stadiums,
skyscrapers, the tower, planning permission, the Rent Dodge card, mortgages at the rent value, trades
of built districts and bankruptcies (to the bank, whose districts are then auctioned). Every script
keeps the table playable forever: bankruptcies are undone, the poorest player is topped up.
The openings put each game where those actions are legal; tests/test_crash.py plays them once.

Issue 16: the `tokens` script (`SCRIPTS`) plays a game that follows the tokens, mostly rolls for whoever's roll
it is that pass GO (`tokens_opening` puts every token just before it), so kills land inside those actions.

Every bankruptcy is one the rules accept: its debt is past what the player could raise. `BankruptcyWalk`
wraps each script: after a bankruptcy to the bank it runs the bank's auctions of the deeds (a bid, then
`sold`, which opens the next) some or all of the way, then undoes back to before the bankruptcy. The
`bankruptcy-auctions` script (`SCRIPTS`) plays little else, on a classic game (`bankruptcy_opening`).
"""

from __future__ import annotations

import random
import shlex
from collections.abc import Callable, Sequence

from banker import events as ev
from banker.events import BANK
from banker.rules.deeds import rent_refusal
from banker.rules.districts import blocks_refusal
from banker.rules.hazards import planning_refusal
from banker.rules.money import raisable_from
from banker.rules.rent_dodge import dodge_kind
from banker.rules.skyscrapers import skyscraper_refusal
from banker.rules.stadiums import stadium_refusal, tower_refusal
from banker.rules.trade import holding_room
from banker.state import GameState

Script = Callable[[GameState, random.Random], str]


def q(name: str) -> str:
    return shlex.quote(name)


def coin_key(state: GameState) -> str:
    """The holding the table earns (Sore Losers' coins): the edition says what awards it."""
    return next(k.key for k in state.edition.holdings.values() if k.awarded_for)


def groups(state: GameState, kind: str) -> list[list[str]]:
    """The colour groups of `kind` deeds in board order."""
    found: dict[str, list[str]] = {}
    for name, deed in state.edition.deeds.items():
        if deed.kind == kind:
            found.setdefault(deed.group, []).append(name)
    return list(found.values())


def stealable(state: GameState, player: str) -> list[str]:
    """Deeds Mr. Monopoly may take when he traps `player`: any but a street of a complete set (001)."""
    return [d for d in state.deeds_of(player)
            if not (state.deed(d).kind == "street" and state.owns_group(player, d))]


def bankrupt_line(state: GameState, rng: random.Random, player: str, creditor: str, lift: bool = False) -> str:
    """A bankruptcy the rules accept: a debt past everything the player could raise (cash, buildings sold back,
    every deed mortgaged), in steps of the edition's opening bid (M10k in City). The bank is named or left out."""
    step = state.edition.auction_min_bid
    debt = raisable_from(state, player).total + rng.randint(1, 500) * step
    to = "" if creditor == BANK and rng.random() < 0.3 else f" {q(creditor)}"
    return f"bankrupt {q(player)}{to} {debt}" + (" lift" if lift else "")


def mortgage_line(state: GameState, rng: random.Random, players: list[str]) -> str:
    """Mortgage one of a player's deeds, or lift the mortgage on it."""
    owned = [(h.owner, d) for d, h in state.deeds.items() if h.owner in players]
    if not owned:
        return "undo"
    owner, deed = rng.choice(owned)
    return f"{'unmortgage' if state.deeds[deed].mortgaged else 'mortgage'} {q(owner)} {q(deed)}"


# -- Monopoly for Sore Losers ----------------------------------------------------------------------------


def sore_losers_opening(state: GameState) -> list[str]:
    """Each player: a complete set with two houses a street, a railroad and a few single streets;
    the last player cashes in for Mr. Monopoly."""
    players = state.players
    streets = groups(state, "street")
    singles = [d for group in streets[1::2] for d in group]
    lines = []
    for number, (player, group, railroad) in enumerate(zip(players, streets[::2], groups(state, "railroad")[0],
                                                           strict=False)):
        lines += [f"collect {player} 3000", *(f"buy {player} {q(d)}" for d in group), f"buy {player} {q(railroad)}"]
        lines += [f"buy {player} {q(d)}" for d in singles[number::len(players)]]
        lines += [f"build {player} {q(d)}" for _ in range(2) for d in group]
    mr = players[-1]
    return lines + [f"coin {mr}", f"coin {mr}", f"cashin {mr}"]


def next_sore_losers_line(state: GameState, rng: random.Random) -> str:
    """Mostly actions that award, move or return coins, and Mr. Monopoly's: reversed rent, traps, jail."""
    if state.bankrupt:
        return "undo"
    if state.auction is not None:
        return "sold"
    key = coin_key(state)
    players = list(state.active_players)
    coins = {p: state.count(key, p) for p in players}
    mr = state.mr_monopoly if state.mr_monopoly in players else ""
    poorest = min(players, key=state.cash)
    if state.cash(poorest) < 400:
        return f"collect {q(poorest)} 1500"
    roll = rng.random()
    ready = [p for p in players if coins[p] >= 4 and p != mr and p not in state.trapped]
    if ready and roll < 0.10:  # the 4 coins back to the bank, the trapped freed, the token changes hands
        return f"cashin {q(rng.choice(ready))}"
    if roll < 0.28:  # a coin for the payer; Mr. Monopoly collects from the owner instead, who takes the coin
        owned = [(d, h.owner) for d, h in state.deeds.items() if h.owner in players and not h.mortgaged]
        if owned:
            deed, owner = rng.choice(owned)
            payer = mr if mr and mr != owner and rng.random() < 0.45 else rng.choice([p for p in players if p != owner])
            return f"rent {q(payer)} {q(deed)}"
    if roll < 0.38:  # a coin for paying; Mr. Monopoly is paid by the bank
        taxes = [s.name for s in state.edition.spaces if s.type == "tax"]
        return f"tax {q(rng.choice(players))} {q(rng.choice(taxes))}"
    if roll < 0.47:  # a coin for going to jail, or Mr. Monopoly sends someone in his place
        jailed = sorted(state.in_jail & set(players))
        free = [p for p in players if p not in state.in_jail and p != mr]
        if jailed and (rng.random() < 0.4 or not free):
            return f"bail {q(rng.choice(jailed))}"
        if free:
            sent = rng.choice(free)
            return f"jail {q(mr)} {q(sent)}" if mr and rng.random() < 0.5 else f"jail {q(sent)}"
    if mr and roll < 0.57:  # a coin for the victim, the previous one released, a deed stolen
        victim = rng.choice([p for p in players if p != mr])
        deeds = stealable(state, victim)
        return f"trap {q(mr)} {q(victim)}" + (f" {q(rng.choice(deeds))}" if deeds and rng.random() < 0.8 else "")
    if roll < 0.72:
        return coin_trade(state, rng, players, coins, key)
    if roll < 0.81:  # the debtor's coins go back to the bank; undone next
        debtor = rng.choice([p for p in players if coins[p]] or players)
        return bankrupt_line(state, rng, debtor, rng.choice([p for p in players if p != debtor] + [BANK]))
    if roll < 0.86:
        trapped = sorted(state.trapped & set(players))
        if trapped and rng.random() < 0.5:
            return f"release {q(trapped[0])}"
        low = [d for d, h in state.deeds.items() if state.deed(d).kind == "street" and h.level < 4]
        if mr and low:
            return f"place {q(rng.choice(low))}"
    if roll < 0.90:
        return mortgage_line(state, rng, players)
    if roll < 0.93:
        return f"coin {q(rng.choice(players))}"
    return rng.choice(["undo", "redo", f"go {q(rng.choice(players))}"])


def coin_trade(state: GameState, rng: random.Random, players: list[str], coins: dict[str, int], key: str) -> str:
    """Deeds, cash and coins both ways, as many coins as the receiver may take (never Mr. Monopoly)."""
    first = rng.choice([p for p in players if coins[p]] or players)
    second = rng.choice([p for p in players if p != first])
    gives = min(coins[first], holding_room(state, key, second) or 0, rng.randint(1, 2))
    gets = min(coins[second], holding_room(state, key, first) or 0, rng.randint(0, 1))
    words = ["trade", q(first), q(second), "give"]
    words += [q(d) for d in rng.sample(state.deeds_of(first), min(2, len(state.deeds_of(first))))]
    words += [f"${rng.randint(1, 40)}", *["coin"] * gives, "get"]
    words += [q(d) for d in rng.sample(state.deeds_of(second), min(1, len(state.deeds_of(second))))]
    return " ".join(words + [f"${rng.randint(1, 40)}", *["coin"] * gets])


# -- Monopoly City -----------------------------------------------------------------------------------------


def city_opening(state: GameState) -> list[str]:
    """The first and last players own two whole groups (the tower), the others a whole group and two of the
    next (a skyscraper, a stadium); each builds blocks on two districts. Two districts stay with the bank."""
    players = state.players
    districts = groups(state, "district")
    lines = []
    for number, player in enumerate(players):
        first, second = districts[2 * number], districts[2 * number + 1]
        owned = first + (second if number in (0, len(players) - 1) else second[:2])
        lines += [f"collect {player} 40m", *(f"buy {player} {q(d)}" for d in owned)]
        lines += [f"spin {player} 3", f"build {player} {q(owned[0])} industrial 3"]
        lines += [f"spin {player} 2 again", f"build {player} {q(owned[-1])} residential 2"]
    return lines


def next_city_line(state: GameState, rng: random.Random) -> str:
    """Blocks after each spin, the bonus pieces, planning permission, the Rent Dodge card, mortgages at the rent
    value, trades of built districts and bankruptcies (what follows one is BankruptcyWalk's)."""
    if state.bankrupt:
        return "undo"
    if state.auction is not None:
        return "sold"
    players = list(state.active_players)
    poorest = min(players, key=state.cash)
    if state.cash(poorest) < 20_000_000:
        return f"collect {q(poorest)} 30m"
    pieces = [f"{verb} {q(h.owner)} {q(d)}" for d, h in state.deeds.items() if h.owner in players
              for verb, refusal in (("stadium", stadium_refusal), ("skyscraper", skyscraper_refusal),
                                    ("tower", tower_refusal)) if refusal(state, h.owner, d) is None]
    if pieces and rng.random() < 0.2:  # scarce: built early in each game, before trades break the groups up
        return rng.choice([line for line in pieces if line.startswith("tower")] or pieces)
    spin = state.spin
    if spin is not None and spin.player in players and rng.random() < 0.85:
        if spin.blocks_left:
            kind = rng.choice(["residential", "industrial"])
            room = [(d, min(spin.blocks_left, state.edition.max_blocks - state.deeds[d].blocks))
                    for d in state.deeds_of(spin.player)]
            room = [(d, n) for d, n in room if n and blocks_refusal(state, spin.player, d, kind, n) is None]
            if room:
                deed, count = rng.choice(room)
                return f"build {q(spin.player)} {q(deed)} {kind} {count}"
        elif spin.railroad:
            free = [d for d, h in state.deeds.items() if state.deed(d).kind == "district" and not h.railroad]
            if free:
                return f"railroad {q(spin.player)} {q(rng.choice(free))}"
    roll = rng.random()
    if roll < 0.20:
        player = rng.choice(players)
        again = " again" if spin is not None and spin.player == player else ""
        return f"spin {q(player)} {rng.choice(['1', '2', '3', 'railroad'])}{again}"
    if roll < 0.34:
        return planning(state, rng, players)
    if roll < 0.48:
        return dodge_or_rent(state, rng, players)
    if roll < 0.60:  # built districts, cash and the Rent Dodge card change hands
        card = dodge_kind(state)
        holder = next((p for p in players if card and state.count(card, p)), None)
        first = holder if holder and rng.random() < 0.6 else rng.choice(players)
        second = rng.choice([p for p in players if p != first])
        words = ["trade", q(first), q(second), "give", *map(q, built_first(state, first)[:2]),
                 f"{rng.randint(1, 30) * 100}k", *(["dodge"] if card and state.count(card, first) else [])]
        words += ["get", *map(q, built_first(state, second)[:1]), f"{rng.randint(1, 30) * 100}k"]
        return " ".join(words)
    if roll < 0.69:  # to the bank half the time: its districts go to auction
        player = rng.choice(players)
        creditor = BANK if rng.random() < 0.5 else rng.choice([p for p in players if p != player])
        return bankrupt_line(state, rng, player, creditor, lift=creditor != BANK and rng.random() < 0.3)
    if roll < 0.82:  # for the district's rent value now, bought back for the same
        return mortgage_line(state, rng, players)
    return rng.choice(["undo", "redo", f"go {q(rng.choice(players))}"])


def built_first(state: GameState, player: str) -> list[str]:
    """The player's districts, the most built first."""
    return sorted(state.deeds_of(player), key=lambda d: -state.deeds[d].blocks)


def planning(state: GameState, rng: random.Random, players: list[str]) -> str:
    """A hazard on someone else's or an unowned district, its owner clearing it, or (rarely) a bonus."""
    hazards = [(h.owner, d) for d, h in state.deeds.items() if h.hazard and h.owner in players]
    if hazards and rng.random() < 0.5:
        owner, deed = rng.choice(hazards)
        return f"clear {q(owner)} {q(deed)}"
    player = rng.choice(players)
    kind = "bonus" if rng.random() < 0.15 else "hazard"
    names = state.edition.bonuses if kind == "bonus" else state.edition.hazards
    name = rng.choice(list(names))
    spots = [d for d in state.deeds if state.deed(d).kind == "district"
             and planning_refusal(state, player, d, kind, name) is None]
    return f"{kind} {q(player)} {q(rng.choice(spots))} {q(name)}" if spots else f"go {q(player)}"


def dodge_or_rent(state: GameState, rng: random.Random, players: list[str]) -> str:
    """The Rent Dodge card's holder skips a rent (the card goes back); else someone takes it, or pays rent."""
    card = dodge_kind(state)
    holder = next((p for p in players if card and state.count(card, p)), None)
    player = holder if holder and rng.random() < 0.7 else rng.choice(players)
    due = [d for d in state.deeds if state.deed(d).kind == "district" and rent_refusal(state, player, d, None) is None]
    if player == holder and due:
        return f"dodge {q(player)} {q(rng.choice(due))}"
    if player != holder and rng.random() < 0.6:
        return f"parking {q(player)}"
    return f"rent {q(player)} {q(rng.choice(due))}" if due else f"go {q(player)}"


class BankruptcyWalk:
    """A script, and after a bankruptcy: the bank's auctions of its deeds (each `sold` opens the next) run some or
    all of the way, a bid before most, then undo back to before the bankruptcy. It remembers that it is undoing:
    a walk back and forth at random would undo a sale and make it again without end."""

    def __init__(self, script: Script, go_on: float = 0.6) -> None:
        self.script, self.go_on = script, go_on  # go_on: the chance of a next step forward rather than undo
        self.undoing = False

    def __call__(self, state: GameState, rng: random.Random) -> str:
        if not state.bankrupt:
            self.undoing = False
            return self.script(state, rng)
        auction = state.auction
        if not self.undoing and auction is not None and rng.random() < self.go_on:
            if not auction.high_bidder and rng.random() < 0.6:
                bidder = max(state.active_players, key=state.cash)
                bid = min(state.cash(bidder), state.edition.auction_min_bid * rng.randint(1, 50))
                return f"bid {q(bidder)} {bid}"
            return "sold"
        self.undoing = True
        return "undo"


def bankruptcy_opening(state: GameState) -> list[str]:
    """Every player holds two colour groups, the first with two houses a street and the second mortgaged, and a
    railroad: a bankruptcy to the bank sells the houses and opens the first of several auctions."""
    players = state.players
    streets, railroads = groups(state, "street"), groups(state, "railroad")[0]
    lines = []
    for number, player in enumerate(players):
        built, mortgaged = streets[number], streets[number + len(players)]
        lines += [f"collect {q(player)} 2000", *(f"buy {q(player)} {q(d)}" for d in built + mortgaged),
                  f"buy {q(player)} {q(railroads[number])}"]
        lines += [f"build {q(player)} {q(d)}" for _ in range(2) for d in built]
        lines += [f"mortgage {q(player)} {q(d)}" for d in mortgaged]
    return lines


def next_bankruptcy_line(state: GameState, rng: random.Random) -> str:
    """Bankruptcies, most to the bank (its auctions are `BankruptcyWalk`'s), the others to a player who lifts the
    mortgages received or pays 10%; mortgages come and go; the poorest player is topped up."""
    if state.bankrupt:
        return "undo"
    if state.auction is not None:
        return "sold"
    players = list(state.active_players)
    poorest = min(players, key=state.cash)
    if state.cash(poorest) < 500:
        return f"collect {q(poorest)} 1500"
    player = rng.choice(players)
    roll = rng.random()
    if roll < 0.5:
        return bankrupt_line(state, rng, player, BANK)
    if roll < 0.78:
        creditor = max((p for p in players if p != player), key=state.cash)
        return bankrupt_line(state, rng, player, creditor, lift=rng.random() < 0.7)
    if roll < 0.88:
        return mortgage_line(state, rng, players)
    return rng.choice(["undo", "redo", f"go {q(player)}"])


# -- a game that follows the tokens (issue 16) ---------------------------------------------------------------


MOVING_CARDS = ("go", "illinois", "st-charles", "reading", "nearest-railroad", "boardwalk", "back-3")


def tokens_opening(state: GameState) -> list[str]:
    """A few deeds owned (the speed die's Mr. Monopoly moves on past them) and every token a few spaces before GO,
    so the first rolls pass it."""
    size = len(state.edition.spaces)
    lines = [f"buy {q(p)} {q(d)}" for p, d in zip(state.players, ("Boardwalk", "Reading Railroad",
                                                                   "Mediterranean Avenue", "Park Place"), strict=False)]
    return lines + [f"move {q(p)} {size - 2 - 2 * n} fix" for n, p in enumerate(state.players)]


def speed_face(state: GameState, player: str, rng: random.Random) -> str:
    """The speed die's face when this roll takes it (Mega always, the house rule once past GO; never in jail)."""
    assert state.tokens is not None
    rolls = state.edition.speed_die or ("speed-die" in state.house_rules and player in state.tokens.passed_go)
    return f" {rng.choice(['1', '2', '3', 'bus', 'mr', 'mr'])}" if rolls and player not in state.in_jail else ""


def roll_past_go(state: GameState, rng: random.Random, player: str) -> str:
    """The dice for whoever's roll it is: past GO (or onto it) most times the token is near enough, else any."""
    size = len(state.edition.spaces)
    need = size - state.position(player)
    if player not in state.in_jail and need <= 12 and rng.random() < 0.75:
        total = rng.randint(max(2, need), 12)
        first = rng.randint(max(1, total - 6), min(6, total - 1))
        dice = (first, total - first)
    else:
        dice = (rng.randint(1, 6), rng.randint(1, 6))
    return f"roll {q(player)} {dice[0]} {dice[1]}{speed_face(state, player, rng)}"


def next_tokens_line(state: GameState, rng: random.Random) -> str:
    """Mostly rolls for whoever's roll it is, passing GO often (DiceRolled, TokenMoved, SalaryCollected and
    RollPassed in one action; two moves and two salaries on a speed-die move past GO), tokens put back before GO,
    cards and moves that pass GO, jail left by the fine, and undo."""
    if state.bankrupt:
        return "undo"
    if state.auction is not None:
        return "sold"
    assert state.tokens is not None
    players = list(state.active_players)
    size = len(state.edition.spaces)
    free = [p for p in players if p not in state.in_jail]
    if settling := settle_tokens_line(state, rng):
        return settling
    if state.tokens.anywhere:
        return f"move {q(state.tokens.anywhere)} {rng.randrange(size)}"
    poorest = min(players, key=state.cash)
    if state.cash(poorest) < 300 and rng.random() < 0.15:  # now and then a rent beyond the cash: a debt
        return f"collect {q(poorest)} 1500"
    roll = rng.random()
    if roll < 0.60:
        return roll_past_go(state, rng, state.whose_roll)
    if roll < 0.70 and free:  # back before GO, so the next rolls pass it
        return f"move {q(rng.choice(free))} {rng.randint(size - 8, size - 1)} fix"
    far = [p for p in free if state.position(p) < size - 12 and state.cash(p) > 60]  # not about to collect GO
    if roll < 0.77 and far:  # all but a few dollars spent: the next tax, rent or fine is a debt
        poor = rng.choice(far)
        return f"pay {q(poor)} {state.cash(poor) - 5}"
    if roll < 0.84 and free:  # a move forward past GO (a bus ride, the Auction space)
        return f"move {q(rng.choice(free))} {rng.randint(0, 6)}"
    if roll < 0.87 and state.in_jail & set(players):
        return f"bail {q(sorted(state.in_jail & set(players))[0])}"
    if roll < 0.91:
        bank = [d for d, h in state.deeds.items() if h.owner == BANK]
        if bank:
            return f"buy {q(max(players, key=state.cash))} {q(rng.choice(bank))}"
    return rng.choice(["undo", "undo", "redo"])


def settle_tokens_line(state: GameState, rng: random.Random) -> str | None:
    """What the table waits for (issue 25), settled: a debt paid (after the cash is topped up), a deed bought or
    auctioned, a Chance card (one that moves the token and may pass GO, mostly), a gift, a ride's move."""
    if state.debts:
        debt = state.debts[0]
        owed = sum(d.amount for d in state.debts if d.player == debt.player)
        return f"settle {q(debt.player)}" if state.cash(debt.player) >= owed else f"collect {q(debt.player)} {owed}"
    wait = next((w for w in state.waiting if w.kind != "speed-die"), None)
    if wait is None:
        return None
    p = q(wait.player)
    if wait.kind == "buy-or-auction":
        return f"buy {p} {q(wait.space)}" if rng.random() < 0.6 else f"auction {q(wait.space)}"
    if wait.kind == "card":  # Banker knows whether the card passed GO: the salary is one of the card's legs
        deck = "chance" if wait.detail == "chance" else "chest"
        if deck == "chance" and rng.random() < 0.7:
            return f"card {p} chance {rng.choice(MOVING_CARDS)}"
        if rng.random() < 0.5:  # a fine beyond a poor player's cash is a debt fixed at the draw
            return f"card {p} {deck} {'chairman' if deck == 'chance' else 'hospital'}"
        return f"card {p} {deck} {'dividend' if deck == 'chance' else 'bank-error'}"
    if wait.kind == "choice" and wait.detail == "utility":
        return f"rent {p} {q(wait.space)} {rng.randint(2, 12)}"
    if wait.kind == "choice" and wait.detail == "gift":
        return f"gift {p}"
    if wait.kind == "choice" and wait.detail == "bus-ticket":
        return f"ticket {p}"
    if wait.kind == "choice" and wait.detail == "auction-space":
        bank = [d for d, h in state.deeds.items() if h.owner == BANK]
        return f"auction {q(rng.choice(bank))}"
    if wait.kind == "move":
        from banker.rules.tokens import ride_targets

        return f"move {p} {rng.choice(ride_targets(state, wait.player))}"
    return "undo"


SCRIPTS: dict[str, Script] = {"bankruptcy-auctions": next_bankruptcy_line,  # by name, for a test's games
                              "tokens": next_tokens_line}


# -- choosing a script, and the tags of the pieces it moves ------------------------------------------------


def script_for(state: GameState) -> Script | None:
    """The edition's own script, by what the edition has (Mr. Monopoly and coins, blocks), or None."""
    if state.edition.mr_monopoly and any(k.awarded_for for k in state.edition.holdings.values()):
        return next_sore_losers_line
    if state.edition.max_blocks:
        return next_city_line
    return None


def edition_tags(state: GameState, plan: Sequence[ev.Event]) -> set[str]:
    """The Sore Losers and City pieces an action moves, and what a bankruptcy does (opens the bank's first auction,
    lifts the mortgages received; a `sold` that opens the next auction), named for the test's tally (`state` is
    before it)."""
    found: set[str] = set()
    trapping = any(isinstance(e, ev.PlayerTrapped) for e in plan)
    bankrupt = any(isinstance(e, ev.PlayerWentBankrupt) for e in plan)
    opened = any(isinstance(e, ev.AuctionOpened) for e in plan)
    if bankrupt and opened:
        found.add("bankruptcy-auction-opened")
    if opened and any(isinstance(e, ev.AuctionClosed) for e in plan):
        found.add("next-auction-opened")
    if bankrupt and any(isinstance(e, ev.MortgageLifted) for e in plan):
        found.add("mortgages-lifted")
    found |= token_tags(plan)
    for e in plan:
        if isinstance(e, ev.HoldingMoved) and e.kind in state.edition.holdings:
            kind = state.edition.holdings[e.kind]
            if e.giver == BANK and e.why in kind.awarded_for:
                found.add(f"{kind.word}-awarded")
            elif e.why == "trade":
                found.add(f"{kind.word}-traded")
            elif e.why == "bankruptcy":
                found.add(f"{kind.word}-{'returned' if e.receiver == BANK else 'handed-over'}")
        elif isinstance(e, ev.DeedHandedOver):
            held = state.deeds[e.deed]
            if trapping:
                found.add("deed-stolen")
            if held.blocks or held.stadium or held.tower or (state.edition.max_blocks and held.level):
                found.add("built-district-moved")
        elif isinstance(e, ev.DeedReturnedToBank):
            found.add("returned-for-auction" if state.edition.bankruptcy_auction else "deeds-returned")
        elif isinstance(e, ev.AuctionClosed) and e.winner and state.bankrupt:
            found.add("auctioned-after-bankruptcy")
        elif isinstance(e, ev.DeedMortgaged) and state.edition.mortgage_value == "rent_value":
            found.add("mortgaged-at-rent-value")
        elif isinstance(e, ev.PlanningBuilt):
            found.add(f"{e.kind}-built")
        else:
            found |= {name for cls, name in PIECES if isinstance(e, cls)}
    return found


def token_tags(plan: Sequence[ev.Event]) -> set[str]:
    """What an action did with the tokens: a roll, GO passed and paid by a roll or a move (its SalaryCollected in
    the same action), twice in one action, by a card (its own legs), a roll out of jail."""
    found: set[str] = set()
    passes = [e for e in plan if isinstance(e, ev.TokenMoved) and e.passed_go]
    if any(isinstance(e, ev.DiceRolled) for e in plan):
        found.add("rolled")
    if any(e.how != "card" for e in passes) and any(isinstance(e, ev.SalaryCollected) for e in plan):
        found.add("go-passed")
    if sum(isinstance(e, ev.SalaryCollected) for e in plan) >= 2:
        found.add("go-passed-twice")
    if any(e.how == "card" for e in passes):
        found.add("card-passed-go")
    if any(isinstance(e, ev.JailLeft) for e in plan) and "rolled" in found:
        found.add("rolled-out-of-jail")
    if "rolled" in found and any(isinstance(e, ev.RentPaid) for e in plan):
        found.add("rent-in-the-roll")  # issue 25: the rent a landing makes certain, in the roll's own action
    if any(isinstance(e, ev.DebtRecorded) for e in plan):
        found.add("debt-recorded")
    if any(isinstance(e, ev.DebtSettled) for e in plan):
        found.add("debt-settled")
    return found


PIECES: tuple[tuple[type[ev.Event], str], ...] = (
    (ev.RentReversed, "rent-reversed"), (ev.MrMonopolyTaken, "cashed-in"), (ev.PlayerTrapped, "trapped"),
    (ev.FreeHousePlaced, "free-house"), (ev.JailEntered, "jailed"), (ev.BlocksBuilt, "blocks-built"),
    (ev.RailroadPlaced, "railroad-placed"), (ev.HazardCleared, "hazard-cleared"), (ev.StadiumBuilt, "stadium-built"),
    (ev.TowerBuilt, "tower-built"), (ev.RentDodged, "dodged"),
)
