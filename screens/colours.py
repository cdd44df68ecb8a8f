"""The colours of the table: colour groups as printed on the deeds, and the players' tokens."""

from __future__ import annotations

GROUP_COLOURS = {
    "brown": "#955436",
    "light_blue": "#aae0fa",
    "pink": "#d93a96",
    "orange": "#f7941d",
    "red": "#ed1b24",
    "yellow": "#fef200",
    "green": "#1fb25a",
    "dark_blue": "#0072bb",
    "railroad": "#c0c0c0",
    "utility": "#808080",
}

TOKEN_STYLES = {
    "red": "#ff5555",
    "blue": "#5f87ff",
    "green": "#5fd75f",
    "yellow": "#ffd75f",
    "magenta": "#ff5fff",
    "cyan": "#5fffff",
    "white": "#eeeeee",
    "orange": "#ff8c00",
}


def group_style(group: str) -> str:
    """A Rich colour for a colour group; an edition's own group names fall back to grey."""
    return GROUP_COLOURS.get(group, "#a0a0a0")


def token_style(colour: str) -> str:
    return TOKEN_STYLES.get(colour, colour)
