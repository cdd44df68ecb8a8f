"""Snapshots of a Mega Edition table (issue 7) at 120x40 and 80x24, and its landing screen on the Auction space.

A fixed edition and fixed names; nothing dated is on these screens. Update with
`pytest --snapshot-update tests/test_snapshots_mega.py` after checking the new pictures by eye.
"""

from __future__ import annotations

from pathlib import Path

from banker.game import Game
from editions import load_edition
from screens.app import BankerApp, make_app

WIDE = (120, 40)
SMALL = (80, 24)
BROWNS = ("Mediterranean Avenue", "Baltic Avenue", "Arctic Avenue")
TABLE = (
    *(f'buy Alice "{deed}"' for deed in BROWNS),
    *(f'build Alice "{deed}"' for _ in range(5) for deed in BROWNS),
    "build Alice Mediterranean",  # a skyscraper
    "buy Alice Massachusetts", "buy Alice Oriental", "buy Alice Vermont",  # all but one of light blue
    "build Alice Massachusetts",
    "buy Bob Reading", "depot Bob Reading", "buy Bob 'Short Line'", "buy Bob 'Gas Company'",
    "buy Carol Boardwalk", "buy Carol 'Park Place'", "mortgage Carol 'Park Place'",
    "ticket Carol", "ticket Carol", "gift Bob ticket", "go Bob",
)


def mega_app(tmp_path: Path, *lines: str) -> BankerApp:
    path = tmp_path / "mega.db"
    game = Game.create(path, load_edition("mega"), ["Alice", "Bob", "Carol"])
    for line in lines:
        game.do(line)
    game.close()
    return make_app(path, data=tmp_path / "data", watch=False)


def test_mega_table(snap_compare, tmp_path: Path) -> None:
    assert snap_compare(mega_app(tmp_path, *TABLE), terminal_size=WIDE)


def test_mega_table_small_terminal(snap_compare, tmp_path: Path) -> None:
    assert snap_compare(mega_app(tmp_path, *TABLE), terminal_size=SMALL)


def test_mega_landing_on_the_auction_space(snap_compare, tmp_path: Path) -> None:
    keys = ["n", "l", *"auction"]
    assert snap_compare(mega_app(tmp_path, *TABLE), press=keys, terminal_size=WIDE)
