"""No followed table that can never roll again: whatever waits has a legal line that answers it (issue 35, "No table
that can never roll again").

Rulebooks: 001 = 001_61b77d248be9bdde.txt (Sore Losers: line 31 "instead of going to Jail, send any other player in
your place!"), 003 = 003_bd567e81029bde2a.txt (US classic: line 127 "pay $50 before moving your token", 194-196 a
debt beyond the cash).
"""

from __future__ import annotations

import pytest
from conftest import NewGame, cash, play, refused, roll_on

from banker.game import Game

FOLLOW = ("follow-tokens",)


@pytest.fixture
def sl(new_game: NewGame) -> Game:
    """Sore Losers, the tokens followed, Alice is Mr. Monopoly before her first roll."""
    game = new_game("sore-losers", FOLLOW)
    while game.state.count("coin", "Alice") < 4:
        play(game, "coin alice")
    play(game, "cashin alice")
    assert game.state.mr_monopoly == "Alice"
    return game


def test_mr_monopolys_go_to_jail_card_is_answered_by_sending_another_player(sl: Game) -> None:
    # 001:31 "instead of going to Jail, send any other player in your place!"
    play(sl, "roll alice 3 4")
    assert [w.kind for w in sl.state.waiting] == ["card"]
    assert "jail Alice <player>" in refused(sl, "card alice chance jail")
    play(sl, "jail alice bob")
    assert "Bob" in sl.state.in_jail and "Alice" not in sl.state.in_jail
    assert sl.state_json()["waiting"] == []
    play(sl, "roll bob 1 2")  # the table rolls on: Bob's first jail roll (he keeps his turn)


def test_mr_monopoly_on_go_to_jail_with_everyone_else_in_jail_stays_and_the_table_rolls_on(sl: Game) -> None:
    play(sl, "jail bob", "jail carol", "move alice 23 fix")
    outcome = play(sl, "roll alice 3 4")[0]
    assert "nobody to send" in outcome.summary
    assert sl.state_json()["waiting"] == [] and sl.state.position("Alice") == 30
    play(sl, "roll bob 1 2")


def test_the_third_failed_jail_roll_short_of_the_fine_is_a_debt_and_the_token_moves(new_game: NewGame) -> None:
    # 003:127 "After you have waited three turns, you must move out of Jail and pay $50 before moving your token"
    game = new_game(house_rules=FOLLOW)
    play(game, "jail alice", "pay alice 1460")
    roll_on(game, "roll bob 1 3", "roll carol 1 3", "roll alice 1 2", "roll bob 2 3", "roll carol 2 3",
            "roll alice 1 2", "roll bob 1 2", "roll carol 1 2")
    outcome = play(game, "roll alice 1 2")[0]
    assert "Alice" not in game.state.in_jail and game.state.position("Alice") == 13
    assert [(d.player, d.creditor, d.amount) for d in game.state.debts] == [("Alice", "bank", 50)]
    assert "owes the fine" in outcome.summary and cash(game, "Alice") == 40
    play(game, "auction states", "sold", "collect alice 10", "settle alice")
    assert cash(game, "Alice") == 0 and not game.state.debts
    play(game, "roll bob 1 2")


def test_a_nearest_railroad_card_beyond_the_cash_moves_the_token_and_records_the_rent(new_game: NewGame) -> None:
    # 003:194 "If you ever owe ... more cash than you have, try to raise the money": a debt, not a refused card
    game = new_game(house_rules=FOLLOW)
    play(game, "buy bob 'pennsylvania r'", "pay alice 1490", "roll alice 3 4")
    play(game, "card alice chance nearest-railroad")
    assert game.state.position("Alice") == 15 and cash(game, "Alice") == 10
    assert [(d.player, d.creditor, d.amount) for d in game.state.debts] == [("Alice", "Bob", 50)]


def test_the_card_pays_go_before_the_rent_it_cannot_cover(new_game: NewGame) -> None:
    game = new_game(house_rules=FOLLOW)
    play(game, "buy bob reading", "buy bob 'pennsylvania r'", "buy bob 'b. & o. railroad'", "buy bob short",
         "pay alice 1490", "move alice 36 fix", "card alice chance nearest-railroad")
    assert game.state.position("Alice") == 5 and cash(game, "Alice") == 10 + 200  # GO's salary, paid
    assert [(d.creditor, d.amount) for d in game.state.debts] == [("Bob", 400)]  # 4 railroads x2
    play(game, "bankrupt alice 400")
    assert cash(game, "Bob") == 1500 - 800 + 210  # the salary the card paid goes with the rest of her cash
