"""What a banker types at a table whose tokens Banker follows (issue 16): the dice, mostly for whoever's roll it is.

Not a test module: `tests/test_random_play_tokens.py` mixes `TokenLines` into each edition's line maker, so the
rolls, moves and moving cards come between the edition's usual lines (buy, rent, auctions, builds, trades,
bankruptcies) and the tokens live in a real game. Now and then a line is wrong the way a banker gets it wrong:
out of turn, a die of 7, a speed-die face the game does not roll, a `go` for a card that did not pass GO.
"""

from __future__ import annotations

import random
import shlex

from hypothesis import strategies as st

from banker import commands as c
from banker.landing import ways_to_raise
from banker.rules.tokens import ride_targets
from banker.state import GameState
from editions import Edition
from tests.play_lines import LineMaker
from tests.play_lines_city import CityLineMaker
from tests.play_lines_mega import MegaLineMaker
from tests.play_lines_sore_losers import SoreLosersLineMaker

FACES = ("1", "2", "3", "bus", "mr", "bus", "mr")  # the moves more often than the die shows them
BAD_DICE = ("0", "7", "9", "x", "3.5", "-1", "12", "")
BAD_FACES = ("4", "0", "car", "bus-stop", "six")
MOVING = ("advance", "advance_nearest", "back")


def rolls_speed_die(state: GameState, player: str) -> bool:
    """Whether this roll takes the speed die: Mega always, the classic house rule once the player passed GO (002);
    never in jail (000, 002). Read from the edition and the house rules, not from the rules' code."""
    if player in state.in_jail or state.tokens is None:
        return False
    if state.edition.speed_die:
        return True
    return "speed-die" in state.house_rules and player in state.tokens.passed_go


class TokenLines(LineMaker):
    """Mixed in before an edition's line maker: a share of the lines roll, move and draw moving cards.

    Its own odds and dice come from a generator seeded by one Hypothesis draw per line: Hypothesis's integers
    favour their bounds, which would make every other roll doubles (and every game three doubles and jail).
    """

    TOKEN_SHARE = 50  # percent of the lines (no auction open) about the tokens; the rest are the edition's own
    JAILED_SHARE = 60  # while a player is in jail: their three rolls (doubles, or the third failure) come round sooner
    rider = ""  # who rode the bus last and has not moved since (the machine says): the banker moves them next

    @property
    def rng(self) -> random.Random:
        if not hasattr(self, "_rng"):
            self._rng = random.Random(self.draw(st.integers(0, 2**32 - 1)))
        return self._rng

    def odds(self, percent: float) -> bool:
        return self.rng.random() * 100 < percent

    def line(self) -> str:
        state = self.state
        share = self.JAILED_SHARE if state.in_jail & set(state.active_players) else self.TOKEN_SHARE
        if state.tokens is not None and state.auction is None and self.odds(share):
            return self.token_line()
        return super().line()

    def token_line(self) -> str:
        state = self.state
        assert state.tokens is not None
        if (state.waiting or state.debts) and self.odds(85):  # issue 25: what the landing left, settled at random
            return self.settle_line()
        whose, anywhere = state.whose_roll, state.tokens.anywhere
        if anywhere and self.odds(70):  # triples: the move to any space comes first (000, 002)
            return self.move_line(anywhere, "forward" if self.odds(85) else self.rng.choice(["fix", "back"]))
        if self.rider in state.active_players and self.odds(70):  # 000:80 the ride takes the token somewhere
            return self.move_line(self.rider, "forward")
        if whose in state.trapped and self.odds(25):  # 001: a trapped player rolls once released
            return f"release {self.spell(whose)}"
        if whose in state.in_jail and self.odds(5):  # mostly rolled for: doubles, or the third failure pays
            return self.jail_line(whose)
        size = len(state.edition.spaces)
        if rolls_speed_die(state, whose) and "bus_ticket" in state.edition.holdings and self.odds(4):
            # put right to a few spaces before the Bus's last stretch: the next roll's Bus moves on past GO
            return f"move {self.spell(whose)} {self.space_word(self.rng.randint(size - 14, size - 8))} fix"
        if state.held.get("bus_ticket", {}).get(whose) and self.odds(40):
            return f"ride {self.spell(whose)}"  # 000:80 a ticket instead of the dice, then `move` where it goes
        jailed = sorted(state.in_jail & set(state.active_players))
        if jailed and self.odds(50):  # the rounds to a jailed player's third roll; now and then a move (refused)
            return self.roll_line() if self.odds(85) else self.move_line(self.rng.choice(jailed), "forward")
        kind = self.rng.randrange(100)
        if kind < 72:
            return self.roll_line()
        if kind < 83:
            how = self.rng.choice(["fix", "fix", "back", "back", "forward", "forward", "forward"])
            return self.move_line(self.mover(), how)
        if kind < 95:
            return self.card_line()
        if kind < 97:
            jailed = sorted(state.in_jail & set(state.active_players))
            return self.jail_line(self.rng.choice(jailed) if jailed and self.odds(70) else self.player())
        return f"jail {self.spell(whose if self.odds(70) else self.player())}"  # then its rolls: three fail, or not

    def settle_line(self) -> str:
        """A random legal answer to the first thing the table waits for (a debt, a deed for sale, a card...)."""
        state, rng = self.state, self.rng
        if state.debts:
            debt = state.debts[0]
            p = self.spell(debt.player)
            owed = sum(d.amount for d in state.debts if d.player == debt.player)
            if state.cash(debt.player) >= owed or self.odds(10):
                return f"settle {p}"
            ways = ways_to_raise(state, debt.player)
            if ways and self.odds(85):
                command = rng.choice(ways).command
                if isinstance(command, c.Mortgage):
                    return f"mortgage {p} {shlex.quote(command.deed)}"
                if isinstance(command, c.SellBuildings):
                    return f"sell {p} {shlex.quote(command.deed)} {command.count}"
            creditor = "" if debt.creditor in ("bank", "pot") else f" {self.spell(debt.creditor)}"
            return f"bankrupt {p}{creditor} {owed}"
        wait = next((w for w in state.waiting if w.kind != "speed-die"), state.waiting[0])
        p, space = self.spell(wait.player), shlex.quote(wait.space)
        others = [o for o in state.active_players if o != wait.player] or [wait.player]
        match wait.kind, wait.detail:
            case "buy-or-auction", _:
                return f"buy {p} {space}" if self.odds(55) else f"auction {space}"
            case "card", deck:
                cards = [k for k in state.edition.cards if k.deck == deck]
                card = rng.choice(cards)
                words = ["card", p, "chance" if deck == "chance" else "chest", shlex.quote(card.key)]
                if card.effect == "advance_nearest" and card.kind == "utility":
                    words.append(str(rng.randint(2, 12)))
                if card.effect in ("advance", "advance_nearest") and self.odds(30):
                    words.append("go")  # said whether or not it passes: refused when it does not
                return " ".join(words)
            case "choice", "gift":
                return f"gift {p}" + (" ticket" if self.odds(40) else "")
            case "choice", "auction-space":
                unowned = [d for d, h in state.deeds.items() if h.owner == "bank"]
                return f"auction {shlex.quote(rng.choice(unowned))}" if unowned else f"roll {p} 1 2"
            case "choice", "utility":
                return f"rent {p} {space} {rng.randint(2, 12)}"
            case "choice", "rent-dodge":
                return f"{'dodge' if self.odds(50) else 'rent'} {p} {space}"
            case "choice", "steal":
                return f"parking {p} {self.spell(rng.choice(others))}"
            case "choice", "bus-ticket":
                return f"ticket {p}" + (" expire" if self.odds(15) else "")
            case "move", _:
                targets = ride_targets(state, wait.player)
                return f"move {p} {rng.choice(targets) if self.odds(90) else rng.randrange(len(state.edition.spaces))}"
            case "jail-send", _:
                return f"jail {p} {self.spell(rng.choice(others))}"
            case "trap", _:
                here = state.position(wait.player)
                victims = [o for o in others if state.position(o) == here] or others
                return f"trap {p} {self.spell(rng.choice(victims))}"
            case "free-house", _:  # 001:32: on any street, or declined
                streets = [d for d, h in state.deeds.items() if state.edition.deeds[d].kind == "street"
                           and h.owner not in ("bank", "pot")]
                return f"place {shlex.quote(rng.choice(streets))}" if streets and self.odds(70) else "place none"
        return self.roll_line()

    def mover(self) -> str:
        """Whose roll it is, or the player before (just rolled, or rode the bus and moves now), or anyone."""
        state, pick = self.state, self.rng.randrange(100)
        if pick < 40:
            return state.whose_roll
        active = state.active_players
        if pick < 75 and state.whose_roll in active:
            return active[active.index(state.whose_roll) - 1]
        return self.player()

    def roll_line(self) -> str:
        """`roll <player> <die> <die> [face] [choice]`: whoever's roll it is, with the right dice, mostly."""
        state, rng = self.state, self.rng
        assert state.tokens is not None
        whose = state.whose_roll
        player = rng.choice(state.players) if self.odds(8) else whose  # out of turn, or a bankrupt player
        speed = rolls_speed_die(state, player)
        first, second = rng.randint(1, 6), rng.randint(1, 6)
        spaces = state.edition.spaces
        # GO, Go To Jail, or (Mega's Bus moves on past GO from there) after the last Chance and Chest
        rides = speed and "bus_ticket" in state.edition.holdings
        here, end = state.position(player), len(spaces) - 3
        aims = [a for a in (0, next(s.position for s in spaces if s.type == "go_to_jail"), *[end] * rides)
                if 3 <= (a - here) % len(spaces) <= 11]  # the ones two dice reach from here
        aim = rng.choice(aims) if aims else -1
        steps = (aim - here) % len(spaces)
        aimed = bool(aims) and player not in state.in_jail and self.odds(60 if aim == end else 25)
        if aimed:  # the dice that land there
            first = rng.randint(max(1, steps - 6), min(6, steps - 1))
            second = steps - first
        elif state.tokens.doubles and self.odds(55):  # a few more doubles in a row: the third goes to jail
            second = first
        words = [self.spell(player), str(first), str(second)]
        if self.odds(3):  # a die the table cannot show, either one
            words[rng.choice([1, 2])] = rng.choice(BAD_DICE)
        if speed and self.odds(9):  # 000: triple 1s, 2s or 3s: move anywhere, next
            face = rng.choice(["1", "2", "3"])
            words[1:] = [face, face, face]
            return " ".join(["roll", *words])
        if speed != self.odds(12):  # the face the game wants (or, now and then, one it refuses)
            face = rng.choice(BAD_FACES) if self.odds(6) else rng.choice(FACES)
            if speed and aimed and face in ("1", "2", "3"):
                face = rng.choice(["mr", "bus"])  # a die's count would carry the token past where the dice land
            if rides and aimed and aim == end and self.odds(80):
                face = "bus"  # on to the first Chance or Chest past GO
            words.append(face)
            if face == "bus" and self.odds(50) and not (rides and aimed and aim == end):  # a ticket, or one die
                dice = [w for w in words[1:3] if w.isdigit()] or ["4"]
                words.append(rng.choice(["7", "walk"] if self.odds(10) else ["ticket", "ticket", *dice]))
        elif self.odds(2):
            words.append(rng.choice(["ticket", "1"]))  # a choice without the bus face
        return " ".join(["roll", *words])

    def space_word(self, position: int) -> str:
        """A space as the banker names it: its board number, or its name (a name on several spaces is refused)."""
        spaces = self.state.edition.spaces
        if self.odds(4):
            return self.rng.choice(["nowhere", "99", str(len(spaces)), "-1", "2.5"])
        return str(position) if self.odds(50) else self.spell(spaces[position].name)

    def move_line(self, player: str, how: str) -> str:
        state, rng = self.state, self.rng
        size = len(state.edition.spaces)
        here = state.position(player) if player in state.players else 0
        if how == "back" and self.odds(80):  # a card's few spaces back
            target = (here - rng.randint(1, 5)) % size
        elif how == "forward" and self.odds(40):  # just past GO, or onto it
            target = rng.randint(0, 5)
        else:
            target = rng.randrange(size)
        word = {"forward": [], "back": [rng.choice(["back", "backward"])],
                "fix": [rng.choice(["fix", "fix", "correct", "FIX"])]}[how]
        return " ".join(["move", self.spell(player), self.space_word(target), *word])

    def card_line(self) -> str:
        """A Chance or Community Chest card that moves the token (or sends it to jail), `go` when it passes."""
        state = self.state
        moving = [k for k in state.edition.cards if k.effect in (*MOVING, "jail")]
        if not moving:
            return self.roll_line()
        player = state.whose_roll if self.odds(60) else self.player()
        here = state.position(player) if player in state.players else 0
        spaces = state.edition.spaces
        where = {s.name: s.position for s in spaces}
        behind = [k for k in moving if k.effect == "advance" and (where[k.target] < here or where[k.target] == 0)]
        card = self.rng.choice(behind if behind and self.odds(20) else moving)  # behind: the card passes GO
        words = ["card", self.spell(player), "chance" if card.deck == "chance" else "chest", shlex.quote(card.key)]
        target = None
        if card.effect == "advance":
            target = next(s.position for s in spaces if s.name == card.target)
        elif card.effect == "advance_nearest":
            ahead = [spaces[(here + step) % len(spaces)] for step in range(1, len(spaces))]
            nearest = next(s for s in ahead if s.name in state.edition.deeds and state.deed(s.name).kind == card.kind)
            target = nearest.position
            if self.odds(30):  # the deed named: the nearest, or (refused) another of its kind
                others = [d for d in state.deeds if state.deed(d).kind == card.kind]
                words.append(self.spell(self.rng.choice(others) if self.odds(30) else nearest.name))
        passes = target is not None and (target < here or (target == 0 and here != 0))
        if card.effect in ("advance", "advance_nearest") and self.odds(40 if passes else 50):
            words.append("go")  # passing GO said; said when it did not pass, it is refused
        return " ".join(words)

    def jail_line(self, player: str) -> str:
        """A jailed player leaves by the fine, a card, or doubles typed as such (no roll); or anyone is sent in."""
        verb = self.rng.choice(["bail", "bail", "usecard", "doubles"] if player in self.state.in_jail
                               else ["jail", "bail"])
        return f"{verb} {self.spell(player)}"


class ClassicTokenLines(TokenLines):
    """The classic banker (either board, with or without the speed die), following the tokens."""


class MegaTokenLines(TokenLines, MegaLineMaker):
    """The Mega banker following the tokens: the speed die on every roll, bus tickets, triples."""


class SoreLosersTokenLines(TokenLines, SoreLosersLineMaker):
    """The Sore Losers banker following the tokens: Mr. Monopoly's traps stop a roll until released."""


class CityTokenLines(TokenLines, CityLineMaker):
    """The City banker following the tokens: stadiums add to every GO passed."""


def jail_and_doubles(edition: Edition, players: tuple[str, ...]) -> list[str]:
    """Random play's scripted game at a followed table (issue 34: no coverage by chance): what the run must show
    about the tokens made to happen, not hoped for. On a two-player table without the speed die (the corners at 0,
    10, 20, 30, a Chance at 36): sent to jail by `jail`, by Go To Jail and by a card; three failed jail rolls, the
    third paying and moving; doubles out of jail; three doubles; a card past GO without `go`; a roll onto GO.
    What a landing waits for is settled quietly between the lines (tests/settling.py)."""
    first, second = (shlex.quote(p) for p in players[:2])
    chance = max(s.position for s in edition.spaces if s.type == "chance")
    return [f"jail {second}", f"move {first} 10 fix",
            f"roll {first} 4 6", f"roll {second} 1 2",  # Free Parking; the first failed jail roll
            f"roll {first} 4 6", f"roll {second} 1 2",  # Go To Jail; the second failed jail roll
            f"roll {first} 3 3",  # doubles out of jail: moved, the turn over (001:348)
            f"roll {second} 1 3",  # the third failed jail roll pays the fine and moves
            f"move {first} {chance} fix", f"card {first} chance go",  # past GO by a card, `go` not said
            f"roll {first} 5 5", f"roll {first} 5 5", f"roll {first} 1 1",  # three doubles: jail
            f"move {second} {len(edition.spaces) - 2} fix", f"roll {second} 1 1",  # onto GO by a roll
            f"roll {second} 3 4", f"card {second} chance jail"]  # a Chance, and its card sends to jail
