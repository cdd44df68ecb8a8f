"""Snapshots of a followed turn at 120x40 and 80x24 (issue 27's proof): the toast of a landing with nothing to
decide (a rent charged by a typed roll), a for-sale dialog, a card dialog being searched, raise-money holding a
debt, and the triples picker. Update with `pytest --snapshot-update` after checking the new pictures by eye.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from app_pilot import app_for, played_file

PLAYERS = ("Ann", "Ben", "Cy")
FOLLOW = ("follow-tokens",)
SIZES = pytest.mark.parametrize("size", [(120, 40), (80, 24)], ids=["120x40", "80x24"])
OWNERS = ["roll ann 1 2", "buy ann baltic", "roll ben 3 5", "buy ben vermont", "roll cy 2 4", "buy cy oriental"]


@SIZES
def test_rent_charged_by_a_typed_roll_is_said_on_the_announcement_line(snap_compare: Any, tmp_path: Path,
                                                                       size: tuple[int, int]) -> None:
    path = played_file(tmp_path / "rent.db", "classic-us", PLAYERS, OWNERS, FOLLOW)
    assert snap_compare(app_for(path), press=["2", "3", "enter"], terminal_size=size)  # Ann onto Ben's Vermont


@SIZES
def test_for_sale_dialog_offers_buy_or_auction(snap_compare: Any, tmp_path: Path, size: tuple[int, int]) -> None:
    path = played_file(tmp_path / "sale.db", "classic-us", PLAYERS, [], FOLLOW)
    assert snap_compare(app_for(path), press=["1", "4", "enter"], terminal_size=size)  # Reading Railroad


@SIZES
def test_card_dialog_searched_by_typing(snap_compare: Any, tmp_path: Path, size: tuple[int, int]) -> None:
    path = played_file(tmp_path / "card.db", "classic-us", PLAYERS, [], FOLLOW)
    assert snap_compare(app_for(path), press=["1", "1", "enter", *"hosp"], terminal_size=size)


@SIZES
def test_raise_money_holds_the_debt(snap_compare: Any, tmp_path: Path, size: tuple[int, int]) -> None:
    lines = [*OWNERS, "pay ann 1440 bank"]
    path = played_file(tmp_path / "debt.db", "classic-us", PLAYERS, lines, FOLLOW)
    assert snap_compare(app_for(path), press=["2", "3", "enter"], terminal_size=size)  # $6 rent, Ann has $0


@SIZES
def test_triples_picker_asks_where_the_token_goes(snap_compare: Any, tmp_path: Path, size: tuple[int, int]) -> None:
    path = played_file(tmp_path / "triples.db", "mega", PLAYERS, [], FOLLOW)
    assert snap_compare(app_for(path), press=["2", "2", "2", "enter"], terminal_size=size)


@SIZES
def test_dice_typed_while_a_dialog_waits_are_a_toast_beside_it(snap_compare: Any, tmp_path: Path,
                                                                size: tuple[int, int]) -> None:
    """Issue 36: the next roll typed into a for-sale dialog buys nothing; the refusal is a toast that leaves the
    dialog whole and in sight."""
    path = played_file(tmp_path / "stray.db", "classic-us", PLAYERS, [], FOLLOW)
    assert snap_compare(app_for(path), press=["1", "4", "enter", "6", "6", "enter"], terminal_size=size)
