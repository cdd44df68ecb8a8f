"""Setting up a followed table from a paper-bank script (issue 35).

A followed game takes a landing's line (a card, a tax, a hazard) only from the player whose token is on that space.
A fixture that wants "Bob holds a Get Out of Jail Free card" at a followed table therefore puts Bob's token on a
Chance space with `move ... fix`, settles the line, and puts the token back: the table the fuzzers start from is
the same as before, reached the way the table would reach it.
"""

from __future__ import annotations

from banker.game import Game


def space_index(game: Game, name: str) -> int:
    """The first board index of the space called `name` (case-insensitive)."""
    spaces = game.state.edition.spaces
    return next(index for index, space in enumerate(spaces) if space.name.lower() == name.lower())


def settle_on_its_space(game: Game, line: str, space: str) -> None:
    """Do a landing's `line` with its player's token on `space`, the token put back where it stood after."""
    player = line.split()[1]
    if game.state.tokens is None:
        game.do(line)
        return
    back = game.state.position(player)
    game.do(f"move {player} {space_index(game, space)} fix")
    game.do(line)
    if game.state.position(player) != back:
        game.do(f"move {player} {back} fix")


def play_setup(game: Game, lines: tuple[str, ...], spaces: dict[str, str]) -> Game:
    """Each line of a setup script; a line named in `spaces` is settled on that space (see above)."""
    for line in lines:
        if line in spaces:
            settle_on_its_space(game, line, spaces[line])
        else:
            game.do(line)
    return game
