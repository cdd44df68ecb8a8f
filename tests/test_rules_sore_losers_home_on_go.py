"""Sore Losers' end of the game at a followed table (issue 35): once every property is owned a token that reaches GO
stops there (doubles or a card do not carry it on), and Mr. Monopoly may not steal from a player home on GO.

Rulebook 001 = 001_61b77d248be9bdde.txt, lines 111-113 "The game ends when all of the properties have been purchased
and all players have made it back to the GO space. When you reach GO, stop there even if you have moves left.
Collect M200", line 122 "If you are MR. MONOPOLY at the end of the game and you land on players who have reached GO,
you may not steal a property from them".
"""

from __future__ import annotations

import pytest
from conftest import NewGame, cash, play, refused

from banker.game import Game

FOLLOW = ("follow-tokens",)


@pytest.fixture
def owned(new_game: NewGame) -> Game:
    """Every property is owned: Bob holds Reading Railroad, Alice all the rest."""
    game = new_game("sore-losers", FOLLOW)
    for deed in game.state.edition.deeds:
        buyer = "bob" if deed == "Reading Railroad" else "alice"
        play(game, f"collect {buyer} {game.state.deed(deed).price}", f'buy {buyer} "{deed}"')
    play(game, "move bob 33 fix", "move carol 12 fix")  # away from GO: only Alice's token is home yet
    return game


def test_doubles_that_bring_a_token_home_to_go_do_not_roll_again(owned: Game) -> None:
    # 001:113 "When you reach GO, stop there even if you have moves left"
    play(owned, "move alice 36 fix", "roll alice 2 2")
    assert owned.state.position("Alice") == 0 and owned.state_json()["roll"] == "Bob"


def test_a_card_that_carries_the_token_past_go_stops_it_there_with_the_salary(owned: Game) -> None:
    # 001:113 "stop there ... Collect M200": not Illinois Avenue, nor Alice's rent for it
    play(owned, "move alice 38 fix", "roll alice 1 2")  # Alice stops on GO
    before, alice = cash(owned, "Bob"), cash(owned, "Alice")
    outcome = play(owned, "roll bob 1 2", "card bob chance illinois")[1]
    assert owned.state.position("Bob") == 0 and cash(owned, "Bob") == before + 200 and cash(owned, "Alice") == alice
    assert "stops there (001:113)" in outcome.summary


def test_mr_monopoly_may_not_steal_from_a_player_home_on_go(owned: Game) -> None:
    # 001:122 "you may not steal a property from them"
    while owned.state.count("coin", "Alice") < 4:
        play(owned, "coin alice")
    # both home on GO: Alice's token put there by a correction, whose landing is the banker's (001:37: a player on
    # his space when he becomes Mr. Monopoly is not landed on)
    play(owned, "cashin alice", "move bob 0 fix", "move alice 5 fix", "move alice 0 fix")
    message = refused(owned, "trap alice bob reading")
    assert message.startswith("Bob is home on GO and every property is owned: Mr. Monopoly may not steal")
    play(owned, "trap alice bob")
    assert owned.state.deeds["Reading Railroad"].owner == "Bob"
