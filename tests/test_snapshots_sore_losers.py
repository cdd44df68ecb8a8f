"""Snapshots of a Monopoly for Sore Losers table (issue 8) at 120x40 and 80x24, and its end screen.

The table has a Mr. Monopoly (Bob), a player he trapped (Carol), coins from rent, tax and
Free Parking, and a free house; the end screen is shown after the final rent round. A fixed
edition and fixed names; nothing dated is on these screens. Update with
`pytest --snapshot-update tests/test_snapshots_sore_losers.py` after checking the new pictures by eye.
"""

from __future__ import annotations

from pathlib import Path

from banker.game import Game
from editions import load_edition
from screens.app import BankerApp, make_app

WIDE = (120, 40)
SMALL = (80, 24)
TABLE = (
    "buy Alice Mediterranean", "buy Alice Baltic", "buy Carol Reading", "buy Carol Oriental",
    "rent Bob Mediterranean", "tax Bob income",  # a coin for rent, a coin for a tax: Bob holds 4
    "cashin Bob",  # Mr. Monopoly
    "parking Carol Alice",  # Free Parking: Carol steals one of Alice's coins
    "rent Bob Reading",  # reversed: Carol pays him, and takes a coin for paying rent
    "trap Bob Carol Oriental",  # he lands on Carol and steals Oriental Avenue
    "place Baltic",  # doubles: a free house
    "buy Alice Boardwalk", "buy Alice 'Park Place'",
)


def sore_losers_app(tmp_path: Path, *lines: str) -> BankerApp:
    path = tmp_path / "sore.db"
    game = Game.create(path, load_edition("sore-losers"), ["Alice", "Bob", "Carol"])
    for line in lines:
        game.do(line)
    game.close()
    return make_app(path, data=tmp_path / "data", watch=False)


def every_deed_sold() -> tuple[str, ...]:
    deeds = [d for d in load_edition("sore-losers").deeds
             if d not in ("Mediterranean Avenue", "Baltic Avenue", "Reading Railroad", "Oriental Avenue",
                          "Boardwalk", "Park Place")]
    return ("collect Bob 2000", "collect Carol 2000",
            *(f'buy {("Bob", "Carol")[i % 2]} "{deed}"' for i, deed in enumerate(deeds)))


def test_sore_losers_table(snap_compare, tmp_path: Path) -> None:
    assert snap_compare(sore_losers_app(tmp_path, *TABLE), terminal_size=WIDE)


def test_sore_losers_table_small_terminal(snap_compare, tmp_path: Path) -> None:
    """Carol's turn: the cards scroll to her, so Mr. Monopoly's card and her trapped mark are both in view."""
    assert snap_compare(sore_losers_app(tmp_path, *TABLE), press=["n", "n"], terminal_size=SMALL)


def test_sore_losers_landing_of_mr_monopoly(snap_compare, tmp_path: Path) -> None:
    """Mr. Monopoly lands on Alice's Boardwalk: he collects the rent, or traps a player standing there."""
    keys = ["n", "l", *"boardwalk"]
    assert snap_compare(sore_losers_app(tmp_path, *TABLE), press=keys, terminal_size=WIDE)


def test_sore_losers_end_screen_after_the_final_round(snap_compare, tmp_path: Path) -> None:
    app = sore_losers_app(tmp_path, *TABLE, *every_deed_sold(), "final")
    assert snap_compare(app, press=["E"], terminal_size=WIDE)


def test_sore_losers_end_screen_small_terminal(snap_compare, tmp_path: Path) -> None:
    app = sore_losers_app(tmp_path, *TABLE, *every_deed_sold(), "final")
    assert snap_compare(app, press=["E"], terminal_size=SMALL)
