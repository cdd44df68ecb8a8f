"""Monopoly for Sore Losers in the app (issue 8), played through the table's keys.

Each test starts a real game file, drives the app with Pilot key presses as a banker would,
then reads the file again: what the screen did is what the ledger says. Rulebook 001 =
Monopoly for Sore Losers (Hasbro, 2020).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from app_pilot import (
    app_for,
    choice_labels,
    choice_refusals,
    land,
    offers_shown,
    on_disk,
    played_file,
    text_of,
    toasts,
    wait_until,
)
from screen_host import keys
from textual.widgets import DataTable, Select

from banker import commands as c
from banker.coins_landing import TRAP
from banker.events import BANK
from banker.game import Game
from banker.landing import amount_due, landing_offers
from banker.valuation import score
from banker.verify import verify_records
from editions import load_edition
from screens.app import make_app
from screens.choice_screen import ChoiceScreen
from screens.end_screen import EndScreen
from screens.new_game_screen import NewGameScreen
from screens.player_card import marks_text
from screens.table_screen import TableScreen

PLAYERS = ("Alice", "Bob", "Carol")
SIZE = (120, 40)
BROWNS = ("Mediterranean Avenue", "Baltic Avenue")
RULE = "buildings are never sold back in Monopoly for Sore Losers"


def game_file(tmp_path: Path, *lines: str, edition: str = "sore-losers", name: str = "sore.db") -> Path:
    """A game file with `lines` already played: the table as it stands when the app opens it."""
    return played_file(tmp_path / name, edition, PLAYERS, lines)


def coins(game: Game, player: str) -> int:
    return game.state.count("coin", player)


def whys(game: Game) -> list[tuple[str, str, str]]:
    """Every coin that moved and why: (from, to, why)."""
    return [(e.giver, e.receiver, e.why) for e in (r.event for r in game.records)
            if type(e).__name__ == "HoldingMoved" and e.kind == "coin"]


# -- a whole Sore Losers game through the keys ---------------------------------------------------

# The table as it stands when the app opens: the deeds no landing below is about are already sold
# (Alice holds the other railroads, so Carol's Reading Railroad rents for M25).
PLAYED_IN_KEYS = (*BROWNS, "Reading Railroad", "Oriental Avenue", "Boardwalk")
BOUGHT_BEFORE = ("collect Alice 1000", "collect Bob 1000", "collect Carol 1000",
                 *(f'buy {"Alice" if deed.endswith(("Railroad", "Line")) else PLAYERS[i % 3]} "{deed}"'
                   for i, deed in enumerate(d for d in load_edition("sore-losers").deeds if d not in PLAYED_IN_KEYS)))


@pytest.mark.asyncio
async def test_a_sore_losers_game_through_the_keys_matches_the_ledger(tmp_path: Path) -> None:
    path = game_file(tmp_path, *BOUGHT_BEFORE)
    app = app_for(path)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: "sore loser coins ●●○○" in text_of(app, "#card-0 .marks"))
        # Alice buys both browns.
        await land(pilot, "mediterranean", "1")
        await land(pilot, "baltic", "1")
        # Bob pays rent (001: a coin for paying rent) and Income Tax (a coin for a tax).
        await keys(pilot, "n")
        await land(pilot, "mediterranean")
        await wait_until(pilot, lambda: offers_shown(app) == ["pay Alice M4 rent for Mediterranean Avenue · +1 coin"])
        await keys(pilot, "1")
        await land(pilot, "income tax")
        await wait_until(pilot, lambda: offers_shown(app) == ["pay Income Tax: M200 · +1 coin"])
        await keys(pilot, "1")
        await wait_until(pilot, lambda: "sore loser coins ●●●●" in text_of(app, "#card-1 .marks"))
        # Bob cashes in his four coins: Mr. Monopoly (o, Bob, cash in).
        await keys(pilot, "o")
        await wait_until(pilot, lambda: choice_labels(app)[1] == "Bob  ●●●●")
        await keys(pilot, "2", "1")
        await wait_until(pilot, lambda: "MR. MONOPOLY" in text_of(app, "#card-1 .marks"))
        assert "coin" not in text_of(app, "#card-1 .marks")  # he never holds coins: the badge says it
        # Carol lands on Free Parking and steals one of Alice's coins; then buys Reading Railroad.
        await keys(pilot, "n")
        await land(pilot, "free parking")
        assert offers_shown(app) == ["steal a coin from Alice  ●●○○",
                                     "steal a coin from Bob: Bob holds no sore loser coin; "
                                     "steal from a player who has one"]
        await keys(pilot, "1")
        await wait_until(pilot, lambda: "sore loser coins ●○○○" in text_of(app, "#card-0 .marks"))
        await land(pilot, "reading", "1")
        # Alice lands on her own street: a coin (001 "land on your own property").
        await keys(pilot, "n")
        await land(pilot, "mediterranean")
        assert offers_shown(app) == ["Alice owns Mediterranean Avenue: take a coin for landing on it"]
        await keys(pilot, "1")
        # Mr. Monopoly lands on Carol's railroad: she pays him the rent (and takes a coin for paying rent).
        await keys(pilot, "n")
        await land(pilot, "reading")
        assert offers_shown(app) == [
            "Mr. Monopoly collects M25 rent from Carol for Reading Railroad · Carol +1 coin",
            "Mr. Monopoly traps Alice here, maybe steals a deed · Alice +1 coin",
            "Mr. Monopoly traps Carol here, maybe steals a deed · Carol +1 coin"]
        await keys(pilot, "1")
        # He lands on Oriental Avenue where Carol stands: trap her, steal her railroad, then buy the street.
        await land(pilot, "oriental")
        assert offers_shown(app)[:2] == ["buy Oriental Avenue for M100",
                                         "auction Oriental Avenue (opening bid from M10)"]
        await keys(pilot, "4")  # trap Carol
        assert choice_labels(app)[:2] == ["no deed: just trap Carol", "steal Reading Railroad (M200)"]
        await keys(pilot, "2")
        await wait_until(pilot, lambda: "Carol is trapped. Now Bob on Oriental Avenue" in text_of(app, ".dialog-title"))
        assert len(offers_shown(app)) == 3  # buy, auction, trap Alice: Carol is under his token already
        await keys(pilot, "1")
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen))
        assert "TRAPPED by Bob" in text_of(app, "#card-2 .marks")
        # Doubles while there is a Mr. Monopoly: a free house on Baltic Avenue (f).
        await keys(pilot, "f")
        await wait_until(pilot, lambda: choice_labels(app)[1] == "Baltic Avenue (Alice): no buildings → 1 house")
        await keys(pilot, "2")  # row 2 at once
        await wait_until(pilot, lambda: "Baltic Avenue ⌂" in text_of(app, "#card-0 .deeds"))
        # Buildings never go back to the bank: `s` says the rule.
        await keys(pilot, "s")
        await wait_until(pilot, lambda: any(RULE in t for t in toasts(app)))
        # Carol collects M500 from the bank (c), then lands on the last deed the bank holds and buys it.
        await keys(pilot, "n", "c", "3", "0")  # Carol (3), from the bank (0)
        await pilot.press(*"500")
        await keys(pilot, "enter")
        await land(pilot, "39", "1")  # a space found by its number: Boardwalk
        # The end of the game: the final rent round, line by line, then the ranking by cash.
        await keys(pilot, "E")
        await wait_until(pilot, lambda: isinstance(app.screen, EndScreen))
        assert "the final rent round is still to play" in text_of(app, "#end-winner")
        await keys(pilot, "f")
        lines = app.screen.query_one("#end-final", DataTable)
        await wait_until(pilot, lambda: lines.row_count > 0, "the first rent of the final round revealed")
        assert lines.row_count < 26  # still revealing, one rent at a time
        await keys(pilot, "space")
        await wait_until(pilot, lambda: lines.row_count == 26)
        banner = text_of(app, "#end-winner")
        await keys(pilot, "escape")
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen))

    with on_disk(path) as game:
        state = game.state
        assert verify_records(game.records) is None
        moved = whys(game)
        assert ("bank", "Bob", "rent") in moved and ("bank", "Bob", "tax") in moved
        assert ("Bob", "bank", "cashed in for Mr. Monopoly") in moved
        assert ("Alice", "Carol", "Free Parking") in moved
        assert ("bank", "Alice", "coin") in moved
        assert ("bank", "Carol", "rent") in moved  # the reversed rent: Carol paid, Carol took the coin
        assert coins(game, "Carol") == 4  # at four already when he trapped her: no coin for it (001)
        assert not [w for w in moved if w[2] == "Mr. Monopoly landed on them"]
        kinds = [type(r.event).__name__ for r in game.records]
        assert kinds.count("RentReversed") == 1 and kinds.count("FreeHousePlaced") == 1
        assert state.mr_monopoly == "Bob" and state.trapped == {"Carol"}
        assert state.deeds["Reading Railroad"].owner == "Bob" and state.deeds["Baltic Avenue"].level == 1
        assert state.final_round and len(game.final_round_lines()) == 26
        assert not [d for d, h in state.deeds.items() if h.owner == BANK]
        table, winner = score(state)
        richest = max(table, key=lambda w: w.cash)
        assert winner == richest.name and banner == f"{winner} wins with {game.money(richest.cash)} cash"
        assert dict(state.held["coin"]) == {"bank": 30 - coins(game, "Alice") - coins(game, "Carol"), "out": 0,
                                            "Alice": coins(game, "Alice"), "Bob": 0, "Carol": coins(game, "Carol")}


# -- the new-game screen and the cards ------------------------------------------------------------


@pytest.mark.asyncio
async def test_the_new_game_screen_offers_sore_losers(tmp_path: Path) -> None:
    app = make_app(data=tmp_path, watch=False)
    async with app.run_test(size=SIZE) as pilot:
        await keys(pilot, "n")
        await wait_until(pilot, lambda: isinstance(app.screen, NewGameScreen))
        select = app.screen.query_one("#edition", Select)
        assert "sore-losers" in [value for _, value in select._options]
        select.value = "sore-losers"
        await wait_until(pilot, lambda: "sore loser coins" in text_of(app, "#edition-about"))
        for name in ("Ann", "Ben", "Cat"):
            await pilot.press(*name)
            await keys(pilot, "enter")
        await keys(pilot, "enter", "enter")  # the empty fourth row: on to Create; Create
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen) and app.game is not None)
        assert app.game is not None
        assert app.game.state.edition.id == "sore-losers"
        assert all(coins(app.game, p) == 2 for p in ("Ann", "Ben", "Cat"))
        assert "sore loser coins ●●○○" in text_of(app, "#card-2 .marks")


def test_the_cards_show_mr_monopoly_and_the_trapped_player(tmp_path: Path) -> None:
    with on_disk(game_file(tmp_path, "coin Alice", "coin Alice", "cashin Alice", "trap Alice Bob")) as game:
        state = game.state
        assert marks_text(state, "Alice").plain == " MR. MONOPOLY "
        assert marks_text(state, "Bob").plain == " TRAPPED by Alice \nsore loser coins ●●●○"
        assert marks_text(state, "Carol").plain == "sore loser coins ●●○○"


@pytest.mark.asyncio
async def test_the_sore_losers_keys_are_in_the_help_only_for_this_edition(tmp_path: Path) -> None:
    ours = ("coins", "free_house", "trap")
    for edition, shown in (("sore-losers", True), ("classic-us", False)):
        app = app_for(game_file(tmp_path, edition=edition, name=f"{edition}.db"))
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, TableScreen)
            actions = {binding.action for binding in (b.binding for b in screen.active_bindings.values())}
            assert all((action in actions) == shown for action in ours)
            assert all(screen.check_action(action, ()) is shown for action in ours)
            palette = [cmd.title for cmd in app.get_system_commands(screen)]
            assert any(title.startswith("Coins  (o)") for title in palette) == shown
            await keys(pilot, "question_mark")
            await wait_until(pilot, lambda: bool(screen.query("HelpPanel")))  # noqa: B023 (waited for here)


# -- landing offers, each with the core's refusal ------------------------------------------------------


@pytest.mark.asyncio
async def test_a_fifth_coin_is_not_offered_and_mr_monopoly_takes_none(tmp_path: Path) -> None:
    path = game_file(tmp_path, "buy Alice Mediterranean", "coin Alice", "coin Alice", "buy Bob Reading")
    app = app_for(path)
    async with app.run_test(size=SIZE) as pilot:
        await land(pilot, "mediterranean")
        assert offers_shown(app) == ["Alice owns Mediterranean Avenue: nothing to pay; Alice already holds 4 "
                                     "sore loser coins, the most allowed; nothing is taken"]
        await keys(pilot, "enter")
        await wait_until(pilot, lambda: type(app.screen).__name__ == "LandingScreen")  # nothing to pick
        await keys(pilot, "escape")
        await land(pilot, "reading")
        assert offers_shown(app) == ["pay Bob M25 rent for Reading Railroad"]  # at four: no coin in the label
        await keys(pilot, "1")
        await keys(pilot, "o", "1", "1")  # cash in
        await land(pilot, "mediterranean")
        assert offers_shown(app)[0] == ("Alice owns Mediterranean Avenue: nothing to pay; "
                                        "Mr. Monopoly never collects sore loser coins")
    with on_disk(path) as game:
        assert coins(game, "Alice") == 0 and game.state.mr_monopoly == "Alice"
        assert [w for w in whys(game) if w[2] == "rent"] == []


@pytest.mark.asyncio
async def test_free_parking_at_four_or_as_mr_monopoly_sends_the_coin_back(tmp_path: Path) -> None:
    path = game_file(tmp_path, "coin Alice", "coin Alice")
    app = app_for(path)
    async with app.run_test(size=SIZE) as pilot:
        await land(pilot, "free parking")
        assert offers_shown(app) == ["take a coin from Bob back to the bank (Alice holds 4)  ●●○○",
                                     "take a coin from Carol back to the bank (Alice holds 4)  ●●○○"]
        await keys(pilot, "2")
        await keys(pilot, "o", "1", "1")
        await land(pilot, "free parking")
        assert offers_shown(app)[0] == "take a coin from Bob back to the bank (Mr. Monopoly)  ●●○○"
        await keys(pilot, "escape")
    with on_disk(path) as game:
        assert whys(game)[-2] == ("Carol", "bank", "Free Parking")
        assert coins(game, "Carol") == 1


@pytest.mark.asyncio
async def test_mr_monopoly_collects_taxes_and_reversed_rent_raises_money_from_the_owner(tmp_path: Path) -> None:
    path = game_file(tmp_path, "coin Alice", "coin Alice", "cashin Alice", "pay Alice 1500",
                     "buy Bob Boardwalk", "buy Bob 'Park Place'", "pay Bob 700")
    app = app_for(path)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: app.game is not None)
        # Alice has M0: the bill is paid to her, so nothing asks her to raise money.
        await land(pilot, "electric bill")
        assert offers_shown(app)[0] == "Mr. Monopoly collects M150 from the bank instead of paying Electric Bill"
        await keys(pilot, "1")
        await wait_until(pilot, lambda: app.game.state.cash("Alice") == 150)
        # Bob owes her M100 (Boardwalk, complete set, doubled) and has M50: he raises it, not Alice.
        due = amount_due(app.game.state, c.Rent("Alice", "Boardwalk"))
        assert due is not None and (due.payer, due.amount, due.creditor) == ("Bob", 100, "Alice")
        await land(pilot, "boardwalk")
        assert offers_shown(app)[0] == "Mr. Monopoly collects M100 rent from Bob for Boardwalk · Bob +1 coin"
        await keys(pilot, "1")
        await wait_until(pilot, lambda: type(app.screen).__name__ == "RaiseMoneyScreen")
        assert "Bob" in text_of(app, "#raise-title")
    with on_disk(path) as game:
        assert [type(r.event).__name__ for r in game.records][-1] == "TaxCollected"


@pytest.mark.asyncio
async def test_mr_monopoly_sends_another_player_to_jail(tmp_path: Path) -> None:
    path = game_file(tmp_path, "coin Alice", "coin Alice", "cashin Alice", "jail Carol")
    app = app_for(path)
    async with app.run_test(size=SIZE) as pilot:
        await land(pilot, "go to jail")
        assert offers_shown(app)[:2] == ["Mr. Monopoly sends Bob to jail instead · Bob +1 coin",
                                         "Mr. Monopoly sends Carol to jail instead: Carol is already in jail"]
        await keys(pilot, "1")
        # The `j` key: the same choice for Mr. Monopoly.
        await keys(pilot, "j", "1")
        # the refusal is said once, after the row (issue 36), not in the label too
        assert choice_labels(app)[0] == "Mr. Monopoly sends Bob to jail instead"
        assert app.screen.choices[0].refusal == "Bob is already in jail"  # type: ignore[attr-defined]
        await keys(pilot, "escape")
        # A Go to Jail card drawn by Mr. Monopoly: he sends someone else (001 "for any reason").
        await keys(pilot, "ctrl+z")
        await land(pilot, "chance", "1")
        titles = choice_labels(app)
        await keys(pilot, str(next(i for i, t in enumerate(titles) if t.startswith("Go to Jail")) + 1))
        await wait_until(pilot, lambda: choice_labels(app)[0] == "Mr. Monopoly sends Bob to jail instead · Bob +1 coin")
        await keys(pilot, "1")
    with on_disk(path) as game:
        assert game.state.in_jail == {"Bob", "Carol"} and "Alice" not in game.state.in_jail
        assert ("bank", "Bob", "jail") in whys(game)


@pytest.mark.asyncio
async def test_a_trap_cannot_steal_from_a_complete_set(tmp_path: Path) -> None:
    path = game_file(tmp_path, *(f'buy Bob "{d}"' for d in BROWNS), "buy Bob Reading",
                     "coin Alice", "coin Alice", "cashin Alice")
    app = app_for(path)
    async with app.run_test(size=SIZE) as pilot:
        await land(pilot, "chance")
        trap = next(i for i, o in enumerate(app.screen.offers) if o.needs == TRAP)  # type: ignore[attr-defined]
        await keys(pilot, str(trap + 1))
        assert choice_labels(app) == ["no deed: just trap Bob", "steal Reading Railroad (M200)",
                                      "steal Mediterranean Avenue (M60)", "steal Baltic Avenue (M60)"]
        assert choice_refusals(app)[2] == ("Mediterranean Avenue is part of Bob's complete brown set and cannot be "
                                           "stolen; pick another deed or none")
        await keys(pilot, "3")  # refused: nothing happens
        await wait_until(pilot, lambda: isinstance(app.screen, ChoiceScreen))
        await keys(pilot, "1")
        await wait_until(pilot, lambda: "Bob is trapped" in text_of(app, ".dialog-title"))
        await keys(pilot, "escape")
        # `T`: release him.
        await keys(pilot, "T")
        await wait_until(pilot, lambda: choice_labels(app)[-1] == "release Bob")
        await keys(pilot, str(len(choice_labels(app))))
    with on_disk(path) as game:
        assert game.state.trapped == set() and game.state.deeds["Baltic Avenue"].owner == "Bob"
        kinds = [type(r.event).__name__ for r in game.records]
        assert kinds[-2:] == ["HoldingMoved", "PlayerReleased"] or kinds[-1] == "PlayerReleased"


@pytest.mark.asyncio
async def test_cash_in_with_three_and_the_free_house_without_mr_monopoly_are_refused(tmp_path: Path) -> None:
    path = game_file(tmp_path, "coin Alice")
    app = app_for(path)
    async with app.run_test(size=SIZE) as pilot:
        await keys(pilot, "o", "1")
        await wait_until(pilot, lambda: choice_refusals(app)[0] == "Alice holds 3 sore loser coins; cashing in takes 4")
        await keys(pilot, "1")
        await wait_until(pilot, lambda: isinstance(app.screen, ChoiceScreen))  # greyed: not picked
        await keys(pilot, "escape", "f")
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen))
        assert "nobody is Mr. Monopoly, so doubles place no free house" in toasts(app)
        await keys(pilot, "T")
        await wait_until(pilot, lambda: any("nobody is Mr. Monopoly and nobody is trapped" in t for t in toasts(app)))
    with on_disk(path) as game:
        assert game.state.mr_monopoly == ""


@pytest.mark.asyncio
async def test_the_free_house_goes_on_any_street_and_a_bought_street_keeps_it_free(tmp_path: Path) -> None:
    path = game_file(tmp_path, "coin Bob", "coin Bob", "cashin Bob", "buy Carol Boardwalk",
                     *(["place Boardwalk"] * 4))
    app = app_for(path)
    async with app.run_test(size=SIZE) as pilot:
        await keys(pilot, "f")
        labels, refusals = choice_labels(app), choice_refusals(app)
        last = labels.index("Boardwalk (Carol): 4 houses → 4 houses")
        assert refusals[last] == ("Boardwalk already has 4 houses; the free house goes on a street with fewer than 4")
        assert labels[0] == "Mediterranean Avenue (bank): no buildings → 1 house"
        await keys(pilot, "1")  # row 1 at once
        await land(pilot, "mediterranean")
        assert offers_shown(app)[0] == "buy Mediterranean Avenue for M60 with its 1 house free"
        await keys(pilot, "1")
    with on_disk(path) as game:
        assert game.state.deeds["Mediterranean Avenue"].level == 1
        assert game.state.cash("Alice") == 1500 - 60 and game.state.bank_houses == 32 - 5


@pytest.mark.asyncio
async def test_sell_says_buildings_are_never_sold_back(tmp_path: Path) -> None:
    path = game_file(tmp_path)
    app = app_for(path)
    async with app.run_test(size=SIZE) as pilot:
        await keys(pilot, "s")
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen))
        assert any(t.startswith(RULE) for t in toasts(app))


def test_every_landing_offer_is_what_the_core_accepts(tmp_path: Path) -> None:
    """Every actionable offer, for a player and for Mr. Monopoly, on every space: the core takes it."""
    lines = ("buy Alice Mediterranean", "buy Alice Baltic", "buy Bob Reading", "coin Carol", "coin Carol",
             "coin Bob")
    with on_disk(game_file(tmp_path, *lines)) as game:
        from banker.landing import refusal_of

        for mr in (False, True):
            if mr:
                game.do("cashin Carol")
            for player in PLAYERS:
                for space in game.state.edition.spaces:
                    for offer in landing_offers(game.state, player, space.position):
                        if offer.actionable and offer.command is not None and not offer.needs:
                            assert refusal_of(game.state, offer.command) is None, (player, space.name, offer)


# -- the end of the game ----------------------------------------------------------------------------


@pytest.mark.asyncio
async def test_the_final_round_is_refused_until_every_property_is_owned(tmp_path: Path) -> None:
    path = game_file(tmp_path, "buy Alice Boardwalk")
    app = app_for(path)
    async with app.run_test(size=SIZE) as pilot:
        await keys(pilot, "E")
        status = text_of(app, "#end-final-status")
        assert status == ("Not yet: 25 properties still belong to the bank (e.g. Mediterranean Avenue); the game "
                          "ends when all are bought and everyone is back at GO.")
        assert not app.screen.query_one("#end-final", DataTable).display
        await keys(pilot, "f")
        assert any(t.startswith("25 properties still belong to the bank") for t in toasts(app))
        assert text_of(app, "#end-winner") == "No single leader: Bob and Carol tie at the top with M1,500"
    with on_disk(path) as game:
        assert not game.state.final_round


def all_sold(*extra: str) -> tuple[str, ...]:
    """Every deed owned: Alice the browns and the dark blues (and little cash), Bob and Carol the rest by turns."""
    edition = load_edition("sore-losers")
    rest = [d for d in edition.deeds if d not in (*BROWNS, "Park Place", "Boardwalk")]
    buys = [f'buy Alice "{d}"' for d in (*BROWNS, "Park Place", "Boardwalk")]
    buys += [f'buy {("Bob", "Carol")[i % 2]} "{d}"' for i, d in enumerate(rest)]
    return ("collect Bob 2000", "collect Carol 2000", *buys, *extra)


@pytest.mark.asyncio
async def test_the_final_round_ranks_by_cash_not_net_worth(tmp_path: Path) -> None:
    path = game_file(tmp_path, *all_sold("mortgage Bob Reading", "pay Bob 1000", "pay Carol 1000"))
    with on_disk(path) as game:
        table, _ = score(game.state)
        best_worth = max(table, key=lambda w: w.net_worth).name
    app = app_for(path)
    async with app.run_test(size=SIZE) as pilot:
        await keys(pilot, "E")
        await wait_until(pilot, lambda: text_of(app, "#end-final-status").startswith("Every property is owned."))
        await keys(pilot, "f", "space")
        screen = app.screen
        lines = screen.query_one("#end-final", DataTable)
        assert lines.row_count == 25  # Reading Railroad is mortgaged: no rent
        first = [str(cell).strip() for cell in lines.get_row_at(0)]
        assert first == ["Alice", "Mediterranean Avenue", "M4", "M4"]  # double on the complete set
        grid = screen.query_one("#end-table", DataTable)
        ranked = [str(grid.get_row_at(i)[0]) for i in range(grid.row_count)]
        with on_disk(path) as game:
            state = game.state
            by_cash = sorted(state.players, key=lambda p: -state.cash(p))
            assert ranked == by_cash and ranked[0] != best_worth
            assert text_of(app, "#end-winner") == f"{ranked[0]} wins with {game.money(state.cash(ranked[0]))} cash"
            assert text_of(app, "#end-final-status") == (
                f"Played: 25 rents, {game.money(sum(a for _, _, a in game.final_round_lines()))} from the bank in all.")
        assert screen.check_action("final_round", ()) is False  # once only
        await keys(pilot, "escape", "E")
        assert app.screen.query_one("#end-final", DataTable).row_count == 25  # reopened: every line at once
