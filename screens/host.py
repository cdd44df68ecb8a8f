"""What the screens use of the app, as a protocol: a screen reaches the app through it, never by importing
screens/app.py (which opens those screens, so the import would go round in a circle; issue 28).

For the type checker only: at run time `self.banker` is the app itself (`screens.app.BankerApp`).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from banker import commands as c
    from banker.game import Game, Outcome
    from screens.auction_clock import AuctionCountdowns


class BankerHost(Protocol):
    """The app as the screens see it: the open game, whose turn it is, and the one way to act on the ledger."""

    game: Game | None
    colours: dict[str, str]
    countdowns: AuctionCountdowns
    fresh_turn: str

    @property
    def games_folder(self) -> Path: ...

    @property
    def current_player(self) -> str: ...

    @property
    def turn_player(self) -> str: ...

    def next_player(self) -> str: ...

    def new_game(self, path: Path | None = None) -> None: ...

    def open_game(self, path: Path) -> bool: ...

    def start_game(self, game: Game, colours: dict[str, str] | None = None) -> None: ...

    def act(self, command: c.Command | str, quiet: bool = False) -> Outcome | None: ...

    def pay_or_raise(self, command: c.Command) -> bool | None: ...

    def show_state(self) -> None: ...

    def show_open_auction(self) -> None: ...

    def freeze_heap(self) -> None: ...

    def collect_when_idle(self) -> None: ...
