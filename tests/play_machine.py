"""The random-play state machine: lines typed into a real game file, the books checked after every one.

Not a test module: the random-play tests of each edition run it with their own
line maker and openings (see `tests/test_random_play.py` for what is checked).
"""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import tempfile
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, note, seed, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule, run_state_machine_as_test

from banker import commands as c
from banker import events as ev
from banker import ledger, snapshots
from banker.errors import Refusal
from banker.fold import apply
from banker.game import Game
from banker.language import parse
from banker.ledger import Record
from banker.rules import decide
from banker.state import HOTEL, SKYSCRAPER, GameState
from banker.verify import Verifier, verify_records
from editions import Edition, load_edition
from tests.ledger_checks import (
    FoldAlong,
    action_problems,
    auction_queue_problems,
    could_raise,
    earned,
    earned_in,
    expected_card_rent,
    expected_final_round,
    expected_rent,
    final_rents,
    fold_records,
    full_state,
    one_line,
    replay_problems,
    table_problems,
    without_action,
)
from tests.play_lines import HOUSE_RULES, OPENINGS, TABLES, LineMaker
from tests.seeds import seed as seed_for
from tests.settling import settling_lines

SEED = seed_for("BANKER_PLAY_SEED")  # fixed (tests/seeds.py); fresh in an exploration run
MIN_COMMANDS = int(os.environ.get("BANKER_PLAY_COMMANDS", "20000"))
MEGA_COMMANDS = int(os.environ.get("BANKER_PLAY_MEGA_COMMANDS", "5000"))  # the Mega / speed-die run: 2 batches
EXAMPLES_PER_BATCH = 50  # batches run (seed, seed + 1, ...) until MIN_COMMANDS lines were played
STEPS = 50
FRESH_LEDGER_EVERY = 20  # counted actions; a full replay into a new game file is the slow check
UNDO_LEDGER_EVERY = 3  # counted actions; the stored ledger folded without the undone action
# shrinking a 50-step game can take Hypothesis minutes; CI reports the failing game as found (replay it by seed)
PHASES = list(Phase) if os.environ.get("BANKER_PLAY_SHRINK") else [p for p in Phase if p != Phase.shrink]

EDITIONS = {name: load_edition(name) for name in ("classic-us", "classic-uk")}
ALL_EDITIONS = {**EDITIONS, **{name: load_edition(name) for name in ("mega", "sore-losers", "city")}}

TALLY: Counter[str] = Counter()
# refusals every edition's run must show (a phrase of the rule's message -> what the run tallies)
REFUSALS = {
    "raise money and pay": "refused: a solvent bankruptcy",
    "say what": "refused: a bankruptcy without its debt",
    "`lift` is for a player who receives": "refused: lift to the bank",
    "is a loan": "refused: a loan",
    # a game that follows the tokens (issue 16)
    "'s roll, not ": "refused: a roll out of turn",
    "moves to any space first": "refused: a roll before the triples move",
    "is not a die": "refused: a bad die",
    "is not a speed die face": "refused: a bad speed-die face",
    "this game has no speed die": "refused: the speed die without one",
    "rolls the speed die too": "refused: a roll without the speed die",
    "does not pass GO": "refused: `go` for a move that did not pass GO",
    "is in jail and leaves it first": "refused: a jailed player's move",
    "cannot roll until released": "refused: a trapped player's roll",
    "does not follow the tokens": "refused: roll or move without following the tokens",
}
BANKRUPTCY_AUCTIONS = ("bankruptcy auctions opened", "a sold opened the next bankruptcy auction",
                       "bankruptcy auctions run to the end")  # required where the edition has bankruptcy_auction
BANKRUPTCY_REQUIRED = ("bankruptcies to a player, mortgages lifted", "refused: a solvent bankruptcy",
                       "refused: a bankruptcy without its debt", "refused: lift to the bank", "refused: a loan")


def state_without_head(game: Game) -> dict[str, Any]:
    body = game.state_json()
    del body["ledger"]
    return body


Script = Callable[[Edition, tuple[str, ...]], list[str]]


class RandomPlay(RuleBasedStateMachine):
    """One game file per example; every line a banker might type, checked after each."""

    maker = LineMaker
    # scripted games played before the random ones (edition, players, house rules, the lines): what a run must
    # show made to happen, every line accepted and checked as random play checks its own (issue 34)
    scripts: tuple[tuple[str, tuple[str, ...], tuple[str, ...], Script], ...] = ()

    def __init__(self) -> None:
        super().__init__()
        self.dir = Path(tempfile.mkdtemp(prefix="banker-play-"))
        self.game: Game | None = None
        self.setup: tuple[str, tuple[str, ...], tuple[str, ...]] = ("", (), ())
        # the model: (line, state after it) for each counted action, built by replaying lines only
        self.counted: list[tuple[str, GameState]] = []
        self.redoable: list[tuple[str, GameState]] = []
        # the per-step file checks go on from the last step: rows and snapshots checked so far
        self.checked_events = 0
        self.verifier = Verifier()
        self.folding = FoldAlong()
        self.snapshots_seen: dict[int, tuple[str, str]] = {}
        self.played = 0  # lines the maker wrote in this game: it knows the late ones (a bankruptcy's time)

    @initialize(edition=st.sampled_from(sorted(EDITIONS)), players=st.sampled_from(TABLES),
                house_rules=st.sampled_from(HOUSE_RULES), opening=st.sampled_from(sorted(OPENINGS)))
    def start(self, edition: str, players: tuple[str, ...], house_rules: tuple[str, ...], opening: str) -> None:
        self.begin(edition, players, house_rules, OPENINGS[opening])

    def begin(self, edition: str, players: tuple[str, ...], house_rules: tuple[str, ...],
              opening: Callable[[Edition, tuple[str, ...]], list[str]]) -> None:
        self.setup = (edition, players, house_rules)
        self.game = Game.create(self.dir / "game.db", ALL_EDITIONS[edition], players, house_rules)
        self.counted = [("", self.game.state.copy())]
        TALLY["games"] += 1
        TALLY[f"games: {' '.join((edition, *house_rules))}"] += 1
        TALLY[f"opening: {opening.__name__}"] += 1
        for line in opening(ALL_EDITIONS[edition], players):
            self.play_line(line)

    @rule(data=st.data())
    def play(self, data: st.DataObject) -> None:
        assert self.game is not None
        self.played += 1
        self.play_line(self.maker(self.game.state, data, bool(self.redoable), self.played).line())

    def play_line(self, line: str) -> None:
        game = self.game
        assert game is not None
        TALLY["commands"] += 1
        state = game.state  # a state handed out is never changed afterwards
        before, before_json, head = full_state(state), game.state_json(), game.head
        dice_most = 15 if state.edition.speed_die or "speed-die" in state.house_rules else 12
        try:
            outcome = game.do(line)
        except Refusal as refusal:
            note(f"{line!r} -> refused: {refusal}")
            TALLY["refused"] += 1
            assert one_line(str(refusal)), f"{line!r} was refused with {str(refusal)!r}"
            assert game.head == head and game.store.head() == head, f"refused {line!r} appended events"
            assert full_state(game.state) == before and game.state_json() == before_json
            if "not a dice total" in str(refusal):  # 2-12 on two dice, 2-15 with the speed die (issue 7)
                assert f"make 2 to {dice_most};" in str(refusal), f"{line!r} was refused with {str(refusal)!r}"
            TALLY.update({what for phrase, what in REFUSALS.items() if phrase in str(refusal)})
            if "raise money and pay" in str(refusal):  # refused as solvent: the player really could raise it
                command = parse(line, state)
                assert isinstance(command, c.Bankrupt), f"{line!r} was refused with {str(refusal)!r}"
                can = could_raise(state, command.player)
                assert can >= command.debt, f"{line!r} refused as solvent, but {command.player} could raise {can}"
            return
        note(f"{line!r} -> action {outcome.action}: {outcome.summary}")
        assert full_state(state) == before, f"{line!r} changed the state before it (which the new one shares parts of)"
        TALLY["accepted"] += 1
        TALLY.update(type(e).__name__ for e in outcome.events)
        TALLY["hotels built"] += sum(isinstance(e, ev.BuildingsBuilt) and e.level == HOTEL for e in outcome.events)
        self._tally_new_pieces(state, outcome.events)
        for event in outcome.events:
            if isinstance(event, ev.RentPaid) and state.deed(event.deed).kind == "utility":
                assert 2 <= event.dice <= dice_most, f"{line!r} took utility rent on a dice total of {event.dice}"
            if isinstance(event, (ev.RentPaid, ev.RentReversed)):  # reversed: the owner pays Mr. Monopoly (001)
                paid = sum(leg.amount for leg in event.transfers)
                assert paid == expected_rent(state, event.deed, event.dice), f"{line!r} paid {paid} rent"
                way = (event.payer, event.owner) if isinstance(event, ev.RentPaid) else (event.owner, event.mr_monopoly)
                assert {(leg.payer, leg.payee) for leg in event.transfers} <= {way}, f"{line!r} paid the wrong way"
            if isinstance(event, ev.CardDrawn) and (rent := expected_card_rent(state, event)) is not None:
                paid = [leg for leg in event.transfers if leg.payer != ev.BANK]
                assert paid == rent, f"{line!r} paid {paid} for the card, not {rent}"
        assert earned_in(outcome.events) == earned(state, outcome.events), f"{line!r} handed out other pieces"
        problems = action_problems(state, outcome.events, game.state)
        assert problems == [], f"{line!r}: {problems}"
        self._tally_bankruptcy(state, outcome.events, game.state)
        if any(isinstance(e, ev.FinalRoundPlayed) for e in outcome.events):  # once every property is owned (001)
            assert all(h.owner != ev.BANK for h in state.deeds.values()), f"{line!r} ended with deeds unsold"
            assert final_rents(outcome.events) == expected_final_round(state), f"{line!r} paid other final rents"
        assert outcome.action == head[0] + 1 and game.head[0] == head[0] + len(outcome.events)
        self._take(line, outcome.events)
        self._undo_redo_round_trip()

    @staticmethod
    def _tally_new_pieces(before: GameState, events: tuple[ev.Event, ...]) -> None:
        """What the Mega pieces and the speed die did in this action (the run asserts each came up)."""
        sold_skyscraper = sold_depot = bankrupt = False
        for e in events:
            if isinstance(e, ev.BuildingsBuilt) and e.level == SKYSCRAPER:
                TALLY["skyscrapers built"] += 1
            if isinstance(e, ev.BuildingsSold) and before.deeds[e.deed].level == SKYSCRAPER:
                TALLY["skyscrapers sold"] += 1
                sold_skyscraper = True
            sold_depot |= isinstance(e, ev.DepotSold)
            bankrupt |= isinstance(e, ev.PlayerWentBankrupt)
            if isinstance(e, ev.HoldingMoved):
                TALLY[f"{e.kind} moved: {e.why}"] += e.count
            if isinstance(e, ev.RentPaid) and before.deed(e.deed).kind == "utility":
                owned = sum(before.deeds[d].owner == e.owner for d in before.group(e.deed))
                TALLY[f"utility rent, {owned} owned"] += 1
                TALLY["utility rent on dice over 12"] += e.dice > 12
        TALLY["bankruptcies selling a skyscraper"] += bankrupt and sold_skyscraper
        TALLY["bankruptcies selling a depot"] += bankrupt and sold_depot

    def _tally_bankruptcy(self, before: GameState, events: tuple[ev.Event, ...], after: GameState) -> None:
        """Bankruptcies to a player with mortgages lifted at once, and the bank's auctions after one: opened by
        the bankruptcy, the next opened by each `sold`, and the last one closed (the run asserts each came up)."""
        bankrupt = any(isinstance(e, ev.PlayerWentBankrupt) for e in events)
        opened = any(isinstance(e, ev.AuctionOpened) for e in events)
        closed = any(isinstance(e, ev.AuctionClosed) for e in events)
        TALLY["bankruptcies to a player, mortgages lifted"] += bankrupt and any(
            isinstance(e, ev.MortgageLifted) for e in events)
        TALLY["bankruptcy auctions opened"] += bankrupt and opened
        TALLY["a sold opened the next bankruptcy auction"] += closed and opened
        if closed and not opened and after.auction is None and self._bankruptcy_auction():
            TALLY["bankruptcy auctions run to the end"] += 1

    def _bankruptcy_auction(self) -> bool:
        """Whether the auction open now was opened by a bankruptcy or by the `sold` of one before it (the model's
        counted actions: the one that opened it made a player bankrupt or closed another auction)."""
        auction = self.counted[-1][1].auction
        for (_, earlier), (_, later) in zip(reversed(self.counted[:-1]), reversed(self.counted[1:]), strict=True):
            if auction is None or later.auction is None or later.auction.deed != auction.deed:
                return False
            if earlier.auction is None or earlier.auction.deed != auction.deed:
                return earlier.bankrupt != later.bankrupt or earlier.auction is not None
        return False

    def _take(self, line: str, events: tuple[ev.Event, ...]) -> None:
        """Moves the model the way the line should have moved the game."""
        marker = events[0]
        if isinstance(marker, ev.ActionUndone):
            assert len(self.counted) > 1, f"{line!r} undid the start of the game"
            self.redoable.append(self.counted.pop())
        elif isinstance(marker, ev.ActionRedone):
            assert self.redoable, f"{line!r} redid with nothing undone"
            self.counted.append(self.redoable.pop())
        else:
            model = self.counted[-1][1]
            line = self.model_line(line, events, model)
            decided = decide(model, parse(line, model))
            assert decided == list(events), f"{line!r}: the game decided differently from the model"
            self.counted.append((line, apply(model, decided)))
            self.redoable.clear()

    def model_line(self, line: str, events: tuple[ev.Event, ...], model: GameState) -> str:
        """The line as the model replays it: a line whose result the parser draws at random names what was drawn."""
        return line

    def _undo_redo_round_trip(self) -> None:
        """Undo then redo the latest counted action: undo lands on the model's state without it, redo restores."""
        game = self.game
        assert game is not None
        if len(self.counted) < 2:
            return
        before, before_json = full_state(game.state), state_without_head(game)
        undone = game.do("undo").events[0]
        TALLY["round trips"] += 1
        assert full_state(game.state) == full_state(self.counted[-2][1]), "undo differs from the ledger without it"
        if len(self.counted) % UNDO_LEDGER_EVERY == 0:
            assert isinstance(undone, ev.ActionUndone)
            without = without_action(game.records, undone.action)
            assert full_state(game.state) == full_state(without), "undo differs from the stored ledger without it"
        if len(self.counted) % FRESH_LEDGER_EVERY == 0:
            assert state_without_head(game) == self._fresh_ledger([line for line, _ in self.counted[1:-1]])
            self._whole_file_agrees()
            self._reopen_agrees()
        game.do("redo")
        assert full_state(game.state) == before and state_without_head(game) == before_json, "redo did not restore"

    def _fresh_ledger(self, lines: list[str]) -> dict[str, Any]:
        """The state of a new game file that only ever saw these lines."""
        edition, players, house_rules = self.setup
        path = self.dir / f"fresh-{TALLY['fresh ledgers']}.db"
        TALLY["fresh ledgers"] += 1
        fresh = Game.create(path, ALL_EDITIONS[edition], players, house_rules)
        try:
            for line in lines:
                fresh.do(line)
            return state_without_head(fresh)
        finally:
            fresh.close()

    @invariant()
    def books_balance(self) -> None:
        if self.game is not None:
            assert (problems := table_problems(self.game.state)) == [], problems
            assert (problems := auction_queue_problems(self.game.state)) == [], problems

    @invariant()
    def file_folds_to_the_state_in_memory_and_verifies(self) -> None:
        """The events stored since the last step equal those in memory, extend the chain, replay (with any new
        snapshot) and fold to the state in memory; earlier rows were checked at their step (and are again, whole,
        when the game is reopened and at its end)."""
        game = self.game
        if game is None:
            return
        done = self.checked_events
        new = game.store.records(after=done)
        assert done + len(new) == len(game.records) and new == game.records[done:], \
            "the file and memory hold different events"
        assert self._verify_along(new) is None
        folded = self.folding.feed(new)
        self.checked_events = done + len(new)
        assert replay_problems(game.state, folded) == []
        last = game.records[-1]
        assert {**folded.to_json(), "ledger": {"events": last.seq, "head": last.hash}} \
            == game.state_json()

    def _verify_along(self, new: list[Record]) -> str | None:
        """`verify_records` of the whole file, paid for the new rows only (the verifier goes on from the last
        step); a snapshot that names an event checked before sends the check back to the first event."""
        assert self.game is not None
        try:
            rows = self.game.store.query("SELECT seq, head_hash, body FROM snapshot")
        except sqlite3.Error:
            rows = []  # no snapshot taken yet
        rows = [(seq, head_hash, body) for seq, head_hash, body in rows
                if self.snapshots_seen.get(seq) != (head_hash, body)]
        self.snapshots_seen.update((seq, (head_hash, body)) for seq, head_hash, body in rows)
        changed = [(seq, head_hash, json.loads(body)) for seq, head_hash, body in rows]
        if not self.verifier.expect_snapshots(changed):
            TALLY["verified from the first event"] += 1
            self.verifier = Verifier(snapshots.snapshots(self.game.store, 2**62))
            new = self.game.store.records()
        return self.verifier.feed(new) or self.verifier.verdict().problem

    def _whole_file_agrees(self) -> None:
        """The whole file read afresh: the same events as in memory, a chain and replay that verify with every
        snapshot, and the fold of every event (the per-step checks above, done once from the first event)."""
        assert self.game is not None
        records = self.game.store.records()
        assert records == self.game.records, "the file and memory hold different events"
        assert verify_records(records, snapshots.snapshots(self.game.store, 2**62)) is None
        assert replay_problems(self.game.state, fold_records(records)) == []

    @invariant()
    def model_agrees(self) -> None:
        if self.game is not None:
            assert full_state(self.game.state) == full_state(self.counted[-1][1])

    def _reopen_agrees(self) -> None:
        """Opening the file afresh (from its latest usable snapshot) gives the state in memory."""
        assert self.game is not None
        again = Game.open(self.dir / "game.db")
        try:
            assert again.state_json() == self.game.state_json()
            assert full_state(again.state) == full_state(self.game.state)
            usable = snapshots.snapshots(again.store, again.head[0] - snapshots.HEADROOM_EVENTS)
            TALLY["reopened with a snapshot to use"] += bool(usable)
        finally:
            again.close()

    def teardown(self) -> None:
        try:
            if self.game is not None:
                self._whole_file_agrees()
                self._reopen_agrees()
                self.game.close()
        finally:
            shutil.rmtree(self.dir, ignore_errors=True)


def _unflushed(connect: Callable[..., sqlite3.Connection]) -> Callable[..., sqlite3.Connection]:
    """The store's connection without the wait for the disk after each commit (synchronous=OFF).

    What random play checks (the books, the chain, the replay, undo, reopening) is read back through SQLite, which
    answers the same whether or not a commit has reached the platter; only a power cut tells the two apart, and no
    test can cut the power. That wait was about a third of random play's wall time (4m18 -> 3m04 on two cores).
    The game's own setting (FULL) is held by `tests/test_crash.py::test_every_connection_waits_for_the_disk`."""

    def unflushed(path: Path, new_file: bool = False, read_only: bool = False) -> sqlite3.Connection:
        connection = connect(path, new_file, read_only)
        connection.execute("PRAGMA synchronous=OFF")
        return connection

    return unflushed


def scripted(machine: type[RandomPlay], edition: str, players: tuple[str, ...], house_rules: tuple[str, ...],
             script: Script) -> type[RandomPlay]:
    """The machine playing one script as its opening, each line accepted, what a landing waits for settled quietly
    before each roll (tests/settling.py); then random play goes on for a step."""

    class Scripted(machine):  # type: ignore[valid-type, misc]
        @initialize()
        def start(self) -> None:  # type: ignore[override]
            self.begin(edition, players, house_rules, lambda _edition, _players: [])
            for line in script(ALL_EDITIONS[edition], players):
                if line.startswith("roll "):
                    self.settle()
                self.play_accepted(line)
            self.settle()

        def settle(self) -> None:
            assert self.game is not None
            for _ in range(12):
                lines = settling_lines(self.game.state)
                if not lines:
                    return
                for line in lines:
                    self.play_accepted(line)

        def play_accepted(self, line: str) -> None:
            assert self.game is not None
            head = self.game.head
            self.play_line(line)
            assert self.game.head != head, f"the scripted game's {line!r} was refused"

    Scripted.__name__ = f"{machine.__name__}Scripted"
    return Scripted


def play_scripts(machine: type[RandomPlay]) -> None:
    """The machine's scripted games, one example each, before its random ones."""
    for edition, players, house_rules, script in machine.scripts:
        TALLY["scripted games"] += 1
        run_state_machine_as_test(scripted(machine, edition, players, house_rules, script), settings=settings(
            max_examples=1, stateful_step_count=1, deadline=None, database=None, print_blob=True,
            phases=[Phase.explicit, Phase.generate], suppress_health_check=list(HealthCheck)))


def play_batches(machine: type[RandomPlay], commands: int, monkeypatch: pytest.MonkeyPatch,
                 examples: int = EXAMPLES_PER_BATCH, first_seed: int = SEED, needs: Sequence[str] = (),
                 scripted: bool = True) -> None:
    """Batches of seeded examples (seed, seed + 1, ...) until `commands` lines were played, and on, up to
    NEEDS_TIMES as many, while a tally the run needs (`needs`) is still 0.

    Hypothesis draws lumpily within a batch (a few openings over and over): smaller batches, more seeds, spread a
    short run over more of the openings. A rare event (a speed-die move past GO, the third failed jail roll) was
    missing from about one 4,000-line run in six: the run then plays on until it comes, rather than failing on the
    luck of the draw; a run that never produces it in NEEDS_TIMES the lines still fails the test's demands."""
    # snapshots every few events, so reopening and verifying go through them in short games too
    monkeypatch.setattr(snapshots, "EVERY_EVENTS", 16)
    monkeypatch.setattr(snapshots, "HEADROOM_EVENTS", 8)
    monkeypatch.setattr(ledger, "_connect", _unflushed(ledger._connect))
    TALLY.clear()
    if scripted:
        play_scripts(machine)
    batch = 0
    while TALLY["commands"] < commands or (any(TALLY[what] == 0 for what in needs)
                                           and TALLY["commands"] < NEEDS_TIMES * commands):
        print(f"random play ({machine.__name__}) seed {first_seed}, batch {batch} (seed {first_seed + batch}): "
              f"replay with BANKER_PLAY_SEED={SEED} (the same test, the same chunk)")
        run_state_machine_as_test(
            seed(first_seed + batch)(machine),
            settings=settings(max_examples=examples, stateful_step_count=STEPS, deadline=None,
                              database=None, print_blob=True, phases=PHASES,
                              suppress_health_check=list(HealthCheck)),
        )
        batch += 1
    print(dict(TALLY))



NEEDS_TIMES = 3  # a run plays on, up to this many times its lines, until every tally it needs is there
CHUNK_SEEDS = 1000  # chunk k of a run plays the seeds SEED + k * CHUNK_SEEDS, + 1, ...


def play_chunk(machine: type[RandomPlay], commands: int, chunks: int, chunk: int, tallies: Path,
               monkeypatch: pytest.MonkeyPatch, examples: int = EXAMPLES_PER_BATCH) -> Counter[str] | None:
    """One of `chunks` parts of a run of `commands` lines, so the parts play side by side on every core.

    Each part plays its own seeds and leaves its tally in `tallies` (one folder per test run, shared by the
    workers); the part that finds every part's tally there returns their sum, on which the run's demands (every
    kind of action reached, enough refusals) are checked as for one long run. The other parts return None.
    """
    play_batches(machine, -(-commands // chunks), monkeypatch, examples, first_seed=SEED + chunk * CHUNK_SEEDS,
                 scripted=chunk == 0)
    tallies.mkdir(parents=True, exist_ok=True)
    mine = tallies / f"{machine.__name__}-{chunk}.json"
    written = mine.with_suffix(".part")
    written.write_text(json.dumps(dict(TALLY)))
    written.replace(mine)  # whole or absent: a part never reads another's half-written tally
    found = sorted(tallies.glob(f"{machine.__name__}-*.json"))
    if len(found) < chunks:
        return None
    total: Counter[str] = Counter()
    for path in found:
        total.update(json.loads(path.read_text()))
    TALLY.clear()
    TALLY.update(total)
    return total
