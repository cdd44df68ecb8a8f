"""The fold of a game that follows the tokens: where each token stands, whose roll it is, the doubles and the
jail rolls (pure, like the whole fold: `banker.fold` applies these for its events)."""

from __future__ import annotations

from dataclasses import replace

from . import events as ev
from .errors import FoldError
from .state import GameState, Tokens


def jail_index(state: GameState) -> int:
    return next(s.position for s in state.edition.spaces if s.type == "jail")


def _token_at(state: GameState, player: str, position: int) -> Tokens:
    assert state.tokens is not None
    if not 0 <= position < len(state.edition.spaces):
        raise FoldError(f"{player}'s token moves to {position}, off the board")
    positions = list(state.tokens.positions)
    positions[state.players.index(player)] = position
    return replace(state.tokens, positions=tuple(positions))


def _jail_rolls(state: GameState, player: str, count: int) -> Tokens:
    assert state.tokens is not None
    rolls = list(state.tokens.jail_rolls)
    rolls[state.players.index(player)] = count
    return replace(state.tokens, jail_rolls=tuple(rolls))


def _following(state: GameState, e: ev.Event) -> Tokens:
    if state.tokens is None:
        raise FoldError(f"{e.type} in a game that does not follow the tokens")
    return state.tokens


def _dice_rolled(state: GameState, e: ev.DiceRolled) -> None:
    _following(state, e)


def _token_moved(state: GameState, e: ev.TokenMoved) -> None:
    tokens = _following(state, e)
    state.tokens = _token_at(state, e.player, e.position)
    if e.passed_go:
        state.tokens = replace(state.tokens, passed_go=tokens.passed_go | {e.player})
    if tokens.anywhere == e.player:
        state.tokens = replace(state.tokens, anywhere="")
    if e.placed or e.player in tokens.placed:
        placed = tokens.placed | {e.player} if e.placed else tokens.placed - {e.player}
        state.tokens = replace(state.tokens, placed=placed)


def card_drawn_here(state: GameState, e: ev.CardDrawn) -> None:
    """One landing, one card (003:102): a token a correction placed on a card space draws its card once."""
    if state.tokens is not None and e.player in state.tokens.placed:
        state.tokens = replace(state.tokens, placed=state.tokens.placed - {e.player})


def _roll_passed(state: GameState, e: ev.RollPassed) -> None:
    state.tokens = replace(_following(state, e), roll=e.player, doubles=e.doubles, anywhere=e.anywhere)


def _jail_roll_failed(state: GameState, e: ev.JailRollFailed) -> None:
    tokens = _following(state, e)
    state.tokens = _jail_rolls(state, e.player, tokens.jail_rolls[state.players.index(e.player)] + 1)
