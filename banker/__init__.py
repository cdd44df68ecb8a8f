"""Banker: the headless core (events, ledger, fold, rules, command language, CLI).

Never imports Textual; the screens build on this package, not the other way round.
`Game` and `Outcome` load the whole core (the rules, the command language) on first use,
so a command that needs less of it, such as `verify`, starts without them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .errors import Refusal

if TYPE_CHECKING:
    from .game import Game, Outcome

__all__ = ["Game", "Outcome", "Refusal"]


def __getattr__(name: str) -> Any:
    if name in ("Game", "Outcome"):
        from . import game

        return getattr(game, name)
    raise AttributeError(f"module 'banker' has no attribute {name!r}")
