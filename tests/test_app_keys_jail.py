"""`j` with one player in jail opens his way out at once (issue 36: it asked which player, of one); sending someone
else to jail is the dialog's last row. 003: "paying a fine of $50 before he rolls the dice on either of his next
two turns"."""

from __future__ import annotations

from pathlib import Path

import pytest
from app_pilot import app_for, burst, choice_labels, on_disk, played_file
from key_pilot import settle, title_of

from screens.choice_screen import ChoiceScreen

PLAYERS = ("Ann", "Ben", "Cat")
SIZE = (120, 40)


@pytest.mark.asyncio
async def test_j_with_one_player_in_jail_opens_his_way_out(tmp_path: Path) -> None:
    path = played_file(tmp_path / "one.db", "classic-us", PLAYERS, ["jail Ben"])
    app = app_for(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await burst(pilot, "j")
        await settle(pilot, lambda: title_of(app) == "Jail: Ben")
        assert choice_labels(app)[0] == "pay the $50 fine and leave"
        assert choice_labels(app)[-1] == "another player goes to jail…"
        await burst(pilot, "1")
        await settle(pilot, lambda: not isinstance(app.screen, ChoiceScreen))
    with on_disk(path) as game:
        assert "Ben" not in game.state.in_jail and game.state.cash("Ben") == 1450


@pytest.mark.asyncio
async def test_j_sends_another_player_from_the_last_row(tmp_path: Path) -> None:
    path = played_file(tmp_path / "other.db", "classic-us", PLAYERS, ["jail Ben"])
    app = app_for(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await burst(pilot, "j")
        await settle(pilot, lambda: title_of(app) == "Jail: Ben")
        await burst(pilot, str(len(choice_labels(app))))
        await settle(pilot, lambda: title_of(app) == "Jail: which player goes?")
        assert [label.split()[0] for label in choice_labels(app)] == ["Ann", "Cat"]
        await burst(pilot, "3")  # Cat is 3 in every list of players (issue 36), Ben's row left out
        await settle(pilot, lambda: title_of(app) == "Jail: Cat")
        await burst(pilot, "1")
        await settle(pilot, lambda: not isinstance(app.screen, ChoiceScreen))
    with on_disk(path) as game:
        assert {"Ben", "Cat"} <= game.state.in_jail


@pytest.mark.asyncio
async def test_j_with_nobody_or_two_in_jail_asks_which_player(tmp_path: Path) -> None:
    path = played_file(tmp_path / "two.db", "classic-us", PLAYERS, ["jail Ben", "jail Cat"])
    app = app_for(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await burst(pilot, "j")
        await settle(pilot, lambda: title_of(app) == "Jail: which player?")


@pytest.mark.asyncio
async def test_rolled_doubles_is_greyed_where_the_doubles_are_the_roll(tmp_path: Path) -> None:
    """001:348: at a followed table the doubles are typed as the roll, so the jail dialog's "rolled doubles" row
    carries the core's refusal instead of recording a second throw."""
    path = played_file(tmp_path / "followed.db", "classic-us", PLAYERS, ["jail Ben"], ["follow-tokens"])
    app = app_for(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await burst(pilot, "j")
        await settle(pilot, lambda: title_of(app) == "Jail: Ben")
        doubles = next(ch for ch in app.screen.choices if ch.label.startswith("rolled doubles"))  # type: ignore[attr-defined]
        assert doubles.refusal is not None and "type the doubles as the roll" in doubles.refusal
