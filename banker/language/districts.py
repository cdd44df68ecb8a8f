"""The Monopoly City verbs (rulebook 004): the Build spin, blocks, railroads, planning permission, stadiums,
skyscrapers, the Monopoly Tower and the Rent Dodge card."""

from __future__ import annotations

import re

from .. import commands as c
from ..amounts import draw_spin
from ..errors import Refusal
from ..names import match, squash
from .words import USAGE, Words


class DistrictVerbs(Words):
    """build (blocks), spin, railroad, hazard, bonus, clear, stadium, skyscraper, tower, dodge."""

    def _build_blocks(self, args: list[str]) -> c.Command:
        """City: build <player> <district> residential|industrial [count]."""
        usage = "build <player> <district> residential|industrial [count]"
        if not 3 <= len(args) <= 4:
            raise Refusal(f"build takes 3-4 words here: {usage}")
        kind = match(args[2], ("residential", "industrial"), "block kind")
        count = 1
        if len(args) == 4:
            if not re.fullmatch(r"[0-9]+", args[3]) or not 1 <= int(args[3]) <= self.edition.max_blocks:
                raise Refusal(f"{args[3]!r} is not a block count; write 1 to {self.edition.max_blocks}")
            count = int(args[3])
        return c.BuildBlocks(self.player(args[0]), self.deed(args[1]), kind, count)

    def _spin(self, args: list[str]) -> c.Command:
        self._need("spin", args, 1, 3)
        words = [squash(w) for w in args[1:]]
        again = "again" in words
        rest = [w for w in words if w != "again"]
        if len(rest) > 1:
            raise Refusal(f"spin takes one result: {USAGE['spin']}")
        result = rest[0] if rest else draw_spin()
        if result not in ("1", "2", "3", "railroad"):
            bad = next(w for w in args[1:] if squash(w) == result)
            raise Refusal(f"{bad!r} is not a Build result; write 1, 2, 3 or railroad (or leave it out)")
        return c.SpinBuild(self.player(args[0]), result, again)

    def _railroad(self, args: list[str]) -> c.Command:
        return c.PlaceRailroad(*self._player_deed("railroad", args))

    def _planning(self, verb: str, args: list[str]) -> c.Command:
        self._need(verb, args, 3, 3)
        names = self.edition.hazards if verb == "hazard" else self.edition.bonuses
        if not names:
            raise Refusal(f"{self.edition.name} has no planning permission; that is Monopoly City")
        return c.BuildPlanning(self.player(args[0]), self.deed(args[1]), verb, match(args[2], names, verb))

    def _hazard(self, args: list[str]) -> c.Command:
        return self._planning("hazard", args)

    def _bonus(self, args: list[str]) -> c.Command:
        return self._planning("bonus", args)

    def _clear(self, args: list[str]) -> c.Command:
        return c.ClearHazard(*self._player_deed("clear", args))

    def _stadium(self, args: list[str]) -> c.Command:
        return c.BuildStadium(*self._player_deed("stadium", args))

    def _skyscraper(self, args: list[str]) -> c.Command:
        return c.BuildSkyscraper(*self._player_deed("skyscraper", args))

    def _tower(self, args: list[str]) -> c.Command:
        return c.BuildTower(*self._player_deed("tower", args))

    def _dodge(self, args: list[str]) -> c.Command:
        return c.DodgeRent(*self._player_deed("dodge", args))
