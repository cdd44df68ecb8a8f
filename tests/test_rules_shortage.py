"""Building shortage: the last buildings go by auction when two or more players want them.

003: "If buildings are limited and two or more players wish to buy them, the Banker must auction
them off to the highest bidder." 000 line 191 says the same.
"""

from __future__ import annotations

from conftest import build_evenly, cash, play, refused

from banker.game import Game


def two_builders(game: Game) -> None:
    """Alice owns the browns, Bob the light blues, both unbuilt."""
    play(game, "buy alice mediterranean", "buy alice baltic",
         "buy bob oriental", "buy bob vermont", "buy bob connecticut")


def test_house_auction_needs_two_players_who_can_build(game: Game) -> None:
    play(game, "buy alice mediterranean", "buy alice baltic")
    message = refused(game, "auction house")
    assert "only Alice can build a house now" in message and "`build`" in message


def test_winner_pays_the_bid_and_places_the_house(game: Game) -> None:
    two_builders(game)
    play(game, "auction house", "bid alice 10", "bid bob 60")
    before = cash(game, "Bob")
    play(game, "sold vermont")
    assert game.state.deeds["Vermont Avenue"].level == 1
    assert cash(game, "Bob") == before - 60
    assert game.state.bank_houses == 31 and game.state.auction is None


def test_winner_must_name_a_legal_deed(game: Game) -> None:
    two_builders(game)
    play(game, "auction house", "bid bob 60")
    assert "say where Bob puts the house" in refused(game, "sold")
    assert "cannot go on Mediterranean Avenue" in refused(game, "sold mediterranean")


def test_a_player_who_cannot_build_cannot_bid_for_a_building(game: Game) -> None:
    two_builders(game)
    play(game, "auction house")
    assert "Carol has no deed where a house may go" in refused(game, "bid carol 100")


def test_no_bid_leaves_the_house_with_the_bank(game: Game) -> None:
    two_builders(game)
    play(game, "auction house", "sold")
    assert game.state.bank_houses == 32 and game.state.auction is None


def test_hotel_auction_when_the_bank_has_no_hotels_is_refused(game: Game) -> None:
    two_builders(game)
    build_evenly(game, "Alice", ["Mediterranean Avenue", "Baltic Avenue"], 4)
    game.state.bank_hotels  # noqa: B018 - 12 hotels still in the bank here
    assert "hotel now" in refused(game, "auction hotel")  # only Alice could take a hotel
