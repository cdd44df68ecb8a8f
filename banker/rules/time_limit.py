"""A game with a time limit, as tournaments play it: when the time is up the round going on is the last, so that
every player has had the same number of turns ("Judges are responsible to announce 'last turn.' Each player will
get an equal number of turns.", Hasbro's tournament rules, docs/places.md); then the places.

A game that follows the tokens knows its round: it is over when the roll is back with the first player still in
(`GameState.game_over`), and no roll is taken after it. Otherwise the banker says when the round is over (`end`).
"""

from __future__ import annotations

from .. import commands as c
from .. import events as ev
from ..errors import Refusal
from ..state import GameState

MOST_MINUTES = 24 * 60


def set_time_limit(state: GameState, cmd: c.SetTimeLimit) -> list[ev.Event]:
    if not 1 <= cmd.minutes <= MOST_MINUTES:
        raise Refusal(f"a time limit is 1 to {MOST_MINUTES} minutes (90 = a tournament round); not {cmd.minutes}")
    if state.time_limit is not None:
        raise Refusal(f"this game already has a time limit of {state.time_limit.minutes} minutes")
    return [ev.TimeLimitSet(cmd.minutes, cmd.started)]


def call_last_round(state: GameState, cmd: c.CallLastRound) -> list[ev.Event]:
    if state.time_limit is None:
        raise Refusal("this game has no time limit, so no last round; its end is the rulebook's (see `score`)")
    if state.last_round:
        raise Refusal("the last round was already called; `end` when it is over" if state.tokens is None
                      else "the last round was already called; it ends when the roll is back with the first player")
    return [ev.LastRoundCalled(cmd.reason)]


def end_game(state: GameState, cmd: c.EndGame) -> list[ev.Event]:
    if state.time_limit is None:
        raise Refusal("this game has no time limit; it ends by the rulebook (the last one standing; see `score`)")
    if not state.last_round:
        raise Refusal("the last round has not been called yet: it starts when the time limit runs out "
                      "(`last` calls it now)")
    if state.game_over:
        raise Refusal("the game is over already; see `score`")
    if state.tokens is not None:
        raise Refusal(f"Banker follows the tokens here: the game ends by itself when the roll is back with "
                      f"{state.active_players[0]}; it is {state.whose_roll}'s roll")
    return [ev.GameEnded()]


def over_refusal(state: GameState) -> str | None:
    """Why no roll is taken any more, or None."""
    return "the last round is over and the game has ended; see `score`" if state.game_over else None
