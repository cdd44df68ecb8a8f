"""Net worth over the game: one point per action that counts, replayed from the ledger.

Valuation as in 003_*.txt (US classic) short game: cash, deeds at the printed price (mortgaged at the
mortgage value) and buildings at their cost.
"""

from __future__ import annotations

from conftest import play

from banker.game import Game
from banker.valuation import net_worth_over_time, score


def test_net_worth_has_a_point_for_the_start_and_each_action(game: Game) -> None:
    play(game, "buy Alice Boardwalk", "rent Bob Boardwalk", "mortgage Alice Boardwalk", "pay Bob 100")
    assert net_worth_over_time(game.records) == {
        "Alice": [1500, 1500, 1550, 1550, 1550],  # buying swaps cash for a deed worth the same
        "Bob": [1500, 1500, 1450, 1450, 1350],
        "Carol": [1500] * 5,
    }


def test_undone_actions_leave_no_point_and_redone_ones_come_back(game: Game) -> None:
    play(game, "go Carol", "undo", "pay Bob 30")
    assert net_worth_over_time(game.records)["Carol"] == [1500, 1500]
    assert net_worth_over_time(game.records)["Bob"] == [1500, 1470]
    play(game, "undo", "redo")
    assert net_worth_over_time(game.records)["Bob"] == [1500, 1470]


def test_mortgage_counts_at_its_mortgage_value(game: Game) -> None:
    play(game, "buy Alice Boardwalk", "mortgage Alice Boardwalk")
    # $1,100 + $200 cash, Boardwalk at its $200 mortgage value
    assert net_worth_over_time(game.records)["Alice"][-1] == 1500


def test_buildings_count_at_their_cost_and_the_last_point_is_the_final_score(game: Game) -> None:
    play(game, "buy Alice 'Park Place'", "buy Alice Boardwalk", "build Alice 'Park Place'",
         "build Alice Boardwalk", "rent Bob Boardwalk")
    curves = net_worth_over_time(game.records)
    assert curves["Alice"] == [1500, 1500, 1500, 1500, 1500, 1700]  # rent with one house: $200
    table, winner = score(game.state)
    assert {w.name: w.net_worth for w in table} == {p: c[-1] for p, c in curves.items()}
    assert winner == "Alice"


def test_a_bankrupt_player_ends_at_zero(game: Game) -> None:
    play(game, "pay Carol 1500", "bankrupt Carol 1")  # $0 and no deeds: $1 is beyond her
    assert net_worth_over_time(game.records)["Carol"] == [1500, 0, 0]
