"""The Banker app: opens a game, runs every action through the core, and keeps the screen honest.

All actions go through `BankerApp.act`: the core decides, a refusal becomes an error toast,
and the table re-renders from `game.state` afterwards, so nothing on screen can disagree
with the ledger. Whose turn it is lives here too: it is the table's habit, not a ledger fact.
"""

from __future__ import annotations

import gc
from collections.abc import Iterable
from functools import partial
from pathlib import Path
from time import monotonic

from textual.app import SystemCommand
from textual.binding import Binding
from textual.screen import Screen

from banker import commands as c
from banker.errors import Refusal
from banker.events import ActionRedone, ActionUndone
from banker.game import Game, Outcome
from banker.landing import shortfall
from banker.ledger import LedgerError
from banker.saves import (
    data_dir,
    default_colours,
    game_key_of,
    games_dir,
    load_token_colours,
    save_token_colours,
)
from screens.auction_clock import AuctionCountdowns
from screens.errors_kept import LOG_NAME
from screens.key_order import KeyOrder
from screens.status_line import StatusLine
from screens.table_words import table_words
from screens.toasts import ToastsKept

RELOAD_SECONDS = 2.0
REFREEZE_ACTIONS = 500  # actions after which the heap is frozen again (what the app keeps grows)
YOUNG_COLLECTIONS = 100  # young collections after which a full one is due (CPython's own rule: 10, or 25% growth)
NEVER = 2**30
TIDY_AFTER_SECONDS = 0.25  # after an action: its dialog is up in about 0.1 s, a human's next key later


class BankerApp(KeyOrder, ToastsKept):
    """The bank at a real Monopoly table."""

    CSS_PATH = "banker.tcss"
    TITLE = "Banker"
    SUB_TITLE = "the bank for a real Monopoly table"
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (100, "-wide")]
    BINDINGS = [Binding("ctrl+q", "quit", "Quit", priority=True, show=False)]

    def __init__(self, path: Path | None = None, data: Path | None = None, watch: bool = True) -> None:
        super().__init__()  # ToastsKept: what the table was told
        self.last_action = monotonic()  # set at each action (tidy_heap waits for a quiet moment)
        self.start_path = path
        self.data = data or data_dir()
        self.game: Game | None = None
        self.turn = 0
        self.colours: dict[str, str] = {}
        self.watch_file = watch
        self.actions_unfrozen = 0  # actions since the heap was last frozen (freeze_heap)
        self.gc_thresholds: tuple[int, int, int] | None = None  # CPython's, while full collections wait for idle
        self.countdowns = AuctionCountdowns(self)
        self.fresh_turn = ""  # the player `n` brought the turn round to, who has not pressed City's Build since
        self.backup: Path | None = None  # the rolling backup last made of the open game
        self.reopened_after_error = False  # the launcher reopened the game after an error no screen caught

    # -- games -------------------------------------------------------------------

    @property
    def games_folder(self) -> Path:
        return games_dir(self.data)

    def get_default_screen(self) -> Screen:
        """The start screen; when a game file is opened at once, a blank screen under its table instead.

        The start screen lists the saved games (it opens every file in the games folder) and lays out a form
        nobody sees on the way to the table: it is made when the table closes (`show_start_screen`).
        """
        path = self.start_path
        if path is not None and path.exists():
            return Screen(id="opening")
        from screens.start_screen import StartScreen

        return StartScreen(target=path)

    def show_start_screen(self) -> None:
        """The start screen on top, its list of saved games read afresh.

        A start with a game file put a blank screen at the bottom of the stack (`get_default_screen`): the start
        screen goes over it (Textual cannot switch the bottom screen for another).
        """
        from screens.start_screen import StartScreen

        if isinstance(self.screen, StartScreen):
            self.screen.refresh_games()
        else:
            self.push_screen(StartScreen())

    def on_mount(self) -> None:
        self.opening = monotonic()  # keys typed ahead wait for what opens (KeyOrder)
        self.call_later(self.open_start)

    def open_start(self) -> None:
        """What the app opens on: after the app's mount, whose frames Textual draws and then throws away, so that the
        table's first frame is drawn once and reaches the terminal whole."""
        path = self.start_path
        if path is not None and path.exists():
            if not self.open_game(path):
                self.show_start_screen()
        elif path is not None:
            self.new_game(path)
        if self.watch_file:
            self.set_interval(RELOAD_SECONDS, self.take_in_other_writers)
        if self.reopened_after_error:
            self.notify(f"An error closed Banker; the game is reopened as its last action left it (see "
                        f"{self.data / LOG_NAME})", severity="error", title="Reopened", timeout=15, markup=False)
        if self.table_screen() is None:  # the start screen, a new game's form, or an error: up already
            self.game_opened()

    def new_game(self, path: Path | None = None) -> None:
        from screens.new_game_screen import NewGameScreen

        self.push_screen(NewGameScreen(path))

    def open_game(self, path: Path) -> bool:
        """Open a game file and show its table; an unusable file gets a clear message instead."""
        try:
            game = Game.open(path, data=self.data, read_only=True)
        except (LedgerError, Refusal) as error:
            self.notify(str(error), severity="error", title="Cannot open", markup=False)
            return False
        self.start_game(game)
        if game.damage or game.read_only:  # shown, never played on: the sentence says what and what to do
            self.sub_title = f"{game.store.path.name}: READ-ONLY"
            self.notify(game.damage or game.read_only or "", severity="error", title="Read-only", timeout=30,
                        markup=False)
        return True

    def start_game(self, game: Game, colours: dict[str, str] | None = None) -> None:
        from screens.table_screen import TableScreen

        self.close_game()
        self.game = game
        game.data = self.data  # where its head is remembered, outside the file
        self.turn = 0
        self.fresh_turn = ""
        key = game_key_of(game.store)
        if colours:
            save_token_colours(self.data, key, colours)
        saved = load_token_colours(self.data, key)
        self.colours = {**default_colours(game.state.players), **saved}
        self.sub_title = game.store.path.name
        while len(self.screen_stack) > 1:
            self.pop_screen()
        self.push_screen(TableScreen(game))
        self.call_after_refresh(self.show_open_auction)
        if not (game.damage or game.read_only):  # a rolling backup of the game as this evening starts
            self.run_worker(partial(self.keep_backup, game), thread=True, group="backup", exit_on_error=False)

    def keep_backup(self, game: Game) -> None:
        """The game copied to the data folder's backups (a thread: the copy reads through its own connection)."""
        from banker.saves import backups_dir, rolling_backup

        try:
            self.backup = rolling_backup(game.store, backups_dir(self.data))
        except LedgerError:
            pass  # a full disk or a read-only data folder: the game itself is stored all the same

    # -- the garbage collector: never on a key press ------------------------------------

    def freeze_heap(self) -> None:
        """Collect the garbage, then leave everything the app holds out of the collector's walks.

        With a game open and its table drawn, the app holds some 100,000 long-lived objects (the state, the
        widgets, their styles and render caches) that every full collection walked again: a 40-50 ms pause
        that landed on a key press now and then. Frozen (`gc.freeze`), they are still freed when nothing
        refers to them, but a cycle among them waits until the game closes (`close_game` unfreezes them):
        so the garbage is collected first, once the table has settled, and again every REFREEZE_ACTIONS
        actions, as what the app keeps (the game's events, Textual's caches) grows.
        """
        self.actions_unfrozen = 0
        if self.game is None:
            return
        gc.collect()
        gc.freeze()
        if self.gc_thresholds is None:  # from now on full collections wait for an idle moment
            self.gc_thresholds = gc.get_threshold()
            gc.set_threshold(self.gc_thresholds[0], self.gc_thresholds[1], NEVER)

    def tidy_heap(self) -> None:
        """After an action, once what it brought up is drawn (its cash, its toast, the dialog a roll opened: a full
        collection between the cash's frame and the toast's was a 100-250 ms roll on a long game), and only if no
        action came since (its own timer will come): collect when a collection is due, or freeze the heap again."""
        if monotonic() - self.last_action < TIDY_AFTER_SECONDS:
            return
        if self.actions_unfrozen >= REFREEZE_ACTIONS and self.gc_thresholds is not None:
            self.freeze_heap()
        else:
            self.collect_when_idle()

    def collect_when_idle(self) -> None:
        """A full collection when one is due, called a moment after an action (`tidy_heap`) and every
        IDLE_CHECK_SECONDS (screens/timing.py): the key that comes next is a human's, tens of milliseconds away
        at the least.

        CPython would start one in the middle of whatever allocates, often a key press; while a game is open
        its own trigger is off (`freeze_heap`) and this keeps its pace, counting young collections.
        """
        if self.gc_thresholds is not None and gc.get_count()[2] >= YOUNG_COLLECTIONS:
            gc.collect()

    def release_heap(self) -> None:
        """A game closes: its objects can be collected again, and CPython collects on its own again."""
        gc.unfreeze()
        if self.gc_thresholds is not None:
            gc.set_threshold(*self.gc_thresholds)
            self.gc_thresholds = None

    def close_game(self) -> None:
        self.release_heap()
        if self.game is not None:
            if self.game.head != self.game.opened_at and not (self.game.damage or self.game.read_only):
                self.keep_backup(self.game)  # the evening's play, copied as the game closes
            self.game.close()
            self.game = None

    def action_close_game(self) -> None:
        """Back to the start screen (the game is saved after every action already)."""
        self.close_game()
        while len(self.screen_stack) > 1:
            self.pop_screen()
        self.show_start_screen()
        self.sub_title = type(self).SUB_TITLE

    def on_unmount(self) -> None:
        self.close_game()

    # -- turns -------------------------------------------------------------------

    @property
    def current_player(self) -> str:
        """The player whose turn it is (skipping bankrupt players)."""
        assert self.game is not None
        state = self.game.state
        if state.tokens is not None:  # Banker follows the rolls
            return state.whose_roll
        players = state.players
        for step in range(len(players)):
            name = players[(self.turn + step) % len(players)]
            if name not in state.bankrupt:
                return name
        return players[self.turn % len(players)]

    @property
    def turn_player(self) -> str:
        """The player a dialog asking for one starts on. In a followed game the roll passes on with the dice, but
        the turn is the roller's until the next dice are typed (his landing, his rent, his jail, his buildings):
        the one seated before whoever rolls next, skipping players out of the game or trapped (whose rolls are
        skipped); whoever rolls next when nobody has rolled yet, after doubles, or while he sits in jail (his fine
        is paid before his roll)."""
        assert self.game is not None
        state = self.game.state
        tokens = state.tokens
        if tokens is None:
            return self.current_player
        roller = state.whose_roll
        if tokens.doubles or not any(tokens.positions) or roller in state.in_jail:
            return roller
        seats = state.players
        start = seats.index(roller)
        for step in range(1, len(seats)):
            name = seats[(start - step) % len(seats)]
            if name not in state.bankrupt and name not in state.trapped:
                return name
        return roller

    def next_player(self) -> str:
        assert self.game is not None
        players = self.game.state.players
        self.turn = players.index(self.current_player) + 1
        self.fresh_turn = self.current_player
        return self.current_player

    # -- acting ------------------------------------------------------------------

    def act(self, command: c.Command | str, quiet: bool = False, draw: bool = True) -> Outcome | None:
        """Run one action through the core; refusals become an error toast. Re-renders after (`draw`; a roll whose
        dialog comes next draws the table after the dialog's first frame: the dialog hides it)."""
        if self.game is None:
            return None
        try:
            if isinstance(command, str):
                outcome = self.game.do(command)
            else:
                outcome = self.game.execute(command)
        except Refusal as refusal:
            self.notify(table_words(str(refusal)), severity="error", title="Refused", timeout=8, markup=False)
            self.show_state()
            return None
        except LedgerError as error:
            self.notify(str(error), severity="error", title="Game file problem", timeout=12, markup=False)
            self.show_state()
            return None
        if draw:
            self.show_state()  # the new cash and the announcement go out in the same frame
        self.toast_outcome(outcome, quiet)
        self.call_later(self.show_open_auction)  # after a dialog that ran the action has closed
        self.actions_unfrozen += 1
        self.last_action = monotonic()
        self.set_timer(TIDY_AFTER_SECONDS, self.tidy_heap)
        return outcome

    def toast_outcome(self, outcome: Outcome, quiet: bool = False) -> None:
        """What an action did: on the announcement line, its rule notes in toasts (`quiet`: an undo or redo only)."""
        first = outcome.events[0] if outcome.events else None
        if isinstance(first, ActionUndone):
            self.announce(first.summary, title="Undone", timeout=self.NOTIFICATION_TIMEOUT)
        elif isinstance(first, ActionRedone):
            self.announce(first.summary, title="Redone", timeout=self.NOTIFICATION_TIMEOUT)
        elif not quiet:
            done, *notes = outcome.summary.split("\n")
            self.announce(done, timeout=4)
            for note in notes:  # what the rulebook asks of the table now: stays up long enough to read
                self.toast(note, title="Rule", severity="warning", timeout=12)

    def pay_or_raise(self, command: c.Command) -> bool | None:
        """Run a paying command; when the payer is short, open the raise-money screen first.

        True: done; False: refused; None: the raise-money screen is open.
        """
        if self.game is None:
            return False
        due = shortfall(self.game.state, command)
        if due is None:
            return self.act(command) is not None
        from screens.raise_money_screen import RaiseMoneyScreen

        self.push_screen(RaiseMoneyScreen(self.game, due, command), lambda _: self.show_state())
        return None

    def show_state(self) -> None:
        """Re-render every table screen from the game's state."""
        from screens.table_screen import TableScreen

        for screen in self.screen_stack:
            if isinstance(screen, TableScreen):
                screen.show_state()

    def show_open_auction(self) -> None:
        """An open auction in the ledger is always on screen (also after a resume or an undo)."""
        if self.game is None or self.game.state.auction is None:
            return
        if any(type(s).__name__ == "AuctionScreen" for s in self.screen_stack):
            return
        try:
            from screens.auction_screen import AuctionScreen
        except ImportError:
            self.notify("an auction is open: bid with `bid <player> <amount>`, close with `sold`",
                        severity="warning", markup=False)
            return
        self.push_screen(AuctionScreen(self.game), self.auction_closed)

    def what_waits(self) -> str | None:
        """What a followed table waits for before the next roll ("Ann is still deciding on St. Charles Place")."""
        table = self.table_screen()
        return table.still_deciding() if table is not None else None

    def follow_what_waits(self) -> None:
        """A followed game: once the auction is closed, what the table still waits for opens next, built from the
        table after the sale (the speed die's move may have taken the token on)."""
        state = self.game.state if self.game is not None else None
        if state is None or state.tokens is None or state.auction is not None:
            return
        if state.debts or any(w.kind != "speed-die" for w in state.waiting) or state.tokens.anywhere:
            from screens.table_screen import TableScreen

            table = next((s for s in self.screen_stack if isinstance(s, TableScreen)), None)
            if table is not None:
                table.wait_flow()

    def auction_closed(self, outcome: Outcome | None) -> None:
        """A `sold` may open the next auction of a bankruptcy to the bank (000:207): show it at once. Left open,
        a timed auction's countdown keeps running on the table."""
        self.show_state()
        if outcome is not None:
            self.show_open_auction()
            self.follow_what_waits()
        elif self.game is not None and (auction := self.game.state.auction) is not None:
            if self.countdowns.left(auction.deed) is not None:
                self.countdowns.watch()
            self.call_after_refresh(self.focus_auction_notice)

    def focus_auction_notice(self) -> None:
        """An auction left open: the focus on the table's line that says so, where Enter returns to it."""
        for line in self.screen.query(StatusLine):
            line.show_auction_open()
            if line.can_focus:
                line.focus()

    def take_in_other_writers(self) -> None:
        """Another window (or `banker do`) may append to the same file: take it in and re-render."""
        if self.game is None:
            return
        try:
            if self.game.reload():
                self.show_state()
                self.show_open_auction()
            self.game.remember_head()  # a copy of the file that falls behind this head is named when it opens
        except LedgerError as error:
            self.notify(str(error), severity="error", title="Game file problem", markup=False)

    # -- the command palette -------------------------------------------------------

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        for binding in getattr(screen, "PALETTE", ()):
            key, action, title, help_text = binding
            if screen.check_action(action, ()) is False:  # a key this game has no use for
                continue
            yield SystemCommand(f"{title}  ({key})", help_text, partial(screen.run_action, action))
        if self.game is not None:
            yield SystemCommand("Close game", "Back to the start screen (everything is already saved)",
                                self.action_close_game)


def make_app(path: Path | None = None, data: Path | None = None, watch: bool = True) -> BankerApp:
    """The app for the CLI (`banker`, `banker GAME.db`) and the tests (which pass their own data folder)."""
    return BankerApp(path, data, watch)
