"""Random play: legal and illegal lines against a real game file, the books checked after every one.

A Hypothesis state machine types what a banker might type (real player and deed
names, spelled and misspelled, plus junk) into `Game.do`. Alongside it keeps a
model: the state reached by replaying only the lines that count through
parse/decide/fold, never through undo. After every step the table must balance,
the file must fold to the state in memory and verify, and the model must agree.

The run is seeded; a failure prints the seed and the lines of the failing game.
Each run is played in parts (chunks) side by side, each from its own seeds, and its demands are
checked on the parts' summed tally. Replay a failing part with
`BANKER_PLAY_SEED=<seed> pytest 'tests/test_random_play.py::<test>[<chunk>]'`; add
BANKER_PLAY_SHRINK=1 to let Hypothesis shrink it (slow), BANKER_PLAY_COMMANDS=<n>
(BANKER_PLAY_MEGA_COMMANDS=<n> for the second run) for a shorter run while working.

Two runs: the classic boards (as since issue 4), and the Mega Edition together with the
classic boards under the `speed-die` house rule (issue 7): train depots, skyscrapers, bus
tickets (taken, expired, ridden, gifted, traded), three-utility rent on dice up to 15,
with the same checks after every step.
"""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import strategies as st
from hypothesis.stateful import initialize

from banker import commands as c
from banker import events as ev
from banker import snapshots
from banker.errors import Refusal
from banker.fold import apply
from banker.game import Game
from banker.language import parse
from banker.rules import bankruptcy, decide, trade
from banker.rules.money import raisable_from
from banker.state import SKYSCRAPER, GameState
from editions import load_edition
from tests.ledger_checks import (
    action_problems,
    auction_queue_problems,
    could_raise,
    table_problems,
)
from tests.play_lines_mega import (
    MEGA_OPENING_DRAW,
    MEGA_OPENINGS,
    MEGA_TABLES,
    SPEED_SETUPS,
    MegaLineMaker,
    hotels_on_a_group,
    skyscraper_and_depot_sold,
)
from tests.play_machine import (
    ALL_EDITIONS,
    BANKRUPTCY_AUCTIONS,
    BANKRUPTCY_REQUIRED,
    EDITIONS,
    MEGA_COMMANDS,
    MIN_COMMANDS,
    TALLY,
    RandomPlay,
    play_chunk,
)


class MegaPlay(RandomPlay):
    """The same machine at a Mega table (depots, skyscrapers, bus tickets) or a classic one with the speed die."""

    maker = MegaLineMaker
    scripts = (("mega", ("Ann", "Ben", "Cy"), (), skyscraper_and_depot_sold),)

    @initialize(setup=st.sampled_from(SPEED_SETUPS), players=st.sampled_from(MEGA_TABLES),
                opening=st.sampled_from(MEGA_OPENING_DRAW))
    def start(self, setup: tuple[str, tuple[str, ...]], players: tuple[str, ...],  # type: ignore[override]
              opening: str) -> None:
        edition, house_rules = setup
        players = players[: ALL_EDITIONS[edition].max_players]  # eight at a Mega table, six at a classic one
        self.begin(edition, players, house_rules, MEGA_OPENINGS[opening])


CHUNKS = 4  # the classic run in four parts (pytest-xdist spreads them over the cores); the demands on their sum
MEGA_CHUNKS = 2


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_play_keeps_the_books_balanced_and_the_ledger_true(
        chunk: int, tallies: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 4: at least 20,000 random legal and illegal lines per run, every invariant after each."""
    if play_chunk(RandomPlay, MIN_COMMANDS, CHUNKS, chunk, tallies, monkeypatch) is None:
        return  # another part checks the whole run's tally, once every part has played
    # the run is only worth something if it reached the interesting parts of the game
    for event in ("DeedBought", "AuctionClosed", "RentPaid", "BuildingsBuilt", "BuildingsSold", "TradeMade",
                  "MortgageLifted", "PlayerWentBankrupt", "JailLeft", "CardDrawn", "ActionUndone",
                  "ActionRedone", "reopened with a snapshot to use", "hotels built",
                  *BANKRUPTCY_AUCTIONS, *BANKRUPTCY_REQUIRED):
        assert TALLY[event] > 0, f"random play never produced {event}: {dict(TALLY)}"
    assert TALLY["refused"] > TALLY["commands"] // 10 and TALLY["accepted"] > TALLY["commands"] // 5


@pytest.mark.parametrize("chunk", range(MEGA_CHUNKS))
def test_random_play_on_a_mega_table_and_with_the_speed_die(
        chunk: int, tallies: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 7: the same proof for a Mega game and a classic game with the speed die, with their new lines."""
    # more seeds per line: more of the openings and tables
    if play_chunk(MegaPlay, MEGA_COMMANDS, MEGA_CHUNKS, chunk, tallies, monkeypatch, examples=10) is None:
        return
    for what in ("games: mega", "games: classic-us speed-die", "DeedBought", "AuctionClosed", "RentPaid",
                 "BuildingsBuilt", "BuildingsSold", "TradeMade", "PlayerWentBankrupt", "CardDrawn", "ActionUndone",
                 "ActionRedone", "reopened with a snapshot to use", "hotels built", "skyscrapers built",
                 "skyscrapers sold", "DepotBuilt", "DepotSold", "bankruptcies selling a depot",
                 "bankruptcies selling a skyscraper",
                 "bus_ticket moved: bus ticket", "bus_ticket moved: expired", "bus_ticket moved: All Tickets Expire",
                 "bus_ticket moved: ridden", "bus_ticket moved: birthday gift", "bus_ticket moved: trade",
                 "bus_ticket moved: bankruptcy", "utility rent, 3 owned", "utility rent on dice over 12",
                 *BANKRUPTCY_AUCTIONS, *BANKRUPTCY_REQUIRED):
        assert TALLY[what] > 0, f"random play never produced {what}: {dict(TALLY)}"
    assert TALLY["refused"] > TALLY["commands"] // 10 and TALLY["accepted"] > TALLY["commands"] // 5


def test_a_game_reopened_from_a_snapshot_keeps_board_order(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(snapshots, "EVERY_EVENTS", 4)
    monkeypatch.setattr(snapshots, "HEADROOM_EVENTS", 2)
    game = Game.create(tmp_path / "game.db", EDITIONS["classic-us"], ("Alice", "Bob"))
    for line in ("buy Alice Boardwalk", "buy Alice 'Oriental Avenue'", "go Bob", "go Alice", "go Bob", "go Alice"):
        game.do(line)
    again = Game.open(tmp_path / "game.db")
    try:
        assert snapshots.snapshots(again.store, again.head[0]), "the game should have a snapshot to open from"
        assert list(again.state.deeds) == list(game.state.deeds)
        assert again.state_json() == game.state_json()
    finally:
        again.close()
        game.close()


def test_the_table_checks_catch_a_broken_mega_table(tmp_path: Path) -> None:
    """Control for the invariants above: each way a Mega table can go wrong is named by `table_problems`."""
    game = Game.create(tmp_path / "game.db", ALL_EDITIONS["mega"], ("Alice", "Bob", "Carol"))
    try:
        for line in hotels_on_a_group(game.state.edition, ("Alice", "Bob", "Carol")) + [
                "buy Bob Reading", "depot Bob Reading", "ticket Carol", "ride Carol",
                "ticket Bob"]:
            game.do(line)
        state = game.state
        assert table_problems(state) == []
        assert state.deeds["Mediterranean Avenue"].skyscraper and state.supply["skyscrapers"] == 7
        broken = {
            "a skyscraper out of nowhere": lambda s: s.deeds.update(
                {"Baltic Avenue": replace(s.deeds["Baltic Avenue"], level=SKYSCRAPER)}),
            "a skyscraper on a group not all held": lambda s: s.deeds.update(
                {"Boardwalk": replace(s.deeds["Boardwalk"], owner="Bob", level=SKYSCRAPER)}),
            "a depot lost": lambda s: s.supply.update(depots=2),
            "a depot on a street": lambda s: s.deeds.update(
                {"Boardwalk": replace(s.deeds["Boardwalk"], owner="Alice", depot=True)}),
            "a ridden ticket back in play": lambda s: s.held["bus_ticket"].update(out=0),
            "a ticket held twice": lambda s: s.held["bus_ticket"].update(Alice=1),
            "a ticket below zero": lambda s: s.held["bus_ticket"].update(Alice=-1, bank=16),
            "a level past the skyscraper": lambda s: s.deeds.update(
                {"Arctic Avenue": replace(s.deeds["Arctic Avenue"], level=7)}),
        }
        for what, damage in broken.items():
            copy = state.copy()
            damage(copy)
            assert table_problems(copy), f"the checks missed {what}"
        coins = GameState.new(load_edition("sore-losers"), ("Alice", "Bob"), frozenset())
        assert table_problems(coins) == []
        coins.held["coin"].update(Alice=5, bank=coins.held["coin"]["bank"] - 3)  # the most is four
        assert any("more than the 4 allowed" in p for p in table_problems(coins)), table_problems(coins)
    finally:
        game.close()


def test_the_action_checks_catch_a_solvent_bankruptcy_a_loan_and_an_auction_left_out(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Control for the checks after every accepted line (issue 14): rules broken on purpose let through a
    bankruptcy the player could pay, a trade of cash alone, a bankruptcy to the bank without its auction and a
    `sold` that does not open the next; `action_problems` names each, and passes the honest actions."""
    game = Game.create(tmp_path / "game.db", EDITIONS["classic-us"], ("Alice", "Bob", "Carol"))
    try:
        for line in ("buy Alice Boardwalk", "buy Alice 'Park Place'", "mortgage Alice 'Park Place'",
                     "buy Alice Reading", "buy Bob 'Short Line'"):
            game.do(line)
        state = game.state
        can = could_raise(state, "Alice")  # cash, Boardwalk and Reading mortgaged: the data's sum and the rules'
        assert can == raisable_from(state, "Alice").total == state.cash("Alice") + 200 + 100
        with pytest.raises(Refusal, match="raise money and pay"):
            game.do(f"bankrupt Alice {can}")

        monkeypatch.setattr(bankruptcy, "solvent_refusal", lambda *args: None)  # a rule that forgets the debt
        solvent = decide(state, c.Bankrupt("Alice", ev.BANK, can))
        assert any("could raise" in p for p in action_problems(state, solvent, apply(state, solvent)))
        monkeypatch.setattr(trade, "loan_refusal", lambda *args: None)  # a rule that forgets no_loans
        loan = decide(state, parse("trade Alice Bob give $10 get $5", state))
        assert any("a loan" in p for p in action_problems(state, loan, apply(state, loan)))
        monkeypatch.undo()

        honest = decide(state, c.Bankrupt("Alice", ev.BANK, can + 1))
        after = apply(state, honest)
        assert action_problems(state, honest, after) == [] and after.auction is not None
        unopened = [e for e in honest if not isinstance(e, ev.AuctionOpened)]
        assert any("left None at auction" in p for p in action_problems(state, unopened, apply(state, unopened)))
        sold = decide(after, c.CloseAuction())
        assert action_problems(after, sold, apply(after, sold)) == [] and isinstance(sold[-1], ev.AuctionOpened)
        stops = sold[:-1]  # the next deed's auction left out
        problems = action_problems(after, stops, apply(after, stops))
        assert any("no auction is open" in p for p in problems), problems
        assert auction_queue_problems(apply(after, stops)) != []
    finally:
        game.close()
