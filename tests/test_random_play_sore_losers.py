"""Random play at a Sore Losers table (issue 8): the proof harness of issue 4 extended to rulebook 001.

The machine of `tests/play_machine.py` (every invariant, the model replay, undo/redo after every line) with a
banker who also types coins, Free Parking steals, cash-ins, traps with and without a deed, releases, free houses,
bills, jail sent by Mr. Monopoly, reversed rent, coin trades, refused sells, bankruptcies with coins and buildings
around, and the final round. After every accepted line the machine also checks, from the edition's data alone:
the rent paid (to Mr. Monopoly too, and on a "nearest railroad" card), the coins handed out for rent, tax and jail
(`awarded_for`: none at the limit, none for Mr. Monopoly), and that the final round pays each owned, unmortgaged
deed's rent once; `table_problems` holds the token, the trap and the coins whole (`_sore_losers_problems`).

Replay a failure with `BANKER_PLAY_SEED=<seed>`; BANKER_PLAY_SORE_LOSERS_COMMANDS=<n> for a shorter run while working.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import strategies as st
from hypothesis.stateful import initialize

from banker import commands as c
from banker import events as ev
from banker.errors import Refusal
from banker.game import Game
from banker.language import parse
from banker.rules import DECIDERS, decide
from banker.state import GameState
from editions import load_edition
from tests.ledger_checks import (
    earned,
    earned_in,
    expected_card_rent,
    expected_final_round,
    expected_rent,
    final_rents,
    table_problems,
)
from tests.play_lines import HOUSE_RULES
from tests.play_lines_sore_losers import (
    SL_OPENING_DRAW,
    SL_OPENINGS,
    SL_TABLES,
    SoreLosersLineMaker,
    every_property_owned,
)
from tests.play_machine import BANKRUPTCY_REQUIRED, TALLY, RandomPlay, play_batches

SORE_LOSERS_COMMANDS = int(os.environ.get("BANKER_PLAY_SORE_LOSERS_COMMANDS", "3000"))
EXAMPLES_PER_BATCH = 10  # ~600 lines a batch: a 3000-line run draws its openings from five seeds, not one
REFUSALS = {  # what a refusal says -> what the run counts it as
    "cannot be stolen": "refused: a steal from a complete set",
    "never sold back": "refused: buildings sold back",
    "cashing in takes": "refused: a cash-in short of four",
    "may not cash in until released": "refused: a trapped player cashing in",
    "to the bank (e.g.": "refused: the final round with deeds unsold",
    "already played": "refused: a second final round",
    "never collects": "refused: a coin for Mr. Monopoly",
}
REQUIRED = (  # every one must come up in a run, or it proves nothing about that rule
    "coin moved: rent", "coin moved: tax", "coin moved: jail", "coin moved: coin",
    "coin moved: Free Parking", "a stolen coin back to the bank", "coin moved: cashed in for Mr. Monopoly",
    "coin moved: Mr. Monopoly landed on them", "coin moved: trade", "coin moved: bankruptcy",
    "MrMonopolyTaken", "Mr. Monopoly taken from another", "RentReversed", "reversed rent on buildings",
    "TaxCollected", "TaxPaid", "jail sent by Mr. Monopoly", "PlayerTrapped", "trap with a deed",
    "refused: a steal from a complete set", "PlayerReleased", "released by `release`",
    "FreeHousePlaced", "free house on the bank's street", "FinalRoundPlayed", "FinalRentCollected",
    "refused: the final round with deeds unsold", "refused: buildings sold back",
    "refused: a cash-in short of four", "bankrupt to a player", "bankrupt to the bank",
    "bankrupt to a player with buildings", "bankrupt to the bank with buildings",
    "bankrupt to a player with coins", "bankrupt to the bank with coins",
    "bought from the bank with buildings", "mortgaged with buildings", "DeedBought", "RentPaid",
    "BuildingsBuilt", "TradeMade", "AuctionClosed", "ActionUndone", "ActionRedone",
    "reopened with a snapshot to use", *BANKRUPTCY_REQUIRED,
)


def tally_line(state: GameState, line: str) -> None:
    """Counts what a line does at a Sore Losers table that its events alone do not say (who sent whom to jail, a
    bankruptcy with coins and buildings around, which refusal), decided on the same state the game decides on."""
    try:
        command = parse(line, state)
        if type(command) not in DECIDERS:
            return
        events = decide(state, command)
    except Refusal as refusal:
        TALLY.update(what for words, what in REFUSALS.items() if words in str(refusal))
        return
    built = {d for d, h in state.deeds.items() if h.level}
    for e in events:
        if isinstance(e, ev.JailEntered) and isinstance(command, c.GoToJail) and command.instead:
            TALLY["jail sent by Mr. Monopoly"] += 1
        if isinstance(e, ev.DeedHandedOver) and isinstance(command, c.Trap):
            TALLY["trap with a deed"] += 1
            TALLY["a built street stolen"] += e.deed in built
        if isinstance(e, ev.PlayerReleased) and isinstance(command, c.Release):
            TALLY["released by `release`"] += 1
        if isinstance(e, ev.PlayerWentBankrupt):
            kind = "the bank" if e.creditor == ev.BANK else "a player"
            TALLY[f"bankrupt to {kind}"] += 1
            TALLY[f"bankrupt to {kind} with buildings"] += any(d in built for d in state.deeds_of(e.player))
            TALLY[f"bankrupt to {kind} with coins"] += any(state.count(k, e.player) for k in state.held)
            TALLY["bankrupt Mr. Monopoly"] += e.player == state.mr_monopoly
        if (isinstance(e, ev.DeedBought) or isinstance(e, ev.AuctionClosed) and e.winner) and e.deed in built:
            TALLY["bought from the bank with buildings"] += 1
        if isinstance(e, ev.DeedMortgaged) and e.deed in built:
            TALLY["mortgaged with buildings"] += 1
        if isinstance(e, ev.RentReversed) and e.deed in built:
            TALLY["reversed rent on buildings"] += 1
        if isinstance(e, ev.FreeHousePlaced) and state.deeds[e.deed].owner == ev.BANK:
            TALLY["free house on the bank's street"] += 1
        if isinstance(e, ev.MrMonopolyTaken) and e.previous:
            TALLY["Mr. Monopoly taken from another"] += 1
        if isinstance(e, ev.HoldingMoved) and e.why == "Free Parking" and e.receiver == ev.BANK:
            TALLY["a stolen coin back to the bank"] += 1


class SoreLosersPlay(RandomPlay):
    """The same machine at a Sore Losers table of 2 to 6 players, opened where the interesting parts are near."""

    maker = SoreLosersLineMaker

    @initialize(players=st.sampled_from(SL_TABLES), house_rules=st.sampled_from(HOUSE_RULES),
                opening=st.sampled_from(SL_OPENING_DRAW))
    def start(self, players: tuple[str, ...], house_rules: tuple[str, ...],  # type: ignore[override]
              opening: str) -> None:
        self.begin("sore-losers", players, house_rules, SL_OPENINGS[opening])

    def play_line(self, line: str) -> None:
        assert self.game is not None
        tally_line(self.game.state, line)
        super().play_line(line)


def test_random_play_on_a_sore_losers_table(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 8 "Done means": the random-play proof extended to Sore Losers. Every line keeps the books, the coins
    and the Mr. Monopoly token whole, and the run must reach every rule 001 adds, or it proves nothing about them."""
    play_batches(SoreLosersPlay, SORE_LOSERS_COMMANDS, monkeypatch, examples=EXAMPLES_PER_BATCH)
    for what in REQUIRED:
        assert TALLY[what] > 0, f"random play never produced {what}: {dict(TALLY)}"
    assert TALLY["refused"] > TALLY["commands"] // 10 and TALLY["accepted"] > TALLY["commands"] // 5


# -- controls: the checks above can fail -----------------------------------------------------------------------


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Game]:
    """Alice, Bob and Carol; Carol is Mr. Monopoly and has trapped Bob; Alice has a house on each brown, one
    mortgaged (allowed here: buildings stay)."""
    game = Game.create(tmp_path / "game.db", load_edition("sore-losers"), ("Alice", "Bob", "Carol"))
    for line in ("buy alice mediterranean", "buy alice baltic", "build alice mediterranean", "build alice baltic",
                 "mortgage alice baltic", "buy bob reading", "coin carol", "coin carol", "cashin carol",
                 "trap carol bob"):
        game.do(line)
    yield game
    game.close()


BROKEN: dict[str, tuple[Callable[[GameState], object], str]] = {
    "Mr. Monopoly a stranger": (lambda s: setattr(s, "mr_monopoly", "Zed"), "not an active player"),
    "Mr. Monopoly bankrupt": (lambda s: s.bankrupt.add("Carol"), "not an active player"),
    "Mr. Monopoly trapped": (lambda s: s.trapped.add("Carol"), "is trapped or in jail"),
    "Mr. Monopoly in jail": (lambda s: s.in_jail.add("Carol"), "is trapped or in jail"),
    "Mr. Monopoly holding a coin": (lambda s: s.held["coin"].update(Carol=1, bank=s.held["coin"]["bank"] - 1),
                                    "Mr. Monopoly (Carol) holds 1"),
    "two players under one token": (lambda s: s.trapped.add("Alice"), "one active player at most"),
    "a trap without Mr. Monopoly": (lambda s: setattr(s, "mr_monopoly", ""), "one active player at most"),
    "a bankrupt player trapped": (lambda s: s.bankrupt.add("Bob"), "one active player at most"),
    "a coin out of play": (lambda s: s.held["coin"].update(out=1, bank=s.held["coin"]["bank"] - 1), "out of play"),
    "a mortgaged deed with the bank": (lambda s: s.deeds.update(
        {"Park Place": replace(s.deeds["Park Place"], mortgaged=True)}), "the bank's and mortgaged"),
}


@pytest.mark.parametrize("what", BROKEN)
def test_the_table_checks_catch_a_broken_sore_losers_table(table: Game, what: str) -> None:
    """Control for the Sore Losers invariants: each way the token, the trap or the coins can go wrong is named."""
    assert table_problems(table.state) == []
    damage, says = BROKEN[what]
    broken = table.state.copy()
    damage(broken)
    assert any(says in problem for problem in table_problems(broken)), (what, table_problems(broken))


def built_and_mortgaged(state: GameState) -> None:
    """Alice holds the dark blues with a house on each, Boardwalk mortgaged."""
    for deed in ("Park Place", "Boardwalk"):
        state.deeds[deed] = replace(state.deeds[deed], owner="Alice", level=1, mortgaged=deed == "Boardwalk")
    state.supply["houses"] -= 2


CLASSIC_BROKEN: dict[str, tuple[Callable[[GameState], object], str]] = {
    "a Mr. Monopoly": (lambda s: setattr(s, "mr_monopoly", "Alice"), "has no Mr. Monopoly"),
    "a trapped player": (lambda s: s.trapped.add("Bob"), "has no Mr. Monopoly"),
    "a final round": (lambda s: setattr(s, "final_round", True), "has no final rent round"),
    "a mortgaged street with buildings": (built_and_mortgaged, "mortgaged with buildings on it"),
}


@pytest.mark.parametrize("what", CLASSIC_BROKEN)
def test_the_sore_losers_pieces_are_broken_on_a_classic_table(what: str) -> None:
    """The checks read the edition's switches, not its name: on a classic table Mr. Monopoly, a trap and a final
    round are broken, and so is a mortgaged street with buildings (003 sells them first; 001 lets them stand, as
    the `table` fixture's mortgaged Baltic Avenue shows)."""
    classic = GameState.new(load_edition("classic-us"), ("Alice", "Bob"), frozenset())
    assert table_problems(classic) == []
    damage, says = CLASSIC_BROKEN[what]
    damage(classic)
    assert any(says in problem for problem in table_problems(classic)), (what, table_problems(classic))


def test_the_rent_model_reads_sore_losers_data(table: Game) -> None:
    """The model the run checks rent against: a mortgaged brown keeps the set's other rent doubled (001: "the
    increased rent level can be collected on the unmortgaged streets"), a built street takes its buildings' rent
    even outside a set, and Mr. Monopoly collects it from the owner (also for a "nearest railroad" card)."""
    state = table.state
    assert expected_rent(state, "Mediterranean Avenue", 0) == 10
    game_rent = table.do("rent carol mediterranean").events[0]
    assert isinstance(game_rent, ev.RentReversed) and game_rent.transfers == (ev.Transfer("Alice", "Carol", 10),)
    before = table.state
    drawn = table.do("card carol chance nearest-railroad reading").events[0]  # twice the rental, from Bob
    assert isinstance(drawn, ev.CardDrawn)
    assert list(drawn.transfers) == expected_card_rent(before, drawn) == [ev.Transfer("Bob", "Carol", 50)]
    unbuilt = table.state.copy()
    unbuilt.deeds["Mediterranean Avenue"] = replace(unbuilt.deeds["Mediterranean Avenue"], level=0)
    assert expected_rent(unbuilt, "Mediterranean Avenue", 0) == 2 * 2


def test_the_final_round_check_catches_a_wrong_round(tmp_path: Path) -> None:
    """Control for the final-round check: the game's round matches the model, a round with one rent changed or
    one left out does not."""
    players = ("Alice", "Bob", "Carol")
    game = Game.create(tmp_path / "game.db", load_edition("sore-losers"), players)
    try:
        for line in every_property_owned(game.state.edition, players):
            game.do(line)
        before = game.state
        events = game.do("final").events
        assert final_rents(events) == expected_final_round(before)
        rents = [i for i, e in enumerate(events) if isinstance(e, ev.FinalRentCollected)]
        first = events[rents[0]]
        doubled = replace(first, transfers=(replace(first.transfers[0], amount=first.transfers[0].amount * 2),))
        assert final_rents([*events[:rents[0]], doubled, *events[rents[0] + 1:]]) != expected_final_round(before)
        assert final_rents(events[:-1]) != expected_final_round(before)
    finally:
        game.close()


def test_the_coin_check_catches_a_coin_left_out_or_misgiven(table: Game) -> None:
    """Control for the run's coin check: the pieces an action hands out for rent, tax and jail are read from the
    edition's `awarded_for`, so a coin left out, or one given to Mr. Monopoly, is caught."""
    before = table.state
    paid = table.do("tax alice luxury").events
    assert earned_in(paid) == earned(before, paid) == [("coin", "Alice", "tax")]
    assert earned_in(paid[:1]) != earned(before, paid[:1])  # the TaxPaid without its coin
    before = table.state
    sent = table.do("jail carol alice").events  # Mr. Monopoly sends Alice: her coin, not his
    assert earned_in(sent) == earned(before, sent) == [("coin", "Alice", "jail")]
    misgiven = [sent[0], replace(sent[1], receiver="Carol")]
    assert earned_in(misgiven) != earned(before, misgiven)
