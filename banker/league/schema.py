"""Opening a league: the URL, the engine, and the schema version, migrated one step at a time.

Version 1 (the first release of the league): league, person, game, seat, league_meta. Version 2 adds `alias` (a
second spelling merged into a person; every person's own name is an alias) and `game.finished_by`. A file from a
newer Banker is refused rather than guessed at.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

from sqlalchemy import Engine, create_engine, event, inspect, text
from sqlalchemy.engine import Connection
from sqlmodel import SQLModel

from . import models  # noqa: F401 - the tables, registered on SQLModel.metadata

SCHEMA_VERSION = 2
ENV = "BANKER_LEAGUE"
LOCK = 3939  # PostgreSQL advisory lock held while a league is made or migrated


class LeagueError(Exception):
    """A league that cannot be opened or used; the message says what to do."""


def league_url(given: str | None, data: Path) -> str:
    """`--league URL` (a PostgreSQL URL, an SQLAlchemy URL or a file path), else $BANKER_LEAGUE, else the league
    file in the user data folder."""
    url = given or os.environ.get(ENV) or str(data / "league.db")
    if url.startswith(("postgresql://", "postgres://")):
        return "postgresql+psycopg://" + url.split("://", 1)[1]
    if "://" not in url:
        path = Path(url).expanduser().resolve()
        return f"sqlite:///{path}"
    return url


def shown(url: str) -> str:
    """The URL without its password, for messages."""
    if "@" in url and "://" in url:
        scheme, rest = url.split("://", 1)
        who, where = rest.rsplit("@", 1)
        return f"{scheme}://{who.split(':', 1)[0]}@{where}"
    return url


def engine_for(url: str) -> Engine:
    if url.startswith("sqlite:///"):
        Path(url.removeprefix("sqlite:///")).parent.mkdir(parents=True, exist_ok=True)
        engine = create_engine(url, connect_args={"timeout": 60})

        @event.listens_for(engine, "connect")
        def _pragmas(connection, _record) -> None:  # type: ignore[no-untyped-def]
            connection.isolation_level = None  # SQLAlchemy's "begin" below opens each transaction, not pysqlite
            connection.execute("PRAGMA foreign_keys=ON")
            connection.execute("PRAGMA journal_mode=WAL")

        @event.listens_for(engine, "begin")
        def _immediate(connection: Connection) -> None:
            connection.exec_driver_sql("BEGIN IMMEDIATE")  # a writer waits its turn instead of failing mid-way

        return engine
    try:
        return create_engine(url, pool_pre_ping=True)
    except Exception as error:  # noqa: BLE001 - a URL SQLAlchemy cannot use: say so in one line
        raise LeagueError(f"{shown(url)}: not a league URL ({error}); give a file path or postgresql://...") from None


def version(connection: Connection) -> int:
    """The schema version of an existing league (0: no league here yet)."""
    tables = set(inspect(connection).get_table_names())
    if "league_meta" not in tables:
        return 0
    row = connection.execute(text("SELECT value FROM league_meta WHERE key = 'schema'")).first()
    return int(row[0]) if row else 0


def _to_2(connection: Connection) -> None:
    """Version 1 -> 2: the alias table (every person's own name), game.finished_by."""
    models.Alias.__table__.create(connection)  # type: ignore[attr-defined]
    connection.execute(text("INSERT INTO alias (name, person_id) SELECT name, id FROM person"))
    connection.execute(text("ALTER TABLE game ADD COLUMN finished_by VARCHAR NOT NULL DEFAULT ''"))


MIGRATIONS: dict[int, Callable[[Connection], None]] = {1: _to_2}  # from version N to N + 1


def prepare(engine: Engine, points: str | None) -> tuple[bool, int]:
    """Make the league if there is none (with `points`), or bring an older one up to date.
    Returns (made now, the version found)."""
    with engine.begin() as connection:
        if engine.dialect.name == "postgresql":
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": LOCK})
        found = version(connection)
        if found > SCHEMA_VERSION:
            raise LeagueError(f"this league was made by a newer Banker (schema {found}, this one reads up to "
                              f"{SCHEMA_VERSION}); update Banker")
        if found == 0:
            if points is None:
                return False, 0
            SQLModel.metadata.create_all(connection)
            connection.execute(models.LeagueMeta.__table__.insert(),  # type: ignore[attr-defined]
                               [{"key": "schema", "value": str(SCHEMA_VERSION)}])
            connection.execute(models.League.__table__.insert(),  # type: ignore[attr-defined]
                               [{"id": 1, "points": points, "made": datetime.now(UTC).isoformat(timespec="seconds")}])
            return True, 0
        for step in range(found, SCHEMA_VERSION):
            MIGRATIONS[step](connection)
        if found < SCHEMA_VERSION:
            connection.execute(text("UPDATE league_meta SET value = :v WHERE key = 'schema'"),
                               {"v": str(SCHEMA_VERSION)})
        return False, found
