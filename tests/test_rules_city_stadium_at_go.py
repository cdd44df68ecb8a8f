"""A City stadium and a token that lands on GO: a real house rule, so a named switch (issue 35, "Where the rulebooks
are silent"). By default landing on GO counts as passing it, as GO's wages do (003:65 "onto or past"); with the house
rule `stadium-passing-only` a stadium pays only for passing GO, as 004:201 reads word for word.

Rulebooks: 004 = 004_1adba3e159bf5a4c.txt, line 201 "Collect M1m per stadium you own every time you pass GO (in
addition to your wages)"; 003 = 003_bd567e81029bde2a.txt, line 65 (the salary "onto or past" GO).
"""

from __future__ import annotations

import pytest
from conftest import NewGame, cash, play

from banker.errors import Refusal
from banker.game import Game

RULE = "stadium-passing-only"
WAGES, STADIUM = 2_000_000, 1_000_000


def stadium_owner(new_game: NewGame, *rules: str) -> Game:
    """Alice owns Old Town and Central Quay, with a stadium on Old Town."""
    city = new_game("city", rules)
    play(city, "buy alice 'old town'", "buy alice 'central quay'", "stadium alice 'old town'")
    return city


def test_landing_on_go_pays_the_stadium_by_default(new_game: NewGame) -> None:
    city = stadium_owner(new_game, "follow-tokens")
    play(city, "move alice 37 fix")
    before = cash(city, "Alice")
    play(city, "roll alice 1 2")  # 37 + 3: GO
    assert city.state.position("Alice") == 0 and cash(city, "Alice") == before + WAGES + STADIUM


def test_with_the_house_rule_landing_on_go_pays_the_wages_only(new_game: NewGame) -> None:
    # 004:201 "every time you pass GO", word for word
    city = stadium_owner(new_game, "follow-tokens", RULE)
    play(city, "move alice 37 fix")
    before = cash(city, "Alice")
    outcome = play(city, "roll alice 1 2")[0]
    assert city.state.position("Alice") == 0 and cash(city, "Alice") == before + WAGES
    assert "salary for landing on GO (stadiums pay for passing GO only, a house rule)" in outcome.summary


def test_with_the_house_rule_passing_go_still_pays_the_stadium(new_game: NewGame) -> None:
    city = stadium_owner(new_game, "follow-tokens", RULE)
    play(city, "move alice 38 fix")
    before = cash(city, "Alice")
    play(city, "roll alice 1 2")  # past GO to Summergate's neighbour
    assert city.state.position("Alice") == 1 and cash(city, "Alice") == before + WAGES + STADIUM


@pytest.mark.parametrize(("rules", "paid"), [((), WAGES + STADIUM), ((RULE,), WAGES)])
def test_an_advance_to_go_card_lands_on_go(new_game: NewGame, rules: tuple[str, ...], paid: int) -> None:
    city = stadium_owner(new_game, *rules)
    before = cash(city, "Alice")
    play(city, "card alice chance go")
    assert cash(city, "Alice") - before == paid


def test_a_plain_go_line_says_go_was_passed(new_game: NewGame) -> None:
    # no tokens followed: `go` is the banker's word that the token passed GO
    city = stadium_owner(new_game, RULE)
    before = cash(city, "Alice")
    play(city, "go alice")
    assert cash(city, "Alice") - before == WAGES + STADIUM


def test_the_house_rule_is_for_a_board_with_stadiums(new_game: NewGame) -> None:
    with pytest.raises(Refusal, match="has no stadiums"):
        new_game("classic-us", (RULE,))
