"""Undo and redo are new events: the undone action stays in the ledger, marked (issue 2, section 3)."""

from __future__ import annotations

import sqlite3

import pytest
from conftest import play, refused

from banker.game import Game
from banker.history import entries
from editions import load_edition


def test_undo_restores_the_state_before_the_action(game: Game) -> None:
    before = game.state.to_json()
    play(game, "buy alice boardwalk", "undo")
    assert game.state.to_json() == before


def test_undone_action_stays_in_the_ledger_marked(game: Game) -> None:
    play(game, "buy alice boardwalk", "undo")
    lines = entries(game.records)
    bought = next(e for e in lines if e.type == "DeedBought")
    assert bought.undone
    assert lines[-1].type == "ActionUndone" and "Boardwalk" in lines[-1].text


def test_redo_reapplies_the_latest_undone_action(game: Game) -> None:
    play(game, "buy alice boardwalk")
    after = game.state.to_json()
    play(game, "undo", "redo")
    assert game.state.to_json() == after
    assert not any(e.undone for e in entries(game.records))


def test_undo_twice_then_redo_twice_walks_back_in_order(game: Game) -> None:
    play(game, "buy alice boardwalk")
    one = game.state.to_json()
    play(game, "buy bob park")
    two = game.state.to_json()
    play(game, "undo", "undo", "redo")
    assert game.state.to_json() == one
    play(game, "redo")
    assert game.state.to_json() == two


def test_redo_is_refused_after_a_new_action(game: Game) -> None:
    play(game, "buy alice boardwalk", "undo", "buy bob park")
    assert "nothing to redo" in refused(game, "redo")


def test_nothing_to_undo_at_the_start_of_the_game(game: Game) -> None:
    assert "nothing to undo" in refused(game, "undo")


def test_undo_equals_a_ledger_where_the_action_never_happened(tmp_path, game: Game) -> None:
    play(game, "buy alice boardwalk", "buy bob park", "rent bob boardwalk", "undo", "go carol")
    twin = Game.create(tmp_path / "twin.db", load_edition("classic-us"), ["Alice", "Bob", "Carol"])
    play(twin, "buy alice boardwalk", "buy bob park", "go carol")
    assert game.state.to_json() == twin.state.to_json()
    twin.close()


def test_reopened_game_keeps_the_undo_history(game: Game) -> None:
    play(game, "buy alice boardwalk", "buy bob park", "undo")
    path = game.store.path
    game.close()
    again = Game.open(path)
    play(again, "redo")
    assert again.state.deeds["Park Place"].owner == "Bob"
    again.close()


def test_event_rows_cannot_be_updated_or_deleted(game: Game) -> None:
    play(game, "buy alice boardwalk")
    connection = sqlite3.connect(game.store.path)
    with pytest.raises(sqlite3.DatabaseError, match="append-only"):
        connection.execute("UPDATE event SET payload = '{}' WHERE seq = 2")
    with pytest.raises(sqlite3.DatabaseError, match="append-only"):
        connection.execute("DELETE FROM event WHERE seq = 2")
    connection.close()
