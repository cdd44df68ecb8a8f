"""New game: the edition, the players with their token colours, and the house rules.

Names are checked by the core (`player_names_refusal`), so the screen refuses exactly
what `banker new` refuses, with the same words. Enter adds a name, never the game (issue 36): in the
last name it shows one more row, and in an empty one it goes to Create, whose Enter starts the game.
"""

from __future__ import annotations

import asyncio
from contextlib import suppress
from pathlib import Path
from typing import TYPE_CHECKING, cast

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Footer, Header, Input, Label, Select, Static, Switch

from banker.commands import StartClock
from banker.errors import Refusal
from banker.game import HOUSE_RULES, Game, player_names_refusal
from banker.ledger import LedgerError
from banker.saves import TOKEN_COLOURS, new_game_path
from editions import Edition, EditionError, edition_files, load_edition_file
from screens.colours import token_style
from screens.timing import timing

if TYPE_CHECKING:
    from screens.host import BankerHost

DEFAULT_EDITION = "classic-us"
DEFAULT_PLAYERS = 3
RULES_FIRST = ("follow-tokens",)  # what a family's table wants most: Banker pays GO, nobody has to remember it
ON_BY_DEFAULT = frozenset({"follow-tokens"})
CREATE_HINT = "ctrl+s or Enter on Create game starts the game"
TYPED_WAIT_SECONDS = 1.0  # a safety net only: a name field takes the keys sent to it in milliseconds


def rules_in_order() -> list[str]:
    """The house rules as the screen lists them: following the tokens first, then the core's order (ordered here:
    the core's HOUSE_RULES is the CLI's list too)."""
    return [*RULES_FIRST, *(rule for rule in HOUSE_RULES if rule not in RULES_FIRST)]


def rule_applies(rule: str, edition: Edition) -> bool:
    """A house rule the edition does not already play by (Mega has the speed die built in; the core refuses it)."""
    if rule == "timed-auctions" and edition.timed_auctions:  # City's trading unit times auctions already
        return False
    if rule == "stadium-passing-only" and not edition.stadiums:  # only a board with stadiums (the core refuses it)
        return False
    return not (rule == "speed-die" and (edition.speed_die or not edition.speed_die_house_rule))


CLOCKS = [("no game clock: play until one player is left", 0), ("1 hour", 60), ("2 hours", 120)]


def has_clock_choice(edition: Edition) -> bool:
    """The game clock is chosen at creation where the box has the trading unit (Monopoly City)."""
    return edition.timed_auctions


def usable_editions() -> dict[str, Edition]:
    """Every edition file that loads; a broken user file is left out rather than stopping the app."""
    found = {}
    for edition_id, path in edition_files().items():
        try:
            found[edition_id] = load_edition_file(path)
        except EditionError:
            continue
    return found


class NewGameScreen(Screen[None]):
    CSS_PATH = "new_game.tcss"  # loaded when the screen first opens, not at start-up
    VERTICAL_BREAKPOINTS = [(0, "-short"), (30, "-tall")]  # a short screen gets the compact form (banker.tcss)
    BINDINGS = [
        Binding("ctrl+s", "create", "Create game"),
        Binding("ctrl+n", "more_players", "Add player"),
        Binding("ctrl+r", "fewer_players", "Remove player"),
        Binding("escape", "cancel", "Back"),
        Binding("ctrl+q", "app.quit", "Quit", priority=True),  # priority: shown over the app's hidden one
        Binding("enter", "name_entered", show=False, priority=True),  # in a name only (check_action)
    ]

    def __init__(self, path: Path | None = None) -> None:
        super().__init__(id="new-game")
        self.path = path
        self.editions = usable_editions()
        self.most = max((e.max_players for e in self.editions.values()), default=2)
        self.count = DEFAULT_PLAYERS

    @property
    def banker(self) -> BankerHost:
        return cast("BankerHost", self.app)

    @property
    def edition(self) -> Edition:
        chosen = self.query_one("#edition", Select).value
        return self.editions[chosen if isinstance(chosen, str) else next(iter(self.editions))]

    def compose(self) -> ComposeResult:
        yield Header()
        first = DEFAULT_EDITION if DEFAULT_EDITION in self.editions else next(iter(self.editions), None)
        with VerticalScroll(id="new-game-body"):
            yield Label("New game", classes="title")
            with Horizontal(classes="form-row"):
                yield Label("Edition", classes="form-label")
                yield Select([(e.name, i) for i, e in self.editions.items()], value=first or Select.NULL,
                             allow_blank=False, id="edition", compact=True)
            yield Static("", id="edition-about", classes="about")
            yield Label("", id="players-title", classes="section")
            for index in range(self.most):
                with Horizontal(classes="form-row player-row", id=f"row-{index}"):
                    yield Label(f"Player {index + 1}", classes="form-label")
                    yield Input(placeholder="name", id=f"name-{index}", classes="player-name", compact=True)
                    yield Select([(Text(colour, style=token_style(colour)), colour) for colour in TOKEN_COLOURS],
                                 value=TOKEN_COLOURS[index % len(TOKEN_COLOURS)], allow_blank=False,
                                 id=f"colour-{index}", classes="token", compact=True)
            with Horizontal(classes="form-row"):
                yield Button("+ player (ctrl+n)", id="more", compact=True)
                yield Button("- player (ctrl+r)", id="fewer", compact=True)
            with Horizontal(classes="form-row", id="clock-row"):
                yield Label("Clock", classes="form-label")
                yield Select(CLOCKS, value=0, allow_blank=False, id="clock", compact=True)
            yield Label("House rules", classes="section")
            for rule in rules_in_order():
                with Horizontal(classes="form-row rule-row", id=f"rule-row-{rule}"):
                    yield Switch(rule in ON_BY_DEFAULT, id=f"rule-{rule}")
                    yield Label(f"{rule}: {HOUSE_RULES[rule]}", classes="rule-text", markup=False)
            yield Label("", id="save-to", classes="hint", markup=False)
            yield Label("", id="new-game-error", classes="error", markup=False)
            with Horizontal(classes="form-row"):
                yield Button("Create game (ctrl+s)", id="create", variant="primary")
                yield Button("Back (esc)", id="cancel")
        yield Footer()

    def on_mount(self) -> None:
        self.show_edition()
        self.query_one("#name-0", Input).focus()

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "edition":
            self.show_edition()

    def show_edition(self) -> None:
        edition = self.edition
        money = edition.money
        about = (f"start cash {money(edition.starting_cash)} · GO {money(edition.go_salary)} · "
                 f"{edition.min_players}-{edition.max_players} players\n{edition.about}")
        self.query_one("#edition-about", Static).update(about)
        for rule in HOUSE_RULES:
            self.query_one(f"#rule-row-{rule}").display = rule_applies(rule, edition)
        self.query_one("#clock-row").display = has_clock_choice(edition)
        self.set_count(self.count)

    def set_count(self, count: int) -> None:
        edition = self.edition
        self.count = max(edition.min_players, min(count, edition.max_players))
        for index in range(self.most):
            self.query_one(f"#row-{index}").display = index < self.count
        self.query_one("#players-title", Label).update(
            f"Players: {self.count} of {edition.min_players} to {edition.max_players}")
        where = str(self.path) if self.path else "the Banker games folder, named after the players"
        self.query_one("#save-to", Label).update(f"Saved to {where}")

    def names(self) -> list[str]:
        """What the rows shown hold, empty ones too."""
        return [self.query_one(f"#name-{i}", Input).value for i in range(self.count)]

    def players(self) -> list[str]:
        """The names the game is created with: the empty rows at the end, past the edition's fewest players, are
        left out (an Enter in the last name showed one more row; the Enter in it went on to Create). An empty row
        between two names, or too few names, is left for the core to refuse."""
        names = self.names()
        while len(names) > self.edition.min_players and not names[-1].strip():
            names.pop()
        return names

    def name_index(self) -> int | None:
        """Which player's name the cursor is in, if it is in one."""
        focused = self.focused
        if isinstance(focused, Input) and focused.id and focused.id.startswith("name-"):
            return int(focused.id.split("-")[1])
        return None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Enter is the screen's own only in a name; elsewhere it presses the button, opens the list, flips the
        switch."""
        if action == "name_entered":
            return self.name_index() is not None
        return True

    async def action_name_entered(self) -> None:
        """Enter in a name adds a name, never the game: on to the next row; in the last one, a row more (while the
        edition takes more players); in an empty last row (or at the most), on to Create, whose Enter creates.

        A priority binding, run as the app reads the Enter, and the focus moved at once (`Screen.set_focus`, not
        `focus()`, which waits its turn): the keys typed after it in the same burst (`tmux send-keys Ann Enter Bob
        Enter`) go to the next row, not into this one."""
        index = self.name_index()
        if index is None:
            return
        field = self.query_one(f"#name-{index}", Input)
        await typed_into(field)
        if index + 1 < self.count:
            self.set_focus(self.query_one(f"#name-{index + 1}", Input))
        elif field.value.strip() and self.count < self.edition.max_players:
            self.set_count(self.count + 1)
            self.set_focus(self.query_one(f"#name-{self.count - 1}", Input))
        else:
            self.set_focus(self.query_one("#create", Button))
            self.notify(CREATE_HINT, title="Names done", markup=False)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        actions = {"create": self.action_create, "cancel": self.action_cancel,
                   "more": self.action_more_players, "fewer": self.action_fewer_players}
        if event.button.id in actions:
            actions[event.button.id]()

    def action_more_players(self) -> None:
        """One more player, and the cursor in the new name (at the edition's most, it stays where it was)."""
        before = self.count
        self.set_count(self.count + 1)
        if self.count > before:
            self.query_one(f"#name-{self.count - 1}", Input).focus()

    def action_fewer_players(self) -> None:
        """One player fewer; a cursor in the name taken away goes to the last name left."""
        self.set_count(self.count - 1)
        focused = self.focused
        if focused is not None and focused.id and focused.id.startswith("name-") and \
                int(focused.id.split("-")[1]) >= self.count:
            self.query_one(f"#name-{self.count - 1}", Input).focus()

    def action_cancel(self) -> None:
        self.dismiss()

    def refuse(self, message: str) -> None:
        self.query_one("#new-game-error", Label).update(message)
        self.notify(message, severity="error", title="Cannot start", markup=False)

    def action_create(self) -> None:
        edition, names = self.edition, self.players()
        if reason := player_names_refusal(names, edition):
            self.refuse(reason)
            return
        names = [n.strip() for n in names]
        rules = [rule for rule in rules_in_order()
                 if rule_applies(rule, edition) and self.query_one(f"#rule-{rule}", Switch).value]
        path = self.path or new_game_path(self.banker.games_folder, names)
        colours = {}
        for index, name in enumerate(names):
            value = self.query_one(f"#colour-{index}", Select).value
            colours[name] = value if isinstance(value, str) else TOKEN_COLOURS[index]
        clock = self.query_one("#clock", Select).value if has_clock_choice(edition) else 0
        try:
            game = Game.create(path, edition, names, rules)
            if isinstance(clock, int) and clock:  # its start goes into the ledger, like `banker new --clock`
                started = timing(self.app).now().isoformat(timespec="seconds")
                game.execute(StartClock(clock, started))
        except (Refusal, LedgerError) as error:
            self.refuse(str(error))
            return
        self.banker.start_game(game, colours)


async def typed_into(field: Input) -> None:
    """Waits until the field has taken the keys already sent to it. A character goes to the field's own queue
    and the app reads on: in a burst (`Cat Enter`) the Enter is read before the field has typed "Cat", and an
    empty-looking last name would send the cursor to Create instead of adding a row."""
    taken = asyncio.Event()
    if field.call_later(taken.set):
        with suppress(TimeoutError):
            await asyncio.wait_for(taken.wait(), TYPED_WAIT_SECONDS)
