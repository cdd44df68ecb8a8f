"""The app speaks the table's words: a key, not a line to type; the game's own rulebook cited; a salary for landing
on GO said as landing, not passing.

Rulebooks: 003 = 003_bd567e81029bde2a.txt (US classic), 002 (UK classic), 000 (Mega), 001 (Sore Losers),
004 (Monopoly City).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from app_pilot import app_for, on_disk, played_file, toasts, wait_until
from screen_host import keys

from banker.game import Game
from banker.history import entries
from editions import load_edition
from screens.auction_screen import AuctionScreen
from screens.bankruptcy_flow import lift_screen
from screens.table_screen import TableScreen
from screens.table_words import table_words

PLAYERS = ("Ann", "Ben", "Cat")


@pytest.mark.asyncio
async def test_a_refusal_while_an_auction_is_open_names_the_key_not_the_sold_line(tmp_path: Path) -> None:
    path = played_file(tmp_path / "open.db", "classic-us", PLAYERS, ["auction boardwalk"])
    app = app_for(path)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, AuctionScreen))
        await keys(pilot, "escape", "g")  # GO's salary waits for the auction
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen))
        said = toasts(app)[-1]
        assert "press a to return to it, then bid, or s to close it" in said and "`sold`" not in said
    with on_disk(path) as game:
        assert game.state.cash("Ann") == 1500


def test_table_words_leave_a_refusal_without_a_typed_line_as_it_is() -> None:
    assert table_words("Ann has only $5; raise money first") == "Ann has only $5; raise money first"


@pytest.mark.parametrize(("edition", "book", "rule"), [
    ("classic-us", "003", "the new owner pays the 10% interest at once"),  # 003:199
    ("classic-uk", "002", "the new owner pays the 10% interest at once"),  # 002:99
    ("mega", "000", "the new owner pays the 10% interest at once"),  # 000:207
    ("sore-losers", "001:75", "the new owner may lift the mortgages now or at any time later"),  # 001:73-75
    ("city", "004", "the new owner may lift the mortgage at any time"),  # 004: no interest on a buy-back
])
def test_the_bankruptcy_dialog_cites_the_games_own_rulebook(tmp_path: Path, edition: str, book: str,
                                                           rule: str) -> None:
    deed = list(load_edition(edition).deeds)[0]
    game = Game.create(tmp_path / "b.db", load_edition(edition), PLAYERS)
    try:
        game.do(f'buy Ann "{deed}"')
        game.do(f'mortgage Ann "{deed}"')
        screen = lift_screen(game, "Ann", "Ben")
        assert screen is not None and screen.hint.startswith(f"{book}: {rule}")
    finally:
        game.close()


def test_a_roll_ending_on_go_pays_the_salary_for_landing_on_go(tmp_path: Path) -> None:
    # 003:114 "Each time a player's token lands on or passes over GO ... the Banker pays that player a $200 salary"
    game = Game.create(tmp_path / "go.db", load_edition("classic-us"), PLAYERS, ("follow-tokens",))
    try:
        game.do("move ann 36 fix")
        landed = game.do("roll ann 1 3")
        assert "Ann collects $200 salary for landing on GO" in landed.summary
        game.do("move ben 36 fix")
        passed = game.do("roll ben 3 4")
        assert "Ben collects $200 salary for passing GO" in passed.summary
        said = [entry.text for entry in entries(game.records)]
        assert "Ann collects $200 salary for landing on GO" in said
        assert "Ben collects $200 salary for passing GO" in said
    finally:
        game.close()


def test_an_edition_stored_before_the_rulebook_field_still_knows_its_rulebook() -> None:
    import tomllib

    from editions import edition_files, parse_edition

    data = tomllib.loads(edition_files()["mega"].read_text(encoding="utf-8"))
    del data["rulebook"]  # as a game file started before the field carries its edition
    assert parse_edition(data, "mega", "old game file").rulebook == "000"  # from "... rulebook (000)"


@pytest.mark.asyncio
async def test_a_landing_while_an_auction_is_open_shows_the_key_in_its_greyed_offer(tmp_path: Path) -> None:
    path = played_file(tmp_path / "landing.db", "classic-us", PLAYERS, ["auction boardwalk"])
    app = app_for(path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await keys(pilot, "escape", "l")
        await pilot.press(*"park place")
        await keys(pilot, "enter")
        labels = [str(option.prompt) for option in app.screen.query_one("#landing-offers").options]
        assert any("press a to return to it" in label for label in labels)
        assert not any("`sold`" in label for label in labels)
