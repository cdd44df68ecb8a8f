"""The places of a game as tournaments rank them (docs/places.md gives each rule's source).

monopolytourney.com/rules: "Players will be ranked in order of finish"; "A player's money total ... adding all money
and possessions when time is called"; "The highest number score will be assigned to the player with lowest money
total or to the first player to go bankrupt." The edition's own measure comes first: 001:120 "Count up your cash.
The player with the most wins!" (Sore Losers); 004:353-359 cash plus the rent value of every district (City).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import NewGame, play

from banker.cli import main
from banker.game import Game
from banker.places import order_used, out_order_of, places
from banker.valuation import worth

FOUR = ("Ann", "Bob", "Cat", "Dan")


def placed(game: Game) -> dict[str, int]:
    assert game.timeline is not None
    return {p.name: p.place for p in places(game.state, out_order_of(game.timeline))}


def go_out(player: str) -> tuple[str, str]:
    """Hand every dollar to the bank, then go bankrupt to it (003 "HELP! I'M IN DEBT!")."""
    return f"pay {player} 1500", f"bankrupt {player} 100"


@pytest.mark.parametrize(("first", "second"), [("Ann", "Cat"), ("Cat", "Ann"), ("Dan", "Bob")])
def test_bankrupt_players_come_after_the_solvent_ones_the_last_to_go_out_first(
        new_game: NewGame, first: str, second: str) -> None:
    game = new_game(players=FOUR)
    play(game, *go_out(first.lower()), *go_out(second.lower()), f"buy {_other(first, second, 0).lower()} boardwalk")
    rich, poor = _other(first, second, 1), _other(first, second, 0)
    assert placed(game) == {rich: 1, poor: 2, second: 3, first: 4}


def _other(first: str, second: str, index: int) -> str:
    return [p for p in FOUR if p not in (first, second)][index]


def test_an_undone_bankruptcy_does_not_count(new_game: NewGame) -> None:
    game = new_game(players=FOUR)
    play(game, *go_out("ann"), *go_out("bob"), "undo", *go_out("cat"))
    assert game.state.bankrupt == {"Ann", "Cat"}
    assert placed(game) == {"Dan": 1, "Bob": 2, "Cat": 3, "Ann": 4}  # only the bankruptcy was undone, not the payment


def test_equal_on_every_tie_break_share_a_place_and_the_next_place_is_skipped(new_game: NewGame) -> None:
    game = new_game(players=FOUR)
    play(game, "pay dan 10")
    assert placed(game) == {"Ann": 1, "Bob": 1, "Cat": 1, "Dan": 4}


def test_equal_net_worth_more_cash_places_first(new_game: NewGame) -> None:
    """Ann's $400 Boardwalk counts at its price: net worth equal to Bob's, but Bob holds it in cash."""
    game = new_game()
    play(game, "buy alice boardwalk")
    assert {w: worth(game.state, w).net_worth for w in game.state.players} == {"Alice": 1500, "Bob": 1500,
                                                                             "Carol": 1500}
    assert placed(game) == {"Bob": 1, "Carol": 1, "Alice": 3}


def test_a_place_is_never_decided_by_the_order_of_names(new_game: NewGame) -> None:
    """The same table seated in either order, with names sorting either way: the same places."""
    for players in (("Zed", "Amy", "Kim"), ("Amy", "Kim", "Zed"), ("Kim", "Zed", "Amy")):
        game = new_game(players=players)
        play(game, "pay kim 400", "pay zed 400", "pay amy 400")
        assert placed(game) == {"Amy": 1, "Zed": 1, "Kim": 1}
        play(game, "buy amy park")
        assert placed(game) == {"Zed": 1, "Kim": 1, "Amy": 3}  # Amy's $350 is in a deed, theirs in cash


def test_sore_losers_places_by_cash_then_possessions(new_game: NewGame) -> None:
    """001:120 the most cash wins; between equal cash, the one with more deeds and buildings places first."""
    game = new_game("sore-losers")
    play(game, "buy alice boardwalk", "pay bob 400", "pay carol 400", "pay carol 1")
    assert order_used(game.state)[:2] == ["cash", "net_worth"]
    assert placed(game) == {"Alice": 1, "Bob": 2, "Carol": 3}


def test_city_places_by_cash_plus_rent_values_then_cash(new_game: NewGame) -> None:
    """004:353-359: cash plus the rent value of each district; a tie there goes to the one with more cash."""
    game = new_game("city")
    district = next(iter(game.state.edition.deeds))
    play(game, f'buy alice "{district}"')
    alice = worth(game.state, "Alice")
    price = game.state.edition.deeds[district].price
    play(game, f"pay bob {price - alice.deeds}", f"pay carol {price - alice.deeds + 10_000}")
    assert worth(game.state, "Bob").net_worth == alice.net_worth
    assert order_used(game.state)[:2] == ["net_worth", "cash"]
    assert placed(game) == {"Bob": 1, "Alice": 2, "Carol": 3}


def test_score_json_gives_each_player_a_place_and_the_order_used(
        new_game: NewGame, capsys: pytest.CaptureFixture[str]) -> None:
    game = new_game(players=FOUR)
    play(game, *go_out("bob"), "buy dan boardwalk", *go_out("ann"))
    path = Path(game.store.path)
    game.close()
    assert main(["score", str(path), "--json"]) == 0
    body = json.loads(capsys.readouterr().out)
    assert {p["name"]: p["place"] for p in body["players"]} == {"Cat": 1, "Dan": 2, "Ann": 3, "Bob": 4}
    assert body["places_by"] == ["net_worth", "cash", "bankrupt: the last to go out first"]
    assert body["out_order"] == ["Bob", "Ann"]
