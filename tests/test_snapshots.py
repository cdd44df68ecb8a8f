"""Stored snapshots only make opening faster: the state is always the full replay's."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from banker import snapshots
from banker.errors import Refusal
from banker.fold import fold
from banker.game import Game, _group
from banker.ledger import decode_records
from editions import load_edition

LINES = ["pay alice 10 bob", "pay bob 7 carol", "go carol", "collect alice 5", "buy alice board",
         "buy bob park", "mortgage alice board", "unmortgage alice board", "undo", "undo", "redo"]


def full_fold(game: Game) -> dict:
    state = fold(_group(decode_records(game.records)))
    return state.to_json()


def play(game: Game, count: int, seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(count):
        try:
            game.do(rng.choice(LINES))
        except Refusal:
            pass


@pytest.fixture
def small_snapshots(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(snapshots, "EVERY_EVENTS", 20)
    monkeypatch.setattr(snapshots, "HEADROOM_EVENTS", 10)


def test_opening_from_a_snapshot_equals_the_full_replay(tmp_path: Path, small_snapshots: None) -> None:
    path = tmp_path / "g.db"
    game = Game.create(path, load_edition("classic-us"), ["Alice", "Bob", "Carol"])
    play(game, 300, seed=1)
    expected = game.state_json()
    game.close()
    assert snapshots.snapshots(Game.open(path).store, 10**9), "snapshots were written"
    reopened = Game.open(path)
    assert reopened.state_json() == expected
    assert reopened.records and full_fold(reopened) == {k: v for k, v in expected.items() if k != "ledger"}


def test_undo_past_the_snapshot_fetches_older_actions(tmp_path: Path, small_snapshots: None) -> None:
    path = tmp_path / "g.db"
    game = Game.create(path, load_edition("classic-us"), ["Alice", "Bob", "Carol"])
    play(game, 200, seed=2)
    game.close()
    reopened = Game.open(path)
    for _ in range(60):
        try:
            reopened.do("undo")
        except Refusal:
            break
        assert reopened.state.to_json() == full_fold(reopened)


def test_a_snapshot_that_does_not_match_its_event_is_ignored(tmp_path: Path, small_snapshots: None) -> None:
    path = tmp_path / "g.db"
    game = Game.create(path, load_edition("classic-us"), ["Alice", "Bob", "Carol"])
    play(game, 200, seed=3)
    expected = game.state_json()
    game.store.write("UPDATE snapshot SET head_hash = 'forged'", ())
    game.close()
    assert Game.open(path).state_json() == expected
