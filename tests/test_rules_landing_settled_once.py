"""A followed game settles each landing once: the paper bank's lines answer what waits, and a line that would
charge a landing the roll already charged is refused with one sentence (issue 35, "Nothing charged or paid twice").

Rulebooks: 003 = 003_bd567e81029bde2a.txt (US classic: line 75-77 buying, 83 rent, 102 one card, 108 tax),
000 = Mega (line 138: the lander buys), 001 = Sore Losers (line 19: a coin stolen at Free Parking).
"""

from __future__ import annotations

import pytest
from conftest import NewGame, cash, play, refused

from banker.game import Game

FOLLOW = ("follow-tokens",)


@pytest.fixture
def table(new_game: NewGame) -> Game:
    """Alice owns Baltic Avenue; Alice rolled to Chance and drew a card; Bob rolled onto Baltic and paid $4."""
    game = new_game(house_rules=FOLLOW)
    play(game, "buy alice baltic", "roll alice 3 4", "card alice chance dividend", "roll bob 1 2")
    assert cash(game, "Bob") == 1500 - 4
    return game


def test_rent_the_roll_charged_is_not_charged_again(table: Game) -> None:
    # 003:83 "If you land on another player's property you must pay rent": once, and the roll paid it
    message = refused(table, "rent bob baltic")
    assert message.startswith("the roll charged Bob's $4 rent for Baltic Avenue to Alice")


def test_rent_for_a_deed_the_token_is_not_on_is_refused(table: Game) -> None:
    play(table, "buy carol vermont")
    message = refused(table, "rent bob vermont")
    assert message.startswith("Bob's token is on Baltic Avenue, not Vermont Avenue")
    assert "pay Bob <amount> Carol" in message


def test_a_plain_game_takes_rent_as_before(new_game: NewGame) -> None:
    # no --follow-tokens: the banker says every landing, and Banker does not know the tokens
    game = new_game()
    play(game, "buy alice baltic", "rent bob baltic", "rent bob baltic")
    assert cash(game, "Bob") == 1500 - 8


def test_tax_the_roll_charged_is_not_charged_again(table: Game) -> None:
    # 003:108 "If you land on one of these spaces, you must pay the Bank the amount shown"
    play(table, "roll carol 1 3")
    assert cash(table, "Carol") == 1500 - 200
    assert refused(table, "tax carol income").startswith("the roll charged Carol's $200 Income Tax (003:108)")
    assert refused(table, "tax bob luxury").startswith("Bob's token is on Baltic Avenue, not Luxury Tax")


def test_one_landing_on_chance_one_card(table: Game) -> None:
    # 003:102 "Take the top card from the appropriate pile, follow the instructions on it"
    message = refused(table, "card alice chance dividend")
    assert message.startswith("Alice's Chance card for this landing on Chance was drawn already")
    assert "003:102" in message


def test_a_card_for_a_player_on_no_card_space_is_refused(table: Game) -> None:
    message = refused(table, "card bob community_chest bank-error")
    assert message.startswith("Bob's token is on Baltic Avenue, not on a Community Chest space, and no card waits")


def test_the_card_that_waits_is_of_its_own_deck(new_game: NewGame) -> None:
    game = new_game(house_rules=FOLLOW)
    play(game, "roll alice 1 1")
    message = refused(game, "card alice chance dividend")
    assert "card Alice community_chest <card>" in message and message.endswith("not a Chance card")
    play(game, "card alice community_chest bank-error")


def test_a_corrected_token_draws_its_one_card_with_the_banker(table: Game) -> None:
    # `move ... fix` settles nothing: the banker's own line draws that landing's card, once (003:102)
    play(table, "move bob 22 fix", "card bob chance dividend")
    assert cash(table, "Bob") == 1500 - 4 + 50
    assert "drawn already" in refused(table, "card bob chance dividend")


def test_only_the_lander_buys_the_deed_that_waits(new_game: NewGame) -> None:
    # 003:75-77 "You can buy the property you land on ... If you don't ..., the property goes up for auction"
    game = new_game(house_rules=FOLLOW)
    play(game, "roll alice 1 2")
    message = refused(game, "buy bob baltic")
    assert message.startswith("only Alice, who landed on Baltic Avenue, may buy it at its price (003:75-77)")
    assert "buy Alice Baltic, or auction Baltic" in message
    play(game, "buy alice baltic")
    assert game.state.deeds["Baltic Avenue"].owner == "Alice" and not game.state.waiting


def test_the_mega_lander_buys_too(new_game: NewGame) -> None:
    # 000:138 (the standard rules): the player who lands buys at the printed price
    game = new_game("mega", FOLLOW)
    play(game, "roll alice 1 2 1")
    deed = game.state.waiting[0].space
    assert "only Alice" in refused(game, f'buy bob "{deed}"')


def test_the_free_parking_pot_is_paid_by_the_roll_only(new_game: NewGame) -> None:
    # house rule: taxes and fees go to a pot that a token landing on Free Parking takes
    game = new_game(house_rules=(*FOLLOW, "free-parking"))
    play(game, "roll alice 1 3")  # Income Tax: $200 into the pot
    assert cash(game, "pot") == 200
    assert refused(game, "parking bob").startswith("Bob's token is on GO, not on Free Parking")
    play(game, "move bob 18 fix", "roll bob 1 1")  # lands on Free Parking: the roll pays Bob the pot
    assert cash(game, "Bob") == 1500 + 200 and cash(game, "pot") == 0
    assert refused(game, "parking bob").startswith("the roll that landed Bob on Free Parking settled the pot")


def test_a_coin_is_stolen_once_for_a_landing_on_free_parking(new_game: NewGame) -> None:
    # 001:19 "When you land on Free Parking, steal one sore loser coin from any player!"
    game = new_game("sore-losers", FOLLOW)
    assert refused(game, "parking alice bob").startswith("Alice's token is on GO, not on Free Parking")
