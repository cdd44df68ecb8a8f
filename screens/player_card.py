"""One player's card on the table: cash in large digits, deeds by colour group, jail, cards and holdings."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widget import Widget
from textual.widgets import Digits, Static

from banker.state import HOTEL, SKYSCRAPER, GameState
from editions import HoldingKind
from screens.city_marks import district_marks
from screens.colours import group_style, token_style

DIGIT_CHARACTERS = set("0123456789$£€")


def cash_digits(state: GameState, amount: int) -> str:
    """The cash for the Digits widget: its font has no thousands separator and few currency signs."""
    if state.edition.money_style == "millions":  # City: M37.7m as the game prints it (the font draws . and m small)
        return state.edition.money(amount)
    sign = state.edition.currency if set(state.edition.currency) <= DIGIT_CHARACTERS else ""
    return f"{sign}{amount}"


def building_mark(level: int) -> str:
    """Houses as ⌂ marks, then "hotel", then "SKY" for a skyscraper."""
    if level == SKYSCRAPER:
        return "SKY"
    return "hotel" if level == HOTEL else "⌂" * level


def building_style(level: int) -> str:
    return "bold green" if level < HOTEL else ("bold magenta" if level == SKYSCRAPER else "bold red")


def holding_text(kind: HoldingKind, count: int) -> str:
    """A holding as the table counts it: "2 bus tickets", or filled and empty dots up to the most one may hold."""
    if kind.max_held == 1 and count == 1:  # a single card (City's Rent Dodge card): its name says it
        return kind.name
    if kind.max_held and count <= kind.max_held:
        return f"{kind.plural} {'●' * count}{'○' * (kind.max_held - count)}"
    return kind.count(count)


def deeds_by_group(state: GameState, player: str) -> dict[str, list[str]]:
    """A player's deeds by colour group, each group in board order."""
    by_group: dict[str, list[str]] = {}
    for name in state.deeds_of(player):
        by_group.setdefault(state.deed(name).group, []).append(name)
    return {group: sorted(names, key=lambda n: state.deed(n).position) for group, names in by_group.items()}


def deeds_text(state: GameState, player: str, grouped: bool = False) -> Text:
    """Deeds grouped by colour in board order, with buildings and mortgages marked; `grouped`: a group a line."""
    text = Text()
    by_group = deeds_by_group(state, player)
    if not by_group:
        return Text("no deeds", style="dim")
    for group, names in by_group.items():
        whole = len(names) == len(state.group(names[0]))
        for at, name in enumerate(names):
            holding = state.deeds[name]
            if text and grouped and at:
                text.append(", ")
            elif text:
                text.append("\n")
            if not (grouped and at):
                text.append("■" if whole else "□", style=group_style(group))
                text.append(" ")
            text.append(name, style="dim strike" if holding.mortgaged else "")
            if state.deed(name).kind == "district":  # Monopoly City: blocks, hazard/bonus, SKY, tower, stadium, rail
                if marks := district_marks(holding):
                    text.append(" ")
                    text.append_text(marks)
            elif holding.level:
                text.append(f" {building_mark(holding.level)}", style=building_style(holding.level))
            if holding.depot:
                text.append(" depot", style="bold blue")
            if holding.mortgaged:
                text.append(" mortgaged", style="italic #ff8c00")
    return text


def sore_loser_badges(state: GameState, player: str) -> list[tuple[str, str]]:
    """Monopoly for Sore Losers: the Mr. Monopoly token, and the player he stands on (001)."""
    badges = []
    if state.mr_monopoly and state.mr_monopoly == player:
        badges.append((" MR. MONOPOLY ", "bold reverse green"))
    if player in state.trapped:
        badges.append((f" TRAPPED by {state.mr_monopoly} " if state.mr_monopoly else " TRAPPED ", "bold reverse red"))
    return badges


def token_text(state: GameState, player: str) -> str:
    """Where the token stands and the doubles rolled so far in this turn (a game that follows the tokens)."""
    if state.tokens is None or player in state.bankrupt:
        return ""
    where = f"on {state.edition.spaces[state.position(player)].name}"
    if state.whose_roll == player and state.tokens.doubles:
        where += f" · doubles: {state.tokens.doubles}"
    if state.tokens.anywhere == player:
        where += " · triples: moves to any space"
    return where


def marks_text(state: GameState, player: str) -> Text:
    text = Text()
    if token := token_text(state, player):
        text.append(token, style="italic")
        text.append("\n")
    if player in state.bankrupt:
        text.append("BANKRUPT", style="bold reverse red")
    if player in state.in_jail:
        text.append("IN JAIL", style="bold reverse #ff8c00")
    for badge, style in sore_loser_badges(state, player):  # Sore Losers: Mr. Monopoly, trapped
        if text:
            text.append("  ")
        text.append(badge, style=style)
    for deck in state.jail_cards[player]:
        if text:
            text.append("  ")
        text.append(f"Get Out of Jail Free ({'Chance' if deck == 'chance' else 'Chest'})", style="bold cyan")
    badges = bool(sore_loser_badges(state, player))
    for kind in state.edition.holdings.values():
        count = state.count(kind.key, player)
        if kind.awarded_for and player == state.mr_monopoly and not count:
            continue  # Sore Losers: Mr. Monopoly never holds coins, the badge says it
        if count or kind.start:  # a kind every player starts with shows even when it runs out
            if text:
                text.append("\n" if badges else "  ")  # a badge takes the line: the coins go below it
            text.append(holding_text(kind, count), style="bold yellow")
    if text.plain.endswith("\n"):  # the token's line with nothing after it
        text.right_crop(1)
    return text


def text_rows(text: str, width: int) -> int:
    """The rows a text takes in `width` columns, its long lines wrapped."""
    return sum(max(1, -(-len(line) // max(1, width))) for line in text.split("\n")) if text else 0


def card_rows(state: GameState, player: str, width: int, grouped: bool, digits: bool) -> int:
    """The rows a card takes, `width` columns inside: its border, the big digits, its marks and its deeds (a line
    each, or a colour group a line)."""
    return (2 + (3 if digits else 0) + text_rows(marks_text(state, player).plain, width)
            + text_rows(deeds_text(state, player, grouped).plain, width))


class PlayerCard(Vertical):
    """Re-rendered from the state after every action; it keeps nothing of its own."""

    def __init__(self, player: str, colour: str, index: int, current: bool = False) -> None:
        # `current` as a class from the start: set later, it styled the card's widgets all over again
        super().__init__(id=f"card-{index}", classes="player-card -current" if current else "player-card")
        self.player = player
        self.colour = colour
        self.shown: dict[str, object] = {}  # what each part of the card was last drawn from

    def compose(self) -> ComposeResult:
        yield Digits("", classes="cash")
        yield CardPart(classes="marks")
        yield CardPart(classes="deeds")

    def update_node_styles(self, animate: bool = True) -> None:
        """A card's own classes (-current, -bankrupt) style the card alone (no rule of banker.tcss for a card's
        widgets depends on them): the card is styled again, not its widgets too, as Textual would (2-3 ms of a
        roll, which passes the turn to the next card); they forget what they drew on the card's old background.
        tests/test_app_drawing_kept.py holds their styles and drawing equal to a full restyle's."""
        self.app.stylesheet.update_nodes([self], animate=animate)
        for widget in self.walk_children(Widget):
            widget.notify_style_update()
            widget.refresh()

    def on_mount(self) -> None:
        self.styles.border = ("round", token_style(self.colour))
        self.styles.border_title_color = token_style(self.colour)

    def changed(self, part: str, facts: object) -> bool:
        """Whether a part of the card was drawn from other facts; a part whose facts did not change is left alone."""
        if self.shown.get(part, self) == facts:
            return False
        self.shown[part] = facts
        return True

    def show(self, state: GameState, current: bool, grouped: bool = False, compact: bool = False) -> None:
        """Redraw only the parts whose facts changed: a payment changes the digits and the subtitle, and
        redrawing the marks and deeds too would lay the whole screen out again for nothing. Where the table's cards
        would not all fit, a card lists its deeds a colour group a line (`grouped`), and then (`compact`) gives up
        its big digits: the cash goes into its title, in sight with the name."""
        player = self.player
        cash = state.cash(player)
        deeds = tuple((d, state.deeds[d]) for d in state.deeds_of(player))  # the whole holding: City blocks too
        if self.changed("title", (current, compact and cash)):
            title = Text(f"▶ {player}  (turn)" if current else player)
            if compact:
                title.append(f"  {state.edition.money(cash)}", style="bold")
            self.border_title = title
        if self.changed("current", current):
            self.styles.border = ("heavy" if current else "round", token_style(self.colour))
            # the turn's lighter background follows a frame later: drawing both cards anew on another background
            # took 3-5 ms of the frame that shows what the roll did
            self.call_after_refresh(self.set_class, current, "-current")
        if self.changed("subtitle", (cash, len(deeds))):
            count = f"{len(deeds)} deed{'s' if len(deeds) != 1 else ''}"
            self.border_subtitle = Text(f"{state.edition.money(cash)} · {count}")
        if self.changed("cash", cash):
            self.query_one(Digits).update(cash_digits(state, cash))
        self.set_class(player in state.bankrupt, "-bankrupt")
        holdings = tuple(state.count(kind, player) for kind in state.edition.holdings)
        marks_from = (player in state.in_jail, player in state.bankrupt, tuple(state.jail_cards[player]), holdings,
                      state.mr_monopoly, player in state.trapped, token_text(state, player))
        if self.changed("marks", marks_from):
            marks = marks_text(state, player)
            marks_widget = self.query_one(".marks", CardPart)
            marks_widget.show(marks)
            marks_widget.display = bool(marks)
        if self.changed("deeds", (deeds, grouped)):
            self.query_one(".deeds", CardPart).show(deeds_text(state, player, grouped))


class CardPart(Static):
    """A part of a card (its marks, its deeds) that lays the screen out again only when its height may change: a
    token's move changes the words of a line, not how many lines there are, and a layout of the whole table was
    the largest part of a typed roll's time. A line as wide as the part may wrap: then it is laid out."""

    def __init__(self, classes: str) -> None:
        super().__init__("", classes=classes)
        self.lines_shown = -1

    def show(self, text: Text) -> None:
        lines = text.split("\n")
        room = self.content_size.width
        same_height = (room > 0 and len(lines) == self.lines_shown and all(line.cell_len < room for line in lines))
        self.lines_shown = len(lines)
        self.update(text, layout=not same_height)


def strip_marks(state: GameState, player: str) -> list[tuple[str, str]]:
    """A player's marks for the strip, shortest first in the table's words: jail, cards, tickets, Mr. Monopoly."""
    marks: list[tuple[str, str]] = []
    if player in state.bankrupt:
        return [("BANKRUPT", "bold reverse red")]
    if player in state.in_jail:
        marks.append(("IN JAIL", "bold reverse #ff8c00"))
    marks.extend((badge.strip(), style) for badge, style in sore_loser_badges(state, player))
    if cards := len(state.jail_cards[player]):
        marks.append(("Get Out of Jail Free" + (f" x{cards}" if cards > 1 else ""), "bold cyan"))
    for kind in state.edition.holdings.values():
        count = state.count(kind.key, player)
        if kind.awarded_for and player == state.mr_monopoly and not count:
            continue
        if count or kind.start:
            marks.append((holding_text(kind, count), "bold yellow"))
    return marks


def strip_line(state: GameState, player: str, current: bool, colour: str, name_width: int, cash_width: int) -> Text:
    """One player on one line: the turn, the name, the cash, the deeds, where the token stands, the marks."""
    deeds = len(state.deeds_of(player))
    line = Text(no_wrap=True, overflow="ellipsis", end="")
    line.append("▶ " if current else "  ", style="bold")
    line.append(player.ljust(name_width), style=f"bold {'reverse ' if current else ''}{token_style(colour)}")
    line.append(f" {state.edition.money(state.cash(player)).rjust(cash_width)}", style="bold")
    line.append(f"  {deeds:>2} deed{'s' if deeds != 1 else ' '}", style="dim")
    if token := token_text(state, player):
        line.append(f"  {token}", style="italic")
    for mark, style in strip_marks(state, player):
        line.append("  ")
        line.append(mark, style=style)
    if player in state.bankrupt:
        line.stylize("dim", 2, 2 + name_width)
    return line


class CashStrip(Static):
    """Every player's cash on a line of their own, for a screen too short for the cards' big digits."""

    def __init__(self, colours: dict[str, str]) -> None:
        super().__init__("", id="cash-strip")
        self.colours = colours
        self.lines_shown = 0  # a line per player, no wrap: the strip is laid out again only when that changes
        self.drawn_from: object = None

    def show(self, state: GameState, current: str) -> None:
        players = state.players
        facts = (current, tuple((state.cash(p), len(state.deeds_of(p)), strip_marks(state, p), token_text(state, p))
                                for p in players))
        if facts == self.drawn_from:
            return
        self.drawn_from = facts
        name_width = max(len(p) for p in players)
        cash_width = max(len(state.edition.money(state.cash(p))) for p in players)
        lines = [strip_line(state, p, p == current, self.colours.get(p, "white"), name_width, cash_width)
                 for p in players]
        self.update(Text("\n", no_wrap=True, end="").join(lines), layout=len(lines) != self.lines_shown)
        self.lines_shown = len(lines)
