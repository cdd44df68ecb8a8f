"""Lists keep their place: after a sale or a mortgage the cursor stays on the same deed, not the same row number.

Rulebook: 003 = 003_bd567e81029bde2a.txt (US classic).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from app_pilot import app_for, on_disk, played_file
from screen_host import keys
from textual.widgets import OptionList

from banker import commands as c
from banker.landing import WayToRaise
from screens.raise_money_screen import RaiseMoneyScreen, same_place

PLAYERS = ("Ann", "Ben", "Cat")
SIZE = (120, 40)


def way(command: c.Mortgage | c.SellBuildings) -> WayToRaise:
    return WayToRaise(f"{type(command).__name__} {command.deed}", command, 10)


def test_a_list_shrinking_above_the_cursor_keeps_it_on_its_deed() -> None:
    before = [way(c.SellBuildings("Ann", "Baltic Avenue")), way(c.Mortgage("Ann", "Reading Railroad")),
              way(c.Mortgage("Ann", "Atlantic Avenue")), way(c.Mortgage("Ann", "Water Works"))]
    now = [way(c.Mortgage("Ann", "Atlantic Avenue")), way(c.Mortgage("Ann", "Water Works"))]
    assert now[same_place(before, 2, now)].command.deed == "Atlantic Avenue"  # row 2 would be gone; row 1 Water Works


def test_a_deed_gone_from_the_list_leaves_the_cursor_on_the_deed_that_followed_it() -> None:
    before = [way(c.Mortgage("Ann", "Reading Railroad")), way(c.Mortgage("Ann", "Atlantic Avenue")),
              way(c.Mortgage("Ann", "Water Works"))]
    now = [way(c.Mortgage("Ann", "Reading Railroad")), way(c.Mortgage("Ann", "Water Works"))]
    assert now[same_place(before, 1, now)].command.deed == "Water Works"


@pytest.mark.asyncio
async def test_selling_the_last_house_keeps_raise_money_on_that_deed_now_mortgageable(tmp_path: Path) -> None:
    # 003: "all buildings on all the properties of its color-group must be sold back to the Bank before any
    # property of that color-group may be mortgaged"
    path = played_file(tmp_path / "raise.db", "classic-us", PLAYERS,
                       ["buy ann mediterranean", "buy ann baltic", "buy ann atlantic", "build ann baltic"])
    app = app_for(path)
    async with app.run_test(size=SIZE) as pilot:
        await keys(pilot, "r", "enter")  # raise money for Ann, whose turn it is
        screen = app.screen
        assert isinstance(screen, RaiseMoneyScreen)
        assert [w.label for w in screen.ways] == ["sell one house on Baltic Avenue: +$25",
                                                  "mortgage Atlantic Avenue: +$130"]
        await keys(pilot, "enter")  # the house goes; Mediterranean and Baltic may be mortgaged now, above Atlantic
        options = screen.query_one("#raise-ways", OptionList)
        assert options.highlighted is not None
        assert screen.ways[options.highlighted].label == "mortgage Baltic Avenue: +$30"
        await keys(pilot, "enter")
    with on_disk(path) as game:
        mortgaged = [deed for deed, holding in game.state.deeds.items() if holding.mortgaged]
        assert mortgaged == ["Baltic Avenue"] and game.state.deeds["Baltic Avenue"].level == 0
