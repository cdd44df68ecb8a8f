"""The Mega Edition and the Speed Die in the app (issue 7), played through the table's keys.

Each test starts a real game file, drives the app with Pilot key presses as a banker would,
then reads the file again: what the screen did is what the ledger says. Rulebook references:
000 = the Mega Edition rules (Winning Moves), 002 = the Speed Die rules.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest
from app_pilot import app_for, choice_labels, land, offers_shown, on_disk, played_file, text_of, toasts, wait_until
from screen_host import keys
from textual.pilot import Pilot
from textual.widgets import Select, SelectionList, Static, Switch

from banker import commands as c
from banker.history import entries
from banker.landing import MOVE, amount_due, landing_offers, ways_to_raise
from banker.state import SKYSCRAPER
from banker.verify import verify_records
from editions import load_edition
from screens.app import BankerApp, make_app
from screens.choice_screen import ChoiceScreen
from screens.new_game_screen import NewGameScreen
from screens.player_card import holding_text
from screens.table_screen import TableScreen

PLAYERS = ("Alice", "Bob", "Carol")
SIZE = (120, 40)
BROWNS = ("Mediterranean Avenue", "Baltic Avenue", "Arctic Avenue")
HOTELS_ON_THE_BROWNS = tuple(f'build Alice "{deed}"' for _ in range(5) for deed in BROWNS)


def game_file(tmp_path: Path, *lines: str, edition: str = "mega", rules: Sequence[str] = ()) -> Path:
    """A game file with `lines` already played: the table as it stands when the app opens it."""
    return played_file(tmp_path / "mega.db", edition, PLAYERS, lines, rules)


# -- a short Mega game through the keys ----------------------------------------------------------


@pytest.mark.asyncio
async def test_a_short_mega_game_through_the_keys_matches_the_ledger(tmp_path: Path) -> None:
    path = game_file(tmp_path, *(f'buy Alice "{d}"' for d in BROWNS), *HOTELS_ON_THE_BROWNS)
    app = app_for(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        # 000: a skyscraper goes on a hotel once the whole group has hotels.
        await keys(pilot, "b")
        assert choice_labels(app)[0] == "Mediterranean Avenue: a hotel → a skyscraper for $50"  # Alice's alone
        await keys(pilot, "1")
        await wait_until(pilot, lambda: "SKY" in text_of(app, "#card-0 .deeds"))
        # Alice buys Reading Railroad and builds its train depot (000: $100, doubles the rent).
        await land(pilot, "reading", "enter")
        await keys(pilot, "d")
        await wait_until(pilot, lambda: choice_labels(app) == ["Reading Railroad: a train depot for $100, rent x2"])
        await keys(pilot, "1")
        await wait_until(pilot, lambda: "Reading Railroad depot" in text_of(app, "#card-0 .deeds"))
        # Bob lands on the Bus Ticket space and takes a ticket.
        await keys(pilot, "n")
        await land(pilot, "bus ticket")
        await wait_until(pilot, lambda: offers_shown(app)[0] == "take a bus ticket (16 left in the bank)")
        await keys(pilot, "1")
        await wait_until(pilot, lambda: "1 bus ticket" in text_of(app, "#card-1 .marks"))
        # Bob trades his ticket to Alice for $50.
        await keys(pilot, "t")
        await wait_until(pilot, lambda: app.focused is not None and app.focused.id == "trade-items-1",
                         'app.focused is not None and app.focused.id == "trade-items-1"')  # Alice has nothing to offer
        bob_items = app.screen.query_one("#trade-items-1", SelectionList)
        assert bob_items.get_option_at_index(0).prompt.plain == "bus ticket"
        await keys(pilot, "space", "shift+tab", "shift+tab", "shift+tab")
        await wait_until(pilot, lambda: app.focused is not None and app.focused.id == "trade-cash-0")
        await pilot.press(*"50")
        await keys(pilot, "ctrl+r")
        summary = text_of(app, "#trade-summary")
        assert "Bob gives Alice: 1 bus ticket" in summary and "Alice gives Bob: $50" in summary
        await keys(pilot, "y")
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen))
        assert "1 bus ticket" in text_of(app, "#card-0 .marks")
        # Carol lands on the Bus Ticket space; hers reads "All Tickets Expire": Alice's ticket is void.
        await keys(pilot, "n")
        await land(pilot, "bus ticket", "2")
        await wait_until(pilot, lambda: "bus ticket" not in text_of(app, "#card-0 .marks"))
        # Alice buys Vermont Avenue; the speed die shows Mr. Monopoly: on to the next unowned property.
        await keys(pilot, "n")
        await land(pilot, "vermont", "enter")
        await keys(pilot, "M")
        await wait_until(pilot, lambda: choice_labels(app)[0] == "speed die Mr. Monopoly → Connecticut Avenue")
        await keys(pilot, "1")
        await wait_until(pilot, lambda: "the next unowned property" in text_of(app, ".dialog-hint"))
        await keys(pilot, "1")  # move on
        await wait_until(pilot, lambda: "Then Alice lands on Connecticut Avenue" in text_of(app, ".dialog-title"))
        await keys(pilot, "1")  # and buys it
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen))
        # The end of the game: the score screen.
        await keys(pilot, "E")
        await wait_until(pilot, lambda: type(app.screen).__name__ == "EndScreen")
        await keys(pilot, "escape")

    with on_disk(path) as game:
        state = game.state
        assert state.deeds["Mediterranean Avenue"].level == SKYSCRAPER and state.deeds["Reading Railroad"].depot
        assert state.supply["skyscrapers"] == 7 and state.supply["depots"] == 3
        assert state.deeds["Vermont Avenue"].owner == state.deeds["Connecticut Avenue"].owner == "Alice"
        assert dict(state.held["bus_ticket"]) == {"bank": 14, "out": 1, "Alice": 0, "Bob": 0, "Carol": 1}
        whys = [e.why for e in (r.event for r in game.records) if type(e).__name__ == "HoldingMoved"]
        assert whys == ["bus ticket", "trade", "expired", "All Tickets Expire"]
        kinds = [e.type for e in entries(game.records)]
        assert kinds.count("DepotBuilt") == 1 and kinds.count("TradeMade") == 1
        assert state.cash("Alice") == 2500 - 200 - 15 * 50 - 50 - 200 - 100 - 50 - 100 - 120
        assert state.cash("Bob") == 2500 + 50
        assert verify_records(game.records) is None


# -- the new-game screen ---------------------------------------------------------------------------


async def new_game_screen(pilot: Pilot, app: BankerApp) -> NewGameScreen:
    await keys(pilot, "n")
    await wait_until(pilot, lambda: isinstance(app.screen, NewGameScreen))
    return app.screen


async def type_names(pilot: Pilot, *names: str) -> None:
    """Each name and Enter; then Enter in the empty row the last one added (on to Create) and Enter on Create."""
    for name in names:
        await pilot.press(*name)
        await keys(pilot, "enter")
    await keys(pilot, "enter", "enter")


@pytest.mark.asyncio
async def test_new_game_offers_mega_without_the_speed_die_switch(tmp_path: Path) -> None:
    """Mega plays with the speed die already (000), so the house rule is not offered for it."""
    app = make_app(data=tmp_path, watch=False)
    async with app.run_test(size=SIZE) as pilot:
        screen = await new_game_screen(pilot, app)
        select = screen.query_one("#edition", Select)
        assert "mega" in [value for _, value in select._options]
        assert screen.query_one("#rule-row-speed-die").display  # classic-us, the default, may take it
        screen.query_one("#rule-speed-die", Switch).value = True
        select.value = "mega"
        await wait_until(pilot, lambda: "$2,500" in text_of(app, "#edition-about"))
        assert not screen.query_one("#rule-row-speed-die").display
        await type_names(pilot, "Ann", "Ben", "Cat")
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen) and app.game is not None)
        state = app.game.state
        assert state.edition.id == "mega" and state.house_rules == {"follow-tokens"} and state.cash("Ann") == 2500


@pytest.mark.asyncio
async def test_new_classic_game_with_the_speed_die_house_rule(tmp_path: Path) -> None:
    """002: each player receives an extra 1,000."""
    app = make_app(data=tmp_path, watch=False)
    async with app.run_test(size=SIZE) as pilot:
        screen = await new_game_screen(pilot, app)
        screen.query_one("#rule-speed-die", Switch).value = True
        await type_names(pilot, "Ann", "Ben", "Cat")
        await wait_until(pilot, lambda: app.game is not None)
        assert app.game.state.house_rules == {"speed-die", "follow-tokens"} and app.game.state.cash("Ann") == 2500


# -- landing offers ----------------------------------------------------------------------------------


@pytest.mark.asyncio
async def test_auction_space_picks_an_unowned_deed_to_auction(tmp_path: Path) -> None:
    """000: land on AUCTION, choose any unowned property and auction it."""
    path = game_file(tmp_path, "buy Bob Mediterranean")
    app = app_for(path)
    async with app.run_test(size=SIZE) as pilot:
        await land(pilot, "auction")
        await wait_until(pilot, lambda: offers_shown(app)[0] == "pick an unowned deed to auction (36 left)")
        await keys(pilot, "1")
        await wait_until(pilot, lambda: choice_labels(app)[0] == "Baltic Avenue  (list price $60)",
                         'choice_labels(app)[0] == "Baltic Avenue  (list price $60)"')  # Mediterranean is Bob's
        await keys(pilot, "1")  # row 1 at once
        await wait_until(pilot, lambda: type(app.screen).__name__ == "AuctionScreen")
        assert app.game is not None and app.game.state.auction is not None
        assert app.game.state.auction.deed == "Baltic Avenue"


@pytest.mark.asyncio
async def test_auction_space_once_all_are_owned_moves_on_to_the_highest_rent(tmp_path: Path) -> None:
    """000: when every property is owned, move ahead to the one with the highest rent and pay it."""
    deeds = list(load_edition("mega").deeds)
    lines = ["collect Alice 9000", "collect Bob 9000"]
    lines += [f'buy {"Alice" if i % 2 else "Bob"} "{deed}"' for i, deed in enumerate(deeds)]
    path = game_file(tmp_path, *lines)
    app = app_for(path)
    async with app.run_test(size=SIZE) as pilot:
        await keys(pilot, "n", "n")  # Carol's turn
        await land(pilot, "auction")
        (first, *_) = offers_shown(app)
        assert first.startswith("every property is owned → ")
        target = first.removeprefix("every property is owned → ")
        await keys(pilot, "1")
        await wait_until(pilot, lambda: text_of(app, ".dialog-hint").startswith("the highest rent ahead:"))
        await keys(pilot, "1")
        await wait_until(pilot, lambda: f"Then Carol lands on {target}" in text_of(app, ".dialog-title"))
        rent = offers_shown(app)[0]
        assert rent.startswith("pay ") and f"rent for {target} (" in rent
        await keys(pilot, "1")
    with on_disk(path) as game:
        owner = game.state.deeds[target].owner
        paid = int(rent.split("$")[1].split()[0].replace(",", ""))
        assert game.state.cash("Carol") == 2500 - paid
        assert [e.type for e in entries(game.records)][-1] == "RentPaid" and owner in ("Alice", "Bob")


@pytest.mark.asyncio
async def test_bus_ticket_space_takes_a_ticket_and_nothing_when_none_are_left(tmp_path: Path) -> None:
    """000: take a Bus Ticket; "When they are gone, they're gone!"."""
    path = game_file(tmp_path, *(["ticket Bob"] * 15))
    app = app_for(path)
    async with app.run_test(size=SIZE) as pilot:
        await land(pilot, "bus ticket", "1")
        await wait_until(pilot, lambda: "1 bus ticket" in text_of(app, "#card-0 .marks"))
        assert "0 bus tickets" in text_of(app, "#status")
        assert app.game is not None
        head = app.game.head
        await land(pilot, "bus ticket")
        await wait_until(pilot, lambda: offers_shown(app)[0] == "the bank has no bus tickets left; nothing to take")
        await keys(pilot, "1", "escape")
        await wait_until(pilot, lambda: app.game.head == head)
    with on_disk(path) as game:
        assert game.state.count("bus_ticket", "Alice") == 1 and game.state.count("bus_ticket", "bank") == 0


@pytest.mark.asyncio
async def test_birthday_gift_is_the_cash_or_a_ticket(tmp_path: Path) -> None:
    """000: BIRTHDAY GIFT: collect $100 from the bank, or draw a Bus Ticket."""
    path = game_file(tmp_path)
    app = app_for(path)
    async with app.run_test(size=SIZE) as pilot:
        await land(pilot, "birthday")
        assert offers_shown(app)[:2] == ["collect the birthday gift: $100", "take a bus ticket instead"]
        await keys(pilot, "1")
        await keys(pilot, "n")
        await land(pilot, "birthday", "2")
    with on_disk(path) as game:
        assert game.state.cash("Alice") == 2600 and game.state.cash("Bob") == 2500
        assert game.state.count("bus_ticket", "Bob") == 1


@pytest.mark.parametrize(("edition", "rules", "accepted"), [
    ("mega", (), True),
    ("classic-us", ("speed-die",), True),
    ("classic-us", (), False),
])
@pytest.mark.asyncio
async def test_utility_dice_run_to_15_only_with_the_speed_die(tmp_path: Path, edition: str, rules: tuple[str, ...],
                                                              accepted: bool) -> None:
    """002: roll all three dice for a utility's rent (2 to 15); two dice make at most 12."""
    path = game_file(tmp_path, "buy Bob Electric", edition=edition, rules=rules)
    start = 2500 if edition == "mega" or rules else 1500
    app = app_for(path)
    async with app.run_test(size=SIZE) as pilot:
        await land(pilot, "electric", "1")
        await wait_until(pilot, lambda: type(app.screen).__name__ == "AmountScreen")
        await pilot.press(*"15")
        await keys(pilot, "enter")
        if accepted:
            assert isinstance(app.screen, TableScreen)
        else:
            assert text_of(app, "#amount-error") == "'15' is not a dice total here; type the number the two dice " \
                                                     "show, 2 to 12"
            await keys(pilot, "escape")
    with on_disk(path) as game:
        assert game.state.cash("Alice") == (start - 4 * 15 if accepted else start)


@pytest.mark.asyncio
async def test_mr_monopoly_past_go_offers_the_salary(tmp_path: Path) -> None:
    """002: Mr. Monopoly moves to the next unowned property; passing GO collects the salary."""
    path = game_file(tmp_path, "buy Bob Boardwalk")
    app = app_for(path)
    async with app.run_test(size=SIZE) as pilot:
        await land(pilot, "boardwalk")
        labels = offers_shown(app)
        assert labels[0].startswith("pay Bob $50 rent for Boardwalk (")
        assert labels[1] == "speed die Mr. Monopoly → Mediterranean Avenue, passing GO"
        await keys(pilot, "1")  # the rent first
        await keys(pilot, "M", "1")
        assert choice_labels(app)[:2] == ["move on to Mediterranean Avenue and collect $200 for passing GO",
                                          "move on to Mediterranean Avenue; the GO salary is already paid"]
        await keys(pilot, "1")
        await keys(pilot, "1")  # buys Mediterranean Avenue
    with on_disk(path) as game:
        assert game.state.deeds["Mediterranean Avenue"].owner == "Alice"
        assert game.state.cash("Alice") == 2500 - 50 + 200 - 60


@pytest.mark.asyncio
async def test_bus_roll_moves_to_the_nearest_card_space_or_takes_a_ticket(tmp_path: Path) -> None:
    """000: a Bus roll: on to the nearest Chance or Community Chest ahead, or a bus ticket instead."""
    path = game_file(tmp_path)
    app = app_for(path)
    async with app.run_test(size=SIZE) as pilot:
        await land(pilot, "vermont")
        await wait_until(pilot, lambda: "speed die Bus → Community Chest" in offers_shown(app))
        await keys(pilot, "4")  # straight from the landing's own offers: buy, auction, Mr. Monopoly, Bus
        assert choice_labels(app) == ["move on to Community Chest", "take a bus ticket instead of moving"]
        await keys(pilot, "2")
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen))
        await land(pilot, "vermont", "4")
        await keys(pilot, "1")
        await wait_until(pilot, lambda: "Then Alice lands on Community Chest" in text_of(app, ".dialog-title"))
        assert offers_shown(app)[0] == "pick the Community Chest card drawn"
    with on_disk(path) as game:
        assert game.state.count("bus_ticket", "Alice") == 1 and game.state.cash("Alice") == 2500


@pytest.mark.asyncio
async def test_speed_die_key_is_only_for_games_with_the_speed_die(tmp_path: Path) -> None:
    path = game_file(tmp_path, edition="classic-us")
    app = app_for(path)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: app.screen.check_action("speed_die", ()) is False)
        assert app.screen.check_action("depot", ()) is False and app.screen.check_action("holdings", ()) is False
        titles = [command.title for command in app.get_system_commands(app.screen)]
        assert not any(t.startswith(("Speed die", "Depot", "Tickets")) for t in titles)
        await land(pilot, "vermont")
        await wait_until(pilot, lambda: not any("speed die" in label for label in offers_shown(app)))
        await keys(pilot, "escape", "M", "d", "h")  # keys this game has no use for do nothing
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen) and not toasts(app))


# -- depots, skyscrapers and tickets from the keys -----------------------------------------------------------


@pytest.mark.asyncio
async def test_depot_offers_only_legal_choices_and_sells_back(tmp_path: Path) -> None:
    """000: a depot costs $100 and sells back for $50; none on a mortgaged railroad."""
    path = game_file(tmp_path, "buy Alice Reading", "buy Bob 'Pennsylvania Railroad'",
                     "mortgage Bob 'Pennsylvania Railroad'")
    app = app_for(path)
    async with app.run_test(size=SIZE) as pilot:
        await keys(pilot, "d")
        await wait_until(pilot, lambda: [label.split()[0] for label in choice_labels(app)] == ["Alice", "Bob"],
                         '[label.split()[0] for label in choice_labels(app)] == ["Alice", "Bob"]')  # the player first
        await keys(pilot, "2")
        screen = app.screen
        assert isinstance(screen, ChoiceScreen) and screen.title_text == "Bob builds a train depot on which railroad?"
        assert [(ch.label, ch.refusal) for ch in screen.choices] == [
            ("Pennsylvania Railroad: a train depot for $100, rent x2",
             "lift the mortgage on Pennsylvania Railroad first; no depot on a mortgaged railroad")]
        await keys(pilot, "1")  # greyed: nothing happens
        await wait_until(pilot, lambda: app.screen is screen)
        await keys(pilot, "escape", "d", "1")
        await wait_until(pilot, lambda: choice_labels(app) == ["Reading Railroad: a train depot for $100, rent x2"])
        await keys(pilot, "1")
        await wait_until(pilot, lambda: "depot" in str(app.screen.query_one("#board").get_cell("6", "built")))
        await keys(pilot, "s")
        assert choice_labels(app) == ["Reading Railroad: the train depot, +$50"]  # only Alice has a building
        await keys(pilot, "1")
    with on_disk(path) as game:
        assert not game.state.deeds["Reading Railroad"].depot and game.state.cash("Alice") == 2500 - 200 - 100 + 50


@pytest.mark.asyncio
async def test_tickets_key_takes_and_rides(tmp_path: Path) -> None:
    path = game_file(tmp_path)
    app = app_for(path)
    async with app.run_test(size=SIZE) as pilot:
        await keys(pilot, "h", "enter")  # Alice (highlighted)
        await wait_until(pilot, lambda: app.screen.title_text == "Alice holds 0 bus tickets",
                         'app.screen.title_text == "Alice holds 0 bus tickets"')  # type: ignore[attr-defined]
        assert app.screen.choices[2].refusal == "Alice holds no bus ticket; roll the dice instead"  # type: ignore
        await keys(pilot, "1")
        await keys(pilot, "h", "enter", "3")  # ride on it
    with on_disk(path) as game:
        assert dict(game.state.held["bus_ticket"]) == {"bank": 15, "out": 1, "Alice": 0, "Bob": 0, "Carol": 0}


@pytest.mark.asyncio
async def test_table_shows_holdings_skyscrapers_depots_and_the_whole_bank(tmp_path: Path) -> None:
    path = game_file(tmp_path, *(f'buy Alice "{d}"' for d in BROWNS), *HOTELS_ON_THE_BROWNS,
                     "build Alice Mediterranean", "buy Bob Reading", "depot Bob Reading", "ticket Carol",
                     "ticket Carol")
    app = app_for(path)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: "Mediterranean Avenue SKY" in text_of(app, "#card-0 .deeds"))
        assert "Reading Railroad depot" in text_of(app, "#card-1 .deeds")
        assert text_of(app, "#card-2 .marks") == "2 bus tickets"
        assert "bank: 32 houses, 10 hotels, 7 skyscrapers, 3 depots, 14 bus tickets" in text_of(app, "#status")
        board = app.screen.query_one("#board")
        assert str(board.get_cell("1", "built")) == "SKY" and str(board.get_cell("3", "built")) == "hotel"
    async with app_for(path).run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        status = str(pilot.app.screen.query_one("#status").render())
        assert "bank 32⌂ 10 hotels 7 sky 3 depots 14 tickets" in status and len(status) <= 80


def test_a_holding_with_a_limit_shows_as_dots() -> None:
    """Sore Losers coins (at most four): filled and empty dots; a kind without a limit is counted."""
    coins = load_edition("sore-losers").holdings["coin"]
    tickets = load_edition("mega").holdings["bus_ticket"]
    assert holding_text(coins, 2) == "sore loser coins ●●○○"
    assert holding_text(tickets, 3) == "3 bus tickets"


@pytest.mark.asyncio
async def test_sore_loser_coins_show_on_every_card(tmp_path: Path) -> None:
    path = game_file(tmp_path, edition="sore-losers")
    app = app_for(path)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: text_of(app, "#card-0 .marks") == "sore loser coins ●●○○")


@pytest.mark.asyncio
async def test_rule_notice_after_an_action_is_its_own_toast(tmp_path: Path) -> None:
    """000: the last street of a built-on group obliges the owner to build it up evenly (a rule notice)."""
    path = game_file(tmp_path, "buy Alice Mediterranean", "buy Alice Baltic", "build Alice Mediterranean",
                     "build Alice Baltic", "build Alice Mediterranean", "build Alice Baltic")
    app = app_for(path)
    async with app.run_test(size=SIZE) as pilot:
        await land(pilot, "arctic", "1")
        notes = [n for n in app.toasts_up() if n.title == "Rule"]
        assert len(notes) == 1 and "now owns the whole brown group" in notes[0].message
        assert isinstance(app.screen.query_one("#status"), Static)


# -- the core side of the landing flow (banker/landing.py) -------------------------------------------


def test_every_mega_offer_is_accepted_by_the_core(new_game) -> None:  # noqa: ANN001 - conftest factory
    """Whatever the landing flow offers on a fresh Mega board, the rules accept (no dead buttons)."""
    game = new_game("mega")
    for space in game.state.edition.spaces:
        for offer in landing_offers(game.state, "Bob", space.position):
            if offer.actionable and offer.command is not None and not offer.needs:
                assert game.execute(offer.command).events
                game.execute(c.Undo())
            if offer.needs == MOVE:
                assert offer.move is not None and offer.move.target is not None


def test_payments_and_ways_to_raise_know_skyscrapers_and_depots(new_game) -> None:  # noqa: ANN001
    """The raise-money flow sees what a skyscraper and a depot cost, and offers to sell a depot back."""
    game = new_game("mega")
    for line in (*(f'buy Alice "{d}"' for d in BROWNS), *HOTELS_ON_THE_BROWNS, "buy Alice Reading"):
        game.do(line)
    state = game.state
    assert amount_due(state, c.Build("Alice", "Mediterranean Avenue")).amount == 50  # the skyscraper
    assert amount_due(state, c.BuildDepot("Alice", "Reading Railroad")).amount == 100
    game.do("depot Alice Reading")
    game.do("build Alice Mediterranean")
    labels = [way.label for way in ways_to_raise(game.state, "Alice")]
    assert "sell the train depot on Reading Railroad: +$50" in labels
    assert "sell the skyscraper on Mediterranean Avenue: +$25" in labels
