"""Dialogs that ask for a player start on the player whose turn it is; mortgage and build ask for the player first,
then offer only that player's deeds. In a followed game the turn is the roller's until the next dice are typed.

Rulebooks: 003 = 003_bd567e81029bde2a.txt (US classic), 000 = 000_0633d1fb819bfb08.txt (Mega).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from app_pilot import app_for, choice_labels, on_disk, played_file, wait_until
from screen_host import keys
from textual.widgets import OptionList

from screens.app import BankerApp
from screens.choice_screen import ChoiceScreen

PLAYERS = ("Ann", "Ben", "Cat")
SIZE = (120, 40)
FOLLOW = ("follow-tokens",)


def highlighted(app: BankerApp) -> str:
    screen = app.screen
    assert isinstance(screen, ChoiceScreen)
    index = screen.query_one(OptionList).highlighted
    assert index is not None
    return screen.choices[index].label


@pytest.mark.asyncio
async def test_after_anns_roll_the_player_dialogs_start_on_ann_not_on_the_next_roller(tmp_path: Path) -> None:
    # 003: a turn is the roll and what the player does after it; Ben's turn starts with Ben's dice
    path = played_file(tmp_path / "turn.db", "mega", PLAYERS, ["roll ann 1 2 1", "buy ann oriental"], FOLLOW)
    app = app_for(path)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, ChoiceScreen), "what waits comes back on opening")
        await keys(pilot, "escape")  # what waits (Arctic Avenue, for sale) comes back on opening (issue 36): left
        for key in ("p", "j", "h", "x", "r"):
            await keys(pilot, key)
            await wait_until(pilot, lambda: highlighted(app).startswith("Ann"), f"{key}: the dialog opens on Ann")
            await keys(pilot, "escape")


@pytest.mark.asyncio
async def test_a_jailed_player_about_to_roll_is_the_one_the_jail_dialog_starts_on(tmp_path: Path) -> None:
    # 003: "paying a fine of $50 before he rolls the dice on either of his next two turns"
    path = played_file(tmp_path / "jail2.db", "classic-us", PLAYERS, ["roll ann 1 2", "buy ann baltic",
                                                                     "jail ben"], FOLLOW)
    app = app_for(path)
    async with app.run_test(size=SIZE) as pilot:
        await keys(pilot, "j")
        # Ben, alone in jail, rolls next: his fine comes first, at once
        await wait_until(pilot, lambda: app.screen.title_text == "Jail: Ben")


@pytest.mark.asyncio
async def test_mortgage_asks_for_the_player_then_offers_only_his_deeds(tmp_path: Path) -> None:
    # 003: "Unimproved properties can be mortgaged through the Bank at any time"
    lines = ["roll ann 1 2", "buy ann baltic", "roll ben 2 3", "buy ben reading", "roll cat 3 3", "buy cat oriental",
             "roll cat 1 3"]
    path = played_file(tmp_path / "mortgage.db", "classic-us", PLAYERS, lines, FOLLOW)
    app = app_for(path)
    async with app.run_test(size=SIZE) as pilot:
        await keys(pilot, "m")
        await wait_until(pilot, lambda: [label.split()[0] for label in choice_labels(app)] == ["Ann", "Ben", "Cat"])
        assert highlighted(app).startswith("Cat")  # Cat rolled last; Ann's dice are next
        await keys(pilot, "2")
        await wait_until(pilot, lambda: app.screen.title_text == "Ben mortgages which deed?")
        assert choice_labels(app) == ["Reading Railroad: +$100"]
        await keys(pilot, "1")
    with on_disk(path) as game:
        assert game.state.deeds["Reading Railroad"].mortgaged and not game.state.deeds["Baltic Avenue"].mortgaged


@pytest.mark.asyncio
async def test_build_skips_the_player_question_when_one_player_alone_can_build(tmp_path: Path) -> None:
    # 003: "When a player owns all the properties in a color-group he may buy houses"
    path = played_file(tmp_path / "build.db", "classic-us", PLAYERS,
                       ["buy ann mediterranean", "buy ann baltic", "buy ben reading"])
    app = app_for(path)
    async with app.run_test(size=SIZE) as pilot:
        await keys(pilot, "b")
        await wait_until(pilot, lambda: app.screen.title_text == "Ann builds on which deed?")
        assert choice_labels(app) == ["Mediterranean Avenue: no buildings → 1 house for $50",
                                      "Baltic Avenue: no buildings → 1 house for $50"]
