"""Every charge says why (issue 14): each rent, tax, bill, card, repairs and fee line of the ledger names how its
amount was reached, in one parenthesis, on every edition; games written before the basis was kept read as before.

Rulebooks: 003 = classic US, 002 = classic UK + the Speed Die, 000 = Mega Edition, 001 = Sore Losers, 004 = City.
"""

from __future__ import annotations

import pytest
from conftest import NewGame, build_evenly, play

from banker import events as ev
from banker.describe import describe
from banker.game import Game
from banker.history import entries
from editions import load_edition

DARK_BLUE = ["Park Place", "Boardwalk"]
BROWN = ["Mediterranean Avenue", "Baltic Avenue"]


def last_lines(game: Game, count: int = 1) -> list[str]:
    """The last lines of the ledger as `banker ledger` and the ledger screen read them."""
    return [entry.text for entry in entries(game.records)][-count:]


def title(game: Game, deck: str, key: str) -> str:
    return next(card.title for card in game.state.edition.cards if card.deck == deck and card.key == key)


@pytest.fixture
def mega(new_game: NewGame) -> Game:
    return new_game("mega")


@pytest.fixture
def sl(new_game: NewGame) -> Game:
    return new_game("sore-losers")


@pytest.fixture
def city(new_game: NewGame) -> Game:
    return new_game("city")


# -- classic streets (003) --------------------------------------------------------------------------------


def test_rent_with_houses_names_the_houses(game: Game) -> None:
    # 003:87 "If the site is improved with houses or hotels, the rent will be much higher – as shown on the Title Deed"
    play(game, "collect alice 500", "buy alice park", "buy alice boardwalk")
    build_evenly(game, "Alice", DARK_BLUE, 2)
    play(game, "rent carol boardwalk")
    assert last_lines(game) == ["Carol pays Alice $600 rent for Boardwalk (2 houses)"]


def test_rent_with_a_hotel_names_the_hotel(game: Game) -> None:
    play(game, "collect alice 2000", "collect bob 1000", "buy alice park", "buy alice boardwalk")
    build_evenly(game, "Alice", DARK_BLUE, 5)
    assert play(game, "rent bob boardwalk")[0].summary == "Bob pays Alice $2,000 rent for Boardwalk (a hotel)"
    assert last_lines(game) == ["Bob pays Alice $2,000 rent for Boardwalk (a hotel)"]


def test_an_unbuilt_whole_group_says_the_rent_is_doubled_and_why(game: Game) -> None:
    # 003:87 "This is doubled if the owner owns all sites in its color group and none of them are mortgaged"
    play(game, "buy alice park", "buy alice boardwalk", "rent bob boardwalk")
    assert last_lines(game) == ["Bob pays Alice $100 rent for Boardwalk "
                                "(double: Alice owns every dark blue, none built)"]


def test_a_lone_street_says_it_has_no_houses(game: Game) -> None:
    # 003:87 "The rent for an unimproved site is printed on the matching Title Deed card"
    play(game, "buy alice boardwalk", "rent bob boardwalk")
    assert last_lines(game) == ["Bob pays Alice $50 rent for Boardwalk (no houses)"]


def test_a_mortgaged_street_of_the_group_says_why_the_rent_is_not_doubled(game: Game) -> None:
    # 003:87 "doubled if the owner owns all sites in its color group and none of them are mortgaged"
    play(game, "buy alice park", "buy alice boardwalk", "mortgage alice park", "rent bob boardwalk")
    assert last_lines(game) == ["Bob pays Alice $50 rent for Boardwalk (no houses; not doubled while Park Place "
                                "is mortgaged)"]


def test_a_railroad_names_how_many_railroads_the_owner_has(game: Game) -> None:
    # 003:91 "Rent depends on how many railroads the other player owns."
    play(game, "buy alice reading", "buy alice short", "rent bob reading")
    assert last_lines(game) == ["Bob pays Alice $50 rent for Reading Railroad (2 railroads)"]


def test_a_station_is_named_in_the_uk_board_words(new_game: NewGame) -> None:
    uk = new_game("classic-uk")
    play(uk, "buy alice \"kings cross\"", "rent bob \"kings cross\"")
    assert last_lines(uk) == ["Bob pays Alice M25 rent for King's Cross Station (1 station)"]


# -- utilities: the dice (003, 002) ------------------------------------------------------------------------


def test_a_utility_names_the_dice_and_the_multiplier(game: Game) -> None:
    # 003:98 "Roll the dice and multiply the result by 4 ... If the owning player owns both utilities, multiply
    # the result by 10!"
    play(game, "buy bob electric", "rent alice electric 8")
    assert last_lines(game) == ["Alice pays Bob $32 rent for Electric Company (dice 8 × 4: one utility owned)"]
    play(game, "buy bob water", "rent carol water 7")
    assert last_lines(game) == ["Carol pays Bob $70 rent for Water Works (dice 7 × 10: both utilities owned)"]


def test_the_speed_die_utility_rent_says_three_dice(new_game: NewGame) -> None:
    # 002:24 "Roll all 3 dice to determine the rent for a utility."
    speedy = new_game("classic-us", ["speed-die"])
    play(speedy, "buy alice electric", "rent bob electric 15")
    assert last_lines(speedy) == ["Bob pays Alice $60 rent for Electric Company (three dice 15 × 4: one utility owned)"]


# -- cards: nearest deed and repairs --------------------------------------------------------------------------


def test_a_nearest_railroad_card_says_twice_the_rent(game: Game) -> None:
    # 003 Chance: "Advance to the nearest Railroad; if owned pay owner twice the rental"
    play(game, "buy alice reading", "buy alice 'pennsylvania railroad'", "card bob chance nearest-railroad reading")
    card = title(game, "chance", "nearest-railroad")
    assert last_lines(game) == [f'Bob draws Chance "{card}": Bob pays Alice $100 (card: twice the rent, 2 railroads)']


def test_a_nearest_utility_card_says_ten_times_the_dice(game: Game) -> None:
    play(game, "buy alice electric", "card bob chance nearest-utility electric 9")
    card = title(game, "chance", "nearest-utility")
    assert last_lines(game) == [f'Bob draws Chance "{card}": Bob pays Alice $90 (card: dice 9 × 10)']


def test_a_repairs_card_counts_the_houses_and_hotels(game: Game) -> None:
    # 003 Chance: "Make general repairs on all your property: For each house pay $25, for each hotel pay $100"
    play(game, "buy alice mediterranean", "buy alice baltic")
    build_evenly(game, "Alice", BROWN, 4)
    play(game, "build alice mediterranean", "card alice chance general-repairs")
    card = title(game, "chance", "general-repairs")
    assert last_lines(game) == [f'Alice draws Chance "{card}": Alice pays bank $200 (4 houses × $25, 1 hotel × $100)']


def test_a_repairs_card_without_buildings_says_there_is_nothing_to_pay(game: Game) -> None:
    play(game, "card alice chest street-repairs")
    assert last_lines(game) == [f'Alice draws Community Chest "{title(game, "community_chest", "street-repairs")}" '
                                "(no buildings)"]


def test_a_card_that_passes_go_says_so(game: Game) -> None:
    play(game, "card alice chance nearest-railroad reading go")
    card = title(game, "chance", "nearest-railroad")
    assert last_lines(game) == [f'Alice draws Chance "{card}": bank pays Alice $200 (passed GO)']


# -- taxes and fees --------------------------------------------------------------------------------------


def test_a_tax_says_it_is_the_amount_shown_on_the_space(game: Game) -> None:
    # 003:106 "INCOME TAX / LUXURY TAX" -- pay the amount shown
    play(game, "tax bob income")
    assert last_lines(game) == ["Bob pays $200 Income Tax (the amount shown on the space)"]


def test_mortgage_interest_and_lifting_name_the_ten_percent(game: Game) -> None:
    # 003:188 "you must either repay it immediately or just pay 10% of the listed value";
    # 003:180 "pay the listed value plus 10% to the Bank"
    play(game, "buy carol boardwalk", "mortgage carol boardwalk", "trade carol bob give boardwalk get $10")
    assert last_lines(game) == ["Bob pays $20 interest to keep Boardwalk mortgaged (10% of the $200 mortgage)"]
    play(game, "unmortgage bob boardwalk")
    assert last_lines(game) == ["Bob lifts the mortgage on Boardwalk for $220 ($200 mortgage + 10% interest)"]


# -- Mega (000) -------------------------------------------------------------------------------------------


def test_mega_triples_an_unbuilt_whole_group(mega: Game) -> None:
    # 000:70 "you are entitled to collect TRIPLE rent on any unimproved property in a group once you own all"
    play(mega, "buy alice florida", "buy alice park", "buy alice boardwalk", "rent bob boardwalk")
    assert last_lines(mega) == ["Bob pays Alice $150 rent for Boardwalk "
                                "(triple: Alice owns every dark blue, none built)"]


def test_mega_a_depot_doubles_the_railroad_rent(mega: Game) -> None:
    # 000:74 "A Train Depot doubles the rent due for the Railroad."
    play(mega, "buy carol reading", "buy carol b&o", "buy carol short", "depot carol short", "rent alice short")
    assert last_lines(mega) == ["Alice pays Carol $200 rent for Short Line (3 railroads, depot: doubled)"]
    play(mega, "card alice chance nearest-railroad short")
    card = title(mega, "chance", "nearest-railroad")
    assert last_lines(mega) == [f'Alice draws Chance "{card}": Alice pays Carol $400 '
                                "(card: twice the rent, 3 railroads, depot: doubled)"]


def test_mega_utility_rent_on_three_utilities(mega: Game) -> None:
    play(mega, "buy bob electric", "buy bob water", "buy bob gas", "rent carol gas 14")
    assert last_lines(mega) == ["Carol pays Bob $280 rent for Gas Company (three dice 14 × 20: all 3 utilities owned)"]


def test_mega_repairs_count_skyscrapers_and_depots(mega: Game) -> None:
    # 000 (README): repairs cards charge per skyscraper and per depot
    play(mega, "collect alice 10000", "buy alice florida", "buy alice park", "buy alice boardwalk",
         "buy alice reading", "depot alice reading")
    build_evenly(mega, "Alice", ["Florida Avenue", *DARK_BLUE], 5)
    play(mega, "build alice boardwalk", "card alice chance general-repairs")
    card = title(mega, "chance", "general-repairs")
    assert last_lines(mega) == [f'Alice draws Chance "{card}": Alice pays bank $325 '
                                "(2 hotels × $100, 1 skyscraper × $100, 1 depot × $25)"]
    play(mega, "collect bob 1000", "rent bob boardwalk")
    assert last_lines(mega) == ["Bob pays Alice $3,000 rent for Boardwalk (a skyscraper)"]


# -- Sore Losers (001) -----------------------------------------------------------------------------------


def make_mr_monopoly(game: Game, player: str) -> None:
    while game.state.count("coin", player) < 4:
        play(game, f"coin {player}")
    play(game, f"cashin {player}")


def test_sore_losers_a_bill_says_the_amount_shown_and_earns_a_coin(sl: Game) -> None:
    # 001:12 "Immediately collect one sore loser coin each time you: ... - pay taxes or bills"
    play(sl, "tax bob electric")
    assert last_lines(sl, 2) == ["Bob pays M150 Electric Bill (the amount shown on the space)",
                                 "Bob takes a sore loser coin from the bank (for paying a tax or bill)"]


def test_sore_losers_mr_monopoly_reversed_rent_names_its_basis(sl: Game) -> None:
    # 001:29 "instead of paying rent when you land on another player's property, collect that rent from them"
    play(sl, "buy alice park", "buy alice boardwalk", "build alice boardwalk")
    make_mr_monopoly(sl, "Carol")
    play(sl, "rent carol boardwalk")
    assert last_lines(sl, 2) == ["Alice pays Mr. Monopoly (Carol) M200 rent for Boardwalk (1 house)",
                                 "Alice takes a sore loser coin from the bank (for paying rent)"]
    play(sl, "tax carol water")
    # 001:30 "instead of paying taxes or bills ... collect the amount shown on the board space from the Bank"
    assert last_lines(sl) == ["Mr. Monopoly (Carol) collects M150 from the bank on Water Bill "
                              "(the amount shown on the space)"]


def test_sore_losers_final_round_rents_name_their_basis(sl: Game) -> None:
    # 001:117 "For properties in a set, collect double rent."
    play(sl, "collect carol 10000", "buy alice park", "buy alice boardwalk")
    for deed in [d for d, h in sl.state.deeds.items() if h.owner == "bank"]:
        play(sl, f'buy carol "{deed}"')
    outcome = play(sl, "final")[0]
    park = next(e for e in outcome.events if isinstance(e, ev.FinalRentCollected) and e.deed == "Park Place")
    assert describe(park, sl.money) == ("Alice collects M70 rent for Park Place from the bank "
                                        "(double: Alice owns every dark blue, none built)")


# -- Monopoly City (004) ---------------------------------------------------------------------------------


def city_blocks(game: Game, player: str, deed: str, kind: str, count: int) -> None:
    """`count` blocks, one Build spin of up to 3 at a time (another player presses in between)."""
    while count:
        step = min(3, count)
        if game.state.spin is not None and game.state.spin.player == player:
            play(game, "spin carol 1")
        play(game, f"spin {player} {step}", f'build {player} "{deed}" {kind} {step}')
        count -= step


def test_city_a_skyscraper_doubles_the_blocks(city: Game) -> None:
    # 004:224 "A skyscraper immediately doubles the rent value of all districts in its color group."
    play(city, "buy alice summergate", "buy alice stoneside")
    city_blocks(city, "Alice", "Summergate", "residential", 3)
    play(city, "skyscraper alice summergate", "rent bob summergate")
    assert last_lines(city) == ["Bob pays Alice M800k rent for Summergate (3 residential blocks, skyscraper: doubled)"]


def test_city_the_rulebook_example_names_the_hazard_and_the_skyscraper(city: Game) -> None:
    # 004:274-282: 2 residential blocks worthless under a power station, 4 industrial blocks M3.5m, a skyscraper on
    # Harbor Heights doubles it: M7m
    play(city, "buy alice \"old town\"", "buy alice \"harbor heights\"", "buy alice \"central quay\"")
    city_blocks(city, "Alice", "Central Quay", "residential", 2)
    play(city, 'hazard bob "central quay" power')
    city_blocks(city, "Alice", "Central Quay", "industrial", 4)
    play(city, 'skyscraper alice "harbor heights"', 'rent bob "central quay"')
    assert last_lines(city) == ["Bob pays Alice M7m rent for Central Quay (4 industrial blocks, "
                                "Power Station: 2 residential worthless, skyscraper on Harbor Heights: doubled)"]
    # 004:257 "To remove a prison (4 blocks) from your district, pay M2m (4 x M500k)"
    play(city, 'clear alice "central quay"')
    assert last_lines(city) == ["Alice clears the hazard from Central Quay for M1.5m (Power Station: 3 blocks × M500k)"]


def test_city_the_tower_doubles_every_district_of_its_owner(city: Game) -> None:
    # 004:228 "This doubles the rent value of every district you own!"
    play(city, *[f'buy alice "{d}"' for d in ("Summergate", "Stoneside", "Fortune Valley", "Diamond Hills")])
    play(city, "tower alice summergate", "rent bob stoneside")
    assert last_lines(city) == ["Bob pays Alice M80k rent for Stoneside (no blocks, Monopoly Tower: doubled)"]
    play(city, "mortgage alice stoneside")
    # 004:295 "The mortgage value is the same as the district's current rent value."
    assert last_lines(city) == ["Alice mortgages Stoneside for M80k "
                                "(its rent value: no blocks, Monopoly Tower: doubled)"]


def test_city_industry_tax_and_stadium_wages_say_why(city: Game) -> None:
    play(city, "buy alice summergate", "buy alice stoneside")
    city_blocks(city, "Alice", "Summergate", "industrial", 1)
    play(city, "tax alice industry")
    assert last_lines(city) == ["Alice pays M2m Industry Tax (the amount shown on the space; Alice owns industrial "
                                "blocks)"]
    # 004: "Collect M1m per stadium you own every time you pass GO"
    play(city, "stadium alice summergate", "go alice")
    assert last_lines(city) == ["Alice collects M3m salary for passing GO (M2m salary + 1 stadium × M1m)"]


def test_city_the_rent_dodge_card_goes_by_its_name(city: Game) -> None:
    # 004:324 "When you land on FREE PARKING, collect the Rent Dodge card from beside the board."
    play(city, "buy alice summergate", "parking bob", "dodge bob summergate")
    assert last_lines(city, 3) == ["Bob takes the Rent Dodge card from the bank (Free Parking)",
                                   "Bob plays the Rent Dodge card on Summergate: no rent",
                                   "Bob returns the Rent Dodge card to the bank (used)"]


# -- files written before the basis was kept ----------------------------------------------------------------


def test_an_old_payload_without_a_basis_reads_exactly_as_before() -> None:
    money = load_edition("classic-us").money
    rent = ev.decode("RentPaid", {"payer": "Bob", "owner": "Alice", "deed": "Electric Company", "dice": 8,
                                  "transfers": [["Bob", "Alice", 32]]})
    assert describe(rent, money) == "Bob pays Alice $32 rent for Electric Company (dice 8)"
    tax = ev.decode("TaxPaid", {"player": "Bob", "space": "Income Tax", "transfers": [["Bob", "bank", 200]]})
    assert describe(tax, money) == "Bob pays $200 Income Tax"
    card = ev.decode("CardDrawn", {"player": "Alice", "deck": "chance", "card": "general-repairs",
                                   "title": "Make general repairs", "passed_go": False, "deed": "",
                                   "transfers": [["Alice", "bank", 100]]})
    assert describe(card, money) == 'Alice draws Chance "Make general repairs": Alice pays bank $100'
    lifted = ev.decode("MortgageLifted", {"player": "Alice", "deed": "Boardwalk",
                                          "transfers": [["Alice", "bank", 220]]})
    assert describe(lifted, money) == "Alice lifts the mortgage on Boardwalk for $220"


def test_a_new_payload_keeps_its_basis_through_the_file(game: Game) -> None:
    play(game, "buy alice boardwalk", "rent bob boardwalk")
    stored = game.records[-1]
    assert stored.event.payload()["basis"] == "no houses"
    assert describe(ev.decode("RentPaid", stored.event.payload()), game.money) == (
        "Bob pays Alice $50 rent for Boardwalk (no houses)")


def test_a_holding_is_named_from_the_games_own_edition() -> None:
    city = load_edition("city")
    moved = ev.HoldingMoved("rent_dodge", "bank", "Bob", 1, "Free Parking")
    assert describe(moved, city.money, city) == "Bob takes the Rent Dodge card from the bank (Free Parking)"
    assert describe(moved, city.money) == "Bob takes the Rent Dodge card from the bank (Free Parking)"
    tickets = ev.HoldingMoved("bus_ticket", "Bob", ev.OUT, 2, "expired")
    assert describe(tickets, city.money) == "Bob's 2 bus tickets go out of play (expired)"
