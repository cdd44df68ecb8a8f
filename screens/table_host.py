"""What a flow mixed into the table screen uses of it: its game, its app, a toast, a dialog to ask, a payment.

Declared once for every flow (`TableFlows`, `DeedFlows`, the districts' and the coins' flows), for the type
checker only: at run time each of these is the table screen's own (or `TableFlows`').
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from banker.game import Game

if TYPE_CHECKING:
    from textual.screen import Screen

    from banker import commands as c
    from screens.board_list import BoardList
    from screens.host import BankerHost


class OnTheTable:
    """The table screen as its flows see it."""

    game: Game

    if TYPE_CHECKING:
        @property
        def banker(self) -> BankerHost: ...

        @property
        def app(self) -> Any: ...

        @property
        def board(self) -> BoardList: ...

        def notify(self, message: str, **kwargs: Any) -> None: ...

        async def ask(self, screen: Screen[Any]) -> Any: ...

        async def pay(self, command: c.Command) -> bool: ...
