"""Houses and hotels: whole groups, even building, the bank's 32/12 supply, selling back at half.

Rulebooks: 003 = 003_bd567e81029bde2a.txt (US Classic), 002 = 002_8dafff28609b919a.txt (UK Classic),
000 = 000_0633d1fb819bfb08.txt (standard long-form rules).
"""

from __future__ import annotations

from conftest import build_evenly, cash, play, refused

from banker.game import Game
from banker.rules.buildings import build_refusal, sell_refusal

BROWN = ["Mediterranean Avenue", "Baltic Avenue"]
LIGHT_BLUE = ["Oriental Avenue", "Vermont Avenue", "Connecticut Avenue"]
PINK = ["St. Charles Place", "States Avenue", "Virginia Avenue"]
ORANGE = ["St. James Place", "Tennessee Avenue", "New York Avenue"]
RED = ["Kentucky Avenue", "Indiana Avenue", "Illinois Avenue"]
DARK_BLUE = ["Park Place", "Boardwalk"]


def own(game: Game, player: str, *groups: list[str]) -> None:
    for group in groups:
        for deed in group:
            play(game, f'buy {player} "{deed}"')


def levels(game: Game, deeds: list[str]) -> list[int]:
    return [game.state.deeds[d].level for d in deeds]


def test_building_needs_the_whole_colour_group(game: Game) -> None:
    # 003:161 "When you own all the sites in a color group, you can buy houses"
    play(game, "buy alice park", "buy bob boardwalk")
    message = refused(game, "build alice park")
    assert message == "Alice must own the whole dark blue group to build on Park Place"
    assert build_refusal(game.state, "Alice", "Park Place") == message


def test_railroads_and_utilities_take_no_buildings(game: Game) -> None:
    play(game, "buy alice reading", "buy alice electric")
    assert refused(game, "build alice reading") == ("Reading Railroad cannot take buildings; "
                                                    "only streets of a colour group can")
    assert "cannot take buildings" in refused(game, "build alice electric")


def test_only_the_owner_builds(game: Game) -> None:
    own(game, "Alice", DARK_BLUE)
    assert refused(game, "build bob park") == "Park Place belongs to Alice, not Bob; name Alice, or trade for it first"


def test_a_house_costs_the_price_on_the_deed_and_comes_from_the_bank(game: Game) -> None:
    # 003:163 "The listed price of each house is shown on the site's Title Deed"
    own(game, "Alice", DARK_BLUE)
    outcome = play(game, "build alice boardwalk")[0]
    assert cash(game, "Alice") == 1500 - 750 - 200
    assert game.state.bank_houses == 31
    assert outcome.summary == "Alice builds on Boardwalk, now 1 house, for $200"
    assert game.state_json()["bank"] == {"houses": 31, "hotels": 12}


def test_houses_must_be_built_evenly(game: Game) -> None:
    # 003:164 "You cannot build a second house on a site until you have built one on each site of its color group"
    own(game, "Alice", LIGHT_BLUE)
    play(game, "build alice oriental")
    message = refused(game, "build alice oriental")
    assert "build evenly" in message and "may not go to 2 houses" in message and "build on" in message
    play(game, "build alice vermont", "build alice connecticut", "build alice oriental")
    assert levels(game, LIGHT_BLUE) == [2, 1, 1]


def test_several_levels_at_once_must_end_even(game: Game) -> None:
    # 000:183 "you cannot place three houses on one property if you have only one house on another"
    play(game, "collect alice 1000")
    own(game, "Alice", DARK_BLUE)
    assert "build evenly" in refused(game, "build alice park 2")
    play(game, "build alice park", "build alice boardwalk 2", "build alice park 2")
    assert levels(game, DARK_BLUE) == [3, 2]
    assert "may not go to a hotel" in refused(game, "build alice park 2")
    assert cash(game, "Alice") == 2500 - 750 - 5 * 200


def test_a_hotel_needs_four_houses_on_every_deed_of_the_group(game: Game) -> None:
    # 000:187 "When you have four houses on each property of a complete color-group, you may buy a hotel ...
    # You return the four houses from that property to the Bank and pay the value of the hotel"
    own(game, "Alice", BROWN)
    build_evenly(game, "Alice", BROWN, 3)
    play(game, "build alice mediterranean")
    assert "may not go to a hotel" in refused(game, "build alice mediterranean")
    play(game, "build alice baltic")
    before = cash(game, "Alice")
    play(game, "build alice mediterranean")
    assert levels(game, BROWN) == [5, 4]
    assert before - cash(game, "Alice") == 50
    assert (game.state.bank_houses, game.state.bank_hotels) == (32 - 4, 11)
    assert game.state_json()["players"][0]["properties"][0] == {
        "name": "Mediterranean Avenue", "mortgaged": False, "houses": 0, "hotel": True}


def test_nothing_goes_on_top_of_a_hotel(game: Game) -> None:
    # 003:166 "You can only have one hotel per site and cannot build additional houses on a site with a hotel"
    own(game, "Alice", BROWN)
    build_evenly(game, "Alice", BROWN, 5)
    assert refused(game, "build alice baltic") == "Baltic Avenue has a hotel; a hotel is the most a deed takes"


def test_no_building_on_a_group_with_a_mortgaged_deed(game: Game) -> None:
    # 003:168 "you cannot build on a site if any site in its color group is mortgaged"
    own(game, "Alice", DARK_BLUE)
    play(game, "mortgage alice park")
    message = refused(game, "build alice boardwalk")
    assert message == "lift the mortgage on Park Place first; no building on a group with a mortgaged deed"


def test_when_the_bank_has_no_houses_left_building_waits(game: Game) -> None:
    # 002:52 "32 green houses"; 003:170 "If there are no buildings left in the Bank, you must wait for other
    # players to sell theirs before you can buy any"
    play(game, "collect alice 10000")
    own(game, "Alice", ORANGE, RED, DARK_BLUE, BROWN)
    for group in (ORANGE, RED, DARK_BLUE):
        build_evenly(game, "Alice", group, 4)
    assert game.state.bank_houses == 0
    message = refused(game, "build alice mediterranean")
    assert "the bank has 0 houses left" in message and "wait until a player sells some back" in message
    assert "auction" in message  # 003:170 "the Banker must auction them off to the highest bidder"
    play(game, "sell alice boardwalk")
    assert game.state.bank_houses == 1
    play(game, "build alice mediterranean")
    assert game.state.bank_houses == 0


def test_several_houses_at_once_need_that_many_in_the_bank(game: Game) -> None:
    play(game, "collect alice 10000")
    own(game, "Alice", ORANGE, RED, BROWN, DARK_BLUE)
    for group in (ORANGE, RED):
        build_evenly(game, "Alice", group, 4)
    build_evenly(game, "Alice", BROWN, 2)
    play(game, "build alice park", "build alice boardwalk 2")  # bank: 32 - 24 - 4 - 3 = 1
    message = refused(game, "build alice park 2")  # 1 -> 3 is even with Boardwalk's 2, but needs 2 houses
    assert "the bank has 1 house" in message and "this needs 2" in message
    play(game, "build alice park")
    assert game.state.bank_houses == 0


def test_when_the_bank_has_no_hotels_left_a_hotel_waits(game: Game) -> None:
    # 002:52 "12 red hotels"
    play(game, "collect alice 10000")
    own(game, "Alice", BROWN, LIGHT_BLUE, PINK, ORANGE, RED)
    for group in (BROWN, LIGHT_BLUE, PINK, ORANGE):
        build_evenly(game, "Alice", group, 5)
    build_evenly(game, "Alice", RED, 4)
    play(game, "build alice kentucky")
    assert game.state.bank_hotels == 0
    assert refused(game, "build alice indiana") == "the bank has no hotels left; wait until a player sells one back"
    play(game, "sell alice mediterranean")  # hotel back to the bank, four houses out
    play(game, "build alice indiana")
    assert game.state.bank_hotels == 0


def test_houses_sell_back_at_half_price(game: Game) -> None:
    # 003:174 "Buildings can be sold back to the Bank at half the listed price"
    play(game, "collect alice 1000")
    own(game, "Alice", DARK_BLUE)
    build_evenly(game, "Alice", DARK_BLUE, 2)
    before = cash(game, "Alice")
    outcome = play(game, "sell alice boardwalk")[0]
    assert cash(game, "Alice") - before == 100
    assert game.state.bank_houses == 32 - 3
    assert outcome.summary == "Alice sells buildings on Boardwalk, now 1 house, for $100"


def test_houses_must_be_sold_evenly(game: Game) -> None:
    # 003:174 "Houses must be sold evenly in the same way that they were bought"
    own(game, "Alice", LIGHT_BLUE)
    build_evenly(game, "Alice", LIGHT_BLUE, 2)
    play(game, "sell alice oriental")
    message = refused(game, "sell alice oriental")
    assert "sell evenly" in message and "may not drop to no buildings" in message and "sell from" in message
    assert sell_refusal(game.state, "Alice", "Oriental Avenue") == message
    play(game, "sell alice vermont 1", "sell alice connecticut", "sell alice oriental")
    assert levels(game, LIGHT_BLUE) == [0, 1, 1]


def test_selling_more_than_is_built_or_on_anothers_deed_is_refused(game: Game) -> None:
    own(game, "Alice", DARK_BLUE)
    play(game, "build alice park")
    assert refused(game, "sell alice park 2") == "Park Place has 1 house; there is not that much to sell"
    assert refused(game, "sell alice boardwalk") == "Boardwalk has no buildings; there is not that much to sell"
    assert refused(game, "sell bob park") == "Park Place belongs to Alice, not Bob; name Alice, or trade for it first"


def test_a_hotel_sells_for_half_and_breaks_into_four_houses(game: Game) -> None:
    # 003:174 "Hotels are sold for half the listed price and immediately exchanged for 4 houses"
    play(game, "collect alice 2000")
    own(game, "Alice", DARK_BLUE)
    build_evenly(game, "Alice", DARK_BLUE, 5)
    before = cash(game, "Alice")
    play(game, "sell alice boardwalk")
    assert levels(game, DARK_BLUE) == [5, 4]
    assert cash(game, "Alice") - before == 100
    assert (game.state.bank_houses, game.state.bank_hotels) == (28, 11)


def test_selling_down_from_a_hotel_counts_it_as_five_houses(game: Game) -> None:
    # 000:195 "they may be sold one house at a time (one hotel equals five houses), evenly"
    own(game, "Alice", BROWN)
    build_evenly(game, "Alice", BROWN, 5)
    play(game, "sell alice baltic 1")  # 5, 4
    before = cash(game, "Alice")
    play(game, "sell alice mediterranean 2")  # the hotel and one house: half of $50 + $50
    assert cash(game, "Alice") - before == (50 + 50) // 2
    assert levels(game, BROWN) == [3, 4]
    assert game.state.bank_houses == 32 - 7


def test_a_hotel_does_not_break_when_the_bank_lacks_four_houses(game: Game) -> None:
    # The building-shortage rule: the hotel can only come down to as many houses as the bank can give.
    play(game, "collect alice 10000")
    own(game, "Alice", BROWN, LIGHT_BLUE, ORANGE, RED)
    build_evenly(game, "Alice", BROWN, 4)
    play(game, "build alice mediterranean")  # hotel + 4 houses on brown
    for group in (ORANGE, RED):
        build_evenly(game, "Alice", group, 4)
    play(game, "build alice oriental")
    assert game.state.bank_houses == 3
    message = refused(game, "sell alice mediterranean")
    assert message == ('the bank has only 3 houses to give for the hotel on Mediterranean Avenue; sell it down '
                       'to 3 houses: sell Alice "Mediterranean Avenue" 2')
    play(game, message.split(": ", 1)[1])  # the suggested line works as written
    assert levels(game, BROWN) == [3, 4]
    assert (game.state.bank_houses, game.state.bank_hotels) == (0, 12)


def test_hotels_can_still_be_sold_when_the_bank_has_no_houses(game: Game) -> None:
    # 000:195 "All hotels on one color-group may be sold at once": with no houses to break them into, the
    # even-selling rule cannot hold them hostage (a player short of cash must be able to sell them).
    play(game, "collect alice 10000")
    own(game, "Alice", BROWN, ORANGE, RED, DARK_BLUE)
    build_evenly(game, "Alice", BROWN, 5)
    for group in (ORANGE, RED, DARK_BLUE):
        build_evenly(game, "Alice", group, 4)
    assert game.state.bank_houses == 0
    message = refused(game, "sell alice baltic")
    assert "no houses to give for the hotel on Baltic Avenue" in message
    assert 'sell Alice "Baltic Avenue" 5' in message
    before = cash(game, "Alice")
    play(game, 'sell Alice "Baltic Avenue" 5', "sell alice mediterranean 5")
    assert levels(game, BROWN) == [0, 0]
    assert cash(game, "Alice") - before == 2 * (50 + 4 * 50) // 2
    assert (game.state.bank_houses, game.state.bank_hotels) == (0, 12)


def test_with_houses_in_the_bank_hotels_still_come_down_evenly(game: Game) -> None:
    own(game, "Alice", BROWN)
    build_evenly(game, "Alice", BROWN, 5)
    message = refused(game, "sell alice baltic 5")
    assert "sell evenly" in message
