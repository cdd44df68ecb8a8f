"""Monopoly City on the table: a district's blocks and buildings as short marks, and what its own spaces cost.

"3R 2I" = 3 residential and 2 industrial blocks; a hazard is "!" and its first word (red), a bonus
building "+" and its first word (green); SKY, TOWER, stadium and rail mark the rest.
"""

from __future__ import annotations

from rich.text import Text

from banker.events import BANK
from banker.rules.rent_dodge import dodge_kind
from banker.state import GameState, Holding
from editions import Edition, Space


def short_name(name: str) -> str:
    """A hazard or bonus building by its first word: Power Station -> Power, Water Tower -> Water."""
    return name.split()[0] if name else ""


def district_marks(holding: Holding) -> Text:
    """Blocks and buildings on one district, e.g. "3R 2I !Power SKY rail" (empty when nothing is on it)."""
    parts: list[tuple[str, str]] = []
    if holding.residential or holding.industrial:
        blocks = " ".join(f"{n}{k}" for n, k in ((holding.residential, "R"), (holding.industrial, "I")) if n)
        parts.append((blocks, "bold green"))
    if holding.hazard:
        parts.append((f"!{short_name(holding.hazard)}", "bold red"))
    if holding.bonus:
        parts.append((f"+{short_name(holding.bonus)}", "bold #5fd75f"))
    if holding.skyscraper:
        parts.append(("SKY", "bold magenta"))
    if holding.tower:
        parts.append(("TOWER", "bold yellow"))
    if holding.stadium:
        parts.append(("stadium", "bold cyan"))
    if holding.railroad:
        parts.append(("rail", "bold blue"))
    text = Text()
    for words, style in parts:
        if text:
            text.append(" ")
        text.append(words, style=style)
    return text


def marks_legend(edition: Edition) -> Text | None:
    """What the block marks on the cards and the board's Built column mean, for an edition with blocks (City).

    "2I" alone tells a new banker nothing; SKY, TOWER, stadium and rail read as words. Each mark is shown in
    its own colour, and hazards and bonuses only where the edition has them.
    """
    if not edition.max_blocks:
        return None
    text = Text("Built: ", style="dim")
    text.append("R", style="bold green")
    text.append(" residential, ", style="dim")
    text.append("I", style="bold green")
    text.append(" industrial blocks", style="dim")
    for mark, style, meaning, present in (("!", "bold red", "hazard", edition.hazards),
                                          ("+", "bold #5fd75f", "bonus building", edition.bonuses)):
        if present:
            text.append(" · ", style="dim")
            text.append(mark, style=style)
            text.append(f" {meaning}", style="dim")
    return text


def city_space_cost(state: GameState, space: Space) -> Text | None:
    """What landing on one of City's own spaces means now; None for the spaces every edition has."""
    money = state.edition.money
    match space.type:
        case "industry_tax":
            return Text(f"ind. tax {money(space.amount)}", style="red")  # only with industrial blocks
        case "planning_permission":
            return Text("hazard or bonus")
        case "free_parking":
            if dodge_kind(state) is None:
                return None
            holder = dodge_holder(state)
            return Text(f"Rent Dodge card ({holder})" if holder else "take the Rent Dodge card", style="green")
    return None


def dodge_holder(state: GameState) -> str:
    """Who holds the Rent Dodge card ("" when it is beside the board)."""
    key = dodge_kind(state)
    if key is None:
        return ""
    return next((a for a, n in state.held[key].items() if n and a != BANK and a in state.players), "")
