"""The ledger of a followed game answers "why do I have $310?" at a glance (issue 36): the money lines first (the
rolls, token moves and turns passed folded away, `a` shows them), the amount and balance columns in sight at 80x24,
a line too long for its cell said whole under the table, and a player's money lines ending at their cash."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest
from app_pilot import app_for, played_file, wait_until
from screen_host import Host
from textual.pilot import Pilot
from textual.widgets import DataTable, Static

import screens.ledger_screen as ledger_screen
from banker.game import Game
from banker.history import checked_entries
from banker.ledger_pages import LedgerPages, money_first, money_line
from screens.ledger_layout import column_widths
from screens.ledger_screen import LedgerScreen

PLAYERS = ("Ann", "Bob", "Cat", "Dan")
# a followed game: a card, deeds bought, a visit to jail, a rent, a roll with its rent undone and rolled again
ROLLS = ("roll Ann 3 4", "card Ann chance dividend", "roll Bob 2 3", "buy Bob Reading", "roll Cat 1 2",
         "buy Cat Baltic", "roll Dan 5 4", "buy Dan Connecticut", "roll Ann 1 2", "roll Bob 2 2", "roll Bob 6 5",
         "roll Cat 1 1", "undo", "roll Cat 1 1", "roll Cat 2 1", "buy Cat Vermont")


@pytest.fixture
def followed(tmp_path: Path) -> Path:
    return played_file(tmp_path / "followed.db", "classic-us", PLAYERS, ROLLS, rules=("follow-tokens",))


def column(screen: LedgerScreen, key: str) -> list[str]:
    return [str(cell) for cell in screen.query_one("#ledger-table", DataTable).get_column(key)]


def footer_keys(screen: LedgerScreen) -> dict[str, str]:
    """The keys the footer offers now: key -> label."""
    return {b.key: b.description for _, b, enabled, _ in screen.active_bindings.values() if enabled}


def money_seqs(game: Game, player: str | None = None) -> list[int]:
    """The money lines as the whole ledger read says them: an entry's own legs, an undo's or redo's those of the
    action it names."""
    whole = checked_entries(game.records)[0]
    legs = {}
    for entry in whole:
        if entry.type not in ("ActionUndone", "ActionRedone"):
            legs.setdefault(entry.action, []).extend((t.payer, t.payee, t.amount) for t in entry.transfers)
    seqs = []
    for entry in whole:
        if entry.type in ("ActionUndone", "ActionRedone"):
            target = int(entry.text.split(":")[0].rsplit(" ", 1)[1])  # "undo of action 34: ..."
            moved = legs[target]
        else:
            moved = [(t.payer, t.payee, t.amount) for t in entry.transfers]
        if money_line(moved, player) and (player is None or player in entry.people):
            seqs.append(entry.seq)
    return seqs


@asynccontextmanager
async def ledger_at_80x24(followed: Path) -> AsyncIterator[tuple[Game, LedgerScreen, Pilot]]:
    """The followed game's ledger screen alone, at 80x24; the game closed after."""
    game = Game.open(followed)
    try:
        app = Host(LedgerScreen(game))
        async with app.run_test(size=(80, 24)) as pilot:
            screen = app.screen
            assert isinstance(screen, LedgerScreen)
            yield game, screen, pilot
    finally:
        game.close()


@pytest.mark.asyncio
async def test_the_ledger_of_a_followed_game_shows_money_lines_first(followed: Path) -> None:
    game = Game.open(followed)
    try:
        expected = [str(s) for s in money_seqs(game)]
        app = app_for(followed)
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_until(pilot, lambda: type(app.screen).__name__ == "TableScreen")
            await pilot.press("L")
            await wait_until(pilot, lambda: isinstance(app.screen, LedgerScreen))
            screen = app.screen
            assert isinstance(screen, LedgerScreen)
            await wait_until(pilot, lambda: column(screen, "seq") == expected)
            whats = column(screen, "what")
            assert "Bob buys Reading Railroad for $200" in whats and "Cat rolls 2 and 1" not in whats
            assert footer_keys(screen)["a"] == "all lines"
            story = str(screen.query_one("#ledger-story", Static).render())
            assert story.startswith(f"{len(expected)} money lines of {game.head[0]} events")
            await pilot.press("a")  # every line back
            await wait_until(pilot, lambda: column(screen, "seq") == [str(n) for n in range(1, game.head[0] + 1)])
            assert "Cat rolls 2 and 1" in column(screen, "what")
            assert footer_keys(screen)["a"] == "money only"
            await pilot.press("a")
            await wait_until(pilot, lambda: column(screen, "seq") == expected)
    finally:
        game.close()


@pytest.mark.asyncio
async def test_the_balance_column_is_in_sight_at_80x24(followed: Path) -> None:
    async with ledger_at_80x24(followed) as (game, screen, pilot):
        table = screen.query_one("#ledger-table", DataTable)
        await wait_until(pilot, lambda: column(screen, "balance")[-1] == "Cat $1,315")
        assert [c.key.value for c in table.ordered_columns] == ["seq", "what", "amount", "balance"]
        right_edge = sum(c.get_render_width(table) for c in table.ordered_columns)
        assert right_edge <= table.scrollable_content_region.width <= 80  # no scrolling sideways to see it
        assert table.virtual_size.width <= table.scrollable_content_region.width


@pytest.mark.asyncio
async def test_a_player_s_money_lines_end_at_their_cash(followed: Path) -> None:
    """Why does Cat have $1,315? Dealt $1,500, Baltic bought, a rent undone and paid again, Vermont bought."""
    async with ledger_at_80x24(followed) as (game, screen, pilot):
        await pilot.press("p", "enter", "down", "down", "down", "enter")  # every player -> Ann -> Bob -> Cat
        await wait_until(pilot, lambda: column(screen, "amount") == ["+$1,500", "-$60", "-$25", "+$25", "-$25",
                                                                    "-$100"])
        assert column(screen, "balance") == ["$1,500", "$1,440", "$1,415", "$1,440", "$1,415", "$1,315"]
        assert column(screen, "balance")[-1] == f"${game.state.cash('Cat'):,}"
        assert column(screen, "seq") == [str(s) for s in money_seqs(game, "Cat")]
        assert "(undone)" in column(screen, "what")[2]  # the rent undone, struck through, and the undo
        assert column(screen, "what")[3].startswith("undo of action")
        story = str(screen.query_one("#ledger-story", Static).render())
        assert story.startswith("Cat has $1,315 now: 6 money lines")


@pytest.mark.asyncio
async def test_a_line_cut_in_its_cell_is_said_whole_under_the_table(followed: Path) -> None:
    async with ledger_at_80x24(followed) as (game, screen, pilot):
        table = screen.query_one("#ledger-table", DataTable)
        undo = column(screen, "what").index(next(w for w in column(screen, "what") if w.startswith("undo")))
        table.move_cursor(row=undo)
        whole = next(e.text for e in checked_entries(game.records)[0] if e.text.startswith("undo of action"))
        assert len(whole) > screen.widths["what"]  # too long for its cell at 80 wide
        await wait_until(pilot, lambda: whole in str(screen.query_one("#ledger-detail", Static).render()))
        assert "[Bob -> Cat $25]" in str(screen.query_one("#ledger-detail", Static).render())  # the rent given back


@pytest.mark.asyncio
async def test_a_long_followed_game_opens_on_its_newest_money_lines_then_counts_them_all(
        followed: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ledger_screen, "SMALL", 5)  # the scan of the whole ledger runs after the first frame
    monkeypatch.setattr(ledger_screen, "PAGE", 4)
    game = Game.open(followed)
    try:
        expected = [str(s) for s in money_seqs(game)]
        app = Host(LedgerScreen(game))
        async with app.run_test(size=(80, 24)) as pilot:
            screen = app.screen
            assert isinstance(screen, LedgerScreen)
            await wait_until(pilot, lambda: column(screen, "seq") == expected[-4:])  # from the end, at once
            await wait_until(pilot, lambda: len(screen.matched) == len(expected))  # then every one counted
            assert column(screen, "seq") == expected[-4:]
            assert f"{len(expected)} money lines of {game.head[0]} events" in str(
                screen.query_one("#ledger-story", Static).render())
            await pilot.press("left_square_bracket")
            await wait_until(pilot, lambda: column(screen, "seq") == expected[-8:-4])
    finally:
        game.close()


@pytest.mark.asyncio
async def test_the_columns_fit_the_screen_again_when_it_is_resized(followed: Path) -> None:
    async with ledger_at_80x24(followed) as (game, screen, pilot):
        table = screen.query_one("#ledger-table", DataTable)
        await wait_until(pilot, lambda: column(screen, "balance")[-1] == "Cat $1,315")
        table.move_cursor(row=2)
        await pilot.resize_terminal(140, 40)
        await wait_until(pilot, lambda: [c.key.value for c in table.ordered_columns][:2] == ["seq", "time"])
        await wait_until(pilot, lambda: column(screen, "balance")[-1] == "Cat $1,315")  # read again
        assert table.cursor_row == 2  # the same row under the cursor


def test_the_amount_and_balance_columns_fit_every_width() -> None:
    for width in range(60, 200):
        for player in (True, False):
            widths = column_widths(width, 100_000, player)
            assert {"seq", "what", "amount", "balance"} <= widths.keys()
            assert sum(widths.values()) + 2 * len(widths) <= max(width, 20 + 6 + 8 + 24 + 8)
    assert list(column_widths(78, 191, False)) == ["seq", "what", "amount", "balance"]  # 80 wide
    assert list(column_widths(178, 191, False)) == ["seq", "time", "who", "what", "amount", "balance"]


def test_a_money_line_is_one_whose_legs_move_cash() -> None:
    assert money_line([("Bob", "Dan", 8)])
    assert not money_line([])  # a roll, a token moved, a turn passed, a deed offered
    assert money_line([("Bob", "Dan", 8)], "Dan") and not money_line([("Bob", "Dan", 8)], "Ann")
    assert money_line([("bank", "Ann", 1500), ("bank", "Bob", 1500)], "Bob")


# undos and redos of actions with legs and without, a trade of a deed for cash and one with none
UNDOS = ("buy Alice Boardwalk", "buy Bob Reading", "pay Alice 10 Bob", "undo", "redo", "jail Carol", "undo", "redo",
         "undo", "trade Alice Carol give Boardwalk get $10", "undo", "redo",
         "trade Carol Bob give Boardwalk get Reading", "collect Bob 20", "undo", "undo", "redo")


@pytest.mark.parametrize(("rules", "lines"), [((), UNDOS), (("follow-tokens",), ROLLS)])
def test_the_money_lines_read_from_the_file_are_those_of_the_whole_ledger(tmp_path: Path, rules: tuple[str, ...],
                                                                           lines: tuple[str, ...]) -> None:
    players = ("Alice", "Bob", "Carol") if lines is UNDOS else PLAYERS
    path = played_file(tmp_path / "g.db", "classic-us", players, lines, rules=rules)
    game = Game.open(path)
    try:
        assert money_first(game.state.house_rules) == bool(rules)
        pages = LedgerPages(game.store, game.head[0], game.money, game.state.accounts)
        every = money_seqs(game)
        assert 1 < len(every) < game.head[0]
        assert pages.matching(None, None, None, money=True)[0] == every
        for count in (1, 3, len(every), len(every) + 5):
            assert LedgerPages(game.store, game.head[0], game.money).money_tail(count) == every[-count:]
        for player in players:
            assert pages.matching(player, None, None, money=True)[0] == money_seqs(game, player)
        undos = pages.matching(None, None, "ActionUndone", money=True)[0]  # a kind picked: the undone legs read
        assert undos == [s for s in every if game.records[s - 1].type == "ActionUndone"]
    finally:
        game.close()
