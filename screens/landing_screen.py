"""The landing flow: who landed, on which space, and what the rules allow there.

Three lists side by side: players, spaces (filtered by what is typed), and the offers for
the highlighted pair, which follow the highlight as it moves. Enter on an offer closes the
dialog with it; the table screen then asks what is still needed (dice, card) and acts.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label, OptionList
from textual.widgets.option_list import Option

from banker.game import Game
from banker.landing import Offer, landing_offers
from banker.names import squash
from screens.board_list import landing_cost
from screens.colours import group_style
from screens.key_order import AnswersOnce
from screens.styled_once import StyledOnce
from screens.table_words import table_words


@dataclass(frozen=True)
class Landing:
    player: str
    position: int
    offer: Offer


class LandingScreen(AnswersOnce, StyledOnce, ModalScreen[Landing | None]):
    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, game: Game, player: str, position: int | None = None, fixed: bool = False,
                 title: str = "") -> None:
        super().__init__(classes="dialog-screen")  # no id: a roll's landings open one right after another
        self.title_text = title  # the flow's own title for a given landing (Sore Losers: after a trap)
        self.game = game
        state = game.state
        self.players = list(state.active_players) or list(state.players)
        self.player = player if player in self.players else self.players[0]
        self.position = position
        self.start_position = position
        self.fixed = fixed  # a card moved the token: the player and the space are given
        self.spaces: list[int] = [s.position for s in state.edition.spaces]
        self.offers: list[Offer] = []
        self.offers_for: tuple[str, int | None] | None = None  # the player and space the offers shown are for

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog wide-dialog"):
            title = "Landing: who landed on which space?"
            if self.fixed and self.position is not None:
                title = f"Then {self.player} lands on {self.game.state.edition.spaces[self.position].name}"
            title = self.title_text or title
            yield Label(title, classes="dialog-title", markup=False)
            with Horizontal(id="landing-columns"):
                with Vertical(id="landing-players-column"):
                    yield Label("Player", classes="column-title")
                    yield OptionList(*[Option(p) for p in self.players], id="landing-players")
                with Vertical(id="landing-spaces-column"):
                    yield Input(placeholder="type a space name or number", id="space-filter")
                    yield OptionList(id="landing-spaces")
                with Vertical(id="landing-offers-column"):
                    yield Label("What the rules allow", classes="column-title")
                    yield OptionList(id="landing-offers")
            yield Label("type to find a space · ↑↓ move · enter pick · tab next list · esc cancel", classes="hint")

    def on_mount(self) -> None:
        players = self.query_one("#landing-players", OptionList)
        players.highlighted = self.players.index(self.player)
        self.fill_spaces("")
        if self.start_position is not None:
            self.highlight_space(self.start_position)
            self.query_one("#landing-offers", OptionList).focus()
        else:
            self.query_one("#space-filter", Input).focus()

    # -- spaces --------------------------------------------------------------------

    def fill_spaces(self, typed: str) -> None:
        state = self.game.state
        key = squash(typed)
        spaces = state.edition.spaces
        if key.isdigit():
            found = [s.position for s in spaces if str(s.position).startswith(key)]
        else:
            found = [s.position for s in spaces if key in squash(s.name)] if key else [s.position for s in spaces]
        self.spaces = found
        options = self.query_one("#landing-spaces", OptionList)
        options.clear_options()
        options.add_options([Option(self.space_label(p)) for p in found])
        if found:
            options.highlighted = 0
            self.position = found[0]
        else:
            self.position = None
        self.show_offers()

    def space_label(self, position: int) -> Text:
        state = self.game.state
        space = state.edition.spaces[position]
        text = Text(f"{position:>2} ", style="dim")
        if space.name in state.edition.deeds:
            text.append("■ ", style=group_style(state.deed(space.name).group))
        else:
            text.append("  ")
        text.append(f"{space.name:<23}")
        text.append(" ")
        text.append_text(landing_cost(state, position))
        return text

    def highlight_space(self, position: int) -> None:
        if position in self.spaces:
            self.query_one("#landing-spaces", OptionList).highlighted = self.spaces.index(position)
            self.position = position
            self.show_offers()

    def on_input_changed(self, event: Input.Changed) -> None:
        self.fill_spaces(event.value)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        if self.position is not None:
            self.focus_offers()

    def on_key(self, event: events.Key) -> None:
        if self.focused is self.query_one("#landing-offers", OptionList) and event.character \
                and event.character.isdigit() and event.character != "0":
            event.stop()
            self.pick(int(event.character) - 1)
            return
        if self.focused is self.query_one("#space-filter", Input) and event.key in ("up", "down"):
            event.stop()
            spaces = self.query_one("#landing-spaces", OptionList)
            if event.key == "down":
                spaces.action_cursor_down()
            else:
                spaces.action_cursor_up()

    # -- offers --------------------------------------------------------------------

    def show_offers(self) -> None:
        """The offers for the player and space highlighted; not worked out again for the same pair (opening the
        dialog highlights the player, the spaces and the space landed on, each of which asks for them)."""
        shown_for = (self.player, self.position)
        if shown_for == self.offers_for:
            return
        self.offers_for = shown_for
        options = self.query_one("#landing-offers", OptionList)
        options.clear_options()
        if self.position is None:
            self.offers = []
            return
        self.offers = landing_offers(self.game.state, self.player, self.position)
        for index, offer in enumerate(self.offers):
            label = Text(f"{index + 1} ", style="bold")
            label.append(table_words(offer.label), style="" if offer.actionable else "dim")
            options.add_option(Option(label, disabled=not offer.actionable))
        if any(o.actionable for o in self.offers):
            options.highlighted = next(i for i, o in enumerate(self.offers) if o.actionable)

    def focus_offers(self) -> None:
        if any(o.actionable for o in self.offers):
            self.query_one("#landing-offers", OptionList).focus()
        elif self.offers:
            self.notify(self.offers[0].label, title="Nothing to do here", markup=False)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option_list.id == "landing-players":
            self.player = self.players[event.option_index]
            self.show_offers()
        elif event.option_list.id == "landing-spaces" and event.option_index < len(self.spaces):
            self.position = self.spaces[event.option_index]
            self.show_offers()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option_list.id == "landing-players":
            self.query_one("#space-filter", Input).focus()
        elif event.option_list.id == "landing-spaces":
            self.focus_offers()
        elif event.option_list.id == "landing-offers" and self.position is not None:
            self.pick(event.option_index)

    def pick(self, index: int) -> None:
        if index < len(self.offers) and self.offers[index].actionable and self.position is not None:
            self.dismiss(Landing(self.player, self.position, self.offers[index]))

    def action_cancel(self) -> None:
        self.dismiss(None)
