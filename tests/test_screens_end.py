"""The end screen: the valuation part by part, the winner, and the net-worth chart."""

from __future__ import annotations

import pytest
from app_pilot import wait_until
from conftest import play
from screen_host import Host
from textual.widgets import DataTable, Static
from textual_plotext import PlotextPlot

from banker.game import Game
from screens.end_screen import EndScreen


@pytest.mark.asyncio
async def test_valuation_table_names_the_winner_and_charts_every_player(game: Game) -> None:
    play(game, "buy Alice 'Park Place'", "buy Alice Boardwalk", "buy Alice Reading", "build Alice Boardwalk",
         "rent Bob Boardwalk", "mortgage Alice Reading")
    app = Host(EndScreen(game))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        banner = str(app.screen.query_one("#end-winner", Static).render())
        assert banner == "Alice wins with a net worth of $1,700"
        grid = app.screen.query_one("#end-table", DataTable)
        first = [str(cell).strip() for cell in grid.get_row_at(0)]
        # cash $1,500 - $350 - $400 - $200 - $200 house + $200 rent + $100 mortgage;
        # deeds $350 + $400 + Reading Railroad at its $100 mortgage value; one house at $200
        assert first == ["Alice", "$650", "$850", "$200", "$1,700", "winner"]
        assert [str(grid.get_row_at(i)[0]) for i in range(grid.row_count)] == ["Alice", "Carol", "Bob"]
        plot = app.screen.query_one("#end-chart", PlotextPlot)
        assert plot.region.height >= 12
        drawn = plot.plt.build()
        assert all(name in drawn for name in ("Alice", "Bob", "Carol", "Net worth over the game"))


@pytest.mark.asyncio
async def test_a_tie_at_the_top_has_no_single_winner(game: Game) -> None:
    app = Host(EndScreen(game))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        banner = app.screen.query_one("#end-winner", Static)
        assert str(banner.render()) == "No single winner: Alice, Bob and Carol tie at the top with $1,500"
        assert banner.has_class("-tie")
        await pilot.press("escape")
        await wait_until(pilot, lambda: not isinstance(app.screen, EndScreen))


@pytest.mark.asyncio
async def test_the_last_one_standing_wins(game: Game) -> None:
    play(game, "pay Bob 1500", "bankrupt Bob 1", "pay Carol 1500", "bankrupt Carol 1")  # $0 and nothing to raise
    app = Host(EndScreen(game))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert str(app.screen.query_one("#end-winner", Static).render()).startswith("Alice wins")
        grid = app.screen.query_one("#end-table", DataTable)
        assert [str(grid.get_row_at(i)[5]) for i in range(3)] == ["winner", "bankrupt", "bankrupt"]
