"""Rent: the amount the rules say, paid by the lander to the deed's owner.

Rulebooks: 003 = 003_bd567e81029bde2a.txt (US Classic), 002 = 002_8dafff28609b919a.txt (UK Classic),
000 = 000_0633d1fb819bfb08.txt (standard long-form rules).
"""

from __future__ import annotations

import pytest
from conftest import NewGame, build_evenly, cash, edition_with, play, refused

from banker.game import Game
from banker.rules.deeds import rent_refusal
from banker.rules.rent import rent_due

BROWN = ["Mediterranean Avenue", "Baltic Avenue"]
DARK_BLUE = ["Park Place", "Boardwalk"]
RAILROADS = ["Reading Railroad", "Pennsylvania Railroad", "B. & O. Railroad", "Short Line"]


def paid(game: Game, line: str, payer: str = "Bob", owner: str = "Alice") -> int:
    """Play one rent line and return what moved from payer to owner."""
    before = cash(game, payer), cash(game, owner)
    play(game, line)
    lost, gained = before[0] - cash(game, payer), cash(game, owner) - before[1]
    assert lost == gained
    return lost


def test_an_unimproved_street_charges_the_rent_printed_on_its_deed(game: Game) -> None:
    # 003:87 "The rent for an unimproved site is printed on the matching Title Deed card"
    play(game, "buy alice mediterranean")
    assert paid(game, "rent bob mediterranean") == 2
    outcome = play(game, "rent carol med")[0]
    assert outcome.summary == "Carol pays Alice $2 rent for Mediterranean Avenue (no houses)"


def test_the_rent_is_doubled_when_the_owner_holds_the_whole_group(game: Game) -> None:
    # 003:87 "This is doubled if the owner owns all sites in its color group and none of them are mortgaged"
    play(game, "buy alice mediterranean", "buy alice baltic")
    assert paid(game, "rent bob mediterranean") == 4
    assert paid(game, "rent bob baltic") == 8


def test_no_doubling_while_another_player_holds_a_deed_of_the_group(game: Game) -> None:
    play(game, "buy alice park", "buy carol boardwalk")
    assert paid(game, "rent bob park") == 35


@pytest.mark.parametrize("edition", ["classic-us", "classic-uk"])
def test_a_mortgaged_deed_in_the_group_stops_the_doubling_in_the_classic_rules(
        new_game: NewGame, edition: str) -> None:
    # 003:87 / 002:187 doubled only if "none of them are mortgaged" -> mortgage_breaks_group_rent = true
    game = new_game(edition)
    assert game.state.edition.mortgage_breaks_group_rent is True
    first, second = list(game.state.edition.deeds)[:2]  # the brown pair on both boards
    play(game, f'buy alice "{first}"', f'buy alice "{second}"', f'mortgage alice "{second}"')
    assert paid(game, f'rent bob "{first}"') == game.state.edition.deeds[first].rent[0]


def test_with_the_other_setting_the_unmortgaged_deeds_keep_double_rent(new_game: NewGame) -> None:
    # 000:142 "This rule applies to un-mortgaged properties even if another property in that color-group is
    # mortgaged" -> an edition with mortgage_breaks_group_rent = false
    game = new_game(edition_with("classic-us", mortgage_breaks_group_rent=False))
    play(game, "buy alice mediterranean", "buy alice baltic", "mortgage alice baltic")
    assert paid(game, "rent bob mediterranean") == 4
    assert "mortgaged" in refused(game, "rent bob baltic")


def test_an_unimproved_street_of_a_built_group_still_charges_double(game: Game) -> None:
    # 000:181 "The owner still collects double rent from an opponent who lands on the unimproved properties
    # of his/her complete color-group"
    play(game, "buy alice park", "buy alice boardwalk", "build alice park")
    assert paid(game, "rent bob boardwalk") == 100
    assert paid(game, "rent bob park") == 175


@pytest.mark.parametrize(("level", "rent"), [(1, 200), (2, 600), (3, 1400), (4, 1700), (5, 2000)])
def test_houses_and_a_hotel_charge_the_deeds_rent_row(game: Game, level: int, rent: int) -> None:
    # 003:87 "If the site is improved with houses or hotels, the rent will be much higher - as shown on the
    # Title Deed card": Boardwalk 200 / 600 / 1,400 / 1,700 / 2,000
    play(game, "collect alice 5000", "collect bob 5000", "buy alice park", "buy alice boardwalk")
    build_evenly(game, "Alice", DARK_BLUE, level)
    assert paid(game, "rent bob boardwalk") == rent


@pytest.mark.parametrize(("owned", "rent"), [(1, 25), (2, 50), (3, 100), (4, 200)])
def test_railroad_rent_depends_on_how_many_the_owner_holds(game: Game, owned: int, rent: int) -> None:
    # 003:91-94 "Railroads: 1 2 3 4 / Rent: $25 $50 $100 $200"
    for railroad in RAILROADS[:owned]:
        play(game, f'buy alice "{railroad}"')
    if owned < 4:
        play(game, 'buy carol "short line"')  # another player's railroad does not count
    assert paid(game, "rent bob reading") == rent


def test_one_utility_charges_four_times_the_dice(game: Game) -> None:
    # 003:98 "Roll the dice and multiply the result by 4"
    play(game, "buy alice electric")
    assert paid(game, "rent bob electric 7") == 28
    assert game.records[-1].event.dice == 7  # the ledger keeps the dice total


def test_both_utilities_charge_ten_times_the_dice(game: Game) -> None:
    # 003:98 "If the owning player owns both utilities, multiply the result by 10!"
    play(game, "buy alice electric", "buy alice water")
    assert paid(game, "rent bob water 12") == 120
    assert rent_due(game.state, "Electric Company", 2) == 20


def test_utility_rent_without_the_dice_total_is_refused(game: Game) -> None:
    play(game, "buy alice electric")
    message = refused(game, "rent bob electric")
    assert "depends on the dice" in message and 'rent Bob "Electric Company" <dice total>' in message


def test_a_mortgaged_deed_collects_no_rent(game: Game) -> None:
    # 003:83 "You do not pay rent if the property is mortgaged"; 003:180 "Rent cannot be collected on
    # mortgaged properties"
    play(game, "buy alice boardwalk", "buy alice reading", "buy alice electric")
    for deed in ("Boardwalk", "Reading Railroad", "Electric Company"):
        play(game, f'mortgage alice "{deed}"')
        message = refused(game, f'rent bob "{deed}" 7')
        assert message == f"{deed} is mortgaged; no rent is due on a mortgaged deed"
        assert rent_due(game.state, deed, 7) == 0


def test_no_rent_is_due_on_your_own_deed(game: Game) -> None:
    # 003:139 "A property that you own: Nothing happens"
    play(game, "buy alice boardwalk")
    assert refused(game, "rent alice boardwalk") == "Alice owns Boardwalk; no rent is due on your own deed"


def test_no_rent_is_due_on_a_deed_the_bank_holds(game: Game) -> None:
    message = refused(game, "rent bob boardwalk")
    assert "belongs to the bank" in message and "no rent" in message and "buy it or auction it" in message
    assert rent_refusal(game.state, "Bob", "Boardwalk", None) == message


def test_rent_beyond_the_payers_cash_is_refused_with_the_way_out(game: Game) -> None:
    # 003:194-196 raise the money by selling and mortgaging, else bankrupt
    play(game, "collect alice 5000", "buy alice park", "buy alice boardwalk")
    build_evenly(game, "Alice", DARK_BLUE, 5)
    message = refused(game, "rent bob boardwalk")
    assert "Bob has $1,500" in message and "costs $2,000" in message and "`bankrupt Bob Alice 2000`" in message
