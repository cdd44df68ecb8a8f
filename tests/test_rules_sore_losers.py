"""Monopoly for Sore Losers (issue 8): sore loser coins, Mr. Monopoly, free houses, traps and the final rent round.

Rulebook: 001 = 001_61b77d248be9bdde.txt (Monopoly for Sore Losers, (c) 2020 Hasbro); "001:NN" is its line.
Every refusal is checked through `refused`: one line that says what to do, and nothing written or changed.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest
from conftest import NewGame, build_evenly, cash, play, refused

from banker import snapshots
from banker.game import Game, Outcome
from banker.valuation import score, score_json
from editions import Edition, load_edition, parse_edition

SL = "sore-losers"
BROWN = ["Mediterranean Avenue", "Baltic Avenue"]
LIGHT_BLUE = ["Oriental Avenue", "Vermont Avenue", "Connecticut Avenue"]
PINK = ["St. Charles Place", "States Avenue", "Virginia Avenue"]
DARK_BLUE = ["Park Place", "Boardwalk"]
RAILROADS = ["Reading Railroad", "Pennsylvania Railroad", "B. & O. Railroad", "Short Line"]


@pytest.fixture
def sl(new_game: NewGame) -> Game:
    """A Sore Losers game for Alice, Bob and Carol: M1,500 and 2 coins each, 24 coins in the bank."""
    return new_game(SL)


def sore_losers_with(supply: int | None = None, card_coin: str = "") -> Edition:
    """The shipped edition with a smaller coin supply, or with one card that says to collect a coin."""
    raw = copy.deepcopy(load_edition(SL).raw)
    if supply is not None:
        raw["holdings"]["coin"]["supply"] = supply
    for card in raw["cards"]:
        if card["key"] == card_coin:
            card["coins"] = 1
    return parse_edition(raw, f"{SL}-variant", f"{SL} with supply={supply} card_coin={card_coin!r}")


def coins(game: Game, who: str) -> int:
    """Coins held by a player (exact name) or by "bank"."""
    return game.state.count("coin", who)


def all_coins(game: Game) -> int:
    return coins(game, "bank") + sum(coins(game, p) for p in game.state.players)


def stored_action(game: Game, outcome: Outcome) -> list[str]:
    """The event types the game file holds under this outcome's action number (read back from disk)."""
    return [r.type for r in game.store.records() if r.action == outcome.action]


def player_json(game: Game, name: str) -> dict[str, Any]:
    return next(p for p in game.state_json()["players"] if p["name"] == name)


def up_to_four(game: Game, player: str) -> None:
    """Landed on their own property (`coin`) until holding four."""
    while coins(game, player) < 4:
        play(game, f"coin {player}")


def make_mr_monopoly(game: Game, player: str) -> None:
    up_to_four(game, player)
    play(game, f"cashin {player}")
    assert game.state.mr_monopoly == player


def own(game: Game, player: str, *deeds: str) -> None:
    """The player buys these deeds from the bank at list price, with the bank paying them the price first."""
    for deed in deeds:
        price = game.state.deed(deed).price
        play(game, f"collect {player} {price}", f'buy {player} "{deed}"')


def everything(game: Game) -> tuple:
    """All the fold decides that a Sore Losers action can touch, for exact comparisons after undo."""
    s = game.state
    return (s.to_json(), dict(s.accounts), s.mr_monopoly, sorted(s.trapped), s.final_round, list(s.to_auction),
            {key: dict(held) for key, held in s.held.items()}, s.bank_houses, s.bank_hotels, sorted(s.in_jail))


# -- coins: the start and what earns one ------------------------------------------------------------------


@pytest.mark.parametrize("players", [("Alice", "Bob"), ("Alice", "Bob", "Carol"),
                                     ("Alice", "Bob", "Carol", "Dan", "Eve", "Fay")])
def test_each_player_starts_with_two_coins_of_thirty(new_game: NewGame, players: tuple[str, ...]) -> None:
    """001:164 "30 Cardboard Sore Loser Co[ins]"; 2 each at the start (the edition's `start`, 001's setup step
    is cut off at 001:200 "Banker, give each playe")."""
    game = new_game(SL, players=players)
    body = game.state_json()
    assert [p["coins"] for p in body["players"]] == [2] * len(players)
    assert body["bank"]["coins"] == 30 - 2 * len(players)
    assert all_coins(game) == 30


def test_paying_rent_earns_a_coin_in_the_same_action(sl: Game) -> None:
    """001:264 "Whenever you pay rent take one sore loser coin from the Bank!" (001:11 "- pay rent")."""
    play(sl, "buy alice boardwalk")
    outcome = play(sl, "rent bob boardwalk")[0]
    assert (cash(sl, "Bob"), cash(sl, "Alice")) == (1500 - 50, 1500 - 400 + 50)
    assert (coins(sl, "Bob"), coins(sl, "bank")) == (3, 23)
    assert stored_action(sl, outcome) == ["RentPaid", "HoldingMoved"]
    assert outcome.summary == ("Bob pays Alice M50 rent for Boardwalk (no houses); "
                               "Bob takes a sore loser coin from the bank (for paying rent)")


@pytest.mark.parametrize(("space", "amount"), [("income", 200), ("luxury", 100), ("electric", 150),
                                               ("water", 150)])
def test_paying_a_tax_or_bill_earns_a_coin_in_the_same_action(sl: Game, space: str, amount: int) -> None:
    """001:12 "- pay taxes or bills"; 001:300 "Whenever you pay taxes, collect one sore loser coin!";
    001:304 "ELECTRIC WATER Pay M150 Pay M150"."""
    outcome = play(sl, f"tax carol {space}")[0]
    assert cash(sl, "Carol") == 1500 - amount
    assert coins(sl, "Carol") == 3
    assert stored_action(sl, outcome) == ["TaxPaid", "HoldingMoved"]


@pytest.mark.parametrize(("line", "first"), [("jail bob", "JailEntered"), ("card bob chance jail", "CardDrawn"),
                                             ("card bob chest jail", "CardDrawn")])
def test_going_to_jail_for_any_reason_earns_a_coin_in_the_same_action(sl: Game, line: str, first: str) -> None:
    """001:13 "- go to Jail for any reason"; 001:336 "Whenever you go to Jail, collect one sore loser coin from
    the Bank." (the Go to Jail space, three doubles, or a Go to Jail card)."""
    outcome = play(sl, line)[0]
    assert "Bob" in sl.state.in_jail
    assert coins(sl, "Bob") == 3
    assert stored_action(sl, outcome) == [first, "HoldingMoved"]


def test_a_card_that_says_so_earns_a_coin_in_the_same_action(new_game: NewGame) -> None:
    """001:15 "- draw a Chance or Community Chest Card that says to collect one" (no source says which cards
    do, so this uses an edition where the dividend card says so)."""
    game = new_game(sore_losers_with(card_coin="dividend"))
    outcome = play(game, "card alice chance dividend")[0]
    assert (cash(game, "Alice"), coins(game, "Alice")) == (1550, 3)
    assert stored_action(game, outcome) == ["CardDrawn", "HoldingMoved"]
    play(game, "coin alice")
    play(game, "card alice chance dividend")  # at four: the money, no coin
    assert (cash(game, "Alice"), coins(game, "Alice")) == (1600, 4)


def test_landing_on_your_own_property_takes_a_coin_with_coin(sl: Game) -> None:
    """001:14 "- land on your own property"; 001:17 "You also collect one sore loser coin when MR, MONOPOLY
    lands on the same space as you." -- the table says so with `coin <player>`."""
    outcome = play(sl, "coin alice")[0]
    assert (coins(sl, "Alice"), coins(sl, "bank")) == (3, 23)
    assert player_json(sl, "Alice")["coins"] == 3
    assert stored_action(sl, outcome) == ["HoldingMoved"]
    assert cash(sl, "Alice") == 1500


def test_a_fifth_coin_is_not_taken(sl: Game) -> None:
    """001:21 "You can never have more than four sore loser coins at a time. If you ever have four and need to
    collect one, do nothing." The rent, tax and jail still happen; only the coin is left out."""
    play(sl, "buy alice boardwalk")
    up_to_four(sl, "Bob")
    bank = coins(sl, "bank")
    rent = play(sl, "rent bob boardwalk")[0]
    assert cash(sl, "Bob") == 1450 and stored_action(sl, rent) == ["RentPaid"]
    tax = play(sl, "tax bob income")[0]
    assert cash(sl, "Bob") == 1250 and stored_action(sl, tax) == ["TaxPaid"]
    jail = play(sl, "jail bob")[0]
    assert "Bob" in sl.state.in_jail and stored_action(sl, jail) == ["JailEntered"]
    assert (coins(sl, "Bob"), coins(sl, "bank")) == (4, bank)
    message = refused(sl, "coin bob")
    assert message == "Bob already holds 4 sore loser coins, the most allowed; nothing is taken"


def test_the_bank_supply_is_finite(new_game: NewGame) -> None:
    """001:164 "30 Cardboard Sore Loser Co[ins]": the bank hands out only what it has. (With 30 coins, at most 6
    players and at most 4 each, the shipped bank never runs dry, so this uses a supply of 8.)"""
    game = new_game(sore_losers_with(supply=8))
    assert coins(game, "bank") == 2
    play(game, "coin alice", "coin bob")
    assert coins(game, "bank") == 0
    play(game, "buy alice boardwalk")
    rent = play(game, "rent carol boardwalk")[0]
    assert cash(game, "Carol") == 1450 and coins(game, "Carol") == 2
    assert stored_action(game, rent) == ["RentPaid"]
    assert refused(game, "coin carol") == "the bank has no sore loser coins left; nothing is taken"
    play(game, "parking carol alice")  # a steal moves coins between players, the supply is untouched
    assert (coins(game, "Carol"), coins(game, "Alice"), all_coins(game)) == (3, 2, 8)


# -- Free Parking -----------------------------------------------------------------------------------------


def test_free_parking_steals_a_coin_for_the_lander(sl: Game) -> None:
    """001:19 "When you land on Free Parking, steal one sore loser coin from any player!\""""
    outcome = play(sl, "parking alice bob")[0]
    assert (coins(sl, "Alice"), coins(sl, "Bob"), coins(sl, "bank")) == (3, 1, 24)
    assert stored_action(sl, outcome) == ["HoldingMoved"]
    assert outcome.summary == "Bob hands a sore loser coin to Alice (Free Parking)"


def test_free_parking_at_four_returns_the_stolen_coin_to_the_bank(sl: Game) -> None:
    """001:314 "If you already have four, or if you are MR. MONOPOLY. take one sore loser coin from any player,
    and return it to the Bank.\""""
    up_to_four(sl, "Alice")
    bank = coins(sl, "bank")
    play(sl, "parking alice bob")
    assert (coins(sl, "Alice"), coins(sl, "Bob"), coins(sl, "bank")) == (4, 1, bank + 1)


def test_free_parking_as_mr_monopoly_returns_the_stolen_coin_to_the_bank(sl: Game) -> None:
    """001:314 "... or if you are MR. MONOPOLY. take one sore loser coin from any player, and return it to the
    Bank.\""""
    make_mr_monopoly(sl, "Carol")
    bank = coins(sl, "bank")
    outcome = play(sl, "parking carol alice")[0]
    assert (coins(sl, "Carol"), coins(sl, "Alice"), coins(sl, "bank")) == (0, 1, bank + 1)
    assert outcome.summary == "Alice returns a sore loser coin to the bank (Free Parking)"


def test_free_parking_steals_only_from_another_player_who_has_a_coin(sl: Game) -> None:
    """001:19 "steal one sore loser coin from any player" -- a player who has one, and not yourself."""
    play(sl, "parking alice bob", "parking alice bob")
    assert coins(sl, "Bob") == 0
    assert refused(sl, "parking carol bob") == "Bob holds no sore loser coin; steal from a player who has one"
    assert refused(sl, "parking carol carol") == "Carol cannot steal from themselves; name another player"


# -- cashing in: Mr. Monopoly -------------------------------------------------------------------------------


def test_cashing_in_four_coins_makes_mr_monopoly(sl: Game) -> None:
    """001:5 "Once you collect four coins, you may trade in all four at the start of any of your turns to take
    the MR. MONOPOLY token\""""
    up_to_four(sl, "Alice")
    outcome = play(sl, "cashin alice")[0]
    assert (coins(sl, "Alice"), coins(sl, "bank")) == (0, 26)
    assert sl.state.mr_monopoly == "Alice"
    assert [p["mr_monopoly"] for p in sl.state_json()["players"]] == [True, False, False]
    assert stored_action(sl, outcome) == ["HoldingMoved", "MrMonopolyTaken"]
    assert refused(sl, "cashin alice") == "Alice is already Mr. Monopoly"


def test_cashing_in_with_three_coins_is_refused(sl: Game) -> None:
    """001:5 "Once you collect four coins, you may trade in all four\""""
    play(sl, "coin alice")
    assert refused(sl, "cashin alice") == "Alice holds 3 sore loser coins; cashing in takes 4"
    assert sl.state.mr_monopoly == ""


def test_a_trapped_player_may_not_cash_in(sl: Game) -> None:
    """001:33 "While trapped, players ... They may not cash in sore loser coins.\""""
    make_mr_monopoly(sl, "Carol")
    up_to_four(sl, "Alice")
    play(sl, "trap carol alice")
    message = refused(sl, "cashin alice")
    assert message == "Alice is trapped by Mr. Monopoly and may not cash in until released"
    play(sl, "release alice", "cashin alice")
    assert sl.state.mr_monopoly == "Alice"


def test_a_new_mr_monopoly_makes_the_previous_one_a_player_again(sl: Game) -> None:
    """001:35 "If another player cashes in four sore loser coins while you are MR. MONOPOLY, they take the
    MR. MONOPOLY token ... You then take your original token" -- and 001:124 "Players may still cash in sore
    loser coins to take the MR. MONOPOLY token from you.\""""
    make_mr_monopoly(sl, "Carol")
    up_to_four(sl, "Alice")
    outcome = play(sl, "cashin alice")[0]
    assert outcome.summary.endswith("Alice becomes Mr. Monopoly from Carol")
    assert [p["mr_monopoly"] for p in sl.state_json()["players"]] == [True, False, False]
    play(sl, "coin carol")  # a player again: collects coins...
    assert coins(sl, "Carol") == 1
    play(sl, "buy bob mediterranean")
    rent = play(sl, "rent carol mediterranean")[0]  # ...and pays rent the usual way
    assert stored_action(sl, rent) == ["RentPaid", "HoldingMoved"]
    assert (cash(sl, "Carol"), coins(sl, "Carol")) == (1498, 2)


def test_cashing_in_takes_the_token_off_a_trapped_player(sl: Game) -> None:
    """001:35 the new Mr. Monopoly "take[s] the MR. MONOPOLY token, place[s] it on their current space": the
    token no longer sits on the player it trapped (001:33 "That player may not move until their token is
    free")."""
    make_mr_monopoly(sl, "Carol")
    play(sl, "trap carol bob")
    up_to_four(sl, "Alice")
    outcome = play(sl, "cashin alice")[0]
    assert sl.state.trapped == set() and player_json(sl, "Bob")["trapped"] is False
    assert stored_action(sl, outcome) == ["HoldingMoved", "PlayerReleased", "MrMonopolyTaken"]


def test_cashing_in_is_a_way_out_of_jail(sl: Game) -> None:
    """001:349 "4. Become MR. MONOPOLY by trading in four sore loser coins at the start of your next turn.
    Then, roll and move.\""""
    up_to_four(sl, "Alice")
    play(sl, "jail alice", "cashin alice")
    assert "Alice" not in sl.state.in_jail


def test_mr_monopoly_never_collects_coins(sl: Game) -> None:
    """001:23 "MR. MONOPOLY never collects sore loser coins."; 001:39 "You may not collect sore loser coins
    when you are Mr. Monopoly." No coin for `coin`, for the rent, tax and jail he turns around, nor at Free
    Parking."""
    make_mr_monopoly(sl, "Carol")
    assert refused(sl, "coin carol") == "Mr. Monopoly never collects sore loser coins"
    play(sl, "buy alice boardwalk", "rent carol boardwalk", "tax carol income", "jail carol bob",
         "parking carol alice")
    assert coins(sl, "Carol") == 0
    assert (coins(sl, "Alice"), coins(sl, "Bob")) == (2, 3)  # Alice: +1 for the rent she paid, -1 stolen


def test_a_card_coin_is_not_for_mr_monopoly(new_game: NewGame) -> None:
    """001:23 "MR. MONOPOLY never collects sore loser coins." -- even from a card that says to collect one."""
    game = new_game(sore_losers_with(card_coin="dividend"))
    make_mr_monopoly(game, "Carol")
    outcome = play(game, "card carol chance dividend")[0]
    assert coins(game, "Carol") == 0 and stored_action(game, outcome) == ["CardDrawn"]


# -- Mr. Monopoly turns rent, taxes and jail around ---------------------------------------------------------


def test_mr_monopoly_collects_the_rent_from_the_owner(sl: Game) -> None:
    """001:29 "instead of paying rent when you land on another player's property, collect that rent from them."
    The owner takes a coin for it: 001:9-11 "Immediately collect one sore loser coin each time you: - pay rent",
    and the owner is the one who pays the rent here (001 does not single this case out)."""
    play(sl, "buy alice park", "buy alice boardwalk")
    make_mr_monopoly(sl, "Carol")
    outcome = play(sl, "rent carol park")[0]  # a complete set: double the M35
    assert (cash(sl, "Alice"), cash(sl, "Carol")) == (1500 - 750 - 70, 1570)
    assert (coins(sl, "Alice"), coins(sl, "Carol")) == (3, 0)
    assert stored_action(sl, outcome) == ["RentReversed", "HoldingMoved"]
    assert outcome.summary == ("Alice pays Mr. Monopoly (Carol) M70 rent for Park Place "
                               "(double: Alice owns every dark blue, none built); "
                               "Alice takes a sore loser coin from the bank (for paying rent)")
    assert refused(sl, "rent alice park") == "Alice owns Park Place; no rent is due on your own deed"


@pytest.mark.parametrize(("space", "amount"), [("income", 200), ("luxury", 100), ("electric", 150),
                                               ("water", 150)])
def test_mr_monopoly_collects_taxes_and_bills_from_the_bank(sl: Game, space: str, amount: int) -> None:
    """001:30 "instead of paying taxes or bills when you land on a tax or bill space, collect the amount shown
    on the board space from the Bank\""""
    make_mr_monopoly(sl, "Carol")
    bank = cash(sl, "bank")
    outcome = play(sl, f"tax carol {space}")[0]
    assert (cash(sl, "Carol"), cash(sl, "bank")) == (1500 + amount, bank - amount)
    assert coins(sl, "Carol") == 0
    assert stored_action(sl, outcome) == ["TaxCollected"]


def test_mr_monopoly_sends_another_player_to_jail(sl: Game) -> None:
    """001:31 "instead of going to Jail, send any other player in your place!" -- and 001:13 the one sent goes
    to Jail, so takes a coin."""
    make_mr_monopoly(sl, "Carol")
    outcome = play(sl, "jail carol bob")[0]
    assert sl.state.in_jail == {"Bob"}
    assert (coins(sl, "Bob"), coins(sl, "Carol")) == (3, 0)
    assert stored_action(sl, outcome) == ["JailEntered", "HoldingMoved"]
    assert refused(sl, "jail carol bob") == "Bob is already in jail"


def test_mr_monopoly_does_not_go_to_jail_himself(sl: Game) -> None:
    """001:338 "If you are MR. MONOPOLY, send any other player to Jail in your place!\""""
    make_mr_monopoly(sl, "Carol")
    message = refused(sl, "jail carol")
    assert message == "Carol is Mr. Monopoly and sends another player to jail instead: jail Carol <player>"
    assert refused(sl, "jail carol carol") == "Carol cannot send themselves; name another player"
    assert refused(sl, "jail alice bob") == "only Mr. Monopoly sends someone else to jail; write `jail Alice`"


def test_a_go_to_jail_card_does_not_jail_mr_monopoly(sl: Game) -> None:
    """001:31 "instead of going to Jail, send any other player in your place!"; 001:13 "go to Jail for any
    reason\""""
    make_mr_monopoly(sl, "Carol")
    assert "jail Carol <player>" in refused(sl, "card carol chance jail")


# -- free houses on doubles ---------------------------------------------------------------------------------


def test_doubles_place_a_free_house_on_any_street(sl: Game) -> None:
    """001:32 "whenever any player, including you, rolls doubles, place one free House on any street on the
    board. The street does not have to be part of a complete set, and you don't have to own it.\""""
    play(sl, "buy alice \"st. charles\"")
    make_mr_monopoly(sl, "Carol")
    accounts = dict(sl.state.accounts)
    outcome = play(sl, "place \"st. charles\"")[0]
    assert sl.state.deeds["St. Charles Place"].level == 1 and sl.state.bank_houses == 31
    assert sl.state.accounts == accounts  # free
    assert stored_action(sl, outcome) == ["FreeHousePlaced"]
    play(sl, "place states")  # the bank's street
    assert sl.state.deeds["States Avenue"].level == 1 and sl.state.deeds["States Avenue"].owner == "bank"
    play(sl, "rent bob \"st. charles\"")  # the house's rent, without the set
    assert cash(sl, "Bob") == 1500 - 50


def test_a_free_house_needs_a_mr_monopoly(sl: Game) -> None:
    """001:32 (while you are MR. MONOPOLY) "whenever any player ... rolls doubles, place one free House\""""
    assert refused(sl, "place boardwalk") == "nobody is Mr. Monopoly, so doubles place no free house"


def test_a_free_house_goes_on_a_street_with_fewer_than_four(sl: Game) -> None:
    """001:32 "place one free House on any street"; 001:47 "You can only have four [Houses on a street]"."""
    make_mr_monopoly(sl, "Carol")
    play(sl, *["place boardwalk"] * 4)
    message = refused(sl, "place boardwalk")
    assert message == "Boardwalk already has 4 houses; the free house goes on a street with fewer than 4"
    assert refused(sl, "place reading") == "Reading Railroad is not a street; the free house goes on a street"


def test_a_free_house_needs_a_house_in_the_bank(sl: Game) -> None:
    """001:160 "32 Houses": a free house comes from the bank's 32."""
    make_mr_monopoly(sl, "Carol")
    for street in BROWN + LIGHT_BLUE + PINK:
        play(sl, *[f'place "{street}"'] * 4)
    assert sl.state.bank_houses == 0
    assert refused(sl, "place boardwalk") == "the bank has no houses left to place"


def test_a_street_from_the_bank_keeps_its_buildings_free(sl: Game) -> None:
    """001:32 "If you place a House on a street that is owned by the Bank, when a player lands on that space,
    they still pay the price on the board space and get the House for free!\""""
    make_mr_monopoly(sl, "Carol")
    play(sl, "place boardwalk", "place boardwalk", "buy alice boardwalk")
    assert cash(sl, "Alice") == 1500 - 400
    assert sl.state.deeds["Boardwalk"].level == 2 and sl.state.bank_houses == 30
    play(sl, "place park", "auction park", "bid bob 10", "sold")  # an auction winner gets it too
    assert (cash(sl, "Bob"), sl.state.deeds["Park Place"].level) == (1490, 1)


# -- traps ----------------------------------------------------------------------------------------------------


def test_mr_monopoly_landing_on_a_player_traps_them_with_a_coin(sl: Game) -> None:
    """001:33 "when you land on the same space as another player, put the MR. MONOPOLY token on top of their
    token"; 001:17 "You also collect one sore loser coin when MR, MONOPOLY lands on the same space as you.\""""
    make_mr_monopoly(sl, "Carol")
    outcome = play(sl, "trap carol alice")[0]
    assert sl.state.trapped == {"Alice"}
    assert [p["trapped"] for p in sl.state_json()["players"]] == [True, False, False]
    assert coins(sl, "Alice") == 3
    assert stored_action(sl, outcome) == ["PlayerTrapped", "HoldingMoved"]


def test_only_mr_monopoly_traps(sl: Game) -> None:
    """001:33 (while you are MR. MONOPOLY) "when you land on the same space as another player\""""
    assert refused(sl, "trap alice bob") == "Alice is not Mr. Monopoly (nobody is); only Mr. Monopoly does that"
    make_mr_monopoly(sl, "Carol")
    assert refused(sl, "trap alice bob") == "Alice is not Mr. Monopoly (Carol is); only Mr. Monopoly does that"
    assert refused(sl, "trap carol carol") == "Carol cannot trap themselves; name another player"


def test_mr_monopoly_steals_a_deed_outside_a_complete_set(sl: Game) -> None:
    """001:33 "Then, you may steal one property from that player." A free house on it goes along (001:65 "If
    you trade or sell a street with a building on it. those buildings go to the new owner.")."""
    play(sl, "buy alice \"st. charles\"", "buy alice reading")
    make_mr_monopoly(sl, "Carol")
    play(sl, "place \"st. charles\"")
    outcome = play(sl, "trap carol alice \"st. charles\"")[0]
    assert sl.state.deeds["St. Charles Place"].owner == "Carol"
    assert sl.state.deeds["St. Charles Place"].level == 1
    assert stored_action(sl, outcome) == ["DeedHandedOver", "PlayerTrapped", "HoldingMoved"]
    assert cash(sl, "Carol") == 1500
    message = refused(sl, "trap carol bob reading")
    assert message == "Reading Railroad is not Bob's to steal (Alice owns it)"


def test_stealing_from_a_complete_set_is_refused(sl: Game) -> None:
    """001:33 "You may not steal a property that is part of a complete set.\""""
    play(sl, "buy alice park", "buy alice boardwalk")
    make_mr_monopoly(sl, "Carol")
    message = refused(sl, "trap carol alice park")
    assert message == ("Park Place is part of Alice's complete dark blue set and cannot be stolen; "
                       "pick another deed or none")
    play(sl, "trap carol alice")  # he still lands on her
    assert sl.state.trapped == {"Alice"} and sl.state.deeds["Park Place"].owner == "Alice"


def test_the_next_trap_releases_the_previous(sl: Game) -> None:
    """001:33 "put the MR. MONOPOLY token on top of their token ... That player may not move until their token
    is free" -- there is one token, so landing on the next player frees the last."""
    make_mr_monopoly(sl, "Carol")
    play(sl, "trap carol alice")
    outcome = play(sl, "trap carol bob")[0]
    assert sl.state.trapped == {"Bob"}
    assert [p["trapped"] for p in sl.state_json()["players"]] == [False, True, False]
    assert stored_action(sl, outcome) == ["PlayerReleased", "PlayerTrapped", "HoldingMoved"]


def test_release_frees_a_trapped_player(sl: Game) -> None:
    """001:33 "That player may not move until their token is free.\""""
    make_mr_monopoly(sl, "Carol")
    play(sl, "trap carol alice")
    outcome = play(sl, "release alice")[0]
    assert sl.state.trapped == set() and stored_action(sl, outcome) == ["PlayerReleased"]
    assert refused(sl, "release alice") == "Alice is not trapped"


def test_a_trapped_player_may_still_bid_collect_rent_and_build(sl: Game) -> None:
    """001:33 "While trapped, players may still take part in auctions, collect rent, and buy Houses and
    Hotels.\""""
    play(sl, "buy alice mediterranean", "buy alice baltic")
    make_mr_monopoly(sl, "Carol")
    play(sl, "trap carol alice")
    play(sl, "auction reading", "bid alice 10", "sold")
    assert sl.state.deeds["Reading Railroad"].owner == "Alice"
    play(sl, "rent bob mediterranean")
    play(sl, "build alice mediterranean")
    assert cash(sl, "Alice") == 1500 - 120 - 10 + 4 - 50
    assert sl.state.deeds["Mediterranean Avenue"].level == 1


# -- buildings, auctions, trades ------------------------------------------------------------------------------


def test_buildings_are_never_sold_back(sl: Game) -> None:
    """001:53 "Once buildings are built, they must stay on their street for the rest of the game.\""""
    play(sl, "buy alice park", "buy alice boardwalk", "build alice boardwalk")
    message = refused(sl, "sell alice boardwalk")
    assert message == ("buildings are never sold back in Monopoly for Sore Losers: "
                       "they stay on Boardwalk for the rest of the game")


def test_a_traded_deed_keeps_its_buildings(sl: Game) -> None:
    """001:65 "If you trade or sell a street with a building on it. those buildings go to the new owner.\""""
    play(sl, "buy alice park", "buy alice boardwalk", "build alice boardwalk")
    play(sl, "trade alice bob give boardwalk get $10")
    assert sl.state.deeds["Boardwalk"].owner == "Bob" and sl.state.deeds["Boardwalk"].level == 1
    assert sl.state.bank_houses == 31
    play(sl, "rent carol boardwalk")
    assert cash(sl, "Bob") == 1500 - 10 + 200


def test_auctions_open_at_ten_and_rise_by_one(sl: Game) -> None:
    """001:248 "Bidding starts at M10, and anyone can increase the bid by as little as +1.\""""
    play(sl, "auction boardwalk")
    assert refused(sl, "bid alice 9") == "the opening bid is at least M10"
    play(sl, "bid alice 10")
    assert "bid at least M11" in refused(sl, "bid bob 10")
    play(sl, "bid bob 11", "sold")
    assert sl.state.deeds["Boardwalk"].owner == "Bob" and cash(sl, "Bob") == 1489


def test_an_auction_without_bids_leaves_the_deed_with_the_bank(sl: Game) -> None:
    """001:248 "If no one wants to bid on the property, that's fine. No one pays anything, and the Title Deed
    stays with the Bank\""""
    accounts = dict(sl.state.accounts)
    play(sl, "auction boardwalk", "sold")
    assert sl.state.deeds["Boardwalk"].owner == "bank" and sl.state.accounts == accounts
    play(sl, "buy carol boardwalk")


def test_a_building_shortage_auction_opens_at_ten(sl: Game) -> None:
    """001:57 "If multiple players want to buy the last House or Hotel, the Banker must auction it. Bids start at
    M10 and anyone can increase the bid by as little as M1.\""""
    play(sl, "buy alice mediterranean", "buy alice baltic", *[f'buy bob "{d}"' for d in LIGHT_BLUE])
    play(sl, "auction house")
    assert refused(sl, "bid alice 9") == "the opening bid is at least M10"
    play(sl, "bid alice 10", "bid bob 11", "sold vermont")
    assert sl.state.deeds["Vermont Avenue"].level == 1 and cash(sl, "Bob") == 1500 - 320 - 11


def test_coins_are_trade_items(sl: Game) -> None:
    """001:61 "You can buy, sell, or swap property and sore loser coins with other players at any time.\""""
    outcome = play(sl, "trade alice bob give coin get $30")[0]
    assert (coins(sl, "Alice"), coins(sl, "Bob"), cash(sl, "Alice"), cash(sl, "Bob")) == (1, 3, 1530, 1470)
    assert stored_action(sl, outcome) == ["TradeMade", "HoldingMoved", "CashPaid"]
    play(sl, "trade carol alice give coin coin get $50")  # several coins: the word repeated
    assert (coins(sl, "Carol"), coins(sl, "Alice")) == (0, 3)
    assert coins(sl, "bank") == 24


def test_a_coin_trade_may_not_take_the_receiver_above_four(sl: Game) -> None:
    """001:21 "You can never have more than four sore loser coins at a time.\""""
    play(sl, "trade alice bob give coin coin get $60")
    assert coins(sl, "Bob") == 4
    message = refused(sl, "trade carol bob give coin get $30")
    assert message == "Bob may hold at most 4 sore loser coins and has 4; trade at most 0"


def test_a_coin_trade_may_not_give_more_than_held(sl: Game) -> None:
    """001:61 "swap property and sore loser coins" -- only coins the giver has."""
    message = refused(sl, "trade alice bob give coin coin coin get $30")
    assert message == "Alice holds 2 sore loser coins, not 3; trade at most 2"


def test_mr_monopoly_takes_no_coins_in_a_trade(sl: Game) -> None:
    """001:39 "You may not collect sore loser coins when you are Mr. Monopoly.\""""
    make_mr_monopoly(sl, "Carol")
    assert "Mr. Monopoly" in refused(sl, "trade alice carol give coin get $5")


# -- bankruptcy ----------------------------------------------------------------------------------------------


def debtor(game: Game) -> None:
    """Alice: the dark blues with a house on Boardwalk, Reading Railroad mortgaged, M450, 2 coins: she can raise
    M825 (M450 cash and the dark blues mortgaged for M175 and M200; 001 sells no buildings back), not DEBT."""
    play(game, "buy alice park", "buy alice boardwalk", "build alice boardwalk", "buy alice reading",
         "mortgage alice reading")
    assert cash(game, "Alice") == 450


DEBT = 450 + 175 + 200 + 1
def test_bankruptcy_to_a_player(sl: Game) -> None:
    """001:73 "Give them all your mortgaged properties. Place any sore loser coins you have back in the Bank.
    People have to earn those!"; 001:75 "The new owner may unmortgage those properties at any time": no 10% now
    (001:69's 10% is the trade's rule); 001:93 "the building stays where it is.\""""
    debtor(sl)
    play(sl, f"bankrupt alice bob {DEBT}")
    assert sl.state.deeds_of("Bob") == ["Reading Railroad", "Park Place", "Boardwalk"]
    assert sl.state.deeds["Reading Railroad"].mortgaged
    assert sl.state.deeds["Boardwalk"].level == 1 and sl.state.bank_houses == 31
    assert cash(sl, "Bob") == 1500 + 450
    assert (coins(sl, "Alice"), coins(sl, "bank")) == (0, 26)
    assert "Alice" in sl.state.bankrupt


def test_bankruptcy_to_the_bank(sl: Game) -> None:
    """001:77 "Return all your properties to the Bank. Any mortgages are canceled, and any buildings stay where
    they are. If a player buys a property with a building on it from the Bank, they pay the price on the board
    space and get the building for free"; 001:79 "Place any sore loser coins you have back in the Bank.\""""
    debtor(sl)
    play(sl, f"bankrupt alice {DEBT}")
    assert all(sl.state.deeds[d].owner == "bank" for d in ["Reading Railroad", *DARK_BLUE])
    assert not sl.state.deeds["Reading Railroad"].mortgaged
    assert sl.state.deeds["Boardwalk"].level == 1 and sl.state.bank_houses == 31
    assert sl.state.to_auction == [] and sl.state.auction is None  # bought, not auctioned
    assert (coins(sl, "Alice"), coins(sl, "bank")) == (0, 26)
    play(sl, "go carol", "buy bob boardwalk")
    assert cash(sl, "Bob") == 1100 and sl.state.deeds["Boardwalk"].level == 1


def test_bankruptcy_to_the_bank_does_not_promise_an_auction(sl: Game) -> None:
    """001:77 "If a player buys a property with a building on it from the Bank, they pay the price\""""
    debtor(sl)
    assert "auction" not in play(sl, f"bankrupt alice {DEBT}")[0].summary


# -- the end ----------------------------------------------------------------------------------------------------


def endgame(game: Game) -> None:
    """Every property owned. Alice: the dark blues, a house on Boardwalk (M1,300). Bob: the browns,
    Mediterranean mortgaged (M1,530). Carol: everything else (M1,500)."""
    own(game, "Alice", *DARK_BLUE)
    play(game, "build alice boardwalk")
    own(game, "Bob", *BROWN)
    play(game, "mortgage bob mediterranean")
    own(game, "Carol", *[d for d in game.state.deeds if game.state.deeds[d].owner == "bank"])


CAROL_RENTS = [
    ("Reading Railroad", 200), ("Oriental Avenue", 12), ("Vermont Avenue", 12), ("Connecticut Avenue", 16),
    ("St. Charles Place", 20), ("States Avenue", 20), ("Virginia Avenue", 24), ("Pennsylvania Railroad", 200),
    ("St. James Place", 28), ("Tennessee Avenue", 28), ("New York Avenue", 32), ("Kentucky Avenue", 36),
    ("Indiana Avenue", 36), ("Illinois Avenue", 40), ("B. & O. Railroad", 200), ("Atlantic Avenue", 44),
    ("Ventnor Avenue", 44), ("Marvin Gardens", 48), ("Pacific Avenue", 52), ("North Carolina Avenue", 52),
    ("Pennsylvania Avenue", 56), ("Short Line", 200),
]


def test_the_final_round_waits_until_every_property_is_owned(sl: Game) -> None:
    """001:111 "The game ends when all of the properties have been purchased and all players have made it back
    to the GO space.\""""
    message = refused(sl, "final")
    assert message == ("26 properties still belong to the bank (e.g. Mediterranean Avenue); "
                       "the game ends when all are bought and everyone is back at GO")
    own(sl, "Carol", *[d for d in sl.state.deeds if d != "Boardwalk"])
    assert refused(sl, "final").startswith("1 property still belongs to the bank (e.g. Boardwalk)")


def test_the_final_round_pays_each_player_the_rent_on_their_properties(sl: Game) -> None:
    """001:115 "Once all players reach GO, in turn order, each player collects rent for each of their
    properties. - For properties in a set, collect double rent. - For properties with buildings, collect rent
    for those buildings."; 001:101 "Rent cannot be collected on properties that are mortgaged. However, the
    increased rent level can be collected on the unmortgaged streets in a color set.\""""
    endgame(sl)
    bank = cash(sl, "bank")
    outcome = play(sl, "final")[0]
    lines = sl.final_round_lines()
    assert lines == [("Alice", "Park Place", 70), ("Alice", "Boardwalk", 200), ("Bob", "Baltic Avenue", 8),
                     *[("Carol", deed, rent) for deed, rent in CAROL_RENTS]]
    assert (cash(sl, "Alice"), cash(sl, "Bob"), cash(sl, "Carol")) == (1300 + 270, 1530 + 8, 1500 + 1400)
    assert cash(sl, "bank") == bank - 270 - 8 - 1400
    assert stored_action(sl, outcome) == ["FinalRoundPlayed"] + ["FinalRentCollected"] * len(lines)
    assert sl.state.final_round


def test_the_final_round_is_played_once(sl: Game) -> None:
    """001:115 "Once all players reach GO, in turn order, each player collects rent" -- one round."""
    endgame(sl)
    play(sl, "final")
    assert refused(sl, "final") == "the final rent round was already played; see `score`"


def test_most_cash_wins(sl: Game) -> None:
    """001:120 "Count up your cash. The player with the most wins!"; 001:154 "the player with the most
    cash--sore loser or not--wins". Carol has the most deeds, Alice the most cash."""
    endgame(sl)
    play(sl, "collect alice 2000", "final")
    table, winner = score(sl.state)
    by_name = {w.name: w for w in table}
    assert by_name["Carol"].net_worth > by_name["Alice"].net_worth
    assert winner == "Alice"
    body = score_json(sl.state, sl.final_round_lines())
    assert body["winner"] == "Alice" and body["ranked_by"] == "cash"
    assert body["final_round"][0] == {"player": "Alice", "deed": "Park Place", "rent": 70}
    assert len(body["final_round"]) == 25


# -- undo -----------------------------------------------------------------------------------------------------


UNDOABLE = [
    ((), "coin alice"),
    ((), "parking alice bob"),
    (("coin alice", "coin alice"), "cashin alice"),
    (("coin alice", "coin alice"), "trade alice bob give coin get $30"),
    ((), "trap carol bob"),
    ((), "trap carol alice \"st. charles\""),
    (("trap carol bob",), "trap carol alice"),
    (("trap carol bob",), "release bob"),
    (("trap carol bob", "coin alice", "coin alice"), "cashin alice"),
    ((), "place \"st. charles\""),
    ((), "place boardwalk"),
    ((), "rent carol boardwalk"),
    ((), "rent alice mediterranean"),
    ((), "tax carol water"),
    ((), "tax alice luxury"),
    ((), "jail carol alice"),
    ((), "card alice chest jail"),
    ((), "bankrupt bob alice 2000"),  # Bob: M1,340 and Mediterranean's M30 mortgage
    ((), "bankrupt bob 2000"),
]


@pytest.mark.parametrize(("setup", "line"), UNDOABLE)
def test_undo_restores_each_sore_losers_action_exactly(sl: Game, setup: tuple[str, ...], line: str) -> None:
    """Undo is the ledger's promise for every action: the state after undo equals the state before."""
    play(sl, "buy alice park", "buy alice boardwalk", "buy alice \"st. charles\"", "build alice boardwalk",
         "buy bob mediterranean", "buy bob reading", "mortgage bob reading")
    make_mr_monopoly(sl, "Carol")
    play(sl, *setup)
    before = everything(sl)
    play(sl, line)
    after = everything(sl)
    assert after != before
    play(sl, "undo")
    assert everything(sl) == before
    play(sl, "redo")
    assert everything(sl) == after


def test_undo_of_the_final_round(sl: Game) -> None:
    endgame(sl)
    before = everything(sl)
    play(sl, "final", "undo")
    assert everything(sl) == before and sl.final_round_lines() == []
    play(sl, "final")  # and it can be played again
    assert sl.state.final_round


def test_a_reopened_game_and_a_snapshot_hold_the_same_sore_losers_state(sl: Game) -> None:
    """The ledger replays Mr. Monopoly, the trap and the final round from the file, and a snapshot keeps them."""
    endgame(sl)
    make_mr_monopoly(sl, "Carol")
    play(sl, "trap carol bob", "final")
    reopened = Game.open(sl.store.path)
    try:
        assert everything(reopened) == everything(sl)
        assert reopened.final_round_lines() == sl.final_round_lines()
    finally:
        reopened.close()
    restored = snapshots.state_from_json(snapshots.state_to_json(sl.state), sl.state.edition)
    assert restored.mr_monopoly == "Carol" and restored.trapped == {"Bob"} and restored.final_round
    assert restored.to_json() == sl.state.to_json()


def test_build_evenly_still_applies_to_bought_houses(sl: Game) -> None:
    """001:47 "set, you can start buying Houses ... Pay the Bank the cost on the Title Deed card" -- the whole
    set first, as in the classic game (the free houses of 001:32 are the exception)."""
    play(sl, "buy alice park")
    assert refused(sl, "build alice park") == "Alice must own the whole dark blue group to build on Park Place"
    play(sl, "buy alice boardwalk", "collect alice 1000")
    build_evenly(sl, "Alice", DARK_BLUE, 2)
    assert [sl.state.deeds[d].level for d in DARK_BLUE] == [2, 2]


def test_rent_paid_by_a_nearest_railroad_card_earns_a_coin(sl: Game) -> None:
    """001:9-11 "Immediately collect one sore loser coin each time you: - pay rent": the card's doubled rent too."""
    own(sl, "Alice", "Reading Railroad")
    play(sl, "card bob chance nearest-railroad reading")
    assert cash(sl, "Bob") == 1500 - 2 * 25 and coins(sl, "Bob") == 3


def test_a_nearest_railroad_card_turns_the_rent_around_for_mr_monopoly(sl: Game) -> None:
    """001:29 Mr. Monopoly collects the rent instead of paying it; the card's "twice the rental" is that rent,
    so the owner pays him double and takes the coin for paying rent."""
    own(sl, "Alice", "Reading Railroad")
    make_mr_monopoly(sl, "Carol")
    before = cash(sl, "Carol")
    play(sl, "card carol chance nearest-railroad reading")
    assert cash(sl, "Carol") - before == 2 * 25 and cash(sl, "Alice") == 1500 - 2 * 25
    assert coins(sl, "Alice") == 3 and coins(sl, "Carol") == 0
