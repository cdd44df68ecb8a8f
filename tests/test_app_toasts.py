"""Toasts (screens/toasts.py, screens/banker.tcss): Textual's own, through its public API; the newest alone on a short
table and on a dialog, where it stands above the dialog and never covers what the dialog asks (issue 36)."""

from __future__ import annotations

from pathlib import Path

import pytest
from app_pilot import app_for, burst, played_file, toasts, wait_until
from textual.pilot import Pilot
from textual.widget import Widget

from screens.choice_screen import ChoiceScreen


def shown(app: object) -> list[Widget]:
    """The toasts on screen: Textual's Toast widgets (found by their documented CSS type) whose holder is displayed."""
    return [toast for toast in app.screen.query("Toast")  # type: ignore[attr-defined]
            if toast.parent is not None and toast.parent.display]


def texts_shown(app: object) -> list[str]:
    return [str(toast.render()) for toast in shown(app)]


async def until(pilot: Pilot, condition: object, what: str) -> None:
    """Pauses until the condition holds: as many as a busy machine needs, never a fixed time."""
    await wait_until(pilot, condition, what)  # type: ignore[arg-type]


@pytest.mark.asyncio
@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
@pytest.mark.parametrize(("dice", "dialog"), [(("1", "2"), "for sale"), (("3", "4"), "Chance")])
async def test_a_toast_never_covers_an_open_dialog(tmp_path: Path, size: tuple[int, int], dice: tuple[str, str],
                                                   dialog: str) -> None:
    app = app_for(played_file(tmp_path / "game.db", "classic-us", ("Ann", "Ben", "Cat"), (), ("follow-tokens",)))
    async with app.run_test(size=size, notifications=True) as pilot:
        await until(pilot, lambda: app.game is not None, "the table")
        app.notify("an older toast", timeout=60)
        await burst(pilot, *dice, "enter")  # the roll's words go on the table's line (test_app_announcement.py)
        await until(pilot, lambda: isinstance(app.screen, ChoiceScreen), f"the {dialog} dialog")
        app.notify("a toast raised while the dialog is open", timeout=60)
        await until(pilot, lambda: shown(app) and "while the dialog" in str(shown(app)[-1].render()),
                    "the new toast on the dialog")
        box = app.screen.query_one(".dialog").region
        up = shown(app)
        assert len(up) == 1, "one toast on a dialog: the newest"
        assert not up[0].region.overlaps(box), (up[0].region, box)
        assert up[0].region.bottom <= box.y


@pytest.mark.asyncio
async def test_a_short_table_shows_its_newest_toast_alone_and_leaves_nothing_behind(tmp_path: Path) -> None:
    """At 80x24 a few toasts covered most of the board: the newest stays in sight, the ledger keeps every line.
    Textual takes a cleared toast down but not the holder it sat in: an evening of refusals would pile them up."""
    app = app_for(played_file(tmp_path / "game.db", "classic-us", ("Ann", "Ben"), ()))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        for index in range(3):
            app.notify(f"toast {index}", timeout=60)
        await until(pilot, lambda: texts_shown(app) == ["toast 2"], "the newest alone")
        await pilot.pause()
        assert texts_shown(app) == ["toast 2"]
        assert toasts(app) == ["toast 0", "toast 1", "toast 2"], "each remembered"
        for index in range(3, 20):
            app.notify(f"toast {index}", timeout=60)
            await until(pilot, lambda said=f"toast {index}": texts_shown(app) == [said], f"toast {index} alone")
        rack = app.screen.query_one("ToastRack")
        assert len(rack.children) <= 2, f"{len(rack.children)} holders in the rack for one toast up"


@pytest.mark.asyncio
async def test_a_tall_table_shows_every_toast_up_a_short_one_its_newest_and_all_again_once_tall(tmp_path: Path) -> None:
    app = app_for(played_file(tmp_path / "game.db", "classic-us", ("Ann", "Ben"), ()))
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        for index in range(3):
            app.notify(f"toast {index}", timeout=60)
        await until(pilot, lambda: texts_shown(app) == ["toast 0", "toast 1", "toast 2"], "every toast, in order")
        await pilot.resize_terminal(80, 24)
        await until(pilot, lambda: texts_shown(app) == ["toast 2"], "the newest alone")
        await pilot.resize_terminal(120, 40)
        await until(pilot, lambda: texts_shown(app) == ["toast 0", "toast 1", "toast 2"],
                    "every toast up again, in order")
