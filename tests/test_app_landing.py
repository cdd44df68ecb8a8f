"""What the landing flow offers (banker/landing.py), and the saved-games list (banker/saves.py).

Headless: these are the rules the app's dialogs rely on. Rulebook references are to
003_bd567e81029bde2a.txt (US classic, "WHERE DID YOU LAND?", lines 70-114).
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

from conftest import play

from banker import commands as c
from banker.game import Game
from banker.landing import (
    CARD,
    amount_due,
    card_asks_passed_go,
    card_deeds,
    card_destination,
    card_needs_dice,
    card_refusal,
    deck_cards,
    landing_offers,
    shortfall,
    ways_to_raise,
)
from banker.offers import DICE
from banker.saves import default_colours, list_games, load_token_colours, new_game_path, save_token_colours


def position(game: Game, name: str) -> int:
    return next(s.position for s in game.state.edition.spaces if s.name == name)


def offers(game: Game, player: str, space: str) -> list:
    return landing_offers(game.state, player, position(game, space))


def test_unowned_deed_offers_buy_or_auction(game: Game) -> None:
    """003 line 75-77: buy at the listed price, or it goes up for auction."""
    found = offers(game, "Alice", "Boardwalk")
    assert [o.command for o in found] == [c.Buy("Alice", "Boardwalk"), c.OpenAuction("Boardwalk")]
    assert "$400" in found[0].label


def test_every_offer_is_accepted_by_the_core(game: Game) -> None:
    """Whatever the landing flow offers for a fresh game, the rules accept (no dead buttons)."""
    for space in game.state.edition.spaces:
        for offer in landing_offers(game.state, "Bob", space.position):
            if offer.actionable and offer.command is not None and not offer.needs:
                head = game.head
                outcome = game.execute(offer.command)
                assert outcome.events
                game.execute(c.Undo())
                assert game.head != head and game.state.auction is None


def test_other_players_deed_offers_the_computed_rent(game: Game) -> None:
    """003 line 83, 87: rent as on the deed, doubled for a whole unmortgaged group."""
    play(game, "buy Bob Mediterranean", "buy Bob Baltic")
    (offer,) = offers(game, "Alice", "Baltic Avenue")
    assert offer.command == c.Rent("Alice", "Baltic Avenue")
    assert "$8" in offer.label  # base $4, doubled for the brown group


def test_own_deed_offers_nothing_to_pay(game: Game) -> None:
    play(game, "buy Alice Boardwalk")
    (offer,) = offers(game, "Alice", "Boardwalk")
    assert offer.command is None and not offer.actionable


def test_mortgaged_deed_offers_no_rent(game: Game) -> None:
    """003 line 83: you do not pay rent if the property is mortgaged."""
    play(game, "buy Bob Boardwalk", "mortgage Bob Boardwalk")
    (offer,) = offers(game, "Alice", "Boardwalk")
    assert offer.command is None and "mortgaged" in offer.label


def test_utility_rent_asks_for_the_dice(game: Game) -> None:
    """003 line 98: roll the dice and multiply by 4 (10 with both utilities)."""
    play(game, "buy Bob Electric")
    (offer,) = offers(game, "Alice", "Electric Company")
    assert offer.needs == DICE and "4x" in offer.label
    outcome = game.execute(dataclasses.replace(offer.command, dice=7))
    assert outcome.events[0].transfers[0].amount == 28


def test_tax_space_offers_the_tax(game: Game) -> None:
    """003 line 106-108: pay the Bank the amount shown."""
    (offer,) = offers(game, "Alice", "Income Tax")
    assert offer.command == c.Tax("Alice", "Income Tax") and "$200" in offer.label


def test_go_to_jail_space_sends_to_jail(game: Game) -> None:
    """003 line 110-114: move the token to Jail immediately."""
    (offer,) = offers(game, "Alice", "Go To Jail")
    assert offer.command == c.GoToJail("Alice")
    play(game, "jail Alice")
    assert not offers(game, "Alice", "Go To Jail")[0].actionable


def test_free_parking_pot_is_offered_under_the_house_rule(new_game) -> None:  # noqa: ANN001 - conftest factory
    """House rule "free-parking": taxes go to a pot that a landing on Free Parking collects."""
    game = new_game(house_rules=("free-parking",))
    assert not offers(game, "Alice", "Free Parking")[0].actionable
    play(game, "tax Bob Income")
    (offer,) = offers(game, "Alice", "Free Parking")
    assert offer.command == c.CollectPot("Alice") and "$200" in offer.label


def test_chance_space_asks_which_card(game: Game) -> None:
    """003 line 102-104: take the top card and follow it."""
    (offer,) = offers(game, "Alice", "Chance")
    assert offer.needs == CARD and offer.deck == "chance"


def test_card_list_names_each_card_once(game: Game) -> None:
    keys = [card.key for card in deck_cards(game.state, "chance")]
    assert len(keys) == len(set(keys)) and "nearest-railroad" in keys


def test_nearest_railroad_card_asks_which_and_passed_go(game: Game) -> None:
    card = next(k for k in deck_cards(game.state, "chance") if k.key == "nearest-railroad")
    assert len(card_deeds(game.state, card)) == 4
    assert card_asks_passed_go(card)
    go_card = next(k for k in deck_cards(game.state, "chance") if k.key == "go")
    assert not card_asks_passed_go(go_card)


def test_nearest_utility_needs_dice_only_when_owned_by_another(game: Game) -> None:
    card = next(k for k in deck_cards(game.state, "chance") if k.key == "nearest-utility")
    assert not card_needs_dice(game.state, "Alice", card, "Water Works")
    play(game, "buy Bob Water")
    assert card_needs_dice(game.state, "Alice", card, "Water Works")
    assert not card_needs_dice(game.state, "Bob", card, "Water Works")


def test_moving_cards_name_the_space_to_settle_next(game: Game) -> None:
    """003 line 102: the card's move ends on a space that is then dealt with like any landing."""
    state = game.state
    chance = {k.key: k for k in deck_cards(state, "chance")}
    assert card_destination(state, chance["boardwalk"], 7) == position(game, "Boardwalk")
    assert card_destination(state, chance["back-3"], 7) == position(game, "Income Tax")
    assert card_destination(state, chance["go"], 7) is None  # the card pays the salary itself
    assert card_destination(state, chance["nearest-railroad"], 7, "Pennsylvania Railroad") == 15
    play(game, "buy Bob 'Pennsylvania Railroad'")
    assert card_destination(game.state, chance["nearest-railroad"], 7, "Pennsylvania Railroad") is None
    assert card_destination(state, chance["dividend"], 7) is None


def test_held_jail_card_cannot_be_drawn_again(game: Game) -> None:
    """003 line 104: a Get Out of Jail Free card is kept until used or sold."""
    play(game, "card Alice chance goojf")
    card = next(k for k in deck_cards(game.state, "chance") if k.key == "goojf")
    assert "Alice" in (card_refusal(game.state, "Bob", card) or "")


def test_open_auction_blocks_every_landing(game: Game) -> None:
    play(game, "auction Boardwalk")
    (offer,) = offers(game, "Alice", "Income Tax")
    assert not offer.actionable and "auction" in offer.label


def test_shortfall_names_the_creditor_of_a_rent(game: Game) -> None:
    """003 line 194: owing more cash than you have -> raise money (or bankruptcy)."""
    play(game, "collect Bob 3000", "buy Bob Boardwalk", "buy Bob Park",
         *["build Bob Boardwalk 1", "build Bob Park 1"] * 4,
         "build Bob Boardwalk 1", "pay Alice 1000")
    due = shortfall(game.state, c.Rent("Alice", "Boardwalk"))
    assert due is not None and due.creditor == "Bob" and due.amount == 2000 and due.owed
    assert shortfall(game.state, c.Tax("Alice", "Luxury Tax")) is None


def test_purchase_is_not_a_debt(game: Game) -> None:
    due = amount_due(game.state, c.Buy("Alice", "Boardwalk"))
    assert due is not None and not due.owed


def test_ways_to_raise_sell_buildings_before_mortgaging(game: Game) -> None:
    """003 line 178: sell all buildings on a color group before mortgaging one of its sites."""
    play(game, "buy Alice Mediterranean", "buy Alice Baltic", "build Alice Baltic", "buy Alice Reading")
    ways = ways_to_raise(game.state, "Alice")
    commands = [w.command for w in ways]
    assert c.SellBuildings("Alice", "Baltic Avenue", 1) in commands
    assert c.Mortgage("Alice", "Reading Railroad") in commands
    assert not any(isinstance(cmd, c.Mortgage) and "Avenue" in cmd.deed for cmd in commands)
    sale = next(w for w in ways if isinstance(w.command, c.SellBuildings))
    assert sale.amount == 25  # half the $50 house (003 line 174)


def test_saved_games_list_shows_players_and_last_action(tmp_path: Path, game: Game) -> None:
    play(game, "buy Alice Boardwalk")
    (saved,) = list_games(game.store.path.parent)
    assert saved.ok and saved.players == ("Alice", "Bob", "Carol")
    assert "Boardwalk" in saved.last_action and saved.when is not None
    assert saved.edition.startswith("Monopoly")


def test_saved_games_list_reports_a_broken_file(tmp_path: Path) -> None:
    (tmp_path / "junk.db").write_text("not a game")
    (saved,) = list_games(tmp_path)
    assert not saved.ok and "not SQLite" in saved.problem


def test_new_game_path_never_reuses_a_file(tmp_path: Path) -> None:
    first = new_game_path(tmp_path, ["Alice", "Bob"])
    first.write_text("taken")
    assert first.name == "alice-bob.db"
    assert new_game_path(tmp_path, ["Alice", "Bob"]).name == "alice-bob-2.db"


def test_token_colours_are_kept_per_game(tmp_path: Path) -> None:
    save_token_colours(tmp_path, "game-a", {"Alice": "blue"})
    save_token_colours(tmp_path, "game-b", {"Alice": "red"})
    assert load_token_colours(tmp_path, "game-a") == {"Alice": "blue"}
    assert load_token_colours(tmp_path, "missing") == {}
    assert default_colours(("A", "B"))["B"] == "blue"


def test_a_city_build_short_of_cash_goes_to_raise_money(new_game) -> None:  # type: ignore[no-untyped-def]
    """004: blocks, stadiums, skyscrapers, the tower and clearing a hazard cost cash; a player short of it is
    offered the raise-money screen (mortgage at the rent value) with the price, not a bare refusal."""
    city = new_game("city", players=("Alice", "Bob"))
    play(city, "buy Alice Summergate", "buy Alice Stoneside", "hazard Bob Summergate 'Rubbish Dump'",
         "spin Alice 3")
    cash = city.state.cash("Alice")
    play(city, f"pay Alice {cash - 10_000}")  # M10k left: whole notes, as City's smallest note makes amounts
    state = city.state
    cases = {
        c.BuildBlocks("Alice", "Stoneside", "residential", 2): 2 * state.deed("Stoneside").residential_cost,
        c.BuildStadium("Alice", "Stoneside"): state.edition.stadium_cost,
        c.BuildSkyscraper("Alice", "Stoneside"): state.deed("Stoneside").skyscraper_cost,
        c.ClearHazard("Alice", "Summergate"): 2 * state.edition.hazard_clear_per_block,
    }
    for command, price in cases.items():
        due = shortfall(state, command)
        assert due is not None and due.amount == price and due.creditor == "bank" and not due.owed, command
    assert amount_due(state, c.BuildTower("Alice", "Stoneside")).amount == state.edition.tower_cost


def test_a_build_the_rules_refuse_anyway_is_not_sent_to_raise_money(new_game) -> None:  # type: ignore[no-untyped-def]
    """Raising money cannot help a build without a spin or on another player's district: the refusal shows."""
    city = new_game("city", players=("Alice", "Bob"))
    play(city, "buy Alice Summergate", "buy Bob Stoneside")
    play(city, f"pay Alice {city.state.cash('Alice') - 10_000}")
    assert shortfall(city.state, c.BuildBlocks("Alice", "Summergate", "residential", 1)) is None  # no spin
    play(city, "spin Alice 2")
    assert shortfall(city.state, c.BuildBlocks("Alice", "Stoneside", "residential", 1)) is None  # Bob's
    assert shortfall(city.state, c.BuildBlocks("Alice", "Summergate", "residential", 1)) is not None
