"""A player keeps the same number in every dialog (issue 36): his seat at the table, 1 for the first player, the
bank 0, so a digit typed in one list means the same player as in the last one."""

from __future__ import annotations

from pathlib import Path

import pytest
from app_pilot import app_for, played_file, wait_until
from screen_host import keys

from screens.choice_screen import ChoiceScreen

PLAYERS = ("Ann", "Ben", "Cat")


def numbers(app: object) -> dict[str, str]:
    """Each row's number and the first word of its label."""
    screen = app.screen  # type: ignore[attr-defined]
    return {number: screen.choices[index].label.split()[0] for number, index in screen.rows.items()}


@pytest.mark.asyncio
async def test_a_player_keeps_his_seats_number_when_another_is_left_out(tmp_path: Path) -> None:
    path = played_file(tmp_path / "seats.db", "classic-us", PLAYERS, ())
    app = app_for(path)
    async with app.run_test(size=(120, 40)) as pilot:
        await keys(pilot, "c")
        await wait_until(pilot, lambda: isinstance(app.screen, ChoiceScreen) and "collects" in app.screen.title_text)
        assert numbers(app) == {"1": "Ann", "2": "Ben", "3": "Cat"}
        await keys(pilot, "2")  # Ben collects: he is left out of the next list, Cat stays 3
        await wait_until(pilot, lambda: isinstance(app.screen, ChoiceScreen) and "2" not in app.screen.rows)
        assert numbers(app) == {"1": "Ann", "3": "Cat", "0": "the"}
        assert "0-3 pick by number" in app.screen.keys_hint


@pytest.mark.asyncio
async def test_a_bankrupt_players_number_is_not_given_to_the_next(tmp_path: Path) -> None:
    path = played_file(tmp_path / "seats.db", "classic-us", PLAYERS, ["pay Ann 1500", "bankrupt Ann 10"])
    app = app_for(path)
    async with app.run_test(size=(120, 40)) as pilot:
        await keys(pilot, "p")
        await wait_until(pilot, lambda: isinstance(app.screen, ChoiceScreen))
        assert numbers(app) == {"2": "Ben", "3": "Cat", "0": "the"}  # Ann (1) is out; the bank is 0
