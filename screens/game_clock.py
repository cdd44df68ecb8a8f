"""The trading unit's line on the table: the game clock, and (Monopoly City) this turn's Build spin.

The clock is read from the ledger (`state.clock`: minutes from a start time written by `clock N`),
so it survives closing and reopening the app. In the last five minutes it turns orange, in the last
minute red, with the terminal bell as the last minute starts; at zero the app goes to the end-of-game
score. `k` on the table restarts it for another hour (`clock 60`).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta

from rich.text import Text
from textual.widgets import Static

from banker import commands as c
from banker.game import Game
from banker.state import Clock, GameState
from screens.timing import Stop, timing

WARNING_SECONDS = 5 * 60  # orange from here
FINAL_SECONDS = 60  # red, and the bell as it starts


def remaining_seconds(clock: Clock, now: datetime) -> int:
    """Whole seconds left on the game clock at `now` (0 once it has run out)."""
    started = datetime.fromisoformat(clock.started)
    end = started + timedelta(minutes=clock.minutes)
    left = (end - now).total_seconds()
    return max(0, int(left + 0.999))  # 0.4 s left still shows 0:01


def clock_face(seconds: int) -> str:
    """47:05, or 1:59:59 from an hour up."""
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes:02d}:{secs:02d}"


def spin_text(state: GameState, player: str, short: bool = False, new_turn: bool = False) -> str:
    """This turn's Build spin as the table needs it: what the current player may still build (`new_turn`: the
    turn came round to the player since the spin, which is spent)."""
    spin = state.spin
    if spin is None or spin.player != player or new_turn:
        return "Build: not pressed (b)" if short else f"Build: {player} has not pressed Build (b)"
    if spin.blocks_left:
        blocks = f"{spin.blocks_left} block{'s' if spin.blocks_left != 1 else ''}"
        return f"Build: {blocks} left (b)" if short else f"Build: {player} may build {blocks} more (b)"
    if spin.railroad:
        return "Build: a railroad (b)" if short else f"Build: {player} places a free railroad (b)"
    return "Build: spin used" if short else f"Build: {player} has used this turn's spin"


def clock_text(clock: Clock | None, left: int | None, short: bool = False) -> str:
    """The game clock in words, long or short."""
    if clock is None or left is None:
        return "no game clock (k)" if short else "no game clock (k starts one)"
    if left == 0:
        return "TIME IS UP · E score · k" if short else "TIME IS UP: the game is over · E the score · k another hour"
    face = clock_face(left)
    if short:
        return f"clock {face} · k"
    if left <= WARNING_SECONDS:
        return f"game clock {face} left: the game ends at 00:00 · k another hour"
    return f"game clock {face} left of {clock.minutes} min · k restarts"


def time_limit_text(state: GameState, left: int) -> str:
    """The time limit in words: the time left, the last round, the end."""
    if state.game_over:
        return "THE GAME IS OVER: the last round is played · E the places"
    if state.last_round:
        first = state.active_players[0] if state.active_players else ""
        until = (f"the game ends when the roll is back with {first}" if state.tokens is not None
                 else "when everyone has had the same number of turns, type end")
        return f"LAST ROUND: {until}"
    return f"time limit {clock_face(left)} left, then the last round"


class GameClock(Static):
    """Redraws itself every second from the state and the injected clock; keeps no fact of its own."""

    DEFAULT_CSS = """
    GameClock {
        height: 1;
        background: $panel;
        padding: 0 1;
    }
    GameClock.-warning {
        background: #af5f00;
        color: white;
        text-style: bold;
    }
    GameClock.-final {
        background: $error;
        color: white;
        text-style: bold;
    }
    GameClock.-over {
        background: $error-darken-2;
        color: white;
        text-style: bold;
    }
    """

    def __init__(self, game: Game, current: Callable[[], str] | None = None) -> None:
        super().__init__("", id="game-clock")
        self.game = game
        self.current = current  # a callable giving the player whose turn it is (the app knows)
        self.remaining: int | None = None
        self.ended_for = ""  # the clock start whose end already opened the score
        self._stop: Stop | None = None
        self.shown_line = Text()
        self.display = self.wanted

    def on_mount(self) -> None:
        self._stop = timing(self.app).every_second(self, self.tick)
        self.tick()

    def on_unmount(self) -> None:
        if self._stop is not None:
            self._stop()

    @property
    def wanted(self) -> bool:
        state = self.game.state
        return state.clock is not None or bool(state.edition.max_blocks) or state.time_limit is not None

    def tick(self) -> None:
        """One look at the clock: redraw, warn, ring, and at zero go to the score."""
        if not self.is_attached:
            return
        state = self.game.state
        if self.display != self.wanted:
            self.display = self.wanted
        if state.clock is None and state.time_limit is not None:
            self.tick_time_limit(state)
            return
        clock = state.clock
        before, self.remaining = self.remaining, None
        if clock is not None:
            self.remaining = remaining_seconds(clock, timing(self.app).now())
        left = self.remaining
        self.set_class(left is not None and FINAL_SECONDS < left <= WARNING_SECONDS, "-warning")
        self.set_class(left is not None and 0 < left <= FINAL_SECONDS, "-final")
        self.set_class(left == 0, "-over")
        self.redraw(self.line(state))
        if left is None or clock is None:
            return
        if before is not None and left <= FINAL_SECONDS < before and left > 0:
            self.app.bell()
        if left == 0 and self.ended_for != clock.started:
            self.ended_for = clock.started
            self.time_is_up()

    def tick_time_limit(self, state: GameState) -> None:
        """A game with a time limit (`banker new --time-limit`): the time left, then "last round" on the table once
        it ran out (the call written in the ledger), and the end screen with the places when the round is over."""
        assert state.time_limit is not None
        self.remaining = left = remaining_seconds(state.time_limit, timing(self.app).now())
        if left == 0 and not state.last_round:
            act = getattr(self.app, "act", None)
            if act is not None and self.ended_for != state.time_limit.started:
                self.ended_for = state.time_limit.started  # one call; an undo of it is the banker's to make
                self.app.bell()
                act(c.CallLastRound("the time limit ran out"), quiet=True)
                self.app.notify("Time is up: this round is the last, so that everyone has had the same number of "
                                "turns. The places follow.", title="Last round", severity="warning", timeout=12,
                                markup=False)
                state = self.game.state
        self.set_class(0 < left <= WARNING_SECONDS, "-warning")
        self.set_class(state.last_round and not state.game_over, "-final")
        self.set_class(state.game_over, "-over")
        self.redraw(self.line(state))
        if state.game_over and self.ended_for != f"over {state.time_limit.started}":
            from screens.end_screen import EndScreen

            self.ended_for = f"over {state.time_limit.started}"
            if not any(isinstance(screen, EndScreen) for screen in self.app.screen_stack):
                self.app.push_screen(EndScreen(self.game))

    def line(self, state: GameState) -> Text:
        """The longest wording that fits the width: clock first, then the spin of the turn (City)."""
        if state.clock is None and state.time_limit is not None:
            return Text(time_limit_text(state, self.remaining or 0), style="bold")
        width = max(0, (self.size.width or self.app.size.width) - 2)
        player = self.current() if self.current is not None else ""
        city = bool(state.edition.max_blocks) and bool(player)
        variants = [(False, False), (False, True), (True, True)] if city else [(False, False), (True, False)]
        for short_clock, short_spin in variants:
            clock = clock_text(state.clock, self.remaining, short_clock)
            spin = spin_text(state, player, short_spin, getattr(self.app, "fresh_turn", "") == player) if city else ""
            if len(clock) + len(spin) + 3 <= width:
                break
        text = Text(clock, style="bold" if state.clock is not None else "dim")
        if spin:
            text.append("   ")
            text.append(spin)
        return text

    def on_resize(self) -> None:
        self.redraw(self.line(self.game.state))

    def redraw(self, line: Text) -> None:
        """Draw the line when it changed; the clock is one line high, so the screen is not laid out again."""
        if line != self.shown_line:
            self.shown_line = line
            self.update(line, layout=False)

    def time_is_up(self) -> None:
        """The game clock ran out: the end-of-game score, once per clock start."""
        from screens.end_screen import EndScreen

        self.app.bell()
        self.app.notify("The game clock ran out: the game is over. The score follows (k on the table adds an hour).",
                        title="Time is up", severity="warning", timeout=12, markup=False)
        if not any(isinstance(screen, EndScreen) for screen in self.app.screen_stack):
            self.app.push_screen(EndScreen(self.game))
