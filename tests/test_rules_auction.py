"""Auctions: a deed the lander does not buy goes to the highest cash bid, from the edition's minimum.

Rulebooks: 003 = 003_bd567e81029bde2a.txt (US Classic), 000 = 000_0633d1fb819bfb08.txt.
"""

from __future__ import annotations

import pytest
from conftest import NewGame, cash, edition_with, play, refused

from banker.game import Game
from banker.rules.deeds import bid_refusal


def test_an_auction_sells_the_deed_to_the_highest_bidder_for_the_bid(game: Game) -> None:
    # 003:77 "If you don't want to pay the listed price, the property goes up for auction";
    # 003:157 "If no one makes a higher bid, the last player to bid must buy the property"
    play(game, "auction boardwalk", "bid bob 10", "bid carol 120", "bid bob 121")
    assert game.state_json()["auction"] == {"deed": "Boardwalk", "high_bid": 121, "high_bidder": "Bob"}
    outcome = play(game, "sold")[0]
    assert game.state.deeds["Boardwalk"].owner == "Bob"
    assert game.state.auction is None
    assert (cash(game, "Bob"), cash(game, "Carol")) == (1500 - 121, 1500)
    assert outcome.summary == "Boardwalk sold at auction to Bob for $121"


def test_the_player_who_declined_may_bid_too(game: Game) -> None:
    # 000:138 "Any player, including the one who declined the option of buying ... may bid"
    play(game, "auction park", "bid alice 50", "sold")
    assert game.state.deeds["Park Place"].owner == "Alice"
    assert cash(game, "Alice") == 1450


def test_the_classic_opening_bid_can_be_one_dollar(game: Game) -> None:
    # 003:157 "Any player can start the bidding for as little as $1"
    play(game, "auction mediterranean", "bid carol 1", "sold")
    assert game.state.deeds["Mediterranean Avenue"].owner == "Carol"
    assert cash(game, "Carol") == 1499


def test_the_opening_bid_minimum_comes_from_the_edition(new_game: NewGame) -> None:
    # Sore Losers (001) opens auctions at M10: an edition setting, not a constant.
    game = new_game(edition_with("classic-us", auction_min_bid=10))
    play(game, "auction boardwalk")
    message = refused(game, "bid alice 9")
    assert message == "the opening bid is at least $10"
    assert bid_refusal(game.state, "Alice", 9) == message
    play(game, "bid alice 10", "sold")
    assert game.state.deeds["Boardwalk"].owner == "Alice"


def test_each_bid_must_beat_the_last(game: Game) -> None:
    play(game, "auction boardwalk", "bid alice 50")
    message = refused(game, "bid bob 50")
    assert "does not beat Alice's $50" in message and "bid at least $51" in message
    assert "bid at least $51" in refused(game, "bid carol 20")
    play(game, "bid bob 51")


def test_a_bid_above_the_bidders_cash_is_refused(game: Game) -> None:
    # 003:157 "Auction bids can only be made in cash"
    play(game, "auction boardwalk")
    message = refused(game, "bid bob 1501")
    assert "Bob has only $1,500" in message and "paid in cash" in message and "bid less" in message
    play(game, "bid bob 1500", "sold")
    assert cash(game, "Bob") == 0


def test_closing_with_no_bid_leaves_the_deed_with_the_bank(game: Game) -> None:
    before = dict(game.state.accounts)
    outcome = play(game, "auction boardwalk", "sold")[1]
    assert game.state.deeds["Boardwalk"].owner == "bank"
    assert game.state.auction is None
    assert game.state.accounts == before
    assert "no bid" in outcome.summary and "stays with the bank" in outcome.summary
    play(game, "buy carol boardwalk")  # still for sale afterwards


@pytest.mark.parametrize("line", [
    "buy alice park", "auction park", "rent bob boardwalk", "pay alice 10", "collect alice 10",
    "go alice", "tax alice income", "card alice chest bank", "jail alice", "build alice boardwalk",
    "sell alice boardwalk", "mortgage alice reading", "unmortgage alice reading",
    "trade alice bob give reading get $10", "bankrupt alice 5000", "parking alice",
])
def test_no_other_action_while_an_auction_is_open(game: Game, line: str) -> None:
    play(game, "buy alice reading", "auction boardwalk", "bid bob 5")
    message = refused(game, line)
    assert message == "the auction for Boardwalk is open; bid on it or close it with `sold` first"


def test_bail_and_jail_cards_wait_for_the_auction_too(game: Game) -> None:
    play(game, "jail alice", "auction boardwalk")
    for line in ("bail alice", "usecard alice", "doubles alice"):
        assert "the auction for Boardwalk is open" in refused(game, line)


def test_a_bid_or_sold_without_an_open_auction_is_refused(game: Game) -> None:
    assert refused(game, "bid alice 10") == "no auction is open; start one with `auction <deed>`"
    assert refused(game, "sold") == "no auction is open; there is nothing to close"


def test_a_deed_someone_owns_cannot_be_auctioned(game: Game) -> None:
    play(game, "buy alice boardwalk")
    assert refused(game, "auction boardwalk") == "Boardwalk is not for sale: Alice owns it"
