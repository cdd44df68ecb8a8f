"""The banker command language: one line, one action, words split like a shell.

Names are case-insensitive and a unique prefix is enough ("board" = Boardwalk).
Every problem is a `Refusal` with one line that says what to write instead.
The verbs live by family beside this module (money, cards, deeds, tickets, coins, districts, tokens); the
`Parser` is all of them, and `parse` is the one way in.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Callable
from datetime import UTC, datetime

from .. import commands as c
from ..amounts import (  # noqa: F401 - the words for money, dice and counts, named here as before
    MAX_AMOUNT,
    SCALES,
    SPEED_DIE_MOST,
    _looks_like_amount,
    _whole_number,
    amount_example,
    dice_most,
    draw_spin,
    parse_amount,
    parse_count,
    parse_dice,
    read_amount,
)
from ..errors import Refusal
from ..names import match
from ..state import GameState
from .cards import CardVerbs
from .coins import CoinVerbs
from .deeds import DeedVerbs
from .districts import DistrictVerbs
from .money import MoneyVerbs
from .tickets import TicketVerbs
from .tokens import TokenVerbs, dice_line, how_to_roll  # noqa: F401 - the table screen's dice, named here as before
from .words import ACTIONS, MAX_LINE, USAGE


class Parser(MoneyVerbs, CardVerbs, DeedVerbs, TicketVerbs, CoinVerbs, DistrictVerbs, TokenVerbs):
    """Parses one line against the names of one game."""

    def parse(self, line: str) -> c.Command:
        if len(line) > MAX_LINE:
            raise Refusal(f"the line is {len(line)} characters long; one action fits in {MAX_LINE}")
        try:
            quoted = '"' in line or "'" in line or "\\" in line
            words = shlex.split(line, comments=False) if quoted else line.split()
        except ValueError:
            raise Refusal("a quote is left open; close it (\"Park Place\") and try again") from None
        if not words:
            raise Refusal(f"empty line; type an action, one of: {', '.join(USAGE)}")
        verb = match(words[0], ACTIONS, "action", hint="; type `help` for the list")
        args = words[1:]
        return _HANDLERS[verb](self, args)

    def _build(self, args: list[str]) -> c.Command:
        """City builds blocks on its districts; every other edition houses and hotels on its streets."""
        return self._build_blocks(args) if self.edition.max_blocks else self._build_houses(args)

    def _clock(self, args: list[str]) -> c.Command:
        self._need("clock", args, 1, 1)
        word = args[0].strip().lower()
        if word in ("off", "stop"):
            minutes = 0
        elif re.fullmatch(r"[0-9]+", word) and 1 <= int(word) <= 24 * 60:
            minutes = int(word)
        else:
            raise Refusal(f"{args[0]!r}: write the game's length in minutes (clock 60, clock 120) or clock off")
        return c.StartClock(minutes, datetime.now(UTC).isoformat(timespec="seconds"))

    def _last(self, args: list[str]) -> c.Command:
        self._need("last", args, 0, 0)
        return c.CallLastRound("called by the banker")

    def _end(self, args: list[str]) -> c.Command:
        self._need("end", args, 0, 0)
        return c.EndGame()

    def _undo(self, args: list[str]) -> c.Command:
        self._need("undo", args, 0, 0)
        return c.Undo()

    def _redo(self, args: list[str]) -> c.Command:
        self._need("redo", args, 0, 0)
        return c.Redo()


_HANDLERS: dict[str, Callable[[Parser, list[str]], c.Command]] = {verb: getattr(Parser, f"_{verb}") for verb in USAGE}


def parse(line: str, state: GameState) -> c.Command:
    return Parser(state).parse(line)
