"""The random-play checks of issue 35 can fail: a table stuck on a wait nothing answers, and a landing charged twice
(tests/waiting_checks.py, used by tests/test_random_play_tokens.py after every line)."""

from __future__ import annotations

from conftest import NewGame, play, refused

from banker import events as ev
from banker.fold import apply
from tests.waiting_checks import LandingCharges, unanswerable

FOLLOW = ("follow-tokens",)


def test_a_wait_nothing_answers_is_caught(new_game: NewGame) -> None:
    # as before issue 35: Mr. Monopoly on Go To Jail with every other player in jail (001:31), nobody to send
    game = new_game("sore-losers", FOLLOW)
    play(game, "jail bob", "jail carol")
    state = game.state
    assert unanswerable(state) == []
    stuck = apply(state, [ev.MrMonopolyTaken("Alice", ""), ev.DecisionAwaited("Alice", "jail-send", "Go To Jail")])
    assert [p.startswith("nothing answers") for p in unanswerable(stuck)] == [True]


def test_a_landing_charged_twice_is_caught(new_game: NewGame) -> None:
    game = new_game(house_rules=FOLLOW)
    play(game, "buy alice baltic", "roll alice 3 4", "card alice chance dividend")
    rolled = play(game, "roll bob 1 2")[0].events
    charges = LandingCharges()
    assert charges.problems(rolled) == []
    again = (ev.RentPaid("Bob", "Alice", "Baltic Avenue", 0, transfers=(ev.Transfer("Bob", "Alice", 4),)),)
    assert charges.problems(again) == ["Bob's landing was charged rent for Baltic Avenue 2 times (RentPaid)"]


def test_a_won_house_auction_is_answered_by_placing_the_house(new_game: NewGame) -> None:
    # 003:170 "If buildings are limited and two or more players wish to buy them, the Banker must auction them off":
    # the winner's house goes on one of their deeds, `sold <deed>`; a bare `sold` is refused, and the table is not stuck
    game = new_game(house_rules=FOLLOW)
    play(game, "buy alice mediterranean", "buy alice baltic", "buy bob oriental", "buy bob vermont",
         "buy bob connecticut", "auction house", "bid alice 10")
    assert unanswerable(game.state) == []
    assert refused(game, "sold").startswith("no deed given; say where Alice puts the house: sold <deed>")
    play(game, "sold baltic")
    assert game.state.auction is None and game.state.deeds["Baltic Avenue"].level == 1
