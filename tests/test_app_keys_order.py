"""Every key where it was meant (issue 36): keys read together (a paste, a fast typist, `tmux send-keys` in one call)
are handled one at a time in the order typed; a dialog takes only the keys typed once it was there (or that asked
for it), and answered it takes no more; dice typed while a decision waits pick no row and buy nothing: the roll is
refused with a toast naming what waits, and the dialog stays. Checked against the ledger on disk.

Rulebook: 003 = 003_bd567e81029bde2a.txt (US classic).
"""

from __future__ import annotations

from pathlib import Path
from time import monotonic

import pytest
from app_pilot import app_for, burst, choice_labels, on_disk, played_file, toasts
from key_pilot import settle, title_of

from screens.choice_screen import ChoiceScreen
from screens.table_screen import TableScreen

PLAYERS = ("Ann", "Bob")
FOLLOW = ("follow-tokens",)
SIZE = (120, 40)
CHANCE = "Chance: which card did Ann draw?"


@pytest.mark.asyncio
async def test_a_card_picked_then_the_next_roll_in_one_burst_is_the_card_then_the_roll(tmp_path: Path) -> None:
    path = played_file(tmp_path / "card.db", "classic-us", PLAYERS, ["roll Ann 3 4"], FOLLOW)
    app = app_for(path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, lambda: title_of(app) == CHANCE)
        assert choice_labels(app)[6] == "Bank pays you dividend of $50"
        await burst(pilot, "7", "1", "3", "enter")  # the card's key, then Bob's dice
        await settle(pilot, lambda: isinstance(app.screen, TableScreen) and app.game.state.whose_roll == "Ann")
    with on_disk(path) as game:
        assert game.state.cash("Ann") == 1550  # the dividend, not row 71 or 13
        assert game.state.position("Bob") == 4 and game.state.cash("Bob") == 1300  # 1+3: Income Tax, $200


@pytest.mark.asyncio
async def test_dice_typed_on_after_a_card_pick_nothing_in_the_dialog_the_card_opens(tmp_path: Path) -> None:
    # the evening's misread: a card list read `1` then the next roll's `3` as row 13 (Reading Railroad), and the
    # rest of the burst bought it; here 1 is Advance to Boardwalk, and the `3⏎` after it buys nothing
    path = played_file(tmp_path / "walk.db", "classic-us", PLAYERS, ["roll Ann 3 4"], FOLLOW)
    app = app_for(path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, lambda: title_of(app) == CHANCE)
        await burst(pilot, "1", "3", "enter")
        await settle(pilot, lambda: "Boardwalk" in title_of(app))
        assert isinstance(app.screen, ChoiceScreen) and choice_labels(app)[0].startswith("buy Boardwalk")
    with on_disk(path) as game:
        assert game.state.position("Ann") == 39 and game.state.deeds["Boardwalk"].owner == "bank"
        assert game.state.position("Bob") == 0


@pytest.mark.asyncio
async def test_dice_typed_into_a_buy_dialog_are_refused_naming_the_decision_and_the_dialog_stays(
        tmp_path: Path) -> None:
    # `66⏎` into a buy dialog bought Illinois and lost the roll
    path = played_file(tmp_path / "buy.db", "classic-us", PLAYERS, ["roll Ann 3 5"], FOLLOW)
    app = app_for(path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, lambda: "Vermont Avenue" in title_of(app))
        await burst(pilot, "6", "6", "enter")
        await settle(pilot, lambda: any("still deciding" in t for t in toasts(app)))
        assert any(t.startswith("Ann is still deciding on Vermont Avenue: 66") for t in toasts(app))
        assert "Vermont Avenue" in title_of(app)
    with on_disk(path) as game:
        assert game.state.deeds["Vermont Avenue"].owner == "bank" and game.state.position("Bob") == 0


@pytest.mark.asyncio
async def test_a_roll_typed_before_the_dialog_it_opens_is_up_picks_nothing_in_it(tmp_path: Path) -> None:
    # 3+4 draws a Chance card; the next roll typed on at once is not a card's number: refused, the list stays
    path = played_file(tmp_path / "early.db", "classic-us", PLAYERS, [], FOLLOW)
    app = app_for(path)
    async with app.run_test(size=SIZE) as pilot:
        await burst(pilot, "3", "4", "enter", "1", "3", "enter")
        await settle(pilot, lambda: any("still deciding" in t for t in toasts(app)))
        assert title_of(app) == CHANCE
        assert any(t.startswith("Ann is still deciding on Chance: 13 was not rolled") for t in toasts(app))
    with on_disk(path) as game:
        assert game.state.position("Ann") == 7 and game.state.position("Bob") == 0
        assert [w.kind for w in game.state.waiting] == ["card"]


@pytest.mark.asyncio
async def test_a_pasted_burst_is_typed_key_by_key(tmp_path: Path) -> None:
    path = played_file(tmp_path / "paste.db", "classic-us", PLAYERS, [], FOLLOW)
    app = app_for(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.post_message(__import__("textual.events", fromlist=["Paste"]).Paste("13\r13\r"))
        await settle(pilot, lambda: app.game.state.whose_roll == "Ann" and app.game.head[0] > 5)
    with on_disk(path) as game:
        assert game.state.position("Ann") == 4 and game.state.position("Bob") == 4


@pytest.mark.asyncio
async def test_what_waits_comes_back_by_itself_when_the_game_is_reopened(tmp_path: Path) -> None:
    path = played_file(tmp_path / "reopen.db", "classic-us", PLAYERS, ["roll Ann 3 5"], FOLLOW)
    app = app_for(path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, ChoiceScreen))
        assert title_of(app).startswith("Ann on Vermont Avenue: buy or auction")


@pytest.mark.asyncio
async def test_a_roll_refused_while_a_decision_waits_brings_the_decision_back(tmp_path: Path) -> None:
    # "Never a blank table": Esc left the buy dialog; the next roll is refused, naming it, and it comes back
    path = played_file(tmp_path / "back.db", "classic-us", PLAYERS, ["roll Ann 3 5"], FOLLOW)
    app = app_for(path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, ChoiceScreen))
        await burst(pilot, "escape")
        await settle(pilot, lambda: isinstance(app.screen, TableScreen))
        await burst(pilot, "2", "4", "enter")
        await settle(pilot, lambda: isinstance(app.screen, ChoiceScreen))
        assert "Vermont Avenue" in title_of(app)
        assert any(t.startswith("Ann is still deciding on Vermont Avenue: 24 was not rolled") for t in toasts(app))
    with on_disk(path) as game:
        assert game.state.position("Bob") == 0


@pytest.mark.asyncio
async def test_an_undone_purchase_brings_the_buy_dialog_back(tmp_path: Path) -> None:
    path = played_file(tmp_path / "undo.db", "classic-us", PLAYERS, ["roll Ann 3 5", "buy Ann Vermont"], FOLLOW)
    app = app_for(path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, TableScreen))
        await burst(pilot, "ctrl+z")
        await settle(pilot, lambda: isinstance(app.screen, ChoiceScreen))
        assert title_of(app).startswith("Ann on Vermont Avenue: buy or auction")


@pytest.mark.asyncio
async def test_a_card_then_a_mistyped_speed_die_roll_in_one_burst_keeps_the_app_and_the_decision(
        tmp_path: Path) -> None:
    # classic UK with the speed die: `64bus⏎` into a card list closed the app; here 6 is the card (the nearest
    # utility), and `4bus⏎`, typed before the utility's dialog was up, is refused naming what waits
    path = played_file(tmp_path / "uk.db", "classic-uk", PLAYERS, ["roll Ann 3 4"], ("follow-tokens", "speed-die"))
    app = app_for(path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: title_of(app) == CHANCE)
        await burst(pilot, "6", "4", "b", "u", "s", "enter")
        await settle(pilot, lambda: any("4bus was not rolled" in t for t in toasts(app)))
        assert app.is_running and "Electric Company" in title_of(app)
        assert any(t.startswith("Ann is still deciding on Electric Company: 4bus") for t in toasts(app))
    with on_disk(path) as game:
        assert game.state.position("Ann") == 12 and game.state.position("Bob") == 0


@pytest.mark.asyncio
async def test_keys_typed_while_the_game_opens_wait_for_the_table_and_are_all_handled(tmp_path: Path) -> None:
    """The table opens once the app is mounted (its first frame is drawn once): a roll typed before it is up is
    held, not handed to the empty screen before it, and goes to the table once the game is open."""
    path = played_file(tmp_path / "ahead.db", "classic-us", PLAYERS, [], FOLLOW)
    app = app_for(path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, TableScreen) and not app.opening)
        events = app.game.head[0]
        app.opening = monotonic()  # as while the game opens
        await burst(pilot, "1", "3", "enter")
        await pilot.pause()
        assert app.game.head[0] == events and len(app.held) == 3, "held while the game opens"
        app.game_opened()
        await settle(pilot, lambda: app.game.head[0] > events)
    with on_disk(path) as game:
        assert game.state.position("Ann") == 4 and game.state.cash("Ann") == 1300  # 1+3: Income Tax, $200
