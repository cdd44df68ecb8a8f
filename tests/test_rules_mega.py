"""Monopoly: The Mega Edition (issue 7): all-but-one building, skyscrapers, train depots, bus tickets,
the Birthday Gift, triple rent and repairs per skyscraper and depot.

Rulebook: 000 = 000_0633d1fb819bfb08.txt (the Mega Edition, Winning Moves; pages 2-4 are what is new,
then the standard rules). The edition file is editions/mega.toml; values it marks `# unverified` are
tested as the file has them, citing the file.
"""

from __future__ import annotations

import pytest
from conftest import NewGame, build_evenly, cash, edition_with, play, refused

from banker.game import Game
from banker.state import pieces

BROWN = ["Mediterranean Avenue", "Baltic Avenue", "Arctic Avenue"]
LIGHT_BLUE = ["Massachusetts Avenue", "Oriental Avenue", "Vermont Avenue", "Connecticut Avenue"]
PINK = ["Maryland Avenue", "St. Charles Place", "States Avenue", "Virginia Avenue"]
DARK_BLUE = ["Florida Avenue", "Park Place", "Boardwalk"]
RAILROADS = ["Reading Railroad", "Pennsylvania Railroad", "B. & O. Railroad", "Short Line"]
UTILITIES = ["Gas Company", "Electric Company", "Water Works"]
SUPPLY = {"houses": 32, "hotels": 12, "skyscrapers": 8, "depots": 4}
TICKETS = 16


@pytest.fixture
def mega(new_game: NewGame) -> Game:
    """A Mega game for Alice, Bob and Carol, $2,500 each."""
    return new_game("mega")


def own(game: Game, player: str, *deeds: str) -> None:
    for deed in deeds:
        play(game, f'buy {player} "{deed}"')


def levels(game: Game, deeds: list[str]) -> list[int]:
    return [game.state.deeds[d].level for d in deeds]


def tickets(game: Game) -> dict[str, int]:
    """Bus tickets by account: bank, out (of play) and each player."""
    return dict(game.state.held["bus_ticket"])


def conserved(game: Game) -> None:
    """Every bus ticket is somewhere (bank, a player, out of play) and every building piece is in
    the bank or on a deed: the box's 16 tickets and 32/12/8/4 pieces never change in number."""
    state = game.state
    assert sum(state.held["bus_ticket"].values()) == TICKETS
    standing = dict.fromkeys(SUPPLY, 0)
    for holding in state.deeds.values():
        for kind, n in pieces(holding.level).items():
            standing[kind] += n
        standing["depots"] += holding.depot
    assert {k: state.supply[k] + standing[k] for k in SUPPLY} == SUPPLY


def paid(game: Game, payer: str, line: str) -> int:
    before = cash(game, payer)
    play(game, line)
    return before - cash(game, payer)


# -- setup -------------------------------------------------------------------------------------


def test_each_player_begins_with_2500_and_the_bank_holds_the_mega_box(mega: Game) -> None:
    # 000:39 "Each player begins with $2500"; 000:25-26 "16 Bus Tickets / 32 Houses • 12 Hotels •
    # 8 Skyscrapers • 4 Train Depots"
    body = mega.state_json()
    assert [p["cash"] for p in body["players"]] == [2500, 2500, 2500]
    assert body["bank"] == {"houses": 32, "hotels": 12, "skyscrapers": 8, "depots": 4, "bus_tickets": 16}
    assert all(p["bus_tickets"] == 0 for p in body["players"])
    assert tickets(mega) == {"bank": 16, "out": 0, "Alice": 0, "Bob": 0, "Carol": 0}
    conserved(mega)


def test_state_json_adds_skyscraper_and_depot_to_every_property(mega: Game) -> None:
    # issue 7: per property "skyscraper" and "depot" (booleans), the classic keys kept
    own(mega, "Alice", "Reading Railroad", "Boardwalk")
    rows = mega.state_json()["players"][0]["properties"]
    assert rows == [
        {"name": "Reading Railroad", "mortgaged": False, "houses": 0, "hotel": False,
         "skyscraper": False, "depot": False},
        {"name": "Boardwalk", "mortgaged": False, "houses": 0, "hotel": False,
         "skyscraper": False, "depot": False},
    ]


def test_the_board_has_52_spaces_30_streets_4_railroads_3_utilities(mega: Game) -> None:
    # 000:23 "37 Title Deed Cards"; 000:66 "Each color group has one additional property"
    edition = mega.state.edition
    kinds = [d.kind for d in edition.deeds.values()]
    assert len(edition.spaces) == 52
    assert (kinds.count("street"), kinds.count("railroad"), kinds.count("utility")) == (30, 4, 3)
    assert sorted(d.name for d in edition.deeds.values() if d.kind == "utility") == sorted(UTILITIES)
    groups = {d.group for d in edition.deeds.values() if d.kind == "street"}
    assert all(len(edition.group_of(next(n for n, d in edition.deeds.items() if d.group == g))) in (3, 4)
               for g in groups)


@pytest.mark.parametrize(("owned", "multiplier"), [(1, 4), (2, 10), (3, 20)])
def test_utility_rent_is_4_10_or_20_times_the_dice_by_how_many_are_owned(mega: Game, owned: int,
                                                                        multiplier: int) -> None:
    # 000:80 "(4X, 10X or 20X depending on the number of utilities owned by this opponent)"
    own(mega, "Alice", *UTILITIES[:owned])
    assert paid(mega, "Bob", "rent bob electric 7" if owned > 1 else "rent bob gas 7") == 7 * multiplier


def test_a_mega_dice_total_runs_to_15_with_the_speed_die(mega: Game) -> None:
    # 000:51 "roll all THREE dice"; the utility rent of three dice, the Bus/Mr. Monopoly counting 0
    own(mega, "Alice", "Gas Company")
    assert paid(mega, "Bob", "rent bob gas 15") == 4 * 15
    message = refused(mega, "rent bob gas 16")
    assert "2 to 15" in message and "write the total" in message


# -- building with all but one ------------------------------------------------------------------


def test_houses_may_be_built_with_all_but_one_street_of_a_group(mega: Game) -> None:
    # 000:66 "You may build houses and hotels once you own all but one property in a color group"
    own(mega, "Alice", "Mediterranean Avenue", "Baltic Avenue")
    outcome = play(mega, "build alice mediterranean")[0]
    assert outcome.summary == "Alice builds on Mediterranean Avenue, now 1 house, for $50"
    assert cash(mega, "Alice") == 2500 - 120 - 50 and mega.state.bank_houses == 31
    conserved(mega)


def test_building_with_fewer_than_all_but_one_is_refused(mega: Game) -> None:
    # 000:66 "all but one": 1 of 3 brown, 2 of 4 light blue are not enough
    own(mega, "Alice", "Mediterranean Avenue", "Massachusetts Avenue", "Oriental Avenue")
    message = refused(mega, "build alice mediterranean")
    assert message == "Alice must own all but one of the brown group to build on Mediterranean Avenue"
    assert refused(mega, "build alice oriental") == (
        "Alice must own all but one of the light blue group to build on Oriental Avenue")
    own(mega, "Alice", "Vermont Avenue")
    play(mega, "build alice oriental")


def test_the_missing_street_may_belong_to_another_player(mega: Game) -> None:
    # 000:66 all but one: who holds the last one does not matter, nor whether it is mortgaged
    own(mega, "Alice", "Mediterranean Avenue", "Baltic Avenue")
    own(mega, "Bob", "Arctic Avenue")
    play(mega, "mortgage bob arctic", "build alice baltic")
    assert levels(mega, BROWN) == [0, 1, 0]


def test_building_is_even_across_the_streets_the_player_owns(mega: Game) -> None:
    # 000:183 "you cannot place more than one house on any one property of any color-group until you
    # have placed one house on every property of that group" -- with all but one, the streets owned
    own(mega, "Alice", *LIGHT_BLUE[:3])
    play(mega, "build alice massachusetts")
    message = refused(mega, "build alice massachusetts")
    assert message == ("build evenly: Oriental Avenue has no buildings, so Massachusetts Avenue may not go to "
                       "2 houses; build on Oriental Avenue first")
    play(mega, "build alice oriental", "build alice vermont", "build alice massachusetts")
    assert levels(mega, LIGHT_BLUE) == [2, 1, 1, 0], "Connecticut (not owned) does not hold the group back"


def test_hotels_need_four_houses_on_each_street_owned(mega: Game) -> None:
    # 000:66 houses and hotels with all but one; 000:187 "four houses on each property"
    play(mega, "collect alice 5000")
    own(mega, "Alice", *BROWN[:2])
    build_evenly(mega, "Alice", BROWN[:2], 4)
    play(mega, "build alice mediterranean")
    assert levels(mega, BROWN) == [5, 4, 0]
    assert (mega.state.bank_houses, mega.state.bank_hotels) == (32 - 4, 11)
    conserved(mega)


def test_a_mortgaged_street_of_ones_own_stops_building(mega: Game) -> None:
    # 003:168 / standard rules: no building on a group with a mortgaged property (of the builder's)
    own(mega, "Alice", *BROWN[:2])
    play(mega, "mortgage alice baltic")
    message = refused(mega, "build alice mediterranean")
    assert message == "lift the mortgage on Baltic Avenue first; no building on a group with a mortgaged deed"


def test_railroads_take_a_depot_not_houses(mega: Game) -> None:
    own(mega, "Alice", "Reading Railroad")
    message = refused(mega, "build alice reading")
    assert message == 'Reading Railroad takes a train depot, not houses: depot Alice "Reading Railroad"'
    own(mega, "Alice", "Gas Company")
    assert "cannot take buildings" in refused(mega, "build alice gas")


# -- skyscrapers -------------------------------------------------------------------------------


def brown_hotels(game: Game, player: str = "Alice") -> None:
    play(game, f"collect {player} 10000")
    own(game, player, *BROWN)
    build_evenly(game, player, BROWN, 5)


def test_a_skyscraper_needs_the_whole_group_and_a_hotel_on_each(mega: Game) -> None:
    # 000:66 "If you own all of the properties of a color group, and have built hotels on each,
    # you may then build SKYSCRAPERS"
    play(mega, "collect alice 10000")
    own(mega, "Alice", *LIGHT_BLUE[:3])
    build_evenly(mega, "Alice", LIGHT_BLUE[:3], 5)
    message = refused(mega, "build alice massachusetts")
    assert message == ("a skyscraper needs the whole light blue group with a hotel on each; "
                       "Alice does not own it all")
    own(mega, "Alice", "Connecticut Avenue")
    build_evenly(mega, "Alice", LIGHT_BLUE, 4)
    message = refused(mega, "build alice massachusetts")
    assert message == ("a skyscraper needs a hotel on every street of the group; Connecticut Avenue has "
                       "4 houses")
    play(mega, "build alice connecticut")
    outcome = play(mega, "build alice massachusetts")[0]
    assert outcome.summary == "Alice builds on Massachusetts Avenue, now a skyscraper, for $50"
    conserved(mega)


def test_building_past_the_hotel_builds_the_skyscraper_and_returns_the_hotel(mega: Game) -> None:
    # 000:66 "Refer to the property's Title Deed for the cost of a Skyscraper" (mega.toml: $50 on
    # brown, unverified)
    brown_hotels(mega)
    before = cash(mega, "Alice")
    play(mega, "build alice mediterranean")
    assert before - cash(mega, "Alice") == 50
    assert levels(mega, BROWN) == [6, 5, 5]
    assert mega.state.supply == {"houses": 32, "hotels": 12 - 2, "skyscrapers": 7, "depots": 4}
    row = mega.state_json()["players"][0]["properties"][0]
    assert row == {"name": "Mediterranean Avenue", "mortgaged": False, "houses": 0, "hotel": False,
                   "skyscraper": True, "depot": False}
    conserved(mega)


def test_skyscraper_rent_is_the_seventh_column_of_the_deed(mega: Game) -> None:
    # 000:66 "the amount of rent you can collect from having one here" (rent = [..., hotel, skyscraper])
    brown_hotels(mega)
    assert paid(mega, "Bob", "rent bob mediterranean") == 250  # hotel column
    play(mega, "build alice mediterranean")
    assert paid(mega, "Bob", "rent bob mediterranean") == 750
    assert paid(mega, "Bob", "rent bob baltic") == 450


def test_nothing_goes_on_top_of_a_skyscraper(mega: Game) -> None:
    brown_hotels(mega)
    build_evenly(mega, "Alice", BROWN, 6)
    assert refused(mega, "build alice arctic") == (
        "Arctic Avenue has a skyscraper; a skyscraper is the most a deed takes")


def test_selling_a_skyscraper_reverts_it_to_a_hotel_for_half_its_cost(mega: Game) -> None:
    # 000:70 "You may sell a Skyscraper back to the bank for half its value and revert to a hotel"
    brown_hotels(mega)
    play(mega, "build alice mediterranean")
    before = cash(mega, "Alice")
    outcome = play(mega, "sell alice mediterranean")[0]
    assert cash(mega, "Alice") - before == 25
    assert outcome.summary == "Alice sells buildings on Mediterranean Avenue, now a hotel, for $25"
    assert levels(mega, BROWN) == [5, 5, 5]
    assert mega.state.supply == {"houses": 32, "hotels": 9, "skyscrapers": 8, "depots": 4}
    conserved(mega)


def test_a_skyscraper_cannot_revert_when_the_bank_has_no_hotel(new_game: NewGame) -> None:
    # the hotel it reverts to comes from the bank; with none there, sell it with the hotel
    game = new_game(edition_with("mega", hotels=3))
    brown_hotels(game)
    play(game, "build alice mediterranean")  # its hotel goes back: the bank has 1
    own(game, "Alice", *PINK[:3])
    build_evenly(game, "Alice", PINK[:3], 4)
    play(game, "build alice maryland")  # the bank's last hotel
    assert game.state.bank_hotels == 0
    message = refused(game, "sell alice mediterranean")
    assert message == ("the skyscraper on Mediterranean Avenue reverts to a hotel and the bank has none; "
                       'sell it with the hotel: sell Alice "Mediterranean Avenue" 2')
    before = cash(game, "Alice")
    play(game, "sell alice mediterranean 2")
    assert cash(game, "Alice") - before == (50 + 50) // 2
    assert levels(game, BROWN) == [4, 5, 5]


def test_when_the_bank_has_no_skyscrapers_left_a_skyscraper_waits(new_game: NewGame) -> None:
    # 000:26 "8 Skyscrapers"; the building-shortage rule (000:191) with one in the box to reach it
    game = new_game(edition_with("mega", skyscrapers=1))
    brown_hotels(game)
    play(game, "build alice mediterranean")
    message = refused(game, "build alice baltic")
    assert message == "the bank has no skyscrapers left; wait until a player sells one back"
    play(game, "sell alice mediterranean", "build alice baltic")
    assert levels(game, BROWN) == [5, 6, 5]


def test_bankruptcy_sells_skyscrapers_back_with_everything_under_them(mega: Game) -> None:
    # 000:207 "if you own buildings, you must return these to the Bank in exchange for cash to the
    # extent of one-half the amount paid for them"
    brown_hotels(mega)
    build_evenly(mega, "Alice", BROWN, 6)
    cost = 3 * (4 * 50 + 50 + 50)
    before = cash(mega, "Alice")
    play(mega, f"bankrupt alice bob {before + cost // 2 + 100 + 1}")  # beyond the sale and the $100 mortgages
    assert cash(mega, "Bob") == 2500 + before + cost // 2
    assert mega.state.supply == SUPPLY
    conserved(mega)


# -- triple rent ---------------------------------------------------------------------------------


def test_unimproved_rent_is_tripled_with_the_whole_group(mega: Game) -> None:
    # 000:70 "you are entitled to collect TRIPLE rent on any unimproved property in a group once you
    # own all of its properties"
    own(mega, "Alice", *BROWN[:2])
    assert paid(mega, "Bob", "rent bob mediterranean") == 2, "all but one: the printed rent"
    own(mega, "Alice", "Arctic Avenue")
    assert paid(mega, "Bob", "rent bob mediterranean") == 6
    assert paid(mega, "Bob", "rent bob arctic") == 15


def test_triple_rent_stands_beside_a_mortgaged_street_of_the_group(mega: Game) -> None:
    # 000:142 "This rule applies to un-mortgaged properties even if another property in that
    # color-group is mortgaged"
    own(mega, "Alice", *BROWN)
    play(mega, "mortgage alice arctic")
    assert paid(mega, "Bob", "rent bob baltic") == 12


def test_an_unimproved_street_of_a_built_group_still_takes_triple_rent(mega: Game) -> None:
    # 000:181 "The owner still collects double rent from an opponent who lands on the unimproved
    # properties of his/her complete color-group" -- triple in Mega
    own(mega, "Alice", *BROWN[:2])
    build_evenly(mega, "Alice", BROWN[:2], 1)
    own(mega, "Alice", "Arctic Avenue")
    assert paid(mega, "Bob", "rent bob arctic") == 15
    assert paid(mega, "Bob", "rent bob baltic") == 20


# -- acquiring the last street of a built group ----------------------------------------------------


def test_acquiring_the_last_street_of_a_built_group_tells_what_the_rulebook_requires(mega: Game) -> None:
    # 000:70 "If you acquire the final property of a group, after previously building on its other
    # properties, you must ... build it up according to the "even" building rule or, if you can't afford
    # to do so, you must redistribute existing houses among all properties of the group"
    own(mega, "Alice", *BROWN[:2])
    build_evenly(mega, "Alice", BROWN[:2], 2)
    outcome = play(mega, 'buy alice "arctic avenue"')[0]
    first, note = outcome.summary.split("\n")
    assert first == "Alice buys Arctic Avenue for $80"
    assert note == ('Alice now owns the whole brown group with buildings on it: build it up to 1 house or more '
                    '(build Alice "Arctic Avenue"), or move houses onto it free: '
                    'redistribute Alice <street> "Arctic Avenue"; '
                    "no other building there until the group is even (rulebook 000)")


def test_the_notice_is_of_its_own_action_when_read_after_later_ones(mega: Game) -> None:
    """The notice is written with the summary, when first read: read after later actions (the group built up
    evenly, money paid), it still says what the buy itself required."""
    own(mega, "Alice", *BROWN[:2])
    build_evenly(mega, "Alice", BROWN[:2], 2)
    outcome = play(mega, 'buy alice "arctic avenue"')[0]
    play(mega, 'build alice "arctic avenue"', "pay alice 10 bob")
    assert outcome.summary.split("\n")[1].startswith("Alice now owns the whole brown group with buildings on it: "
                                                     "build it up to 1 house or more")


def test_the_notice_names_the_level_that_makes_the_group_even(mega: Game) -> None:
    # with 3 and 2 houses on the others, 1 house on the new street would still be uneven (3 vs 1)
    own(mega, "Alice", *BROWN[:2])
    build_evenly(mega, "Alice", BROWN[:2], 2)
    play(mega, "build alice mediterranean")
    note = play(mega, 'buy alice "arctic avenue"')[0].summary.split("\n")[1]
    assert 'build it up to 2 houses or more (build Alice "Arctic Avenue")' in note
    assert "build on Arctic Avenue first" in refused(mega, "build alice baltic")
    play(mega, "build alice arctic 2", "build alice baltic")


def test_building_elsewhere_is_refused_until_the_group_is_even_again(mega: Game) -> None:
    # 000:70 build the new one up "according to the 'even' building rule"
    play(mega, "collect alice 2000")
    own(mega, "Alice", *BROWN[:2])
    build_evenly(mega, "Alice", BROWN[:2], 2)
    own(mega, "Alice", "Arctic Avenue")
    message = refused(mega, "build alice mediterranean")
    assert message == ("build evenly: Arctic Avenue has no buildings, so Mediterranean Avenue may not go to "
                       "3 houses; build on Arctic Avenue first")
    play(mega, "build alice arctic")  # the new one catches up ...
    assert "build on Arctic Avenue first" in refused(mega, "build alice baltic")
    play(mega, "build alice arctic", "build alice baltic")  # ... and then the group builds on
    assert levels(mega, BROWN) == [2, 3, 2]


def test_the_new_street_may_catch_up_several_levels_at_once(mega: Game) -> None:
    play(mega, "collect alice 2000")
    own(mega, "Alice", *BROWN[:2])
    build_evenly(mega, "Alice", BROWN[:2], 3)
    own(mega, "Alice", "Arctic Avenue")
    assert "build evenly" in refused(mega, "build alice arctic 5"), "not more than a level past the others"
    play(mega, "build alice arctic 3")
    assert levels(mega, BROWN) == [3, 3, 3]


def test_redistributing_by_selling_from_the_others_evens_the_group(mega: Game) -> None:
    # 000:70 "... you must redistribute existing houses among all properties of the group"
    own(mega, "Alice", *BROWN[:2])
    build_evenly(mega, "Alice", BROWN[:2], 2)
    own(mega, "Alice", "Arctic Avenue")
    play(mega, "sell alice mediterranean", "sell alice baltic", "build alice arctic")
    assert levels(mega, BROWN) == [1, 1, 1]
    play(mega, "build alice mediterranean")


def test_a_mortgaged_last_street_must_be_lifted_at_once(mega: Game) -> None:
    # 000:70 "you must un-mortgage this property immediately (if mortgaged)": Carol mortgaged Arctic
    # before Bob built, then goes bankrupt to Bob
    own(mega, "Bob", *BROWN[:2])
    own(mega, "Carol", "Arctic Avenue")
    play(mega, "mortgage carol arctic")
    build_evenly(mega, "Bob", BROWN[:2], 2)
    outcome = play(mega, "bankrupt carol bob 5000")[0]  # Carol: $2,460 and nothing more to mortgage
    note = outcome.summary.split("\n")[-1]
    assert note == ('Bob now owns the whole brown group with buildings on it: lift its mortgage now: unmortgage '
                    'Bob "Arctic Avenue"; build it up to 1 house or more (build Bob "Arctic Avenue"), or move '
                    'houses onto it free: redistribute Bob <street> "Arctic Avenue"; no other building there '
                    "until the mortgage is lifted and the group is even (rulebook 000)")
    message = refused(mega, "build bob mediterranean")
    assert message == "lift the mortgage on Arctic Avenue first; no building on a group with a mortgaged deed"
    play(mega, "unmortgage bob arctic", "build bob arctic")


def test_winning_the_last_street_at_auction_gives_the_notice_too(mega: Game) -> None:
    own(mega, "Alice", *BROWN[:2])
    build_evenly(mega, "Alice", BROWN[:2], 2)
    play(mega, "auction arctic", "bid alice 10")
    summary = play(mega, "sold")[0].summary
    assert 'Alice now owns the whole brown group with buildings on it: build it up to 1 house' in summary


def test_a_bare_street_of_someone_elses_built_group_may_be_traded(mega: Game) -> None:
    # 000:70 "If you acquire the final property of a group, after previously building on its other properties,
    # you must un-mortgage this property immediately (if mortgaged)": the rulebook expects it to change hands
    own(mega, "Alice", *BROWN[:2])
    own(mega, "Bob", "Arctic Avenue")
    build_evenly(mega, "Alice", BROWN[:2], 1)
    play(mega, "trade bob alice give arctic get $100")


def test_no_notice_when_the_group_is_already_even(mega: Game) -> None:
    # one house on each of two streets and none on the new one is even: nothing to require
    own(mega, "Alice", *BROWN[:2])
    build_evenly(mega, "Alice", BROWN[:2], 1)
    outcome = play(mega, 'buy alice "arctic avenue"')[0]
    assert outcome.summary == "Alice buys Arctic Avenue for $80"


def test_no_notice_on_a_group_without_buildings(mega: Game) -> None:
    own(mega, "Alice", *BROWN[:2])
    assert play(mega, 'buy alice "arctic avenue"')[0].summary == "Alice buys Arctic Avenue for $80"


# -- train depots ----------------------------------------------------------------------------------


def test_a_train_depot_costs_100_and_comes_from_the_bank(mega: Game) -> None:
    # 000:74 "You may improve your Railroads by building a TRAIN DEPOT on it (cost: $100)"
    own(mega, "Alice", "Reading Railroad")
    outcome = play(mega, "depot alice reading")[0]
    assert outcome.summary == "Alice builds a train depot on Reading Railroad for $100"
    assert cash(mega, "Alice") == 2500 - 200 - 100
    assert mega.state.supply["depots"] == 3 and mega.state_json()["bank"]["depots"] == 3
    assert mega.state_json()["players"][0]["properties"][0]["depot"] is True
    conserved(mega)


def test_depot_doubles_railroad_rent(mega: Game) -> None:
    # 000:74 "A Train Depot doubles the rent due for the Railroad. You don't need to own multiple
    # Railroads before building a Train Depot on one"
    own(mega, "Alice", "Reading Railroad")
    assert paid(mega, "Bob", "rent bob reading") == 25
    play(mega, "depot alice reading")
    assert paid(mega, "Bob", "rent bob reading") == 50
    own(mega, "Alice", "Pennsylvania Railroad")
    assert paid(mega, "Bob", "rent bob reading") == 100
    assert paid(mega, "Bob", 'rent bob "pennsylvania railroad"') == 50, "only the railroad with the depot"


def test_nearest_railroad_card_doubles_on_top_of_the_depot(mega: Game) -> None:
    # mega.toml: "With a Train Depot on that railroad: 4x the base rent (card x2 on top of depot x2) [B1]"
    own(mega, "Alice", "Reading Railroad")
    play(mega, "depot alice reading")
    assert paid(mega, "Bob", "card bob chance nearest-railroad reading") == 4 * 25


def test_only_the_owner_builds_a_depot(mega: Game) -> None:
    own(mega, "Alice", "Reading Railroad")
    assert refused(mega, "depot bob reading") == (
        "Reading Railroad belongs to Alice, not Bob; name Alice, or trade for it first")
    assert "belongs to the bank" in refused(mega, 'depot bob "short line"')


def test_one_depot_per_railroad(mega: Game) -> None:
    own(mega, "Alice", "Reading Railroad")
    play(mega, "depot alice reading")
    assert refused(mega, "depot alice reading") == "Reading Railroad already has its train depot; one per railroad"


def test_a_depot_goes_only_on_a_railroad(mega: Game) -> None:
    own(mega, "Alice", "Boardwalk", "Gas Company")
    assert refused(mega, "depot alice boardwalk") == "Boardwalk is not a railroad; a train depot goes on a railroad"
    assert "a train depot goes on a railroad" in refused(mega, "depot alice gas")


def test_no_depot_on_a_mortgaged_railroad(mega: Game) -> None:
    own(mega, "Alice", "Reading Railroad")
    play(mega, "mortgage alice reading")
    message = refused(mega, "depot alice reading")
    assert message == "lift the mortgage on Reading Railroad first; no depot on a mortgaged railroad"


def test_a_depot_needs_the_cash(mega: Game) -> None:
    own(mega, "Alice", "Reading Railroad")
    play(mega, f"pay alice {cash(mega, 'Alice') - 99}")
    message = refused(mega, "depot alice reading")
    assert message.startswith("Alice has $99 but a train depot on Reading Railroad costs $100: raise $1 first")


def test_selling_a_depot_back_gives_50(mega: Game) -> None:
    # 000:74 "Train Depots may be sold back to the bank for $50 each"
    own(mega, "Alice", "Reading Railroad")
    play(mega, "depot alice reading")
    outcome = play(mega, "sell alice reading")[0]
    assert outcome.summary == "Alice sells the train depot on Reading Railroad for $50"
    assert cash(mega, "Alice") == 2500 - 200 - 100 + 50
    assert mega.state.supply["depots"] == 4 and not mega.state.deeds["Reading Railroad"].depot
    assert paid(mega, "Bob", "rent bob reading") == 25
    assert refused(mega, "sell alice reading") == "Reading Railroad has no buildings; there is not that much to sell"


def test_a_railroad_has_one_depot_to_sell(mega: Game) -> None:
    own(mega, "Alice", "Reading Railroad")
    play(mega, "depot alice reading")
    assert refused(mega, "sell alice reading 2") == (
        'Reading Railroad has one train depot; sell it with: sell Alice "Reading Railroad"')
    assert refused(mega, "sell bob reading") == (
        "Reading Railroad belongs to Alice, not Bob; name Alice, or trade for it first")


def test_railroad_with_a_depot_cannot_be_mortgaged(mega: Game) -> None:
    # issue 7: "A railroad with a depot cannot be mortgaged or traded until the depot is sold"
    # (000:199 "Before an improved property can be mortgaged, all of the buildings ... must be sold")
    own(mega, "Alice", "Reading Railroad", "Pennsylvania Railroad")
    play(mega, "depot alice reading")
    message = refused(mega, "mortgage alice reading")
    assert message == 'sell the train depot on Reading Railroad first: sell Alice "Reading Railroad"'
    play(mega, 'mortgage alice "pennsylvania railroad"')  # another railroad's depot does not stop it
    play(mega, "sell alice reading", "mortgage alice reading")


def test_railroad_with_a_depot_cannot_be_traded(mega: Game) -> None:
    # 000:195 "no properties can be sold to another player if buildings are placed on" them
    own(mega, "Alice", "Reading Railroad", "Pennsylvania Railroad")
    play(mega, "depot alice reading")
    message = refused(mega, "trade alice bob give reading get $300")
    assert message == "sell the train depot on Reading Railroad first; a railroad with a depot cannot be traded"
    assert "sell the train depot" in refused(mega, "trade bob alice give $300 get reading")
    play(mega, 'trade alice bob give "pennsylvania railroad" get $300')
    play(mega, "sell alice reading", "trade alice bob give reading get $300")
    assert mega.state.deeds["Reading Railroad"].owner == "Bob"


def test_the_bank_runs_out_after_four_depots(mega: Game) -> None:
    # 000:26 "4 Train Depots"
    play(mega, "collect alice 1000")
    own(mega, "Alice", *RAILROADS)
    for railroad in RAILROADS:
        play(mega, f'depot alice "{railroad}"')
    assert mega.state.supply["depots"] == 0 and mega.state_json()["bank"]["depots"] == 0
    conserved(mega)


def test_when_the_bank_has_no_depots_left_a_depot_waits(new_game: NewGame) -> None:
    # the box's depot count is edition data; with two, the third railroad waits for one sold back
    game = new_game(edition_with("mega", depots=2))
    own(game, "Alice", *RAILROADS[:3])
    play(game, "depot alice reading", 'depot alice "pennsylvania railroad"')
    message = refused(game, 'depot alice "b. & o. railroad"')
    assert message == "the bank has no train depots left; wait until a player sells one back"
    play(game, "sell alice reading", 'depot alice "b. & o. railroad"')


def test_bankruptcy_sells_depots_back_for_the_creditor(mega: Game) -> None:
    # 000:207 buildings go back to the Bank "for one-half the amount paid"; the cash to the creditor
    own(mega, "Carol", "Reading Railroad")
    play(mega, "depot carol reading")
    outcome = play(mega, "bankrupt carol bob 5000")[0]  # Carol: $2,200, $50 for the depot, $100 mortgage
    assert outcome.summary.startswith("Carol sells the train depot on Reading Railroad for $50; Carol pays Bob $2,250")
    assert cash(mega, "Bob") == 2500 + 2500 - 300 + 50
    holding = mega.state.deeds["Reading Railroad"]
    assert (holding.owner, holding.depot) == ("Bob", False)
    assert mega.state.supply["depots"] == 4
    conserved(mega)


def test_bankruptcy_to_a_player_hands_over_the_bus_tickets(mega: Game) -> None:
    # 000:207 "If your debt is to another player, you must turn over to that player all that you have of
    # value"; 000:80 "You can buy/sell/trade Bus Tickets with other players"
    play(mega, "ticket carol", "ticket carol", "bankrupt carol bob 5000")
    assert tickets(mega)["Bob"] == 2


def test_bankruptcy_to_the_bank_sells_depots_too(mega: Game) -> None:
    own(mega, "Carol", "Reading Railroad")
    play(mega, "depot carol reading", "bankrupt carol 5000")
    assert mega.state.supply["depots"] == 4 and not mega.state.deeds["Reading Railroad"].depot
    # 000:207 "the Bank immediately sells by auction all properties so taken, except buildings"
    assert mega.state.auction is not None and mega.state.auction.deed == "Reading Railroad"
    assert mega.state.to_auction == []
    conserved(mega)


def test_score_counts_skyscrapers_and_depots_at_cost(mega: Game) -> None:
    # issue 7: "score counts skyscrapers and depots at cost like other buildings"
    from banker.valuation import worth

    brown_hotels(mega)
    play(mega, "build alice mediterranean")
    own(mega, "Alice", "Reading Railroad")
    play(mega, "depot alice reading")
    w = worth(mega.state, "Alice")
    assert w.buildings == 3 * (4 * 50 + 50) + 50 + 100
    assert w.deeds == 60 + 60 + 80 + 200


# -- repairs -----------------------------------------------------------------------------------------


def test_repairs_cards_charge_per_skyscraper_and_per_depot(mega: Game) -> None:
    # mega.toml (unverified, [B1]): Chance $25/house, $100/hotel, $100/skyscraper, $25/depot;
    # Community Chest $40/house, $115/hotel, $115/skyscraper, $25/depot
    brown_hotels(mega)
    play(mega, "build alice mediterranean")  # 1 skyscraper, 2 hotels
    own(mega, "Alice", *LIGHT_BLUE[:3], "Reading Railroad", "Pennsylvania Railroad")
    build_evenly(mega, "Alice", LIGHT_BLUE[:3], 1)  # 3 houses
    play(mega, "depot alice reading", 'depot alice "pennsylvania railroad"')  # 2 depots
    assert paid(mega, "Alice", "card alice chance general-repairs") == 3 * 25 + 2 * 100 + 100 + 2 * 25
    assert paid(mega, "Alice", "card alice chest street-repairs") == 3 * 40 + 2 * 115 + 115 + 2 * 25


# -- bus tickets -------------------------------------------------------------------------------------


def test_a_ticket_comes_from_the_bank(mega: Game) -> None:
    # 000:98 "BUS TICKET Take a Bus Ticket and keep for use on a later turn"; 000:58 (a Bus roll)
    outcome = play(mega, "ticket alice")[0]
    assert outcome.summary == "Alice takes a bus ticket from the bank (bus ticket)"
    assert tickets(mega) == {"bank": 15, "out": 0, "Alice": 1, "Bob": 0, "Carol": 0}
    body = mega.state_json()
    assert body["players"][0]["bus_tickets"] == 1 and body["bank"]["bus_tickets"] == 15
    conserved(mega)


def test_there_are_16_tickets_and_then_none(mega: Game) -> None:
    # 000:80 "There are 16 tickets in all. When they are gone, they're gone!"; 000:98 "Do nothing if
    # no Bus Tickets remain"
    for n in range(16):
        play(mega, f"ticket {('alice', 'bob', 'carol')[n % 3]}")
    assert tickets(mega)["bank"] == 0
    assert refused(mega, "ticket alice") == "the bank has no bus tickets left; nothing to take"
    assert refused(mega, "ticket alice expire") == "the bank has no bus tickets left; nothing to take"
    conserved(mega)


def test_all_tickets_expire_voids_every_other_ticket(mega: Game) -> None:
    # 000:80 "When an "All Tickets Expire" card is drawn, all other Tickets in the hands of the players
    # are lost to the bank (they've expired)" -- issue 7: out of play, like a used one
    play(mega, "ticket alice", "ticket bob", "ticket bob", "ticket carol")
    outcome = play(mega, "ticket carol expire")[0]
    assert outcome.summary == (
        "Alice's bus ticket goes out of play (expired); Bob's 2 bus tickets go out of play (expired); "
        "Carol's bus ticket goes out of play (expired); Carol takes a bus ticket from the bank "
        "(All Tickets Expire)")
    assert tickets(mega) == {"bank": 11, "out": 4, "Alice": 0, "Bob": 0, "Carol": 1}
    conserved(mega)


def test_expired_tickets_never_return_to_the_bank_supply(mega: Game) -> None:
    play(mega, "ticket alice", "ticket bob", "ticket alice expire")
    assert tickets(mega)["bank"] == 13, "16 - 3 taken; the 2 expired ones are out, not back"
    for _ in range(13):
        play(mega, "ticket carol")
    assert "no bus tickets left" in refused(mega, "ticket carol")
    assert tickets(mega) == {"bank": 0, "out": 2, "Alice": 1, "Bob": 0, "Carol": 13}


def test_the_ticket_word_is_ticket_or_expire(mega: Game) -> None:
    message = refused(mega, "ticket alice later")
    assert message == "'later': write `ticket <player>` or `ticket <player> expire`"


def test_a_ridden_ticket_is_out_of_play_for_good(mega: Game) -> None:
    # 000:80 "After using a Bus Ticket, give the Ticket to the Banker, it is out of play for the
    # remainder of the game"
    play(mega, "ticket alice", "ticket alice")
    outcome = play(mega, "ride alice")[0]
    assert outcome.summary == "Alice's bus ticket goes out of play (ridden)"
    assert tickets(mega) == {"bank": 14, "out": 1, "Alice": 1, "Bob": 0, "Carol": 0}
    conserved(mega)


def test_riding_without_a_ticket_is_refused(mega: Game) -> None:
    # 000:80 "use a Bus Ticket (if you have any) instead of rolling the dice"
    assert refused(mega, "ride bob") == "Bob holds no bus ticket; roll the dice instead"


def test_tickets_are_traded(mega: Game) -> None:
    # 000:80 "You can buy/sell/trade Bus Tickets with other players"
    play(mega, "ticket alice")
    outcome = play(mega, "trade alice bob give ticket get $20")[0]
    assert outcome.summary == ("trade between Alice and Bob: Alice hands a bus ticket to Bob (trade); "
                               "Bob pays Alice $20 (trade)")
    assert (tickets(mega)["Alice"], tickets(mega)["Bob"]) == (0, 1)
    assert (cash(mega, "Alice"), cash(mega, "Bob")) == (2520, 2480)
    conserved(mega)


def test_several_tickets_are_traded_by_repeating_the_word(mega: Game) -> None:
    play(mega, "ticket alice", "ticket alice", "ticket alice")
    play(mega, "trade alice bob give ticket ticket get $40")
    assert (tickets(mega)["Alice"], tickets(mega)["Bob"]) == (1, 2)
    own(mega, "Carol", "Boardwalk")
    play(mega, "trade carol bob give boardwalk get tickets tickets")
    assert (tickets(mega)["Bob"], tickets(mega)["Carol"]) == (0, 2)
    assert mega.state.deeds["Boardwalk"].owner == "Bob"


def test_a_count_before_tickets_is_not_cash(mega: Game) -> None:
    play(mega, "ticket alice", "ticket alice")
    play(mega, "trade alice bob give 2 tickets get $20")
    assert (tickets(mega)["Bob"], cash(mega, "Bob")) == (2, 2480)


def test_trading_more_tickets_than_held_is_refused(mega: Game) -> None:
    play(mega, "ticket alice")
    message = refused(mega, "trade alice bob give ticket ticket get $40")
    assert message == "Alice holds 1 bus ticket, not 2; trade at most 1"
    assert refused(mega, "trade alice bob give $5 get ticket") == "Bob holds 0 bus tickets, not 1; trade at most 0"


# -- the Birthday Gift -------------------------------------------------------------------------------


def test_birthday_gift_pays_100_from_the_bank(mega: Game) -> None:
    # 000:94 "BIRTHDAY GIFT If you land here collect $100 from the Bank, or draw a Bus Ticket"
    outcome = play(mega, "gift alice")[0]
    assert outcome.summary == "bank pays Alice $100 (birthday gift)"
    assert cash(mega, "Alice") == 2600 and tickets(mega)["Alice"] == 0


def test_birthday_gift_may_be_a_ticket_instead(mega: Game) -> None:
    # 000:94 "... or draw a Bus Ticket for use on a later turn. Your choice."
    outcome = play(mega, "gift alice ticket")[0]
    assert outcome.summary == "Alice takes a bus ticket from the bank (birthday gift)"
    assert cash(mega, "Alice") == 2500 and tickets(mega)["Alice"] == 1 and tickets(mega)["bank"] == 15
    conserved(mega)


def test_birthday_gift_ticket_with_none_left_is_refused_with_the_cash_hint(mega: Game) -> None:
    for _ in range(16):
        play(mega, "ticket bob")
    message = refused(mega, "gift alice ticket")
    assert message == "the bank has no bus tickets left; take the $100: gift Alice"
    play(mega, "gift alice")


def test_birthday_gift_takes_cash_or_ticket_only(mega: Game) -> None:
    message = refused(mega, "gift alice goojf")
    assert message == "'goojf': write `gift <player>` for the cash or `gift <player> ticket`"


# -- other editions ------------------------------------------------------------------------------------


def test_mega_pieces_are_refused_on_the_classic_board(game: Game) -> None:
    play(game, "buy alice reading")
    assert refused(game, "depot alice reading") == (
        "Monopoly — Classic (US board) has no train depots (they are in the Mega Edition)")
    assert refused(game, "ticket alice") == (
        "Monopoly — Classic (US board) has no bus tickets; that is for another edition")
    assert "has no bus tickets" in refused(game, "ride alice")
    assert refused(game, "gift alice") == "Monopoly — Classic (US board) has no Birthday Gift space"


def test_the_classic_board_still_builds_on_whole_groups_only(game: Game) -> None:
    play(game, "buy alice oriental", "buy alice vermont")
    assert "must own the whole light blue group" in refused(game, "build alice oriental")


# -- conservation and undo -----------------------------------------------------------------------------


def test_tickets_and_pieces_are_conserved_through_a_game(mega: Game) -> None:
    # 000:80 16 tickets in all; 000:25-26 the box's pieces: every line keeps them where they can be counted
    lines = [
        "collect alice 10000", "collect bob 3000",
        *[f'buy alice "{d}"' for d in BROWN], *[f'buy bob "{d}"' for d in RAILROADS[:2]],
        "ticket alice", "ticket bob", "gift carol ticket", "ticket carol",
        *["build alice mediterranean", "build alice baltic", "build alice arctic"] * 6,
        "depot bob reading", 'depot bob "pennsylvania railroad"',
        "trade carol alice give ticket get $15", "ride alice", "ticket bob expire",
        "sell alice arctic", "sell alice baltic", "sell alice mediterranean", "sell alice arctic",
        "sell bob reading", "ticket alice",
        "card alice chance general-repairs", "rent carol baltic", "bankrupt carol alice 50000",
        "bankrupt bob 50000", "bid alice 10", "sold", "sold",
    ]
    for line in lines:
        play(mega, line)
        conserved(mega)
    assert tickets(mega)["out"] == 4


UNDOABLE = [
    pytest.param(['buy alice "reading railroad"'], "depot alice reading", id="depot"),
    pytest.param(['buy alice "reading railroad"', "depot alice reading"], "sell alice reading", id="depot-sale"),
    pytest.param([], "ticket alice", id="ticket"),
    pytest.param(["ticket alice", "ticket bob", "ticket bob"], "ticket carol expire", id="expire"),
    pytest.param(["ticket alice"], "ride alice", id="ride"),
    pytest.param([], "gift alice", id="gift-cash"),
    pytest.param([], "gift alice ticket", id="gift-ticket"),
    pytest.param(["ticket alice", "ticket alice"], "trade alice bob give ticket ticket get $30", id="trade-tickets"),
    pytest.param(["collect alice 10000", *[f'buy alice "{d}"' for d in BROWN],
                  *["build alice med", "build alice baltic", "build alice arctic"] * 5],
                 "build alice mediterranean", id="skyscraper"),
    pytest.param(["collect alice 10000", *[f'buy alice "{d}"' for d in BROWN],
                  *["build alice med", "build alice baltic", "build alice arctic"] * 5, "build alice med"],
                 "sell alice mediterranean", id="skyscraper-sale"),
    pytest.param(["buy alice med", "buy alice baltic"], "build alice med", id="all-but-one-house"),
    pytest.param(["buy alice med", "buy alice baltic", "build alice med", "build alice baltic",
                  "build alice med", "build alice baltic"], "buy alice arctic", id="last-street"),
    pytest.param(['buy carol "reading railroad"', "depot carol reading", "ticket carol"], "bankrupt carol bob 5000",
                 id="bankrupt-depot"),
    pytest.param(['buy carol "reading railroad"', "depot carol reading", "ticket carol"], "bankrupt carol 5000",
                 id="bankrupt-to-the-bank"),
]


@pytest.mark.parametrize(("setup", "line"), UNDOABLE)
def test_undo_restores_the_state_exactly(mega: Game, setup: list[str], line: str) -> None:
    play(mega, *setup)
    before = mega.state.to_json()
    play(mega, line)
    after = mega.state.to_json()
    assert after != before
    play(mega, "undo")
    assert mega.state.to_json() == before
    conserved(mega)
    play(mega, "redo")
    assert mega.state.to_json() == after


def test_houses_are_redistributed_free_toward_the_new_street(mega: Game) -> None:
    """000:70 "if you can't afford to do so, you must redistribute existing houses among all properties of
    the group": houses move free, never making the group less even."""
    own(mega, "Alice", *BROWN[:2])
    build_evenly(mega, "Alice", BROWN[:2], 2)
    own(mega, "Alice", "Arctic Avenue")
    cash = mega.state.cash("Alice")
    play(mega, "redistribute alice mediterranean arctic")
    assert [mega.state.deeds[d].level for d in BROWN] == [1, 2, 1]
    assert mega.state.cash("Alice") == cash and mega.state.bank_houses == 32 - 4
    assert refused(mega, "redistribute alice mediterranean arctic") == (
        "moving 1 from Mediterranean Avenue to Arctic Avenue makes the group less even; move toward the lowest street")
    assert refused(mega, "redistribute alice baltic arctic 3") == "Baltic Avenue has 2 houses; move at most that"
