"""The table screen played through its keys, then checked against the ledger on disk.

Each test starts a real game file, drives the app with Pilot key presses as a banker
would, and reads the file again afterwards: what the screen did is what the ledger says.
Rulebook references are to 003_bd567e81029bde2a.txt (US classic).
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest
from app_pilot import wait_until
from screen_host import keys
from textual.pilot import Pilot
from textual.widgets import Digits

from banker.game import Game
from editions import load_edition
from screens.app import BankerApp, make_app
from screens.command_bar import CommandBar
from screens.player_card import PlayerCard
from screens.table_screen import TableScreen

PLAYERS = ("Alice", "Bob", "Carol")
SIZE = (120, 40)


@pytest.fixture
def game_file(tmp_path: Path) -> Path:
    path = tmp_path / "table.db"
    Game.create(path, load_edition("classic-us"), PLAYERS).close()
    return path


def prepare(path: Path, *lines: str) -> None:
    """Play lines on the file before the app opens it (the table as it stands)."""
    game = Game.open(path)
    try:
        for line in lines:
            game.do(line)
    finally:
        game.close()


def on_disk(path: Path) -> Game:
    """The ledger as another reader sees it: reopened from the file."""
    return Game.open(path)


def app_for(path: Path) -> BankerApp:
    return make_app(path, data=path.parent / "data", watch=False)


async def type_text(pilot: Pilot, text: str) -> None:
    await pilot.press(*text)
    await pilot.pause()


def toasts(app: BankerApp) -> list[tuple[str, str, str]]:
    return [(n.title, n.message, n.severity) for n in app.toasts_up()]


def card_cash(app: BankerApp, player: str) -> str:
    card = next(c for c in app.screen_stack[-1].query(PlayerCard) if c.player == player)
    return str(card.query_one(Digits).value)


def cash(path: Path, player: str) -> int:
    game = on_disk(path)
    try:
        return game.state.cash(player)
    finally:
        game.close()


def holding(path: Path, deed: str):  # noqa: ANN201 - banker.state.Holding
    game = on_disk(path)
    try:
        return game.state.deeds[deed]
    finally:
        game.close()


# -- landing ------------------------------------------------------------------------------


@pytest.mark.asyncio
async def test_buy_an_unowned_deed_through_the_landing_flow(game_file: Path) -> None:
    """003 line 75: buy the property landed on for the listed price."""
    app = app_for(game_file)
    async with app.run_test(size=SIZE) as pilot:
        await keys(pilot, "l")
        await type_text(pilot, "boardw")
        await keys(pilot, "enter", "enter")
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen))
        assert card_cash(app, "Alice") == "$1100"
    assert holding(game_file, "Boardwalk").owner == "Alice"
    assert cash(game_file, "Alice") == 1100


@pytest.mark.asyncio
async def test_rent_is_the_computed_amount_paid_to_the_owner(game_file: Path) -> None:
    """003 line 83, 87: rent to the owner, doubled for a whole unimproved group."""
    prepare(game_file, "buy Bob Mediterranean", "buy Bob Baltic")
    app = app_for(game_file)
    async with app.run_test(size=SIZE) as pilot:
        await keys(pilot, "l")
        await type_text(pilot, "baltic")
        await keys(pilot, "enter", "enter")
        await wait_until(pilot, lambda: card_cash(app, "Bob") == f"${1500 - 120 + 8}")
    assert cash(game_file, "Alice") == 1492


@pytest.mark.asyncio
async def test_utility_rent_asks_for_the_dice_total(game_file: Path) -> None:
    """003 line 98: roll the dice and multiply by 4."""
    prepare(game_file, "buy Bob Water")
    app = app_for(game_file)
    async with app.run_test(size=SIZE) as pilot:
        await keys(pilot, "l")
        await type_text(pilot, "water")
        await keys(pilot, "enter", "enter")
        await wait_until(pilot, lambda: type(app.screen).__name__ == "AmountScreen")
        await type_text(pilot, "13")
        await keys(pilot, "enter")
        await wait_until(pilot, lambda: "dice total" in str(app.screen.query_one("#amount-error").render()))
        await keys(pilot, "backspace", "backspace", "9", "enter")
    assert cash(game_file, "Alice") == 1500 - 36


@pytest.mark.asyncio
async def test_tax_space_charges_the_tax(game_file: Path) -> None:
    """003 line 106-108: pay the Bank the amount shown."""
    app = app_for(game_file)
    async with app.run_test(size=SIZE) as pilot:
        await keys(pilot, "l")
        await type_text(pilot, "luxury")
        await keys(pilot, "enter", "1")
    assert cash(game_file, "Alice") == 1400


@pytest.mark.asyncio
async def test_chance_nearest_railroad_asks_which_and_passing_go(game_file: Path) -> None:
    """The card "Advance to the nearest Railroad; pay owner twice the rental", passing GO on the way."""
    prepare(game_file, "buy Bob Reading")
    app = app_for(game_file)
    async with app.run_test(size=SIZE) as pilot:
        await keys(pilot, "l")
        await type_text(pilot, "chance")
        await keys(pilot, "enter", "enter")
        await wait_until(pilot, lambda: type(app.screen).__name__ == "ChoiceScreen")
        await keys(pilot, "5")  # the fifth Chance card: nearest railroad
        await keys(pilot, "1")  # Reading Railroad is nearest
        await keys(pilot, "2")  # yes, passed GO
    assert cash(game_file, "Alice") == 1500 - 50 + 200
    assert cash(game_file, "Bob") == 1300 + 50


@pytest.mark.asyncio
async def test_advance_card_leads_to_the_landing_it_causes(game_file: Path) -> None:
    """003 line 102: follow the card's instructions; advancing to Boardwalk, the deed can then be bought."""
    app = app_for(game_file)
    async with app.run_test(size=SIZE) as pilot:
        await keys(pilot, "l")
        await type_text(pilot, "chance")
        await keys(pilot, "enter", "enter")
        await keys(pilot, "1")  # "Advance to Boardwalk", at once
        await keys(pilot, "1")  # did not pass GO
        await wait_until(pilot, lambda: type(app.screen).__name__ == "LandingScreen")
        assert "Then Alice lands on Boardwalk" in str(app.screen.query_one(".dialog-title").render())
        await keys(pilot, "1")  # buy it
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen))
    assert holding(game_file, "Boardwalk").owner == "Alice"


@pytest.mark.asyncio
async def test_go_to_jail_space_and_leaving_by_the_fine(game_file: Path) -> None:
    """003 line 110 and 125: go to jail; pay $50 to get out."""
    app = app_for(game_file)
    async with app.run_test(size=SIZE) as pilot:
        await keys(pilot, "l")
        await type_text(pilot, "go to j")
        await keys(pilot, "enter", "enter")
        await wait_until(pilot, lambda: "Alice" in app.game.state.in_jail)
        assert "IN JAIL" in str(app.screen.query_one("#card-0 .marks").render())
        await keys(pilot, "j", "enter", "1")
    game = on_disk(game_file)
    assert "Alice" not in game.state.in_jail and game.state.cash("Alice") == 1450
    game.close()


@pytest.mark.asyncio
async def test_a_jail_fine_the_player_cannot_pay_opens_raise_money_with_the_fine(game_file: Path) -> None:
    """003 line 125: pay $50 to get out; with $30 in hand the fine is a payment like any other, so raise-money opens
    with it filled in (issue 36), and mortgaging pays it."""
    prepare(game_file, "buy Alice Reading", "pay Alice 1270", "jail Alice")
    app = app_for(game_file)
    async with app.run_test(size=SIZE) as pilot:
        await keys(pilot, "j")
        await wait_until(pilot, lambda: "Jail: Alice" in str(app.screen.query_one(".dialog-title").render()))
        await keys(pilot, "1")  # pay the fine
        await wait_until(pilot, lambda: type(app.screen).__name__ == "RaiseMoneyScreen")
        assert "must pay $50 (the jail fine" in str(app.screen.query_one("#raise-title").render())
        await keys(pilot, "enter")  # mortgage Reading Railroad: the fine is paid by itself
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen))
    game = on_disk(game_file)
    assert "Alice" not in game.state.in_jail and game.state.cash("Alice") == 30 + 100 - 50
    game.close()


@pytest.mark.asyncio
async def test_enter_on_a_board_row_starts_the_landing_there(game_file: Path) -> None:
    app = app_for(game_file)
    async with app.run_test(size=SIZE) as pilot:
        await keys(pilot, "down", "enter")  # row 1: Mediterranean Avenue
        await wait_until(pilot, lambda: type(app.screen).__name__ == "LandingScreen")
        await keys(pilot, "enter")
    assert holding(game_file, "Mediterranean Avenue").owner == "Alice"


# -- GO, turns, payments ---------------------------------------------------------------------


@pytest.mark.asyncio
async def test_passing_go_is_one_key_for_the_current_player(game_file: Path) -> None:
    """003 line 62-67 and GO: collect $200 passing GO; the turn passes to the left."""
    app = app_for(game_file)
    async with app.run_test(size=SIZE) as pilot:
        await keys(pilot, "g")
        await keys(pilot, "n", "g")
        await wait_until(pilot, lambda: "Bob's turn" in str(app.screen.query_one("#status").render()))
    assert cash(game_file, "Alice") == 1700 and cash(game_file, "Bob") == 1700


@pytest.mark.asyncio
async def test_next_player_skips_a_bankrupt_player(game_file: Path) -> None:
    prepare(game_file, "bankrupt Bob 99999")
    app = app_for(game_file)
    async with app.run_test(size=SIZE) as pilot:
        await keys(pilot, "n")
        await wait_until(pilot, lambda: app.current_player == "Carol")


@pytest.mark.asyncio
async def test_pay_between_a_player_and_the_bank(game_file: Path) -> None:
    app = app_for(game_file)
    async with app.run_test(size=SIZE) as pilot:
        await keys(pilot, "p", "enter")  # Alice pays (the current player is highlighted)
        await keys(pilot, "enter")  # the bank (highlighted)
        await type_text(pilot, "75")
        await keys(pilot, "enter")
    assert cash(game_file, "Alice") == 1425


@pytest.mark.asyncio
async def test_collect_from_another_player(game_file: Path) -> None:
    app = app_for(game_file)
    async with app.run_test(size=SIZE) as pilot:
        await keys(pilot, "c", "enter")  # Alice collects
        await keys(pilot, "2")  # from Bob: his seat's number, as in every list of players
        await type_text(pilot, "$1,000")
        await keys(pilot, "enter")
    assert cash(game_file, "Alice") == 2500 and cash(game_file, "Bob") == 500


# -- buildings and mortgages ---------------------------------------------------------------


@pytest.mark.asyncio
async def test_build_offers_only_even_building(game_file: Path) -> None:
    """003 line 164: build evenly; the second house waits until each site has one."""
    prepare(game_file, "buy Alice Mediterranean", "buy Alice Baltic")
    app = app_for(game_file)
    async with app.run_test(size=SIZE) as pilot:
        await keys(pilot, "b", "1")  # Mediterranean: 1 house
        await keys(pilot, "b")
        choices = app.screen.choices
        legal = [ch.value for ch in choices if ch.refusal is None]
        assert legal == [("Alice", "Baltic Avenue")]
        assert "evenly" in (next(ch for ch in choices if ch.refusal).refusal or "")
        await keys(pilot, "1")
    assert holding(game_file, "Mediterranean Avenue").level == 1
    assert holding(game_file, "Baltic Avenue").level == 1
    assert cash(game_file, "Alice") == 1500 - 120 - 100


@pytest.mark.asyncio
async def test_sell_a_house_back_at_half_price(game_file: Path) -> None:
    """003 line 174: buildings sell back to the Bank at half the listed price."""
    prepare(game_file, "buy Alice Mediterranean", "buy Alice Baltic", "build Alice Baltic")
    app = app_for(game_file)
    async with app.run_test(size=SIZE) as pilot:
        await keys(pilot, "s", "1")
    assert holding(game_file, "Baltic Avenue").level == 0
    assert cash(game_file, "Alice") == 1500 - 120 - 50 + 25


@pytest.mark.asyncio
async def test_mortgage_then_lift_with_ten_percent(game_file: Path) -> None:
    """003 line 180: collect the mortgage value; repay it plus 10%."""
    prepare(game_file, "buy Alice Reading")
    app = app_for(game_file)
    async with app.run_test(size=SIZE) as pilot:
        await keys(pilot, "m", "1")
        await wait_until(pilot, lambda: holding(game_file, "Reading Railroad").mortgaged)
        assert "mortgaged" in str(app.screen.query_one("#card-0 .deeds").render())
        await keys(pilot, "u", "1")
    assert not holding(game_file, "Reading Railroad").mortgaged
    assert cash(game_file, "Alice") == 1500 - 200 + 100 - 110


@pytest.mark.asyncio
async def test_mortgage_list_greys_a_built_on_group(game_file: Path) -> None:
    """003 line 178: sell all buildings on a color group before mortgaging one of its sites."""
    prepare(game_file, "buy Alice Mediterranean", "buy Alice Baltic", "build Alice Baltic")
    app = app_for(game_file)
    async with app.run_test(size=SIZE) as pilot:
        await keys(pilot, "m")
        await wait_until(pilot, lambda: all(ch.refusal for ch in app.screen.choices))
        await keys(pilot, "1")
        await wait_until(pilot, lambda: type(app.screen).__name__ == "ChoiceScreen")  # a greyed choice cannot be picked
        await keys(pilot, "escape")
    assert not holding(game_file, "Baltic Avenue").mortgaged


# -- raising money and bankruptcy -------------------------------------------------------------


# Alice owes $600 rent on Boardwalk (two houses) with $500 in hand and two railroads to mortgage
SHORT_OF_THE_RENT = ("collect Bob 1000", "buy Bob Boardwalk", "buy Bob Park", "build Bob Boardwalk", "build Bob Park",
                     "build Bob Boardwalk", "build Bob Park", "buy Alice Reading", "buy Alice 'Pennsylvania Railroad'",
                     "pay Alice 600 Bob")


async def rent_on_boardwalk(pilot: Pilot, app: BankerApp) -> None:
    """Alice lands on Boardwalk and charges the rent: the raise-money screen opens."""
    await keys(pilot, "l")
    await type_text(pilot, "boardw")
    await keys(pilot, "enter", "enter")
    await wait_until(pilot, lambda: type(app.screen).__name__ == "RaiseMoneyScreen")


@pytest.mark.asyncio
async def test_raise_money_pays_the_rent_by_itself_once_the_cash_is_there(game_file: Path) -> None:
    """003 line 194: owing more than your cash, raise it by mortgaging, then pay: the payment is made as soon as
    the cash covers it (issue 36), with no key left to press."""
    prepare(game_file, *SHORT_OF_THE_RENT)
    app = app_for(game_file)
    async with app.run_test(size=SIZE) as pilot:
        await rent_on_boardwalk(pilot, app)
        assert cash(game_file, "Alice") == 500  # nothing paid yet
        await keys(pilot, "p")  # not enough yet: the key does nothing
        await wait_until(pilot, lambda: type(app.screen).__name__ == "RaiseMoneyScreen")
        await keys(pilot, "enter")  # the first way: mortgage Reading Railroad, and the rent is paid
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen))
    assert holding(game_file, "Reading Railroad").mortgaged
    assert cash(game_file, "Alice") == 0
    assert cash(game_file, "Bob") == 2500 - 750 - 800 + 600 + 600


@pytest.mark.asyncio
async def test_bankrupt_to_the_player_owed_when_nothing_is_left(game_file: Path) -> None:
    """003 line 196-199: still owing more than you have, you are bankrupt to that player."""
    prepare(game_file, "collect Bob 1000", "buy Bob Boardwalk", "buy Bob Park", "build Bob Boardwalk",
            "build Bob Park", "build Bob Boardwalk", "pay Alice 1200 Bob")
    app = app_for(game_file)
    async with app.run_test(size=SIZE) as pilot:
        await keys(pilot, "l")
        await type_text(pilot, "boardw")
        await keys(pilot, "enter", "enter")
        await wait_until(pilot, lambda: "bankruptcy to Bob" in str(app.screen.query_one("#raise-status").render()))
        await keys(pilot, "x")
        await wait_until(pilot, lambda: app.screen.query_one("#amount").value == "600",
                         'app.screen.query_one("#amount").value == "600"')  # the rent that could not be paid
        await keys(pilot, "enter", "2")  # the debt as filled in; "Yes, declare it"
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen))
        assert "BANKRUPT" in str(app.screen.query_one("#card-0 .marks").render())
    game = on_disk(game_file)
    assert "Alice" in game.state.bankrupt and game.state.cash("Bob") == 2500 - 750 - 600 + 1200 + 300
    game.close()


@pytest.mark.asyncio
async def test_bankruptcy_is_not_offered_while_the_debt_could_be_raised(game_file: Path) -> None:
    """003 line 196: bankrupt only when owing more than you can pay; while mortgages would cover the rent, the
    raise-money screen offers no `x` and the key does nothing (issue 36)."""
    prepare(game_file, *SHORT_OF_THE_RENT)
    app = app_for(game_file)
    async with app.run_test(size=SIZE) as pilot:
        await rent_on_boardwalk(pilot, app)
        assert "bankrupt" not in str(app.screen.query_one("#raise-keys").render())
        await keys(pilot, "x")
        await wait_until(pilot, lambda: type(app.screen).__name__ == "RaiseMoneyScreen")
        assert not app.screen.query("#amount")
    assert "Alice" not in on_disk(game_file).state.bankrupt


# -- the command bar, undo and refusals ---------------------------------------------------------


@pytest.mark.asyncio
async def test_command_bar_runs_a_typed_line(game_file: Path) -> None:
    app = app_for(game_file)
    async with app.run_test(size=SIZE) as pilot:
        await keys(pilot, "colon")
        await type_text(pilot, 'buy carol "park place"')
        await keys(pilot, "enter")
        await wait_until(pilot, lambda: app.screen.query_one(CommandBar).value == "")
    assert holding(game_file, "Park Place").owner == "Carol"


@pytest.mark.asyncio
async def test_command_bar_error_is_a_clear_message_and_changes_nothing(game_file: Path) -> None:
    app = app_for(game_file)
    async with app.run_test(size=SIZE) as pilot:
        await keys(pilot, "colon")
        await type_text(pilot, "buy alice nowhere")
        await keys(pilot, "enter")
        errors = [m for _, m, severity in toasts(app) if severity == "error"]
        assert errors and "no deed called 'nowhere'" in errors[-1]
        assert app.screen.query_one(CommandBar).value == "buy alice nowhere"  # kept, to fix it
    assert on_disk(game_file).head[0] == 1


@pytest.mark.asyncio
async def test_command_bar_completes_players_and_deeds(game_file: Path) -> None:
    app = app_for(game_file)
    async with app.run_test(size=SIZE) as pilot:
        await keys(pilot, "colon")
        await type_text(pilot, "ren")
        await keys(pilot, "tab")
        await type_text(pilot, "bo")
        await keys(pilot, "tab")
        await type_text(pilot, "st")
        await keys(pilot, "tab")
        await wait_until(pilot, lambda: app.screen.query_one(CommandBar).value == 'rent Bob "St. Charles Place" ')


@pytest.mark.asyncio
async def test_command_bar_help_lists_the_language(game_file: Path) -> None:
    app = app_for(game_file)
    async with app.run_test(size=SIZE) as pilot:
        await keys(pilot, "colon")
        await type_text(pilot, "help")
        await keys(pilot, "enter")
        await wait_until(pilot, lambda: type(app.screen).__name__ == "ChoiceScreen")
        assert any("rent <payer> <deed>" in choice.label for choice in app.screen.choices)
        await keys(pilot, "1")  # row 1 at once
        await wait_until(pilot, lambda: app.screen.query_one(CommandBar).value == "buy ")


@pytest.mark.asyncio
async def test_a_bankruptcy_to_the_bank_runs_its_auctions_one_after_another(game_file: Path) -> None:
    """003 line 200 / 000:207: a debt to the Bank -> the Bank immediately sells by auction all properties."""
    prepare(game_file, "buy Carol Park", "buy Carol Boardwalk", "bankrupt Carol 99999")
    app = app_for(game_file)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert type(app.screen).__name__ == "AuctionScreen" and app.screen.deed == "Park Place"
        await keys(pilot, "s")  # no bid: Park Place stays with the bank, Boardwalk's auction opens at once
        await wait_until(pilot, lambda: type(app.screen).__name__ == "AuctionScreen" and app.screen.deed == "Boardwalk")
        await keys(pilot, "1", "t", "s")  # Alice bids $10
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen))
    assert holding(game_file, "Boardwalk").owner == "Alice" and holding(game_file, "Park Place").owner == "bank"
    assert cash(game_file, "Alice") == 1490


@pytest.mark.asyncio
async def test_undo_with_ctrl_z_says_what_was_undone(game_file: Path) -> None:
    """Undo is a new event (nothing erased); the toast names the action taken back."""
    app = app_for(game_file)
    async with app.run_test(size=SIZE) as pilot:
        await keys(pilot, "l")
        await type_text(pilot, "boardw")
        await keys(pilot, "enter", "enter")
        await keys(pilot, "ctrl+z")
        await wait_until(pilot, lambda: ("Undone", "Alice buys Boardwalk for $400", "information") in toasts(app))
        assert card_cash(app, "Alice") == "$1500"
        assert holding(game_file, "Boardwalk").owner == "bank"
        await keys(pilot, "ctrl+y")
        await wait_until(pilot, lambda: card_cash(app, "Alice") == "$1100")
    game = on_disk(game_file)
    assert game.state.deeds["Boardwalk"].owner == "Alice"
    assert [r.type for r in game.records][-2:] == ["ActionUndone", "ActionRedone"]
    game.close()


@pytest.mark.asyncio
async def test_refusal_from_the_core_is_an_error_toast(game_file: Path) -> None:
    app = app_for(game_file)
    async with app.run_test(size=SIZE) as pilot:
        await keys(pilot, "ctrl+z")
        assert ("Refused", "nothing to undo: no action since the game started", "error") in toasts(app)


@pytest.mark.asyncio
async def test_screen_follows_another_writer(game_file: Path) -> None:
    """Nothing on screen disagrees with the ledger, even when `banker do` wrote to it."""
    app = app_for(game_file)
    async with app.run_test(size=SIZE) as pilot:
        prepare(game_file, "collect Bob 250")
        app.take_in_other_writers()
        await wait_until(pilot, lambda: card_cash(app, "Bob") == "$1750")


# -- other screens and the palette ------------------------------------------------------------


def has_module(name: str) -> bool:
    return importlib.util.find_spec(f"screens.{name}") is not None


@pytest.mark.asyncio
@pytest.mark.skipif(not has_module("auction_screen"), reason="the auction screen is not built yet")
async def test_auction_key_opens_the_auction(game_file: Path) -> None:
    """003 line 77: a deed not bought goes up for auction."""
    app = app_for(game_file)
    async with app.run_test(size=SIZE) as pilot:
        await keys(pilot, "a", "1", "enter")
        await wait_until(pilot, lambda: type(app.screen).__name__ == "AuctionScreen")
        assert app.game.state.auction is not None and app.game.state.auction.deed == "Mediterranean Avenue"


@pytest.mark.asyncio
@pytest.mark.skipif(not has_module("auction_screen"), reason="the auction screen is not built yet")
async def test_an_open_auction_is_on_screen_when_the_game_is_resumed(game_file: Path) -> None:
    prepare(game_file, "auction Boardwalk", "bid Bob 120")
    app = app_for(game_file)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: type(app.screen).__name__ == "AuctionScreen")


@pytest.mark.asyncio
@pytest.mark.parametrize(("key", "module", "name"), [("t", "trade_screen", "TradeScreen"),
                                                      ("L", "ledger_screen", "LedgerScreen"),
                                                      ("E", "end_screen", "EndScreen")])
async def test_keys_open_the_other_screens(game_file: Path, key: str, module: str, name: str) -> None:
    if not has_module(module):
        pytest.skip(f"screens/{module}.py is not built yet")
    app = app_for(game_file)
    async with app.run_test(size=SIZE) as pilot:
        await keys(pilot, key)
        await wait_until(pilot, lambda: type(app.screen).__name__ == name)


@pytest.mark.asyncio
async def test_command_palette_lists_every_table_action(game_file: Path) -> None:
    app = app_for(game_file)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        titles = [command.title for command in app.get_system_commands(app.screen)]
        for action in ("Land", "GO", "Pay", "Build", "Mortgage", "Undo", "Redo", "Trade", "Bankrupt"):
            assert any(t.startswith(action) for t in titles), action
        pay = next(command for command in app.get_system_commands(app.screen) if command.title.startswith("Pay"))
        await pay.callback()
        await pilot.pause()
        assert type(app.screen).__name__ == "ChoiceScreen" and app.screen.title_text == "Who pays?"
