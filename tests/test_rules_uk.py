"""The UK board (editions/classic-uk.toml) plays by the same rules with its own names and M money.

Rulebook: 002 = 002_8dafff28609b919a.txt (UK Classic, Winning Moves print; "travel squares" are the stations).
"""

from __future__ import annotations

import pytest
from conftest import NewGame, build_evenly, cash, play, refused

from banker.game import Game

STATIONS = ["King's Cross Station", "Marylebone Station", "Fenchurch Street Station", "Liverpool Street Station"]


@pytest.fixture
def uk(new_game: NewGame) -> Game:
    return new_game("classic-uk")


def test_mayfair_is_bought_at_its_list_price_in_m(uk: Game) -> None:
    # 002:169 "buy the property you land on for the listed price"
    outcome = play(uk, "buy alice mayfair")[0]
    assert uk.state.deeds["Mayfair"].owner == "Alice" and cash(uk, "Alice") == 1100
    assert outcome.summary == "Alice buys Mayfair for M400"


def test_park_lane_and_mayfair_double_and_take_houses(uk: Game) -> None:
    # 002:187 doubled for the whole colour group; 002:124 houses once the group is owned
    play(uk, 'buy alice "park lane"', "buy alice MAYFAIR")
    assert rent_paid(uk, "rent bob mayfair") == 100
    build_evenly(uk, "Alice", ["Park Lane", "Mayfair"], 1)
    assert rent_paid(uk, "rent bob mayfair") == 200


def rent_paid(game: Game, line: str) -> int:
    before = cash(game, "Bob")
    play(game, line)
    return before - cash(game, "Bob")


@pytest.mark.parametrize(("owned", "rent"), [(1, 25), (2, 50), (3, 100), (4, 200)])
def test_station_rent_depends_on_how_many_are_owned(uk: Game, owned: int, rent: int) -> None:
    # 002:191-193 "Rent depends on how many travel squares the other player owns ... M25 M50 M100 M200"
    for station in STATIONS[:owned]:
        play(uk, f'buy alice "{station}"')
    assert rent_paid(uk, "rent bob kings") == rent


def test_stations_are_named_by_a_prefix_with_the_apostrophe_optional(uk: Game) -> None:
    play(uk, "buy alice \"king's\"", "buy carol marylebone")
    assert uk.state.deeds["King's Cross Station"].owner == "Alice"
    assert uk.state.deeds["Marylebone Station"].owner == "Carol"


def test_nearest_station_pays_twice_the_rent(uk: Game) -> None:
    play(uk, "buy alice kings", "card bob nearest-station kings")
    assert cash(uk, "Bob") == 1500 - 50


def test_super_tax_and_income_tax(uk: Game) -> None:
    # 002:209 "you must pay the Bank the amount shown"
    play(uk, "tax alice super", "tax bob income")
    assert (cash(uk, "Alice"), cash(uk, "Bob")) == (1400, 1300)
    assert "no tax space called 'luxury'" in refused(uk, "tax alice luxury")


def test_refusals_speak_in_m(uk: Game) -> None:
    play(uk, "pay alice 1450")
    message = refused(uk, "buy alice mayfair")
    assert "Alice has M50" in message and "costs M400" in message


def test_a_uk_trade_names_deeds_that_start_with_the_money_sign(uk: Game) -> None:
    # The UK sign is M: "M100" is cash, "Mayfair" and "Marylebone" are deeds.
    play(uk, "buy alice Mayfair", "buy bob Marylebone")
    play(uk, "trade alice bob give Mayfair M50 get Marylebone M100")
    assert uk.state.deeds["Mayfair"].owner == "Bob" and uk.state.deeds["Marylebone Station"].owner == "Alice"
    assert (cash(uk, "Alice"), cash(uk, "Bob")) == (1100 + 50, 1300 - 50)
    assert "negative" in refused(uk, "trade alice bob give M-5")  # M and digits is still cash, still checked


def test_us_names_are_unknown_on_the_uk_board(uk: Game) -> None:
    message = refused(uk, "buy alice boardwalk")
    assert "no deed called 'boardwalk'" in message
