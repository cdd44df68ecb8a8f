"""The game clock: a timed game of any edition (Monopoly City's rule, 004, offered everywhere by `clock`)."""

from __future__ import annotations

from .. import commands as c
from .. import events as ev
from ..errors import Refusal
from ..state import GameState
from .checks import auction_open, refuse_if


def start_clock(state: GameState, cmd: c.StartClock) -> list[ev.Event]:
    refuse_if(auction_open(state))
    if cmd.minutes < 0 or cmd.minutes > 24 * 60:
        raise Refusal("a game clock runs 1 to 1440 minutes (60 = one hour); 0 stops it")
    if cmd.minutes == 0 and state.clock is None:
        raise Refusal("there is no game clock running to stop; start one with clock 60")
    return [ev.ClockStarted(cmd.minutes, cmd.started)]
