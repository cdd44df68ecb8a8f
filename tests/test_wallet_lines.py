"""The wallet's running balances, kept incrementally, are the ledger's own (`banker ledger --player`).

`history.entries` refolds the whole game; `PlayerLines` takes in only new records. Both must
tell every player the same story, through undo and redo, however the records arrive.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from banker.errors import Refusal
from banker.game import Game
from banker.history import entries, for_player
from banker.ledger import Record
from banker.wallet.lines import KEEP, PlayerLines

LINES = ["pay alice 10 bob", "pay bob 30 carol", "go carol", "buy alice boardwalk", "buy bob park",
         "rent carol boardwalk", "rent alice park", "mortgage alice boardwalk", "unmortgage alice boardwalk",
         "collect carol 25 alice", "trade alice bob give $20 get park", "jail bob", "bail bob",
         "build alice park", "pay carol 15 pot", "undo", "undo", "redo"]


def story(game: Game, lines: PlayerLines, player: str) -> list[tuple]:
    undone = game.timeline.undone()  # type: ignore[union-attr]
    return [(line.seq, line.text, line.balance, not line.marker and line.action in undone)
            for line in lines.of(player)]


def ledger_story(game: Game, player: str) -> list[tuple]:
    return [(e.seq, e.text, e.balances[player], e.undone) for e in for_player(entries(game.records), player)][-KEEP:]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_incremental_lines_match_the_ledger(game: Game, seed: int) -> None:
    rng = random.Random(seed)
    lines = PlayerLines(game.timeline.events_of, game.money)  # type: ignore[union-attr]
    lines.feed(game.records)
    for step in range(160):
        try:
            game.do(rng.choice(LINES))
        except Refusal:
            continue
        if step % rng.randint(1, 7) == 0:  # several actions may arrive between two looks
            lines.feed(game.records[max(0, lines.seen - 1):])
    lines.feed(game.records)
    started = PlayerLines(game.timeline.events_of, game.money)  # type: ignore[union-attr]
    started.start(game.records, game.state.accounts, game.state.players)  # from the end, as a server starts
    for player in game.state.players:
        assert story(game, lines, player) == ledger_story(game, player), player
        assert story(game, started, player) == ledger_story(game, player), player
        assert lines.accounts[player] == started.accounts[player] == game.state.cash(player)


def test_feeding_twice_changes_nothing(game: Game) -> None:
    game.do("pay alice 10 bob")
    lines = PlayerLines(game.timeline.events_of, game.money)  # type: ignore[union-attr]
    assert lines.feed(game.records) == 2
    assert lines.feed(game.records) == 0
    assert [line.change for line in lines.of("Alice")] == [1500, -10]
    assert [line.balance for line in lines.of("Bob")] == [1500, 1510]


def test_only_the_last_twenty_are_kept(game: Game) -> None:
    for _ in range(30):
        game.do("pay alice 1")
    fed, started = (PlayerLines(game.timeline.events_of, game.money) for _ in range(2))  # type: ignore[union-attr]
    fed.feed(game.records)
    started.start(game.records, game.state.accounts, game.state.players)
    for lines in (fed, started):
        kept = lines.of("Alice")
        assert len(kept) == KEEP and kept[-1].balance == 1470 and kept[0].balance == 1489
        assert [line.seq for line in lines.of("Carol")] == [1]


def test_starting_from_the_end_reads_only_what_it_needs(game: Game) -> None:
    """Alice pays 200 times; Bob and Carol last appear in the first event: the walk back stops there.
    With every player active recently, it stops after their last lines."""
    for _ in range(200):
        game.do("pay alice 1")
    for name in ("bob", "carol", "alice") * KEEP:
        game.do(f"go {name}")
    read: list[int] = []

    class Ledger(list):
        """The records, noting each one `start` reads from the end."""

        def __reversed__(self) -> Iterator[Record]:
            for record in super().__reversed__():
                read.append(record.seq)
                yield record

    lines = PlayerLines(game.timeline.events_of, game.money)  # type: ignore[union-attr]
    lines.start(Ledger(game.records), game.state.accounts, game.state.players)
    assert len(read) == 3 * KEEP
    assert [line.balance for line in lines.of("Bob")][-2:] == [game.state.cash("Bob") - 200, game.state.cash("Bob")]
    assert lines.of("Alice")[0].text == "Alice collects $200 salary for passing GO"
