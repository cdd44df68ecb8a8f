"""Editions as data: the shipped classic US / UK files and the validator that reads them.

Rulebooks cited (shared/rulebooks/):
  003_bd567e81029bde2a.txt  US Classic, 85th Anniversary Crystal Edition  (classic-us)
  002_8dafff28609b919a.txt  UK Classic, Winning Moves print, Speed Die     (classic-uk)
Values no rulebook states (street numbers, card decks, tax amounts) come from the reference data in
shared/reference/editions/ and are checked here as transcribed.
"""

from __future__ import annotations

import re
import shutil
import sys
from collections import Counter
from pathlib import Path

import pytest

# The project is not installed into the venv and has no conftest: make `editions` importable from here.
PROJECT_ROOT = str(Path(__file__).resolve().parents[1])
if PROJECT_ROOT not in sys.path:
    sys.path.insert(0, PROJECT_ROOT)

import editions  # noqa: E402
from editions import Edition, EditionError, edition_files, load_edition, load_edition_file  # noqa: E402

EDITIONS = ("classic-us", "classic-uk")

US_CHANCE_KEYS = {
    "boardwalk", "go", "illinois", "st-charles", "nearest-railroad", "nearest-utility", "dividend", "goojf",
    "back-3", "jail", "general-repairs", "speeding-fine", "reading", "chairman", "building-loan",
}
UK_CHANCE_KEYS = {
    "mayfair", "go", "trafalgar", "pall-mall", "nearest-station", "nearest-utility", "dividend", "goojf",
    "back-3", "jail", "general-repairs", "speeding-fine", "kings-cross", "chairman", "building-loan",
}
CHEST_KEYS = {
    "go", "bank-error", "doctor", "stock", "goojf", "jail", "holiday-fund", "tax-refund", "birthday",
    "life-insurance", "hospital", "school", "consultancy", "street-repairs", "beauty", "inherit",
}

# What differs between the two boards; everything else is checked as equal for both.
EXPECTED = {
    "classic-us": {
        "currency": "$",
        "players": (2, 6),  # 003: "2-6 PLAYERS"
        "railroad_word": "railroad",
        "taxes": {"Income Tax": 200, "Luxury Tax": 100},
        "top_street": "Boardwalk",
        "first_street": "Mediterranean Avenue",
        "railroads": ["Reading Railroad", "Pennsylvania Railroad", "B. & O. Railroad", "Short Line"],
        "chance_keys": US_CHANCE_KEYS,
    },
    "classic-uk": {
        "currency": "M",
        "players": (2, 8),  # 002 contents: "8 tokens"
        "railroad_word": "station",
        "taxes": {"Income Tax": 200, "Super Tax": 100},
        "top_street": "Mayfair",
        "first_street": "Old Kent Road",
        "railroads": [
            "King's Cross Station", "Marylebone Station",
            "Fenchurch Street Station", "Liverpool Street Station",
        ],
        "chance_keys": UK_CHANCE_KEYS,
    },
}
RULEBOOK = {"classic-us": "003", "classic-uk": "002"}
KEY_FORMAT = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")


@pytest.fixture(autouse=True)
def no_real_user_editions(monkeypatch, tmp_path_factory):
    """Keep the developer's own user-edition folder out of every test."""
    empty = tmp_path_factory.mktemp("no-user-editions")
    monkeypatch.setattr(editions, "user_editions_dir", lambda: empty)


@pytest.fixture(params=EDITIONS, ids=[f"{e}-rulebook-{RULEBOOK[e]}" for e in EDITIONS])
def edition(request) -> Edition:
    return load_edition(request.param)


def expected(edition: Edition) -> dict:
    return EXPECTED[edition.id]


def card_by_key(edition: Edition, deck: str, key: str):
    """What the banker's typed key resolves to: one card (duplicates must be identical copies)."""
    found = [c for c in edition.cards if c.deck == deck and c.key == key]
    assert found, f"{edition.id}: no {deck} card with key {key!r}"
    assert all(c == found[0] for c in found), f"{edition.id}: key {key!r} names different cards"
    return found[0]


# --- the shipped classic editions -------------------------------------------------------------------


def test_both_classic_editions_are_listed_and_load():
    files = edition_files()
    for name in EDITIONS:
        assert files[name] == editions.SHIPPED_DIR / f"{name}.toml"
        loaded = load_edition(name)
        assert loaded.id == name
        assert loaded.name and loaded.about


def test_board_has_40_spaces_with_go_first_jail_at_10_go_to_jail_at_30(edition):
    assert len(edition.spaces) == 40
    assert [s.position for s in edition.spaces] == list(range(40))
    assert edition.spaces[0].type == "go"
    assert edition.spaces[10].type == "jail"
    assert edition.spaces[20].type == "free_parking"
    assert edition.spaces[30].type == "go_to_jail"
    counts = Counter(s.type for s in edition.spaces)
    assert counts["chance"] == 3 and counts["community_chest"] == 3 and counts["tax"] == 2


def test_28_title_deeds_22_streets_4_railroads_2_utilities(edition):
    # 002 contents: "28 Title Deed cards"; 003: "three types of property: Sites, Railroads and Utilities"
    kinds = Counter(d.kind for d in edition.deeds.values())
    assert len(edition.deeds) == 28
    assert kinds == {"street": 22, "railroad": 4, "utility": 2}
    in_order = sorted(edition.deeds.values(), key=lambda d: d.position)
    railroads = [d.name for d in in_order if d.kind == "railroad"]
    assert railroads == expected(edition)["railroads"]
    assert [d.position for d in edition.deeds.values() if d.kind == "railroad"] == [5, 15, 25, 35]
    assert sorted(d.position for d in edition.deeds.values() if d.kind == "utility") == [12, 28]


def test_eight_colour_groups_of_two_or_three_streets(edition):
    groups = Counter(d.group for d in edition.deeds.values() if d.kind == "street")
    assert len(groups) == 8
    assert sorted(groups.values()) == [2, 2, 3, 3, 3, 3, 3, 3]
    first = expected(edition)["first_street"]
    assert edition.group_of(first) == (first, edition.spaces[3].name)
    assert edition.deeds[first].position == 1


def test_16_chance_and_16_community_chest_cards(edition):
    # 002 contents: "16 Chance Cards, 16 Community Chest Cards"
    decks = Counter(c.deck for c in edition.cards)
    assert decks == {"chance": 16, "community_chest": 16}


def test_start_cash_1500_go_salary_200_jail_fine_50(edition):
    # 003: 2x500 + 4x100 + 50 + 20 + 2x10 + 5 + 5x1 = 1500 (002's text does not state start cash);
    # 003 / 002: "onto or past the GO space, collect 200"; "Pay 50" to leave jail.
    assert 2 * 500 + 4 * 100 + 50 + 20 + 2 * 10 + 5 + 5 * 1 == 1500
    assert edition.starting_cash == 1500
    assert edition.go_salary == 200
    assert edition.jail_fine == 50


def test_bank_has_32_houses_and_12_hotels(edition):
    # 002 contents: "32 green houses, 12 red hotels" (003 does not list the count)
    assert (edition.houses, edition.hotels) == (32, 12)


def test_player_count_currency_and_the_tables_word_for_railroads(edition):
    exp = expected(edition)
    assert (edition.min_players, edition.max_players) == exp["players"]
    assert edition.currency == exp["currency"]
    assert edition.term("railroad") == exp["railroad_word"]
    assert edition.money(1500) == f"{exp['currency']}1,500"


def test_auction_from_1_mortgage_interest_10_pct_double_rent_broken_by_mortgage(edition):
    # 003 / 002: "start the bidding for as little as 1"; repay "the listed value plus 10%";
    # unimproved rent "is doubled if the owner owns all sites in its colour group and none of them
    # are mortgaged"
    assert edition.auction_min_bid == 1
    assert edition.mortgage_interest_pct == 10
    assert edition.group_rent_multiplier == 2
    assert edition.mortgage_breaks_group_rent is True


def test_mortgage_value_is_half_the_price_for_every_deed(edition):
    for deed in edition.deeds.values():
        assert deed.mortgage * 2 == deed.price, deed.name


def test_railroad_rent_25_50_100_200_price_200(edition):
    # 003 "Railroads: 1 2 3 4 / Rent: 25 50 100 200"; 002 "Travel squares" same table
    assert edition.railroad_rent == (25, 50, 100, 200)
    for deed in edition.deeds.values():
        if deed.kind == "railroad":
            assert (deed.price, deed.mortgage) == (200, 100), deed.name


def test_utility_rent_is_4_or_10_times_the_dice(edition):
    # 003 / 002: "multiply the result by 4 ... If the owning player owns both utilities, multiply by 10"
    assert edition.utility_multipliers == (4, 10)
    names = {d.name for d in edition.deeds.values() if d.kind == "utility"}
    assert names == {"Electric Company", "Water Works"}
    for name in names:
        assert (edition.deeds[name].price, edition.deeds[name].mortgage) == (150, 75)


def test_tax_spaces_and_amounts(edition):
    # US Income Tax 200 / Luxury Tax 100; UK Income Tax 200 / Super Tax 100 (rulebooks: "the amount shown")
    taxes = {s.name: s.amount for s in edition.spaces if s.type == "tax"}
    assert taxes == expected(edition)["taxes"]
    assert edition.spaces[4].name == "Income Tax"
    assert edition.spaces[38].amount == 100


def test_top_street_title_deed_boardwalk_or_mayfair(edition):
    top = edition.deeds[expected(edition)["top_street"]]
    assert top.position == 39
    assert top.price == 400
    assert top.rent == (50, 200, 600, 1400, 1700, 2000)
    assert (top.house_cost, top.hotel_cost, top.mortgage) == (200, 200, 200)
    assert edition.group_of(top.name) == (edition.spaces[37].name, top.name)


def test_first_street_title_deed_mediterranean_or_old_kent_road(edition):
    first = edition.deeds[expected(edition)["first_street"]]
    assert (first.price, first.house_cost, first.mortgage) == (60, 50, 30)
    assert first.rent == (2, 10, 30, 90, 160, 250)


def test_street_rent_rows_rise_with_each_building(edition):
    for deed in edition.deeds.values():
        if deed.kind == "street":
            assert len(deed.rent) == 6, deed.name
            assert all(a < b for a, b in zip(deed.rent, deed.rent[1:], strict=False)), deed.name
            assert deed.house_cost == deed.hotel_cost > 0, deed.name


def test_both_boards_share_every_number_only_the_names_differ():
    us, uk = load_edition("classic-us"), load_edition("classic-uk")
    assert [s.type for s in us.spaces] == [s.type for s in uk.spaces]
    assert [s.amount for s in us.spaces] == [s.amount for s in uk.spaces]

    def numbers(e: Edition):
        return [(d.position, d.kind, d.price, d.mortgage, d.rent, d.house_cost, d.hotel_cost)
                for d in sorted(e.deeds.values(), key=lambda d: d.position)]

    assert numbers(us) == numbers(uk)

    def card_numbers(e: Edition):
        # advance targets compared by board position: same square on both boards
        return [(c.deck, c.effect, c.amount, c.per_house, c.per_hotel, c.kind, c.rent_multiplier,
                 c.dice_multiplier, c.spaces, _position(e, c.target) if c.target else None) for c in e.cards]

    assert card_numbers(us) == card_numbers(uk)


def _position(edition: Edition, name: str) -> int:
    (position,) = [s.position for s in edition.spaces if s.name == name]
    return position


def test_card_keys_are_the_bankers_short_words(edition):
    for card in edition.cards:
        assert KEY_FORMAT.match(card.key), card.key
    chance = {c.key for c in edition.cards if c.deck == "chance"}
    chest = {c.key for c in edition.cards if c.deck == "community_chest"}
    assert chance == expected(edition)["chance_keys"]
    assert chest == CHEST_KEYS


def test_every_card_key_resolves_to_one_card(edition):
    for card in edition.cards:
        assert card_by_key(edition, card.deck, card.key) == card
    # the only duplicated key is the second "nearest railroad/station" Chance card
    dupes = Counter((c.deck, c.key) for c in edition.cards)
    assert {k: n for k, n in dupes.items() if n > 1} == {
        ("chance", "nearest-railroad" if edition.id == "classic-us" else "nearest-station"): 2
    }


def test_every_advance_target_is_a_space_on_this_board(edition):
    names = {s.name for s in edition.spaces}
    advances = [c for c in edition.cards if c.effect == "advance"]
    assert len(advances) == 6  # 4 Chance + Chance "Advance to Go" + Community Chest "Advance to Go"
    for card in advances:
        assert card.target in names, card.key


def test_only_advance_to_go_pays_salary_itself(edition):
    go = edition.spaces[0].name
    for card in edition.cards:
        if card.effect == "advance":
            assert (card.amount == 200) == (card.target == go), card.key
            assert card.amount in (0, 200), card.key
    for deck in ("chance", "community_chest"):
        card = card_by_key(edition, deck, "go")
        assert (card.effect, card.target, card.amount) == ("advance", go, 200)


def test_nearest_railroad_pays_double_nearest_utility_pays_ten_times_dice(edition):
    nearest = [c for c in edition.cards if c.effect == "advance_nearest"]
    assert sorted(c.kind for c in nearest) == ["railroad", "railroad", "utility"]
    for card in nearest:
        if card.kind == "railroad":
            assert card.rent_multiplier == 2
        else:
            assert card.dice_multiplier == 10


def test_card_money_amounts(edition):
    def amount(deck, key):
        return card_by_key(edition, deck, key).amount

    assert amount("chance", "dividend") == 50
    assert amount("chance", "speeding-fine") == 15
    assert amount("chance", "chairman") == 50
    assert amount("chance", "building-loan") == 150
    assert amount("community_chest", "bank-error") == 200
    assert amount("community_chest", "doctor") == 50
    assert amount("community_chest", "birthday") == 10
    assert amount("community_chest", "hospital") == 100
    assert card_by_key(edition, "chance", "speeding-fine").effect == "pay"
    assert card_by_key(edition, "community_chest", "birthday").effect == "collect_each_player"
    assert card_by_key(edition, "chance", "chairman").effect == "pay_each_player"
    repairs = card_by_key(edition, "chance", "general-repairs")
    assert (repairs.effect, repairs.per_house, repairs.per_hotel) == ("repairs", 25, 100)
    street = card_by_key(edition, "community_chest", "street-repairs")
    assert (street.effect, street.per_house, street.per_hotel) == ("repairs", 40, 115)
    back = card_by_key(edition, "chance", "back-3")
    assert (back.effect, back.spaces) == ("back", 3)
    for deck in ("chance", "community_chest"):
        assert card_by_key(edition, deck, "goojf").effect == "jail_free"
        assert card_by_key(edition, deck, "jail").effect == "jail"


def test_uk_trip_card_goes_to_kings_cross_station():
    # unverified between sources (King's Cross vs Marylebone); the shipped file chose King's Cross
    uk = load_edition("classic-uk")
    trip = card_by_key(uk, "chance", "kings-cross")
    assert (trip.effect, trip.target, trip.amount) == ("advance", "King's Cross Station", 0)
    assert _position(uk, trip.target) == 5


# --- finding editions ---------------------------------------------------------------------------------


def test_edition_files_lists_both_shipped_editions():
    files = edition_files()
    assert {"classic-us", "classic-uk"} <= set(files)
    assert all(path.suffix == ".toml" and path.is_file() for path in files.values())


def test_unknown_edition_name_raises_and_names_the_known_editions():
    with pytest.raises(EditionError) as caught:
        load_edition("classic-xx")
    message = str(caught.value)
    assert "classic-xx" in message
    assert "classic-us" in message and "classic-uk" in message


def test_edition_loads_by_path_too():
    path = editions.SHIPPED_DIR / "classic-uk.toml"
    assert load_edition(str(path)) == load_edition("classic-uk")


def test_user_edition_dropped_in_the_user_folder_is_listed_and_loads(monkeypatch, tmp_path):
    monkeypatch.setattr(editions, "user_editions_dir", lambda: tmp_path)
    shutil.copy(editions.SHIPPED_DIR / "classic-us.toml", tmp_path / "house-rules.toml")
    files = edition_files()
    assert files["house-rules"] == tmp_path / "house-rules.toml"
    assert "classic-us" in files and "classic-uk" in files
    mine = load_edition("house-rules")
    assert mine.id == "house-rules"
    assert mine.spaces == load_edition("classic-us").spaces


def test_user_edition_with_a_shipped_name_overrides_the_shipped_one(monkeypatch, tmp_path):
    monkeypatch.setattr(editions, "user_editions_dir", lambda: tmp_path)
    text = (editions.SHIPPED_DIR / "classic-us.toml").read_text(encoding="utf-8")
    changed = re.sub(r"(?m)^starting_cash = 1500", "starting_cash = 2000", text, count=1)
    assert changed != text
    (tmp_path / "classic-us.toml").write_text(changed, encoding="utf-8")
    assert edition_files()["classic-us"] == tmp_path / "classic-us.toml"
    assert load_edition("classic-us").starting_cash == 2000


# --- the validator: every error names the file, the field and the problem -------------------------------

MINIMAL = """\
name = "Tiny test board"
currency = "$"

[rules]
starting_cash = 1500
go_salary = 200
jail_fine = 50
houses = 32
hotels = 12
mortgage_breaks_group_rent = true

[railroads]
rent = [25]

[[spaces]]
name = "GO"
type = "go"

[[spaces]]
name = "Mediterranean Avenue"
type = "street"
group = "brown"
price = 60
rent = [2, 10, 30, 90, 160, 250]
house_cost = 50
hotel_cost = 50
mortgage = 30

[[spaces]]
name = "Income Tax"
type = "tax"
amount = 200

[[spaces]]
name = "Reading Railroad"
type = "railroad"
price = 200
mortgage = 100

[[spaces]]
name = "Jail"
type = "jail"

[[cards]]
deck = "chance"
key = "reading"
title = "Take a trip to Reading Railroad"
effect = "advance"
target = "Reading Railroad"
"""


def write_edition(tmp_path: Path, old: str = "", new: str = "", name: str = "broken") -> Path:
    text = MINIMAL
    if old:
        assert old in text, f"test setup: {old!r} not in the minimal edition"
        text = text.replace(old, new, 1)
    path = tmp_path / f"{name}.toml"
    path.write_text(text, encoding="utf-8")
    return path


def assert_edition_error(path: Path, field: str, problem: str) -> str:
    with pytest.raises(EditionError) as caught:
        load_edition_file(path)
    message = str(caught.value)
    assert str(path) in message, message
    assert field in message, message
    assert problem in message, message
    return message


def test_minimal_edition_used_by_the_validator_tests_is_valid(tmp_path):
    tiny = load_edition_file(write_edition(tmp_path, name="tiny"))
    assert tiny.id == "tiny"
    assert len(tiny.spaces) == 5 and set(tiny.deeds) == {"Mediterranean Avenue", "Reading Railroad"}
    assert tiny.railroad_rent == (25,)


def test_missing_field_is_reported_with_its_path(tmp_path):
    path = write_edition(tmp_path, "price = 60\n", "")
    assert_edition_error(path, "spaces[1].price", "is missing")


def test_missing_rules_field_is_reported_with_its_path(tmp_path):
    path = write_edition(tmp_path, "jail_fine = 50\n", "")
    assert_edition_error(path, "rules.jail_fine", "is missing")


def test_price_given_as_text_is_a_wrong_type(tmp_path):
    path = write_edition(tmp_path, "price = 60", 'price = "sixty"')
    assert_edition_error(path, "spaces[1].price", "must be a whole number")


def test_boolean_rule_given_as_text_is_a_wrong_type(tmp_path):
    path = write_edition(tmp_path, "mortgage_breaks_group_rent = true", 'mortgage_breaks_group_rent = "yes"')
    assert_edition_error(path, "rules.mortgage_breaks_group_rent", "must be bool")


def test_negative_amount_is_rejected(tmp_path):
    path = write_edition(tmp_path, "mortgage = 30", "mortgage = -30")
    assert_edition_error(path, "spaces[1].mortgage", "must not be negative")


def test_unknown_space_type_is_rejected(tmp_path):
    path = write_edition(tmp_path, 'type = "jail"', 'type = "prison"')
    assert_edition_error(path, "spaces[4].type", "unknown space type 'prison'")


def test_street_rent_row_needs_six_values(tmp_path):
    path = write_edition(tmp_path, "rent = [2, 10, 30, 90, 160, 250]", "rent = [2, 10, 30, 90, 160]")
    assert_edition_error(path, "spaces[1].rent", "must have 6 values, has 5")


def test_railroad_rent_needs_one_value_per_railroad(tmp_path):
    path = write_edition(tmp_path, "rent = [25]", "rent = [25, 50]")
    assert_edition_error(path, "railroads.rent", "must have 1 values, has 2")


def test_unknown_card_effect_is_rejected(tmp_path):
    path = write_edition(tmp_path, 'effect = "advance"', 'effect = "teleport"')
    assert_edition_error(path, "cards[0].effect", "unknown effect 'teleport'")


def test_unknown_deck_is_rejected(tmp_path):
    path = write_edition(tmp_path, 'deck = "chance"', 'deck = "surprise"')
    assert_edition_error(path, "cards[0].deck", "unknown deck 'surprise'")


def test_advance_target_must_be_a_space_on_the_board(tmp_path):
    path = write_edition(tmp_path, 'target = "Reading Railroad"', 'target = "Reading Station"')
    assert_edition_error(path, "cards[0].target", "no space named 'Reading Station' on this board")


def test_tax_space_needs_a_positive_amount(tmp_path):
    path = write_edition(tmp_path, "amount = 200\n", "")
    assert_edition_error(path, "spaces[2].amount", "a tax space needs a positive amount")


def test_first_space_must_be_go(tmp_path):
    path = write_edition(tmp_path, 'type = "go"', 'type = "free_parking"')
    assert_edition_error(path, "spaces[0].type", "the first space must be GO")


def test_deed_named_twice_is_rejected(tmp_path):
    path = write_edition(tmp_path, 'name = "Jail"\ntype = "jail"',
                         'name = "Reading Railroad"\ntype = "railroad"\nprice = 200\nmortgage = 100')
    assert_edition_error(path, "spaces[4].name", "deed 'Reading Railroad' appears twice")


def test_invalid_toml_syntax_names_the_file_and_the_line(tmp_path):
    path = write_edition(tmp_path, "price = 60", "price = = 60")
    message = assert_edition_error(path, "line", "not valid TOML")
    assert re.search(r"line \d+", message), message


def test_unreadable_file_is_reported(tmp_path):
    path = tmp_path / "missing.toml"
    assert_edition_error(path, str(path), "cannot be read")


def test_a_misspelt_field_is_an_error_not_a_silent_zero(tmp_path: Path) -> None:
    text = (editions.SHIPPED_DIR / "classic-us.toml").read_text(encoding="utf-8")
    broken = tmp_path / "typo.toml"
    broken.write_text(text.replace('target = "GO"\namount = 200', 'target = "GO"\namout = 200', 1))
    assert broken.read_text() != text
    with pytest.raises(EditionError, match=r"typo\.toml: cards\[\d+\]\.amout: unknown field"):
        editions.load_edition_file(broken)
