"""Chance and Community Chest money effects, jail, and the Get Out of Jail Free cards.

Rulebooks: 003 = 003_bd567e81029bde2a.txt (US Classic), 000 = 000_0633d1fb819bfb08.txt (standard rules).
The card amounts are those of editions/classic-us.toml (2008+ US decks).
"""

from __future__ import annotations

import pytest
from conftest import build_evenly, cash, play, refused

from banker.game import Game

PLAYERS = ("Alice", "Bob", "Carol")


def balances(game: Game) -> list[int]:
    return [cash(game, p) for p in PLAYERS]


@pytest.mark.parametrize(("card", "amount"), [
    ("chest bank-error", 200), ("chest inherit", 100), ("chest consultancy", 25), ("chance dividend", 50),
    ("chance building-loan", 150), ("chest beauty", 10),
])
def test_a_collect_card_pays_the_drawer_from_the_bank(game: Game, card: str, amount: int) -> None:
    # 003:102 "follow the instructions on it immediately"
    play(game, f"card alice {card}")
    assert balances(game) == [1500 + amount, 1500, 1500]


@pytest.mark.parametrize(("card", "amount"), [
    ("chest doctor", 50), ("chest hospital", 100), ("chest school", 50), ("chance speeding", 15),
])
def test_a_pay_card_takes_the_amount_for_the_bank(game: Game, card: str, amount: int) -> None:
    play(game, f"card alice {card}")
    assert balances(game) == [1500 - amount, 1500, 1500]
    assert cash(game, "bank") == -4500 + amount


def test_the_card_title_or_its_start_names_the_card(game: Game) -> None:
    outcome = play(game, 'card bob "Bank error in your favor"')[0]
    assert outcome.summary == ('Bob draws Community Chest "Bank error in your favor. Collect $200": '
                               "bank pays Bob $200")


def test_chairman_of_the_board_pays_each_other_player(game: Game) -> None:
    play(game, "card alice chairman")
    assert balances(game) == [1400, 1550, 1550]


def test_birthday_collects_from_each_other_player(game: Game) -> None:
    play(game, "card alice birthday")
    assert balances(game) == [1520, 1490, 1490]


def test_a_card_beyond_the_cash_is_a_debt_fixed_at_the_draw(game: Game) -> None:
    # issue 25: "A card's charge is fixed when it is drawn"; nobody is overdrawn, the next roll waits for it
    play(game, "pay alice 1450")
    outcome = play(game, "card alice chairman")[0]
    assert cash(game, "Alice") == 50 and "Alice owes Bob $50" in outcome.summary
    owed = [(d.player, d.creditor, d.amount) for d in game.state.debts]
    assert owed == [("Alice", "Bob", 50), ("Alice", "Carol", 50)]
    assert "owes $100 and can raise only $50" in refused(game, "settle alice")
    play(game, "collect alice 50", "settle alice")
    assert game.state.debts == () and cash(game, "Alice") == 0 and cash(game, "Bob") == 1550


def test_collect_from_each_player_records_the_debt_of_one_who_cannot_pay(game: Game) -> None:
    play(game, "pay carol 1495")
    play(game, "card alice birthday")
    assert cash(game, "Carol") == 5 and cash(game, "Alice") == 1510
    assert [(d.player, d.creditor, d.amount) for d in game.state.debts] == [("Carol", "Alice", 10)]


def test_a_repairs_card_owes_for_the_buildings_held_at_the_draw(game: Game) -> None:
    # issue 25: two brown hotels owe $230 (003 Chance "Make general repairs"... street repairs $115 a hotel), and
    # selling the hotels afterwards to raise the cash does not make the card cheaper
    play(game, "buy alice mediterranean", "buy alice baltic")
    build_evenly(game, "Alice", ["Mediterranean Avenue", "Baltic Avenue"], 5)
    play(game, f"pay alice {cash(game, 'Alice')}")
    play(game, "card alice street-repairs")
    assert [d.amount for d in game.state.debts] == [230]
    for _ in range(5):
        play(game, "sell alice baltic 1", "sell alice mediterranean 1")
    raised = cash(game, "Alice")
    play(game, "settle alice")
    assert cash(game, "Alice") == raised - 230 and game.state.debts == ()


def test_a_debt_ends_with_a_bankruptcy(game: Game) -> None:
    play(game, "pay alice 1500", "card alice street-repairs")  # no buildings: nothing owed
    assert game.state.debts == ()
    play(game, "collect alice 20", "card alice chairman")
    play(game, "bankrupt alice bob 100")
    assert game.state.debts == () and "Alice" in game.state.bankrupt


def test_repairs_charge_per_house_and_per_hotel(game: Game) -> None:
    # Mediterranean with a hotel and Baltic with 4 houses: 4 houses and 1 hotel.
    play(game, "buy alice mediterranean", "buy alice baltic")
    build_evenly(game, "Alice", ["Mediterranean Avenue", "Baltic Avenue"], 4)
    play(game, "build alice mediterranean")
    before = cash(game, "Alice")
    play(game, "card alice street-repairs")
    assert before - cash(game, "Alice") == 4 * 40 + 115
    play(game, "card alice general-repairs")
    assert before - cash(game, "Alice") == 4 * 40 + 115 + 4 * 25 + 100


def test_repairs_with_no_buildings_cost_nothing(game: Game) -> None:
    play(game, "buy alice boardwalk", "card alice street-repairs")
    assert cash(game, "Alice") == 1100
    assert game.records[-1].event.transfers == ()


def test_advance_to_go_collects_the_salary(game: Game) -> None:
    play(game, "card alice chance go")
    assert cash(game, "Alice") == 1700


def test_passing_go_then_drawing_advance_to_go_collects_twice(game: Game) -> None:
    # 000:132-134 pass GO and draw "ADVANCE TO GO": "you collect $200 for passing GO the first time and another
    # $200 for reaching it the second time by instructions on the card"
    play(game, "go alice", "card alice chest go")
    assert cash(game, "Alice") == 1900


def test_advance_to_go_does_not_take_the_go_word_twice(game: Game) -> None:
    message = refused(game, "card alice chance go go")
    assert "does not pass GO" in message and "leave out `go`" in message


def test_an_advance_card_pays_the_salary_only_when_it_passes_go(game: Game) -> None:
    # Card: "Advance to Illinois Avenue. If you pass Go, collect $200"
    play(game, "card alice illinois")
    assert cash(game, "Alice") == 1500
    play(game, "card alice st-charles go")
    assert cash(game, "Alice") == 1700
    assert game.records[-1].event.passed_go


def test_a_card_that_does_not_move_refuses_the_go_word(game: Game) -> None:
    assert "does not pass GO" in refused(game, "card alice chest doctor go")


def test_nearest_railroad_pays_the_owner_twice_the_rent(game: Game) -> None:
    # Card: "Advance to the nearest Railroad; if owned pay owner twice the rental"; Alice owns 2 -> 2 x $50
    play(game, "buy alice reading", 'buy alice "pennsylvania r"')
    play(game, 'card bob nearest-railroad "pennsylvania railroad"')
    assert balances(game) == [1100 + 100, 1400, 1500]


def test_nearest_railroad_can_pass_go_too(game: Game) -> None:
    play(game, "buy alice reading", "card bob nearest-railroad reading go")
    assert balances(game) == [1300 + 50, 1500 - 50 + 200, 1500]


@pytest.mark.parametrize("setup", [[], ["buy bob reading"], ["buy alice reading", "mortgage alice reading"]])
def test_nearest_railroad_costs_nothing_when_unowned_own_or_mortgaged(game: Game, setup: list[str]) -> None:
    play(game, *setup)
    before = balances(game)
    play(game, "card bob nearest-railroad reading")
    assert balances(game) == before


def test_nearest_railroad_needs_the_railroad_named(game: Game) -> None:
    message = refused(game, "card bob nearest-railroad")
    assert message == "say which railroad is nearest: card Bob nearest-railroad <railroad>"
    assert "say which railroad is nearest" in refused(game, "card bob nearest-railroad electric")


def test_nearest_utility_pays_ten_times_the_dice_even_for_one_utility(game: Game) -> None:
    # Card: "if owned throw dice and pay owner 10x the amount thrown" (plain rent would be 4x)
    play(game, "buy alice electric", "card bob nearest-utility electric 7")
    assert balances(game) == [1350 + 70, 1430, 1500]


def test_nearest_utility_owned_needs_the_dice(game: Game) -> None:
    play(game, "buy alice water")
    message = refused(game, "card bob nearest-utility water")
    assert "roll the dice" in message and 'card Bob nearest-utility "Water Works" <dice total>' in message


def test_a_card_that_takes_no_deed_refuses_one(game: Game) -> None:
    assert "does not take a deed" in refused(game, "card bob chest doctor boardwalk")


def test_a_go_to_jail_card_sends_the_player_to_jail(game: Game) -> None:
    # 003:118 "Draw a Chance or Community Chest card that tells you to Go to Jail"
    play(game, "card alice chance jail")
    assert "Alice" in game.state.in_jail and cash(game, "Alice") == 1500
    assert refused(game, "card alice chest jail") == "Alice is already in jail"


def test_jail_then_the_fine_of_fifty_lets_the_player_out(game: Game) -> None:
    # 003:112 Go to Jail; 003:125 "Pay $50 at the start of your next turn"
    play(game, "jail alice")
    assert game.state_json()["players"][0]["in_jail"] is True
    outcome = play(game, "bail alice")[0]
    assert "Alice" not in game.state.in_jail and cash(game, "Alice") == 1450
    assert outcome.summary == "Alice pays the $50 fine and leaves jail"


def test_jail_twice_and_bail_outside_jail_are_refused(game: Game) -> None:
    play(game, "jail alice")
    assert refused(game, "jail alice") == "Alice is already in jail"
    assert refused(game, "bail bob") == "Bob is not in jail"
    assert refused(game, "doubles bob") == "Bob is not in jail"
    assert refused(game, "usecard bob") == "Bob is not in jail"


def test_bail_beyond_the_cash_is_refused(game: Game) -> None:
    play(game, "jail alice", "pay alice 1460")
    message = refused(game, "bail alice")
    assert "Alice has $40" in message and "the jail fine costs $50" in message


def test_doubles_let_the_player_out_for_free(game: Game) -> None:
    # 003:127 "If you roll a double on any turn, move out of Jail using this dice roll"
    play(game, "jail alice", "doubles alice")
    assert "Alice" not in game.state.in_jail and cash(game, "Alice") == 1500


def test_get_out_of_jail_free_is_kept_then_used_then_back_in_its_deck(game: Game) -> None:
    # 003:104 "keep it until you need to use it or sell it"; 003:126 "Put the card to the bottom of the
    # appropriate pile"
    play(game, "card alice chance goojf")
    assert game.state.jail_cards["Alice"] == ["chance"]
    assert game.state_json()["players"][0]["goojf"] == 1
    message = refused(game, "card bob chance goojf")
    assert "held by Alice" in message and "cannot be drawn" in message
    play(game, "card bob chest goojf")  # the other deck's card is free to draw
    play(game, "jail alice")
    outcome = play(game, "usecard alice")[0]
    assert "Alice" not in game.state.in_jail and cash(game, "Alice") == 1500
    assert game.state.jail_cards["Alice"] == []
    assert outcome.summary == "Alice uses a Get Out of Jail Free card and leaves jail"
    play(game, "card carol chance goojf")  # back in the deck: it can be drawn again
    assert game.state.jail_cards["Carol"] == ["chance"]


def test_usecard_can_name_the_deck(game: Game) -> None:
    play(game, "card alice chance goojf", "card alice chest goojf", "jail alice", "usecard alice chest")
    assert game.state.jail_cards["Alice"] == ["chance"]


def test_usecard_without_a_card_points_to_the_fine(game: Game) -> None:
    play(game, "jail alice")
    message = refused(game, "usecard alice")
    assert message == "Alice holds no Get Out of Jail Free card; `bail Alice` pays the fine"
    play(game, "card alice chance goojf")
    assert refused(game, "usecard alice chest") == "Alice holds no Community Chest Get Out of Jail Free card"


def test_a_card_name_in_both_decks_must_say_which(game: Game) -> None:
    message = refused(game, "card alice goojf")
    assert "in both decks" in message and "card <player> chance goojf" in message
