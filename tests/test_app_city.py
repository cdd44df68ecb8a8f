"""Monopoly City in the app (issue 9): the trading unit's timers and the Build button, through the keys.

Each test starts a real game file, drives the app with Pilot key presses as a banker would, and
reads the file again: what the screen did is what the ledger says. Every timer runs on an injected
`ManualClock` (screens/timing.py): `advance(seconds)` runs a one-second tick per second passed, so a
50-second auction or an hour of game clock takes no real time. Rulebook: 004 (Monopoly City).
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from app_pilot import choice_labels, land, offers_shown, on_disk, text_of, toasts, wait_until
from screen_host import keys
from textual.widgets import DataTable, Select, SelectionList, Switch

from banker import commands as c
from banker import events as ev
from banker.game import Game
from banker.state import Clock
from banker.verify import verify_records
from editions import load_edition
from screens.app import BankerApp, make_app
from screens.auction_screen import AuctionScreen
from screens.deal_timer import DealTimer
from screens.end_screen import EndScreen
from screens.game_clock import GameClock, clock_face, remaining_seconds
from screens.new_game_screen import NewGameScreen
from screens.spin_screen import SpinScreen, frames_for
from screens.table_screen import TableScreen
from screens.timing import ManualClock
from screens.trade_screen import TradeScreen

PLAYERS = ("Alice", "Bob", "Carol")
SIZE = (120, 40)
START = datetime(2026, 1, 1, 19, 0, tzinfo=UTC)
PURPLES = ("Old Town", "Harbor Heights", "Central Quay")
# 004's rent example: Central Quay, 2 residential blocks under a power station, 4 industrial blocks,
# a skyscraper on Harbor Heights (same colour group): 2 x M3.5m = M7m.
RENT_EXAMPLE = (
    *(f'buy Alice "{d}"' for d in PURPLES),
    "spin Alice 2", "build Alice 'Central Quay' residential 2", "spin Bob 1",
    "spin Alice 2", "build Alice 'Central Quay' industrial 2", "spin Bob 1",
    "spin Alice 2", "build Alice 'Central Quay' industrial 2", "spin Bob 1",
    "skyscraper Alice 'Harbor Heights'", "hazard Bob 'Central Quay' 'power station'",
)


def game_file(tmp_path: Path, *lines: str, clock: int = 0, started: datetime = START) -> Path:
    """A City game file with `lines` played (and a game clock of `clock` minutes from `started`)."""
    path = tmp_path / "city.db"
    game = Game.create(path, load_edition("city"), PLAYERS)
    try:
        for line in lines:
            game.do(line)
        if clock:
            game.execute(c.StartClock(clock, started.isoformat(timespec="seconds")))
    finally:
        game.close()
    return path


def app_for(path: Path, now: datetime = START) -> tuple[BankerApp, ManualClock]:
    """The app on a game file, its timers on a manual clock at `now`, its bells counted in `app.bells`."""
    app = make_app(path, data=path.parent / "data", watch=False)
    clock = ManualClock(now)
    app.timing = clock  # type: ignore[attr-defined]
    app.bells = 0  # type: ignore[attr-defined]

    def bell() -> None:
        app.bells += 1  # type: ignore[attr-defined]

    app.bell = bell  # type: ignore[method-assign]
    return app, clock


def table_text(app: BankerApp, selector: str) -> str:
    """A widget of the table, also while a dialog is open on it."""
    table = next(screen for screen in app.screen_stack if isinstance(screen, TableScreen))
    return str(table.query_one(selector).render())


def events_of(game: Game, kind: type) -> list:
    return [r.event for r in game.records if isinstance(r.event, kind)]


# -- the timed auction -----------------------------------------------------------------------------------


@pytest.mark.asyncio
async def test_a_timed_auction_runs_to_zero_and_the_highest_bid_wins(tmp_path: Path) -> None:
    """004: "Each auction lasts up to 50 seconds"; "When you hear a sound and the red light flashes faster,
    you have 5 seconds to close the auction!" City auctions are timed without any house rule."""
    path = game_file(tmp_path)
    app, clock = app_for(path)
    async with app.run_test(size=SIZE) as pilot:
        await land(pilot, "bayview")
        assert offers_shown(app) == ["buy Bayview Dock for M1m", "auction Bayview Dock (opening bid from M10k)"]
        await keys(pilot, "2")
        screen = app.screen
        assert isinstance(screen, AuctionScreen) and screen.timed and screen.remaining == 50
        assert "raise by M10k / M100k / M1m" in text_of(app, "#auction-note")
        await keys(pilot, "1", "t")  # Alice: M100k
        await keys(pilot, "2", "f")  # Bob: M100k + M1m
        await keys(pilot, "3", "b", *"1.2m", "enter")  # Carol types M1.2m
        await keys(pilot, "2", "o")  # Bob: M1.21m
        await wait_until(pilot, lambda: app.game is not None and app.game.state.auction is not None)
        assert app.game.state.auction.high_bid == 1_210_000
        assert text_of(app, "#auction-bid") and "Bob" in text_of(app, "#auction-leader")
        clock.advance(44)
        await wait_until(pilot, lambda: screen.remaining == 6 and not screen.has_class("-final") and app.bells == 0)
        clock.advance(1)
        await wait_until(pilot, lambda: screen.remaining == 5 and screen.has_class("-final") and app.bells == 1)
        assert "5 seconds left" in text_of(app, "#auction-message")
        clock.advance(4)
        await wait_until(pilot, lambda: screen.remaining == 1 and app.bells == 5 and app.game.state.auction is not None)
        clock.advance(1)
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen))
        assert any("time is up: Bayview Dock sold at auction to Bob for M1.21m" in t for t in toasts(app))
        assert "Bayview Dock" in text_of(app, "#card-1 .deeds")
    with on_disk(path) as game:
        assert game.state.deeds["Bayview Dock"].owner == "Bob"
        assert game.state.cash("Bob") == 37_700_000 - 1_210_000
        assert [(b.player, b.amount) for b in events_of(game, ev.BidPlaced)] == [
            ("Alice", 100_000), ("Bob", 1_100_000), ("Carol", 1_200_000), ("Bob", 1_210_000)]
        assert verify_records(game.records) is None


# -- the deal timer -----------------------------------------------------------------------------------------


@pytest.mark.asyncio
async def test_the_deal_timer_runs_out_and_nothing_is_traded(tmp_path: Path) -> None:
    """004: "press the Auction button to start the timer. You must come to an agreement before the time
    runs out!" The timer starts with the trade screen; at zero it closes and nothing changes hands."""
    path = game_file(tmp_path, "buy Alice Summergate")
    app, clock = app_for(path)
    async with app.run_test(size=SIZE) as pilot:
        head = app.game.head if app.game else None
        await keys(pilot, "t")
        screen = app.screen
        assert isinstance(screen, TradeScreen) and screen.timed
        timer = screen.query_one(DealTimer)
        assert timer.remaining == 50 and "deal timer 50 s" in text_of(app, "#deal-timer")
        items = screen.query_one("#trade-items-0", SelectionList)
        assert items.get_option_at_index(0).prompt.plain.startswith("Summergate  M600k")
        await keys(pilot, "space", "shift+tab")
        await pilot.press(*"2.5m")  # City's money in the cash box
        await keys(pilot, "ctrl+r")
        await wait_until(pilot, lambda: "Alice gives Bob: M2.5m, Summergate" in text_of(app, "#trade-summary"))
        clock.advance(45)
        await pilot.pause()
        assert timer.has_class("-final") and app.bells == 1 and "confirm now" in text_of(app, "#deal-timer")
        clock.advance(5)
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen))
        assert any("deal timer ran out" in t and "nothing was traded" in t for t in toasts(app))
        assert app.game is not None and app.game.head == head
    with on_disk(path) as game:
        assert game.state.deeds["Summergate"].owner == "Alice" and not events_of(game, ev.TradeMade)


@pytest.mark.asyncio
async def test_a_deal_confirmed_in_time_is_traded_and_the_timer_stops(tmp_path: Path) -> None:
    path = game_file(tmp_path, "buy Alice Summergate")
    app, clock = app_for(path)
    async with app.run_test(size=SIZE) as pilot:
        await keys(pilot, "t", "space", "ctrl+r", "y")
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen))
        clock.advance(60)  # a stopped timer never closes anything
        await wait_until(pilot, lambda: not any("deal timer ran out" in t for t in toasts(app)))
    with on_disk(path) as game:
        assert game.state.deeds["Summergate"].owner == "Bob"


@pytest.mark.asyncio
async def test_classic_trades_have_no_deal_timer_unless_the_house_rule_says_so(tmp_path: Path) -> None:
    for rules, timed in (((), False), (("timed-auctions",), True)):
        path = tmp_path / f"classic{len(rules)}.db"
        Game.create(path, load_edition("classic-us"), PLAYERS, rules).close()
        app, _ = app_for(path)
        async with app.run_test(size=SIZE) as pilot:
            await keys(pilot, "t")
            await wait_until(pilot, lambda: isinstance(app.screen, TradeScreen) and app.screen.timed is timed)  # noqa: B023 (waited for here, in this turn of the loop)
            assert bool(app.screen.query(DealTimer)) is timed


# -- the game clock --------------------------------------------------------------------------------------------


@pytest.mark.asyncio
async def test_the_game_clock_warns_then_ends_the_game_with_the_score(tmp_path: Path) -> None:
    """A timed game: orange in the last 5 minutes, red and the bell at the last minute, the score at zero."""
    path = game_file(tmp_path, "buy Alice Summergate", "collect Alice 1m", clock=60)
    app, clock = app_for(path, START + timedelta(minutes=54, seconds=50))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        widget = app.screen.query_one(GameClock)
        assert widget.display and "05:10 left of 60 min" in text_of(app, "#game-clock")
        assert not widget.has_class("-warning")
        clock.advance(10)
        await pilot.pause()
        assert "05:00" in text_of(app, "#game-clock") and widget.has_class("-warning") and app.bells == 0
        clock.advance(240)
        await pilot.pause()
        assert "01:00" in text_of(app, "#game-clock") and widget.has_class("-final") and app.bells == 1
        clock.advance(59)
        await wait_until(pilot, lambda: "00:01" in text_of(app, "#game-clock") and isinstance(app.screen, TableScreen))
        clock.advance(1)
        await wait_until(pilot, lambda: isinstance(app.screen, EndScreen) and app.bells == 2)
        assert any("game clock ran out" in t for t in toasts(app))
        assert text_of(app, "#end-winner") == "Alice wins with a net worth of M38.12m"
        await keys(pilot, "escape")  # back to the table: the score is not pushed again
        clock.advance(5)
        await pilot.pause()
        assert isinstance(app.screen, TableScreen) and "TIME IS UP" in text_of(app, "#game-clock")
        # k: another hour from now
        await keys(pilot, "k")
        assert choice_labels(app)[:2] == ["another hour from now (clock 60)", "two hours from now (clock 120)"]
        await keys(pilot, "1")
        assert "60:00" not in text_of(app, "#game-clock") and "1:00:00 left of 60 min" in text_of(app, "#game-clock")
    with on_disk(path) as game:
        assert game.state.clock is not None and game.state.clock.minutes == 60
        restarted = datetime.fromisoformat(game.state.clock.started)
        assert restarted == START + timedelta(minutes=60, seconds=5)


@pytest.mark.asyncio
async def test_the_game_clock_survives_closing_and_reopening(tmp_path: Path) -> None:
    """The clock's start is in the ledger: a reopened app shows the time left from it."""
    path = game_file(tmp_path, clock=120)
    app, _ = app_for(path, START + timedelta(minutes=10))
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: "1:50:00 left of 120 min" in text_of(app, "#game-clock"))
    app, clock = app_for(path, START + timedelta(minutes=119, seconds=58))
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: "00:02" in text_of(app, "#game-clock"))
        clock.advance(2)
        await wait_until(pilot, lambda: isinstance(app.screen, EndScreen))
    app, _ = app_for(path, START + timedelta(hours=3))  # reopened after the end: straight to the score
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, EndScreen))


def test_clock_arithmetic() -> None:
    state_clock = Clock(60, START.isoformat())
    assert remaining_seconds(state_clock, START) == 3600
    assert remaining_seconds(state_clock, START + timedelta(minutes=59, seconds=59, milliseconds=600)) == 1
    assert remaining_seconds(state_clock, START + timedelta(hours=2)) == 0
    assert clock_face(3600) == "1:00:00" and clock_face(299) == "04:59" and clock_face(0) == "00:00"


@pytest.mark.asyncio
async def test_a_classic_game_without_a_clock_shows_no_clock_line(tmp_path: Path) -> None:
    path = tmp_path / "classic.db"
    Game.create(path, load_edition("classic-us"), PLAYERS).close()
    app, _ = app_for(path)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: not app.screen.query_one(GameClock).display)
        assert app.screen.check_action("clock", ()) is False  # the k key is hidden


@pytest.mark.asyncio
async def test_a_new_city_game_with_a_one_hour_clock(tmp_path: Path) -> None:
    """The game clock is chosen at creation (until one is left, 1 hour, 2 hours); City times auctions already."""
    app = make_app(data=tmp_path, watch=False)
    app.timing = ManualClock(START)  # type: ignore[attr-defined]
    async with app.run_test(size=SIZE) as pilot:
        await keys(pilot, "n")
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        assert not screen.query_one("#clock-row").display  # classic-us: no trading unit
        screen.query_one("#edition", Select).value = "city"
        await wait_until(pilot, lambda: screen.query_one("#clock-row").display)
        assert not screen.query_one("#rule-row-timed-auctions").display
        assert screen.query_one("#rule-row-free-parking").display
        screen.query_one("#clock", Select).value = 60
        screen.query_one("#rule-free-parking", Switch).value = False
        for name in ("Ann", "Ben", "Cat"):
            await pilot.press(*name)
            await keys(pilot, "enter")
        await keys(pilot, "enter", "enter")  # the empty fourth row: on to Create; Create
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen) and app.game is not None)
        assert app.game is not None
        state = app.game.state
        assert state.edition.id == "city" and state.clock is not None
        assert (state.clock.minutes, state.clock.started) == (60, START.isoformat(timespec="seconds"))
        assert "1:00:00 left of 60 min" in text_of(app, "#game-clock")


# -- the Build button ----------------------------------------------------------------------------------------


@pytest.mark.asyncio
async def test_the_build_key_spins_records_the_spin_and_builds_within_it(tmp_path: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """004: press Build; the unit stops on 1, 2, 3 (blocks this turn) or a railroad; build up to that."""
    monkeypatch.setattr("screens.districts_flows.draw_spin", lambda: "3")
    path = game_file(tmp_path, "buy Alice 'Central Quay'", "buy Alice Summergate")
    app, clock = app_for(path)
    async with app.run_test(size=SIZE) as pilot:
        await keys(pilot, "b")
        await wait_until(pilot, lambda: choice_labels(app) == ["press Build: spin 1, 2 or 3 blocks or a railroad"])
        await keys(pilot, "1")
        spin = app.screen
        assert isinstance(spin, SpinScreen) and not spin.done
        with on_disk(path) as game:  # the press is in the ledger before the spin is shown
            assert events_of(game, ev.BuildSpun) == [ev.BuildSpun("Alice", "3")]
        faces = []
        for _ in range(len(spin.frames)):
            faces.append(spin.frames[spin.index])
            clock.advance(1)
            await pilot.pause()
        assert spin.done and len(set(faces)) == 4  # it passed over every face
        assert "up to 3 blocks this turn" in text_of(app, "#spin-result")
        await keys(pilot, "enter")
        labels = choice_labels(app)
        assert labels[0] == "Summergate (no blocks, rent M20k): residential M500k a block"
        assert "Central Quay (no blocks, rent M120k): industrial M2m a block" in labels
        await keys(pilot, "4")  # Central Quay industrial
        assert choice_labels(app) == [
            "1 industrial block: M2m · rent M120k → M600k",
            "2 industrial blocks: M4m · rent M120k → M1.2m",
            "3 industrial blocks: M6m · rent M120k → M2.4m"]
        await keys(pilot, "2")
        await wait_until(pilot, lambda: "Central Quay 2I" in table_text(app, "#card-0 .deeds"))
        assert app.screen.title_text == "Alice builds: 1 block left this turn"  # type: ignore[attr-defined]
        await keys(pilot, "1")  # Summergate residential: one block left, no count asked
        await wait_until(pilot, lambda: choice_labels(app)[0].startswith("press Build"),
                         'choice_labels(app)[0].startswith("press Build")')  # the spin is used up: back to the menu
        await keys(pilot, "escape")
        await wait_until(pilot, lambda: "Build: Alice has used this turn's spin" in text_of(app, "#game-clock"))
        # Alice's next press needs another player's press in between, or a new turn of hers (doubles).
        await keys(pilot, "b")
        await wait_until(pilot, lambda: app.screen.choices[0].refusal is not None)  # type: ignore[attr-defined]
        assert choice_labels(app)[1] == "a new turn of Alice's (doubles): press Build again"
        await keys(pilot, "escape")
    with on_disk(path) as game:
        built = events_of(game, ev.BlocksBuilt)
        assert [(b.deed, b.kind, b.count) for b in built] == [("Central Quay", "industrial", 2),
                                                              ("Summergate", "residential", 1)]
        assert game.state.cash("Alice") == 37_700_000 - 1_600_000 - 600_000 - 4_000_000 - 500_000
        assert game.state.spin is not None and game.state.spin.blocks_left == 0


@pytest.mark.asyncio
async def test_a_railroad_spin_places_the_free_railroad(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("screens.districts_flows.draw_spin", lambda: "railroad")
    path = game_file(tmp_path, "buy Alice 'Central Quay'")
    app, _ = app_for(path)
    async with app.run_test(size=SIZE) as pilot:
        await keys(pilot, "b", "1", "enter")  # enter skips the spin to its result
        await wait_until(pilot, lambda: "a free railroad" in text_of(app, "#spin-result"))
        await keys(pilot, "enter")
        await wait_until(pilot, lambda: choice_labels(app)[0] == "Summergate  (unowned)")
        labels = choice_labels(app)
        await keys(pilot, str(labels.index("Central Quay  (Alice)") + 1))
        await wait_until(pilot, lambda: "Central Quay rail" in text_of(app, "#card-0 .deeds"))
    with on_disk(path) as game:
        assert game.state.deeds["Central Quay"].railroad and game.state.cash("Alice") == 37_700_000 - 1_600_000


def test_the_spin_frames_end_on_the_result() -> None:
    for result in ("1", "2", "3", "railroad"):
        frames = frames_for(result)
        assert frames[-1] == result and frames[-2] != result and len(frames) >= 8


# -- City landings -------------------------------------------------------------------------------------------


@pytest.mark.asyncio
async def test_city_landing_offers(tmp_path: Path) -> None:
    """004's spaces: Industry Tax only with industrial blocks, Planning Permission (hazard or bonus), Free
    Parking (the Rent Dodge card), the Auction space, and rent with the Rent Dodge card when held."""
    path = game_file(tmp_path, "buy Bob Westlands", "buy Alice Summergate")
    app, _ = app_for(path)
    async with app.run_test(size=SIZE) as pilot:
        # Industry Tax: Alice owns no industrial blocks
        await land(pilot, "industry")
        assert offers_shown(app) == ["Alice owns no industrial blocks, so Industry Tax costs nothing; carry on"]
        await keys(pilot, "escape")
        # Planning Permission: a hazard on Bob's Westlands
        await land(pilot, "planning")
        assert offers_shown(app) == [
            "build a hazard (Rubbish Dump, Sewage Plant, Power Station, Prison) on another player's or an "
            "unowned district",
            "build a bonus building (Park, School, Water Tower, Wind Farm) on your own or an unowned district"]
        await keys(pilot, "1")
        assert choice_labels(app) == ["Rubbish Dump (2 blocks, M1m to clear)",
                                      "Sewage Plant (3 blocks, M1.5m to clear)",
                                      "Power Station (3 blocks, M1.5m to clear)", "Prison (4 blocks, M2m to clear)"]
        await keys(pilot, "4")
        labels = choice_labels(app)
        assert "Summergate  (Alice, rent M20k)" not in [ch.label for ch in app.screen.choices
                                                        if ch.refusal is None]  # type: ignore[attr-defined]
        await keys(pilot, "number_sign", *str(labels.index("Westlands  (Bob, rent M60k)") + 1), "enter")
        await wait_until(pilot, lambda: "Westlands !Prison" in text_of(app, "#card-1 .deeds"))
        # Free Parking: Alice takes the Rent Dodge card
        await land(pilot, "free parking")
        await wait_until(pilot, lambda: offers_shown(app) == ["take the Rent Dodge card from beside the board"])
        await keys(pilot, "1")
        await wait_until(pilot, lambda: "Rent Dodge card" in text_of(app, "#card-0 .marks"))
        # Rent on Bob's Westlands: pay, or play the Rent Dodge card
        await land(pilot, "westlands")
        assert offers_shown(app) == ["pay Bob M60k rent for Westlands (no blocks)",
                                     "play the Rent Dodge card: no rent for Westlands (the card goes back)"]
        await keys(pilot, "2")
        await wait_until(pilot, lambda: "Rent Dodge" not in text_of(app, "#card-0 .marks"))
        # Bob lands on Free Parking: the card is beside the board again
        await keys(pilot, "n")
        await land(pilot, "free parking", "1")
        # Carol takes it from Bob, who has not used it
        await keys(pilot, "n")
        await land(pilot, "free parking")
        await wait_until(pilot, lambda: offers_shown(app) == ["take the Rent Dodge card from Bob, who has not used it"])
        await keys(pilot, "1")
        # The Auction space: any unowned district
        await land(pilot, "auction")
        await wait_until(pilot, lambda: offers_shown(app) == ["put an unowned district up for auction (20 left)"])
        await keys(pilot, "1")
        await wait_until(pilot, lambda: choice_labels(app)[0] == "Stoneside  (list price M600k)")
        await keys(pilot, "1")  # row 1 at once
        await wait_until(pilot, lambda: isinstance(app.screen, AuctionScreen))
        await keys(pilot, "escape")
    with on_disk(path) as game:
        state = game.state
        assert state.deeds["Westlands"].hazard == "Prison"
        assert state.count("rent_dodge", "Carol") == 1 and state.cash("Alice") == 37_700_000 - 600_000
        assert [type(e).__name__ for e in events_of(game, ev.RentDodged)] == ["RentDodged"]
        assert state.auction is not None and state.auction.deed == "Stoneside"


@pytest.mark.asyncio
async def test_industry_tax_and_a_bonus_building(tmp_path: Path) -> None:
    path = game_file(tmp_path, "buy Alice Summergate", "spin Alice 1", "build Alice Summergate industrial")
    app, _ = app_for(path)
    async with app.run_test(size=SIZE) as pilot:
        await land(pilot, "industry")
        await wait_until(pilot, lambda: offers_shown(app) == ["pay Industry Tax: M2m (Alice owns industrial blocks)"])
        await keys(pilot, "1")
        await land(pilot, "planning", "2")
        await wait_until(pilot, lambda: choice_labels(app)[0] == "Park (3 blocks)")
        await keys(pilot, "2")  # School
        await wait_until(pilot, lambda: choice_labels(app)[0] == "Summergate  (Alice, 1I, rent M100k)")
        await keys(pilot, "1")  # row 1 at once
        await wait_until(pilot, lambda: "Summergate 1I +School" in text_of(app, "#card-0 .deeds"))
    with on_disk(path) as game:
        assert game.state.deeds["Summergate"].bonus == "School"
        assert game.state.cash("Alice") == 37_700_000 - 600_000 - 1_000_000 - 2_000_000


@pytest.mark.asyncio
async def test_riding_the_railroad_from_ones_own_district(tmp_path: Path) -> None:
    """004: on your own district with a railroad, move at once to any other district with one."""
    path = game_file(tmp_path, "buy Alice Summergate", "spin Alice railroad", "railroad Alice Summergate",
                     "buy Bob Westlands", "spin Bob railroad", "railroad Bob Westlands")
    app, _ = app_for(path)
    async with app.run_test(size=SIZE) as pilot:
        await land(pilot, "summergate")
        assert offers_shown(app) == ["Alice owns Summergate: nothing to pay",
                                     "ride the railroad to Westlands (Bob)"]
        await keys(pilot, "2")
        await wait_until(pilot, lambda: choice_labels(app) == ["move on to Westlands", "stay on Summergate"])
        await keys(pilot, "1")
        await wait_until(pilot, lambda: "Then Alice lands on Westlands" in text_of(app, ".dialog-title"))
        assert offers_shown(app) == ["pay Bob M60k rent for Westlands (no blocks)"]
        await keys(pilot, "1")
    with on_disk(path) as game:
        assert game.state.cash("Alice") == 37_700_000 - 600_000 - 60_000


# -- the board ----------------------------------------------------------------------------------------------


@pytest.mark.asyncio
async def test_the_rulebook_rent_example_is_on_the_board(tmp_path: Path) -> None:
    """004: Central Quay, 2 residential blocks under a power station, 4 industrial blocks, a skyscraper on
    Harbor Heights: rent M7m, as the board and the landing show it."""
    path = game_file(tmp_path, *RENT_EXAMPLE)
    app, _ = app_for(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        board = app.screen.query_one("#board", DataTable)
        position = load_edition("city").deeds["Central Quay"].position
        row = [cell.plain for cell in board.get_row(str(position))]
        assert row[1:] == ["■ Central Quay", "rent M7m", "Alice", "2R 4I !Power"]
        harbor = [cell.plain for cell in board.get_row(str(load_edition("city").deeds["Harbor Heights"].position))]
        assert harbor[4] == "SKY"
        deeds = text_of(app, "#card-0 .deeds")
        assert "Central Quay 2R 4I !Power" in deeds and "Harbor Heights SKY" in deeds
        assert "M7m" not in text_of(app, "#status")
        await keys(pilot, "n")
        await land(pilot, "central quay")
        assert offers_shown(app) == ["pay Alice M7m rent for Central Quay (4 industrial blocks, Power Station: "
                                     "2 residential worthless, skyscraper on Harbor Heights: doubled)"]
        await keys(pilot, "1")
    with on_disk(path) as game:
        assert game.state.cash("Bob") == 37_700_000 - 7_000_000


@pytest.mark.asyncio
async def test_the_amount_box_refuses_a_sum_below_the_smallest_note_before_it_closes(tmp_path: Path) -> None:
    """The money pack's smallest note is M10k (city.toml): 50 typed into Pay's box is a slip for 50k, said in the
    box, which stays open for the right amount; nothing is written until it is."""
    path = game_file(tmp_path)
    app, _ = app_for(path)
    async with app.run_test(size=SIZE) as pilot:
        await keys(pilot, "p", "enter", "enter")  # Alice pays the bank
        await pilot.press("5", "0", "enter")
        await wait_until(pilot, lambda: type(app.screen).__name__ == "AmountScreen")
        assert text_of(app, "#amount-error") == ("M50 cannot be paid in Monopoly City notes, the smallest of which "
                                                 "is M10k; did you mean M50k?")
        with on_disk(path) as stored:
            assert stored.head[0] == 1, "the slip wrote nothing"
        await pilot.press("k", "enter")
        await wait_until(pilot, lambda: type(app.screen).__name__ != "AmountScreen")
    with on_disk(path) as stored:
        assert stored.records[-1].type == "CashPaid" and stored.state.cash("Alice") == 37_700_000 - 50_000
