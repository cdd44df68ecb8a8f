"""Every player's cash in sight at the table (issue 36: at 120x40 the fourth card, and its cash, went below the
fold once the players had bought a few deeds each)."""

from __future__ import annotations

from pathlib import Path

import pytest
from app_pilot import wait_until
from textual.widgets import Digits

from banker.game import Game
from editions import load_edition
from screens.app import BankerApp, make_app
from screens.player_card import PlayerCard
from screens.table_screen import TableScreen

PLAYERS = ("Mum", "Dad", "Ann", "Bob")
A_FEW_EACH = {  # 15 deeds: one card a line each would need 38 rows, the table has 34
    "Mum": ["Mediterranean Avenue", "Baltic Avenue", "Park Place", "Boardwalk"],
    "Dad": ["Reading Railroad", "Short Line", "Oriental Avenue"],
    "Ann": ["St. Charles Place", "States Avenue", "Virginia Avenue", "Water Works"],
    "Bob": ["Atlantic Avenue", "Ventnor Avenue", "Marvin Gardens", "Pacific Avenue"],
}
ALL_OF_THEM = {  # the whole board sold, late in the evening
    "Mum": ["Mediterranean Avenue", "Baltic Avenue", "Oriental Avenue", "Vermont Avenue", "Connecticut Avenue",
            "Reading Railroad", "Pennsylvania Railroad"],
    "Dad": ["St. Charles Place", "States Avenue", "Virginia Avenue", "St. James Place", "Tennessee Avenue",
            "New York Avenue", "Electric Company"],
    "Ann": ["Kentucky Avenue", "Indiana Avenue", "Illinois Avenue", "Atlantic Avenue", "Ventnor Avenue",
            "Marvin Gardens", "B. & O. Railroad"],
    "Bob": ["Pacific Avenue", "North Carolina Avenue", "Pennsylvania Avenue", "Park Place", "Boardwalk",
            "Short Line", "Water Works"],
}


def table_with(path: Path, deeds: dict[str, list[str]]) -> BankerApp:
    game = Game.create(path, load_edition("classic-us"), PLAYERS)
    for player in PLAYERS:
        game.do(f"collect {player} 2000")
    for player, names in deeds.items():
        for name in names:
            game.do(f'buy {player} "{name}"')
    game.close()
    return make_app(path, data=path.parent / "data", watch=False)


def cash_in_sight(app: BankerApp) -> dict[str, bool]:
    """For each card: its big digits whole within the cards' column, or its title (the cash in it) in sight."""
    column = app.screen.query_one("#cards").region
    seen = {}
    for card in app.screen.query(PlayerCard):
        cash = app.game.money(app.game.state.cash(card.player))
        digits = card.query_one(Digits)
        if digits.display:
            region = digits.region
            seen[card.player] = (region.height > 0 and column.y <= region.y
                                 and region.bottom <= column.bottom and digits.value == cash.replace(",", ""))
        else:
            seen[card.player] = column.y <= card.region.y < column.bottom and cash in str(card.border_title)
    return seen


@pytest.mark.asyncio
@pytest.mark.parametrize("deeds", [A_FEW_EACH, ALL_OF_THEM], ids=["a-few-deeds-each", "the-whole-board"])
async def test_every_players_cash_is_in_sight_at_120x40(tmp_path: Path, deeds: dict[str, list[str]]) -> None:
    app = table_with(tmp_path / "cards.db", deeds)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen) and len(cash_in_sight(app)) == 4)
        await wait_until(pilot, lambda: all(cash_in_sight(app).values()), "every card's cash in sight")


@pytest.mark.asyncio
async def test_the_big_digits_stay_while_a_colour_group_a_line_fits(tmp_path: Path) -> None:
    """A few deeds each: the deeds go a colour group a line and every card keeps its big digits."""
    app = table_with(tmp_path / "cards.db", A_FEW_EACH)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen) and all(cash_in_sight(app).values()))
        assert all(card.query_one(Digits).display for card in app.screen.query(PlayerCard))
        deeds = str(app.screen.query_one("#card-0 .deeds").render())
        assert "Mediterranean Avenue, Baltic Avenue" in deeds.replace("\n", " ")


@pytest.mark.asyncio
async def test_full_cards_list_a_deed_a_line_when_there_is_room(tmp_path: Path) -> None:
    app = table_with(tmp_path / "cards.db", {"Mum": ["Baltic Avenue", "Boardwalk"]})
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen) and all(cash_in_sight(app).values()))
        assert str(app.screen.query_one("#card-0 .deeds").render()).splitlines() == ["□ Baltic Avenue",
                                                                                    "□ Boardwalk"]
