"""The league: each person's games, points, wins, average place and best net worth, and the points over the
evenings (a chart). Opened from the start screen (`l`); the league is loaded only here, never at the table."""

from __future__ import annotations

from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Static
from textual_plotext import PlotextPlot

from banker.saves import data_dir


def league_location(app: object) -> str | None:
    """The app's league: $BANKER_LEAGUE, else league.db in the app's data folder (None for a host without one, as
    a screen's test host: it never reaches the user's own league)."""
    from banker.league.schema import league_url

    data = getattr(app, "data", None)
    return league_url(None, data) if isinstance(data, Path) else None


def league_exists(url: str | None) -> bool:
    """Whether there may be a league there, without loading SQLAlchemy for a file that is not there."""
    return url is not None and (not url.startswith("sqlite:///") or Path(url.removeprefix("sqlite:///")).is_file())


class LeagueScreen(Screen[None]):
    BINDINGS = [
        Binding("escape", "app.pop_screen", "back"),
        Binding("r", "refresh_league", "refresh"),
    ]
    DEFAULT_CSS = """
    LeagueScreen #league-title { text-style: bold; padding: 0 1; }
    LeagueScreen #league-where { color: $text-muted; padding: 0 1; }
    LeagueScreen #league-table { height: auto; margin: 1 1 0 1; }
    LeagueScreen #league-chart { height: 18; min-height: 10; margin: 1 1 0 1; }
    """

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="league-page"):
            yield Static("League", id="league-title")
            yield Static("", id="league-where", markup=False)
            yield DataTable(id="league-table", cursor_type="row", zebra_stripes=True)
            yield PlotextPlot(id="league-chart")
        yield Footer()

    def on_mount(self) -> None:
        table = self.query_one("#league-table", DataTable)
        for label, key in (("", "rank"), ("person", "name"), ("games", "games"), ("points", "points"),
                           ("wins", "wins"), ("avg place", "average"), ("best net worth", "best")):
            table.add_column(label, key=key)
        self.action_refresh_league()

    def action_refresh_league(self) -> None:
        url = league_location(self.app)
        where = self.query_one("#league-where", Static)
        table = self.query_one("#league-table", DataTable)
        table.clear()
        chart = self.query_one("#league-chart", PlotextPlot)
        if url is None or not league_exists(url):
            where.update(f"No league yet at {(url or str(data_dir())).removeprefix('sqlite:///')}. Record a finished "
                         "game from its end screen (r), or: banker league record GAME.db")
            table.display = chart.display = False
            return
        from banker.league.schema import LeagueError, shown
        from banker.league.store import LeagueStore, evenings

        try:
            store, _ = LeagueStore.open(url, Path("."))
            try:
                if not store.exists():
                    where.update(f"No league yet at {shown(url)}.")
                    table.display = chart.display = False
                    return
                seats, setting, games = store.seats(), store.points_setting(), store.games_count()
            finally:
                store.close()
        except LeagueError as error:
            where.update(str(error))
            table.display = chart.display = False
            return
        from banker.league.store import standings

        where.update(f"{games} game{'s' if games != 1 else ''}, points per place {setting} · {shown(url)}")
        table.display = chart.display = True
        for row in standings(seats):
            table.add_row(str(row.rank), row.name, str(row.games), f"{row.points:g}", str(row.wins),
                          f"{row.average_place:.2f}", f"{row.best_net_worth:,}", key=row.name)
        dates, curves = evenings(seats)
        plt = chart.plt
        plt.clear_data()
        for name, values in curves.items():  # from 0 before the first evening, so one evening draws a line
            plt.plot(list(range(len(dates) + 1)), [0.0, *values], label=name)
        if dates:
            plt.xticks(list(range(len(dates) + 1)), ["start", *dates])
        plt.title("Points over the evenings")
        chart.refresh()
