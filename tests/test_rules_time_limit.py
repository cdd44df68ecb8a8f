"""A game with a time limit, as tournaments play it (`banker new --time-limit MIN`).

Hasbro's tournament rules (docs/places.md): "Preliminary rounds will be timed to approximately 90 minutes ...
(Judges are responsible to announce 'last turn.') Each player will get an equal number of turns." So when the time
is up the round going on is the last; a game that follows the tokens ends when the roll is back with the first
player, and in a game whose tokens are not followed the banker says so (`end`).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import NewGame, play, refused, roll_on

from banker import commands as c
from banker.game import Game
from banker.snapshots import state_from_json, state_to_json

LONG_AGO = "2000-01-01T00:00:00+00:00"  # a time limit set then has run out
TO_VISITING = "4 6"  # GO to Just Visiting, Just Visiting to Free Parking: nothing waits after either roll


def ran_out(game: Game, minutes: int = 90) -> None:
    game.execute(c.SetTimeLimit(minutes, LONG_AGO))


def test_the_time_running_out_calls_the_last_round_and_the_round_is_finished(new_game: NewGame) -> None:
    """Ann rolled before the time ran out: Bob and Carol still roll, then the game ends with the roll back at Ann."""
    game = new_game(house_rules=["follow-tokens"])
    play(game, f"roll alice {TO_VISITING}")
    ran_out(game)
    assert game.state_json()["last_round"] is True and game.state.last_round is False  # written with the next action
    outcome = play(game, f"roll bob {TO_VISITING}")[0]
    assert "last round: the time limit ran out" in outcome.summary.splitlines()[0]
    assert game.state.last_round and not game.state.game_over
    play(game, f"roll carol {TO_VISITING}")
    assert game.state.game_over
    body = game.state_json()
    assert body["last_round"] is True and body["game_over"] is True and body["time_limit"]["minutes"] == 90
    assert refused(game, f"roll alice {TO_VISITING}") == "the last round is over and the game has ended; see `score`"


def test_doubles_in_the_last_round_are_still_played(new_game: NewGame) -> None:
    """003 "If you roll doubles ... roll again": the round is over only when the last player's turn is."""
    game = new_game(house_rules=["follow-tokens"])
    play(game, f"roll alice {TO_VISITING}", f"roll bob {TO_VISITING}")
    ran_out(game)
    roll_on(game, "roll carol 1 1")  # Electric Company, auctioned unsold: doubles keep the roll
    assert game.state.last_round and game.state.whose_roll == "Carol" and not game.state.game_over
    roll_on(game, "roll carol 1 2")
    assert game.state.whose_roll == "Alice" and game.state.game_over


def test_time_up_between_rounds_ends_the_game_at_once(new_game: NewGame) -> None:
    """Every player has had the same number of turns already: no roll more."""
    game = new_game(house_rules=["follow-tokens"])
    play(game, f"roll alice {TO_VISITING}", f"roll bob {TO_VISITING}", f"roll carol {TO_VISITING}")
    ran_out(game)
    play(game, "last")
    assert game.state.game_over
    assert "game has ended" in refused(game, f"roll alice {TO_VISITING}")


def test_a_game_without_followed_tokens_ends_when_the_banker_says(new_game: NewGame) -> None:
    game = new_game()
    ran_out(game)
    outcome = play(game, "pay alice 10")[0]
    assert outcome.summary.splitlines() == [
        "last round: the time limit ran out; the game ends when it is over", "Alice pays bank $10 (pay)"]
    assert game.state.last_round and not game.state.game_over
    play(game, "buy bob boardwalk", "end")
    assert game.state.game_over and game.state_json()["game_over"] is True
    assert refused(game, "end") == "the game is over already; see `score`"


def test_a_refused_line_after_the_time_ran_out_writes_nothing(new_game: NewGame) -> None:
    game = new_game()
    ran_out(game)
    head = game.head
    with pytest.raises(Exception, match="not an amount"):
        game.do("pay alice lots")
    assert game.head == head and not game.state.last_round


def test_undo_takes_the_call_back_alone_and_never_calls_it_again_by_itself(new_game: NewGame) -> None:
    game = new_game()
    play(game, "pay alice 10")
    ran_out(game)
    play(game, "pay bob 20")
    play(game, "undo")  # Bob's payment
    assert game.state.cash("Bob") == 1500 and game.state.last_round
    play(game, "undo")  # the call
    assert not game.state.last_round
    play(game, "undo")  # the time limit: no call in between
    assert game.state.time_limit is None and game.state.cash("Alice") == 1490


@pytest.mark.parametrize(("setup", "line", "message"), [
    (False, "last", "this game has no time limit, so no last round; its end is the rulebook's (see `score`)"),
    (False, "end", "this game has no time limit; it ends by the rulebook (the last one standing; see `score`)"),
    (True, "last last", "last takes no other words: last  (a game with a time limit: call the last round now; "
                        "Banker calls it when the time runs out)"),
])
def test_refusals(new_game: NewGame, setup: bool, line: str, message: str) -> None:
    game = new_game()
    if setup:
        game.execute(c.SetTimeLimit(90, "2999-01-01T00:00:00+00:00"))
    assert refused(game, line) == message


def test_end_before_the_last_round_and_in_a_followed_game_are_refused(new_game: NewGame) -> None:
    plain = new_game()
    plain.execute(c.SetTimeLimit(90, "2999-01-01T00:00:00+00:00"))
    assert "the last round has not been called yet" in refused(plain, "end")
    followed = new_game(house_rules=["follow-tokens"])
    play(followed, f"roll alice {TO_VISITING}")
    ran_out(followed)
    play(followed, "last")
    assert refused(followed, "end") == ("Banker follows the tokens here: the game ends by itself when the roll is "
                                        "back with Alice; it is Bob's roll")


def test_the_time_limit_and_the_last_round_survive_a_stored_snapshot(new_game: NewGame) -> None:
    game = new_game()
    ran_out(game)
    play(game, "last", "end")
    again = state_from_json(json.loads(json.dumps(state_to_json(game.state))), game.state.edition)
    assert (again.time_limit, again.last_round, again.ended) == (game.state.time_limit, True, True)


def banker(*args: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "banker", *map(str, args)], capture_output=True, text=True,
                          timeout=60)


@pytest.mark.parametrize("edition", ["classic-us", "classic-uk", "mega", "sore-losers", "city"])
def test_new_with_a_time_limit_on_every_edition(tmp_path: Path, edition: str) -> None:
    path = tmp_path / "GAME.db"
    made = banker("new", path, "--edition", edition, "--players", "Ann,Bob,Cat", "--time-limit", "90")
    assert made.returncode == 0 and "time limit 90 minutes then the last round" in made.stdout
    body = json.loads(banker("state", path, "--json").stdout)
    assert body["time_limit"]["minutes"] == 90 and body["last_round"] is False and body["game_over"] is False
    if edition == "city":
        assert body["clock"] is None  # City's own clock stays City's


def test_a_time_limit_out_of_range_is_refused_and_leaves_no_file(tmp_path: Path) -> None:
    path = tmp_path / "GAME.db"
    made = banker("new", path, "--players", "Ann,Bob", "--time-limit", "5000")
    assert made.returncode == 1 and "a time limit is 1 to 1440 minutes" in made.stderr
    assert not path.exists()
