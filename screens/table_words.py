"""The table's words for a refusal the core writes for the command language: where it names a line to type
(`sold`), the table's banker presses a key instead, so the app says the key."""

from __future__ import annotations

LINES_TO_KEYS = (
    ("bid on it or close it with `sold` first", "press a to return to it, then bid, or s to close it"),
)


def table_words(refusal: str) -> str:
    """The refusal as the table hears it (unchanged when it names no line to type)."""
    for line, key in LINES_TO_KEYS:
        refusal = refusal.replace(line, key)
    return refusal
