"""An action's new state shares with the state before it every part its events do not change (`fold.CHANGES`):
the state before must come out of the action exactly as it went in, whatever the action was.

A wrong entry in CHANGES (an event said to change less than it does) would change the state before, which the
undo history, a notice and the app still read. The random play checks this after every accepted line; these
tests name the events CHANGES lists, one edition at a time.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from banker import commands as c
from banker import events as ev
from banker.fold import APPLY, CHANGES, changed_parts
from banker.game import Game
from tests.conftest import NewGame
from tests.ledger_checks import full_state

LINES = {
    "classic-us": ["pay alice 10 bob", "go bob", "buy carol boardwalk", "buy carol park", "rent alice board",
                   "mortgage carol park", "unmortgage carol park", "trade carol bob give park get $10",
                   "collect alice 25", "pay alice 1400", "card alice chairman", "collect alice 100",
                   "settle alice"],
    "mega": ["buy carol reading", "depot carol reading", "ticket alice", "trade alice bob give ticket get $10",
             "sell carol reading"],
    "sore-losers": ["buy carol boardwalk", "rent alice board", "trade alice carol give coin get $10", "coin bob",
                    "coin bob", "cashin bob", "trap bob alice"],
    "city": ["clock 60", "buy carol fortune", "spin alice 2", "parking bob", "dodge bob fortune",
             "mortgage carol fortune", "unmortgage carol fortune", "pay bob 2m"],
}


FOLLOWED = ["jail bob", "roll alice 1 2", "buy alice baltic", "roll bob 1 2"]  # a landing that waits (issue 25),
# then a roll in jail


def played(game: Game, lines: list[str | c.Command]) -> set[type[ev.Event]]:
    """Plays the lines, each checked to leave the state before it as it was; the kinds of events they made."""
    made: set[type[ev.Event]] = set()
    for line in lines:
        before = game.state
        kept = full_state(before)
        outcome = game.do(line) if isinstance(line, str) else game.execute(line)
        assert full_state(before) == kept, f"{line!r} changed the state before it"
        assert full_state(game.state) != kept
        made.update(type(event) for event in outcome.events)
    return made


@pytest.mark.parametrize("edition", sorted(LINES))
def test_an_action_leaves_the_state_before_it_as_it_was(new_game: NewGame, edition: str) -> None:
    made = played(new_game(edition), LINES[edition])
    assert made & CHANGES.keys(), "the lines made none of the events whose state is shared"


def test_the_lines_make_every_event_that_changes_more_than_money(new_game: NewGame) -> None:
    """An event whose whole effect is its money legs changes the accounts only, which every copy owns: those
    are left to the random play, with the two that need a whole game played first."""
    made: set[type[ev.Event]] = set()
    for edition, lines in LINES.items():
        made |= played(new_game(edition), lines)
    made |= played(new_game("classic-us", ("follow-tokens",)), FOLLOWED)
    now = datetime.now(UTC).isoformat(timespec="seconds")
    made |= played(new_game("classic-us"), [c.SetTimeLimit(90, now), "last", "end"])  # a tournament's end (issue 39)
    untried = {kind.__name__ for kind in CHANGES if APPLY[kind] is not APPLY[ev.CashPaid]} - {k.__name__ for k in made}
    assert untried == {"DeedReturnedToBank", "FinalRoundPlayed"}


def test_an_event_not_listed_copies_the_whole_state() -> None:
    paid = ev.CashPaid("pay", transfers=(ev.Transfer("Alice", "Bob", 10),))
    assert changed_parts([paid]) == frozenset()
    assert changed_parts([paid, ev.DeedBought("Alice", "Boardwalk")]) == {"deeds"}
    assert changed_parts([paid, ev.AuctionOpened("Boardwalk")]) is None
