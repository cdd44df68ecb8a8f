"""Finished games for the league tests (not a test module): each a real game file played to its end."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest

from banker.game import Game
from editions import load_edition

POSTGRES = os.environ.get("BANKER_TEST_POSTGRES_URL", "")


def league_at(kind: str, tmp_path: Path) -> Iterator[str]:
    """A new, empty league: a SQLite file, or a database of its own on the PostgreSQL server (for a fixture)."""
    if kind == "sqlite":
        yield str(tmp_path / "league.db")
        return
    yield from postgres_database()


def postgres_database() -> Iterator[str]:
    if not POSTGRES:
        pytest.skip("BANKER_TEST_POSTGRES_URL is not set (.ci/postgres starts a throwaway server)")
    import psycopg

    name = f"league_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(POSTGRES, autocommit=True) as connection:
        connection.execute(f'CREATE DATABASE "{name}"')
    try:
        yield POSTGRES.rsplit("/", 1)[0] + "/" + name
    finally:
        with psycopg.connect(POSTGRES, autocommit=True) as connection:
            connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def finished_game(path: Path, players: Sequence[str], out: Sequence[str], edition: str = "classic-us") -> Path:
    """Every player in `out` goes bankrupt to the bank in that order; the last player left wins. The winner keeps
    their cash, the others lose it all, so net worths differ only by who won."""
    game = Game.create(path, load_edition(edition), tuple(players))
    try:
        start = game.state.edition.starting_cash
        for name in out:
            game.do(f'pay "{name}" {start}')
            game.do(f'bankrupt "{name}" 10')
    finally:
        game.close()
    return path


def last_standing(players: Sequence[str], out: Sequence[str]) -> str:
    return next(p for p in players if p not in out)


def record_after(barrier, url: str, path: str, results) -> None:  # type: ignore[no-untyped-def]
    """One table's recorder, in its own process: waits for the others, then `banker league record` at once."""
    import contextlib
    import io
    import json

    from banker.cli import main

    barrier.wait()
    out, err = io.StringIO(), io.StringIO()
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(["league", "record", path, "--league", url, "--json"])
    except BaseException as error:  # noqa: BLE001 - reported to the test, which fails on it
        results.put((path, -1, f"{type(error).__name__}: {error}"))
        return
    results.put((path, code, json.loads(out.getvalue())["outcome"] if code == 0 else err.getvalue()))
