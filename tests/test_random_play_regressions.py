"""What random play found, replayed every run: the batch of each finding, from its seed (tests/seeds.py).

An exploration run (`python -m pytest --explore`) plays fresh seeds; each failure it finds is fixed with a test of
the rule, and the seed of the batch that failed (printed as "batch k (seed n)") goes into PLAY_REGRESSIONS, so the
very games that found it are played again by every run, CI's included.
"""

from __future__ import annotations

import pytest

from tests.play_machine import EXAMPLES_PER_BATCH, RandomPlay, play_batches
from tests.seeds import PLAY_REGRESSIONS
from tests.test_random_play import MegaPlay
from tests.test_random_play_city import CityPlay, FrozenClock, draw_spin
from tests.test_random_play_sore_losers import SoreLosersPlay
from tests.test_random_play_tokens import (
    EXAMPLES,
    CityTokenPlay,
    ClassicTokenPlay,
    MegaTokenPlay,
    SoreLosersTokenPlay,
)

# each machine's examples per batch, as its own run plays them: a batch's seed draws the same games only so
MACHINES: dict[str, tuple[type[RandomPlay], int]] = {machine.__name__: (machine, examples) for machine, examples in (
    (RandomPlay, EXAMPLES_PER_BATCH), (MegaPlay, 10), (CityPlay, 10), (SoreLosersPlay, 10),
    (ClassicTokenPlay, EXAMPLES), (MegaTokenPlay, EXAMPLES), (SoreLosersTokenPlay, EXAMPLES),
    (CityTokenPlay, EXAMPLES))}


@pytest.mark.parametrize(("machine", "seed", "found"), PLAY_REGRESSIONS,
                         ids=[f"{machine}-{seed}" for machine, seed, _ in PLAY_REGRESSIONS])
def test_random_play_replays_what_it_found(machine: str, seed: int, found: str,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """One batch of the machine from the seed that failed (the lines, checks and tallies of the run)."""
    played, examples = MACHINES[machine]
    if played in (CityPlay, CityTokenPlay):  # as the City runs: the clock and the spins fixed
        monkeypatch.setattr("banker.language.datetime", FrozenClock)
        monkeypatch.setattr("banker.language.districts.draw_spin", draw_spin)
    # no scripted games first: their lines counted as the one line asked for, and the batch was never played
    play_batches(played, 1, monkeypatch, examples=examples, first_seed=seed, scripted=False)
