"""The verbs of a game that follows the tokens: the dice, a moved token, settling the debts that wait."""

from __future__ import annotations

import re

from .. import commands as c
from ..errors import Refusal
from ..names import squash
from ..state import GameState, uses_speed_die
from .words import Words


class TokenVerbs(Words):
    """roll, move, settle."""

    def _roll(self, args: list[str]) -> c.Command:
        self._need("roll", args, 3, 5)
        player = self.player(args[0])
        dice = []
        for word in args[1:3]:
            if not re.fullmatch(r"[1-6]", word.strip()):
                raise Refusal(f"{word!r} is not a die; a die shows 1 to 6: roll {player.lower()} 3 4")
            dice.append(int(word))
        speed = squash(args[3]) if len(args) > 3 else ""
        speed = {"mrmonopoly": "mr", "monopoly": "mr"}.get(speed, speed)
        if speed and speed not in ("1", "2", "3", "bus", "mr"):
            raise Refusal(f"{args[3]!r} is not a speed die face; it shows 1, 2, 3, bus or mr")
        choice = squash(args[4]) if len(args) > 4 else ""
        if choice and not (choice == "ticket" or choice in {str(d) for d in dice}):
            raise Refusal(f"{args[4]!r}: after bus write `ticket` (take a bus ticket) or the white die to move by "
                          f"({dice[0]} or {dice[1]})")
        return c.Roll(player, (dice[0], dice[1]), speed, choice)

    def _move(self, args: list[str]) -> c.Command:
        from ..rules.destinations import space_at

        self._need("move", args, 2, 3)
        how = squash(args[2]) if len(args) == 3 else "forward"
        how = {"correct": "fix", "correction": "fix", "backward": "back", "backwards": "back"}.get(how, how)
        if how not in ("forward", "back", "fix"):
            raise Refusal(f"{args[2]!r}: end the line with `back` (a card sends the token back) or `fix` "
                          "(a correction, no money), or nothing")
        return c.MoveToken(self.player(args[0]), space_at(self.state, args[1]).position, how)

    def _settle(self, args: list[str]) -> c.Command:
        self._need("settle", args, 1, 1)
        return c.Settle(self.player(args[0]))


def how_to_roll(state: GameState) -> str:
    """How the table types a roll, in a game that follows the tokens ("" elsewhere); the speed die's forms only
    where the game has it."""
    if state.tokens is None:
        return ""
    return "type the dice: 34" + ("; with the speed die 341, 34bus, 34mr" if uses_speed_die(state) else "")


def dice_line(line: str, state: GameState) -> str | None:
    """The table screen's dice: "34", "3 4", "66", "342", "34 mr", "3 4 bus ticket" -> the `roll` line for whoever's
    roll it is, in a game that follows the tokens; None for anything else (it is read as a command line). Digits
    that are no roll ("157", "7") are refused as dice, not read as an action's name."""
    if state.tokens is None:
        return None
    found = re.fullmatch(r"\s*([1-6])\s*([1-6])\s*([123]|bus|mr)?\s*(ticket|[1-6])?\s*", line.lower())
    if not found:
        if re.fullmatch(r"[0-9]+(bus|mr|ticket)*", line.replace(" ", "").lower()):  # "157", "7", "5bus"
            raise Refusal(f"{line.strip()} is not a roll: {how_to_roll(state)} (each die 1 to 6)")
        return None
    first, second, speed, choice = found.groups()
    if (speed or choice) and not uses_speed_die(state):  # "134": a stray key before the dice, most likely
        raise Refusal(f"{line.strip()} is not a roll: this game has no speed die; type the two dice, like 34")
    return " ".join(filter(None, ("roll", f'"{state.whose_roll}"', first, second, speed, choice)))
