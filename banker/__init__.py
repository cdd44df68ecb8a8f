"""Banker: the headless core (events, ledger, fold, rules, command language, CLI).

Never imports Textual; the screens build on this package, not the other way round.
"""

from .errors import Refusal
from .game import Game, Outcome

__all__ = ["Game", "Outcome", "Refusal"]
