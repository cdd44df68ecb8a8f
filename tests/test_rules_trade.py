"""Trades between two players: any mix of cash, deeds and Get Out of Jail Free cards.

Rulebooks: 003 = 003_bd567e81029bde2a.txt (US Classic), 000 = 000_0633d1fb819bfb08.txt (standard rules).
"""

from __future__ import annotations

from conftest import cash, play, refused

from banker.game import Game
from banker.rules.trade import mortgage_fee, tradable_refusal


def test_a_deed_for_cash(game: Game) -> None:
    # 003:184 "You can do a deal with another player to buy or sell unimproved property"
    play(game, "buy alice boardwalk")
    outcome = play(game, "trade alice bob give boardwalk get $500")[0]
    assert game.state.deeds["Boardwalk"].owner == "Bob"
    assert (cash(game, "Alice"), cash(game, "Bob")) == (1100 + 500, 1000)
    assert outcome.summary == ("trade between Alice and Bob: Alice hands Boardwalk to Bob; "
                               "Bob pays Alice $500 (trade)")


def test_any_mix_of_cash_deeds_and_jail_cards_changes_hands_at_once(game: Game) -> None:
    # 003:186 "Property can be traded for any combination of cash, other property or Get Out of Jail Free cards"
    play(game, "buy alice boardwalk", "buy alice reading", "buy bob park", "card bob chance goojf")
    play(game, "trade alice bob give boardwalk reading $100 get park goojf $25")
    owners = {d: game.state.deeds[d].owner for d in ("Boardwalk", "Reading Railroad", "Park Place")}
    assert owners == {"Boardwalk": "Bob", "Reading Railroad": "Bob", "Park Place": "Alice"}
    assert game.state.jail_cards == {"Alice": ["chance"], "Bob": [], "Carol": []}
    assert (cash(game, "Alice"), cash(game, "Bob")) == (900 - 75, 1150 + 75)


def test_a_jail_card_can_be_sold_and_the_buyer_uses_it(game: Game) -> None:
    # 003:126 "Use a Get Out of Jail Free card if you have one or buy one from another player"
    play(game, "card alice chest goojf", "trade bob alice give $30 get goojf:chest", "jail bob", "usecard bob")
    assert game.state.jail_cards == {"Alice": [], "Bob": [], "Carol": []}
    assert (cash(game, "Alice"), cash(game, "Bob")) == (1530, 1470)
    play(game, "card carol chest goojf")  # back in its deck after use


def test_trading_what_you_do_not_hold_is_refused(game: Game) -> None:
    play(game, "buy bob boardwalk")
    assert refused(game, "trade alice bob give boardwalk") == (
        "Boardwalk belongs to Bob, not Alice; name Bob, or trade for it first")
    assert refused(game, "trade alice bob give park") == "Park Place belongs to the bank, not Alice; buy it first"
    assert refused(game, "trade alice bob give goojf") == "Alice holds no Get Out of Jail Free card to trade"
    play(game, "card alice chance goojf")
    assert refused(game, "trade alice bob give goojf:chest") == (
        "Alice holds no Community Chest Get Out of Jail Free card to trade")


def test_no_deed_of_a_group_with_buildings_can_be_traded(game: Game) -> None:
    # 003:184 "You must sell all buildings on a color group to the Bank before you can sell one of its sites"
    play(game, "buy alice park", "buy alice boardwalk", "build alice park")
    message = refused(game, "trade alice bob give boardwalk get $500")  # Boardwalk itself has none
    assert message == ("sell the buildings on Boardwalk's group first; "
                       "deeds of a built-on group cannot be traded")
    assert tradable_refusal(game.state, "Alice", "Park Place") is not None
    assert "sell the buildings" in refused(game, "trade bob alice get park give $500")


def test_a_trade_needs_the_cash_each_side_pays(game: Game) -> None:
    play(game, "buy alice boardwalk")
    message = refused(game, "trade alice bob give boardwalk get $1600")
    assert "Bob has $1,500" in message and "this trade costs $1,600" in message


def test_a_trade_with_yourself_or_with_nothing_is_refused(game: Game) -> None:
    assert refused(game, "trade alice alice give $5") == "Alice cannot trade with themselves; name another player"
    assert refused(game, "trade alice bob give get").startswith("a trade needs at least one item")


def test_the_receiver_of_a_mortgaged_deed_pays_ten_percent_now_and_again_on_lifting(game: Game) -> None:
    # 003:188 "pay 10% of the listed value and keep the card face down; if you later decide to repay to the Bank
    # the mortgage, you will have to pay the 10% fee again"
    play(game, "buy alice boardwalk", "mortgage alice boardwalk")
    outcome = play(game, "trade alice bob give boardwalk get $100")[0]
    assert game.state.deeds["Boardwalk"].mortgaged
    assert cash(game, "Bob") == 1500 - 100 - 20
    assert "Bob pays $20 interest to keep Boardwalk mortgaged" in outcome.summary
    play(game, "unmortgage bob boardwalk")
    assert cash(game, "Bob") == 1380 - 220


def test_the_receiver_may_lift_the_mortgage_at_once_for_value_plus_ten_percent(game: Game) -> None:
    # 003:188 "you must either repay it immediately or just pay 10%"; 000:203 "lift the mortgage at once ...
    # by paying off the mortgage plus 10% interest"
    play(game, "buy alice boardwalk", "mortgage alice boardwalk")
    outcome = play(game, "trade alice bob give boardwalk get $100 lift")[0]
    assert not game.state.deeds["Boardwalk"].mortgaged
    assert cash(game, "Bob") == 1500 - 100 - 220
    assert "(mortgages lifted)" in outcome.summary and "Bob lifts the mortgage on Boardwalk for $220" in outcome.summary


def test_the_mortgage_fee_on_a_utility_is_rounded_up(game: Game) -> None:
    play(game, "buy alice water", "mortgage alice water")
    assert mortgage_fee(game.state, "Water Works", lift=False) == 8
    assert mortgage_fee(game.state, "Water Works", lift=True) == 83
    play(game, "trade alice bob give water")
    assert cash(game, "Bob") == 1492


def test_both_receivers_pay_for_the_mortgaged_deeds_they_get(game: Game) -> None:
    play(game, "buy alice boardwalk", "mortgage alice boardwalk", "buy bob reading", "mortgage bob reading")
    play(game, "trade alice bob give boardwalk get reading")
    assert (cash(game, "Alice"), cash(game, "Bob")) == (1300 - 10, 1400 - 20)


def test_a_receiver_who_cannot_pay_the_ten_percent_is_refused(game: Game) -> None:
    play(game, "buy alice boardwalk", "mortgage alice boardwalk", "pay bob 1490")
    message = refused(game, "trade alice bob give boardwalk")
    assert "Bob has $10" in message and "this trade costs $20" in message


def test_an_unmortgaged_deed_costs_the_receiver_nothing_extra(game: Game) -> None:
    play(game, "buy alice boardwalk", "trade alice bob give boardwalk lift")
    assert cash(game, "Bob") == 1500
