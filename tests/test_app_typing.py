"""Typing at a followed table: every digit of a burst reaches the roll, the bar says how to roll, and the bar hands
the keys back to the table once its line has run. Checked against the ledger on disk.

Rulebooks: 003 = 003_bd567e81029bde2a.txt (US classic), 000 = 000_0633d1fb819bfb08.txt (Mega).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from app_pilot import app_for, burst, on_disk, played_file
from screen_host import keys

from screens.board_list import BoardList
from screens.command_bar import CommandBar
from screens.table_screen import TableScreen

PLAYERS = ("Ann", "Ben", "Cat")
SIZE = (120, 40)
FOLLOW = ("follow-tokens",)


@pytest.mark.asyncio
async def test_dice_typed_in_a_burst_all_reach_the_roll(tmp_path: Path) -> None:
    path = played_file(tmp_path / "burst.db", "classic-us", PLAYERS, [], FOLLOW)
    app = app_for(path)
    async with app.run_test(size=SIZE) as pilot:
        await burst(pilot, "3", "4", "enter")  # read together, as a paste or `tmux send-keys 34 Enter` sends them
        assert app.screen.title_text == "Chance: which card did Ann draw?"  # the card, asked at once
    with on_disk(path) as game:
        assert game.state.position("Ann") == 7 and game.state.whose_roll == "Ben"


@pytest.mark.asyncio
async def test_a_speed_die_burst_keeps_its_third_die(tmp_path: Path) -> None:
    # 000: "roll all three dice ... add the two white dice and the Speed Die"
    path = played_file(tmp_path / "mega.db", "mega", PLAYERS, [], FOLLOW)
    app = app_for(path)
    async with app.run_test(size=SIZE) as pilot:
        await burst(pilot, "3", "4", "1", "enter")
        assert app.screen.title_text.startswith("Ann (rolled 8) lands on")
    with on_disk(path) as game:
        assert game.state.position("Ann") == 8


@pytest.mark.asyncio
async def test_a_burst_while_the_bar_has_the_focus_is_typed_as_it_came(tmp_path: Path) -> None:
    path = played_file(tmp_path / "bar.db", "classic-us", PLAYERS, [], FOLLOW)
    app = app_for(path)
    async with app.run_test(size=SIZE) as pilot:
        await keys(pilot, "colon")
        await burst(pilot, "1", "2")
        assert app.screen.query_one(CommandBar).value == "12"


@pytest.mark.asyncio
async def test_digits_on_an_unfollowed_table_do_not_roll(tmp_path: Path) -> None:
    path = played_file(tmp_path / "plain.db", "classic-us", PLAYERS, [])
    app = app_for(path)
    async with app.run_test(size=SIZE) as pilot:
        await burst(pilot, "3", "4")
        assert app.screen.query_one(CommandBar).value == "" and isinstance(app.screen.focused, BoardList)


@pytest.mark.asyncio
async def test_the_followed_bar_says_how_to_roll_and_names_the_speed_die_only_where_it_is_played(
        tmp_path: Path) -> None:
    hints = {}
    for edition, rules in (("classic-us", FOLLOW), ("mega", FOLLOW), ("classic-us", ())):
        path = played_file(tmp_path / f"{edition}{len(rules)}.db", edition, PLAYERS, [], rules)
        app = app_for(path)
        async with app.run_test(size=SIZE):
            hints[edition, bool(rules)] = app.screen.query_one(CommandBar).placeholder
    assert hints["classic-us", True].startswith("type the dice: 34 · ") and "speed die" not in hints["classic-us", True]
    assert hints["mega", True].startswith("type the dice: 34; with the speed die 341, 34bus, 34mr")
    assert "dice" not in hints["classic-us", False] and hints["classic-us", False].startswith("type an action")


@pytest.mark.asyncio
async def test_help_lists_the_dice_first_in_a_followed_game(tmp_path: Path) -> None:
    path = played_file(tmp_path / "help.db", "mega", PLAYERS, [], FOLLOW)
    app = app_for(path)
    async with app.run_test(size=SIZE) as pilot:
        first = next(iter(app.screen.active_bindings.values())).binding  # the order `?`'s key panel lists them
        assert (first.key_display, first.description) == ("1-6", "Roll: type the dice, e.g. 34")
        await keys(pilot, "colon", *"help", "enter")
        assert app.screen.choices[0].label == "type the dice: 34; with the speed die 341, 34bus, 34mr"
        await keys(pilot, "1")  # row 1 at once
        assert app.screen.query_one(CommandBar).value == "" and isinstance(app.screen.focused, CommandBar)


@pytest.mark.asyncio
async def test_after_a_typed_line_the_table_keys_are_the_tables_again(tmp_path: Path) -> None:
    path = played_file(tmp_path / "focus.db", "classic-us", PLAYERS, [], FOLLOW)
    app = app_for(path)
    async with app.run_test(size=SIZE) as pilot:
        await keys(pilot, "colon", *"pay ann 10", "enter")
        assert isinstance(app.screen, TableScreen) and isinstance(app.screen.focused, BoardList)
        await keys(pilot, "l")  # lands, and is not typed into the bar ("lboardw")
        assert type(app.screen).__name__ == "LandingScreen"
        assert app.screen_stack[-2].query_one(CommandBar).value == ""
    with on_disk(path) as game:
        assert game.state.cash("Ann") == 1490


@pytest.mark.asyncio
async def test_digits_that_are_no_roll_are_refused_as_dice_and_changes_nothing(tmp_path: Path) -> None:
    path = played_file(tmp_path / "seven.db", "classic-us", PLAYERS, [], FOLLOW)
    app = app_for(path)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await burst(pilot, "1", "5", "7", "enter")
        assert any(n.message == "157 is not a roll: type the dice: 34 (each die 1 to 6)" for n in app.toasts_up())
    with on_disk(path) as game:
        assert game.state.position("Ann") == 0 and game.state.whose_roll == "Ann"


@pytest.mark.asyncio
async def test_a_roll_typed_after_a_refused_line_replaces_it(tmp_path: Path) -> None:
    """A refused line stays in the bar, selected: the next dice typed replace it instead of being added to it."""
    path = played_file(tmp_path / "again.db", "classic-us", PLAYERS, [], FOLLOW)
    app = app_for(path)
    async with app.run_test(size=SIZE) as pilot:
        await burst(pilot, "1", "1", "5", "enter")  # a stray key before 15
        bar = app.screen.query_one(CommandBar)
        assert bar.value == "115" and bar.selected_text == "115" and bar.has_focus
        await burst(pilot, "1", "3", "enter")
        assert bar.value == ""
    with on_disk(path) as game:
        assert game.state.position("Ann") == 4  # 1 + 3: Income Tax


@pytest.mark.asyncio
async def test_two_dice_where_the_speed_die_is_rolled_are_refused_in_the_tables_words(tmp_path: Path) -> None:
    # 000: "roll all three dice"; the core's refusal names a command line, the table's says what to type
    path = played_file(tmp_path / "mega.db", "mega", PLAYERS, [], FOLLOW)
    app = app_for(path)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await burst(pilot, "2", "2", "enter")
        refused = [n.message for n in app.toasts_up() if n.title == "Refused"]
        assert refused == ["Ann rolls the speed die too: type the speed die after the dice: 221, 222, 223, 22bus "
                           "or 22mr"]
    with on_disk(path) as game:
        assert game.state.position("Ann") == 0


@pytest.mark.asyncio
async def test_three_rolls_in_one_burst_are_three_rolls_in_order(tmp_path: Path) -> None:
    # issue 36: `13⏎13⏎13⏎` read together recorded 0 of 3 rolls (the bar showed 131313)
    path = played_file(tmp_path / "three.db", "classic-us", ("Ann", "Bob"), [], FOLLOW)
    app = app_for(path)
    async with app.run_test(size=SIZE) as pilot:
        await burst(pilot, "1", "3", "enter", "1", "3", "enter", "1", "3", "enter")
        for _ in range(100):
            if getattr(app.screen, "title_text", ""):
                break
            await pilot.pause()
        assert app.screen.title_text.startswith("Ann (rolled 4) lands on Vermont Avenue")
    with on_disk(path) as game:  # Ann and Bob on Income Tax, then Ann on to Vermont Avenue: each roll in turn
        assert (game.state.position("Ann"), game.state.position("Bob"), game.state.whose_roll) == (8, 4, "Bob")
        assert game.state.cash("Ann") == 1300 and game.state.cash("Bob") == 1300
