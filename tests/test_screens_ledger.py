"""The ledger screen: every event, undone ones struck through, filters, a player's cash line by line,
and the head (count + hash) with its QR code for `banker verify` later."""

from __future__ import annotations

import pytest
import qrcode
from app_pilot import wait_until
from rich.console import Console
from rich.text import Text
from screen_host import Host
from textual.widgets import DataTable, Static

import screens.ledger_screen as ledger_screen
from banker.game import Game
from banker.history import entries
from screens.ledger_layout import INK, head_text, qr_block
from screens.ledger_screen import LedgerScreen


@pytest.fixture
def played(game: Game) -> Game:
    for line in ("buy Alice Boardwalk", "rent Bob Boardwalk", "buy Carol 'Park Place'", "undo",
                 "go Alice", "pay Bob 20"):
        game.do(line)
    return game


def rows(app: Host) -> list[list[Text]]:
    table = app.screen.query_one("#ledger-table", DataTable)
    return [table.get_row_at(i) for i in range(table.row_count)]


def column(app: Host, key: str) -> list[str]:
    table = app.screen.query_one("#ledger-table", DataTable)
    return [str(cell) for cell in table.get_column(key)]


def text_of(app: Host, selector: str) -> str:
    return str(app.screen.query_one(selector, Static).render())


@pytest.mark.asyncio
async def test_every_event_is_listed_and_the_undone_one_is_struck_through(played: Game) -> None:
    app = Host(LedgerScreen(played))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        listed = rows(app)
        assert [str(r[0]) for r in listed] == [str(r.seq) for r in played.records]
        struck = {str(r[0]) for r in listed if all("strike" in str(cell.style) for cell in r)}
        buy_park_place = next(e.seq for e in entries(played.records) if e.deed == "Park Place")
        assert struck == {str(buy_park_place)}
        assert "(undone)" in column(app, "what")[buy_park_place - 1]
        assert "undo of action" in column(app, "what")[buy_park_place]  # the undo itself stands
        assert "1 struck through: undone" in text_of(app, "#ledger-story")


@pytest.mark.asyncio
async def test_player_filter_shows_how_their_cash_got_there(played: Game) -> None:
    app = Host(LedgerScreen(played))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("p", "enter", "down", "down", "enter")  # every player -> Alice -> Bob
        await wait_until(pilot, lambda: column(app, "amount") == ["+$1,500", "-$50", "-$20"])
        assert [w.startswith(("game started", "Bob pays")) for w in column(app, "what")] == [True] * 3
        assert column(app, "balance") == ["$1,500", "$1,450", "$1,430"]
        assert column(app, "balance")[-1] == f"${played.state.cash('Bob'):,}"
        assert text_of(app, "#ledger-story").startswith("Bob has $1,430 now: 3 events")
        await pilot.press("x")
        await wait_until(pilot, lambda: len(rows(app)) == len(played.records))


@pytest.mark.asyncio
async def test_filter_by_deed_and_by_kind(played: Game) -> None:
    app = Host(LedgerScreen(played))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("d", "enter", "down", "down", "enter")  # Park Place, then Boardwalk (board order)
        await pilot.pause()
        assert column(app, "what") == ["Alice buys Boardwalk for $400",
                                       "Bob pays Alice $50 rent for Boardwalk (no houses)"]
        await pilot.press("x", "k")
        app.screen.query_one("#ledger-kind").value = "SalaryCollected"
        await wait_until(pilot, lambda: column(app, "what") == ["Alice collects $200 salary for passing GO"])


@pytest.mark.asyncio
async def test_head_and_its_qr_code_follow_the_ledger(played: Game) -> None:
    count, digest = played.head
    app = Host(LedgerScreen(played))
    async with app.run_test(size=(160, 50)) as pilot:
        await wait_until(pilot, lambda: app.screen.query_one("#ledger-side").display,
                         'app.screen.query_one("#ledger-side").display')  # wide enough: shown from the start
        assert f"{count} events, head {digest[:12]}" in text_of(app, "#ledger-title")
        assert text_of(app, "#ledger-head") == f"{count} events\n{digest}"
        qr = app.screen.query_one("#ledger-qr", Static)
        before = qr.render().spans
        assert str(qr.render()) == qr_block(head_text(count, digest)).plain
        assert len(before) > 100  # ink and paper, module by module
        played.do("go Carol")
        app.screen.load()
        await wait_until(pilot, lambda: qr.render().spans != before)
        await pilot.press("q")
        await wait_until(pilot, lambda: not app.screen.query_one("#ledger-side").display)


def test_qr_code_reads_back_as_the_head_s_qr_matrix() -> None:
    data = head_text(10_000, "ab" * 32)
    code = qrcode.QRCode(error_correction=qrcode.constants.ERROR_CORRECT_L, border=2)
    code.add_data(data)
    code.make(fit=True)
    expected = code.get_matrix()
    block = qr_block(data)
    width = len(expected[0])
    read: list[list[bool]] = [[], []]
    for line_number, line in enumerate(block.split("\n")):
        assert line.plain == "▀" * width
        top, bottom = [], []
        for x in range(width):
            style = line.get_style_at_offset(Console(), x)
            top.append(style.color.name == INK)
            bottom.append(style.bgcolor.name == INK)
        read = read if line_number else []
        read += [top, bottom]
    assert read[:len(expected)] == expected


@pytest.mark.asyncio
async def test_long_ledgers_are_shown_a_page_at_a_time(played: Game, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ledger_screen, "PAGE", 3)
    total = len(played.records)
    app = Host(LedgerScreen(played))
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_until(pilot, lambda: column(app, "seq") == [str(n) for n in range(total - 2, total + 1)])
        await pilot.press("left_square_bracket")
        await wait_until(pilot, lambda: column(app, "seq") == [str(n) for n in range(total - 5, total - 2)])
        assert f"Showing {total - 5}-{total - 3}" in text_of(app, "#ledger-story")
        await pilot.press("right_square_bracket")
        await wait_until(pilot, lambda: column(app, "seq")[-1] == str(total))
