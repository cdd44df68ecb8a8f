"""The league's tables (SQLModel): the league's settings, people, the games recorded and each person's seat.

Schema version 2 (`schema.py` migrates a version-1 file). Unique keys are what keep twenty tables that record at the
same moment from making a person or a game twice: a name is one person (`alias`), a game is its first event's hash.
"""

from __future__ import annotations

from sqlalchemy import UniqueConstraint
from sqlmodel import Field, SQLModel


class LeagueMeta(SQLModel, table=True):
    __tablename__ = "league_meta"

    key: str = Field(primary_key=True)
    value: str


class League(SQLModel, table=True):
    __tablename__ = "league"

    id: int | None = Field(default=None, primary_key=True)
    points: str  # "4,2,1,0", "tournament" (points.py)
    made: str  # ISO time


class Person(SQLModel, table=True):
    __tablename__ = "person"

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(unique=True)


class Alias(SQLModel, table=True):
    """A name as written at a table, and the person it is (a merge points a second spelling here). Version 2."""

    __tablename__ = "alias"

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(unique=True)
    person_id: int = Field(foreign_key="person.id", index=True)


class PlayedGame(SQLModel, table=True):
    __tablename__ = "game"

    id: int | None = Field(default=None, primary_key=True)
    game_key: str = Field(unique=True)  # the hash of the game's first event: the same file, whatever came after
    head: str  # the ledger's head hash when recorded: the proof
    events: int
    edition: str
    played: str  # the date of the game's last event (YYYY-MM-DD)
    players: int
    recorded: str  # ISO time
    finished_by: str = ""  # "last one standing", "time limit", ... Version 2.


class Seat(SQLModel, table=True):
    __tablename__ = "seat"
    __table_args__ = (UniqueConstraint("game_id", "person_id"),)

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game.id", index=True)
    person_id: int = Field(foreign_key="person.id", index=True)
    name: str  # as written at the table
    place: int
    net_worth: int
    points: float
    bankrupt: bool = False
