"""The fold of Monopoly for Sore Losers (rulebook 001): Mr. Monopoly, his traps and free houses, the final rent
round (pure, like the whole fold: `banker.fold` applies these for their events)."""

from __future__ import annotations

from . import events as ev
from .errors import FoldError
from .fold_deeds import _set_level
from .state import GameState


def _mr_monopoly_taken(state: GameState, e: ev.MrMonopolyTaken) -> None:
    if state.mr_monopoly != e.previous:
        raise FoldError(f"{e.player} takes Mr. Monopoly from {e.previous!r} but {state.mr_monopoly!r} has him")
    state.mr_monopoly = e.player


def _trapped(state: GameState, e: ev.PlayerTrapped) -> None:
    state.trapped = {e.player}


def _released(state: GameState, e: ev.PlayerReleased) -> None:
    state.trapped.discard(e.player)


def _free_house(state: GameState, e: ev.FreeHousePlaced) -> None:
    _set_level(state, e.deed, e.level)


def _final_round(state: GameState, e: ev.FinalRoundPlayed) -> None:
    state.final_round = True
