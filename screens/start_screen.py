"""The first screen: start a new game, resume a saved one, or open a game file by its path."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, cast

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, DataTable, Footer, Header, Input, Label

from banker.saves import SavedGame, list_games

if TYPE_CHECKING:
    from screens.host import BankerHost


class StartScreen(Screen[None]):
    BINDINGS = [
        Binding("n", "new_game", "New game"),
        Binding("o", "open_file", "Open file"),
        Binding("r", "refresh_games", "Refresh list"),
        Binding("l", "league", "League"),
        Binding("ctrl+q", "app.quit", "Quit", priority=True),  # priority: shown over the app's hidden one
    ]

    def __init__(self, target: Path | None = None) -> None:
        super().__init__(id="start")
        self.target = target
        self.saved: list[SavedGame] = []

    @property
    def banker(self) -> BankerHost:
        return cast("BankerHost", self.app)

    def compose(self) -> ComposeResult:
        yield Header()
        with VerticalScroll(id="start-body"):
            yield Label("Banker keeps the money, the deeds and the bank for your Monopoly table.",
                        classes="title")
            if self.target is not None:
                yield Label(f"{self.target} does not exist yet: New game creates it there.",
                            id="target-note", classes="note", markup=False)
            with Horizontal(id="start-buttons"):
                yield Button("New game (n)", id="new", variant="primary")
                yield Button("Open a game file (o)", id="open")
            yield Label("Saved games: enter resumes the highlighted one", classes="section")
            yield DataTable(id="saved-games", cursor_type="row", zebra_stripes=True)
            yield Label("", id="no-games", classes="hint")
            yield Label("Open a game file by its path:", classes="section")
            yield Input(placeholder="path/to/game.db, then enter", id="open-path")
        yield Footer()

    def on_mount(self) -> None:
        table = self.query_one("#saved-games", DataTable)
        table.add_columns("Edition", "Players", "Last action", "When")
        self.refresh_games()
        if self.saved:
            table.focus()
        else:
            self.query_one("#new", Button).focus()

    def on_screen_resume(self) -> None:
        self.refresh_games()

    def refresh_games(self) -> None:
        """The saved games in the user data folder, the most recent first."""
        self.saved = list_games(self.banker.games_folder)
        table = self.query_one("#saved-games", DataTable)
        table.clear()
        for game in self.saved:
            if game.ok:
                when = game.when.astimezone().strftime("%Y-%m-%d %H:%M") if game.when else ""
                table.add_row(game.edition, ", ".join(game.players), _short(game.last_action, 60), when,
                              key=str(game.path))
            else:
                table.add_row(game.path.name, "", f"cannot open: {_short(game.problem, 50)}", "",
                              key=str(game.path))
        note = "" if self.saved else "No saved games yet; press n to start one."
        self.query_one("#no-games", Label).update(note)
        table.display = bool(self.saved)

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        if event.row_key.value:
            self.banker.open_game(Path(event.row_key.value))

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "new":
            self.action_new_game()
        elif event.button.id == "open":
            self.action_open_file()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        if not text:
            self.notify("type the path of a game file, like ~/monopoly/friday.db", severity="error", markup=False)
            return
        path = Path(text).expanduser()
        if not path.is_file():
            self.notify(f"no game file at {path}; check the path, or press n to start a new game there",
                        severity="error", markup=False)
            return
        self.banker.open_game(path)

    def action_new_game(self) -> None:
        self.banker.new_game(self.target)

    def action_open_file(self) -> None:
        self.query_one("#open-path", Input).focus()

    def action_refresh_games(self) -> None:
        self.refresh_games()

    def action_league(self) -> None:
        from screens.league_screen import LeagueScreen

        self.app.push_screen(LeagueScreen())


def _short(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"
