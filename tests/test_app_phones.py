"""The table and the phones: a proposal from a phone shows on the banker's table and moves
nothing until the banker accepts it with a key (issue 10)."""

from __future__ import annotations

from pathlib import Path

import pytest
from app_pilot import wait_until
from test_app_table import PLAYERS, SIZE, app_for, on_disk, toasts
from textual.widgets import DataTable

from banker.game import Game
from banker.wallet import list_pending, phone_meaning, propose
from editions import load_edition
from screens.proposals_screen import ProposalsScreen
from screens.wallet_screen import WalletScreen


def made(tmp_path: Path) -> Path:
    path = tmp_path / "table.db"
    Game.create(path, load_edition("classic-us"), PLAYERS).close()
    return path


@pytest.mark.asyncio
async def test_a_proposal_from_a_phone_waits_for_the_banker_and_p_accepts_it(tmp_path: Path) -> None:
    """Bob's phone says `pay Alice 50`: the table shows what it does, and nothing moves until `P` then `a`."""
    path = made(tmp_path)
    app = app_for(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        line = phone_meaning(on_disk(path).state, "Bob", "pay Alice 50").line
        propose(path, "Bob", line)
        await wait_until(pilot, lambda: any("Bob proposes" in text for _, text, _ in toasts(app)),
                         "the proposal's toast")
        assert any("Bob proposes: Bob pays Alice $50 (pay)" in text for _, text, _ in toasts(app))
        assert on_disk(path).state.cash("Bob") == 1500  # nothing moved yet
        await pilot.press("P")
        await wait_until(pilot, lambda: isinstance(app.screen, ProposalsScreen))
        shown = app.screen.query_one(DataTable).get_row_at(0)[3]
        assert str(shown).splitlines() == ["Bob pays Alice $50 (pay)", "pay Bob 50 Alice"]  # the meaning above
        await pilot.press("a")
        await wait_until(pilot, lambda: list_pending(path) == [], "the proposal accepted")
    assert on_disk(path).state.cash("Bob") == 1450
    assert on_disk(path).state.cash("Alice") == 1550
    assert list_pending(path) == []


@pytest.mark.asyncio
async def test_w_opens_the_phones_qr_screen(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = made(tmp_path)
    started: list[Path] = []

    class Server:
        running = False
        url = "http://192.168.1.20:8000/?code=x"

        def __init__(self, game_path: Path) -> None:
            started.append(game_path)

        def start(self) -> str:
            self.running = True
            return self.url

        def stop(self) -> None:
            self.running = False

    monkeypatch.setattr("screens.wallet_screen.WalletScreen",  # the table imports it when w is pressed
                        lambda game_path: WalletScreen(game_path, Server(game_path)))  # type: ignore[arg-type]
    app = app_for(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("w")
        await wait_until(pilot, lambda: isinstance(app.screen, WalletScreen), "the phones' QR screen")
    assert started == [path]
