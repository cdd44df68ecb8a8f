"""The seeds of the seeded tests, fixed in the repository: the same commit gives the same verdict (issue 34).

CI never draws a seed. Random play (tests/play_machine.py) starts every run from PLAY_SEED and plays the batches
after it (PLAY_SEED + 1, ...); the crash tests (tests/test_crash.py) draw their kills from CRASH_SEED; Hypothesis's
own tests run derandomized (the "ci" profile of tests/conftest.py). An exploration run (`python -m pytest
--explore`, or BANKER_EXPLORE=1) draws fresh seeds instead: tests/conftest.py draws each once per run, before any
worker starts, puts it in the environment (so every worker plays the same one) and prints it in the run's header.
A failure replays with that seed set (BANKER_PLAY_SEED=<n>, BANKER_CRASH_SEED=<n>), and becomes a fixed example:
a rule test of its own, and its batch's seed in PLAY_REGRESSIONS (replayed by tests/test_random_play_regressions.py).
"""

from __future__ import annotations

import os
import random

# random play: every run's first seed; 1017700475 found the Sore Losers jail defect (issue 34,
# tests/test_rules_jail_doubles_end_the_turn.py)
PLAY_SEED = 1017700475
# the crash tests' kills; 3148414704 committed no skyscraper sale on the Mega game before that test made one happen
CRASH_SEED = 3148414704
SEED_VARIABLES = {"BANKER_PLAY_SEED": PLAY_SEED, "BANKER_CRASH_SEED": CRASH_SEED}

# (the random-play test's machine, the seed of the batch that failed, what it found): one batch each, every run
PLAY_REGRESSIONS: tuple[tuple[str, int, str], ...] = (
    ("SoreLosersTokenPlay", 1017700478, "a shortage auction closes with `sold <deed>` (the waiting check)"),
    ("SoreLosersTokenPlay", 1929978149, "Mr. Monopoly's trap ends when the player on his space goes bankrupt"),
)


def exploring() -> bool:
    """An exploration run: fresh seeds (`--explore` sets BANKER_EXPLORE=1 for the run and its workers)."""
    return os.environ.get("BANKER_EXPLORE", "") not in ("", "0")


def draw_fresh_seeds() -> dict[str, int]:
    """For an exploration run: a fresh seed for each variable not set already (one given is replayed as is)."""
    for name in SEED_VARIABLES:
        if not os.environ.get(name):
            os.environ[name] = str(random.SystemRandom().randrange(2**32))
    return {name: int(os.environ[name]) for name in SEED_VARIABLES}


def seed(name: str) -> int:
    """The seed a run plays: the variable's if set (a replay, or an exploration run's fresh one), else the fixed one."""
    return int(os.environ.get(name) or SEED_VARIABLES[name])
