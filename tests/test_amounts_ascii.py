"""Amounts are written in the digits 0-9 only (issue 38): Python reads ٥٠ and ５００ as 50 and 500, which nobody at
the table could check against the notes in their hands, so a line with them is refused and changes nothing."""

from __future__ import annotations

import pytest

from banker.amounts import parse_amount, parse_count
from banker.errors import Refusal
from banker.game import Game


@pytest.mark.parametrize("word", ["٥٠", "５００", "$١,٥٠٠", "٥k", "۵۰", "५०", "²"])
def test_an_amount_in_other_digits_is_refused_saying_to_write_0_to_9(word: str) -> None:
    with pytest.raises(Refusal) as refused:
        parse_amount(word)
    assert "is not an amount" in str(refused.value)


def test_ascii_amounts_still_read() -> None:
    assert [parse_amount(w) for w in ("50", "$1,500", "5k", "2.5m")] == [50, 1500, 5000, 2_500_000]


def test_a_count_in_other_digits_is_refused() -> None:
    with pytest.raises(Refusal):
        parse_count("٣")


@pytest.mark.parametrize("line", ["pay Ann ٥٠ Ben", "collect Ben ５００"])
def test_a_line_with_other_digits_is_refused_and_stores_nothing(new_game, line: str) -> None:
    game: Game = new_game(players=("Ann", "Ben"))
    head = game.head
    with pytest.raises(Refusal) as refused:
        game.do(line)
    assert "0-9" in str(refused.value)
    assert game.head == head and game.store.head() == head
