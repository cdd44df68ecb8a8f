"""`banker league`: record a finished game in a league, the standings, the people (docs/places.md).

The league (SQLModel, SQLAlchemy) is loaded by these commands only, never by an action at the table.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from .errors import Refusal
from .game import Game

if TYPE_CHECKING:
    from .league.store import GameRecord

POINTS_HELP = "points per place: family (4,2,1,0), tournament (one per player placed below), or e.g. 5,3,2,1"


def add_parser(sub: argparse._SubParsersAction) -> None:  # argparse names its own type so
    league = sub.add_parser("league", help="a league across evenings and tables: record, standings, people")
    words = league.add_subparsers(dest="league_command", required=True)
    where = argparse.ArgumentParser(add_help=False)
    where.add_argument("--league", metavar="URL", help="a league file or postgresql://...; default: $BANKER_LEAGUE, "
                                                       "else league.db in the user data folder")
    new = words.add_parser("new", parents=[where], help="make the league, with its points per place")
    new.add_argument("--points", default="family", help=POINTS_HELP)
    record = words.add_parser("record", parents=[where], help="add a finished game (the same game twice: no change)")
    record.add_argument("game", type=Path)
    record.add_argument("--update", action="store_true", help="the game changed since it was recorded: record it anew")
    record.add_argument("--json", action="store_true")
    standings = words.add_parser("standings", parents=[where], help="each person's games, points, wins")
    standings.add_argument("--json", action="store_true")
    people = words.add_parser("people", parents=[where], help="the people; `merge NAME INTO` joins two spellings")
    people.add_argument("decision", nargs="?", choices=("merge",))
    people.add_argument("spelling", nargs="?", help="the spelling to merge away, as the list shows it")
    people.add_argument("into", nargs="?", help="the person it is")
    people.add_argument("--json", action="store_true")


def game_record(game: Game) -> GameRecord:
    """A finished game as the league keeps it; an unfinished one is refused with the reason."""
    from .league.store import GameRecord, SeatRecord
    from .places import finished, out_order_of, places

    state = game.state
    how, why_not = finished(state)
    if how is None:
        raise Refusal(f"the game is not finished, so the league cannot record it: {why_not}")
    assert game.timeline is not None
    key = game.store.hash_at(1)
    last = game.store.records(game.head[0] - 1, game.head[0])
    assert key is not None and last
    seats = tuple(SeatRecord(p.name, p.place, p.worth.net_worth, p.worth.bankrupt)
                  for p in places(state, out_order_of(game.timeline)))
    return GameRecord(key, game.head[1], game.head[0], state.edition.id, last[-1].time[:10], how, seats)


def league(args: argparse.Namespace) -> int:
    from .league.schema import LeagueError
    from .league.store import LeagueStore

    try:
        return _league(args, LeagueStore)
    except LeagueError as error:
        print(f"banker: {error}", file=sys.stderr)
        return 1


def _league(args: argparse.Namespace, store_type: type) -> int:
    from .league import points as pts
    from .saves import data_dir

    command = args.league_command
    if command == "new":
        if reason := pts.scheme_refusal(args.points):
            raise Refusal(reason)
        store, made = store_type.open(args.league, data_dir(), pts.normal(args.points))
        try:
            if not made:
                raise Refusal(f"there is a league here already (points {store.points_setting()}); "
                              "`banker league standings` shows it")
            print(f"new league, points per place {pts.normal(args.points)}")
        finally:
            store.close()
        return 0
    if command == "record":
        game = Game.open(args.game)
        try:
            record = game_record(game)
        finally:
            game.close()
        store, made = store_type.open(args.league, data_dir(), pts.FAMILY)
        try:
            done = store.record(record, args.update)
        finally:
            store.close()
        if args.json:
            print(json.dumps({"outcome": done.outcome, "made_league": made, "head": record.head,
                              "points": done.points}, indent=2, ensure_ascii=False))
            return 0
        if made:
            print(f"new league, points per place {pts.FAMILY} (`banker league new --points` chooses others)")
        said = {"recorded": "recorded", "updated": "recorded anew (--update)",
                "unchanged": "already recorded at this head: nothing changed"}[done.outcome]
        print(f"{args.game}: {said}; finished by {record.finished_by}, head {record.head[:12]}")
        for seat in record.seats:
            got = done.points.get(seat.name, 0)
            print(f"  {seat.place:>2}. {seat.name:<12} {_points(got)} point{'s' if got != 1 else ''}")
        return 0
    store, _ = store_type.open(args.league, data_dir())
    try:
        if not store.exists():
            raise Refusal("there is no league here yet; `banker league new` makes one, or `banker league record "
                          "GAME.db` makes it with the family points")
        if command == "standings":
            return _standings(store, args.json)
        return _people(store, args)
    finally:
        store.close()


def _standings(store, as_json: bool) -> int:  # type: ignore[no-untyped-def]
    rows = store.standings()
    if as_json:
        print(json.dumps({"points": store.points_setting(), "games": store.games_count(),
                          "people": [r.to_json() for r in rows]}, indent=2, ensure_ascii=False))
        return 0
    print(f"{store.games_count()} games, points per place {store.points_setting()}")
    print(f"{'':>3} {'person':<14} {'games':>5} {'points':>7} {'wins':>5} {'avg place':>9} {'best net worth':>15}")
    for r in rows:
        print(f"{r.rank:>3} {r.name:<14} {r.games:>5} {_points(r.points):>7} {r.wins:>5} {r.average_place:>9.2f} "
              f"{r.best_net_worth:>15,}")
    return 0


def _people(store, args: argparse.Namespace) -> int:  # type: ignore[no-untyped-def]
    if args.decision == "merge":
        if not args.spelling or not args.into:
            raise Refusal("say which spelling is whom: banker league people merge mum Mum")
        moved = store.merge(args.spelling, args.into)
        print(f"{args.spelling} is {args.into} now: {moved} game{'s' if moved != 1 else ''} moved")
        return 0
    rows = store.people()
    if args.json:
        print(json.dumps({"people": [{"name": n, "spellings": s, "games": g} for n, s, g in rows]}, indent=2,
                         ensure_ascii=False))
        return 0
    for name, spellings, games in rows:
        also = f"  (also written {', '.join(spellings)})" if spellings else ""
        print(f"{name:<14} {games:>3} game{'s' if games != 1 else ''}{also}")
    return 0


def _points(value: float) -> str:
    return f"{value:g}"
