"""Doubles rolled in jail free the player, move the token by that roll, and end the turn (issue 34).

Rulebook 001 = 001_61b77d248be9bdde.txt (Sore Losers), line 348: "Roll doubles on your next turn. If you do, you're
free! Use the roll to move, and that's the end of your turn". The classic rules say the same: 000 =
000_0633d1fb819bfb08.txt (the standard US rules), line 168: "you immediately move forward the number of spaces shown
by your doubles roll. Even though you rolled doubles, you do not take another turn"; 003:127 "If you roll a double
on any turn, move out of Jail using this dice roll".

Where Banker follows the tokens the doubles are typed as the roll itself; `doubles <player>` (leave jail without
the dice) is for a table that says where the tokens land, and is refused on a followed table: typed before the
roll, it made one throw count twice, the second keeping the turn as doubles out of jail.
"""

from __future__ import annotations

import pytest
from conftest import NewGame, play, refused, roll_on

from banker.game import Game

FOLLOW = ("follow-tokens",)
PLAYERS = ("Zoë", "Olaf", "Dan")


def olaf_in_jail_on_his_roll(game: Game) -> Game:
    """Olaf sent to jail, then Dan and Zoë roll round to him (the lines random play found the defect with)."""
    play(game, "roll Zoë 1 2", "buy Zoë Baltic", "jail Olaf", "roll Dan 4 6", "roll Zoë 3 4")
    assert "Olaf" in game.state.in_jail and game.state.whose_roll == "Olaf"
    return game


@pytest.mark.parametrize(("edition", "zoe"), [("sore-losers", "4 6"), ("classic-us", "4 6"), ("classic-uk", "4 6"),
                                           ("city", "4 6"), ("mega", "4 6 1")])
def test_doubles_in_jail_move_by_that_roll_and_end_the_turn(new_game: NewGame, edition: str, zoe: str) -> None:
    # 001:348 "Use the roll to move, and that's the end of your turn"; 000:168 "you do not take another turn"
    # (000:62 "While in JAIL, roll only the two white dice")
    game = new_game(edition, FOLLOW, PLAYERS)
    roll_on(game, "jail Olaf", f"roll Zoë {zoe}")
    assert "Olaf" in game.state.in_jail and game.state.whose_roll == "Olaf"
    jail = game.state.position("Olaf")
    outcome = play(game, "roll Olaf 3 3")[0]
    assert "Olaf" not in game.state.in_jail and game.state.position("Olaf") == jail + 6
    assert game.state.whose_roll == "Dan", outcome.summary
    assert game.state.tokens is not None and game.state.tokens.doubles == 0


def test_doubles_typed_alone_are_refused_where_banker_follows_the_tokens(new_game: NewGame) -> None:
    # seed 1017700475 (Sore Losers random play): `doubles Olaf` then `roll Olaf 3 3` took Olaf out of jail to
    # St. James Place and kept his roll; the doubles are the roll (001:348), typed once
    game = olaf_in_jail_on_his_roll(new_game("sore-losers", FOLLOW, PLAYERS))
    message = refused(game, "doubles Olaf")
    assert "roll Olaf <die> <die>" in message and "001:348" in message
    play(game, "roll Olaf 3 3")
    assert game.state.position("Olaf") == 16 and game.state.whose_roll == "Dan"


def test_doubles_typed_alone_still_free_a_player_where_the_tokens_are_not_followed(new_game: NewGame) -> None:
    # the table says where the tokens land: `doubles` is its word for the jail roll that freed the player (003:127)
    game = new_game("sore-losers", players=PLAYERS)
    play(game, "jail Olaf", "doubles Olaf")
    assert "Olaf" not in game.state.in_jail
