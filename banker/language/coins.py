"""The Sore Losers verbs (rulebook 001): coins, Mr. Monopoly, his traps and free houses, the final rent round."""

from __future__ import annotations

from .. import commands as c
from .words import Words


class CoinVerbs(Words):
    """coin, cashin, trap, release, place, final."""

    def _coin(self, args: list[str]) -> c.Command:
        self._need("coin", args, 1, 1)
        return c.TakeCoin(self.player(args[0]))

    def _cashin(self, args: list[str]) -> c.Command:
        self._need("cashin", args, 1, 1)
        return c.CashIn(self.player(args[0]))

    def _trap(self, args: list[str]) -> c.Command:
        self._need("trap", args, 2, 3)
        return c.Trap(self.player(args[0]), self.player(args[1]), self.deed(args[2]) if len(args) == 3 else "")

    def _release(self, args: list[str]) -> c.Command:
        self._need("release", args, 1, 1)
        return c.Release(self.player(args[0]))

    def _place(self, args: list[str]) -> c.Command:
        self._need("place", args, 1, 1)
        return c.PlaceFreeHouse("" if args[0].lower() == "none" else self.deed(args[0]))

    def _final(self, args: list[str]) -> c.Command:
        self._need("final", args, 0, 0)
        return c.FinalRound()
