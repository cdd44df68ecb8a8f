"""Random play at tables whose tokens Banker follows (issue 16), on every edition.

The machine of `tests/play_machine.py` (every invariant, the model replay, undo/redo after every line) on games
created with the `follow-tokens` house rule: classic US and UK with and without the speed-die house rule, Mega,
Sore Losers and City. The banker (`tests/play_lines_tokens.py`) mostly rolls for whoever's roll it is, and now and
then out of turn, with a bad die or a speed-die face the game does not roll, triples and the move they allow, moves
forward, back and fixed, cards that move the token, jail, bail, cards and doubles, between the edition's usual lines
(buy, rent, auctions, builds, trades, bankruptcies). After every accepted line, besides the usual checks
(`tests/ledger_checks.py`): every active player's token is on the board and a jailed one on the Jail space, whose
roll it is is an active player, and the GO salary is paid exactly once per pass, read from the action's own
TokenMoved events (`token_action_problems`: a roll, a speed-die move or `move` pays one SalaryCollected, a card pays
through its own legs, `fix` and `back` never pay, nothing is paid without a pass). A refused line changes nothing.

Replay a failure with `BANKER_PLAY_SEED=<seed>`; BANKER_PLAY_TOKENS_COMMANDS=<n> per run for a shorter run.
"""

from __future__ import annotations

import os
import shlex
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import strategies as st
from hypothesis.stateful import initialize

from banker import commands as c
from banker import events as ev
from banker.errors import Refusal
from banker.fold import apply
from banker.game import Game
from banker.language import parse
from banker.rules import decide, table, tokens
from banker.state import GameState
from editions import Edition
from tests.ledger_checks import FOLLOW_TOKENS, action_problems, table_problems, token_problems
from tests.play_lines import HOUSE_RULES, OPENINGS, TABLES
from tests.play_lines_tokens import (
    CityTokenLines,
    ClassicTokenLines,
    MegaTokenLines,
    SoreLosersTokenLines,
    jail_and_doubles,
)
from tests.play_machine import ALL_EDITIONS, EDITIONS, TALLY, RandomPlay, play_batches
from tests.test_random_play import MegaPlay
from tests.test_random_play_city import CityPlay, FrozenClock, draw_spin
from tests.test_random_play_sore_losers import SoreLosersPlay
from tests.waiting_checks import LandingCharges, unanswerable

COMMANDS = int(os.environ.get("BANKER_PLAY_TOKENS_COMMANDS", "4000"))  # per run: classic, Mega, Sore Losers, City
EXAMPLES = 10  # per batch: more seeds, more of the openings and tables
CLASSIC_HOUSE_RULES = (*HOUSE_RULES, ("speed-die",), ("free-parking", "speed-die"))
# every run must show each of these, or it proves nothing about following the tokens
REQUIRED = ("DiceRolled", "TokenMoved", "RollPassed", "JailRollFailed", "GO passed by a roll", "GO landed on by a roll",
            "GO passed by a card", "GO passed by a move", "a card passed GO without `go`", "three doubles",
            "doubles kept the turn", "out of jail by rolling doubles", "the third failed jail roll paid and moved",
            "sent to jail from Go To Jail", "sent to jail by a card", "moved back", "corrected with fix",
            "refused: a roll out of turn", "refused: a bad die",
            "refused: `go` for a move that did not pass GO", "refused: a jailed player's move",
            # the edition's own lines between the rolls: the tokens live in a real game
            "DeedBought", "RentPaid", "AuctionClosed", "TradeMade", "PlayerWentBankrupt")
SPEED_DIE = ("GO passed by a speed-die move", "triples rolled", "triples then move",
             "refused: a roll before the triples move", "refused: a bad speed-die face")


def tally_tokens(before: GameState, events: tuple[ev.Event, ...]) -> None:
    """What the action did with the tokens, for the required tallies (`before` is the state it was decided on)."""
    if before.tokens is None:
        return
    rolled = next((e for e in events if isinstance(e, ev.DiceRolled)), None)
    for e in events:
        if isinstance(e, ev.TokenMoved):
            kind = "a speed-die move" if e.how.startswith("speed die") else e.how.split()[0]
            kind = {"rolled": "a roll", "moved": "a move", "card": "a card"}.get(kind, kind)
            TALLY[f"GO passed by {kind}"] += e.passed_go
            TALLY["GO landed on by a roll"] += e.passed_go and e.position == 0 and kind == "a roll"
            TALLY["moved back"] += e.how == "moved back"
            TALLY["corrected with fix"] += e.how == "correction"
            TALLY["triples then move"] += e.player == before.tokens.anywhere and e.how == "moved"
        elif isinstance(e, ev.JailEntered):
            landed = [x for x in events if isinstance(x, ev.TokenMoved) and x.player == e.player]
            if landed and before.edition.spaces[landed[-1].position].type == "go_to_jail":
                TALLY["sent to jail from Go To Jail"] += 1
            elif rolled is not None and not landed:
                TALLY["three doubles"] += 1
        elif isinstance(e, ev.CardDrawn):
            card = next(k for k in before.edition.cards if k.deck == e.deck and k.key == e.card)
            TALLY["sent to jail by a card"] += card.effect == "jail"
        elif isinstance(e, ev.SpeedDieIgnored):  # 002:10, 000:62: taken on the white dice, not refused (issue 36)
            TALLY["a speed die ignored in jail" if e.player in before.in_jail
                  else "a speed die ignored before passing GO"] += 1
        elif isinstance(e, ev.JailLeft) and rolled is not None:
            TALLY["out of jail by rolling doubles"] += e.how == "doubles"
            TALLY["the third failed jail roll paid and moved"] += e.how == "bail"
        elif isinstance(e, ev.PlayerReleased) and rolled is not None and e.player != rolled.player:
            TALLY["a trapped player lost the turn"] += any(isinstance(x, ev.RollPassed) for x in events)
        elif isinstance(e, ev.RollPassed):
            TALLY["triples rolled"] += bool(e.anywhere)
            TALLY["doubles kept the turn"] += rolled is not None and e.player == rolled.player
        elif isinstance(e, ev.HoldingMoved) and rolled is not None and e.kind == "bus_ticket":
            TALLY["a bus ticket from the speed die"] += 1
        elif isinstance(e, ev.SalaryCollected) and rolled is not None and _stadiums(before, e.player):
            TALLY["a stadium bonus on a rolled GO"] += 1


def _stadiums(state: GameState, player: str) -> int:
    return sum(h.stadium for h in state.deeds.values() if h.owner == player)


def scattered(edition: Edition, players: tuple[str, ...]) -> list[str]:
    """Every other token put a few spaces before GO (`fix`: no money), the others left on GO: a 50-line game
    passes GO often, by the dice, the speed die, cards and moves."""
    size = len(edition.spaces)
    return [f"move {shlex.quote(p)} {size - 2 - 3 * (i // 2)} fix" for i, p in enumerate(players) if i % 2 == 0]


class Following(RandomPlay):
    """Mixed in before an edition's machine: its games follow the tokens, and what the tokens did is tallied."""

    def begin(self, edition: str, players: tuple[str, ...], house_rules: tuple[str, ...],
              opening: Callable) -> None:
        self.rider = self.maker.rider = ""  # type: ignore[attr-defined]
        self.charges = LandingCharges()  # issue 35: no landing charged twice, whatever waits answerable
        super().begin(edition, players, tuple(sorted({*house_rules, FOLLOW_TOKENS})), opening)
        for line in scattered(ALL_EDITIONS[edition], players):
            self.play_line(line)

    def play_line(self, line: str) -> None:
        self.line = line  # for the tally: whether a card that passed GO was typed with `go`
        super().play_line(line)

    def _tally_new_pieces(self, before: GameState, events: tuple[ev.Event, ...]) -> None:  # type: ignore[override]
        super()._tally_new_pieces(before, events)
        tally_tokens(before, events)
        assert self.game is not None
        problems = self.charges.problems(events) + unanswerable(self.game.state)
        assert not problems, f"{self.line!r}: {problems}"
        rider = getattr(self, "rider", "")  # rode the bus (000:80): the token moves where the ride takes it
        if any(isinstance(e, (ev.TokenMoved, ev.DiceRolled)) and e.player == rider for e in events):
            TALLY["a ride then its move"] += any(isinstance(e, ev.TokenMoved) and e.how == "bus ticket"
                                                 for e in events)
            rider = ""
        self.rider = next((e.giver for e in events if isinstance(e, ev.HoldingMoved) and e.why == "ridden"), rider)
        self.maker.rider = self.rider  # type: ignore[attr-defined]
        if any(isinstance(e, ev.TokenMoved) and e.how == "card" and e.passed_go for e in events):
            words = shlex.split(self.line.lower())  # card <player> [<deck>] <card> ... [go]: `go` after the card
            said = words[-1] == "go" and len(words) > 3 + (words[2] in ("chance", "chest", "community_chest"))
            TALLY["a card passed GO without `go`"] += not said


class ClassicTokenPlay(Following):
    """Classic US and UK boards, each with and without the speed-die house rule (and Free Parking)."""

    maker = ClassicTokenLines
    scripts = (("classic-us", ("Ann", "Ben"), (), jail_and_doubles),)

    @initialize(edition=st.sampled_from(sorted(EDITIONS)), players=st.sampled_from(TABLES),
                house_rules=st.sampled_from(CLASSIC_HOUSE_RULES), opening=st.sampled_from(sorted(OPENINGS)))
    def start(self, edition: str, players: tuple[str, ...], house_rules: tuple[str, ...], opening: str) -> None:
        self.begin(edition, players, house_rules, OPENINGS[opening])


class MegaTokenPlay(Following, MegaPlay):
    """Mega (the speed die on every roll) and the classic boards with the speed-die house rule."""

    maker = MegaTokenLines


class SoreLosersTokenPlay(Following, SoreLosersPlay):
    maker = SoreLosersTokenLines
    scripts = (("sore-losers", ("Ann", "Ben"), (), jail_and_doubles),)


class CityTokenPlay(Following, CityPlay):
    maker = CityTokenLines
    scripts = (("city", ("Ann", "Ben"), (), jail_and_doubles),)


def required(*extra: str) -> None:
    for what in (*REQUIRED, *extra):
        assert TALLY[what] > 0, f"random play never produced {what}: {dict(TALLY)}"
    assert TALLY["refused"] > TALLY["commands"] // 10 and TALLY["accepted"] > TALLY["commands"] // 5


def test_random_play_follows_the_tokens_on_the_classic_boards(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 16: classic US and UK, with and without the speed die, every token invariant after every line."""
    extra = ("triples rolled", "triples then move", "refused: a bad speed-die face", "games: classic-us follow-tokens",
             "a speed die ignored before passing GO", "refused: a roll without the speed die")
    play_batches(ClassicTokenPlay, COMMANDS, monkeypatch, examples=EXAMPLES, needs=(*REQUIRED, *extra))
    required(*extra)
    # the UK board with the speed die, with or without Free Parking: one demand on the two tables (a mean of 7 games
    # a run for either alone, as low as 2 over 12 seeds: a lumpy draw could leave one out)
    uk_speed = sum(TALLY[f"games: classic-uk follow-tokens {rules}speed-die"] for rules in ("", "free-parking "))
    assert uk_speed > 0, f"random play never played the UK board with the speed die: {dict(TALLY)}"


def test_random_play_follows_the_tokens_on_a_mega_table(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 16: Mega (and the classic speed-die tables): the speed die's moves, bus tickets, triples, rides."""
    extra = (*SPEED_DIE, "games: mega follow-tokens", "a bus ticket from the speed die", "a ride then its move",
             "a speed die ignored in jail")
    play_batches(MegaTokenPlay, COMMANDS, monkeypatch, examples=EXAMPLES, needs=(*REQUIRED, *extra))
    required(*extra)


def test_random_play_follows_the_tokens_at_a_sore_losers_table(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 16: Sore Losers: coins for jail by the dice; issue 25: a trapped player loses the turn (001:180)."""
    extra = ("a trapped player lost the turn", "coin moved: jail")
    play_batches(SoreLosersTokenPlay, COMMANDS, monkeypatch, examples=EXAMPLES, needs=(*REQUIRED, *extra))
    required(*extra)


def test_random_play_follows_the_tokens_on_a_city_table(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 16: City: the stadiums pay on top of every GO a roll passes."""
    monkeypatch.setattr("banker.language.datetime", FrozenClock)
    monkeypatch.setattr("banker.language.districts.draw_spin", draw_spin)
    play_batches(CityTokenPlay, COMMANDS, monkeypatch, examples=EXAMPLES,
                 needs=(*REQUIRED, "a stadium bonus on a rolled GO"))
    required("a stadium bonus on a rolled GO")


# -- controls: the GO-once check (and the token checks) catch a broken table ------------------------------------


@pytest.fixture
def near_go(tmp_path: Path) -> Iterator[Game]:
    """Alice's token two spaces before GO, her roll; Bob owns the first railroad."""
    game = Game.create(tmp_path / "game.db", ALL_EDITIONS["classic-us"], ("Alice", "Bob", "Carol"), (FOLLOW_TOKENS,))
    for line in ("buy Bob Reading", "move Alice 38 fix"):
        game.do(line)
    yield game
    game.close()


def paid(near_go: Game, line: str) -> list[str]:
    """The action problems of this line decided on the fixture's table (with whatever rule is broken now). A card
    that moves the token is drawn on its deck's space (issue 25): Alice is put on the last Chance for it."""
    state = near_go.state
    if line.startswith("card"):
        state = apply(state, decide(state, parse("move Alice 36 fix", state)))
    events = decide(state, parse(line, state))
    return action_problems(state, events, apply(state, events))


def test_the_go_check_passes_the_honest_rules(near_go: Game) -> None:
    for line in ("roll Alice 1 2", "roll Alice 1 1", "move Alice 3", "card Alice chance nearest-railroad",
                 "card Alice chance go", "card Alice chance back-3", "move Alice 2 fix", "move Alice 2 back"):
        assert paid(near_go, line) == [], line
    assert token_problems(near_go.state) == [] and table_problems(near_go.state) == []


def test_the_go_check_catches_a_rule_that_pays_twice(near_go: Game, monkeypatch: pytest.MonkeyPatch) -> None:
    do = tokens._Action.do

    def twice(act: tokens._Action, command: c.Command) -> None:
        do(act, command)
        if isinstance(command, c.Salary):
            do(act, command)

    monkeypatch.setattr(tokens._Action, "do", twice)
    for line in ("roll Alice 1 2", "move Alice 3"):
        assert any("once per pass" in p for p in paid(near_go, line)), line
    assert paid(near_go, "move Alice 30 back") == []  # no pass, nothing paid


def test_the_go_check_catches_a_rule_that_forgets_the_salary(near_go: Game, monkeypatch: pytest.MonkeyPatch) -> None:
    do = tokens._Action.do
    monkeypatch.setattr(tokens._Action, "do", lambda act, command: None if isinstance(command, c.Salary)
                        else do(act, command))
    for line in ("roll Alice 1 2", "roll Alice 1 1", "move Alice 3"):  # past GO, onto GO, past GO
        assert any("once per pass" in p for p in paid(near_go, line)), line


def test_the_go_check_catches_a_card_that_forgets_or_pays_twice(near_go: Game,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    money = table.draw_card
    monkeypatch.setattr(table, "draw_card", lambda state, cmd: money(state, replace(cmd, passed_go=False)))
    assert any("not passing" not in p and "paid Alice 0" in p for p in paid(near_go, "card Alice chance illinois"))
    monkeypatch.setattr(table, "draw_card", money)
    state = apply(near_go.state, decide(near_go.state, parse("move Alice 36 fix", near_go.state)))
    honest = decide(state, parse("card Alice chance illinois", state))
    twice = [*honest, ev.SalaryCollected("Alice", transfers=(ev.Transfer(ev.BANK, "Alice", 200),))]
    assert any("once per pass" in p for p in action_problems(state, twice, apply(state, twice)))


def test_the_token_checks_catch_a_fold_that_moves_a_token_wrong(near_go: Game) -> None:
    """A TokenMoved whose pass is misreported, a roll that lands elsewhere, a token left off the jail space, a roll
    held by a bankrupt player, a triples move pending for a player in jail: each is named."""
    state = near_go.state
    events = decide(state, parse("roll Alice 1 2", state))
    moved = next(i for i, e in enumerate(events) if isinstance(e, ev.TokenMoved))
    quiet = [*events[:moved], ev.TokenMoved("Alice", 1, "Mediterranean Avenue", "rolled 3", False),
             *(e for e in events[moved + 1:] if not isinstance(e, ev.SalaryCollected))]
    assert any("passed_go False" in p for p in action_problems(state, quiet, apply(state, quiet)))
    astray = [*events[:moved], ev.TokenMoved("Alice", 2, "Community Chest", "rolled 3", True), *events[moved + 1:]]
    assert any("rolled 3 from 38" in p for p in action_problems(state, astray, apply(state, astray)))
    def tokens_of(**changes: object) -> Callable[[GameState], object]:
        return lambda s: setattr(s, "tokens", replace(s.tokens, **changes))

    damaged: dict[str, Callable[[GameState], object]] = {
        "not the Jail space": lambda s: s.in_jail.add("Bob"),
        "not an active player": tokens_of(roll="Zed"),
        "but is in jail": lambda s: (s.in_jail.add("Carol"), tokens_of(anywhere="Carol", positions=(38, 0, 10))(s)),
        "but is not an active": lambda s: (s.bankrupt.add("Carol"), tokens_of(anywhere="Carol")(s)),
        "off a board": tokens_of(positions=(40, 0, 0)),
        "jail rolls": tokens_of(jail_rolls=(0, 1, 0)),
        "doubles in one turn": tokens_of(doubles=3),
        "state --json says": lambda s: setattr(s, "to_json", lambda: {**GameState.to_json(s), "roll": "Carol"}),
    }
    for says, damage in damaged.items():
        broken = state.copy()
        damage(broken)
        assert any(says in p for p in token_problems(broken)), (says, token_problems(broken))
    assert token_problems(state) == []


@pytest.mark.parametrize("broken", ["pays twice", "forgets"])
def test_random_play_fails_on_a_table_that_pays_go_twice_or_forgets_it(broken: str,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """The whole harness, not just the check: a short classic run with the rule broken fails, naming the pass."""
    do = tokens._Action.do

    def salary(act: tokens._Action, command: c.Command) -> None:
        if not isinstance(command, c.Salary) or broken == "pays twice":
            do(act, command)
        if isinstance(command, c.Salary) and broken == "pays twice":
            do(act, command)

    monkeypatch.setattr(tokens._Action, "do", salary)
    with pytest.raises(AssertionError, match="once per pass"):
        play_batches(ClassicTokenPlay, 2000, monkeypatch, examples=3)


# -- what the run found in the core (fixed with it): each line sequence as the run played it ----------------------


@pytest.mark.parametrize(("edition", "lines", "refused"), [
    ("classic-us", ["jail Carol"], "move Carol 'Income Tax' fix"),  # seed 7: the token left the Jail space
    ("classic-uk", ["jail Carol"], "card Carol chance kings-cross go"),  # a moving card took it out of jail
    ("classic-us", ["roll Alice 3 4", "card Alice chance dividend", "roll Bob 1 2", "jail Carol"],
     "card Carol chance illinois"),
])
def test_a_jailed_token_stays_on_the_jail_space(tmp_path: Path, edition: str, lines: list[str], refused: str) -> None:
    game = Game.create(tmp_path / "game.db", ALL_EDITIONS[edition], ("Alice", "Bob", "Carol"), (FOLLOW_TOKENS,))
    try:
        for line in lines:
            game.do(line)
        head = game.head
        with pytest.raises(Refusal, match="is in jail"):
            game.do(refused)
        assert game.head == head and token_problems(game.state) == []
    finally:
        game.close()


@pytest.mark.parametrize("ends", ["jail Cy", "bankrupt Cy 99999"])  # a card waits only for a card space (issue 35)
def test_jail_or_bankruptcy_ends_a_pending_triples_move(tmp_path: Path, ends: str) -> None:
    """Seed 11: `roll Cy 1 1 1` then a jail card left every roll waiting on a jailed Cy; a bankrupt Cy left every
    roll refused for good (Mega)."""
    game = Game.create(tmp_path / "game.db", ALL_EDITIONS["mega"], ("Cy", "Di", "Ed"), (FOLLOW_TOKENS,))
    try:
        for line in ("roll Cy 1 1 1", ends):
            game.do(line)
        assert game.state.tokens is not None and game.state.tokens.anywhere == ""
        assert token_problems(game.state) == []
        game.do("roll Di 2 3 1")
    finally:
        game.close()
