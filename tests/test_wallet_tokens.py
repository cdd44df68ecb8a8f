"""The phone wallet in a game that follows the tokens: "you are on ..." and nothing else changes."""

from __future__ import annotations

from conftest import NewGame, play
from test_wallet_page import document, player

from banker.game import Game
from banker.wallet.page import wallet_page


def test_the_wallet_says_where_each_token_stands(new_game: NewGame) -> None:
    game = new_game(house_rules=("follow-tokens",))
    play(game, "roll alice 3 4")
    doc = document(game)
    assert player(doc, "Alice")["space"] == "Chance" and player(doc, "Bob")["space"] == "GO"
    assert player(doc, "Alice")["holdings"] == []  # the position is not shown as a holding ("7 position")
    assert '"you are on " + me.space' in wallet_page()


def test_a_game_without_tokens_has_no_space_on_the_wallet(game: Game) -> None:
    assert player(document(game), "Alice")["space"] == ""
