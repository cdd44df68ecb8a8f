"""The league in the app: the League screen from the start screen (standings and the points over the evenings), and
the end screen's places with "record in the league" (r)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from app_pilot import text_of, wait_until
from league_games import finished_game
from screen_host import keys
from textual.widgets import DataTable, Static
from textual_plotext import PlotextPlot

from banker.cli import main
from screens.app import make_app
from screens.end_screen import EndScreen
from screens.league_screen import LeagueScreen
from screens.start_screen import StartScreen
from screens.table_screen import TableScreen


async def until(pilot, holds) -> None:  # type: ignore[no-untyped-def]
    await wait_until(pilot, holds)


@pytest.mark.asyncio
async def test_the_league_screen_shows_the_standings_and_the_evenings(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("BANKER_LEAGUE", raising=False)
    app = make_app(data=tmp_path, watch=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, StartScreen))
        await keys(pilot, "l")
        await until(pilot, lambda: isinstance(app.screen, LeagueScreen))
        assert text_of(app, "#league-where").startswith("No league yet at ")
        for n, out in enumerate((["Ann", "Bob", "Cat"], ["Dan", "Cat", "Bob"])):
            game = finished_game(tmp_path / f"{n}.db", ("Ann", "Bob", "Cat", "Dan"), out)
            assert main(["league", "record", str(game), "--league", str(tmp_path / "league.db")]) == 0
        await keys(pilot, "r")
        table = app.screen.query_one("#league-table", DataTable)
        await until(pilot, lambda: table.row_count == 4)
        assert [str(c) for c in table.get_row_at(0)][:5] == ["1", "Ann", "2", "4", "1"]
        assert [str(c) for c in table.get_row_at(1)][:5] == ["1", "Dan", "2", "4", "1"]
        assert text_of(app, "#league-where").startswith("2 games, points per place 4,2,1,0")
        drawn = app.screen.query_one("#league-chart", PlotextPlot).plt.build()
        assert "Points over the evenings" in drawn and "Ann" in drawn
        await keys(pilot, "escape")
        await until(pilot, lambda: isinstance(app.screen, StartScreen))


@pytest.mark.asyncio
async def test_the_end_screen_shows_the_places_and_records_the_game_in_the_league(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.delenv("BANKER_LEAGUE", raising=False)
    path = finished_game(tmp_path / "friday.db", ("Ann", "Bob", "Cat"), ["Bob", "Ann"])
    app = make_app(path, data=tmp_path, watch=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TableScreen))
        await keys(pilot, "E")
        await until(pilot, lambda: isinstance(app.screen, EndScreen))
        places = str(app.screen.query_one("#end-places", Static).render())
        assert places.splitlines()[0] == "Places: 1. Cat   2. Ann   3. Bob"
        await keys(pilot, "r")
        await until(pilot, lambda: "(4 points)" in str(app.screen.query_one("#end-places", Static).render()))
        assert str(app.screen.query_one("#end-places", Static).render()).splitlines()[0] == (
            "Places: 1. Cat (4 points)   2. Ann (2 points)   3. Bob (1 point)")
    assert main(["league", "standings", "--league", str(tmp_path / "league.db"), "--json"]) == 0
    body = json.loads(capsys.readouterr().out)
    assert body["games"] == 1 and [p["name"] for p in body["people"]] == ["Cat", "Ann", "Bob"]
