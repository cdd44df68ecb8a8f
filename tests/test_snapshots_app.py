"""Snapshots of the app's own screens (start, new game, table, landing, raise money) at 120x40, one at 80x24.

A fixed edition and fixed names; nothing dated is on these screens (the saved-games list,
which shows times, is snapshotted empty). Update with `pytest --snapshot-update` after
checking the new pictures by eye.
"""

from __future__ import annotations

from pathlib import Path

from app_pilot import wait_until
from textual.pilot import Pilot
from textual.widgets import Input

from banker.game import Game
from editions import load_edition
from screens.app import BankerApp, make_app

WIDE = (120, 40)
SMALL = (80, 24)
TABLE = ("buy Alice Mediterranean", "buy Alice Baltic", "build Alice Mediterranean", "build Alice Baltic",
         "build Alice Baltic", "buy Bob Reading", "buy Bob Water", "mortgage Bob Reading",
         "buy Carol Boardwalk", "card Carol chest goojf", "jail Carol", "go Bob")


def table_app(tmp_path: Path, *lines: str) -> BankerApp:
    path = tmp_path / "table.db"
    game = Game.create(path, load_edition("classic-us"), ["Alice", "Bob", "Carol"])
    for line in lines:
        game.do(line)
    game.close()
    return make_app(path, data=tmp_path / "data", watch=False)


def test_start_screen(snap_compare, tmp_path: Path) -> None:
    assert snap_compare(make_app(data=tmp_path, watch=False), terminal_size=WIDE)


def test_new_game_screen(snap_compare, tmp_path: Path) -> None:
    async def new_game_laid_out(pilot: Pilot) -> None:
        """The names are typed once the name fields have their width: typed into a field not yet laid out, a name
        is scrolled as in a field three cells wide (a busy machine drew "ice" for "Alice")."""
        await pilot.press("n")

        def laid_out() -> bool:  # the first two rows' fields (the rows past the table's size are hidden)
            fields = pilot.app.screen.query(Input)
            return len(fields) >= 2 and all(field.size.width > 10 for field in list(fields)[:2])

        await wait_until(pilot, laid_out, "the first two name fields laid out")
        await pilot.press(*"Alice", "enter", *"Bob", "enter")

    assert snap_compare(make_app(data=tmp_path, watch=False), run_before=new_game_laid_out, terminal_size=WIDE)


def test_table_screen(snap_compare, tmp_path: Path) -> None:
    assert snap_compare(table_app(tmp_path, *TABLE), terminal_size=WIDE)


def test_table_screen_small_terminal(snap_compare, tmp_path: Path) -> None:
    assert snap_compare(table_app(tmp_path, *TABLE), terminal_size=SMALL)


def test_landing_screen_offers_rent(snap_compare, tmp_path: Path) -> None:
    keys = ["n", "l", *"balt"]
    assert snap_compare(table_app(tmp_path, *TABLE), press=keys, terminal_size=WIDE)


def test_build_choices(snap_compare, tmp_path: Path) -> None:
    assert snap_compare(table_app(tmp_path, *TABLE), press=["b"], terminal_size=WIDE)


def test_raise_money_screen(snap_compare, tmp_path: Path) -> None:
    lines = (*TABLE, "build Alice Mediterranean", "build Alice Baltic", "pay Bob 1300 Alice")
    keys = ["n", "l", *"balt", "enter", "enter"]
    assert snap_compare(table_app(tmp_path, *lines), press=keys, terminal_size=WIDE)
