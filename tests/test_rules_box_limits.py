"""Each box's own limits at a followed table (issue 35, "Each box's limits").

Rulebooks: 000 = 000_0633d1fb819bfb08.txt (Mega: line 94 "BIRTHDAY GIFT If you land here collect $100 from the Bank,
or draw a Bus Ticket ... Your choice."), 004 = 004_1adba3e159bf5a4c.txt (City: line 155 "You can press the Build
button once per turn", line 83 "If you rolled a double, take another turn ... (you can build on every roll)", line 234
"When you land on a PLANNING PERMISSION space, you must" build a bonus building or a hazard).
"""

from __future__ import annotations

from conftest import NewGame, cash, play, refused, roll_on

FOLLOW = ("follow-tokens",)


def test_the_birthday_gift_pays_the_cash_by_itself_when_no_bus_ticket_is_left(new_game: NewGame) -> None:
    # 000:94: the choice is the cash or a ticket; with no ticket left there is no choice to wait for
    game = new_game("mega", FOLLOW)
    play(game, *["ticket bob"] * 16, "move alice 43 fix")
    before = cash(game, "Alice")
    play(game, "roll alice 1 2 1")
    assert game.state.position("Alice") == 47 and cash(game, "Alice") == before + 100
    assert game.state_json()["waiting"] == []


def test_the_birthday_gift_waits_while_a_ticket_is_left(new_game: NewGame) -> None:
    game = new_game("mega", FOLLOW)
    play(game, "move alice 43 fix", "roll alice 1 2 1")
    assert [(w.kind, w.detail) for w in game.state.waiting] == [("choice", "gift")]


def test_a_hazard_needs_the_player_on_planning_permission(new_game: NewGame) -> None:
    # 004:234: planning permission is what landing on its space gives
    game = new_game("city", FOLLOW)
    play(game, "buy alice 'central quay'")
    message = refused(game, 'hazard bob "Central Quay" power')
    assert message.startswith("Bob's token is on GO, not on Planning Permission") and "(004:234)" in message
    play(game, "roll alice 2 3")  # Alice lands on Planning Permission (5)
    play(game, 'bonus alice "Central Quay" park')
    assert game.state.deeds["Central Quay"].bonus


def test_the_build_button_is_pressed_once_per_turn(new_game: NewGame) -> None:
    # 004:155 "You can press the Build button once per turn": at a followed table Banker knows the turns
    game = new_game("city", FOLLOW)
    play(game, "roll alice 1 2", "auction stoneside", "sold", "spin alice 1")  # Alice's turn: no doubles
    for line in ("spin alice 2", "spin alice 2 again"):  # `again` is a plain table's word for a new turn
        message = refused(game, line)
        assert message.startswith("Alice pressed Build once this turn already") and "(004:155)" in message
    play(game, "roll bob 2 2", "spin bob 3", "roll bob 1 3")  # Bob: doubles, then his next roll
    play(game, "auction bayview", "sold", "spin bob 1")  # doubles: another turn (004:83)
    assert refused(game, "spin bob 1").startswith("Bob pressed Build once this turn already")
    play(game, "roll carol 1 2", "auction stoneside", "sold", "roll alice 1 2", "spin alice 2")  # her next turn
    assert game.state_json()["spin"] == {"player": "Alice", "blocks_left": 2, "railroad": False}


def test_the_build_press_ends_when_the_turn_passes_to_the_next_player(new_game: NewGame) -> None:
    # 004:155 "You can press the Build button once per turn": the next player's roll starts the next turn, so the
    # press of the turn before is over then, not only at the presser's own next roll (issue 36: "Alice already
    # pressed Build this turn" at the start of her next turn, before her roll)
    game = new_game("city", FOLLOW)
    roll_on(game, "roll alice 1 2", "spin alice 1")  # Alice's turn: she rolls, then presses Build
    roll_on(game, "roll bob 1 3")
    assert game.state.spin is None
    roll_on(game, "roll carol 1 2")  # the turn passes to Alice: she may press Build before her roll
    play(game, "spin alice 2")
    assert game.state_json()["spin"] == {"player": "Alice", "blocks_left": 2, "railroad": False}


def test_a_build_press_before_the_players_own_roll_is_that_turns_press(new_game: NewGame) -> None:
    # 004:155 "You can press the Build button once per turn": Alice pressed it at the start of her turn, before her
    # roll; the roll does not end that press (issue 36: she could press again once she had rolled)
    game = new_game("city", FOLLOW)
    roll_on(game, "roll alice 1 2", "roll bob 1 3", "roll carol 1 2")  # the turn comes round to Alice
    play(game, "spin alice 2")
    roll_on(game, "roll alice 2 3")  # her roll: no doubles
    assert game.state_json()["spin"] == {"player": "Alice", "blocks_left": 2, "railroad": False}
    message = refused(game, "spin alice 3")
    assert message.startswith("Alice pressed Build once this turn already") and "(004:155)" in message
    roll_on(game, "roll bob 1 4")  # the next player's roll: her turn's press is over
    assert game.state.spin is None


def test_after_doubles_the_roll_ends_the_press_of_the_turn_before(new_game: NewGame) -> None:
    # 004:83 "If you rolled a double, take another turn ... (you can build on every roll)"
    game = new_game("city", FOLLOW)
    play(game, "spin alice 1")
    roll_on(game, "roll alice 2 2")  # doubles: her press was the first turn's; the next roll is a new turn
    assert game.state_json()["spin"] == {"player": "Alice", "blocks_left": 1, "railroad": False}
    roll_on(game, "roll alice 1 3")
    assert game.state.spin is None
    play(game, "spin alice 3")


def test_a_plain_city_game_takes_the_bankers_word_for_a_new_turn(new_game: NewGame) -> None:
    game = new_game("city")
    play(game, "spin alice 1", "spin alice 2 again")
    assert game.state_json()["spin"] == {"player": "Alice", "blocks_left": 2, "railroad": False}
