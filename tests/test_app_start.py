"""Starting: a new game through the screens, resuming a saved one, opening a file by its path."""

from __future__ import annotations

from pathlib import Path

import pytest
from app_pilot import burst, wait_until
from screen_host import keys
from textual.pilot import Pilot
from textual.widgets import Button, DataTable, Input, Select, Switch

from banker.game import Game
from banker.saves import game_key, games_dir, load_token_colours
from editions import load_edition
from screens.app import BankerApp, make_app
from screens.new_game_screen import NewGameScreen, rule_applies
from screens.start_screen import StartScreen
from screens.table_screen import TableScreen

SIZE = (120, 40)


async def type_names(pilot: Pilot, *names: str) -> None:
    """Each name and its Enter, as the table types them: the Enter in the last row shows one row more."""
    for name in names:
        await pilot.press(*name)
        await keys(pilot, "enter")


async def create_with(pilot: Pilot, *names: str) -> None:
    """The names, then Enter in the empty row the last one added (on to Create) and Enter on Create."""
    await type_names(pilot, *names)
    await keys(pilot, "enter", "enter")


def error_text(app: BankerApp) -> str:
    return str(app.screen.query_one("#new-game-error").render())


@pytest.mark.asyncio
async def test_new_game_through_the_screens(tmp_path: Path) -> None:
    app = make_app(data=tmp_path, watch=False)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, StartScreen))
        await keys(pilot, "n")
        await wait_until(pilot, lambda: isinstance(app.screen, NewGameScreen))
        app.screen.query_one("#colour-1", Select).value = "magenta"
        await create_with(pilot, "Alice", "Bob", "Carol")
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen))
        assert app.game is not None
        path = app.game.store.path
    assert path == games_dir(tmp_path) / "alice-bob-carol.db"
    game = Game.open(path)
    assert game.state.players == ("Alice", "Bob", "Carol") and game.state.cash("Carol") == 1500
    assert load_token_colours(tmp_path, game_key(game.records[0].hash))["Bob"] == "magenta"
    game.close()


@pytest.mark.asyncio
async def test_new_game_refuses_two_players_with_the_same_name(tmp_path: Path) -> None:
    app = make_app(data=tmp_path, watch=False)
    async with app.run_test(size=SIZE) as pilot:
        await keys(pilot, "n")
        await create_with(pilot, "Alice", "alice", "Carol")
        await wait_until(pilot, lambda: "two players have the same name" in error_text(app))
        assert isinstance(app.screen, NewGameScreen)
    assert not games_dir(tmp_path).exists() or not list(games_dir(tmp_path).iterdir())


@pytest.mark.asyncio
async def test_new_game_refuses_an_empty_name_between_two_names(tmp_path: Path) -> None:
    app = make_app(data=tmp_path, watch=False)
    async with app.run_test(size=SIZE) as pilot:
        await keys(pilot, "n")
        await type_names(pilot, "Alice", "")  # an Enter in an empty row that is not the last goes on to the next
        await pilot.press(*"Carol")
        await keys(pilot, "ctrl+s")
        await wait_until(pilot, lambda: "a player name is empty; give every player a name" in error_text(app))
        assert isinstance(app.screen, NewGameScreen) and app.game is None
        app.screen.query_one("#name-1", Input).value = "Bob"
        await keys(pilot, "ctrl+s")
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen))
        assert app.game is not None and app.game.state.players == ("Alice", "Bob", "Carol")


@pytest.mark.asyncio
async def test_too_few_names_are_refused_with_the_cores_sentence(tmp_path: Path) -> None:
    """The empty rows at the end are left out only down to the edition's fewest players (two on the classic board)."""
    app = make_app(data=tmp_path, watch=False)
    async with app.run_test(size=SIZE) as pilot:
        await keys(pilot, "n")
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        await type_names(pilot, "Alice", "", "")  # the Enter in the empty last row goes on to Create
        await wait_until(pilot, lambda: screen.focused is screen.query_one("#create", Button))
        await keys(pilot, "enter")
        await wait_until(pilot, lambda: "a player name is empty; give every player a name" in error_text(app))
        assert app.screen is screen and app.game is None and screen.count == 3


def create_focused(screen: NewGameScreen) -> bool:
    return screen.focused is screen.query_one("#create", Button)


@pytest.mark.asyncio
async def test_enter_in_the_last_name_adds_a_player_not_the_game(tmp_path: Path) -> None:
    """Issue 36: a family types a name and Enter, and the next, and the next; the Enter after the last name does
    not start the game without the fourth player: it shows a row for one. Enter in that empty row goes to Create
    (saying so), and Enter there creates the game of the three names, the empty row left out."""
    app = make_app(data=tmp_path, watch=False)
    async with app.run_test(size=SIZE) as pilot:
        await keys(pilot, "n")
        screen = app.screen
        assert isinstance(screen, NewGameScreen) and screen.count == 3
        await type_names(pilot, "Ann", "Bob", "Cat")
        await wait_until(pilot, lambda: screen.count == 4 and screen.focused is screen.query_one("#name-3"))
        assert app.game is None and screen.query_one("#row-3").display
        assert "Players: 4 of 2 to 6" in str(screen.query_one("#players-title").render())
        await keys(pilot, "enter")
        await wait_until(pilot, lambda: create_focused(screen))
        assert app.game is None and screen.count == 4
        assert any("ctrl+s or Enter on Create game starts the game" in toast for toast in
                   (n.message for n in app.toasts_up()))
        await keys(pilot, "enter")
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen))
        assert app.game is not None and app.game.state.players == ("Ann", "Bob", "Cat")


@pytest.mark.asyncio
async def test_names_typed_in_one_burst_go_each_in_its_own_row(tmp_path: Path) -> None:
    """`tmux send-keys Ann Enter Bob Enter Cat Enter Enter Enter`: every key is read before the first is handled;
    each name still lands in its row (not "AnnBobCat" in the first) and the game is Ann, Bob and Cat."""
    app = make_app(data=tmp_path, watch=False)
    async with app.run_test(size=SIZE) as pilot:
        await keys(pilot, "n")
        await wait_until(pilot, lambda: isinstance(app.screen, NewGameScreen))
        await burst(pilot, *"Ann", "enter", *"Bob", "enter", *"Cat", "enter", "enter", "enter")
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen))
        assert app.game is not None and app.game.state.players == ("Ann", "Bob", "Cat")


@pytest.mark.asyncio
async def test_enter_at_the_editions_most_players_goes_to_create(tmp_path: Path) -> None:
    """The US board takes 2 to 6 players (003: "2-6 PLAYERS"): at the sixth name, no seventh row, on to Create."""
    app = make_app(data=tmp_path, watch=False)
    async with app.run_test(size=SIZE) as pilot:
        await keys(pilot, "n")
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        await type_names(pilot, "Ann", "Bob", "Cat", "Dan", "Eve", "Fay")
        await wait_until(pilot, lambda: create_focused(screen))
        assert screen.count == 6 and app.game is None
        await keys(pilot, "enter")
        await wait_until(pilot, lambda: app.game is not None)
        assert app.game is not None and len(app.game.state.players) == 6


@pytest.mark.asyncio
async def test_follow_tokens_is_first_and_on_by_default(tmp_path: Path) -> None:
    """Banker pays GO when it follows the tokens: the first house rule, switched on for every edition; the others
    stay off."""
    app = make_app(data=tmp_path, watch=False)
    async with app.run_test(size=SIZE) as pilot:
        await keys(pilot, "n")
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        select = screen.query_one("#edition", Select)
        for edition in screen.editions:
            select.value = edition
            await wait_until(pilot, lambda: screen.edition.id == edition)  # noqa: B023 (waited for here)
            shown = [row for row in screen.query(".rule-row") if row.display]
            assert shown[0].id == "rule-row-follow-tokens", edition
            assert [row.query_one(Switch).value for row in shown] == [True] + [False] * (len(shown) - 1), edition
        select.value = "classic-us"
        await create_with(pilot, "Ann", "Bob")
        await wait_until(pilot, lambda: app.game is not None)
        assert app.game is not None and app.game.state.house_rules == {"follow-tokens"}
        assert app.game.state.tokens is not None


@pytest.mark.asyncio
async def test_new_game_says_how_to_quit(tmp_path: Path) -> None:
    """The footer of the start screen and of the New Game screen shows ctrl+q Quit (Textual's own is hidden)."""
    app = make_app(data=tmp_path, watch=False)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, StartScreen))
        for screen_kind in (StartScreen, NewGameScreen):
            screen = app.screen
            assert isinstance(screen, screen_kind)
            quit_key = screen.active_bindings["ctrl+q"].binding
            assert (quit_key.action, quit_key.description, quit_key.show) == ("app.quit", "Quit", True)
            await keys(pilot, "n")
            await wait_until(pilot, lambda: isinstance(app.screen, NewGameScreen))
        await keys(pilot, "ctrl+q")
        await wait_until(pilot, lambda: not app.is_running, "the app quit")


@pytest.mark.asyncio
async def test_new_game_with_another_edition_and_a_house_rule(tmp_path: Path) -> None:
    app = make_app(data=tmp_path, watch=False)
    async with app.run_test(size=SIZE) as pilot:
        await keys(pilot, "n")
        screen = app.screen
        screen.query_one("#edition", Select).value = "classic-uk"
        await wait_until(pilot, lambda: "M1,500" in str(screen.query_one("#edition-about").render()))
        for _ in range(6):
            await keys(pilot, "ctrl+n")
        assert "8 of 2 to 8" in str(screen.query_one("#players-title").render())
        await keys(pilot, "ctrl+r", "ctrl+r", "ctrl+r", "ctrl+r", "ctrl+r")
        assert screen.focused is screen.query_one("#name-2")  # ctrl+n's cursor followed the rows taken away
        screen.query_one("#rule-free-parking", Switch).value = True
        screen.query_one("#name-0").focus()
        await create_with(pilot, "Ann", "Ben", "Cat")
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen))
        assert app.game is not None
        assert app.game.state.edition.id == "classic-uk" and app.game.state.free_parking


@pytest.mark.asyncio
async def test_game_file_given_on_the_command_line_is_created_only_by_new_game(tmp_path: Path) -> None:
    path = tmp_path / "friday.db"
    app = make_app(path, data=tmp_path / "data", watch=False)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, NewGameScreen))
        await keys(pilot, "escape")
        await wait_until(pilot, lambda: isinstance(app.screen, StartScreen))
        assert "friday.db does not exist yet" in str(app.screen.query_one("#target-note").render())
        assert not path.exists()
        await keys(pilot, "n")
        await create_with(pilot, "Alice", "Bob", "Carol")
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen))
    assert path.exists()


@pytest.mark.asyncio
async def test_resume_a_saved_game_from_the_list(tmp_path: Path) -> None:
    folder = games_dir(tmp_path)
    older = Game.create(folder / "older.db", load_edition("classic-us"), ["Ann", "Ben"])
    older.close()
    newer = Game.create(folder / "newer.db", load_edition("classic-uk"), ["Alice", "Bob", "Carol"])
    newer.do("buy Alice Mayfair")
    newer.close()
    app = make_app(data=tmp_path, watch=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        table = app.screen.query_one("#saved-games", DataTable)
        assert table.row_count == 2
        first = table.get_row_at(0)
        assert "Alice, Bob, Carol" in first and "Alice buys Mayfair for M400" in first
        await keys(pilot, "enter")
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen))
        assert app.game is not None and app.game.state.deeds["Mayfair"].owner == "Alice"


@pytest.mark.asyncio
async def test_a_game_file_opened_at_start_closes_to_the_start_screen(tmp_path: Path) -> None:
    """`banker GAME.db` goes straight to the table (the start screen is made only when it is needed)."""
    folder = games_dir(tmp_path)
    Game.create(folder / "saved.db", load_edition("classic-us"), ["Ann", "Ben"]).close()
    path = tmp_path / "friday.db"
    Game.create(path, load_edition("classic-us"), ["Alice", "Bob"]).close()
    app = make_app(path, data=tmp_path, watch=False)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen))
        assert not any(isinstance(screen, StartScreen) for screen in app.screen_stack)
        app.action_close_game()
        await wait_until(pilot, lambda: isinstance(app.screen, StartScreen) and app.game is None)
        assert app.screen.query_one("#saved-games", DataTable).row_count == 1
        await keys(pilot, "enter")
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen))
        assert app.game is not None and app.game.state.players == ("Ann", "Ben")
        app.action_close_game()
        await wait_until(pilot, lambda: isinstance(app.screen, StartScreen) and len(app.screen_stack) == 2)


@pytest.mark.asyncio
async def test_open_a_game_file_by_its_path(tmp_path: Path) -> None:
    path = tmp_path / "elsewhere.db"
    Game.create(path, load_edition("classic-us"), ["Ann", "Ben"]).close()
    app = make_app(data=tmp_path / "data", watch=False)
    async with app.run_test(size=SIZE) as pilot:
        await keys(pilot, "o")
        await pilot.press(*str(tmp_path / "missing.db"))
        await keys(pilot, "enter")
        await wait_until(pilot, lambda: isinstance(app.screen, StartScreen))
        assert any("no game file at" in n.message for n in app.toasts_up())
        app.screen.query_one("#open-path").value = str(path)
        await keys(pilot, "enter")
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen))


@pytest.mark.asyncio
async def test_a_file_that_is_not_a_game_gets_a_clear_message(tmp_path: Path) -> None:
    path = tmp_path / "notes.db"
    path.write_text("shopping list")
    app = make_app(path, data=tmp_path / "data", watch=False)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, StartScreen))
        assert any("not a Banker game file" in n.message and n.severity == "error" for n in app.toasts_up())


def test_the_new_game_screen_offers_the_speed_die_only_where_it_can_be_added() -> None:
    """The core refuses `speed-die` on Mega (built in), Sore Losers and City (002 is for the classic board)."""
    offered = {e: rule_applies("speed-die", load_edition(e)) for e in ("classic-us", "classic-uk", "mega",
                                                                         "sore-losers", "city")}
    assert offered == {"classic-us": True, "classic-uk": True, "mega": False, "sore-losers": False, "city": False}
