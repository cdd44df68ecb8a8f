"""Opening from a stored snapshot reads nothing before it, and everything still works as with the whole ledger.

Issue 15 (speed): opening costs the same whatever the game's length, so the timeline starts from
the latest snapshot and reads the past only when an undo, a redo or a question reaches it. These
tests reopen games at every kind of point (right after an undo, in a chain of undos, with a redo
waiting from before the snapshot) and compare each answer with a timeline built from every event.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from banker import events as ev
from banker import snapshots
from banker.errors import Refusal
from banker.game import Game, _group
from banker.ledger import decode_records
from banker.timeline import Timeline
from editions import load_edition

LINES = ["pay alice 10 bob", "pay bob 7 carol", "go carol", "collect alice 5", "buy alice board",
         "buy bob park", "mortgage alice board", "unmortgage alice board", "undo", "undo", "redo", "redo"]


@pytest.fixture
def often(monkeypatch: pytest.MonkeyPatch) -> None:
    """A snapshot every 25 events, opened from the latest one."""
    monkeypatch.setattr(snapshots, "EVERY_EVENTS", 25)
    monkeypatch.setattr(snapshots, "HEADROOM_EVENTS", 0)


def whole(game: Game) -> Timeline:
    """The timeline of every stored event, built from the start (what opening used to do)."""
    grouped = _group(decode_records(game.store.records()))
    timeline = Timeline(grouped[0][0], grouped[0][1][0])  # type: ignore[arg-type]
    timeline.add_stored(grouped[1:])
    return timeline


def same_as_whole(game: Game) -> None:
    full = whole(game)
    assert game.timeline is not None
    assert game.state.to_json() == full.state.to_json()
    assert game.timeline.latest() == full.latest()
    assert game.timeline.next_redo() == full.next_redo()
    assert game.timeline.undone() == full.undone()
    assert game.timeline.counted == full.counted
    assert game.timeline.redoable == full.redoable


def play(game: Game, count: int, rng: random.Random) -> None:
    for _ in range(count):
        try:
            game.do(rng.choice(LINES))
        except Refusal:
            pass


def test_opening_decodes_only_the_events_after_the_snapshot(tmp_path: Path, often: None,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "g.db"
    game = Game.create(path, load_edition("classic-us"), ["Alice", "Bob", "Carol"])
    play(game, 1500, random.Random(1))
    expected = game.state_json()
    game.close()
    decoded: list[str] = []
    real = ev.decode_owned

    def counting(type_name: str, payload: dict) -> ev.Event:
        decoded.append(type_name)
        return real(type_name, payload)

    monkeypatch.setattr(ev, "decode_owned", counting)
    import banker.ledger_chain as chain  # where the records are decoded (Record.event, decode_records)
    monkeypatch.setattr(chain, "decode_owned", counting)
    reopened = Game.open(path)
    assert reopened.state_json() == expected
    assert len(decoded) <= 1 + snapshots.EVERY_EVENTS + 10, f"opening decoded {len(decoded)} events"


@pytest.mark.parametrize("seed", range(6))
def test_a_reopened_game_answers_as_the_whole_ledger_does(tmp_path: Path, often: None, seed: int) -> None:
    """Reopen at random points, then undo, redo and act: every answer matches the timeline of every event."""
    rng = random.Random(seed)
    path = tmp_path / "g.db"
    game = Game.create(path, load_edition("classic-us"), ["Alice", "Bob", "Carol"])
    for _ in range(8):
        play(game, rng.randint(20, 120), rng)
        game.close()
        game = Game.open(path)
        same_as_whole(game)
        for _ in range(rng.randint(0, 40)):  # a chain of undos reaching back past the snapshot
            try:
                game.do("undo")
            except Refusal:
                break
        same_as_whole(game)
        game.close()
        game = Game.open(path)  # reopened right after the undos: the redos wait from before the snapshot
        for _ in range(rng.randint(0, 5)):
            try:
                game.do("redo")
            except Refusal:
                break
        same_as_whole(game)
    game.close()


def test_undo_far_back_rebuilds_from_an_older_stored_snapshot(tmp_path: Path, often: None) -> None:
    path = tmp_path / "g.db"
    game = Game.create(path, load_edition("classic-us"), ["Alice", "Bob", "Carol"])
    for number in range(400):
        game.do(f"pay alice {1 + number % 7} bob" if number % 2 else f"pay bob {1 + number % 5} alice")
    game.close()
    reopened = Game.open(path)
    before = reopened.state_json()
    for _ in range(120):
        reopened.do("undo")
    same_as_whole(reopened)
    for _ in range(120):
        reopened.do("redo")
    assert reopened.state_json()["players"] == before["players"]
    same_as_whole(reopened)


def test_summaries_and_records_of_actions_before_the_snapshot(tmp_path: Path, often: None) -> None:
    path = tmp_path / "g.db"
    game = Game.create(path, load_edition("classic-us"), ["Alice", "Bob", "Carol"])
    first = game.do("pay alice 12 bob").action
    for _ in range(100):
        game.do("go carol")
    game.close()
    reopened = Game.open(path)
    assert reopened.summary_of(first) == game.summary_of(first)
    assert [r.seq for r in reopened.records] == list(range(1, reopened.head[0] + 1))
