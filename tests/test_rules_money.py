"""Everyday money: GO salary, taxes, plain payments, the Free Parking house rule, and the books balancing.

Rulebooks: 003 = 003_bd567e81029bde2a.txt (US Classic), 002 = 002_8dafff28609b919a.txt (UK Classic),
000 = 000_0633d1fb819bfb08.txt (standard long-form rules).
"""

from __future__ import annotations

import pytest
from conftest import NewGame, build_evenly, cash, play, refused

from banker import commands as c
from banker import events as ev
from banker.game import Game
from banker.rules.deciding import DECIDERS
from banker.rules.money import raisable, short_of_cash


def test_every_player_starts_with_1500_issued_by_the_bank(game: Game) -> None:
    # 003:44 "2 x $500, 4 x $100, 1 x $50, 1 x $20, 2 x $10, 1 x $5, 5 x $1" = $1,500
    assert [cash(game, p) for p in ("Alice", "Bob", "Carol")] == [1500, 1500, 1500]
    assert cash(game, "bank") == -4500 and cash(game, "pot") == 0


def test_passing_go_collects_the_salary(game: Game) -> None:
    # 003:65 "If your move took you onto or past the GO space, collect $200 from the Bank"
    outcome = play(game, "go alice")[0]
    assert cash(game, "Alice") == 1700
    assert outcome.summary == "Alice collects $200 salary for passing GO"


@pytest.mark.parametrize(("space", "amount"), [("income", 200), ("Luxury Tax", 100)])
def test_a_tax_space_takes_the_amount_shown_for_the_bank(game: Game, space: str, amount: int) -> None:
    # 003:108 "If you land on one of these spaces, you must pay the Bank the amount shown"
    play(game, f'tax alice "{space}"')
    assert cash(game, "Alice") == 1500 - amount
    assert cash(game, "bank") == -4500 + amount


def test_a_tax_on_a_space_that_is_not_a_tax_is_refused(game: Game) -> None:
    message = refused(game, "tax alice boardwalk")
    assert "no tax space called 'boardwalk'" in message and "Income Tax" in message


def test_pay_goes_to_the_bank_unless_a_player_is_named(game: Game) -> None:
    play(game, "pay alice 50", "pay alice 25 bob", "collect carol 10", "collect carol 5 bob")
    assert [cash(game, p) for p in ("Alice", "Bob", "Carol", "bank")] == [1425, 1520, 1515, -4460]


def test_paying_yourself_is_refused(game: Game) -> None:
    assert refused(game, "pay alice 10 alice") == "Alice cannot pay themselves; name someone else"
    assert refused(game, "collect bob 10 bob") == "Bob cannot pay themselves; name someone else"


def test_a_payment_larger_than_the_cash_says_how_much_to_raise_and_how(game: Game) -> None:
    # 003:194 "try to raise the money by selling buildings and/or mortgaging properties"
    play(game, "buy alice park", "buy alice boardwalk", "build alice park")  # Alice: $550, 1 house
    assert raisable(game.state, "Alice") == 100 + 175 + 200
    message = refused(game, "pay alice 900 bob")
    assert message == ("Alice has $550 but paying Bob costs $900: raise $350 first by mortgaging, selling "
                       "buildings or trading (up to $475 can be raised)")


def test_a_debt_nothing_can_cover_names_the_bankruptcy_to_declare(game: Game) -> None:
    # 003:196 "If you still owe more than you have, you are BANKRUPT"
    message = refused(game, "pay alice 2000 bob")
    assert "Alice has $1,500" in message and "raises only $0" in message
    assert "trade for cash or declare `bankrupt Alice Bob 2000`" in message
    assert short_of_cash(game.state, "Alice", 2000, "paying Bob", "Bob") == message
    play(game, "bankrupt Alice Bob 2000")
    assert cash(game, "Bob") == 3000


def test_without_the_house_rule_fees_go_to_the_bank_and_parking_is_refused(game: Game) -> None:
    # 002:28 "All tax and penalty fees are payable to the Bank and should not be stored under the Free Parking"
    play(game, "tax alice income")
    assert cash(game, "pot") == 0
    assert refused(game, "parking alice") == ("this game has no Free Parking jackpot "
                                              "(house rule off at game creation)")


def test_free_parking_jackpot_collects_taxes_fees_and_bail_and_pays_the_lander(new_game: NewGame) -> None:
    game = new_game(house_rules=["free-parking"])
    play(game, "buy alice mediterranean", "buy alice baltic")
    build_evenly(game, "Alice", ["Mediterranean Avenue", "Baltic Avenue"], 1)
    play(game,
         "tax alice income",                     # 200
         "card bob chest doctor",                # 50
         "card alice chance speeding",           # 15
         "card alice chance general-repairs",    # 2 houses x 25 = 50
         "jail carol", "bail carol")             # 50
    assert cash(game, "pot") == 365
    assert game.state_json()["parking_pot"] == 365
    bob = cash(game, "Bob")
    outcome = play(game, "parking bob")[0]
    assert cash(game, "Bob") == bob + 365 and cash(game, "pot") == 0
    assert outcome.summary == "Bob collects the Free Parking pot of $365"


def test_the_jackpot_does_not_take_plain_payments_or_bank_business(new_game: NewGame) -> None:
    game = new_game(house_rules=["free-parking"])
    play(game, "pay alice 40", "buy alice boardwalk", "mortgage alice boardwalk", "unmortgage alice boardwalk")
    assert cash(game, "pot") == 0
    play(game, "pay alice 40 pot")  # only when named
    assert cash(game, "pot") == 40


def test_an_empty_jackpot_cannot_be_collected(new_game: NewGame) -> None:
    game = new_game(house_rules=["free-parking"])
    assert refused(game, "parking alice") == "the Free Parking pot is empty; there is nothing to collect"
    play(game, "tax bob luxury", "parking alice")
    assert refused(game, "parking carol") == "the Free Parking pot is empty; there is nothing to collect"


def test_taking_more_from_the_pot_than_it_holds_is_refused(new_game: NewGame) -> None:
    game = new_game(house_rules=["free-parking"])
    play(game, "tax bob luxury")
    assert refused(game, "collect alice 150 pot") == "the pot holds only $100; take at most that"


SESSION = [
    "go alice", "buy alice mediterranean", "buy alice baltic", "auction reading", "bid bob 150", "bid carol 180",
    "sold", "rent bob med", "build alice med", "build alice baltic", "build alice med", "rent carol med",
    "tax bob income", "card carol chest birthday", "card bob chance chairman", "card alice chance goojf",
    "jail alice", "usecard alice", "jail bob", "bail bob", "mortgage carol reading", "buy bob electric",
    "rent alice electric 9", "trade carol bob give reading get $50", "unmortgage bob reading",
    "card carol chance nearest-railroad reading go", "sell alice med", "card alice chest street-repairs",
    "pay carol 2000 alice", "undo", "bankrupt carol alice 2000", "buy bob boardwalk", "undo", "redo",
]
REFUSED_IN_SESSION = "pay carol 2000 alice"


def test_money_is_conserved_after_every_step_and_on_replay(game: Game) -> None:
    # 003:40 "The Bank can never 'go broke'": it issues money, so its balance is minus what it has issued and
    # the sum of every account stays zero.
    for line in SESSION:
        if line == REFUSED_IN_SESSION:
            assert "`bankrupt Carol Alice 2000`" in refused(game, line)
        else:
            play(game, line)  # checks the sum after the line
    assert game.state.bankrupt == {"Carol"}
    reopened = Game.open(game.store.path)
    try:
        assert reopened.state_json() == game.state_json()
        assert sum(reopened.state.accounts.values()) == 0
    finally:
        reopened.close()


@pytest.mark.parametrize(("payer", "named"), [("Alice", "Alice"), ("pot", "the pot")])
def test_a_rule_bug_that_overdraws_an_account_is_refused_before_the_ledger(game: Game, payer: str, named: str,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """The last guard before writing: whatever a rule decides, no player and not the pot is left below zero."""
    overdrawn = [ev.CashPaid("pay", transfers=(ev.Transfer(payer, "Bob", 5000),))]
    monkeypatch.setitem(DECIDERS, c.Pay, lambda state, command: overdrawn)
    assert refused(game, "pay carol 5 bob") == f"this would leave {named} below zero; raise money first"
