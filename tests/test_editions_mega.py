"""The Mega edition file (editions/mega.toml) against rulebook 000, and `banker editions --json` (issue 7).

Rulebook: 000 = 000_0633d1fb819bfb08.txt (the Mega Edition). The reference data's values marked
`# unverified` must be marked so in the shipped file too (issue 7).
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections import Counter

import pytest

from editions import SHIPPED_DIR, load_edition

MEGA = load_edition("mega")
SHIPPED = sorted(p.stem for p in SHIPPED_DIR.glob("*.toml"))


def test_mega_has_52_spaces_with_the_corners_13_apart() -> None:
    # 000:66 "Each color group has one additional property": 13 spaces a side
    assert len(MEGA.spaces) == 52
    assert [s.position for s in MEGA.spaces] == list(range(52))
    assert [MEGA.spaces[p].type for p in (0, 13, 26, 39)] == ["go", "jail", "free_parking", "go_to_jail"]


def test_mega_has_37_deeds_30_streets_4_railroads_3_utilities() -> None:
    # 000:23 "37 Title Deed Cards"
    kinds = Counter(d.kind for d in MEGA.deeds.values())
    assert kinds == {"street": 30, "railroad": 4, "utility": 3}
    assert {d.name for d in MEGA.deeds.values() if d.kind == "utility"} == {
        "Electric Company", "Water Works", "Gas Company"}


def test_mega_groups_have_3_or_4_streets() -> None:
    # 000:66 "Each color group has one additional property" (classic 2-3, Mega 3-4)
    sizes = Counter(d.group for d in MEGA.deeds.values() if d.kind == "street")
    assert sizes == {"brown": 3, "light_blue": 4, "pink": 4, "orange": 4, "red": 4, "yellow": 4, "green": 4,
                     "dark_blue": 3}


def test_mega_new_spaces() -> None:
    # 000:90-98 AUCTION, BIRTHDAY GIFT ($100), BUS TICKET
    by_type = {s.type: s for s in MEGA.spaces}
    assert by_type["auction"].name == "Auction"
    assert (by_type["birthday_gift"].name, by_type["birthday_gift"].amount) == ("Birthday Gift", 100)
    assert by_type["bus_ticket"].name == "Bus Ticket"


def test_mega_money_and_the_bank_box() -> None:
    # 000:39 "$2500"; 000:25-26 "16 Bus Tickets / 32 Houses • 12 Hotels • 8 Skyscrapers • 4 Train Depots"
    assert MEGA.starting_cash == 2500 and MEGA.go_salary == 200 and MEGA.jail_fine == 50
    assert MEGA.supplies() == {"houses": 32, "hotels": 12, "skyscrapers": 8, "depots": 4}
    ticket = MEGA.holdings["bus_ticket"]
    assert (ticket.supply, ticket.start, ticket.json_key, ticket.word) == (16, 0, "bus_tickets", "ticket")


def test_mega_rule_switches() -> None:
    # 000:66 all but one; 000:70 TRIPLE rent; 000:142 the mortgaged one does not stop it; 000:51 three dice;
    # 000:74 depot $100, sold back $50; 000:80 utilities 4x/10x/20x
    assert MEGA.build_needs == "all_but_one"
    assert MEGA.group_rent_multiplier == 3
    assert MEGA.mortgage_breaks_group_rent is False
    assert MEGA.speed_die is True
    assert (MEGA.depot_cost, MEGA.depot_sellback) == (100, 50)
    assert MEGA.utility_multipliers == (4, 10, 20)
    assert MEGA.railroad_rent == (25, 50, 100, 200)


def test_every_mega_street_has_a_skyscraper_column() -> None:
    # 000:66 "Refer to the property's Title Deed for the cost of a Skyscraper as well as the amount of rent"
    for deed in MEGA.deeds.values():
        if deed.kind == "street":
            assert len(deed.rent) == 7, deed.name
            assert deed.rent == tuple(sorted(deed.rent)), deed.name
            assert deed.skyscraper_cost > 0, deed.name
            assert deed.mortgage == deed.price // 2, deed.name


def test_the_unverified_values_are_marked_in_the_shipped_file() -> None:
    # issue 7: "values marked `# unverified` must be marked so in the shipped edition file too"
    text = (SHIPPED_DIR / "mega.toml").read_text(encoding="utf-8")
    sky = [line for line in text.splitlines() if re.match(r"\s*skyscraper_cost\s*=", line)]
    assert len(sky) == 30 and all("# unverified" in line for line in sky)
    luxury = text[text.index('name = "Luxury Tax"'):].splitlines()[2]
    assert luxury.startswith("amount = 100") and "# unverified" in luxury
    for key in ("per_skyscraper", "per_depot"):
        rows = [line for line in text.splitlines() if line.startswith(key)]
        assert rows and all("# unverified" in line for line in rows)


# -- banker editions --json -------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def listed() -> list[dict]:
    result = subprocess.run([sys.executable, "-m", "banker", "editions", "--json"], capture_output=True,
                            text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    body = json.loads(result.stdout)
    assert isinstance(body, list)
    return body


def test_editions_json_is_a_list_of_every_edition(listed: list[dict]) -> None:
    # issue 7: "a list of editions, each {"id", "name", "currency", "deeds": [{"name", "price", "group"}]}"
    ids = [e["id"] for e in listed]
    assert set(SHIPPED) <= set(ids)
    for edition in listed:
        assert {"id", "name", "currency", "deeds"} <= set(edition)
        assert edition["deeds"] and all({"name", "price", "group"} <= set(d) for d in edition["deeds"])


@pytest.mark.parametrize("edition_id", SHIPPED)
def test_editions_json_matches_the_edition_files(listed: list[dict], edition_id: str) -> None:
    entry = next(e for e in listed if e["id"] == edition_id)
    edition = load_edition(edition_id)
    assert (entry["name"], entry["currency"]) == (edition.name, edition.currency)
    assert [(d["name"], d["price"], d["group"]) for d in entry["deeds"]] == [
        (d.name, d.price, d.group) for d in edition.deeds.values()]


def test_editions_json_for_mega(listed: list[dict]) -> None:
    mega = next(e for e in listed if e["id"] == "mega")
    assert mega["currency"] == "$" and len(mega["deeds"]) == 37
    assert mega["deeds"][0] == {"name": "Mediterranean Avenue", "price": 60, "group": "brown", "kind": "street",
                                "position": 1}
    assert {"name": "Gas Company", "price": 150}.items() <= next(
        d for d in mega["deeds"] if d["name"] == "Gas Company").items()


def test_editions_json_is_valid_utf8_with_the_currency_as_written(listed: list[dict]) -> None:
    uk = next(e for e in listed if e["id"] == "classic-uk")
    assert uk["currency"] == "M" and "—" in uk["name"]
