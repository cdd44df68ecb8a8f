"""What the table waits for ends once nothing could answer it (issue 36, "never a stuck table"), found by random play.

A card to draw is drawn where the token stands: once the player has gone to jail (the banker's `jail`, as for a
"Go to Jail" card typed as such), the card waiting on the space he left has no line that answers it. Mr. Monopoly on
Go To Jail sends another player there (001:31, "he sends another player to Jail instead"); once every other player
is bankrupt there is nobody to send. Each wait is dropped by the fold (banker.fold_waits.still_answerable), and the
waiting check of random play (tests/waiting_checks.unanswerable) finds nothing left unanswered.

Rulebook 001 = Sore Losers, line 31; 004 = Monopoly City.
"""

from __future__ import annotations

from conftest import NewGame, play

from banker.waits import Wait
from tests.waiting_checks import unanswerable


def test_a_card_to_draw_ends_when_its_player_goes_to_jail(new_game: NewGame) -> None:
    game = new_game("city", ("follow-tokens",), ("Ann", "Ben"))
    play(game, "roll ann 1 1")  # doubles onto Chance (position 2): the card waits
    assert Wait("Ann", "card", "Chance", "chance") in game.state.waiting
    play(game, "jail ann")
    assert not [w for w in game.state.waiting if w.kind == "card"]
    assert unanswerable(game.state) == []


def test_mr_monopolys_jail_send_ends_when_nobody_is_left_to_send(new_game: NewGame) -> None:
    game = new_game("sore-losers", ("follow-tokens",), ("Alice", "Bob", "Carol"))
    play(game, "coin alice", "coin alice", "cashin alice", "move alice 24 fix", "roll alice 2 4")  # Go To Jail (30)
    assert any(w.kind == "jail-send" for w in game.state.waiting)
    play(game, "bankrupt carol bob 99999")
    assert any(w.kind == "jail-send" for w in game.state.waiting)  # Bob is still there to send
    play(game, "bankrupt bob alice 99999")
    assert not [w for w in game.state.waiting if w.kind == "jail-send"]
    assert unanswerable(game.state) == []


def test_mr_monopolys_trap_ends_when_the_player_on_his_space_goes_bankrupt(new_game: NewGame) -> None:
    """001:33: he traps a player on the space he lands on; once that player is out of the game nobody is left there
    to trap (found by the exploration run, seed 1929978147)."""
    game = new_game("sore-losers", ("follow-tokens",), ("Alice", "Bob", "Carol"))
    play(game, "move alice 7 fix", "roll alice 1 2")  # Alice just visiting (10)
    play(game, "coin bob", "coin bob", "cashin bob", "move bob 7 fix", "roll bob 1 2")  # Mr. Monopoly lands on her
    assert any(w.kind == "trap" for w in game.state.waiting)
    play(game, "bankrupt alice bob 99999")
    assert not [w for w in game.state.waiting if w.kind == "trap"]
    assert unanswerable(game.state) == []
