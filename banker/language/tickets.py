"""The bus ticket verbs (Mega, rulebook 002): take one, ride one, the Birthday Gift's choice."""

from __future__ import annotations

from .. import commands as c
from ..errors import Refusal
from ..names import squash
from .words import Words


class TicketVerbs(Words):
    """ticket, ride, gift."""

    def _ticket(self, args: list[str]) -> c.Command:
        self._need("ticket", args, 1, 2)
        if len(args) == 2 and squash(args[1]) not in ("expire", "expires", "allticketsexpire"):
            raise Refusal(f"{args[1]!r}: write `ticket <player>` or `ticket <player> expire`")
        return c.TakeTicket(self.player(args[0]), expire=len(args) == 2)

    def _ride(self, args: list[str]) -> c.Command:
        self._need("ride", args, 1, 1)
        return c.Ride(self.player(args[0]))

    def _gift(self, args: list[str]) -> c.Command:
        self._need("gift", args, 1, 2)
        if len(args) == 2 and self.holding_word(args[1]) != "bus_ticket":
            raise Refusal(f"{args[1]!r}: write `gift <player>` for the cash or `gift <player> ticket`")
        return c.BirthdayGift(self.player(args[0]), ticket=len(args) == 2)
