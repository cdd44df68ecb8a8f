"""End of the game: what each player is worth, part by part, the winner, and how it went.

Monopoly for Sore Losers ends with the final rent round (001): once every property is owned and
everyone is back at GO, `f` plays it (the core refuses before, and its reason is shown); the rents
appear line by line, then the ranking by cash is redrawn ("the player with the most wins").
"""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import DataTable, Footer, Static
from textual_plotext import PlotextPlot

from banker import commands as c
from banker.errors import Refusal
from banker.game import Game
from banker.landing import refusal_of
from banker.ledger import LedgerError
from banker.places import Place, order_used, out_order_of, places
from banker.valuation import Worth, net_worth_over_time, ranking_value, score

REVEAL_SECONDS = 0.25  # one rent line of the final round at a time, for the table to follow


class EndScreen(Screen[None]):
    """The valuation the classic short game ends with, for the whole table to read."""
    CSS_PATH = "end.tcss"  # loaded when the screen first opens, not at start-up

    BINDINGS = [
        Binding("escape", "back", "back to the table"),
        Binding("f", "final_round", "final rent round"),
        Binding("space", "reveal_all", "show every line", show=False),
        Binding("r", "record_in_league", "record in the league"),
    ]
    AUTO_FOCUS = "#end-page"  # arrows scroll the page; the winner shows first

    def __init__(self, game: Game) -> None:
        super().__init__()
        self.game = game
        self.pending: list[tuple[str, str, int]] = []  # final-round lines still to reveal
        self.totals: dict[str, int] = {}
        self.timer: Timer | None = None

    @property
    def has_final_round(self) -> bool:
        return self.game.state.edition.final_rent_round

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="end-page"):
            yield Static("End of the game", classes="title")
            yield Static("", id="end-winner")
            yield DataTable(id="end-table", cursor_type="none", zebra_stripes=True)
            yield Static("", id="end-places", markup=False)
            yield Static(self.counting_note(), classes="hint")
            if self.has_final_round:
                yield Static("Final rent round", classes="section")
                yield Static("", id="end-final-status")
                yield DataTable(id="end-final", cursor_type="none", zebra_stripes=True)
            yield PlotextPlot(id="end-chart")
        yield Footer()

    def counting_note(self) -> str:
        if self.game.state.edition.winner_by == "cash":  # Sore Losers (001 "Count up your cash")
            return ("The player with the most cash wins; deeds and buildings are shown but do not count "
                    "(deeds at their price, buildings at what they cost).")
        if self.game.state.edition.valuation == "rent_value":  # Monopoly City (004 "How to win")
            return ("Cash plus the rent value of every district owned (what a landing there would cost now; "
                    "a mortgaged district counts nothing).")
        return ("Deeds count at their price (a mortgaged one at its mortgage value); buildings at "
                "what they cost, a hotel with the four houses given for it.")

    def on_mount(self) -> None:
        grid = self.query_one("#end-table", DataTable)
        columns = [("player", "player"), ("cash", "cash")]
        if self.has_final_round:
            columns.append(("final round", "final"))
        columns += [("deeds", "deeds"), ("buildings", "buildings"), ("net worth", "net_worth"), ("", "note")]
        for label, key in columns:
            grid.add_column(label, key=key)
        if self.has_final_round:
            lines = self.query_one("#end-final", DataTable)
            for label, key in (("player", "player"), ("deed", "deed"), ("rent", "rent"), ("player's total", "total")):
                lines.add_column(label, key=key)
            for line in self.game.final_round_lines():
                self.add_line(line)
        self.show_ranking()
        self.show_final_status()
        self._chart()

    # -- the ranking -----------------------------------------------------------------------------

    def show_ranking(self) -> None:
        state, money = self.game.state, self.game.money
        table, winner = score(state)
        assert self.game.timeline is not None
        placed = places(state, out_order_of(self.game.timeline))
        ranked = [p.worth for p in placed]
        final = self.has_final_round
        collected = {p: sum(amount for who, _, amount in self.game.final_round_lines() if who == p)
                     for p in state.players}
        grid = self.query_one("#end-table", DataTable)
        grid.clear()
        amounts = [[money(w.cash), *([money(collected[w.name])] if final else []),
                    money(w.deeds), money(w.buildings), money(w.net_worth)] for w in ranked]
        widths = [max(len(row[i]) for row in amounts) for i in range(len(amounts[0]))] if amounts else []
        settled = not final or state.final_round  # before the final round there is a leader, not a winner
        for worth, row in zip(ranked, amounts, strict=True):
            top = worth.name == winner
            style = "bold" if top else ("dim" if worth.bankrupt else "")
            note = ("winner" if settled else "leads") if top else ("bankrupt" if worth.bankrupt else "")
            cells = [worth.name, *(value.rjust(width) for value, width in zip(row, widths, strict=True)), note]
            grid.add_row(*(Text(cell, style=style) for cell in cells), key=worth.name)
        self.query_one("#end-places", Static).update(self.places_text(placed))
        banner = self.query_one("#end-winner", Static)
        banner.set_class(winner is None, "-tie")
        banner.update(self.banner_text(table, ranked, winner, settled))

    def places_text(self, placed: list[Place]) -> str:
        """The places as a tournament ranks them (docs/places.md), with the points of each in the app's league."""
        earned = self.league_points([p.place for p in placed])
        parts = [f"{p.place}. {p.name}" + (f" ({earned[i]:g} point{'s' if earned[i] != 1 else ''})" if earned else "")
                 for i, p in enumerate(placed)]
        order = ", then ".join(order_used(self.game.state)[:-1]).replace("net_worth", "net worth")
        return f"Places: {'   '.join(parts)}\n(by {order}; bankrupt players after, the last to go out first)"

    def league_points(self, places_: list[int]) -> list[float]:
        """The points the app's league gives these places, or [] without a league (none is made to show them)."""
        from screens.league_screen import league_exists, league_location

        url = league_location(self.app)
        if url is None or not league_exists(url):
            return []
        from banker.league.points import points
        from banker.league.schema import LeagueError
        from banker.league.store import LeagueStore

        try:
            store, _ = LeagueStore.open(url, Path("."))
            try:
                return points(store.points_setting(), places_) if store.exists() else []
            finally:
                store.close()
        except LeagueError:
            return []

    def action_record_in_league(self) -> None:
        """Record this game in the app's league (made with the family points when there is none)."""
        from banker.cli_league import game_record
        from banker.league import points as pts
        from banker.league.schema import LeagueError, shown
        from banker.league.store import LeagueStore
        from screens.league_screen import league_location

        url = league_location(self.app)
        if url is None:
            self.notify("this window has no league; open the game with the banker command", severity="error",
                        markup=False)
            return
        try:
            record = game_record(self.game)
            store, made = LeagueStore.open(url, Path("."), pts.FAMILY)
            try:
                done = store.record(record)
            finally:
                store.close()
        except (Refusal, LeagueError) as error:
            self.notify(str(error), severity="error", title="Not recorded", timeout=10, markup=False)
            return
        said = {"recorded": "Recorded in the league", "unchanged": "Already in the league at this head: nothing "
                "changed", "updated": "Recorded anew"}[done.outcome]
        earned = ", ".join(f"{name} {got:g}" for name, got in done.points.items())
        self.notify(f"{said}{' (a new league: points 4,2,1,0)' if made else ''}. Points: {earned}. {shown(url)}",
                    title="League", timeout=10, markup=False)
        self.show_ranking()

    def banner_text(self, table: list[Worth], ranked: list[Worth], winner: str | None, settled: bool) -> str:
        state, money = self.game.state, self.game.money
        by_cash = state.edition.winner_by == "cash"
        measure = "the most cash" if by_cash else "a net worth"
        if winner:
            best = next(w for w in table if w.name == winner)
            amount = money(ranking_value(state, best))
            if not settled:
                return f"{winner} leads with {amount} cash; the final rent round is still to play"
            return f"{winner} wins with {measure} of {amount}" if not by_cash else f"{winner} wins with {amount} cash"
        standing = [w for w in ranked if not w.bankrupt]
        if not standing:
            return "No single winner: everyone is bankrupt"
        top = ranking_value(state, standing[0])
        leaders = [w.name for w in standing if ranking_value(state, w) == top]
        names = ", ".join(leaders[:-1]) + f" and {leaders[-1]}"
        return f"No single {'winner' if settled else 'leader'}: {names} tie at the top with {money(top)}"

    # -- the final rent round (Sore Losers) ----------------------------------------------------------

    def show_final_status(self) -> None:
        if not self.has_final_round:
            return
        state, money = self.game.state, self.game.money
        status = self.query_one("#end-final-status", Static)
        lines = self.query_one("#end-final", DataTable)
        lines.display = state.final_round
        status.remove_class("-refused")
        if self.pending:
            status.update("Each player collects from the bank the rent on each unmortgaged property, in turn "
                          "order … (space: every line at once)")
        elif state.final_round:
            played = self.game.final_round_lines()
            total = sum(amount for _, _, amount in played)
            status.update(f"Played: {len(played)} rent{'s' if len(played) != 1 else ''}, "
                          f"{money(total)} from the bank in all.")
        elif reason := refusal_of(state, c.FinalRound()):
            status.update(f"Not yet: {reason}.")
            status.add_class("-refused")
        else:
            status.update("Every property is owned. Once everyone is back at GO, press f: in turn order each "
                          "player collects from the bank the rent on each unmortgaged property (double on a "
                          "complete set, the building rent where built). Once only.")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "final_round":
            return self.has_final_round and not self.game.state.final_round
        if action == "reveal_all":
            return bool(self.pending)
        return True

    def action_final_round(self) -> None:
        """Play the final rent round (the core refuses until every property is owned, and once played)."""
        act = getattr(self.app, "act", None)
        if act is not None:  # the Banker app: its toasts, and the table redrawn
            if act(c.FinalRound(), quiet=True) is None:  # its one-line-per-rent summary is shown here instead
                self.show_final_status()
                return
        else:
            try:
                self.game.execute(c.FinalRound())
            except (Refusal, LedgerError) as error:
                self.notify(str(error), severity="error", title="Refused", timeout=8, markup=False)
                self.show_final_status()
                return
        self.pending = list(self.game.final_round_lines())
        total = self.game.money(sum(amount for _, _, amount in self.pending))
        self.notify(f"The final rent round: {len(self.pending)} rents, {total} from the bank", markup=False)
        self.totals = {}
        self.query_one("#end-final", DataTable).clear()
        self.show_final_status()
        self.refresh_bindings()
        if self.pending:
            self.timer = self.set_interval(REVEAL_SECONDS, self.reveal_next)
        else:
            self.finish_reveal()

    def add_line(self, line: tuple[str, str, int]) -> None:
        player, deed, amount = line
        self.totals[player] = self.totals.get(player, 0) + amount
        money = self.game.money
        self.query_one("#end-final", DataTable).add_row(
            player, deed, Text(money(amount), justify="right"), Text(money(self.totals[player]), justify="right"))

    def reveal_next(self) -> None:
        if self.pending:
            self.add_line(self.pending.pop(0))
            lines = self.query_one("#end-final", DataTable)
            lines.display = True
            lines.scroll_end(animate=False)
        if not self.pending:
            self.finish_reveal()

    def action_reveal_all(self) -> None:
        while self.pending:
            self.add_line(self.pending.pop(0))
        self.finish_reveal()

    def finish_reveal(self) -> None:
        """Every rent line is shown: then the ranking by cash, the banner and the chart."""
        if self.timer is not None:
            self.timer.stop()
            self.timer = None
        self.show_final_status()
        self.show_ranking()
        self._chart()
        self.refresh_bindings()

    # -- the chart -------------------------------------------------------------------------------------

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
        if self.pending:
            self.action_reveal_all()
        self.dismiss(None)
