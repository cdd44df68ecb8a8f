"""Buying deeds at list price, mortgaging them and lifting the mortgage.

Rulebooks (shared/rulebooks/): 003 = 003_bd567e81029bde2a.txt (US Classic), 000 = 000_0633d1fb819bfb08.txt
(standard long-form rules). Line numbers are cited as 003:75.
"""

from __future__ import annotations

from conftest import build_evenly, cash, play, refused

from banker.game import Game
from banker.rules.deeds import for_sale, interest, lift_cost, mortgage_refusal, unmortgage_refusal


def test_buying_pays_the_bank_the_list_price_and_hands_over_the_deed(game: Game) -> None:
    # 003:75 "buy the property you land on for the listed price ... Pay the Bank, then take the Title Deed"
    outcome = play(game, "buy Alice Boardwalk")[0]
    assert game.state.deeds["Boardwalk"].owner == "Alice"
    assert cash(game, "Alice") == 1500 - 400
    assert cash(game, "bank") == -3 * 1500 + 400
    assert outcome.summary == "Alice buys Boardwalk for $400"


def test_buying_each_kind_of_deed_costs_its_own_price(game: Game) -> None:
    play(game, "buy alice mediterranean", "buy alice reading", "buy alice electric")
    assert cash(game, "Alice") == 1500 - 60 - 200 - 150
    assert [p["name"] for p in game.state_json()["players"][0]["properties"]] == [
        "Mediterranean Avenue", "Reading Railroad", "Electric Company"]


def test_a_deed_someone_owns_is_not_for_sale(game: Game) -> None:
    play(game, "buy alice boardwalk")
    message = refused(game, "buy bob boardwalk")
    assert "not for sale" in message and "Alice owns it" in message
    assert for_sale(game.state, "Boardwalk") == message
    assert refused(game, "buy alice boardwalk").startswith("Boardwalk is not for sale")


def test_buying_more_than_the_cash_on_hand_says_how_much_to_raise_and_how(game: Game) -> None:
    # 003:194 "owe ... more cash than you have, try to raise the money by selling buildings and/or mortgaging"
    play(game, "buy alice boardwalk", "pay alice 1000")  # Alice: $100 cash, Boardwalk mortgages for $200
    message = refused(game, "buy alice reading")
    assert "Alice has $100" in message and "costs $200" in message
    assert "raise $100" in message and "mortgaging" in message and "selling buildings" in message
    assert "up to $200" in message


def test_buying_with_nothing_left_to_raise_points_to_bankruptcy(game: Game) -> None:
    play(game, "pay alice 1450")
    message = refused(game, "buy alice boardwalk")
    assert "Alice has $50" in message and "raises only $0" in message
    assert "`bankrupt Alice 400`" in message  # to the bank: no creditor named
    play(game, "bankrupt Alice 400")  # the way out offered is accepted


def test_mortgaging_an_unimproved_deed_pays_its_mortgage_value(game: Game) -> None:
    # 003:180 "turn its Title Deed card face down and collect the listed value ... from the Bank"
    play(game, "buy alice boardwalk")
    outcome = play(game, "mortgage alice boardwalk")[0]
    assert game.state.deeds["Boardwalk"].mortgaged
    assert cash(game, "Alice") == 1100 + 200
    assert outcome.summary == "Alice mortgages Boardwalk for $200"
    assert game.state_json()["players"][0]["properties"] == [
        {"name": "Boardwalk", "mortgaged": True, "houses": 0, "hotel": False}]


def test_no_deed_of_a_group_with_buildings_can_be_mortgaged(game: Game) -> None:
    # 003:178 "You must sell all buildings on a color group to the Bank before you can mortgage one of its sites"
    play(game, "buy alice park", "buy alice boardwalk", "build alice park")  # Boardwalk itself is unimproved
    for deed in ("Boardwalk", "Park Place"):
        message = refused(game, f'mortgage alice "{deed}"')
        assert "sell the buildings" in message and "group" in message
        assert mortgage_refusal(game.state, "Alice", deed) == message
    play(game, "sell alice park", "mortgage alice boardwalk")
    assert game.state.deeds["Boardwalk"].mortgaged


def test_mortgaging_twice_or_someone_elses_deed_is_refused(game: Game) -> None:
    play(game, "buy alice boardwalk", "mortgage alice boardwalk")
    assert refused(game, "mortgage alice boardwalk") == "Boardwalk is already mortgaged"
    assert refused(game, "mortgage bob boardwalk") == (
        "Boardwalk belongs to Alice, not Bob; name Alice, or trade for it first")
    assert refused(game, "mortgage bob park") == "Park Place belongs to the bank, not Bob; buy it first"


def test_lifting_a_mortgage_costs_its_value_plus_ten_percent(game: Game) -> None:
    # 003:180 "To repay a mortgage, pay the listed value plus 10% to the Bank"
    play(game, "buy alice boardwalk", "mortgage alice boardwalk")
    assert lift_cost(game.state, "Boardwalk") == 220
    outcome = play(game, "unmortgage alice boardwalk")[0]
    assert not game.state.deeds["Boardwalk"].mortgaged
    assert cash(game, "Alice") == 1500 - 400 + 200 - 220
    assert outcome.summary == "Alice lifts the mortgage on Boardwalk for $220 ($200 mortgage + 10% interest)"


def test_the_ten_percent_is_rounded_up_to_a_whole_amount(game: Game) -> None:
    # A utility mortgages for $75: 10% is $7.50, a whole-money bank charges $8, so lifting costs $83.
    play(game, "buy alice electric", "mortgage alice electric")
    assert interest(game.state, "Electric Company") == 8
    before = cash(game, "Alice")
    play(game, "unmortgage alice electric")
    assert before - cash(game, "Alice") == 83


def test_lifting_a_deed_that_is_not_mortgaged_or_not_yours_is_refused(game: Game) -> None:
    play(game, "buy alice boardwalk")
    assert refused(game, "unmortgage alice boardwalk") == "Boardwalk is not mortgaged"
    play(game, "mortgage alice boardwalk")
    assert refused(game, "unmortgage bob boardwalk") == (
        "Boardwalk belongs to Alice, not Bob; name Alice, or trade for it first")
    assert unmortgage_refusal(game.state, "Alice", "Boardwalk") is None


def test_lifting_without_the_cash_is_refused_with_how_much_is_missing(game: Game) -> None:
    play(game, "buy alice boardwalk", "mortgage alice boardwalk", "pay alice 1200")  # Alice: $100
    message = refused(game, "unmortgage alice boardwalk")
    assert "Alice has $100" in message and "costs $220" in message and "`bankrupt Alice 220`" in message


def test_a_group_can_be_built_again_once_every_mortgage_is_lifted(game: Game) -> None:
    # 000:203 "When all of the properties of a color-group are no longer mortgaged, the owner may begin to buy
    # back buildings"
    play(game, "buy alice park", "buy alice boardwalk", "mortgage alice park")
    assert "lift the mortgage on Park Place" in refused(game, "build alice boardwalk")
    play(game, "unmortgage alice park")
    build_evenly(game, "Alice", ["Park Place", "Boardwalk"], 1)
    assert game.state.deeds["Boardwalk"].level == 1
