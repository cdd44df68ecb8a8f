"""Issue 14, part 7: refusals true for the edition (City has no houses or hotels and sells nothing back), a
bankruptcy ends the bankrupt player's Build spin (old files still open and verify), and the Auction space's
answer says how it ranked a utility.

Rulebooks: 004 = Monopoly City ("004:N" is its line N), 003 = classic US, 000 = Mega, 001 = Sore Losers.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import NewGame, edition_with, play, refused

from banker import snapshots
from banker.cli import main
from banker.game import Game
from banker.ledger import LedgerStore
from banker.rules.destinations import auction_space, space_at
from banker.snapshots import read_as_now, state_from_json, state_to_json
from banker.state import Spin
from banker.verify import verify_records
from editions import load_edition
from tests.ledger_checks import table_problems

CITY_BUILDS = "press Build (spin <player>), then build blocks with build <player> <district> residential|industrial"


@pytest.fixture
def city(new_game: NewGame) -> Game:
    """A Monopoly City game for Alice, Bob and Carol."""
    return new_game("city")


# -- refusals true for the edition: City has no houses or hotels ---------------------------------------------


@pytest.mark.parametrize("line", ["auction house", "auction hotel"])
def test_a_building_auction_in_city_says_there_are_no_houses_and_how_blocks_are_built(city: Game, line: str) -> None:
    # 004:143-162 "Press the Build button ... Build residential buildings, industrial buildings or a combination";
    # city.toml: houses = 0, hotels = 0 (no house ever comes back to sell)
    message = refused(city, line)
    assert message == f"there are no houses or hotels in Monopoly City: {CITY_BUILDS}"


def test_redistributing_houses_in_city_says_there_are_no_houses(city: Game) -> None:
    # 000's "redistribute existing houses" has no meaning in City, and 004:288 "buildings ... must stay there"
    play(city, "buy alice summergate", "buy alice stoneside")
    message = refused(city, "redistribute alice summergate stoneside")
    assert message == f"there are no houses or hotels in Monopoly City: {CITY_BUILDS}"
    assert "sell" not in message


def test_selling_in_city_still_says_buildings_stay(city: Game) -> None:
    # 004:288 "any buildings already there must stay there"; city.toml sell_buildings = false
    play(city, "buy alice summergate")
    assert refused(city, "sell alice summergate") == (
        "buildings are never sold back in Monopoly City: they stay on Summergate for the rest of the game")


def test_the_no_houses_refusal_comes_from_the_supply_not_the_edition_name(new_game: NewGame) -> None:
    """A classic board with no houses or hotels in its box says so, without City's blocks."""
    game = new_game(edition_with("classic-us", houses=0, hotels=0))
    assert refused(game, "auction house") == "there are no houses or hotels in Monopoly — Classic (US board)"


def test_the_classic_refusals_are_unchanged(new_game: NewGame) -> None:
    # 003 "Building shortage?": the Bank's last houses go by auction; when there are none, wait for a sale
    game = new_game(edition_with("classic-us", houses=0))
    assert refused(game, "auction house") == (
        "the bank has no houses left to auction; wait until a player sells one back")
    play(game, "buy alice boardwalk", "buy alice 'park place'")
    assert refused(game, "redistribute alice boardwalk 'park place'") == (
        "redistributing houses is a Mega Edition rule; in Monopoly — Classic (US board) sell and build instead")
    message = refused(game, "build alice boardwalk")
    assert message == ("the bank has 0 houses left and this needs 1; wait until a player sells some back "
                       "(or auction them if several want them)")


def test_where_buildings_are_never_sold_back_no_refusal_waits_for_a_sale(new_game: NewGame) -> None:
    # sore-losers.toml sell_buildings = false: no house ever comes back to the bank, so none is waited for
    game = new_game(edition_with("sore-losers", houses=0))
    name = game.state.edition.name
    assert refused(game, "auction house") == (
        f"the bank has no houses left to auction; in {name} buildings stay where they are built, "
        "so the bank gets none back")
    play(game, "buy alice boardwalk", "buy alice 'park place'")
    message = refused(game, "build alice boardwalk")
    assert message == (f"the bank has 0 houses left and this needs 1; in {name} buildings stay where they are built, "
                       "so the bank gets none back")
    assert refused(game, "redistribute alice boardwalk 'park place'") == (
        f"redistributing houses is a Mega Edition rule; in {name} houses stay where they are built: "
        "build on the street that needs them")


# -- a bankruptcy ends the bankrupt player's Build spin ------------------------------------------------------


def test_a_bankruptcy_ends_the_bankrupt_players_build_spin_and_undo_brings_it_back(city: Game) -> None:
    # 004:306 "declared bankrupt and are out of the game"; 004:155 "You can press the Build button once per turn"
    play(city, "spin alice 3", "bankrupt alice 99m")
    assert city.state.spin is None
    assert not table_problems(city.state)
    play(city, "undo")
    assert city.state.spin == Spin("Alice", 3) and "Alice" not in city.state.bankrupt
    play(city, "redo")
    assert city.state.spin is None and "Alice" in city.state.bankrupt


def test_another_players_bankruptcy_leaves_the_spin_of_the_turn(city: Game) -> None:
    play(city, "spin bob 2", "bankrupt alice 99m")
    assert city.state.spin == Spin("Bob", 2)


def test_the_table_check_catches_a_spin_kept_by_a_bankrupt_player(city: Game) -> None:
    play(city, "bankrupt alice 99m")
    broken = city.state.copy()
    broken.spin = Spin("Alice", 3)
    assert any("not a player's still in the game" in problem for problem in table_problems(broken))


def _old_snapshot_with_the_spin(city: Game) -> tuple[Path, int, dict]:
    """A game file as the earlier fold wrote it: a snapshot after the bankruptcy that kept Alice's spin."""
    play(city, "spin alice 3", "bankrupt alice 99m")
    seq, head_hash = city.head
    body = state_to_json(city.state)
    assert "spin" not in body
    old = dict(body, spin=["Alice", 3, False])
    snapshots.save(city.store, seq, head_hash, city.state)
    city.store.write("UPDATE snapshot SET body = ? WHERE seq = ?",
                     (json.dumps(old, sort_keys=True, separators=(",", ":")), seq))
    city.store.write('DELETE FROM meta WHERE "key" = ?', (snapshots.DIGEST_KEY + str(seq),))  # before issue 38
    return city.store.path, seq, old


def test_an_old_file_whose_snapshot_kept_a_bankrupt_players_spin_still_verifies(
        city: Game, capsys: pytest.CaptureFixture[str]) -> None:
    path, seq, old = _old_snapshot_with_the_spin(city)
    store = LedgerStore.open(path)
    try:
        stored = snapshots.snapshots(store, at_most=2**62)
        records = store.records()
    finally:
        store.close()
    assert [(s, body.get("spin")) for s, _, body in stored] == [(seq, ["Alice", 3, False])]
    assert verify_records(records, stored) is None
    assert main(["verify", str(path)]) == 0
    assert capsys.readouterr().out.startswith("ok: ")
    restored = state_from_json(old, city.state.edition)
    assert restored.spin is None and restored == city.state


def test_an_edited_snapshot_giving_a_player_still_in_the_game_a_spin_still_fails_verify(city: Game) -> None:
    path, seq, old = _old_snapshot_with_the_spin(city)
    assert read_as_now(dict(old, spin=["Bob", 3, False])) == dict(old, spin=["Bob", 3, False])
    city.store.write("UPDATE snapshot SET body = ? WHERE seq = ?",
                     (json.dumps(dict(old, spin=["Bob", 3, False])), seq))
    problem = verify_records(city.records, snapshots.snapshots(city.store, at_most=2**62))
    assert problem is not None and problem.startswith(f"snapshot after event {seq}: differs"), problem


# -- the Auction space says how it ranked a utility ------------------------------------------------------------


def _everything_owned(game: Game, owners: dict[str, str]) -> None:
    play(game, "collect alice 20000")
    for deed in load_edition("mega").deeds:
        play(game, f'buy {owners.get(deed, "alice")} "{deed}"')


def test_the_auction_space_says_a_utility_was_ranked_at_an_average_roll_of_7(new_game: NewGame) -> None:
    # 000:90 "move ahead to the property on which you need to pay the highest rent": a utility's rent waits on
    # the dice, so Banker ranks it at 7 (the average of two dice) and says so
    game = new_game("mega")
    _everything_owned(game, {"Electric Company": "bob", "Water Works": "bob", "Gas Company": "bob"})
    move = auction_space(game.state, "Alice", space_at(game.state, "GO"))
    assert move.first_line == "Gas Company"  # 20x a roll of 7 = $140, the closest of the three and above all else
    assert move.reason == ("the highest rent ahead, about $140 to Bob (a utility counted at an average roll of 7; "
                           "the roll sets the rent: rent Alice \"Gas Company\" <dice total>)")


def test_the_auction_space_says_utilities_were_counted_when_a_street_wins(new_game: NewGame) -> None:
    game = new_game("mega")
    _everything_owned(game, {"Boardwalk": "bob", "Park Place": "bob", "Electric Company": "carol"})
    move = auction_space(game.state, "Alice", space_at(game.state, "GO"))
    assert move.first_line == "Boardwalk"
    assert move.reason == "the highest rent ahead: $50 to Bob (utilities counted at an average roll of 7)"
    _everything_owned(new := new_game("mega"), {"Boardwalk": "bob"})
    assert auction_space(new.state, "Alice", space_at(new.state, "GO")).reason == "the highest rent ahead: $50 to Bob"
