"""The trade screen: two players, cash + deeds + cards, one `trade` action after a confirmed summary.

Rules: 003_*.txt (US classic) trading between players, mortgaged property "must either pay off the
mortgage at once or pay only the 10% interest"; property with buildings cannot be sold to another
player until the buildings of its colour group are sold back to the bank.
"""

from __future__ import annotations

import pytest
from app_pilot import wait_until
from screen_host import Host
from textual.widgets import SelectionList, Static

from banker import events as ev
from banker.game import Game
from editions import load_edition
from screens.trade_screen import TradeScreen, mortgage_choices


@pytest.fixture
def table(game: Game) -> Game:
    """Alice: Park Place, Boardwalk (mortgaged); Bob: St. Charles Place and a Chance jail card;
    Carol: the brown group with a house on Baltic Avenue."""
    for line in ("buy Alice 'Park Place'", "buy Alice Boardwalk", "mortgage Alice Boardwalk",
                 "buy Bob 'St. Charles Place'", "card Bob chance 'get out'",
                 "buy Carol Mediterranean", "buy Carol Baltic", "build Carol Baltic"):
        game.do(line)
    return game


def shown(app: Host, selector: str) -> str:
    return str(app.screen.query_one(selector, Static).render())


def offered(app: Host, side: int) -> list[str]:
    items = app.screen.query_one(f"#trade-items-{side}", SelectionList)
    return [str(items.get_option_at_index(i).value) for i in range(items.option_count)]


@pytest.mark.asyncio
async def test_trade_of_cash_deed_and_jail_card_is_one_action(table: Game) -> None:
    game = table
    before = game.head[0]
    app = Host(TradeScreen(game, "Alice", "Bob"))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("space")  # Alice's first deed: Park Place
        await pilot.press("shift+tab", *"100", "tab")  # and $100
        await pilot.press("tab", "tab", "tab")  # Bob's side: player, cash, items
        await pilot.press("space", "down", "space")  # St. Charles Place and the jail card
        await pilot.press("ctrl+r")
        summary = shown(app, "#trade-summary")
        assert "Alice gives Bob: $100, Park Place" in summary
        assert "Bob gives Alice: St. Charles Place, Get Out of Jail Free (Chance)" in summary
        assert "Alice: $950 -> $850" in summary
        await pilot.press("y")
        await pilot.pause()
    assert app.result.summary.startswith("trade between Alice and Bob")
    assert {r.action for r in game.records if r.seq > before} == {before + 1}  # one action
    state = game.state
    assert state.deeds["Park Place"].owner == "Bob"
    assert state.deeds["St. Charles Place"].owner == "Alice"
    assert state.jail_cards == {"Alice": ["chance"], "Bob": [], "Carol": []}
    assert (state.cash("Alice"), state.cash("Bob")) == (950 - 100, 1360 + 100)


@pytest.mark.asyncio
@pytest.mark.parametrize(("keys", "lifted", "paid"), [((), False, 20), (("down", "space"), True, 220)])
async def test_mortgaged_deed_is_lifted_now_or_kept_for_10_percent(
        table: Game, keys: tuple[str, ...], lifted: bool, paid: int) -> None:
    game = table
    app = Host(TradeScreen(game, "Alice", "Bob"))
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_until(pilot, lambda: not app.screen.query_one("#trade-mortgage").display)
        await pilot.press("down", "space")  # Boardwalk, mortgaged
        await wait_until(pilot, lambda: app.screen.query_one("#trade-mortgage").display,
                         'app.screen.query_one("#trade-mortgage").display')  # "lift now or pay 10%" is asked
        await pilot.press("tab", "tab", "tab", "tab", *keys)  # to the lift / keep choice
        await pilot.press("ctrl+r")
        what = "lifts the mortgage on" if lifted else "pays 10% interest to keep mortgaged"
        assert f"Bob {what} Boardwalk: ${paid} to the bank" in shown(app, "#trade-summary")
        await pilot.press("y")
        await pilot.pause()
    assert game.state.deeds["Boardwalk"].owner == "Bob"
    assert game.state.deeds["Boardwalk"].mortgaged is not lifted
    fee_event = ev.MortgageLifted if lifted else ev.MortgageInterestPaid
    assert [e.transfers for e in app.result.events if isinstance(e, fee_event)] == [
        (ev.Transfer("Bob", "bank", paid),)]
    assert game.state.cash("Bob") == 1360 - paid


@pytest.mark.asyncio
async def test_deeds_of_a_built_on_group_are_not_offered(table: Game) -> None:
    app = Host(TradeScreen(table, "Alice", "Bob"))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("tab", "enter", "down", "enter")  # the second player: Carol
        await wait_until(pilot, lambda: offered(app, 1) == [])
        assert not app.screen.query_one("#trade-items-1").display
        why = shown(app, "#trade-unoffered-1")
        assert why.startswith("Carol has $1,330, and no deed or card to offer.")
        assert "Not offered: Mediterranean Avenue: sell the buildings" in why
        assert "Baltic Avenue: sell the buildings" in why
        assert "Carol gives Alice:" in str(app.screen.query_one("#trade-caption-1").render())


@pytest.mark.asyncio
async def test_trade_beyond_cash_is_refused_at_review(table: Game) -> None:
    head = table.head
    app = Host(TradeScreen(table, "Alice", "Bob"))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("shift+tab", *"5000", "ctrl+r")
        assert shown(app, "#trade-message").startswith("Alice has $950 but this trade costs $5,000")
        assert not app.screen.reviewing
    assert table.head == head


@pytest.mark.asyncio
async def test_empty_trade_and_one_player_are_refused(table: Game) -> None:
    app = Host(TradeScreen(table, "Alice", "Alice"))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("space", "ctrl+r")
        await wait_until(pilot, lambda: "cannot trade with themselves" in shown(app, "#trade-message"))
    app = Host(TradeScreen(table, "Alice", "Bob"))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+r")
        await wait_until(pilot, lambda: "pick at least one thing" in shown(app, "#trade-message"))
        await pilot.press("escape")
        await pilot.pause()
    assert app.result is None


@pytest.mark.asyncio
async def test_core_refusal_at_confirm_is_shown_and_nothing_changes(table: Game) -> None:
    game = table
    app = Host(TradeScreen(game, "Alice", "Bob"))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("shift+tab", *"900", "tab")  # $900 from Alice
        await pilot.press("tab", "tab", "tab", "space", "ctrl+r")  # for Bob's St. Charles Place (cash alone is a loan)
        await wait_until(pilot, lambda: "Bob gives Alice: St. Charles Place" in shown(app, "#trade-summary"))
        game.do("pay Alice 500")  # the table moved on while the summary was up
        head = game.head
        await pilot.press("y")
        await wait_until(pilot, lambda: "Alice has $450 but this trade costs $900" in shown(app, "#trade-message"))
        assert not app.screen.reviewing
        assert game.head == head


def test_a_traded_mortgage_is_offered_in_the_editions_terms() -> None:
    """003: lift now or pay 10% and keep it; 004 (City): no interest, bought back for what the mortgage paid."""
    caption, keep, lift = mortgage_choices(load_edition("classic-us"))
    assert "pays the bank 10% now" in caption and keep == "pay 10% now, keep it mortgaged" and "+ 10%" in lift
    caption, keep, lift = mortgage_choices(load_edition("city"))
    assert caption.startswith("A mortgaged district changes hands") and "%" not in caption + keep + lift
    assert lift == "buy it back now (what the mortgage paid)"
