"""End of the game: what each player is worth, part by part, the winner, and how it went."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Static
from textual_plotext import PlotextPlot

from banker.game import Game
from banker.valuation import net_worth_over_time, score


class EndScreen(Screen[None]):
    """The valuation the classic short game ends with, for the whole table to read."""

    BINDINGS = [Binding("escape", "back", "back to the table")]
    AUTO_FOCUS = "#end-page"  # arrows scroll the page; the winner shows first

    def __init__(self, game: Game) -> None:
        super().__init__()
        self.game = game

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="end-page"):
            yield Static("End of the game", classes="title")
            yield Static("", id="end-winner")
            yield DataTable(id="end-table", cursor_type="none", zebra_stripes=True)
            yield Static("Deeds count at their price (a mortgaged one at its mortgage value); buildings at "
                         "what they cost, a hotel with the four houses given for it.", classes="hint")
            yield PlotextPlot(id="end-chart")
        yield Footer()

    def on_mount(self) -> None:
        state, money = self.game.state, self.game.money
        table, winner = score(state)
        ranked = sorted(table, key=lambda w: (w.bankrupt, -w.net_worth))
        grid = self.query_one("#end-table", DataTable)
        for label, key in (("player", "player"), ("cash", "cash"), ("deeds", "deeds"),
                           ("buildings", "buildings"), ("net worth", "net_worth"), ("", "note")):
            grid.add_column(label, key=key)
        amounts = [[money(w.cash), money(w.deeds), money(w.buildings), money(w.net_worth)] for w in ranked]
        widths = [max(len(row[i]) for row in amounts) for i in range(4)]
        for worth, row in zip(ranked, amounts, strict=True):
            style = "bold" if worth.name == winner else ("dim" if worth.bankrupt else "")
            note = "winner" if worth.name == winner else ("bankrupt" if worth.bankrupt else "")
            cells = [worth.name, *(value.rjust(width) for value, width in zip(row, widths, strict=True)), note]
            grid.add_row(*(Text(cell, style=style) for cell in cells), key=worth.name)
        banner = self.query_one("#end-winner", Static)
        if winner:
            best = next(w for w in table if w.name == winner)
            banner.update(f"{winner} wins with a net worth of {money(best.net_worth)}")
        else:
            standing = [w for w in ranked if not w.bankrupt]
            leaders = [w.name for w in standing if w.net_worth == standing[0].net_worth] if standing else []
            names = ", ".join(leaders[:-1]) + f" and {leaders[-1]}" if leaders else ""
            banner.update(f"No single winner: {names} tie at the top with {money(standing[0].net_worth)}"
                          if leaders else "No single winner: everyone is bankrupt")
            banner.add_class("-tie")
        self._chart()

    def _chart(self) -> None:
        """Every player's net worth after each action that counts (undone ones left out)."""
        curves = net_worth_over_time(self.game.records)
        plot = self.query_one("#end-chart", PlotextPlot)
        plt = plot.plt
        plt.clear_data()
        for player, values in curves.items():
            plt.plot(list(range(len(values))), values, label=player)
        values = [v for curve in curves.values() for v in curve]
        if values:
            low, high = min(values), max(values)
            steps = 4 if high > low else 1
            ticks = sorted({low + (high - low) * i // steps for i in range(steps + 1)})
            plt.yticks(ticks, [self.game.money(t) for t in ticks])
        length = max((len(curve) for curve in curves.values()), default=0)
        if length > 1:
            marks = sorted({round(i * (length - 1) / 4) for i in range(5)})
            plt.xticks(marks, [str(m) for m in marks])
        plt.title("Net worth over the game")
        plt.xlabel("actions since the start")
        plot.refresh()

    def action_back(self) -> None:
        self.dismiss(None)
