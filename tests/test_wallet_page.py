"""The wallet page and what it shows: phone-sized, edition-blind, every label from the general model."""

from __future__ import annotations

import re

import pytest

from banker.game import Game
from banker.wallet.lines import PlayerLines
from banker.wallet.page import FORBIDDEN_PAGE, wallet_page
from banker.wallet.views import extra_marks, landing_cost, wallet_document
from editions import edition_files, load_edition_file

VIEWPORT = '<meta name="viewport" content="width=device-width, initial-scale=1">'


def document(game: Game) -> dict:
    lines = PlayerLines(game.timeline.events_of, game.money)  # type: ignore[union-attr]
    lines.feed(game.records)
    return wallet_document(game.state, game.head, "test", lines.of, game.timeline.undone(), [])  # type: ignore[union-attr]


def player(doc: dict, name: str) -> dict:
    return next(p for p in doc["players"] if p["name"] == name)


def test_the_page_fits_a_phone_held_upright() -> None:
    page = wallet_page()
    for html in (page, FORBIDDEN_PAGE):
        assert VIEWPORT in html
    fixed = re.findall(r"(?<![\w-])(?:min-)?width:\s*(\d+)px", page)
    assert fixed == []  # no fixed widths: one column that follows the phone (max-width only caps tablets)
    assert "max-width: 34rem" in page and "overflow-wrap: anywhere" in page  # long names wrap, no sideways scroll
    assert "font: 16px" in page  # readable without zoom (and iOS does not zoom into the input)
    assert "min-height: 44px" in page  # touch targets


def test_the_page_is_self_contained_and_never_parses_data_as_html() -> None:
    page = wallet_page()
    assert not re.search(r"https?://", page)  # no CDN, no fonts from the internet: it works offline
    assert "innerHTML" not in page and "insertAdjacentHTML" not in page and "document.write" not in page
    assert "__GONE__" not in page


def test_the_page_names_no_edition() -> None:
    """Every word about an edition comes from the JSON: the page has none of any shipped edition's."""
    words: set[str] = {"Mr. Monopoly", "skyscraper", "depot", "coin", "ticket", "station", "railroad", "utility"}
    for path in edition_files().values():
        edition = load_edition_file(path)
        words |= {edition.name, *edition.deeds, *(s.name for s in edition.spaces if s.type in {"street", "railroad"})}
        for kind in edition.holdings.values():
            words |= {kind.name, kind.plural, kind.word, kind.json_key or kind.key}
        words |= set(edition.terms.values())
    page = wallet_page().casefold()
    found = sorted(w for w in words if len(w) > 2 and re.search(rf"\b{re.escape(w.casefold())}\b", page))
    assert found == []


def test_rent_now_for_streets_railroads_and_utilities(game: Game) -> None:
    game.do("buy alice boardwalk")
    game.do("buy alice electric")
    game.do("buy bob reading")
    state = game.state
    assert landing_cost(state, "Boardwalk") == "landing: $50"
    assert landing_cost(state, "Electric Company") == "landing: 4x the dice"
    assert landing_cost(state, "Reading Railroad") == "landing: $25"
    game.do("buy alice water")
    game.do("buy alice park")
    game.do("mortgage alice boardwalk")
    state = game.state
    assert landing_cost(state, "Electric Company") == "landing: 10x the dice"
    assert landing_cost(state, "Boardwalk") == "mortgaged: no rent"
    assert landing_cost(state, "Park Place") == "landing: $35"  # 003: a mortgage in the group stops the doubling


def test_deeds_grouped_by_colour_with_buildings(game: Game) -> None:
    for line in ("collect alice 1000", "buy alice boardwalk", "buy alice park", "buy alice reading",
                 "build alice park", "build alice boardwalk", "build alice park"):
        game.do(line)
    alice = player(document(game), "Alice")
    groups = {g["label"]: g for g in alice["groups"]}
    assert list(groups) == ["railroads", "dark blue"]  # board order
    assert groups["dark blue"]["owned"] == "2 of 2" and groups["railroads"]["owned"] == "1 of 4"
    assert [(d["name"], d["build"], d["rent"]) for d in groups["dark blue"]["deeds"]] == [
        ("Park Place", "2 houses", "landing: $500"), ("Boardwalk", "1 house", "landing: $200")]
    assert alice["deeds"] == 3


def test_cards_badges_and_the_table_notes(new_game) -> None:  # noqa: ANN001 - conftest's factory
    game = new_game(house_rules=("free-parking",))
    game.do("card alice chance goojf")
    game.do("jail bob")
    game.do("tax carol income")
    game.do("auction boardwalk")
    game.do("bid carol 20")
    doc = document(game)
    assert player(doc, "Alice")["holdings"] == ["Get Out of Jail Free (Chance)"]
    assert player(doc, "Bob")["badges"] == ["in jail"]
    assert doc["notes"] == ["Free Parking pot: $200", "Auction open for Boardwalk: Carol leads with $20"]


def test_an_editions_own_keys_become_marks() -> None:
    row = {"name": "X", "mortgaged": False, "houses": 0, "hotel": False, "skyscraper": True, "depot": False,
           "residential": 3, "hazard": "sewage plant", "bonus": None}
    assert extra_marks(row, {"name", "mortgaged", "houses", "hotel"}) == [
        "skyscraper", "3 residential", "hazard: sewage plant"]


@pytest.mark.parametrize("edition", ["mega", "sore-losers", "classic-uk"])
def test_every_shipped_edition_makes_a_document(new_game, edition: str) -> None:  # noqa: ANN001
    game = new_game(edition)
    doc = document(game)
    assert doc["edition"] == game.state.edition.name
    assert all(p["cash_text"] == game.money(game.state.cash(p["name"])) for p in doc["players"])
