"""What the table keeps between frames so a roll draws little (issue 27: typed dice to the dialog under 50 ms):
the board's cells, and its lines while the focus comes and goes. The kept drawing must be what drawing afresh
would give."""

from __future__ import annotations

from pathlib import Path

import pytest
from app_pilot import app_for, played_file, wait_until
from screen_host import keys
from textual.geometry import Region
from textual.widgets import DataTable

from screens.board_list import BoardList
from screens.command_bar import CommandBar
from screens.key_line import KeyLine
from screens.player_card import PlayerCard

PLAYERS = ("Ann", "Ben", "Cy")
SIZE = (120, 40)


def board_lines(board: BoardList) -> list[str]:
    return [strip.text for strip in board.render_lines(Region(0, 0, board.size.width, board.size.height))]


def drawn_afresh(board: BoardList) -> list[tuple[str, str]]:
    """The board's lines with every cache forgotten, its own and DataTable's, as (text, styles) pairs."""
    board.drawn_cells.clear()
    board._clear_caches()
    return [(strip.text, repr(list(strip))) for strip in
            board.render_lines(Region(0, 0, board.size.width, board.size.height))]


@pytest.mark.asyncio
async def test_the_board_drawn_from_what_it_kept_is_the_board_drawn_afresh(tmp_path: Path) -> None:
    path = played_file(tmp_path / "kept.db", "classic-us", PLAYERS, [], ("follow-tokens",))
    app = app_for(path)
    async with app.run_test(size=SIZE) as pilot:
        board = app.screen.query_one(BoardList)
        # Ann to Reading Railroad, bought (1); Ben to Chance, its dialog left (escape): tokens, the cursor and an owner
        # move, dialogs open over the board and close
        # then the cursor moves up a row on the board, whose rows did not change
        for typed in ("14", "1", "25", "escape", "up"):
            if typed in ("1", "escape", "up"):
                await keys(pilot, typed)
            else:
                await pilot.press(*typed)
                await keys(pilot, "enter")
            # every line as the board keeps it (the focus came and went), then DataTable's caches forgotten
            as_shown = [(strip.text, repr(list(strip))) for strip in
                        board.render_lines(Region(0, 0, board.size.width, board.size.height))]
            board._clear_caches()  # DataTable's caches only: the board's own kept cells draw it
            kept = [(strip.text, repr(list(strip))) for strip in
                    board.render_lines(Region(0, 0, board.size.width, board.size.height))]
            afresh = drawn_afresh(board)
            assert kept == afresh
            assert as_shown == afresh
        reading = next(line for line in board_lines(board) if "Reading Railroad" in line)
        assert reading.split()[:2] == ["5", "A"] and "Ann" in reading  # her chip and her deed, from kept cells
        assert board.cursor_row == 6  # above Ben's Chance


@pytest.mark.asyncio
async def test_the_board_looks_the_same_with_the_focus_or_without_it(tmp_path: Path) -> None:
    """The focus leaves the board for the command bar and comes back with every typed roll (the first die typed and
    the roll): the board, its cursor row too, looks the same either way (banker.tcss), so nothing of it is restyled
    or drawn again, and what it shows is what a board drawn afresh shows."""
    path = played_file(tmp_path / "focus.db", "classic-us", PLAYERS, [], ("follow-tokens",))
    app = app_for(path)
    async with app.run_test(size=SIZE) as pilot:
        board = app.screen.query_one(BoardList)
        looks = []
        for focused in (app.screen.query_one(CommandBar), board, app.screen.query_one(CommandBar), board):
            focused.focus()
            await pilot.pause()
            await pilot.pause()
            as_shown = [(strip.text, repr(list(strip))) for strip in
                        board.render_lines(Region(0, 0, board.size.width, board.size.height))]
            assert as_shown == drawn_afresh(board)
            looks.append(as_shown[board.cursor_row + 1])  # + the header
            bar = board.vertical_scrollbar  # kept too: the focus sets its colours again, the same ones
            whole = Region(0, 0, bar.size.width, bar.size.height)
            kept = [(strip.text, repr(list(strip))) for strip in bar.render_lines(whole)]
            bar.drawn = None
            bar._styles_cache.clear()
            assert kept == [(strip.text, repr(list(strip))) for strip in bar.render_lines(whole)]
        assert looks[0] == looks[1] == looks[2] == looks[3]  # the cursor row: the highlighted space either way


@pytest.mark.asyncio
async def test_the_focus_coming_or_going_draws_no_row_of_the_board_again(tmp_path: Path) -> None:
    """Textual repaints a widget whole when the focus comes or goes; the board looks the same either way, so with
    each typed roll (the focus to the command bar and back) every row was drawn again in the roll's own frame."""
    path = played_file(tmp_path / "focus.db", "classic-us", PLAYERS, [], ("follow-tokens",))
    app = app_for(path)
    async with app.run_test(size=SIZE) as pilot:
        board = app.screen.query_one(BoardList)
        drawn: list[int] = []
        draw_line = board.render_line

        def render_line(y: int) -> object:
            drawn.append(y)
            return draw_line(y)

        board.render_line = render_line  # type: ignore[method-assign]
        for focused in (app.screen.query_one(CommandBar), board, app.screen.query_one(CommandBar), board):
            app.screen.set_focus(focused)  # as a typed roll moves it (TokenFlows.action_dice, TableScreen)
            await pilot.pause()
            await pilot.pause()
        assert drawn == []
        board.refresh()  # a change of what it shows still draws it
        await wait_until(pilot, lambda: len(drawn) >= board.size.height, "the board drawn again")


@pytest.mark.asyncio
@pytest.mark.parametrize("edition", ["classic-us", "city"])
async def test_a_cell_drawn_by_the_board_is_the_cell_datatable_draws(tmp_path: Path, edition: str) -> None:
    """The board draws its one-line cells itself (BoardList.draw_cell, Rich's layers left out): segment for
    segment what DataTable's own drawing gives, for every cell of every row, with and without the cursor, the
    mouse over it and the focus."""
    players = ("Al", "AnnBen", "Bo") if edition == "city" else PLAYERS
    path = played_file(tmp_path / "cells.db", edition, players, [], ("follow-tokens",))
    app = app_for(path)
    async with app.run_test(size=SIZE) as pilot:
        board = app.screen.query_one(BoardList)
        base = board.rich_style
        for focused in (True, False):
            (board if focused else app.screen.query_one(CommandBar)).focus()
            await pilot.pause()
            for row in range(board.row_count):
                for column, col in enumerate(board.ordered_columns):
                    width = col.get_render_width(board)
                    for cursor, hover in ((False, False), (True, False), (False, True)):
                        board.drawn_cells.clear()
                        ours = board._render_cell(row, column, base, width, cursor, hover)
                        board._clear_caches()
                        theirs = DataTable._render_cell(board, row, column, base, width, cursor, hover)
                        assert ours == theirs, (row, column, cursor, hover, focused)


@pytest.mark.asyncio
async def test_a_card_lit_for_the_turn_is_styled_and_drawn_as_a_full_restyle_would(tmp_path: Path) -> None:
    """A card's -current and -bankrupt classes restyle the card alone (PlayerCard.update_node_styles): its widgets
    keep the styles a full restyle gives them, and are drawn again on the card's new background."""
    path = played_file(tmp_path / "turns.db", "classic-us", PLAYERS, [], ("follow-tokens",))
    app = app_for(path)
    async with app.run_test(size=SIZE) as pilot:
        # what the two pictures must not differ by: the bar's blinking cursor, the key line's change waiting its 0.25 s,
        # the turn's background a frame after the roll (a busy machine took the second picture on the other side of
        # one of them: issue 34)
        app.screen.query_one(CommandBar).cursor_blink = False
        line = app.screen.query_one(KeyLine)
        for dice in ("13", "24", "12"):  # Income Tax, Chance, Baltic: the turn passes each time
            await pilot.press(*dice)
            await keys(pilot, "enter")
            await keys(pilot, "escape")
            await wait_until(pilot, lambda: line.pending is None and sum(
                card.has_class("-current") for card in app.screen.query(PlayerCard)) == 1 and all(
                card.has_class("-current") == (card.player == app.current_player)
                for card in app.screen.query(PlayerCard)))
            cards = list(app.screen.query(PlayerCard))
            nodes = [node for card in cards for node in card.walk_children(with_self=True)]
            kept = [dict(node.styles.get_render_rules()) for node in nodes]
            shown = app.export_screenshot()
            app.stylesheet.update_nodes(nodes)  # Textual's own: the card and every widget on it
            for node in nodes:
                node._styles_cache.clear()
                node.refresh()
            await pilot.pause()
            assert [dict(node.styles.get_render_rules()) for node in nodes] == kept
            assert app.export_screenshot() == shown
            assert sum(card.has_class("-current") for card in cards) == 1
