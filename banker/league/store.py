"""The league's work: record a finished game, the standings, the people and merging two spellings of one person.

Recording is one transaction. A game is known by its first event's hash and a person by a name: both are unique keys,
inserted with ON CONFLICT DO NOTHING and read back, so twenty tables recording at the same moment (processes, on
one PostgreSQL server) neither lose a game nor make a person or a game twice.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from sqlalchemy import Engine, delete, func, select, update
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.engine import Connection
from sqlalchemy.exc import OperationalError, SQLAlchemyError

from . import points as pts
from .models import Alias, League, Person, PlayedGame, Seat
from .schema import LeagueError, engine_for, league_url, prepare, shown

GAME, PERSON, ALIAS, SEAT, LEAGUE = (t.__table__ for t in (PlayedGame, Person, Alias, Seat, League))  # type: ignore


@dataclass(frozen=True)
class SeatRecord:
    name: str
    place: int
    net_worth: int
    bankrupt: bool


@dataclass(frozen=True)
class GameRecord:
    """A finished game as the league keeps it (made from the game file by `banker league record`)."""

    game_key: str
    head: str
    events: int
    edition: str
    played: str
    finished_by: str
    seats: tuple[SeatRecord, ...]


@dataclass(frozen=True)
class Recorded:
    outcome: str  # "recorded", "unchanged", "updated"
    points: dict[str, float] = field(default_factory=dict)
    made: bool = False  # the league was made by this record (with the default points)


@dataclass(frozen=True)
class Standing:
    name: str
    games: int
    points: float
    wins: int
    average_place: float
    best_net_worth: int
    total_net_worth: int
    rank: int = 0

    def to_json(self) -> dict:
        return {"name": self.name, "games": self.games, "points": self.points, "wins": self.wins,
                "average_place": self.average_place, "best_net_worth": self.best_net_worth,
                "total_net_worth": self.total_net_worth, "rank": self.rank}


class Changed(LeagueError):
    """The game was recorded at another head: undone or played on since."""


class LeagueStore:
    def __init__(self, engine: Engine, url: str) -> None:
        self.engine, self.url = engine, url

    @classmethod
    def open(cls, given: str | None, data: Path, points: str | None = None) -> tuple[LeagueStore, bool]:
        """The league at `given` (see `league_url`); made with `points` when there is none and `points` is given.
        Returns the store and whether it was made now."""
        url = league_url(given, data)
        engine = engine_for(url)
        try:
            made, _ = prepare(engine, points)
        except SQLAlchemyError as error:
            engine.dispose()
            raise LeagueError(f"{shown(url)}: cannot open the league ({_first_line(error)})") from None
        return cls(engine, url), made

    def close(self) -> None:
        self.engine.dispose()

    def exists(self) -> bool:
        with self.engine.connect() as connection:
            from .schema import version

            return version(connection) > 0

    def points_setting(self) -> str:
        with self.engine.connect() as connection:
            return str(connection.execute(select(LEAGUE.c.points)).scalar_one())

    # -- recording --------------------------------------------------------------------------------------------

    def record(self, game: GameRecord, update_changed: bool = False) -> Recorded:
        for attempt in range(5):
            try:
                with self.engine.begin() as connection:
                    return self._record(connection, game, update_changed)
            except OperationalError as error:  # a deadlock or a serialization failure: the whole record again
                if attempt == 4:
                    raise LeagueError(f"{shown(self.url)}: the record failed ({_first_line(error)}); try again") \
                        from None
        raise AssertionError("unreachable")

    def _record(self, connection: Connection, game: GameRecord, update_changed: bool) -> Recorded:
        setting = str(connection.execute(select(LEAGUE.c.points)).scalar_one())
        earned = pts.points(setting, [s.place for s in game.seats])
        row = {"game_key": game.game_key, "head": game.head, "events": game.events, "edition": game.edition,
               "played": game.played, "players": len(game.seats), "finished_by": game.finished_by,
               "recorded": datetime.now(UTC).isoformat(timespec="seconds")}
        new_id = connection.execute(self._insert(GAME).values(**row).on_conflict_do_nothing()
                                    .returning(GAME.c.id)).scalar()
        outcome = "recorded"
        if new_id is None:
            old = connection.execute(select(GAME.c.id, GAME.c.head, GAME.c.events)
                                     .where(GAME.c.game_key == game.game_key)).one()
            if old.head == game.head:
                return Recorded("unchanged", self._points_of(connection, old.id))
            if not update_changed:
                raise Changed(f"this game was recorded at head {old.head[:12]} ({old.events} events); it has "
                              f"changed since (now {game.head[:12]}, {game.events} events: an undo or more play); "
                              "`--update` records it as it stands now")
            connection.execute(delete(SEAT).where(SEAT.c.game_id == old.id))
            connection.execute(update(GAME).where(GAME.c.id == old.id).values(**row))
            new_id, outcome = old.id, "updated"
        for seat, got in zip(game.seats, earned, strict=True):
            person = self._person(connection, seat.name)
            connection.execute(SEAT.insert().values(game_id=new_id, person_id=person, name=seat.name,
                                                    place=seat.place, net_worth=seat.net_worth, points=got,
                                                    bankrupt=seat.bankrupt))
        return Recorded(outcome, {s.name: got for s, got in zip(game.seats, earned, strict=True)})

    def _insert(self, table):  # type: ignore[no-untyped-def]
        return (pg_insert if self.engine.dialect.name == "postgresql" else sqlite_insert)(table)

    def _person(self, connection: Connection, name: str) -> int:
        """The person a name is: its alias, else a new person (the name taken as written, never folded)."""
        found = connection.execute(select(ALIAS.c.person_id).where(ALIAS.c.name == name)).scalar()
        if found is not None:
            return int(found)
        connection.execute(self._insert(PERSON).values(name=name).on_conflict_do_nothing())
        person = int(connection.execute(select(PERSON.c.id).where(PERSON.c.name == name)).scalar_one())
        connection.execute(self._insert(ALIAS).values(name=name, person_id=person).on_conflict_do_nothing())
        return int(connection.execute(select(ALIAS.c.person_id).where(ALIAS.c.name == name)).scalar_one())

    def _points_of(self, connection: Connection, game_id: int) -> dict[str, float]:
        rows = connection.execute(select(SEAT.c.name, SEAT.c.points).where(SEAT.c.game_id == game_id))
        return {name: got for name, got in rows}

    # -- reading ----------------------------------------------------------------------------------------------

    def seats(self) -> list[tuple[str, str, str, int, int, float, int]]:
        """Every seat: (person, date played, game key, place, net worth, points, game id), in the order played."""
        query = (select(PERSON.c.name, GAME.c.played, GAME.c.game_key, SEAT.c.place, SEAT.c.net_worth,
                        SEAT.c.points, GAME.c.id)
                 .join(SEAT, SEAT.c.person_id == PERSON.c.id).join(GAME, GAME.c.id == SEAT.c.game_id)
                 .order_by(GAME.c.played, GAME.c.id))
        with self.engine.connect() as connection:
            return [tuple(row) for row in connection.execute(query)]  # type: ignore[misc]

    def standings(self) -> list[Standing]:
        return standings(self.seats())

    def games_count(self) -> int:
        with self.engine.connect() as connection:
            return int(connection.execute(select(func.count()).select_from(GAME)).scalar_one())

    def people(self) -> list[tuple[str, list[str], int]]:
        """Each person: their name, the other spellings merged into them, their games."""
        with self.engine.connect() as connection:
            names = {pid: name for pid, name in connection.execute(select(PERSON.c.id, PERSON.c.name))}
            spellings: dict[int, list[str]] = {pid: [] for pid in names}
            for alias, pid in connection.execute(select(ALIAS.c.name, ALIAS.c.person_id).order_by(ALIAS.c.name)):
                if alias != names.get(pid):
                    spellings.setdefault(pid, []).append(alias)
            games = dict(connection.execute(select(SEAT.c.person_id, func.count()).group_by(SEAT.c.person_id)).all())
        return sorted(((names[p], spellings[p], int(games.get(p, 0))) for p in names), key=lambda r: r[0].lower())

    def merge(self, spelling: str, into: str) -> int:
        """The person written `spelling` is the person `into`: their seats and spellings go to `into`. Returns the
        games moved. Refused when both sat at one game (two people, then) or either is unknown."""
        with self.engine.begin() as connection:
            ids = {}
            for name in (spelling, into):
                found = connection.execute(select(ALIAS.c.person_id).where(ALIAS.c.name == name)).scalar()
                if found is None:
                    known = [n for (n,) in connection.execute(select(PERSON.c.name).order_by(PERSON.c.name))]
                    raise LeagueError(f"nobody in the league is written {name!r}; the people: {', '.join(known)}")
                ids[name] = int(found)
            source, target = ids[spelling], ids[into]
            if source == target:
                raise LeagueError(f"{spelling!r} and {into!r} are one person already")
            both = connection.execute(
                select(func.count()).select_from(SEAT).where(SEAT.c.person_id == source, SEAT.c.game_id.in_(
                    select(SEAT.c.game_id).where(SEAT.c.person_id == target)))).scalar_one()
            if both:
                raise LeagueError(f"{spelling!r} and {into!r} sat at the same game ({both} game"
                                  f"{'s' if both != 1 else ''}): two people, not one; nothing merged")
            moved = connection.execute(update(SEAT).where(SEAT.c.person_id == source)
                                       .values(person_id=target)).rowcount
            connection.execute(update(ALIAS).where(ALIAS.c.person_id == source).values(person_id=target))
            connection.execute(delete(PERSON).where(PERSON.c.id == source))
            return int(moved or 0)


def standings(seats: Sequence[tuple[str, str, str, int, int, float, int]]) -> list[Standing]:
    """Each person's games, points, wins, average place and best net worth; ranked by points, then wins, then the
    money total over all their games (monopolytourney.com/rules: "A player's money total ... will be used in the
    case of a tie"). Rows equal on all three share a rank; their order on the list is by name, for reading only."""
    by: dict[str, list[tuple[int, int, float]]] = {}
    for name, _, _, place, worth, got, _ in seats:
        by.setdefault(name, []).append((place, worth, got))
    rows = [Standing(name, len(rows), round(sum(r[2] for r in rows), 2), sum(1 for r in rows if r[0] == 1),
                     round(sum(r[0] for r in rows) / len(rows), 2), max(r[1] for r in rows), sum(r[1] for r in rows))
            for name, rows in by.items()]
    def key(s: Standing) -> tuple[float, int, int]:
        return (-s.points, -s.wins, -s.total_net_worth)

    rows.sort(key=lambda s: (key(s), s.name.lower()))
    ranked: list[Standing] = []
    for i, s in enumerate(rows):
        shared = bool(ranked) and key(ranked[-1]) == key(s)
        ranked.append(Standing(**{**s.__dict__, "rank": ranked[-1].rank if shared else i + 1}))
    return ranked


def evenings(seats: Sequence[tuple[str, str, str, int, int, float, int]]) -> tuple[list[str], dict[str, list[float]]]:
    """The points each person has after each evening (a date with games), for the chart."""
    dates = sorted({played for _, played, *_ in seats})
    people = sorted({name for name, *_ in seats}, key=str.lower)
    curves = {p: [0.0] * len(dates) for p in people}
    for name, played, _, _, _, got, _ in seats:
        curves[name][dates.index(played)] += got
    for p in people:
        for i in range(1, len(dates)):
            curves[p][i] += curves[p][i - 1]
    return dates, curves


def _first_line(error: BaseException) -> str:
    return str(getattr(error, "orig", None) or error).strip().splitlines()[0]
