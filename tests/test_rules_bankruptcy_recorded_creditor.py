"""A bankruptcy goes to the creditor the ledger records (issue 35, "Bankruptcy to the recorded creditor").

Rulebook 003 = 003_bd567e81029bde2a.txt (US classic), lines 192-200: "If the debt is to another player – give them
all your mortgaged properties ... If your debt is to the Bank – all your mortgaged properties must be put up for
auction".
"""

from __future__ import annotations

import pytest
from conftest import NewGame, cash, play, refused

from banker.game import Game

FOLLOW = ("follow-tokens",)


@pytest.fixture
def owing(new_game: NewGame) -> Game:
    """Bob, with $2 and a mortgaged Oriental Avenue, rolls onto Alice's Baltic Avenue: he owes her $4 rent."""
    game = new_game(house_rules=FOLLOW)
    play(game, "buy alice baltic", "buy bob oriental", "mortgage bob oriental", "pay bob 1448",
         "roll alice 3 4", "card alice chance dividend", "roll bob 1 2")
    assert cash(game, "Bob") == 2
    assert [(d.player, d.creditor, d.amount) for d in game.state.debts] == [("Bob", "Alice", 4)]
    return game


def test_bankrupt_without_a_creditor_goes_to_the_recorded_one(owing: Game) -> None:
    # 003:199 "If the debt is to another player – give them all your mortgaged properties"
    before = cash(owing, "Alice")
    play(owing, "bankrupt bob 4")
    state = owing.state
    assert "Bob" in state.bankrupt and state.auction is None
    assert state.deeds["Oriental Avenue"].owner == "Alice" and state.deeds["Oriental Avenue"].mortgaged
    assert cash(owing, "Alice") == before + 2 - 5  # Bob's cash, less the 10% interest on the mortgage received
    assert not state.debts and not state.waiting


def test_naming_another_creditor_is_refused_with_the_recorded_one(owing: Game) -> None:
    message = refused(owing, "bankrupt bob carol 4")
    assert message == ("the ledger records that Bob owes Alice $4, so the bankruptcy goes to Alice: "
                       "bankrupt Bob Alice 4")
    assert refused(owing, "bankrupt bob bank 4") == message


def test_a_debt_to_the_bank_is_not_declared_to_a_player(new_game: NewGame) -> None:
    # 003:200 "If your debt is to the Bank – all your mortgaged properties must be put up for auction"
    game = new_game(house_rules=FOLLOW)
    play(game, "pay alice 1498", "roll alice 1 3")
    assert [(d.creditor, d.amount) for d in game.state.debts] == [("bank", 200)]
    assert refused(game, "bankrupt alice bob 200").startswith("the ledger records that Alice owes the bank $200")
    play(game, "bankrupt alice 200")
    assert "Alice" in game.state.bankrupt and cash(game, "Bob") == 1500


def test_with_no_recorded_debt_the_bank_is_still_the_default(game: Game) -> None:
    # a plain game: the banker says whom the debt is to; none named is the bank (as before)
    play(game, "buy bob oriental", "mortgage bob oriental", "pay bob 1448")
    play(game, "bankrupt bob 100")
    assert game.state.deeds["Oriental Avenue"].owner == "bank"
