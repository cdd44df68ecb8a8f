"""Rules at the edges: GO, Monopoly City's Get Out of Jail Free card, the bus, a mortgaged deed changing hands,
Mr. Monopoly's ride and cash-in (issue 25, part 3 and the edges of part 2).

Rulebooks: 003 = 003_bd567e81029bde2a.txt (US classic), 002 = Speed Die, 000 = Mega, 001 = Sore Losers,
004 = Monopoly City.
"""

from __future__ import annotations

import pytest
from conftest import NewGame, cash, play, refused

from banker.game import Game

FOLLOW = ("follow-tokens",)
EDITIONS = ["classic-us", "classic-uk", "mega", "sore-losers", "city"]


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_player_in_jail_collects_no_go_salary(new_game: NewGame, edition: str) -> None:
    # 003:114 "You do not collect $200 for passing GO if you are sent to Jail"
    game = new_game(edition)
    play(game, "jail alice")
    assert refused(game, "go alice").startswith("Alice is in jail, and a player in jail collects no GO salary")
    play(game, "bail alice")
    before = cash(game, "Alice")
    play(game, "go alice")
    assert cash(game, "Alice") == before + game.state.edition.go_salary


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_followed_game_pays_go_once_with_the_move_not_again_by_go(new_game: NewGame, edition: str) -> None:
    # 003:65 "If your move took you onto or past the GO space, collect $200": Banker pays it with the roll
    game = new_game(edition, FOLLOW)
    salary = game.state.edition.go_salary
    speed = " 1" if game.state.edition.speed_die else ""
    play(game, f"move alice {len(game.state.edition.spaces) - 2} fix")
    before = cash(game, "Alice")
    play(game, f"roll alice 1 2{speed}")
    assert cash(game, "Alice") == before + salary
    message = refused(game, "go alice")
    assert message.startswith("Banker pays GO itself when a token passes it in a game that follows the tokens; "
                              "to correct the ledger use pay/collect")
    amount = game.state.edition.money(salary)
    assert message.endswith(f"(collect Alice {amount})")
    play(game, f"collect alice {amount}")
    assert cash(game, "Alice") == before + 2 * salary


@pytest.fixture
def city(new_game: NewGame) -> Game:
    return new_game("city")


def test_a_city_get_out_of_jail_free_card_is_kept_then_used(city: Game) -> None:
    # 004:344 "Get out of jail by: ... Using a "Get out of jail free" card"
    play(city, "card alice chance goojf")
    assert city.state_json()["players"][0]["goojf"] == 1
    play(city, "jail alice")
    before = cash(city, "Alice")
    play(city, "usecard alice")
    assert "Alice" not in city.state.in_jail and cash(city, "Alice") == before
    assert city.state_json()["players"][0]["goojf"] == 0


def test_a_held_city_jail_card_cannot_be_drawn_again(city: Game) -> None:
    play(city, "card alice chance goojf")
    assert "held by Alice" in refused(city, "card bob chance goojf")


def test_a_city_jail_card_changes_hands_in_a_trade(city: Game) -> None:
    play(city, "card alice goojf", "trade alice bob give goojf get 500k", "jail bob", "usecard bob chance")
    assert "Bob" not in city.state.in_jail and cash(city, "Alice") == 37_700_000 + 500_000


def test_a_city_bankruptcy_to_a_player_hands_over_the_jail_card(city: Game) -> None:
    # 004:314 "The other player receives any money left, your District cards and any "Get out of jail free" cards"
    play(city, "card bob goojf", "pay bob 37m", "bankrupt bob alice 2m")
    assert city.state.jail_cards["Alice"] == ["chance"] and city.state.jail_cards["Bob"] == []


def test_a_city_bankruptcy_to_the_bank_returns_the_jail_card_to_its_pile(city: Game) -> None:
    # 004:310 "Return any "Get out of jail free" cards to the bottom of the relevant pile"
    play(city, "card bob goojf", "pay bob 37m", "bankrupt bob 2m")
    assert all(not held for held in city.state.jail_cards.values())
    play(city, "card carol goojf")
    assert city.state.jail_cards["Carol"] == ["chance"]


BROWN = ["Mediterranean Avenue", "Baltic Avenue", "Arctic Avenue"]


@pytest.fixture
def mega_built(new_game: NewGame) -> Game:
    """Mega: Bob has built on two browns; Carol holds the third, mortgaged."""
    mega = new_game("mega")
    play(mega, 'buy bob "Mediterranean Avenue"', 'buy bob "Baltic Avenue"', 'buy carol "Arctic Avenue"',
         "mortgage carol arctic", "build bob mediterranean", "build bob baltic")
    return mega


def test_mega_a_trade_for_the_last_deed_of_a_built_group_lifts_its_mortgage(mega_built: Game) -> None:
    # 000:70 "If you acquire the final property of a group, after previously building on its other properties,
    # you must un-mortgage this property immediately (if mortgaged)"
    message = refused(mega_built, "trade bob carol give 100 get arctic")
    assert message.startswith("Arctic Avenue completes Bob's brown group, already built on, so its mortgage is "
                              "lifted at once (000:70): end the trade with `lift` (Bob pays the bank $")
    assert "Arctic Avenue" in refused(mega_built, "trade carol bob give arctic get 100")
    before = cash(mega_built, "Bob")
    play(mega_built, "trade bob carol give 100 get arctic lift")
    assert not mega_built.state.deeds["Arctic Avenue"].mortgaged
    lift = mega_built.state.edition.deeds["Arctic Avenue"].price // 2 * 11 // 10
    assert cash(mega_built, "Bob") == before - 100 - lift


def test_mega_a_mortgaged_deed_of_an_unbuilt_group_may_still_be_kept_for_the_ten_percent(new_game: NewGame) -> None:
    # 000:70 covers only a group built on; otherwise the standard rule (pay the 10% now, lift later) stands
    mega = new_game("mega")
    play(mega, 'buy bob "Mediterranean Avenue"', 'buy bob "Baltic Avenue"', 'buy carol "Arctic Avenue"',
         "mortgage carol arctic", "trade bob carol give 100 get arctic")
    assert mega.state.deeds["Arctic Avenue"].mortgaged and mega.state.deeds["Arctic Avenue"].owner == "Bob"


def test_the_classic_board_keeps_a_mortgage_on_a_completed_group(new_game: NewGame) -> None:
    # 003's trade rule: the receiver may keep the mortgage for the 10% (000:70 is Mega's)
    game = new_game()
    play(game, "buy bob mediterranean", "buy carol baltic", "mortgage carol baltic",
         "trade bob carol give 100 get baltic")
    assert game.state.deeds["Baltic Avenue"].mortgaged


def test_sore_losers_a_bankruptcy_to_a_player_hands_mortgaged_deeds_over_without_the_ten_percent(
        new_game: NewGame) -> None:
    # 001:73-75 "Give them all your mortgaged properties ... The new owner may unmortgage those properties at any
    # time" (001:69's 10% now is the trade's rule)
    sl = new_game("sore-losers")
    play(sl, "buy alice reading", "mortgage alice reading", "pay alice 1400")
    left = cash(sl, "Alice")
    outcome = play(sl, "bankrupt alice bob 2000")[0]
    assert cash(sl, "Bob") == 1500 + left and "interest" not in outcome.summary
    assert sl.state.deeds["Reading Railroad"].owner == "Bob" and sl.state.deeds["Reading Railroad"].mortgaged
    play(sl, "unmortgage bob reading")
    assert cash(sl, "Bob") == 1500 + left - 110


def test_sore_losers_a_bankruptcy_may_still_lift_the_mortgages_at_once(new_game: NewGame) -> None:
    sl = new_game("sore-losers")
    play(sl, "buy alice reading", "mortgage alice reading", "pay alice 1400")
    left = cash(sl, "Alice")
    play(sl, "bankrupt alice bob 2000 lift")
    assert cash(sl, "Bob") == 1500 + left - 110 and not sl.state.deeds["Reading Railroad"].mortgaged


def test_sore_losers_a_trade_still_charges_the_ten_percent(new_game: NewGame) -> None:
    # 001:67-69 "Mortgaged property can be traded ... Or keep the mortgage (just pay the Bank 10% of the mortgage
    # value now)"
    sl = new_game("sore-losers")
    play(sl, "buy alice reading", "mortgage alice reading", "trade alice bob give reading get 10")
    assert cash(sl, "Bob") == 1500 - 10 - 10


def test_the_classic_bankruptcy_to_a_player_still_charges_the_ten_percent(game: Game) -> None:
    # 003:199 "The player must pay 10% interest on each mortgaged property" (000:207 the same)
    play(game, "buy alice reading", "mortgage alice reading", "pay alice 1400")
    left = cash(game, "Alice")
    play(game, "bankrupt alice bob 2000")
    assert cash(game, "Bob") == 1500 + left - 10


@pytest.mark.parametrize("house_rules", [(), FOLLOW])
def test_mega_a_jailed_player_cannot_ride_the_bus(new_game: NewGame, house_rules: tuple[str, ...]) -> None:
    # 000:166-170 jail is left by doubles, a Get Out of Jail Free card or the fine; 000:80 a ticket is used
    # "instead of rolling the dice", which a jailed player rolls to get out
    mega = new_game("mega", house_rules)
    play(mega, "ticket alice", "jail alice")
    assert refused(mega, "ride alice") == ("Alice is in jail and leaves it first: bail Alice, usecard Alice, or roll "
                                           "doubles; the bus ticket waits for a later turn")
    play(mega, "bail alice")
    if not house_rules:  # in a followed game the ticket then waits for Alice's roll
        play(mega, "ride alice")
        assert mega.state.count("bus_ticket", "Alice") == 0


@pytest.fixture
def sore_followed(new_game: NewGame) -> Game:
    """Sore Losers, following the tokens: Alice and Bob hold four coins each (two at the start, two more)."""
    sl = new_game("sore-losers", FOLLOW)
    play(sl, "coin alice", "coin alice", "coin bob", "coin bob")
    return sl


def test_sore_losers_cashin_only_on_the_players_own_roll(sore_followed: Game) -> None:
    # 001:5 "you may trade in all four at the start of any of your turns"
    assert refused(sore_followed, "cashin bob") == ("Bob cashes in at the start of their own turn, before rolling "
                                                    "(001:5); it is Alice's roll now")
    play(sore_followed, "cashin alice")
    assert sore_followed.state.mr_monopoly == "Alice"


def test_sore_losers_cashin_not_after_rolling_this_turn(sore_followed: Game) -> None:
    # 001:5 "at the start of any of your turns": after a doubles roll the turn has begun
    play(sore_followed, "roll alice 2 2")
    assert sore_followed.state.whose_roll == "Alice"
    assert refused(sore_followed, "cashin alice") == ("Alice has rolled this turn; cash in at the start of Alice's "
                                                      "next turn, before rolling (001:5)")


def test_sore_losers_cashin_without_following_the_tokens_is_the_tables_word(new_game: NewGame) -> None:
    # Banker does not know whose turn it is unless it follows the tokens: any player holding four may cash in
    sl = new_game("sore-losers")
    play(sl, "coin bob", "coin bob", "cashin bob")
    assert sl.state.mr_monopoly == "Bob"
