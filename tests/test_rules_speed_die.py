"""The Speed Die (issue 7): `--house-rule speed-die` on classic-us and classic-uk.

Rulebook: 002 = 002_8dafff28609b919a.txt (UK Classic, Winning Moves print; its first page is the Speed Die
variant). 000 = 000_0633d1fb819bfb08.txt (Mega, where the speed die is always in play).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import NewGame, cash, play, refused, roll_on

from banker import events as ev
from banker.errors import Refusal
from banker.game import Game
from banker.history import entries
from banker.rules.destinations import bus, mr_monopoly, space_at, white_dice_bus
from editions import load_edition

BOARDS = ["classic-us", "classic-uk"]
UTILITY = {"classic-us": ("Electric Company", "Water Works"), "classic-uk": ("Electric Company", "Water Works")}


@pytest.fixture(params=BOARDS)
def speedy(request: pytest.FixtureRequest, new_game: NewGame) -> Game:
    """A classic game (US or UK board) with the speed die."""
    return new_game(request.param, house_rules=("speed-die",))


def paid(game: Game, payer: str, line: str) -> int:
    before = cash(game, payer)
    play(game, line)
    return before - cash(game, payer)


def test_each_player_starts_with_1000_more(speedy: Game) -> None:
    # 002:9 "At the start of the game, each player takes an extra #1000"
    assert [cash(speedy, p) for p in speedy.state.players] == [2500, 2500, 2500]
    assert sum(speedy.state.accounts.values()) == 0


def test_the_extra_1000_is_its_own_ledger_leg(speedy: Game) -> None:
    # issue 7: "recorded in the ledger like any payment": the 1,500 and the 1,000 are separate legs
    started = speedy.timeline.events_of(1)[0] if speedy.timeline else None
    assert isinstance(started, ev.GameStarted) and started.house_rules == ("speed-die",)
    legs = [(t.payer, t.payee, t.amount) for t in started.transfers]
    players = speedy.state.players
    assert legs == [("bank", p, 1500) for p in players] + [("bank", p, 1000) for p in players]
    first = entries(speedy.records)[0]
    assert first.balances["Alice"] == 2500


def test_without_the_speed_die_the_start_is_the_classic_1500(new_game: NewGame) -> None:
    game = new_game("classic-uk")
    assert cash(game, "Alice") == 1500
    started = game.timeline.events_of(1)[0] if game.timeline else None
    assert isinstance(started, ev.GameStarted) and len(started.transfers) == 3


def test_utility_rent_uses_the_total_of_all_three_dice(speedy: Game) -> None:
    # 002:24 "Roll all 3 dice to determine the rent for a utility. The Bus and Mr. Monopoly count as zero."
    electric, water = UTILITY[speedy.state.edition.id]
    play(speedy, f'buy alice "{electric}"')
    outcome = play(speedy, f'rent bob "{electric}" 15')[0]
    assert cash(speedy, "Bob") == 2500 - 4 * 15
    assert outcome.summary.endswith("(three dice 15 × 4: one utility owned)")
    play(speedy, f'buy alice "{water}"')
    assert paid(speedy, "Bob", f'rent bob "{water}" 13') == 10 * 13  # 002:199 "multiply the result by 10"


def test_a_three_dice_total_runs_from_2_to_15(speedy: Game) -> None:
    # two white dice (2-12) plus the speed die's 1-3, or 0 for the Bus and Mr. Monopoly
    electric, _ = UTILITY[speedy.state.edition.id]
    play(speedy, f'buy alice "{electric}"')
    assert paid(speedy, "Bob", f'rent bob "{electric}" 2') == 8
    message = refused(speedy, f'rent bob "{electric}" 16')
    assert message == ("'16' is not a dice total here: three dice (the Bus and Mr. Monopoly count 0) make 2 to 15; "
                       "write the total, like 7")
    assert "2 to 15" in refused(speedy, f'rent bob "{electric}" 1')


def test_the_nearest_utility_card_takes_a_three_dice_total(speedy: Game) -> None:
    # the card's "throw dice and pay owner 10x the amount thrown" with the speed die's three dice
    electric, _ = UTILITY[speedy.state.edition.id]
    play(speedy, f'buy alice "{electric}"')
    card = next(c for c in speedy.state.edition.cards if c.effect == "advance_nearest" and c.kind == "utility")
    assert paid(speedy, "Bob", f'card bob {card.key} "{electric}" 14') == 10 * 14


@pytest.mark.parametrize("board", BOARDS)
def test_without_the_speed_die_15_is_refused_with_the_valid_range(new_game: NewGame, board: str) -> None:
    # two dice make 2 to 12: a total of 15 on a classic game is a typo, not a rent
    game = new_game(board)
    play(game, 'buy alice "electric company"')
    message = refused(game, 'rent bob "electric company" 15')
    assert message == "'15' is not a dice total here: two dice make 2 to 12; write the total, like 7"
    assert "2 to 12" in refused(game, 'rent bob "electric company" 13')
    assert paid(game, "Bob", 'rent bob "electric company" 12') == 4 * 12


def test_the_speed_die_house_rule_is_refused_on_mega(tmp_path: Path) -> None:
    # 000:51 Mega always rolls all three dice; the house rule would give the $1,000 twice over
    path = tmp_path / "mega.db"
    with pytest.raises(Refusal) as caught:
        Game.create(path, load_edition("mega"), ["Alice", "Bob"], ["speed-die"])
    assert str(caught.value) == ("Monopoly: The Mega Edition (US board) already plays with the speed die; "
                                 "leave out --house-rule speed-die")
    assert not path.exists(), "a refused game writes no file"


def test_mr_monopoly_moves_on_the_classic_board(speedy: Game) -> None:
    # 002:14 "advance to the next unowned property ... If there are no unowned properties left, advance
    # to the next property owned by another player and pay rent"
    state = speedy.state
    first_street = next(d for d in state.edition.deeds.values() if d.position == 1).name
    assert mr_monopoly(state, "Alice", space_at(state, "0")).first_line == first_street
    play(speedy, "collect bob 10000")
    for deed in state.edition.deeds:
        play(speedy, f'buy bob "{deed}"')
    move = mr_monopoly(speedy.state, "Alice", space_at(speedy.state, "39"))
    assert move.first_line == first_street and move.passes_go
    assert mr_monopoly(speedy.state, "Bob", space_at(speedy.state, "0")).first_line == "stay"


def test_the_classic_bus_moves_by_the_white_dice_not_to_a_chance_or_chest(speedy: Game) -> None:
    # 002:13 "move the value of one or both of the white dice" (Mega's nearest Chance/Community Chest is 000:58)
    state = speedy.state
    move = bus(state, "Alice", space_at(state, "0"))
    assert move.target is None and "one or both white dice" in move.reason
    choices = white_dice_bus(state, space_at(state, "37"), (1, 5))
    assert [(count, m.target.position if m.target else None, m.passes_go) for count, m in choices] == [
        (1, 38, False), (5, 2, True), (6, 3, True)]


@pytest.mark.parametrize("edition", ["sore-losers", "city"])
def test_the_speed_die_is_not_added_to_sore_losers_or_city(tmp_path: Path, edition: str) -> None:
    """002 is written for the classic board: Sore Losers has its own Mr. Monopoly, City plays in M with the
    trading unit; their files say speed_die_house_rule = false and the game is not created."""
    with pytest.raises(Refusal, match="is not played with the speed die.*leave out --house-rule speed-die"):
        Game.create(tmp_path / "game.db", load_edition(edition), ("Alice", "Bob"), ("speed-die",))
    assert not (tmp_path / "game.db").exists()
    assert load_edition("classic-uk").speed_die_house_rule and not load_edition(edition).speed_die_house_rule


# -- a speed die the rules leave out is ignored, not refused (issue 36) ------------------------------


def rolled(game: Game) -> list[ev.Event]:
    """The events of the last action."""
    assert game.timeline is not None
    latest = game.timeline.latest()
    assert latest is not None
    return list(game.timeline.events_of(latest))


@pytest.mark.parametrize("board", BOARDS)
def test_the_speed_die_before_passing_go_for_the_first_time_is_ignored(new_game: NewGame, board: str) -> None:
    # 002:10 "Do not use the Speed Die until you pass GO for the first time": the table rolled it, the rules leave
    # it out, so the roll is taken on the white dice and says why
    game = new_game(board, ("speed-die", "follow-tokens"))
    outcome = play(game, "roll alice 3 4 2")[0]
    assert game.state.position("Alice") == 7 and game.state_json()["roll"] == "Bob"
    assert "the speed die is not used before Alice has passed GO (002:10): ignored (it showed 2)" in outcome.summary
    events = rolled(game)
    assert events[:2] == [ev.DiceRolled("Alice", (3, 4)),
                          ev.SpeedDieIgnored("Alice", "2", "the speed die is not used before Alice has passed GO "
                                                                "(002:10)")]


@pytest.mark.parametrize("face", ["mr", "bus"])
def test_a_mr_monopoly_or_bus_before_passing_go_moves_nobody_on(new_game: NewGame, face: str) -> None:
    # 002:10: the face is not used at all, so neither its move nor a utility's three-dice total follows
    game = new_game("classic-us", ("speed-die", "follow-tokens"))
    play(game, f"roll alice 1 5 {face} 1" if face == "bus" else f"roll alice 1 5 {face}")
    assert game.state.position("Alice") == 6  # Oriental Avenue's sale waits, and no speed-die move after it
    assert [w.kind for w in game.state.waiting] == ["buy-or-auction"]
    assert not any(e.speed for e in rolled(game) if isinstance(e, ev.DiceRolled))


def test_the_speed_die_in_jail_is_ignored_on_mega(new_game: NewGame) -> None:
    # 000:62 "While in JAIL, roll only the two white dice": a third die typed is left out, the roll is the white dice
    mega = new_game("mega", ("follow-tokens",))
    roll_on(mega, "jail alice", "roll bob 1 2 1", "roll carol 1 2 1")
    jail = mega.state.position("Alice")
    outcome = play(mega, "roll alice 2 2 bus ticket")[0]  # the white dice are doubles: out of jail, on by 4
    assert "the speed die is not used while Alice is in jail (000:62): ignored (it showed the Bus)" in outcome.summary
    assert "Alice" not in mega.state.in_jail and mega.state.position("Alice") == jail + 4
    assert mega.state.count("bus_ticket", "Alice") == 0, "the Bus face is not used: no ticket"


def test_a_missing_speed_die_is_still_refused_once_it_is_used(new_game: NewGame) -> None:
    # 002:10-11 after GO the speed die is rolled with the white dice: leaving it out is refused, not guessed
    game = new_game("classic-us", ("speed-die", "follow-tokens"))
    roll_on(game, "move alice 38 fix", "roll alice 1 2", "roll bob 1 2", "roll carol 1 2")
    assert "rolls the speed die too" in refused(game, "roll alice 1 2")
