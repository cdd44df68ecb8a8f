"""Points per place, the league's own setting (chosen when the league is made). Pure: no database here."""

from __future__ import annotations

from collections.abc import Sequence

FAMILY = "4,2,1,0"  # the family default: 4 for the winner, 2, 1, then nothing
SCHEMES = {
    "family": FAMILY,
    # monopolytourney.com/rules ranks a table 1 (the winner) to the highest number (the last); as points that
    # grow with the place: one point for each player placed below you (a four-player table: 3, 2, 1, 0)
    "tournament": "tournament",
}


def scheme_refusal(setting: str) -> str | None:
    """Why a points setting cannot be used, or None."""
    if setting in SCHEMES.values() or setting in SCHEMES:
        return None
    parts = setting.split(",")
    if not all(p.strip().isdigit() for p in parts) or not parts:
        return (f"{setting!r} is not a points setting; write family ({FAMILY}), tournament (one point per player "
                "placed below), or the points per place, e.g. 5,3,2,1")
    return None


def normal(setting: str) -> str:
    """The setting as stored: a list of points, or "tournament"."""
    return SCHEMES.get(setting, setting.replace(" ", ""))


def for_place(setting: str, place: int, players: int) -> int:
    if normal(setting) == "tournament":
        return max(players - place, 0)
    table = [int(p) for p in normal(setting).split(",")]
    return table[place - 1] if place <= len(table) else 0


def points(setting: str, places: Sequence[int]) -> list[float]:
    """Each player's points from their place. Players sharing a place share the points of the places they cover
    (two tied for first in 4,2,1,0: 3 each), so a tie never gives the table more points than no tie."""
    players = len(places)
    out: list[float] = []
    for place in places:
        sharing = places.count(place)
        covered = [for_place(setting, p, players) for p in range(place, place + sharing)]
        out.append(round(sum(covered) / sharing, 2))
    return out
