"""Banker follows the tokens from the dice (a game created with the follow-tokens house rule).

Rulebooks: 003 = 003_bd567e81029bde2a.txt (US classic: line 66 doubles, 110-114 Go To Jail, 121-127 jail),
002 = 002_8dafff28609b919a.txt (Speed Die), 000 = 000_0633d1fb819bfb08.txt (Mega: lines 51-62, 80),
001 = Sore Losers, 004 = Monopoly City.
"""

from __future__ import annotations

import pytest
from conftest import NewGame, cash, play, refused, roll_on

from banker import commands as c
from banker.errors import Refusal
from banker.game import Game
from banker.landing import landing_offers
from banker.language import dice_line
from banker.rules.tokens import sharing_space
from banker.rules.traps import allowed_traps

FOLLOW = ("follow-tokens",)


def where(game: Game, player: str) -> str:
    return game.state.edition.spaces[game.state.position(player)].name


@pytest.fixture
def table(new_game: NewGame) -> Game:
    return new_game(house_rules=FOLLOW)


def test_a_roll_moves_the_token_and_names_the_space(table: Game) -> None:
    outcome = play(table, "roll alice 3 4")[0]
    assert where(table, "Alice") == "Chance"
    assert "Alice's token goes to Chance (rolled 7)" in outcome.summary
    assert table.state_json()["players"][0] | {"position": 7, "space": "Chance"} == table.state_json()["players"][0]
    assert table.state_json()["roll"] == "Bob"


@pytest.mark.parametrize("edition", ["classic-us", "classic-uk", "mega", "sore-losers", "city"])
def test_passing_go_pays_the_salary_in_the_same_action(new_game: NewGame, edition: str) -> None:
    # 003: "Each time a player's token lands on or passes over GO ... the Banker pays that player a $200 salary"
    game = new_game(edition, FOLLOW)
    salary = game.state.edition.go_salary
    speed = " 1" if game.state.edition.speed_die else ""
    play(game, f"move alice {len(game.state.edition.spaces) - 2} fix")
    before = cash(game, "Alice")
    outcome = play(game, f"roll alice 1 2{speed}")[0]
    steps = 3 + (1 if speed else 0)
    assert game.state.position("Alice") == steps - 2
    assert cash(game, "Alice") == before + salary
    assert "passing GO" in outcome.summary and "salary" in outcome.summary


def test_landing_on_go_pays_the_salary(table: Game) -> None:
    play(table, "move alice 33 fix")
    play(table, "roll alice 3 4")
    assert where(table, "Alice") == "GO" and cash(table, "Alice") == 1700


def test_city_stadiums_pay_on_top_of_the_salary_when_a_roll_passes_go(new_game: NewGame) -> None:
    # 004: "Collect M1m per stadium you own every time you pass GO"
    city = new_game("city", FOLLOW)
    play(city, "buy alice 'old town'", "buy alice 'central quay'", "stadium alice 'old town'", "move alice 38 fix")
    before = cash(city, "Alice")
    play(city, "roll alice 1 2")
    assert cash(city, "Alice") == before + 2_000_000 + 1_000_000


def test_a_correction_moves_no_money(table: Game) -> None:
    play(table, "move alice 39 fix")
    play(table, "move alice 1 fix")
    assert cash(table, "Alice") == 1500 and where(table, "Alice") == "Mediterranean Avenue"


def test_landing_on_go_to_jail_sends_the_token_to_jail_and_ends_the_turn(table: Game) -> None:
    # 003:112-114 "move your token to the Jail space immediately ... You do not collect $200 ... your turn ends"
    play(table, "move alice 24 fix")
    play(table, "roll alice 3 3")
    assert where(table, "Alice") == "Jail / Just Visiting" and "Alice" in table.state.in_jail
    assert table.state_json()["roll"] == "Bob" and cash(table, "Alice") == 1500


def test_doubles_keep_the_turn_and_the_third_doubles_go_to_jail(table: Game) -> None:
    # 003:66 "If you roll doubles 3 times on the same turn, you must Go to Jail"
    roll_on(table, "roll alice 1 1", "roll alice 2 2")
    assert table.state_json()["roll"] == "Alice"
    outcome = play(table, "roll alice 3 3")[0]
    assert "Alice goes to jail" in outcome.summary
    assert where(table, "Alice") == "Jail / Just Visiting" and "Alice" in table.state.in_jail
    assert table.state_json()["roll"] == "Bob"


def test_a_roll_out_of_turn_is_refused_naming_whose_roll_it_is(table: Game) -> None:
    message = refused(table, "roll bob 3 4")
    assert message.startswith("it is Alice's roll, not Bob's")


def test_in_jail_doubles_free_the_player_and_move_them_without_another_roll(table: Game) -> None:
    # 003:127 "If you roll a double on any turn, move out of Jail using this dice roll"
    roll_on(table, "jail alice", "roll bob 1 2", "roll carol 1 2", "roll alice 4 4")
    assert "Alice" not in table.state.in_jail and table.state.position("Alice") == 18
    assert table.state_json()["roll"] == "Bob"


def test_the_third_failed_jail_roll_pays_the_fine_and_moves(table: Game) -> None:
    # 003:127 "After you have waited three turns, you must move out of Jail and pay $50 before moving"
    play(table, "jail alice")
    for _ in range(2):
        roll_on(table, "roll bob 1 2", "roll carol 1 2", "roll alice 1 2")
        assert "Alice" in table.state.in_jail
    roll_on(table, "roll bob 1 2", "roll carol 1 2")
    outcome = play(table, "roll alice 1 2")[0]
    assert "Alice pays the $50 fine" in outcome.summary
    assert "Alice" not in table.state.in_jail and table.state.position("Alice") == 13 and cash(table, "Alice") == 1450


def test_a_card_that_moves_takes_the_token_and_knows_when_go_is_passed(table: Game) -> None:
    # 003 Chance: "Advance to Illinois Avenue. If you pass Go, collect $200"
    play(table, "move alice 36 fix")
    play(table, "card alice chance illinois")
    assert where(table, "Alice") == "Illinois Avenue" and cash(table, "Alice") == 1700
    play(table, "move alice 22 fix")
    message = refused(table, "card alice chance boardwalk go")
    assert "does not pass GO" in message


def test_the_nearest_railroad_card_is_found_from_the_token(table: Game) -> None:
    play(table, "buy bob 'b. & o.'", "move alice 22 fix", "card alice chance nearest-railroad")
    assert where(table, "Alice") == "B. & O. Railroad" and cash(table, "Bob") == 1500 - 200 + 50


def test_go_back_three_spaces_never_pays_go_and_the_space_reached_is_settled(table: Game) -> None:
    outcome = play(table, "move alice 7 fix", "card alice chance back-3")[1]
    assert where(table, "Alice") == "Income Tax" and cash(table, "Alice") == 1500 - 200
    assert "Alice pays $200 Income Tax" in outcome.summary


def test_a_jail_card_moves_the_token_to_jail(table: Game) -> None:
    play(table, "roll alice 3 4", "card alice chance jail")
    assert where(table, "Alice") == "Jail / Just Visiting" and table.state_json()["roll"] == "Bob"


def test_move_forward_pays_go_and_back_does_not(table: Game) -> None:
    play(table, "move alice 30 fix", "move alice reading")
    assert cash(table, "Alice") == 1700
    play(table, "move alice 2 back")
    assert cash(table, "Alice") == 1700 and where(table, "Alice") == "Community Chest"


def test_a_game_without_the_option_refuses_roll_and_move(game: Game) -> None:
    assert "does not follow the tokens" in refused(game, "roll alice 3 4")
    assert "does not follow the tokens" in refused(game, "move alice boardwalk")
    assert "roll" not in game.state_json() and "position" not in game.state_json()["players"][0]


@pytest.mark.parametrize("line, says", [
    ("roll alice 7 1", "'7' is not a die"), ("roll alice 3", "roll takes 3-5 words"),
    ("roll alice 3 4 mr", "this game has no speed die"), ("move alice nowhere", "no space called"),
    ("move alice 99", "off the board"), ("move alice 5 sideways", "end the line with `back`"),
    ("move alice 0 fix", "already on GO"),
])
def test_bad_rolls_and_moves_are_refused_with_what_to_write(table: Game, line: str, says: str) -> None:
    assert says in refused(table, line)


# -- the speed die (002 on the classic boards, 000 in Mega) ----------------------------------------


def test_speed_die_joins_only_after_passing_go_on_the_classic_board(new_game: NewGame) -> None:
    # 002:10 "Do not use the Speed Die until you pass GO for the first time" (typed before: ignored, see
    # test_rules_speed_die.py)
    game = new_game(house_rules=FOLLOW + ("speed-die",))
    roll_on(game, "move alice 38 fix", "roll alice 1 2", "roll bob 1 2", "roll carol 1 2")
    assert "rolls the speed die too" in refused(game, "roll alice 1 2")
    play(game, "roll alice 1 2 3")
    assert game.state.position("Alice") == 1 + 6


def test_speed_die_bus_on_the_classic_board_moves_by_one_white_die(new_game: NewGame) -> None:
    # 002: "Bus: You can choose to move the value of one or both of the white dice"
    game = new_game(house_rules=FOLLOW + ("speed-die",))
    play(game, "move alice 39 fix", "move alice 0", "roll alice 1 5 bus 1")
    assert game.state.position("Alice") == 1


def test_mega_mr_monopoly_moves_on_to_the_next_unowned_property_after_the_space_is_settled(new_game: NewGame) -> None:
    # 000:56, 002:14: "Move the sum of the white dice as normal and take the action for the space you land on. Then
    # advance to the next unowned property"
    mega = new_game("mega", FOLLOW)
    play(mega, "buy bob arctic", "buy bob 'reading railroad'")
    play(mega, "roll alice 1 2 mr")  # Baltic Avenue is for sale: the Mr. Monopoly move waits for it
    assert where(mega, "Alice") == "Baltic Avenue"
    assert [w["kind"] for w in mega.state_json()["waiting"]] == ["buy-or-auction", "speed-die"]
    outcome = play(mega, "buy alice baltic")[0]  # then past Arctic, Income Tax and Reading
    assert where(mega, "Alice") == "Massachusetts Avenue"
    assert "speed die: Mr. Monopoly" in outcome.summary


def test_mega_bus_takes_a_ticket_or_goes_to_the_nearest_chance_or_chest(new_game: NewGame) -> None:
    # 000:58 "take a BUS TICKET ... or move again to the nearest Chance/Community Chest space in front"
    mega = new_game("mega", FOLLOW)
    roll_on(mega, "roll alice 1 2 bus")
    assert where(mega, "Alice") == "Chance"
    roll_on(mega, "roll bob 1 2 bus ticket")
    assert mega.state.position("Bob") == 3 and mega.state.count("bus_ticket", "Bob") == 1


def test_mega_triples_move_anywhere_and_the_next_roll_waits_for_the_move(new_game: NewGame) -> None:
    # 000:62 "If you roll TRIPLE 1's, 2's, or 3's, move ahead to ANY space on the board. Do not roll again."
    mega = new_game("mega", FOLLOW)
    outcome = play(mega, "roll alice 2 2 2")[0]
    assert "triples" in outcome.summary and mega.state.position("Alice") == 0
    assert "moves to any space first" in refused(mega, "roll bob 1 2 1")
    roll_on(mega, "move alice boardwalk", "roll bob 1 2 1")


def test_mega_in_jail_only_the_white_dice_are_rolled(new_game: NewGame) -> None:
    # 000:62 "While in JAIL, roll only the two white dice"
    mega = new_game("mega", FOLLOW)
    roll_on(mega, "jail alice", "roll bob 1 2 1", "roll carol 1 2 1")
    play(mega, "roll alice 1 2 1")  # the speed die is ignored (issue 36): no doubles, Alice stays
    assert "Alice" in mega.state.in_jail and mega.state.tokens.jail_rolls[0] == 1


def test_mega_a_bus_ticket_ride_is_the_players_roll(new_game: NewGame) -> None:
    # 000:80 "you may choose to use a Bus Ticket (if you have any) instead of rolling the dice"
    mega = new_game("mega", FOLLOW)
    play(mega, "ticket alice", "ride alice", "move alice 10")
    assert mega.state_json()["roll"] == "Bob" and mega.state.position("Alice") == 10


# -- Sore Losers: Mr. Monopoly's trap ----------------------------------------------------------------


def test_sore_losers_mr_monopoly_landing_on_a_token_offers_the_trap(new_game: NewGame) -> None:
    # 001: Mr. Monopoly landing on another player's space traps them
    game = new_game("sore-losers", FOLLOW)
    # no doubles: while there is a Mr. Monopoly they wait for a free house (001:32), which pass_landings leaves
    roll_on(game, "coin alice", "coin alice", "cashin alice", "roll alice 1 2", "roll bob 3 5", "roll carol 1 2")
    assert sharing_space(game.state, "Alice") == ["Carol"]
    play(game, "roll alice 2 3")
    assert where(game, "Alice") == where(game, "Bob") and sharing_space(game.state, "Alice") == ["Bob"]


def test_sore_losers_a_trapped_player_loses_the_next_turn(new_game: NewGame) -> None:
    # 001:180 "they not only lose their next turn"; 001:33 "That player may not move until their token is free"
    game = new_game("sore-losers", FOLLOW)
    roll_on(game, "coin alice", "coin alice", "cashin alice", "move bob 3 fix")
    play(game, "roll alice 1 2")
    assert [w["kind"] for w in game.state_json()["waiting"]] == ["trap", "buy-or-auction"]
    assert "trap Alice <player>" in refused(game, "roll bob 3 4")
    play(game, "trap alice bob", "auction baltic", "sold")
    assert game.state.whose_roll == "Carol" and "Bob" in game.state.trapped
    roll_on(game, "roll carol 1 2", "roll alice 2 3")  # his token moves off Bob's: Bob is free, and rolls next
    assert "Bob" not in game.state.trapped and game.state.whose_roll == "Bob"


def test_sore_losers_mr_monopoly_traps_only_a_player_on_the_space_he_lands_on(new_game: NewGame) -> None:
    # 001:33 "when you land on the same space as another player, put the MR. MONOPOLY token on top of their token"
    # (issue 36: Mr. Monopoly on Chance was offered, and allowed, to trap the players left on GO)
    game = new_game("sore-losers", FOLLOW)
    play(game, "coin alice", "coin alice", "cashin alice", "roll alice 3 4")  # Alice on Chance, Bob and Carol on GO
    assert allowed_traps(game.state, "Alice") == []
    assert "Mr. Monopoly (Alice) is on Chance and Bob on GO" in refused(game, "trap alice bob")
    assert not [o for o in landing_offers(game.state, "Alice", 7) if isinstance(o.command, c.Trap)]


def test_sore_losers_the_allowed_traps_are_the_players_he_landed_on_once(new_game: NewGame) -> None:
    # 001:33 one token under his; 001:37 "If someone is on the same space as you when you become MR. MONOPOLY, you
    # do not land on them"
    game = new_game("sore-losers", FOLLOW)
    play(game, "move bob 3 fix", "move carol 3 fix", "coin alice", "coin alice", "cashin alice")
    assert allowed_traps(game.state, "Alice") == []  # all on GO when he became Mr. Monopoly: not landed on
    play(game, "roll alice 1 2")
    assert allowed_traps(game.state, "Alice") == ["Bob", "Carol"]
    assert [o.command for o in landing_offers(game.state, "Alice", 3) if isinstance(o.command, c.Trap)] == [
        c.Trap("Alice", "Bob"), c.Trap("Alice", "Carol")]
    play(game, "trap alice bob")
    assert allowed_traps(game.state, "Alice") == []
    assert "did not land on Carol" in refused(game, "trap alice carol")


def test_sore_losers_a_plain_table_takes_the_bankers_word_for_the_trap(new_game: NewGame) -> None:
    # 001:33 without the tokens followed Banker does not know the spaces: every other player may be trapped
    game = new_game("sore-losers")
    play(game, "coin alice", "coin alice", "cashin alice")
    assert allowed_traps(game.state, "Alice") == ["Bob", "Carol"]


def test_undo_of_a_roll_puts_the_token_and_the_salary_back(table: Game) -> None:
    play(table, "move alice 38 fix", "roll alice 1 2", "undo")
    assert table.state.position("Alice") == 38 and cash(table, "Alice") == 1500
    assert table.state_json()["roll"] == "Alice"


def test_the_bus_choices_follow_the_edition(new_game: NewGame) -> None:
    # 002: the Bus moves by one or both white dice; 000:58: a ticket, or on to the nearest Chance/Chest
    classic = new_game(house_rules=FOLLOW + ("speed-die",))
    play(classic, "move alice 39 fix", "move alice 0")
    assert "no bus tickets" in refused(classic, "roll alice 1 5 bus ticket")
    mega = new_game("mega", FOLLOW)
    assert "nearest Chance/Community Chest" in refused(mega, "roll alice 1 5 bus 1")


def test_the_speed_die_moves_after_the_space_and_not_at_all_from_jail(new_game: NewGame) -> None:
    # 002:14 "Move the sum of the white dice as normal and take the action for the space you land on. Then advance";
    # issue 25: `card bob chance jail` on the Chance the white dice reached voids the Mr. Monopoly move (and the GO
    # salary of a move past GO that never happened)
    game = new_game("classic-uk", FOLLOW + ("speed-die",))
    roll_on(game, "move bob 31 fix", "roll alice 1 2", "roll bob 4 5", "roll carol 1 2", "roll alice 1 3")
    cash_before = cash(game, "Bob")
    play(game, "roll bob 3 4 mr")
    assert [w["kind"] for w in game.state_json()["waiting"]] == ["card", "speed-die"]
    assert "speed die Mr. Monopoly move" in game.state_json()["waiting"][1]["text"]
    play(game, "card bob chance jail")
    assert "Bob" in game.state.in_jail and where(game, "Bob") == "Jail / Just Visiting"
    assert cash(game, "Bob") == cash_before and game.state_json()["waiting"] == []


def test_a_card_that_moves_the_token_sets_where_the_speed_die_starts(new_game: NewGame) -> None:
    # 002:14: the Mr. Monopoly move starts from where the space's action left the token
    game = new_game("classic-uk", FOLLOW + ("speed-die",))
    roll_on(game, "move bob 31 fix", "roll alice 1 2", "roll bob 4 5", "roll carol 1 2", "roll alice 1 3")
    play(game, "roll bob 3 4 mr")
    play(game, "card bob chance trafalgar")  # Trafalgar Square is for sale: the Mr. Monopoly move waits for it
    assert where(game, "Bob") == "Trafalgar Square"
    outcome = play(game, "buy bob trafalgar")[0]
    assert "speed die: Mr. Monopoly" in outcome.summary
    assert where(game, "Bob") == "Fenchurch St. Station" or game.state.position("Bob") > 24


def test_go_comes_before_the_rent_a_card_moves_the_token_to(table: Game) -> None:
    # issue 25: Ann with $40 drawn to Bob's Reading Railroad from Chance (36) collects GO first, then pays double
    play(table, "buy bob reading", "move alice 36 fix", f"pay alice {1500 - 40}")
    outcome = play(table, "card alice chance nearest-railroad")[0]
    assert cash(table, "Alice") == 40 + 200 - 50 and cash(table, "Bob") == 1500 - 200 + 50
    assert table.state.debts == () and "passed GO" in outcome.summary


def test_sore_losers_final_waits_for_every_token_on_go(new_game: NewGame) -> None:
    # 001:111 "The game ends when all of the properties have been purchased and all players have made it back to GO"
    game = new_game("sore-losers", FOLLOW)
    deeds = list(game.state.edition.deeds)
    play(game, "collect alice 9000", *(f'buy alice "{d}"' for d in deeds), "move bob 5 fix")
    assert "every token is back on GO" in refused(game, "final")
    play(game, "move alice 38 fix")
    play(game, "roll alice 1 2")  # 001:111 "When you reach GO, stop there even if you have moves left"
    assert game.state.position("Alice") == 0 and game.state.whose_roll == "Bob"


def test_a_utility_rent_the_table_waits_for_beyond_the_cash_is_a_debt(table: Game) -> None:
    # 003: a utility's rent is "4 times amount shown on dice"; a token moved without a throw (a move, a ride) waits
    # for the dice, and a rent the player cannot pay from cash is a debt fixed when it falls due, as the roll's is
    play(table, "buy bob water", "move alice 22 fix", f"pay alice {1500 - 5}", "move alice 28")
    assert [(w.kind, w.detail) for w in table.state.waiting] == [("choice", "utility")]
    play(table, "rent alice water 9")
    assert table.state.waiting == () and cash(table, "Alice") == 5 and cash(table, "Bob") == 1500 - 150
    assert [(d.player, d.creditor, d.amount) for d in table.state.debts] == [("Alice", "Bob", 36)]
    play(table, "collect alice 100", "settle alice")
    assert table.state.debts == () and cash(table, "Bob") == 1500 - 150 + 36


def test_a_utility_rent_nobody_waits_for_is_still_refused_beyond_the_cash(game: Game) -> None:
    play(game, "buy bob electric", f"pay alice {1500 - 5}")
    assert "Alice has $5 but rent for Electric Company costs $36" in refused(game, "rent alice electric 9")


def test_digits_that_are_no_roll_are_refused_as_dice(table: Game, new_game: NewGame) -> None:
    """The table's typed dice (banker.language.dice_line): "34" is Alice's roll; "157" and "7" are refused as dice,
    naming how to type a roll; in a game that does not follow the tokens digits are left to the command language."""
    assert dice_line("34", table.state) == 'roll "Alice" 3 4'
    for digits in ("157", "7", "3 9", "5bus", "5 mr"):
        with pytest.raises(Refusal, match=r"is not a roll: type the dice: 34 \(each die 1 to 6\)"):
            dice_line(digits, table.state)
    assert dice_line("buy alice boardwalk", table.state) is None
    assert dice_line("157", new_game("classic-us").state) is None


def test_three_dice_in_a_game_without_the_speed_die_say_there_is_none(table: Game) -> None:
    """A stray key before the dice ("1" then "34" makes "134") in a game without the speed die (002 is a house rule
    here): one sentence that says the game has no speed die and how to type the roll, whatever the third digit."""
    for line in ("134", "156", "34bus", "12 3"):
        with pytest.raises(Refusal, match=r"is not a roll: this game has no speed die; type the two dice, like 34"):
            dice_line(line, table.state)
