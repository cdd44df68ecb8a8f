"""The board as a list: every space with its owner, buildings and what a landing costs right now."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import DataTable

from banker.events import BANK, POT
from banker.landing import utility_times
from banker.rules.rent import rent_due
from banker.state import GameState
from screens.city_marks import city_space_cost, district_marks
from screens.colours import group_style, token_style
from screens.player_card import building_mark, building_style

COLUMNS = (("pos", "#"), ("space", "Space"), ("cost", "Landing costs"), ("owner", "Owner"), ("built", "Built"))


def landing_cost(state: GameState, position: int) -> Text:
    """What landing on the space costs now, in the table's words."""
    edition = state.edition
    money = edition.money
    space = edition.spaces[position]
    if space.name in edition.deeds:
        holding = state.deeds[space.name]
        deed = state.deed(space.name)
        if holding.owner == BANK:
            return Text(f"for sale {money(deed.price)}", style="dim")
        if holding.mortgaged:
            return Text("mortgaged", style="italic #ff8c00")
        if holding.owner in state.bankrupt:
            return Text("no rent", style="dim")
        if deed.kind == "utility":
            return Text(f"{utility_times(state, space.name)}x dice", style="bold")
        return Text(f"rent {money(rent_due(state, space.name))}", style="bold")
    if edition.max_blocks and (city := city_space_cost(state, space)) is not None:  # Monopoly City's spaces
        return city
    match space.type:
        case "go":
            return Text(f"collect {money(edition.go_salary)}", style="green")
        case "tax":
            return Text(f"tax {money(space.amount)}", style="red")
        case "chance":
            return Text("Chance card")
        case "community_chest":
            return Text("Chest card")
        case "go_to_jail":
            return Text("go to jail", style="red")
        case "free_parking" if state.free_parking:
            return Text(f"pot {money(state.cash(POT))}", style="green")
        case "free_parking" if edition.mr_monopoly:  # Sore Losers (001): steal a sore loser coin
            return Text("steal a coin", style="green")
        case "jail":
            return Text("just visiting", style="dim")
        case "auction":
            return Text("auction a deed")
        case "bus_ticket":
            return Text("bus ticket", style="green")
        case "birthday_gift":
            return Text(f"gift {money(space.amount)}", style="green")
    return Text("")


class BoardList(DataTable):
    """Rows are the board's spaces in order; enter on a row starts the landing flow there."""

    def __init__(self, colours: dict[str, str]) -> None:
        super().__init__(id="board", cursor_type="row", zebra_stripes=True)
        self.colours = colours
        self.shown: dict[int, tuple] = {}

    def on_mount(self) -> None:
        for key, label in COLUMNS:
            self.add_column(label, key=key)

    def show(self, state: GameState) -> None:
        """Add the rows once, then update only the cells that changed."""
        for space in state.edition.spaces:
            cells = self.cells(state, space.position)
            plain = tuple(cell.plain for cell in cells)
            before = self.shown.get(space.position)
            if before is None:
                self.add_row(*cells, key=str(space.position))
            elif before != plain:
                for (column, _), cell, old, new in zip(COLUMNS, cells, before, plain, strict=True):
                    if old != new:
                        self.update_cell(str(space.position), column, cell)
            self.shown[space.position] = plain

    def cells(self, state: GameState, position: int) -> tuple[Text, ...]:
        space = state.edition.spaces[position]
        name = Text()
        owner = Text("")
        built = Text("")
        if space.name in state.edition.deeds:
            deed = state.deed(space.name)
            holding = state.deeds[space.name]
            name.append("■ ", style=group_style(deed.group))
            if holding.owner != BANK:
                owner = Text(holding.owner, style=token_style(self.colours.get(holding.owner, "white")))
            if deed.kind == "district":  # Monopoly City: "3R 2I !Power SKY"
                built = district_marks(holding)
            elif holding.level:
                built = Text(building_mark(holding.level), style=building_style(holding.level))
            elif holding.depot:
                built = Text("depot", style="bold blue")
        else:
            name.append("  ")
        name.append(space.name)
        cost = landing_cost(state, position)
        if owner.plain:
            cost.stylize(owner.style)
        return (Text(str(position), style="dim"), name, cost, owner, built)
