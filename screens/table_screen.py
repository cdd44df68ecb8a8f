"""The table: a card per player, the board with what each landing costs, and the command bar.

Everything shown is drawn from `game.state` in `show_state`, which the app calls after
every action (and the screen calls when it comes back to the front), so the screen
never holds a fact the ledger does not.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import ActiveBinding, Binding
from textual.containers import Horizontal, VerticalScroll
from textual.reactive import Reactive
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import DataTable, Header, Input
from textual.widgets.input import Selection

from banker import commands as c
from banker.coins_landing import plays_sore_losers
from banker.describe import bank_parts
from banker.errors import Refusal
from banker.events import POT
from banker.game import Game
from banker.landing import has_holding_offers
from banker.language import USAGE, dice_line, how_to_roll, parse
from banker.saves import last_action
from banker.state import uses_speed_die
from screens.announcement import Announcement
from screens.board_list import BoardList, BoardSide
from screens.choice_screen import Choice, ChoiceScreen, kept_dialog
from screens.coins_flows import SoreLosersFlows
from screens.command_bar import CommandBar
from screens.deed_flows import DeedFlows
from screens.districts_flows import CityFlows
from screens.errors_kept import FlowErrorsKept
from screens.game_clock import GameClock
from screens.key_line import KeyLine
from screens.phone_flows import PhoneFlows
from screens.player_card import CashStrip, PlayerCard, card_rows
from screens.status_line import StatusLine
from screens.styled_once import StyledOnce
from screens.table_flows import TableFlows
from screens.table_words import table_words
from screens.textual_internals import FrameSlots
from screens.timing import IDLE_CHECK_SECONDS, SETTLE_SECONDS
from screens.token_flows import DICE_KEYS, TokenFlows

if TYPE_CHECKING:
    from screens.host import BankerHost as BankerApp

# key, action, title, what it does, shown in the footer
TABLE_KEYS: list[tuple[str, str, str, str, bool]] = [
    ("l", "land", "Land", "A player landed on a space: buy, auction, rent, tax, card, jail", True),
    ("g", "go", "GO", "The player whose turn it is passed GO: collect the salary", True),
    ("n", "next_player", "Next", "Next player's turn", True),
    ("p", "pay", "Pay", "A payment between any two of the bank, the players and the pot", True),
    ("c", "collect", "Collect", "A player collects from the bank, the pot or another player", True),
    ("ctrl+z", "undo", "Undo", "Undo the last action (a new event; nothing is erased)", True),
    ("b", "build", "Build", "Build a house, hotel or skyscraper (only the legal choices)", True),
    ("s", "sell", "Sell", "Sell a building or a train depot back to the bank", True),
    ("m", "mortgage", "Mortgage", "Mortgage a deed", True),
    ("u", "unmortgage", "Unmortgage", "Lift a mortgage: pay the bank back (plus the edition's interest)", True),
    ("j", "jail", "Jail", "Go to jail, pay the fine, use a card or rolled doubles", True),
    ("a", "auction", "Auction", "Auction a deed the bank holds", True),
    ("t", "trade", "Trade", "A trade between two players", True),
    ("d", "depot", "Depot", "Build a train depot on a railroad (b offers them too; s sells one)", False),
    ("h", "holdings", "Tickets", "Bus tickets: take one from the bank, or ride on one instead of rolling", False),
    ("M", "speed_die", "Speed die", "The speed die showed Mr. Monopoly or the Bus: move on from the highlighted space",
     False),
    ("k", "clock", "Clock", "The game clock: restart it for another hour (clock 60), or stop it", False),
    ("w", "wallets", "Phones", "Phones at the table: the QR code to scan; start or stop the wallets", False),
    ("P", "proposals", "Proposals", "Actions proposed from the phones: a accepts, r refuses", False),
    ("o", "coins", "Coins", "Sore loser coins: cash in 4 for Mr. Monopoly, or take one from the bank", False),
    ("f", "free_house", "Free house", "Doubles while there is a Mr. Monopoly: one free house on any street", False),
    ("T", "trap", "Trap", "Mr. Monopoly landed on a player: trap them (maybe steal a deed); or release one", False),
    ("L", "ledger", "Ledger", "Every event of the game, with running balances", False),
    ("colon", "command", "Type", "Type an action in the command language", False),
    ("ctrl+y", "redo", "Redo", "Redo the action just undone", False),
    ("G", "go_pick", "GO for…", "A player of your choice passed GO", False),
    ("r", "raise_money", "Raise money", "What a player could sell or mortgage, and do it", False),
    ("x", "bankrupt", "Bankrupt", "Declare a player bankrupt to a creditor", False),
    ("E", "end_game", "End of game", "The valuation, the winner, the net-worth chart (Sore Losers: the final round)",
     False),
    ("question_mark", "keys", "Keys", "Show or hide every key of this screen", False),
]
KEY_NAMES = {"colon": ":", "question_mark": "?"}
SHORT_SCREEN = 30  # rows: below this the cards' big digits give way to the cash strip
CARD_ROWS = 8  # a card with its big digits, where the token stands and a couple of deeds
CHROME_ROWS = 6  # the header, the status line, the command bar and the footer
# keys that only some games have: hidden from the footer, the help and the palette elsewhere
FEATURES = {
    "depot": lambda state: state.edition.has_depots,
    "holdings": has_holding_offers,
    "speed_die": uses_speed_die,
    "coins": plays_sore_losers,
    "free_house": plays_sore_losers,
    "trap": plays_sore_losers,
    "clock": lambda state: state.clock is not None or bool(state.edition.max_blocks),
}


class TableScreen(FlowErrorsKept, TokenFlows, PhoneFlows, CityFlows, SoreLosersFlows, DeedFlows, TableFlows, StyledOnce,
                  FrameSlots):
    BINDINGS = DICE_KEYS + [Binding(key, action, title, show=shown) for key, action, title, _, shown in TABLE_KEYS]
    PALETTE = [(KEY_NAMES.get(key, key), action, title, text) for key, action, title, text, _ in TABLE_KEYS]
    AUTO_FOCUS = "#board"  # not the cards first (Textual's choice): moving the focus restyles what it leaves
    # Textual's screen repaints itself whole when the focus moves, and a typed roll moves it twice (into the
    # command bar and back): the whole table drawn again each time, 20-30 ms. The widgets that gain and lose the
    # focus are restyled and repaint themselves; nothing else on the table shows where the focus is.
    focused: Reactive[Widget | None] = Reactive(None, repaint=False)

    def __init__(self, game: Game) -> None:
        super().__init__(id="table")
        self.game = game
        self.parts: tuple[list[PlayerCard], BoardList, StatusLine, GameClock, CashStrip] | tuple[()] = ()
        self.card_share: int | None = None  # the rows each compact card may take (None: the cards are full)

    @property
    def banker(self) -> BankerApp:
        return cast("BankerApp", self.app)

    def compose(self) -> ComposeResult:
        self.set_class(self.uses_strip(self.app.size.height), "-strip")  # before the widgets' first styling
        breakpoints = self.app.HORIZONTAL_BREAKPOINTS or []  # as the first resize would set them (a restyle of all)
        width = self.app.size.width
        wide = [name for least, name in sorted(breakpoints) if least <= width][-1:]  # Textual's: the widest reached
        self.update_classes({name: name in wide for _, name in breakpoints})
        yield Header()
        yield StatusLine(lambda width: self.status_text(self.banker.current_player, width))
        yield GameClock(self.game, lambda: self.banker.current_player)
        yield CashStrip(self.banker.colours)
        with Horizontal(id="table-body"):
            with VerticalScroll(id="cards"):
                if not self.uses_strip(self.app.size.height):  # else made when a resize first needs them
                    yield from self.make_cards()
            yield BoardSide(self.banker.colours, self.game.state)
        yield Announcement()
        yield CommandBar(lambda: self.game.state)
        yield KeyLine()

    @property
    def board(self) -> BoardList:
        return self.query_one(BoardList)

    def make_cards(self) -> list[PlayerCard]:
        current = self.banker.current_player
        return [PlayerCard(player, self.banker.colours.get(player, "white"), index, player == current)
                for index, player in enumerate(self.game.state.players)]

    def uses_strip(self, height: int) -> bool:
        """The strip instead of the cards when the screen is short, or has more players than cards fit."""
        return height < SHORT_SCREEN or height - CHROME_ROWS < CARD_ROWS * len(self.game.state.players)

    async def on_resize(self, event: events.Resize) -> None:
        strip = self.uses_strip(event.size.height)
        if strip != self.has_class("-strip"):
            if not strip and not self.query(PlayerCard):
                await self.query_one("#cards", VerticalScroll).mount_all(self.make_cards())
                self.parts = ()  # the cards are found again
            self.set_class(strip, "-strip")
            self.banker.toasts_for(self)
        self.call_after_refresh(self.show_state)  # the cards' room changed with the screen: compact or full

    def on_mount(self) -> None:
        self.banker.toasts_for(self)  # the strip's class is set in compose, after the screen came up
        self.show_state()
        self.query_one(StatusLine).show()  # whose turn it is, in the first frame (a roll's waits for its next)
        self.recall_last_words()  # in the first frame: a snapshot, or a glance, never catches the line empty
        self.board.focus()
        self.call_after_refresh(self.watch_proposals)  # after the first frame: it loads the phones' modules
        if not (self.game.damage or self.game.read_only):
            self.call_after_refresh(self.show_waiting)  # a game reopened: what waits comes back by itself
        self.call_after_refresh(self.banker.game_opened)  # then the keys typed while it opened go on
        self.set_timer(SETTLE_SECONDS, self.banker.freeze_heap)  # its first frames drawn, their caches built
        self.set_interval(IDLE_CHECK_SECONDS, self.banker.collect_when_idle)
        self.screen_layout_refresh_signal.subscribe(self, self.place_widgets, immediate=True)

    def recall_last_words(self) -> None:
        """A game opened shows what was last done in it: where the table had got to (a damaged file: nothing)."""
        if self.game.damage:
            return
        last = last_action(self.game.store, self.game.head[0])
        if last:
            self.query_one(Announcement).recall(self.game.summary_of(last[-1].action).split("\n")[0])

    def place_widgets(self, screen: Screen) -> None:
        """After a layout (a toast going up or away), find where the widgets are now, while no key waits.

        Textual keeps its map of every widget's place stale after a layout in which a widget out of sight
        changed (a toast scrolled away, the hidden clock), and the next widget to be redrawn, the card on a
        key press, had it worked out again first: 2-3 ms on the way to the new cash.
        """
        if self.is_current:
            self.find_widget(self.board)

    def card_room(self) -> int:
        """The rows the cards have: the table's body, or the screen less its other rows before the first layout."""
        body = self.query_one("#table-body").size.height
        return body if body > 0 else self.app.size.height - CHROME_ROWS

    def card_layout(self, cards: list[PlayerCard]) -> tuple[bool, bool]:
        """Every player's cash in sight (issue 36: at 120x40 the fourth card, its cash with it, went below the fold
        once deeds were bought). When the cards would not all fit, their deeds go a colour group a line; when even
        that would not fit, the cards give up their big digits for the cash in their titles (`-compact`), each held
        to its share of the rows, so that every title stays in sight. Returns (grouped, compact)."""
        state, room = self.game.state, self.card_room()
        width = max(10, (cards[0].content_size.width if cards and cards[0].content_size.width else 34))

        def rows(grouped: bool, digits: bool) -> int:
            return sum(card_rows(state, card.player, width, grouped, digits) for card in cards)

        grouped = rows(grouped=False, digits=True) > room
        compact = grouped and rows(grouped=True, digits=True) > room
        share = room // max(1, len(cards)) if compact else None
        if compact != self.has_class("-compact") or share != self.card_share:
            self.set_class(compact, "-compact")
            self.card_share = share
            for card in cards:
                card.styles.max_height = share
        return grouped, compact

    def show_current_card(self) -> None:
        """With many players the cards scroll: bring the one whose turn it is into view."""
        current = self.banker.current_player
        for card in self.query(PlayerCard):
            if card.player == current:
                self.query_one("#cards", VerticalScroll).scroll_to_widget(card, animate=False)

    def on_screen_resume(self) -> None:
        self.show_state()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The keys of pieces this game does not have (depots, tickets, the speed die) are hidden; a die's face
        starts the dice only in a game that follows the tokens, and only while the bar is not being typed in."""
        if action == "dice":
            return self.game.state.tokens is not None and not isinstance(self.focused, CommandBar)
        feature = FEATURES.get(action)
        if feature is not None and not feature(self.game.state):
            return False
        return True

    @property
    def active_bindings(self) -> dict[str, ActiveBinding]:
        """The dice first (the key panel lists these in order): in a followed game they are most of the evening."""
        found = super().active_bindings
        dice = {key: bound for key, bound in found.items() if bound.binding.action.startswith("dice(")}
        return dice | {key: bound for key, bound in found.items() if key not in dice}

    def show_state(self) -> None:
        """Draw everything from the game's state; cheap when little changed."""
        if not self.is_mounted:
            return
        state = self.game.state
        current = self.banker.current_player
        if not self.parts:  # the cards, board, status line and clock stay for the screen's life: found once
            self.parts = (list(self.query(PlayerCard)), self.query_one(BoardList), self.query_one(StatusLine),
                          self.query_one(GameClock), self.query_one(CashStrip))
        cards, board, status, clock, strip = self.parts
        if self.has_class("-strip"):  # only what is on screen is drawn; a resize draws the other
            strip.show(state, current)
        else:
            grouped, compact = self.card_layout(cards)
            for card in cards:
                card.show(state, card.player == current, grouped, compact)
        board.show(state)
        self.call_after_refresh(status.show)
        clock.tick()

    def status_text(self, current: str, width: int = 120) -> Text:
        """One line: whose turn, the bank's pieces and holdings, the pot and the ledger; shorter when narrow."""
        state, money = self.game.state, self.game.money
        count = self.game.head[0]
        turn = f" ▶ {current}'s turn "
        pot = f" · pot {money(state.cash(POT))}" if state.free_parking else ""
        auction = f"  auction open: {state.auction.deed}" if state.auction else ""
        if state.auction and (left := self.banker.countdowns.left(state.auction.deed)) is not None:
            auction += f", {left} s left (a returns)"
        extra = len(auction)
        extra += len(f"  to auction (a): {', '.join(state.to_auction)}") if state.to_auction else 0
        variants = [(f"  bank: {', '.join(bank_parts(state))}", f" · ledger: {count} event{'s' if count != 1 else ''}"),
                    (f"  bank {' '.join(bank_parts(state, short=True))}", f" · {count} events"),
                    (f"  bank {' '.join(bank_parts(state, short=True))}", "")]
        if extra:  # an open auction's countdown and "a returns" matter more than the bank's pieces on a narrow screen
            variants.append(("", ""))
        bank, ledger = next(((b, le) for b, le in variants if len(turn + b + pot + le) + extra <= width), variants[-1])
        text = Text()
        text.append(turn, style="bold reverse")
        text.append(bank + pot)
        text.append(ledger, style="dim")
        if self.proposals_note():
            text.append(self.proposals_note(), style="bold #ff8c00")
        if auction:
            text.append(auction, style="bold #ff8c00")
        if state.to_auction:
            text.append(f"  to auction (a): {', '.join(state.to_auction)}", style="bold #ff8c00")
        return text

    # -- the board and the command bar -------------------------------------------------

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        if isinstance(event.data_table, BoardList) and event.row_key.value is not None:
            self.land_flow(int(event.row_key.value))

    def command_bar(self) -> CommandBar:
        return self.query_one(CommandBar)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if not isinstance(event.input, CommandBar):
            return
        try:
            if self.run_line(event.value.strip()):
                event.input.value = ""
                self.set_focus(self.board)  # the table's keys are the table's again: `l` lands, it is not typed
            else:
                self.keep_refused(event.input)
        finally:
            self.banker.line_done()  # the keys typed after the Enter go on now

    def run_line(self, line: str) -> bool:
        """Run a typed line: a roll, or any line of the command language. False when it was refused (a toast
        says why). A roll typed while a decision waits is refused naming it, and what waits is shown again."""
        if line in ("help", "?"):
            self.show_usage()
            return True
        state, typed = self.game.state, line
        try:
            dice = dice_line(line, state)
            command = parse(dice or line, state)
        except Refusal as refusal:
            waiting = self.still_deciding() if typed[:1].isdigit() else None  # dice, mistyped, while a decision waits
            said = f"{waiting}: {typed} was not rolled" if waiting else table_words(str(refusal))
            self.notify(said, severity="error", title="Refused", timeout=8, markup=False)
            return False
        line = dice or line
        self.command_bar().remember(line)
        if isinstance(command, c.Roll):
            if (waiting := self.still_deciding()) is not None:
                self.notify(f"{waiting}: {typed} was not rolled; type it again once that is settled",
                            severity="error", title="Refused", timeout=8, markup=False)
                self.show_waiting()
                return False
            self.roll_flow(command)
            return True
        return self.banker.pay_or_raise(command) is not False

    @staticmethod
    def keep_refused(bar: CommandBar) -> None:
        """A refused line stays to be mended (an arrow key), and selected: what is typed next replaces it, so a
        roll typed after a refused line is not read as more of it."""
        bar.selection = Selection(0, len(bar.value))

    def show_usage(self) -> None:
        dice = how_to_roll(self.game.state)
        choices = [Choice(dice, "")] if dice else []
        choices += [Choice(usage, verb) for verb, usage in USAGE.items()]

        def fill(verb: object) -> None:
            bar = self.query_one(CommandBar)
            if isinstance(verb, str):
                bar.value = verb + " " if verb else ""
                bar.cursor_position = len(bar.value)
            bar.focus()

        self.app.push_screen(kept_dialog(self.app, ChoiceScreen("The command language", choices,
                                                                "pick one to start typing it")), fill)

    def action_keys(self) -> None:
        if self.query("HelpPanel"):
            self.app.action_hide_help_panel()
        else:
            self.app.action_show_help_panel()

    def action_command(self) -> None:
        self.query_one(CommandBar).focus()
