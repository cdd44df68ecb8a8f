"""Twenty tables record their games in one league at the same moment: processes (not threads), started together
behind a barrier, on one PostgreSQL server (and on one SQLite file). Nothing is lost, and no person and no game is
made twice: a name is one person and a game is its first event's hash, both unique keys in the league."""

from __future__ import annotations

import multiprocessing
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest
from league_games import finished_game, league_at, record_after
from sqlalchemy import create_engine, text

from banker.league.schema import league_url as sqlalchemy_url

TABLES = 20
TWICE = 4  # the first tables' games are recorded by two recorders at once (a banker pressing twice)
POOL = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal")


@pytest.fixture(params=["sqlite", "postgresql"])
def league_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    yield from league_at(request.param, tmp_path)


def table(n: int) -> tuple[str, ...]:
    """Four of the pool, different for each table, so every name sits at many tables."""
    return tuple(POOL[(n + k * (1 + n % 3)) % len(POOL)] for k in range(4))


def test_twenty_tables_recording_at_once_lose_nothing_and_make_nothing_twice(
        tmp_path: Path, league_url: str) -> None:
    games = []
    for n in range(TABLES):
        players = table(n)
        assert len(set(players)) == 4, players
        games.append(str(finished_game(tmp_path / f"table{n}.db", players, players[n % 4:] + players[:n % 4][:-1]
                                       if n % 4 else players[1:])))
    jobs = games + games[:TWICE]
    import banker.cli  # noqa: F401 - loaded once here: each forked recorder starts with it (and opens its own engine)
    import banker.league.store  # noqa: F401

    context = multiprocessing.get_context("fork")
    barrier, results = context.Barrier(len(jobs)), context.Queue()
    recorders = [context.Process(target=record_after, args=(barrier, league_url, path, results)) for path in jobs]
    for recorder in recorders:
        recorder.start()
    outcomes = [results.get(timeout=300) for _ in recorders]
    for recorder in recorders:
        recorder.join(timeout=60)
        assert recorder.exitcode == 0
    assert all(code == 0 for _, code, _ in outcomes), [o for o in outcomes if o[1] != 0]
    by_game = Counter((path, outcome) for path, _, outcome in outcomes)
    for n, path in enumerate(games):
        assert by_game[(path, "recorded")] == 1
        assert by_game[(path, "unchanged")] == (1 if n < TWICE else 0)
    engine = create_engine(sqlalchemy_url(league_url, tmp_path))
    try:
        with engine.connect() as connection:
            count = {t: connection.execute(text(f"SELECT count(*) FROM {t}")).scalar_one()
                     for t in ("game", "person", "alias", "seat")}
            people = sorted(n for (n,) in connection.execute(text("SELECT name FROM person")))
            points = connection.execute(text("SELECT sum(points) FROM seat")).scalar_one()
    finally:
        engine.dispose()
    assert count == {"game": TABLES, "person": len(POOL), "alias": len(POOL), "seat": 4 * TABLES}
    assert people == sorted(POOL)
    assert points == TABLES * (4 + 2 + 1 + 0)
