"""Bankruptcy: to a player (everything of value goes to the creditor) or to the bank (deeds to auction).

Rulebooks: 003 = 003_bd567e81029bde2a.txt (US Classic), 000 = 000_0633d1fb819bfb08.txt (standard rules).
"""

from __future__ import annotations

import pytest
from conftest import build_evenly, cash, play, refused

from banker.game import Game
from banker.rules.deeds import buy_refusal
from banker.rules.money import raisable_from

BROWN = ["Mediterranean Avenue", "Baltic Avenue"]
# what `ruined` leaves Alice able to raise: $100 cash, 4 houses sold back at $25 each (half of $50), and
# Mediterranean ($30), Baltic ($30) and Electric Company ($75) mortgaged; Reading is mortgaged already
CAN_RAISE = 100 + 4 * 25 + 30 + 30 + 75
OWES = CAN_RAISE + 1  # the smallest debt she cannot pay: 003 "If you still owe more than you have"


@pytest.fixture
def ruined(game: Game) -> Game:
    """Alice: brown with 2 houses each, Reading mortgaged, Electric Company, a Chance jail card, $100 cash."""
    play(game, "buy alice mediterranean", "buy alice baltic", "buy alice reading", "buy alice electric")
    build_evenly(game, "Alice", BROWN, 2)
    play(game, "mortgage alice reading", "card alice chance goojf")
    play(game, f"pay alice {cash(game, 'Alice') - 100}")
    assert cash(game, "Alice") == 100 and game.state.bank_houses == 28
    return game


def test_the_ruined_fixture_can_raise_exactly_what_the_rules_count(ruined: Game) -> None:
    # 003 "HELP! I'M IN DEBT!": "try to raise the money by selling buildings and/or mortgaging properties"
    assert raisable_from(ruined.state, "Alice").total == CAN_RAISE
    message = refused(ruined, f"bankrupt alice bob {CAN_RAISE}")
    assert message == ("Alice can raise $335 ($100 cash, $100 by selling the buildings on Mediterranean Avenue and "
                       "Baltic Avenue, $135 by mortgaging Mediterranean Avenue, Baltic Avenue and Electric Company), "
                       "enough for $335: raise money and pay")


def test_bankrupt_to_a_player_hands_over_everything_of_value(ruined: Game) -> None:
    # 000:207 "if you own buildings, you must return these to the Bank in exchange for cash to the extent of
    # one-half the amount paid for them. This cash is given to the creditor."; 003:199 "give them all your
    # mortgaged properties and any Get Out of Jail Free cards. The player must pay 10% interest on each
    # mortgaged property"
    game = ruined
    outcome = play(game, f"bankrupt alice bob {OWES}")[0]
    state = game.state
    assert state.bankrupt == {"Alice"}
    assert cash(game, "Alice") == 0
    assert cash(game, "Bob") == 1500 + 100 + 4 * 50 // 2 - 10
    assert state.bank_houses == 32
    assert {d: (h.owner, h.mortgaged, h.level) for d, h in state.deeds.items() if h.owner == "Bob"} == {
        "Mediterranean Avenue": ("Bob", False, 0), "Baltic Avenue": ("Bob", False, 0),
        "Reading Railroad": ("Bob", True, 0), "Electric Company": ("Bob", False, 0)}
    assert state.jail_cards == {"Alice": [], "Bob": ["chance"], "Carol": []}
    assert "Alice is bankrupt to Bob, owing $336, and leaves the game" in outcome.summary
    assert game.state_json()["players"][0]["bankrupt"] is True
    assert state.auction is None  # a debt to a player auctions nothing


def test_the_creditor_lifting_later_pays_the_ten_percent_again(ruined: Game) -> None:
    # 000:207 "If he/she holds the property in this way until a later turn, he/she must pay the interest again"
    play(ruined, f"bankrupt alice bob {OWES}")
    before = cash(ruined, "Bob")
    play(ruined, "unmortgage bob reading")
    assert before - cash(ruined, "Bob") == 110


def test_bankrupt_to_the_bank_returns_the_deeds_unmortgaged_for_auction(ruined: Game) -> None:
    # 003:200 "If your debt is to the Bank - all your mortgaged properties must be put up for auction. These are
    # sold unmortgaged (face up). Return any Get Out of Jail Free cards to the bottom of the appropriate piles."
    game = ruined
    bank = cash(game, "bank")
    outcome = play(game, f"bankrupt alice {OWES}")[0]
    state = game.state
    assert state.bankrupt == {"Alice"}
    # her $100 cash, plus the houses' half price, which the bank pays her and takes straight back
    assert cash(game, "Alice") == 0 and cash(game, "bank") == bank + 100
    assert all(h.owner == "bank" and not h.mortgaged and h.level == 0 for h in state.deeds.values())
    # 000:207 "the Bank immediately sells by auction": the first deed's auction opens in the same action
    assert state.auction is not None and state.auction.deed == "Mediterranean Avenue"
    assert state.to_auction == ["Baltic Avenue", "Reading Railroad", "Electric Company"]
    assert state.bank_houses == 32 and state.jail_cards["Alice"] == []
    assert "Alice is bankrupt to bank, owing $336, and leaves the game" in outcome.summary
    play(game, "sold", "sold", "sold", "sold")
    play(game, "card bob chance goojf")  # the card is back in its deck


def test_the_deeds_a_bankruptcy_returns_are_then_auctioned(ruined: Game) -> None:
    # 000:207 "the Bank immediately sells by auction all properties so taken, except buildings"
    game = ruined
    play(game, f"bankrupt alice {OWES}", "bid carol 60", "sold")
    assert game.state.deeds["Mediterranean Avenue"].owner == "Carol"
    assert game.state.auction is not None and game.state.auction.deed == "Baltic Avenue"
    play(game, "sold")  # nobody bid: it stays with the bank, and the next auction opens
    assert game.state.deeds["Baltic Avenue"].owner == "bank"
    play(game, "bid bob 90", "sold")
    assert game.state.deeds["Reading Railroad"].owner == "Bob"
    assert not game.state.deeds["Reading Railroad"].mortgaged
    assert game.state.auction is not None and game.state.auction.deed == "Electric Company"
    assert game.state.to_auction == []
    play(game, "sold")
    assert game.state.auction is None and game.state.deeds["Electric Company"].owner == "bank"
    assert refused(game, "sold") == "no auction is open; there is nothing to close"


def test_a_deed_waiting_for_its_auction_cannot_be_bought_at_list_price(ruined: Game) -> None:
    # 000:207 "the Bank immediately sells by auction all properties so taken"
    game = ruined
    play(game, f"bankrupt alice {OWES}")
    assert refused(game, "buy bob reading") == (
        "the auction for Mediterranean Avenue is open; bid on it or close it with `sold` first")
    assert buy_refusal(game.state, "Reading Railroad") == (
        'Reading Railroad came back to the bank in a bankruptcy and is sold by auction: auction "Reading Railroad"')
    play(game, "sold", "sold", "sold", "sold", "buy bob reading")  # after its auction it is a bank deed
    assert game.state.deeds["Reading Railroad"].owner == "Bob"


def test_a_bankrupt_player_is_out_of_the_game(ruined: Game) -> None:
    # 003:196 "you are BANKRUPT and out of the game!"
    game = ruined
    play(game, f"bankrupt alice bob {OWES}")
    for line in ("buy alice boardwalk", "go alice", "pay alice 1", "jail alice", "bankrupt alice 5000"):
        assert refused(game, line) == "Alice is bankrupt and out of the game"
    assert refused(game, "pay bob 5 alice") == "Alice is bankrupt and out of the game"
    play(game, "auction park")
    assert refused(game, "bid alice 5") == "Alice is bankrupt and out of the game"


def test_a_bankrupt_player_is_left_out_of_each_player_cards(ruined: Game) -> None:
    play(ruined, f"bankrupt alice bob {OWES}", "card carol birthday")
    assert cash(ruined, "Carol") == 1510


def test_no_bankruptcy_to_yourself_or_to_a_player_already_out(ruined: Game) -> None:
    game = ruined
    assert refused(game, f"bankrupt alice alice {OWES}") == "Alice cannot owe themselves; name another player"
    play(game, "pay bob 1500", "bankrupt bob 1")  # $0 and nothing to sell or mortgage: $1 is beyond him
    assert game.state.auction is None  # no deeds, nothing to auction
    assert refused(game, f"bankrupt alice bob {OWES}") == "Bob is bankrupt and out of the game"


def test_a_creditor_who_cannot_pay_the_interest_must_raise_it_first(game: Game) -> None:
    # 000:207 "the new owner must at once pay the Bank the amount of interest on the loan"
    play(game, "buy alice reading", "mortgage alice reading", "pay alice 1400", "pay bob 1495")
    message = refused(game, "bankrupt alice bob 1")
    assert message == ("Bob must pay $10 interest on the mortgaged deeds received but would have $5; "
                       "Bob raises money first")
    play(game, "go bob", "bankrupt alice bob 1")
    assert cash(game, "Bob") == 195


def test_the_way_out_offered_for_an_unpayable_debt_is_accepted(game: Game) -> None:
    play(game, "buy alice boardwalk", "pay alice 1100")  # Alice: $0 cash, Boardwalk mortgages for $200
    message = refused(game, "pay alice 500 carol")
    assert "raises only $200" in message and "`bankrupt Alice Carol 500`" in message
    play(game, message.split("`")[1])
    assert game.state.deeds["Boardwalk"].owner == "Carol"
    assert game.state.bankrupt == {"Alice"}
