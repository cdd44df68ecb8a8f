"""The fold refuses City events no rule could have produced: a ledger edited by hand, or a bug in a rule.

The rules check the 8-block limit before a `BlocksBuilt` is written (test_rules_city); the fold checks it
again, as it checks a spin's allowance, so a corrupt ledger stops at the event instead of folding to a
table the rulebook forbids.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from banker import events as ev
from banker.fold import FoldError, apply
from banker.state import GameState, Spin
from editions import load_edition


def table_with_blocks(blocks: int) -> GameState:
    state = GameState.new(load_edition("city"), ("Alice", "Bob"), frozenset())
    state.deeds["Summergate"] = replace(state.deeds["Summergate"], owner="Alice", residential=blocks)
    state.spin = Spin("Alice", blocks_left=3)
    return state


def test_the_fold_refuses_a_ninth_block_on_a_district() -> None:
    """004: "Build up to 8 blocks on each district"."""
    with pytest.raises(FoldError, match="would hold 9 blocks; a district takes 8"):
        apply(table_with_blocks(7), [ev.BlocksBuilt("Alice", "Summergate", "industrial", 2)])


def test_the_fold_takes_the_eighth_block() -> None:
    after = apply(table_with_blocks(7), [ev.BlocksBuilt("Alice", "Summergate", "industrial", 1)])
    assert after.deeds["Summergate"].blocks == 8 and after.spin == Spin("Alice", blocks_left=2)
