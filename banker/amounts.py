"""The words a line takes for money, dice and counts: amounts in the table's money (`$1,500`, `M2.5m`, `500k`),
dice totals, building counts, and City's Build spin when the banker does not say what it showed.

Every problem is a `Refusal` with one line that says what to write instead (the command language reads its lines
with these).
"""

from __future__ import annotations

import random
import re
from functools import lru_cache
from typing import TYPE_CHECKING

from .errors import Refusal
from .state import GameState, uses_speed_die

if TYPE_CHECKING:
    from editions import Edition

MAX_AMOUNT = 1_000_000_000
SPEED_DIE_MOST = 15  # two white dice and the speed die's 3 (its Bus and Mr. Monopoly count 0)


def dice_most(state: GameState) -> int:
    """The highest dice total this game can roll: 15 with the speed die, else 12."""
    return SPEED_DIE_MOST if uses_speed_die(state) else 12


def parse_dice(word: str, state: GameState) -> int:
    """A dice total valid in this game: 2-12, or 2-15 with the speed die."""
    most = dice_most(state)
    if not re.fullmatch(r"[0-9]+", word.strip()) or not 2 <= int(word) <= most:
        dice = ("three dice (the Bus and Mr. Monopoly count 0)" if most == SPEED_DIE_MOST else "two dice")
        raise Refusal(f"{word!r} is not a dice total here: {dice} make 2 to {most}; write the total, like 7")
    return int(word)


@lru_cache(maxsize=1024)
def parse_amount(word: str, currency: str = "$", example: str = "50") -> int:
    """A whole, positive amount; "$50" and "50" both mean 50. Kept for the words a table types again and again
    (200, 50, 500k): read cold at each action, a City amount took 2.1 us, a kept one 0.3 (a refusal is not kept).
    `example` is the amount a refusal shows as one to write (Monopoly City's money: 500k)."""
    text = word.strip()
    if not (text.isascii() and text.isdigit()):  # "50", the usual, has no sign or separator to take off
        for sign in (currency, "$", "£", "M"):
            if text.startswith(sign):
                text = text[len(sign):]
                break
        if "," in text:
            text = _ungrouped(word, text, example)
        text = text.replace("_", "")
    if text[-1:] in SCALES:
        text = _scaled(word, text)
    amount = int(text) if text.isascii() and text.isdigit() else _whole_number(word, text, example)  # "50" first
    if amount == 0:
        raise Refusal("an amount of 0 moves nothing; write a positive whole number")
    if amount > MAX_AMOUNT:
        raise Refusal(f"amount {word!r} is too large; the most is {MAX_AMOUNT:,}")
    return amount


def amount_example(edition: Edition) -> str:
    """The amount a refusal shows as one to write at this table."""
    return "500k" if edition.money_style == "millions" else "50"


def read_amount(word: str, state: GameState) -> int:
    """An amount typed into a screen's box at this table: read as a line's amount is, and refused there when the
    edition's notes cannot make it (the rules refuse it too; the box says so before it closes)."""
    from .rules.checks import not_in_notes

    amount = parse_amount(word, state.edition.currency, amount_example(state.edition))
    if reason := not_in_notes(state, amount):
        raise Refusal(reason)
    return amount


SCALES = {"k": 1000, "K": 1000, "m": 1_000_000, "M": 1_000_000}
GROUPED = re.compile(r"\d{1,3}(?:,\d{3})+(?:\.\d+)?[kKmM]?", re.ASCII)
DECIMAL_COMMA = re.compile(r"(\d+),(\d+)([kKmM])", re.ASCII)


def _ungrouped(word: str, text: str, example: str) -> str:
    """`text` without its thousands commas (1,500, 12,345, 1,500,000): a comma anywhere else is refused, never
    dropped, so a decimal comma (2,5m) cannot move ten times the money."""
    if GROUPED.fullmatch(text):
        return text.replace(",", "")
    if found := DECIMAL_COMMA.fullmatch(text):
        whole, fraction, scale = found.groups()
        meant = word.strip()[: len(word.strip()) - len(text)] + f"{whole}.{fraction}{scale}"
        raise Refusal(f"{word.strip()} is not an amount; did you mean {meant}?")
    raise Refusal(f"{word.strip()} is not an amount: a comma only separates thousands, as in 1,500; "
                  f"write a whole number like {example}")


def _scaled(word: str, text: str) -> str:
    """Monopoly City's money, 500k, 2m, 3.5m (digits, at most one point, a digit after it), as whole digits;
    anything else is left as it is for `_whole_number` to say why it is not an amount. In whole numbers, not
    Decimal and a regular expression: the amount of every City line is read this way."""
    number, scale = text[:-1], SCALES[text[-1]]
    whole, point, fraction = number.partition(".")
    if not (_digits(whole) or whole == "") or not (_digits(fraction) or (not point and whole)):
        return text
    digits = 10 ** len(fraction)
    if int(fraction or 0) * scale % digits:
        raise Refusal(f"amount {word!r} is not a whole amount; write 500k, 2m or 3.5m")
    return str(int(whole or 0) * scale + int(fraction or 0) * scale // digits)


def _whole_number(word: str, text: str, example: str = "50") -> int:
    """`text` (the amount without its sign and separators) as a number, else why not. ASCII digits only: Python
    reads ٥٠ or ５００ as 50 and 500, which no one at the table could check against the notes in their hands."""
    if re.fullmatch(r"-(\d+|\d*\.?\d+[kKmM])", text, re.ASCII):  # -5, and City's -2m
        raise Refusal(f"amount {word!r} is negative; amounts are positive whole numbers (pay goes the other way)")
    if re.fullmatch(r"\d*\.\d+", text, re.ASCII):
        raise Refusal(f"amount {word!r} has a fraction; amounts are whole numbers like {example}")
    if any(ch.isdigit() and not ch.isascii() for ch in text):
        raise Refusal(f"{word!r} is not an amount: write its digits as 0-9, like {example}")
    raise Refusal(f"{word!r} is not an amount; write a whole number like {example}")


def _digits(text: str) -> bool:
    """Whole digits 0-9 (str.isdecimal also takes every other script's digits)."""
    return text.isascii() and text.isdecimal()


def _looks_like_amount(word: str) -> bool:
    """A word meant as money (2000, $2,000, 2m, -5), not a name: where a creditor may be left out."""
    return re.match(r"[-$£]?M?-?\.?\d", word.strip()) is not None


def draw_spin() -> str:
    """The trading unit's Build spin, drawn when the banker does not say what it showed.

    The draw happens here, in reading the line; the event stores the result, so a replay is the same.
    """
    return random.SystemRandom().choice(("1", "2", "3", "railroad"))


def parse_count(word: str, skyscrapers: bool = False) -> int:
    """A count of building levels: 1-5 (5 = hotel), 1-6 where a skyscraper stands on the hotel (Mega)."""
    if not re.fullmatch(r"[0-9]+", word):
        raise Refusal(f"{word!r} is not a count; write a whole number of buildings like 1")
    count = int(word)
    most = 6 if skyscrapers else 5
    if not 1 <= count <= most:
        levels = "5 = hotel, 6 = skyscraper" if skyscrapers else "5 = hotel"
        raise Refusal(f"count {word} is out of range; a deed takes 1 to {most} building levels ({levels})")
    return count
