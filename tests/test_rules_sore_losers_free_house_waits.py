"""Sore Losers' free house at a followed table (issue 35, "Each box's limits"): doubles rolled while there is a
Mr. Monopoly wait for the free house, placed (`place <street>`) or declined (`place none`); a `place` without such
doubles is refused. A plain game (no --follow-tokens) is unchanged: the banker says when doubles were rolled.

Rulebook 001 = 001_61b77d248be9bdde.txt, line 32: "whenever any player, including you, rolls doubles, place one
free House on any street on the board."
"""

from __future__ import annotations

import pytest
from conftest import NewGame, play, refused

from banker.game import Game

FOLLOW = ("follow-tokens",)


def make_mr_monopoly(game: Game, player: str) -> None:
    while game.state.count("coin", player) < 4:
        play(game, f"coin {player}")
    play(game, f"cashin {player}")
    assert game.state.mr_monopoly == player


@pytest.fixture
def followed(new_game: NewGame) -> Game:
    """A followed Sore Losers game where Alice cashed in for Mr. Monopoly and rolled onto Baltic Avenue, which went
    unsold at auction: Bob's roll, from GO."""
    game = new_game("sore-losers", FOLLOW)
    make_mr_monopoly(game, "Alice")
    play(game, "roll alice 1 2", "auction baltic", "sold")
    return game


def free_house_waits(game: Game) -> list[tuple[str, str]]:
    return [(w.player, w.kind) for w in game.state.waiting if w.kind == "free-house"]


def test_doubles_while_there_is_a_mr_monopoly_wait_for_the_free_house(followed: Game) -> None:
    # 001:32 "whenever any player, including you, rolls doubles, place one free House"
    play(followed, "roll bob 5 5")  # GO to Just Visiting: nothing else waits
    assert free_house_waits(followed) == [("Alice", "free-house")]
    text = next(row["text"] for row in followed.state_json()["waiting"] if row["kind"] == "free-house")
    assert "place <street>" in text and "place none" in text
    assert "free house" in refused(followed, "roll bob 1 2")
    play(followed, "place boardwalk")
    assert followed.state.deeds["Boardwalk"].level == 1 and followed.state.waiting == ()
    play(followed, "roll bob 1 2")  # doubles keep the roll: Bob again


def test_the_free_house_may_be_declined(followed: Game) -> None:
    play(followed, "roll bob 5 5")
    houses = followed.state.bank_houses
    play(followed, "place none")
    assert followed.state.waiting == () and followed.state.bank_houses == houses
    assert followed.state.whose_roll == "Bob"


def test_mr_monopolys_own_doubles_wait_for_the_free_house_too(followed: Game) -> None:
    # 001:32 "including you"
    play(followed, "roll bob 2 4", "auction oriental", "sold")  # Bob on Oriental Avenue (6), unsold
    play(followed, "roll carol 1 3", "roll alice 3 3")  # Carol on Income Tax (4); Alice from Baltic to Connecticut
    assert free_house_waits(followed) == [("Alice", "free-house")]


def test_a_free_house_without_doubles_is_refused(followed: Game) -> None:
    message = refused(followed, "place boardwalk")
    assert message.startswith("no doubles were rolled while Alice is Mr. Monopoly")
    assert message.endswith("a free house is placed for doubles (001:32)")
    play(followed, "roll bob 5 5", "place boardwalk")
    assert refused(followed, "place boardwalk").startswith("no doubles were rolled")  # one house for one doubles


def test_doubles_without_a_mr_monopoly_wait_for_nothing(new_game: NewGame) -> None:
    game = new_game("sore-losers", FOLLOW)
    play(game, "roll alice 5 5")
    assert game.state.waiting == ()


def test_a_plain_game_places_the_free_house_when_the_banker_says(new_game: NewGame) -> None:
    # no --follow-tokens: Banker does not see the dice, so `place` is the banker's word that doubles were rolled
    game = new_game("sore-losers")
    make_mr_monopoly(game, "Carol")
    play(game, "place boardwalk", "place boardwalk")
    assert game.state.deeds["Boardwalk"].level == 2
    assert refused(game, "place none").startswith("no free house waits")
