"""The league: finished games recorded across evenings and tables, the standings, the people (docs/places.md).

Every test runs on a SQLite league file, and on a real PostgreSQL server when BANKER_TEST_POSTGRES_URL names one
(`.ci/postgres` starts a throwaway one for CI). Points per place are the league's setting: family 4,2,1,0 by default;
the tournament's one point per player placed below (monopolytourney.com/rules ranks 1 for the winner up to the last).
"""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest
from app_pilot import on_disk
from league_games import finished_game, league_at

from banker.cli import main
from banker.game import Game
from banker.league.points import points
from editions import load_edition

FOUR = ("Ann", "Bob", "Cat", "Dan")


@pytest.fixture(params=["sqlite", "postgresql"])
def league_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    yield from league_at(request.param, tmp_path)
def run(capsys: pytest.CaptureFixture[str], *args: str | Path) -> tuple[int, str, str]:
    code = main([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out, err


def standings(capsys: pytest.CaptureFixture[str], url: str) -> dict:
    code, out, err = run(capsys, "league", "standings", "--league", url, "--json")
    assert code == 0, err
    return json.loads(out)


def rows(body: dict) -> dict[str, dict]:
    return {p["name"]: p for p in body["people"]}


def test_a_finished_game_is_recorded_once_with_its_places_and_points(
        tmp_path: Path, league_url: str, capsys: pytest.CaptureFixture[str]) -> None:
    game = finished_game(tmp_path / "g.db", FOUR, ["Ann", "Bob", "Cat"])
    code, out, err = run(capsys, "league", "record", game, "--league", league_url, "--json")
    assert code == 0, err
    assert json.loads(out)["outcome"] == "recorded" and json.loads(out)["made_league"] is True
    assert json.loads(out)["points"] == {"Dan": 4, "Cat": 2, "Bob": 1, "Ann": 0}
    code, out, err = run(capsys, "league", "record", game, "--league", league_url)
    assert code == 0 and "already recorded at this head: nothing changed" in out
    body = standings(capsys, league_url)
    assert body["games"] == 1 and body["points"] == "4,2,1,0"
    assert [(p["name"], p["points"], p["wins"], p["rank"]) for p in body["people"]] == [
        ("Dan", 4, 1, 1), ("Cat", 2, 0, 2), ("Bob", 1, 0, 3), ("Ann", 0, 0, 4)]
    assert rows(body)["Dan"]["best_net_worth"] == 1500 and rows(body)["Ann"]["average_place"] == 4


def test_an_unfinished_game_is_refused_with_the_reason_and_nothing_is_made(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = finished_game(tmp_path / "g.db", FOUR, ["Ann"])
    league = tmp_path / "league.db"
    code, _, err = run(capsys, "league", "record", game, "--league", league)
    assert code == 1 and err.strip() == (
        "banker: the game is not finished, so the league cannot record it: 3 players are still in and the game has "
        "no time limit; it ends with one player left (or start a timed game: `banker new ... --time-limit 90`)")
    assert not league.exists()


def test_a_game_changed_after_it_was_recorded_is_refused_unless_update(
        tmp_path: Path, league_url: str, capsys: pytest.CaptureFixture[str]) -> None:
    path = finished_game(tmp_path / "g.db", FOUR, ["Ann", "Bob", "Cat"])
    assert run(capsys, "league", "record", path, "--league", league_url)[0] == 0
    with on_disk(path) as game:
        recorded = game.head[1]
        game.do("undo")
        game.do("redo")
    code, _, err = run(capsys, "league", "record", path, "--league", league_url)
    assert code == 1 and f"this game was recorded at head {recorded[:12]} (7 events)" in err
    assert "`--update` records it as it stands now" in err
    code, out, err = run(capsys, "league", "record", path, "--league", league_url, "--update", "--json")
    assert code == 0 and json.loads(out)["outcome"] == "updated"
    body = standings(capsys, league_url)
    assert body["games"] == 1 and rows(body)["Dan"]["games"] == 1 and rows(body)["Dan"]["points"] == 4


def test_standings_over_three_evenings(tmp_path: Path, league_url: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Points add up, wins count, the average place and the best net worth are each person's own."""
    games = [finished_game(tmp_path / "1.db", FOUR, ["Ann", "Bob", "Cat"]),  # Dan 4, Cat 2, Bob 1, Ann 0
             finished_game(tmp_path / "2.db", FOUR, ["Dan", "Cat", "Bob"]),  # Ann 4, Bob 2, Cat 1, Dan 0
             finished_game(tmp_path / "3.db", ("Ann", "Bob", "Eve"), ["Eve", "Bob"])]  # Ann 4, Bob 2, Eve 1
    for game in games:
        assert run(capsys, "league", "record", game, "--league", league_url)[0] == 0
    body = standings(capsys, league_url)
    assert body["games"] == 3
    assert [(p["name"], p["games"], p["points"], p["wins"], p["rank"]) for p in body["people"]] == [
        ("Ann", 3, 8, 2, 1), ("Bob", 3, 5, 0, 2), ("Dan", 2, 4, 1, 3), ("Cat", 2, 3, 0, 4), ("Eve", 1, 1, 0, 5)]
    assert rows(body)["Ann"]["average_place"] == 2.0 and rows(body)["Bob"]["average_place"] == 2.33
    code, out, _ = run(capsys, "league", "standings", "--league", league_url)
    assert code == 0 and out.splitlines()[0] == "3 games, points per place 4,2,1,0"


def test_two_spellings_are_two_people_until_merged(
        tmp_path: Path, league_url: str, capsys: pytest.CaptureFixture[str]) -> None:
    first = finished_game(tmp_path / "1.db", ("Mum", "Dad", "Kid"), ["Dad", "Kid"])
    second = finished_game(tmp_path / "2.db", ("mum", "Dad", "Kid"), ["mum", "Dad"])
    for game in (first, second):
        assert run(capsys, "league", "record", game, "--league", league_url)[0] == 0
    assert {"Mum", "mum"} <= set(rows(standings(capsys, league_url)))
    code, _, err = run(capsys, "league", "people", "merge", "Dad", "Kid", "--league", league_url)
    assert code == 1 and "'Dad' and 'Kid' sat at the same game (2 games): two people, not one" in err
    code, _, err = run(capsys, "league", "people", "merge", "mom", "Mum", "--league", league_url)
    assert code == 1 and "nobody in the league is written 'mom'" in err
    code, out, err = run(capsys, "league", "people", "merge", "mum", "Mum", "--league", league_url)
    assert code == 0 and out.strip() == "mum is Mum now: 1 game moved"
    body = standings(capsys, league_url)
    assert "mum" not in rows(body) and rows(body)["Mum"]["games"] == 2 and rows(body)["Mum"]["points"] == 5
    code, out, _ = run(capsys, "league", "people", "--league", league_url, "--json")
    assert {"name": "Mum", "spellings": ["mum"], "games": 2} in json.loads(out)["people"]
    third = finished_game(tmp_path / "3.db", ("mum", "Dad"), ["Dad"])  # the merged spelling finds Mum
    assert run(capsys, "league", "record", third, "--league", league_url)[0] == 0
    assert rows(standings(capsys, league_url))["Mum"]["games"] == 3


def test_the_points_are_the_leagues_own_setting(
        tmp_path: Path, league_url: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "league", "new", "--league", league_url, "--points", "tournament")
    assert code == 0 and out.strip() == "new league, points per place tournament"
    code, _, err = run(capsys, "league", "new", "--league", league_url)
    assert code == 1 and "there is a league here already (points tournament)" in err
    game = finished_game(tmp_path / "g.db", FOUR, ["Ann", "Bob", "Cat"])
    code, out, _ = run(capsys, "league", "record", game, "--league", league_url, "--json")
    assert json.loads(out)["points"] == {"Dan": 3, "Cat": 2, "Bob": 1, "Ann": 0}


def test_a_points_setting_that_cannot_be_read_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "league", "new", "--league", tmp_path / "l.db", "--points", "lots")
    assert code == 1 and "'lots' is not a points setting; write family (4,2,1,0)" in err
    assert not (tmp_path / "l.db").exists()


def test_a_shared_place_shares_the_points_of_the_places_it_covers() -> None:
    assert points("4,2,1,0", [1, 1, 3, 4]) == [3, 3, 1, 0]
    assert points("4,2,1,0", [1, 2, 2, 2]) == [4, 1, 1, 1]
    assert points("tournament", [1, 2, 3, 4, 5]) == [4, 3, 2, 1, 0]
    assert points("5,3", [1, 2, 3]) == [5, 3, 0]


def test_a_game_ended_by_its_time_limit_is_finished(
        tmp_path: Path, league_url: str, capsys: pytest.CaptureFixture[str]) -> None:
    from banker import commands as c

    path = tmp_path / "timed.db"
    game = Game.create(path, load_edition("classic-uk"), ("Ann", "Bob", "Cat"))
    try:
        game.do("buy bob mayfair")
        game.execute(c.SetTimeLimit(90, "2000-01-01T00:00:00+00:00"))
        game.do("pay cat 10")
        game.do("end")
    finally:
        game.close()
    code, out, err = run(capsys, "league", "record", path, "--league", league_url, "--json")
    assert code == 0, err
    assert json.loads(out)["points"] == {"Ann": 4, "Bob": 2, "Cat": 1}  # Bob's M400 is in Mayfair, not in cash


def test_no_league_yet_says_how_to_make_one(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "league", "standings", "--league", tmp_path / "none.db")
    assert code == 1 and "there is no league here yet; `banker league new` makes one" in err


# -- an older league file -----------------------------------------------------------------------------------

VERSION_1 = """
CREATE TABLE league_meta (key VARCHAR NOT NULL PRIMARY KEY, value VARCHAR NOT NULL);
CREATE TABLE league (id INTEGER NOT NULL PRIMARY KEY, points VARCHAR NOT NULL, made VARCHAR NOT NULL);
CREATE TABLE person (id INTEGER NOT NULL PRIMARY KEY, name VARCHAR NOT NULL UNIQUE);
CREATE TABLE game (id INTEGER NOT NULL PRIMARY KEY, game_key VARCHAR NOT NULL UNIQUE, head VARCHAR NOT NULL,
    events INTEGER NOT NULL, edition VARCHAR NOT NULL, played VARCHAR NOT NULL, players INTEGER NOT NULL,
    recorded VARCHAR NOT NULL);
CREATE TABLE seat (id INTEGER NOT NULL PRIMARY KEY, game_id INTEGER NOT NULL REFERENCES game (id),
    person_id INTEGER NOT NULL REFERENCES person (id), name VARCHAR NOT NULL, place INTEGER NOT NULL,
    net_worth INTEGER NOT NULL, points FLOAT NOT NULL, bankrupt BOOLEAN NOT NULL, UNIQUE (game_id, person_id));
INSERT INTO league_meta VALUES ('schema', '1');
INSERT INTO league VALUES (1, '4,2,1,0', '2026-06-01T20:00:00+00:00');
INSERT INTO person VALUES (1, 'Gran'), (2, 'Tom');
INSERT INTO game VALUES (1, 'k1', 'h1', 40, 'classic-uk', '2026-06-01', 2, '2026-06-01T22:00:00+00:00');
INSERT INTO seat VALUES (1, 1, 1, 'Gran', 1, 3000, 4, 0), (2, 1, 2, 'Tom', 2, 0, 2, 1);
"""


def test_a_league_file_of_schema_version_1_opens_and_is_brought_up_to_date(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    old = tmp_path / "old-league.db"
    with sqlite3.connect(old) as connection:
        connection.executescript(VERSION_1)
    body = standings(capsys, str(old))
    assert [(p["name"], p["points"], p["games"]) for p in body["people"]] == [("Gran", 4, 1), ("Tom", 2, 1)]
    with sqlite3.connect(old) as connection:
        assert connection.execute("SELECT value FROM league_meta WHERE key = 'schema'").fetchone() == ("2",)
        assert connection.execute("SELECT name, person_id FROM alias ORDER BY name").fetchall() == [
            ("Gran", 1), ("Tom", 2)]
        assert connection.execute("SELECT finished_by FROM game").fetchall() == [("",)]
    game = finished_game(tmp_path / "g.db", ("Gran", "Tom"), ["Gran"])
    assert run(capsys, "league", "record", game, "--league", old)[0] == 0
    assert rows(standings(capsys, str(old)))["Gran"]["games"] == 2  # the old person, found by name


def test_a_league_from_a_newer_banker_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    newer = tmp_path / "newer.db"
    with sqlite3.connect(newer) as connection:
        connection.executescript(VERSION_1.replace("('schema', '1')", "('schema', '9')"))
    code, _, err = run(capsys, "league", "standings", "--league", newer)
    assert code == 1 and "this league was made by a newer Banker (schema 9, this one reads up to 2)" in err


# -- the action path stays light --------------------------------------------------------------------------------


def test_acting_at_the_table_never_loads_the_league(tmp_path: Path) -> None:
    """Start-up and action speed: neither SQLAlchemy nor SQLModel is imported by a game, its actions or `state`."""
    path = tmp_path / "g.db"
    script = textwrap.dedent(f"""
        import sys
        from banker.cli import main
        assert main(["new", {str(path)!r}, "--players", "Ann,Bob", "--time-limit", "90"]) == 0
        assert main(["do", {str(path)!r}, "pay", "ann", "10"]) == 0
        assert main(["state", {str(path)!r}, "--json"]) == 0
        assert main(["score", {str(path)!r}, "--json"]) == 0
        import banker.game, screens.table_screen
        loaded = sorted(m for m in sys.modules if m.split(".")[0] in ("sqlalchemy", "sqlmodel", "psycopg")
                        or m.startswith("banker.league"))
        print("LOADED", loaded)
    """)
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert "LOADED []" in result.stdout
