"""The table's words for a refusal the core writes for the command language: where it names a line to type
(`sold`), the table's banker presses a key instead, so the app says the key."""

from __future__ import annotations

import re

LINES_TO_KEYS = (
    ("bid on it or close it with `sold` first", "press a to return to it, then bid, or s to close it"),
)


# a roll's line, as the core writes it for the command language, and the dice the table types instead
SPEED_ROLL = re.compile(r"roll .+? ([1-6]) ([1-6]) <1\|2\|3\|bus\|mr>")
ROLL = re.compile(r"roll .+? ([1-6]) ([1-6])\b(?! <)")
ANY_ROLL = re.compile(r"roll .+? <die> <die>")


def table_words(refusal: str) -> str:
    """The refusal as the table hears it (unchanged when it names no line to type)."""
    for line, key in LINES_TO_KEYS:
        refusal = refusal.replace(line, key)
    refusal = SPEED_ROLL.sub(lambda m: "type the speed die after the dice: " + ", ".join(
        f"{m[1]}{m[2]}{face}" for face in ("1", "2", "3", "bus")) + f" or {m[1]}{m[2]}mr", refusal)
    refusal = ROLL.sub(lambda m: f"type {m[1]}{m[2]}", refusal)
    refusal = ANY_ROLL.sub("type the two dice, like 34", refusal)
    return refusal
