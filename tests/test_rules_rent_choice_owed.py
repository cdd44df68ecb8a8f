"""A rent choice waits only while its rent is owed (issue 35, "no stuck table").

City's Rent Dodge card lets the lander choose to pay the rent or dodge it; the table waits for that choice. If the
deed leaves its owner meanwhile so that no rent is owed any more, the choice has nothing left to answer and the fold
drops it, as the landing itself would have noted "no rent" (banker.fold_waits.rent_still_owed).

Rulebook 004 = 004_1adba3e159bf5a4c.txt, line 306 "If you owe more money than you can raise from your assets, you are
declared bankrupt and are out of the game", line 314 "The other player receives any money left, your District cards",
line 326 "Use this card on a later turn when you don't want to pay rent". Rulebook 003 = 003_bd567e81029bde2a.txt,
line 180 "Rent cannot be collected on mortgaged properties".
"""

from __future__ import annotations

import pytest
from conftest import NewGame, play

from banker.game import Game
from banker.waits import Wait
from tests.waiting_checks import unanswerable

DODGE = Wait("Bob", "choice", "East Bank", "rent-dodge")


@pytest.fixture
def dodging(new_game: NewGame) -> Game:
    """A followed City table: Alice owns East Bank, Bob holds the Rent Dodge card and has just rolled onto it."""
    game = new_game("city", ("follow-tokens",))
    play(game, 'buy alice "east bank"', "move bob 20 fix", "parking bob", "move bob 13 fix",
         "roll alice 4 6", "roll bob 2 3")
    assert game.state.waiting == (DODGE,)
    return game


def test_the_rent_dodge_choice_ends_when_the_owner_goes_bankrupt_to_the_lander(dodging: Game) -> None:
    # 004:306, 004:314: Bob receives East Bank; no rent is owed on his own deed, so nothing is left to choose
    play(dodging, "bankrupt alice bob 50m")
    assert dodging.state.deeds["East Bank"].owner == "Bob"
    assert dodging.state.waiting == ()
    assert unanswerable(dodging.state) == []
    play(dodging, "roll carol 1 2")  # the table rolls on


def test_the_rent_dodge_choice_ends_when_the_deed_is_mortgaged(dodging: Game) -> None:
    # 003:180: rent cannot be collected on a mortgaged property
    play(dodging, 'mortgage alice "east bank"')
    assert dodging.state.waiting == ()
    assert unanswerable(dodging.state) == []


def test_the_rent_dodge_choice_stays_when_the_deed_goes_to_a_third_player(dodging: Game) -> None:
    # the rent is still owed, now to the deed's owner: the choice waits and `rent` or `dodge` answers it
    play(dodging, "bankrupt alice carol 50m")
    assert dodging.state.deeds["East Bank"].owner == "Carol"
    assert dodging.state.waiting == (DODGE,)
    assert unanswerable(dodging.state) == []
    play(dodging, 'dodge bob "east bank"')
    assert dodging.state.waiting == ()


def test_an_undone_bankruptcy_brings_the_rent_dodge_choice_back(dodging: Game) -> None:
    # the state is a pure fold of the counted events: undo the bankruptcy and the choice waits again
    play(dodging, "bankrupt alice bob 50m", "undo")
    assert dodging.state.waiting == (DODGE,)
