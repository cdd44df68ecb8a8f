"""The events of a game that follows the tokens: the dice, the moves, whose roll it is, and what the table
waits for before the next roll (a decision, a debt)."""

from __future__ import annotations

from .events_base import Event, frozen

# -- tokens followed from the dice (a game with `--follow-tokens`) -------------


@frozen
class DiceRolled(Event):
    """The dice as the table rolled them; `speed` is the speed die's face ("1"-"3", "bus", "mr") or ""."""

    player: str
    dice: tuple[int, ...]
    speed: str = ""


@frozen
class SpeedDieIgnored(Event):
    """A speed die typed with a roll the rules take on the white dice alone (002:10 before the player first passes
    GO, 000:62 in jail): the roll is its `DiceRolled` of the white dice; this records the face left out, and why."""

    player: str
    face: str
    why: str


@frozen
class TokenMoved(Event):
    """A token goes to a board index; `how`: the roll, a card, a bus ride, or a correction (no money)."""

    player: str
    position: int
    space: str  # the space's name, so the ledger reads without the board
    how: str
    passed_go: bool = False
    placed: bool = False  # a correction that leaves the space's landing to the banker's own lines (rent, card...)


@frozen
class RollPassed(Event):
    """Whose roll it is now, and the doubles already rolled in that turn (doubles keep the turn)."""

    player: str
    doubles: int = 0
    anywhere: str = ""  # triples: this player moves to any space next (000, 002)


@frozen
class JailRollFailed(Event):
    """A roll in jail without doubles: the third one pays the fine and moves (003)."""

    player: str


# -- what the table waits for before the next roll ---------------------------


@frozen
class DecisionAwaited(Event):
    """A landing left a decision to the table (see `state.Wait`); the event that makes it settles it (fold)."""

    player: str
    kind: str
    space: str
    detail: str = ""


@frozen
class LandingNoted(Event):
    """A landing where nothing is due or to decide, said in the roll's line ("Ann's own Boardwalk: nothing to pay")."""

    player: str
    space: str
    note: str


@frozen
class DebtRecorded(Event):
    """A payment the player could not make from cash, its amount fixed now; nobody is overdrawn (no legs)."""

    player: str
    creditor: str
    amount: int
    why: str


@frozen
class DebtSettled(Event):
    """A recorded debt paid in full (`settle`): its one money leg."""

    player: str
    creditor: str
    amount: int
    why: str
