"""Random play on a Monopoly City table (issue 9): the same proof as the classic and Mega runs.

The state machine of `tests/play_machine.py` types what a City banker might type (`tests/play_lines_city.py`):
M amounts written 500k / 2m / 3.5m (and malformed), Build spins, blocks within and beyond a spin and the
8-block limit, railroads, hazards and bonus buildings, stadiums, skyscrapers, the Monopoly Tower, the Rent
Dodge card, Industry Tax, mortgages at the rent value, trades, bankruptcies with buildings standing and the
auctions after them. After every line the books balance, the file folds to the state and verifies, the model
agrees and undo/redo round-trips. Replay a failure with `BANKER_PLAY_SEED=<seed>`; shorten the run with
BANKER_PLAY_CITY_COMMANDS=<n> (default 3000).
"""

from __future__ import annotations

import os
import random
import shlex
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path

import pytest
from hypothesis import strategies as st
from hypothesis.stateful import initialize

from banker import events as ev
from banker.errors import Refusal
from banker.game import Game
from banker.language import parse
from banker.names import squash
from banker.rules import DECIDERS, decide
from banker.rules.districts import SPINS
from banker.state import SKYSCRAPER, GameState, Spin
from tests.ledger_checks import expected_rent, table_problems
from tests.play_lines import TABLES
from tests.play_lines_city import CITY_HOUSE_RULES, CITY_OPENING_DRAW, CITY_OPENINGS, CityLineMaker
from tests.play_machine import ALL_EDITIONS, BANKRUPTCY_AUCTIONS, BANKRUPTCY_REQUIRED, TALLY, RandomPlay, play_batches

CITY_COMMANDS = int(os.environ.get("BANKER_PLAY_CITY_COMMANDS", "3000"))
# refusals worth seeing at least once: a phrase of the rule's message -> what the run tallies
REFUSALS = {
    "this turn; build at most": "refused: blocks beyond the spin",
    "takes at most": "refused: past the 8-block limit",
    "the most a district takes": "refused: past the 8-block limit",
    "already pressed Build": "refused: a second spin in one turn",
    "keeps bonus buildings and other hazards out": "refused: planning where a hazard or a bonus stands",
    "keeps hazards and other bonus buildings out": "refused: planning where a hazard or a bonus stands",
    "a hazard goes on another player's": "refused: a hazard on your own or a bonus on another's district",
    "a bonus building goes on your own": "refused: a hazard on your own or a bonus on another's district",
    "owns no industrial blocks": "refused: industry tax without industrial blocks",
    "never sold back": "refused: selling buildings back",
    "one per colour group": "refused: a second stadium or skyscraper in a group",
    "Monopoly Tower needs two whole": "refused: the tower without two groups",
    "does not hold the Rent Dodge card": "refused: dodge without the card",
    "the opening bid is at least": "refused: a bid under M10k",
    "is not a whole amount": "refused: a malformed M amount",
    "is not an amount": "refused: a malformed M amount",
    "has a fraction": "refused: a malformed M amount",
}


class FrozenClock:
    """`clock 60` writes the time it was typed into the ledger; the model and the fresh ledgers retype it later."""

    @staticmethod
    def now(tz: object = None) -> datetime:
        return datetime(2026, 1, 1, 20, 0, tzinfo=UTC)


SPIN_DRAWS = random.Random()


def draw_spin() -> str:
    """Banker's Build spin from a generator seeded per game: Hypothesis replays an example only if it is the same."""
    return SPIN_DRAWS.choice(SPINS)


class CityPlay(RandomPlay):
    """The machine at a City table of 2 to 6 players, from an opening that reaches the new pieces quickly."""

    maker = CityLineMaker

    @initialize(players=st.sampled_from(TABLES), house_rules=st.sampled_from(CITY_HOUSE_RULES),
                opening=st.sampled_from(CITY_OPENING_DRAW))
    def start(self, players: tuple[str, ...], house_rules: tuple[str, ...],  # type: ignore[override]
              opening: str) -> None:
        SPIN_DRAWS.seed(len(players))
        self.begin("city", players, house_rules, CITY_OPENINGS[opening])

    def model_line(self, line: str, events: tuple[ev.Event, ...], model: GameState) -> str:
        """`spin <player>` without a result: Banker drew one; the model (and a fresh ledger) replays that result."""
        spun = events[0]
        if not isinstance(spun, ev.BuildSpun):
            return line
        words = shlex.split(line)[1:]
        if any(squash(w) != "again" for w in words[1:]):
            return line
        TALLY["spins drawn by Banker"] += 1
        return " ".join([line, spun.result])

    def play_line(self, line: str) -> None:
        """Tallies which of the City rules' refusals came up (the run asserts the interesting ones did)."""
        assert self.game is not None
        state, refused = self.game.state, TALLY["refused"]
        super().play_line(line)
        if TALLY["refused"] == refused:
            return
        try:
            command = parse(line, state)
            if type(command) in DECIDERS:  # undo and redo are the game's, not the rules'
                decide(state, command)
        except Refusal as refusal:
            TALLY.update({what for phrase, what in REFUSALS.items() if phrase in str(refusal)})

    def _tally_new_pieces(self, before: GameState, events: tuple[ev.Event, ...]) -> None:  # type: ignore[override]
        """What the City pieces did in this action; mortgages and buy-backs are checked against the rent value."""
        RandomPlay._tally_new_pieces(before, events)
        edition = before.edition
        for e in events:
            name = type(e).__name__
            if isinstance(e, ev.BuildSpun):
                TALLY[f"spins of {e.result}"] += 1
            elif isinstance(e, ev.BlocksBuilt):
                TALLY[f"{e.kind} blocks built"] += e.count
                TALLY["districts built up to the limit"] += before.deeds[e.deed].blocks + e.count == edition.max_blocks
            elif isinstance(e, ev.PlanningBuilt):
                TALLY[f"{name} {e.kind}"] += 1
            elif isinstance(e, ev.SalaryCollected):
                TALLY["stadium GO bonus"] += len(e.transfers) > 1
            elif isinstance(e, ev.TaxPaid) and squash(e.space).startswith("industry"):
                TALLY["industry tax paid"] += 1
            elif isinstance(e, ev.RentPaid):
                self._tally_rent(before, e.deed)
            elif isinstance(e, ev.DeedMortgaged):
                paid = sum(t.amount for t in e.transfers)
                assert paid == expected_rent(before, e.deed, 0), f"{e.deed} mortgaged for {paid}, not its rent value"
                TALLY["mortgaged with buildings standing"] += bool(before.deeds[e.deed].blocks)
            elif isinstance(e, ev.MortgageLifted):
                paid = sum(t.amount for t in e.transfers)
                assert paid == before.deeds[e.deed].mortgaged_for, f"{e.deed} bought back for {paid}"
                TALLY["bought back at the mortgage's value"] += 1
            elif isinstance(e, ev.AuctionOpened) and e.deed in before.to_auction:
                TALLY["a bankrupt's district auctioned"] += 1
            elif isinstance(e, ev.BidPlaced):
                TALLY["bids of M10k"] += e.amount == edition.auction_min_bid
            elif isinstance(e, ev.DeedHandedOver) and isinstance(events[0], ev.TradeMade):
                TALLY["built-on districts traded"] += bool(before.deeds[e.deed].blocks)
            elif isinstance(e, ev.PlayerWentBankrupt):
                standing = any(h.blocks or h.level or h.stadium or h.tower
                               for d, h in before.deeds.items() if h.owner == e.player)
                to = "the bank" if e.creditor == ev.BANK else "a player"
                TALLY[f"bankruptcies to {to}"] += 1
                TALLY[f"bankruptcies to {to} with buildings standing"] += standing

    @staticmethod
    def _tally_rent(before: GameState, deed: str) -> None:
        holding = before.deeds[deed]
        TALLY["rent doubled by a skyscraper"] += any(before.deeds[d].level == SKYSCRAPER for d in before.group(deed))
        TALLY["rent doubled by the tower"] += any(h.tower and h.owner == holding.owner for h in before.deeds.values())
        TALLY["rent under a hazard"] += bool(holding.hazard and holding.residential)


def test_random_play_on_a_city_table(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 9: the random-play proof on a City game, and every City rule it is meant to prove came up."""
    monkeypatch.setattr("banker.language.datetime", FrozenClock)
    monkeypatch.setattr("banker.language.districts.draw_spin", draw_spin)
    play_batches(CityPlay, CITY_COMMANDS, monkeypatch, examples=10)  # more seeds: more of the openings
    for what in ("BuildSpun", "spins of railroad", "spins drawn by Banker", "residential blocks built",
                 "industrial blocks built", "districts built up to the limit", "RailroadPlaced",
                 "PlanningBuilt hazard", "PlanningBuilt bonus", "HazardCleared", "StadiumBuilt", "stadium GO bonus",
                 "skyscrapers built", "TowerBuilt", "rent doubled by a skyscraper", "rent doubled by the tower",
                 "rent under a hazard", "RentDodged", "rent_dodge moved: Free Parking", "industry tax paid",
                 "DeedMortgaged", "mortgaged with buildings standing", "bought back at the mortgage's value",
                 "TradeMade", "built-on districts traded", "bankruptcies to a player with buildings standing",
                 "bankruptcies to the bank with buildings standing", "a bankrupt's district auctioned",
                 "AuctionClosed", "bids of M10k", "ClockStarted", "ActionUndone", "ActionRedone",
                 "reopened with a snapshot to use", *sorted(set(REFUSALS.values())), *BANKRUPTCY_AUCTIONS,
                 *BANKRUPTCY_REQUIRED):
        assert TALLY[what] > 0, f"random play never produced {what}: {dict(TALLY)}"
    assert TALLY["refused"] > TALLY["commands"] // 10 and TALLY["accepted"] > TALLY["commands"] // 5


def test_the_table_checks_catch_a_broken_city_table(tmp_path: Path) -> None:
    """Control for the City invariants: a table City allows passes (a skyscraper on a mortgaged district,
    buildings left on a district back with the bank), and each way it can go wrong is named."""
    players = ("Alice", "Bob", "Carol")
    game = Game.create(tmp_path / "game.db", ALL_EDITIONS["city"], players)
    try:
        for line in CITY_OPENINGS["blocks standing"](game.state.edition, players) + [
                "skyscraper Alice Westlands", "stadium Alice Westlands", "mortgage Alice Westlands",
                "buy Bob Summergate", "spin Bob 1", "build Bob Summergate industrial", "bankrupt Bob 99m",
                "sold", "sold"]:  # the bank auctions Bob's two districts one after the other; nobody bids
            game.do(line)
        state = game.state
        assert state.auction is None and state.to_auction == []
        assert table_problems(state) == [], table_problems(state)
        westlands, summergate = state.deeds["Westlands"], state.deeds["Summergate"]
        assert westlands.blocks == 7 and westlands.skyscraper and westlands.mortgaged
        assert summergate.owner == ev.BANK and summergate.industrial == 1
        brightside = state.deeds["Brightside"]
        broken = {  # what goes wrong -> how the table is damaged, and a phrase of the problem that names it
            "nine blocks": (lambda s: s.deeds.update(Westlands=replace(westlands, residential=6)), "0 to 8"),
            "blocks below zero": (lambda s: s.deeds.update(Westlands=replace(westlands, industrial=-1)), "0 to 8"),
            "houses on a district": (lambda s: s.deeds.update(Brightside=replace(brightside, level=3)),
                                     "takes blocks and a skyscraper"),
            "a hazard and a bonus": (lambda s: s.deeds.update(Brightside=replace(brightside, hazard="Prison")),
                                     "each keeps the other out"),
            "an unknown hazard": (lambda s: s.deeds.update(Summergate=replace(summergate, hazard="Volcano")),
                                  "planning building city lacks"),
            "two skyscrapers in a group": (lambda s: (s.deeds.update(Brightside=replace(brightside, level=SKYSCRAPER)),
                                                      s.supply.update(skyscrapers=6)), "2 skyscrapers"),
            "two stadiums in a group": (lambda s: (s.deeds.update(Brightside=replace(brightside, stadium=True)),
                                                   s.supply.update(stadiums=0)), "2 stadiums"),
            "a stadium lost from the bank": (lambda s: s.supply.update(stadiums=0), "bank stadiums 0"),
            "a tower out of nowhere": (lambda s: s.deeds.update(Summergate=replace(summergate, tower=True)),
                                       "bank towers 1 + 1"),
            "a mortgage that paid nothing": (lambda s: s.deeds.update(Westlands=replace(westlands, mortgaged_for=0)),
                                             "is mortgaged and remembers 0"),
            "a paid mortgage remembered on a free district": (
                lambda s: s.deeds.update(Brightside=replace(brightside, mortgaged_for=500_000)), "is not mortgaged"),
            "a spin of four blocks": (lambda s: setattr(s, "spin", Spin("Alice", 4)), "0 to 3 blocks or a railroad"),
            "a spin of blocks and a railroad": (lambda s: setattr(s, "spin", Spin("Alice", 2, True)), "or a railroad"),
            "a spin of nobody at the table": (lambda s: setattr(s, "spin", Spin("Zed", 1)), "not a player's"),
        }
        for what, (damage, phrase) in broken.items():
            copy = state.copy()
            damage(copy)
            assert any(phrase in problem for problem in table_problems(copy)), f"the checks missed {what}"
        classic = GameState.new(ALL_EDITIONS["classic-us"], players, frozenset())
        classic.deeds["Boardwalk"] = replace(classic.deeds["Boardwalk"], residential=1)
        classic.spin = Spin("Alice", 1)
        problems = table_problems(classic)
        assert len(problems) == 2 and "a street of classic-us" in problems[0] and "fit classic-us" in problems[1]
    finally:
        game.close()


def test_the_rent_check_doubles_a_district_once_as_the_rulebook_example(tmp_path: Path) -> None:
    """004's example (Central Quay: 2 residential under a power station, 4 industrial, a skyscraper on Harbor
    Heights) is M7m by the check's own arithmetic, and the Monopoly Tower on top does not make it M14m."""
    game = Game.create(tmp_path / "game.db", ALL_EDITIONS["city"], ("Alice", "Bob"))
    try:
        lines = ["collect Alice 20m", "buy Alice 'Old Town'", "buy Alice 'Harbor Heights'",
                 "buy Alice 'Central Quay'", "spin Alice 2", "build Alice 'Central Quay' residential 2",
                 "spin Alice 3 again", "build Alice 'Central Quay' industrial 3", "spin Alice 1 again",
                 "build Alice 'Central Quay' industrial", "hazard Bob 'Central Quay' power",
                 "skyscraper Alice 'Harbor Heights'"]
        for line in lines:
            game.do(line)
        assert expected_rent(game.state, "Central Quay", 0) == 7_000_000
        for line in ("buy Alice Summergate", "buy Alice Stoneside", "tower Alice Summergate"):
            game.do(line)
        assert expected_rent(game.state, "Central Quay", 0) == 7_000_000
        assert expected_rent(game.state, "Summergate", 0) == 2 * 20_000
    finally:
        game.close()
