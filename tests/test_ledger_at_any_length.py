"""The ledger at any length (issue 38): `banker ledger` streamed reads what the whole ledger read, entry for entry
and byte for byte, damaged files included; an undo past the stored snapshot gives the state a full replay gives.
(Speed and memory are benchmarks/bench_length.py's, never a test's.)"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from banker import cli, snapshots, timeline
from banker.fold import fold
from banker.game import Game, _group
from banker.history import checked_entries, entry_json
from banker.ledger import LedgerError, decode_records
from banker.ledger_pages import LedgerPages, check
from banker.ledger_read import Reading, entry_text
from editions import load_edition

LINES = ("pay Alice 10 Bob", "collect Bob 20", "pay Bob 30 Carol", "undo",
         "trade Alice Carol give Boardwalk get $10", "undo", "redo", "pay Carol 10 Alice", "undo", "undo", "redo",
         "go Bob", "trade Carol Bob give Boardwalk $5 get $20", "pay Bob 7 Alice",
         "trade Bob Alice give Boardwalk get $5")


def played(path: Path, rounds: int = 4) -> Path:
    game = Game.create(path, load_edition("classic-us"), ("Alice", "Bob", "Carol"))
    if rounds:
        game.do("buy Alice Boardwalk")
    for _ in range(rounds):
        for line in LINES:
            game.do(line)
    game.close()
    return path


def old_json(path: Path) -> str:
    """What `banker ledger --json` wrote before it streamed: json.dumps of the whole list, indent 2."""
    game = Game.open(path, read_only=True)
    try:
        return json.dumps([entry_json(e) for e in checked_entries(game.records)[0]], indent=2,
                          ensure_ascii=False) + "\n"
    finally:
        game.close()


@pytest.fixture
def often(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(snapshots, "EVERY_EVENTS", 7)


def test_the_streamed_ledger_is_the_whole_ledger_entry_for_entry(tmp_path: Path, often: None) -> None:
    game = Game.open(played(tmp_path / "g.db"))
    try:
        whole, problem = checked_entries(game.records)
        reading = Reading(game.store, game.head[0])
        assert list(reading.entries()) == whole
        assert reading.problem is None and problem is None
        assert any(e.undone for e in whole) and any(e.type == "ActionRedone" for e in whole)
    finally:
        game.close()


def test_ledger_json_is_byte_for_byte_what_json_dumps_wrote(tmp_path: Path, often: None,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    path = played(tmp_path / "g.db")
    assert cli.main(["ledger", "--json", str(path)]) == 0
    assert capsys.readouterr().out == old_json(path)
    game = Game.open(path)
    try:
        entry = checked_entries(game.records)[0][-1]
    finally:
        game.close()
    assert entry_text(entry) == json.dumps(entry_json(entry), indent=2, ensure_ascii=False)


def test_ledger_json_of_a_game_just_started_is_an_empty_list_or_its_start(tmp_path: Path,
                                                                          capsys: pytest.CaptureFixture[str]) -> None:
    path = played(tmp_path / "g.db", rounds=0)
    assert cli.main(["ledger", "--json", str(path)]) == 0
    assert capsys.readouterr().out == old_json(path)


@pytest.mark.parametrize("where", [2, 9, 17, 30])
def test_a_damaged_event_stops_the_streamed_ledger_where_the_whole_one_stopped(tmp_path: Path, where: int) -> None:
    path = played(tmp_path / "g.db", rounds=2)
    connection = sqlite3.connect(path)
    payload = connection.execute("SELECT payload FROM event WHERE seq = ?", (where,)).fetchone()[0]
    with connection:
        connection.execute("DROP TRIGGER IF EXISTS event_no_update")
        for (name,) in connection.execute("SELECT name FROM sqlite_master WHERE type = 'trigger'").fetchall():
            connection.execute(f'DROP TRIGGER "{name}"')
        connection.execute("UPDATE event SET payload = ? WHERE seq = ?", (payload.replace("1", "9", 1) + " ", where))
    connection.close()
    game = Game.open(path, read_only=True)
    try:
        records = game.store.records()
        whole, problem = checked_entries(records)
        reading = Reading(game.store, records[-1].seq)
        assert list(reading.entries()) == whole
        assert reading.problem == problem and problem is not None and f"event {where} is damaged" in problem
    finally:
        game.close()


def test_an_undo_past_the_snapshot_gives_the_state_a_full_replay_gives(tmp_path: Path, often: None) -> None:
    path = played(tmp_path / "g.db", rounds=3)
    for undos in (1, 4, 9):
        game = Game.open(path)
        try:
            for _ in range(undos):
                game.do("undo")
            replayed = fold(_group(decode_records(game.store.records())))
            assert game.state.to_json() == replayed.to_json()
        finally:
            game.close()


@pytest.mark.parametrize("size", [1, 5, 40])
@pytest.mark.parametrize("from_now", [True, False])
def test_the_ledger_read_a_page_at_a_time_is_the_whole_ledger(tmp_path: Path, often: None, size: int,
                                                              from_now: bool) -> None:
    """Pages read from the newest back (as the screen scrolls), their balances summed from the nearest stored
    snapshot or place walked past, or read back from the game's accounts now."""
    game = Game.open(played(tmp_path / "g.db"))
    try:
        whole = checked_entries(game.records)[0]
        pages = LedgerPages(game.store, game.head[0], game.money, game.state.accounts if from_now else None)
        seqs = list(range(1, game.head[0] + 1))
        read = []
        for end in range(len(seqs), 0, -size):  # from the newest back, as the screen scrolls
            read = pages.entries(seqs[max(0, end - size):end]) + read
        assert read == whole
        assert pages.undone_events() == sum(e.undone for e in whole)
    finally:
        game.close()


@pytest.mark.parametrize(("player", "deed", "kind"), [("Bob", None, None), ("Carol", None, None),
                                                      (None, "Boardwalk", None), (None, None, "ActionUndone"),
                                                      ("Alice", "Boardwalk", None), ("Bob", None, "CashPaid")])
def test_filters_let_through_what_they_let_through_of_the_whole_ledger(
        tmp_path: Path, often: None, player: str | None, deed: str | None, kind: str | None) -> None:
    game = Game.open(played(tmp_path / "g.db"))
    try:
        whole = checked_entries(game.records)[0]
        expected = [e for e in whole if (not player or player in e.people) and (not deed or e.deed == deed)
                    and (not kind or e.type == kind)]
        pages = LedgerPages(game.store, game.head[0], game.money, game.state.accounts)
        seqs, struck = pages.matching(player, deed, kind)
        assert seqs == [e.seq for e in expected] and seqs
        assert struck == sum(e.undone for e in expected)
        assert pages.entries(seqs[-3:]) == expected[-3:]
        assert pages.deeds() == {e.deed for e in whole if e.deed}
        assert set(pages.kinds()) == {e.type for e in whole}
    finally:
        game.close()


def test_the_check_in_the_background_stops_where_the_whole_ledger_stops(tmp_path: Path) -> None:
    path = played(tmp_path / "g.db", rounds=2)
    game = Game.open(path)
    try:
        whole, _ = checked_entries(game.records)
        assert check(path, game.head[0]) == (game.head[0], None, sum(e.undone for e in whole))
    finally:
        game.close()


def test_undos_far_back_give_the_full_replay_s_state_and_check_the_chain_as_they_reach_back(
        tmp_path: Path, often: None) -> None:
    """An undo past the snapshot checks the chain from the latest stored base it can rebuild from, and further
    back only as undos reach there: a damaged event far back is named when an undo comes to rely on it."""
    path = played(tmp_path / "g.db", rounds=4)
    game = Game.open(path)
    try:
        for _ in range(12):
            game.do("undo")
            assert game.state.to_json() == fold(_group(decode_records(game.store.records()))).to_json()
    finally:
        game.close()
    connection = sqlite3.connect(path)
    with connection:
        for (name,) in connection.execute("SELECT name FROM sqlite_master WHERE type = 'trigger'").fetchall():
            connection.execute(f'DROP TRIGGER "{name}"')
        connection.execute("UPDATE event SET payload = payload || ' ' WHERE seq = 5")
    connection.close()
    game = Game.open(path)  # from the latest snapshot: event 5 is not read
    try:
        with pytest.raises(LedgerError, match="event 5 is damaged"):
            for _ in range(200):
                game.do("undo")
    finally:
        game.close()


def test_a_long_evening_keeps_only_the_latest_actions_events_and_reads_older_ones_back(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Memory flat over a long evening: the timeline forgets the events of actions taken long ago (read back
    from the file when an undo, a redo or a summary needs them) and the game keeps no list of every record."""
    monkeypatch.setattr(timeline, "KEPT_ACTIONS", 8)
    path = tmp_path / "g.db"
    game = Game.create(path, load_edition("classic-us"), ("Alice", "Bob", "Carol"))
    try:
        game.do("buy Alice Boardwalk")
        for _ in range(3):
            for line in LINES:
                game.do(line)
        assert game.timeline is not None and len(game.timeline.actions) <= 8
        assert game._records is None
        for _ in range(15):
            game.do("undo")
            assert game.state.to_json() == fold(_group(decode_records(game.store.records()))).to_json()
        for _ in range(5):
            game.do("redo")
        assert game.state.to_json() == fold(_group(decode_records(game.store.records()))).to_json()
    finally:
        game.close()
