"""`banker ask`: where a move goes (Mr. Monopoly, the bus, the auction space), said before anyone moves a token."""

from __future__ import annotations

import argparse

from editions import Space

from .errors import Refusal
from .game import Game
from .names import match
from .rules.destinations import QUESTIONS, space_at, white_dice_bus
from .state import GameState


def ask(args: argparse.Namespace) -> int:
    """First line: where the token goes (or "stay"); then why, and GO's salary when it is passed."""
    game = Game.open(args.game)
    try:
        state = game.state
        player = match(args.player, state.players, "player")
        start = space_at(state, args.space)
        if args.question == "bus" and "bus_ticket" not in state.edition.holdings:
            return _ask_white_dice_bus(args, state, player, start)
        if args.dice:
            raise Refusal(f"{args.question} takes no dice: banker ask GAME.db {args.question} <player> <space>")
        move = QUESTIONS[args.question](state, player, start)
    finally:
        game.close()
    print(move.first_line)
    print(move.reason)
    if move.passes_go:
        print(_passes_go(state, player))
    return 0


def _passes_go(state: GameState, player: str) -> str:
    salary = state.edition.money(state.edition.go_salary)
    if state.tokens is not None:
        return f"passes GO: {player} collects {salary}, paid by Banker with the move"
    return f"passes GO: collect {salary} (go {player})"


def _ask_white_dice_bus(args: argparse.Namespace, state: GameState, player: str, start: Space) -> int:
    """002's Bus on the classic board: one line naming every space the white dice can take the token to, then one
    line per choice (first line, as for every question: where the token goes)."""
    from .state import uses_speed_die

    if not uses_speed_die(state):
        raise Refusal(f"{state.edition.name} is played without the speed die here, so there is no Bus "
                      "(house rule speed-die)")
    if bad := next((d for d in args.dice if d not in ("1", "2", "3", "4", "5", "6")), None):
        raise Refusal(f"{bad!r} is not a die; a white die shows 1 to 6: banker ask GAME.db bus {player} "
                      f"\"{start.name}\" 1 5")
    if len(args.dice) != 2:
        raise Refusal(f"the Bus (002) moves by one or both white dice: say them, "
                      f"banker ask GAME.db bus {player} \"{start.name}\" <die> <die>")
    dice = (int(args.dice[0]), int(args.dice[1]))
    moves = white_dice_bus(state, start, dice)
    print(" | ".join(move.first_line for _, move in moves))
    print(f"the Bus (002): {player} moves by one or both white dice")
    for count, move in moves:
        word = "" if count == sum(dice) else f" {count}"
        line = f" (roll {player} {dice[0]} {dice[1]} bus{word})" if state.tokens is not None else ""
        go = f"; {_passes_go(state, player)}" if move.passes_go else ""
        print(f"{move.first_line}: {move.reason}{line}{go}")
    return 0
