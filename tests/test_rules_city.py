"""Monopoly City (issue 9, core part): money in whole M typed as 500k / 2m / 3.5m, the Build spin, blocks,
railroads, planning permission, stadiums, skyscrapers, the Monopoly Tower, the Rent Dodge card, Industry
Tax, mortgages at the rent value, bankruptcy, the score, the game clock, and undo of each new action.

Rulebook: 004 = 004_1adba3e159bf5a4c.txt (Monopoly City instructions); "004:N" is its line N. The edition
file is editions/city.toml; values it marks `# unverified` or `# single source` (block prices of Royal
Court, skyscraper costs, hazard sizes other than the prison, Industry Tax M2m, tower M7m) are tested as the
file has them, citing the file.
"""

from __future__ import annotations

import copy
from datetime import datetime

import pytest
from conftest import NewGame, cash, play, refused

from banker import events as ev
from banker.events import BANK
from banker.game import Game
from banker.snapshots import state_to_json
from banker.valuation import score, score_json, worth
from editions import load_edition, parse_edition

START = 37_700_000  # city.toml: M37.7m (004's "Give each player:" list is cut off)
GO = 2_000_000
M = 1_000_000
K = 1_000
BROWN = ["Summergate", "Stoneside"]
LIGHT_BLUE = ["Westlands", "Bayview Dock", "Brightside"]
PURPLE = ["Old Town", "Harbor Heights", "Central Quay"]
ORANGE = ["Shine Village", "East Bank", "Treetop Park"]
GREEN = ["Royal Court", "The Marina", "Riverside"]
DARK_BLUE = ["Fortune Valley", "Diamond Hills"]


@pytest.fixture
def city(new_game: NewGame) -> Game:
    """A Monopoly City game for Alice, Bob and Carol, M37.7m each."""
    return new_game("city")


def own(game: Game, player: str, *deeds: str) -> None:
    for deed in deeds:
        play(game, f'buy {player} "{deed}"')


def other(game: Game, player: str) -> str:
    return next(p for p in game.state.players if p != player and p not in game.state.bankrupt)


def spin(game: Game, player: str, result: str | int) -> None:
    """A Build press for `player`; another player presses first when `player` pressed last (one per turn)."""
    if game.state.spin is not None and game.state.spin.player == player:
        play(game, f"spin {other(game, player)} 1")
    play(game, f"spin {player} {result}")


def blocks(game: Game, player: str, deed: str, kind: str, count: int) -> None:
    """Build `count` blocks over as many turns as it takes (3 a spin at most)."""
    while count:
        step = min(3, count)
        spin(game, player, step)
        play(game, f'build {player} "{deed}" {kind} {step}')
        count -= step


def paid(game: Game, payer: str, line: str) -> int:
    """What `payer` paid for this line (negative when they received)."""
    before = cash(game, payer)
    play(game, line)
    return before - cash(game, payer)


def rent(game: Game, payer: str, deed: str) -> int:
    return paid(game, payer, f'rent {payer} "{deed}"')


def prop(game: Game, deed: str) -> dict:
    """The deed's row in `state --json`."""
    return next(p for player in game.state_json()["players"] for p in player["properties"] if p["name"] == deed)


def central_quay_example(game: Game) -> None:
    """004:274-280: Alice owns Central Quay, Old Town and Harbor Heights; Central Quay has 2 residential
    blocks under a power station and 4 industrial blocks; a skyscraper stands on Harbor Heights."""
    own(game, "Alice", *PURPLE)
    blocks(game, "Alice", "Central Quay", "residential", 2)
    play(game, 'hazard bob "Central Quay" power')
    blocks(game, "Alice", "Central Quay", "industrial", 4)
    play(game, 'skyscraper alice "Harbor Heights"')


# -- the rulebook's rent example ------------------------------------------------------------------------


def test_rulebook_rent_example_central_quay_is_m7m(city: Game) -> None:
    """004:274-282 "You own Central Quay, Old Town and Harbor Heights. Another player lands on Central Quay.
    There are: 2 residential blocks, which don't count because the hazard (power station) makes them
    worthless. Value = M0. 4 industrial blocks. Value = M3.5m. 1 skyscraper on Harbor Heights, which is in the
    same color group, so double the rent. Value = 2xM3.5m = M7m. Total Rent Value: M7m." """
    central_quay_example(city)
    row = prop(city, "Central Quay")
    assert (row["residential"], row["industrial"], row["hazard"]) == (2, 4, "Power Station")
    assert prop(city, "Harbor Heights")["skyscraper"] is True
    outcome = play(city, 'rent bob "Central Quay"')[0]
    assert outcome.summary == ("Bob pays Alice M7m rent for Central Quay (4 industrial blocks, "
                               "Power Station: 2 residential worthless, skyscraper on Harbor Heights: doubled)")
    rent_paid = outcome.events[0].transfers
    assert [(t.payer, t.payee, t.amount) for t in rent_paid] == [("Bob", "Alice", 7_000_000)]


def test_rulebook_rent_example_without_the_skyscraper_is_m3_5m(city: Game) -> None:
    """004:278 "4 industrial blocks. Value = M3.5m." (the value before the skyscraper doubles it)"""
    own(city, "Alice", *PURPLE)
    blocks(city, "Alice", "Central Quay", "residential", 2)
    play(city, 'hazard bob "Central Quay" power')
    blocks(city, "Alice", "Central Quay", "industrial", 4)
    assert rent(city, "Bob", "Central Quay") == 3_500_000


# -- money ------------------------------------------------------------------------------------------------


def test_money_is_whole_m_start_go_and_jail_fine(city: Game) -> None:
    """004:343 "Paying a M500k fine"; city.toml: start M37.7m, GO M2m. The ledger and state --json hold
    whole M (M1m = 1000000)."""
    body = city.state_json()
    assert [p["cash"] for p in body["players"]] == [START] * 3
    started = city.records[0].event
    assert [t.amount for t in started.transfers] == [START] * 3
    outcome = play(city, "go alice")[0]
    assert outcome.summary == "Alice collects M2m salary for passing GO"
    assert [t.amount for t in outcome.events[0].transfers] == [GO]
    play(city, "jail bob")
    outcome = play(city, "bail bob")[0]
    assert outcome.summary == "Bob pays the M500k fine and leaves jail"
    body = city.state_json()
    assert [p["cash"] for p in body["players"]] == [START + GO, START - 500_000, START]
    assert all(type(p["cash"]) is int for p in body["players"])


@pytest.mark.parametrize(("word", "amount", "shown"), [
    ("500k", 500_000, "M500k"),
    ("2m", 2_000_000, "M2m"),
    ("3.5m", 3_500_000, "M3.5m"),
    ("M2m", 2_000_000, "M2m"),
    ("$3.5m", 3_500_000, "M3.5m"),
    ("10k", 10_000, "M10k"),
    ("2500000", 2_500_000, "M2.5m"),
])
def test_amounts_are_typed_as_500k_2m_3_5m(city: Game, word: str, amount: int, shown: str) -> None:
    """Issue 9 "Money": "The command language also accepts 500k, 2m, 3.5m; the app shows M500k, M2m, M3.5m
    as the game prints them." (004:133 "from M10k upwards", 004:255 "M500k per block")"""
    outcome = play(city, f"pay alice {word}")[0]
    assert cash(city, "Alice") == START - amount
    assert outcome.events[0].transfers[0].amount == amount
    assert outcome.summary == f"Alice pays bank {shown} (pay)"


@pytest.mark.parametrize(("line", "expected"), [
    ("pay alice 50", "M50 cannot be paid in Monopoly City notes, the smallest of which is M10k; did you mean M50k?"),
    ("collect alice 5", "M5 cannot be paid in Monopoly City notes, the smallest of which is M10k"),
    ("pay alice 12345 bob", "M12.345k cannot be paid in Monopoly City notes, the smallest of which is M10k"),
    ("trade alice bob give 50 get $20k", "M50 cannot be paid in Monopoly City notes, the smallest of which is M10k; "
                                        "did you mean M50k?"),
    ("bankrupt alice 99", "M99 cannot be paid in Monopoly City notes, the smallest of which is M10k"),
])
def test_an_amount_below_the_smallest_note_is_refused_as_a_slip(city: Game, line: str, expected: str) -> None:
    """004:133 "any value from M10k upwards"; the money pack's smallest note is M10k (city.toml): "pay alice 50"
    at a City table is a slip for 50k, never M50. Nothing is written."""
    head = city.head
    assert refused(city, line) == expected
    assert city.head == head


def test_a_bid_below_the_smallest_note_is_refused_and_whole_notes_are_taken(city: Game) -> None:
    play(city, "auction fortune")
    assert refused(city, "bid alice 12345") == ("M12.345k cannot be paid in Monopoly City notes, the smallest of "
                                                "which is M10k")
    assert play(city, "bid alice 10k", "sold")[0].summary == "Alice bids M10k"
    assert play(city, "pay bob 20k", "collect carol 1.21m")[1].summary == "bank pays Carol M1.21m (collect)"


def test_the_classic_board_takes_any_whole_dollar(new_game: NewGame) -> None:
    assert play(new_game(), "pay alice 5")[0].summary == "Alice pays bank $5 (pay)"


def test_the_summary_prints_m37_7m(city: Game) -> None:
    """004 prints money as M500k, M2m, M3.5m; a player's whole start is M37.7m (city.toml)."""
    assert play(city, "pay alice 37.7m")[0].summary == "Alice pays bank M37.7m (pay)"
    assert cash(city, "Alice") == 0


@pytest.mark.parametrize(("word", "expected"), [
    ("2.0000005m", "amount '2.0000005m' is not a whole amount; write 500k, 2m or 3.5m"),
    ("abc", "'abc' is not an amount; write a whole number like 500k"),
    ("1.5.5m", "'1.5.5m' is not an amount; write a whole number like 500k"),
    ("-2m", "amount '-2m' is negative; amounts are positive whole numbers (pay goes the other way)"),
    ("1.5", "amount '1.5' has a fraction; amounts are whole numbers like 500k"),
    ("0k", "an amount of 0 moves nothing; write a positive whole number"),
])
def test_amounts_that_are_not_whole_amounts_are_refused(city: Game, word: str, expected: str) -> None:
    """Issue 9 "Money": amounts are whole M; a refused line says what to write instead."""
    assert refused(city, f"pay alice {word}") == expected



def test_decimal_amounts_are_exact_8_2m_is_8200000(city: Game) -> None:
    """Issue 9 "Money": "The command language also accepts 500k, 2m, 3.5m" -- read as decimals, so 8.2m is
    exactly M8,200,000 (8.2 x 1000000 in floating point is 8199999.999...)."""
    outcome = play(city, "pay alice 8.2m")[0]
    assert outcome.events[0].transfers[0].amount == 8_200_000
    assert outcome.summary == "Alice pays bank M8.2m (pay)"
    play(city, "collect bob 4.35m", "collect carol 0.1m")
    assert (cash(city, "Alice"), cash(city, "Bob"), cash(city, "Carol")) == (
        START - 8_200_000, START + 4_350_000, START + 100_000)


@pytest.mark.parametrize("amount", [1_999_999, 999_999, 37_699_999, 2_000_500, 10_001])
def test_an_amount_that_is_not_round_prints_exactly(new_game: NewGame, amount: int) -> None:
    """Issue 9 "Money": whole M in the ledger; the summary never rounds (M1,999,999 is not M2m): what it
    prints reads back as the same amount. Typed at a table of the shipped edition such an amount is refused (not
    whole M10k notes); a game keeps the edition it started with, so one started before that rule takes it."""
    from banker.language import parse_amount

    raw = copy.deepcopy(load_edition("city").raw)
    del raw["rules"]["smallest_note"]
    city = new_game(parse_edition(raw, "city", "city.toml without smallest_note"))
    summary = play(city, f"pay alice {amount}")[0].summary
    shown = summary.removeprefix("Alice pays bank ").removesuffix(" (pay)")
    assert shown != "M2m" and parse_amount(shown, "M") == amount
    assert city.money(1_999_999) != "M2m"
    assert cash(city, "Alice") == START - amount


# -- auctions -----------------------------------------------------------------------------------------------


def test_auctions_open_from_m10k(city: Game) -> None:
    """004:133 "The player who decided to auction starts the bidding at any value from M1 Ok upwards." """
    play(city, "auction summergate")
    assert refused(city, "bid alice 9999") == "the opening bid is at least M10k"
    play(city, "bid alice 10k")
    outcome = play(city, "sold")[0]
    assert outcome.summary == "Summergate sold at auction to Alice for M10k"
    assert cash(city, "Alice") == START - 10 * K and city.state.deeds["Summergate"].owner == "Alice"


# -- the Build spin -----------------------------------------------------------------------------------------


def test_spin_once_per_turn(city: Game) -> None:
    """004:155 "You can press the Build button once per turn." A second press of the same player is
    refused with the way to say it is a new turn of theirs; 004:83 (doubles: "take another turn")."""
    play(city, "spin alice 2")
    assert refused(city, "spin alice 1") == (
        "Alice already pressed Build this turn; a new turn of Alice's (doubles, or nobody else pressed Build "
        "since) says so: spin Alice again")
    assert refused(city, "spin alice") == refused(city, "spin alice 1")
    play(city, "spin alice 1 again")
    assert city.state_json()["spin"] == {"player": "Alice", "blocks_left": 1, "railroad": False}
    play(city, "spin bob 3", "spin alice 3")  # another player's press in between: Alice's next turn
    assert city.state_json()["spin"] == {"player": "Alice", "blocks_left": 3, "railroad": False}


@pytest.mark.parametrize(("result", "blocks", "railroad", "summary"), [
    ("1", 1, False, "Alice presses Build: up to 1 block this turn"),
    ("2", 2, False, "Alice presses Build: up to 2 blocks this turn"),
    ("3", 3, False, "Alice presses Build: up to 3 blocks this turn"),
    ("railroad", 0, True, "Alice presses Build: a free railroad this turn"),
])
def test_spin_results_are_1_2_3_or_railroad(city: Game, result: str, blocks: int, railroad: bool,
                                            summary: str) -> None:
    """004:162 "press the build button on the Trading unit to find out whether you can buy 1,2, or 3
    blocks, or build a railroad." """
    outcome = play(city, f"spin alice {result}")[0]
    assert outcome.summary == summary
    assert outcome.events == (ev.BuildSpun("Alice", result),)
    assert city.state_json()["spin"] == {"player": "Alice", "blocks_left": blocks, "railroad": railroad}


def test_a_spin_result_outside_the_four_is_refused(city: Game) -> None:
    """004:162 "1,2, or 3 blocks, or build a railroad" -- nothing else."""
    assert refused(city, "spin alice 4") == "'4' is not a Build result; write 1, 2, 3 or railroad (or leave it out)"
    assert refused(city, "spin alice 2 3").startswith("spin takes one result: spin <player> [1|2|3|railroad]")


def test_a_bad_result_after_again_names_the_bad_word(city: Game) -> None:
    """004:162 "1,2, or 3 blocks, or build a railroad": the refusal names the word that is not one of them."""
    assert refused(city, "spin alice again 4") == (
        "'4' is not a Build result; write 1, 2, 3 or railroad (or leave it out)")


def test_a_drawn_spin_is_one_of_the_four_and_replays_the_same(city: Game) -> None:
    """004:143-147 "Press the Build button ... What number's showing when it stops?": Banker spins when no
    result is given; the ledger keeps what it drew, so undo/redo and a reopened file show the same."""
    seen = []
    for turn in range(12):
        player = ("Alice", "Bob", "Carol")[turn % 3]
        outcome = play(city, f"spin {player}")[0]
        spun = outcome.events[0]
        assert isinstance(spun, ev.BuildSpun) and spun.result in ("1", "2", "3", "railroad")
        railroad = spun.result == "railroad"
        assert city.state_json()["spin"] == {"player": player, "blocks_left": 0 if railroad else int(spun.result),
                                             "railroad": railroad}
        seen.append(city.state_json()["spin"])
    play(city, "undo", "redo")
    assert city.state_json()["spin"] == seen[-1]
    reopened = Game.open(city.store.path)
    try:
        assert reopened.state_json()["spin"] == seen[-1]
    finally:
        reopened.close()


def test_build_within_the_spins_allowance(city: Game) -> None:
    """004:147 "That's the maximum number of blocks you can build on this turn, e.g. 3 means you can build up
    to 3 blocks." 004:153 "You can build on more than one district in the same turn." """
    own(city, "Alice", *BROWN)
    play(city, "spin alice 3", "build alice summergate residential 2")
    assert city.state_json()["spin"]["blocks_left"] == 1
    play(city, "build alice stoneside industrial")
    assert (prop(city, "Summergate")["residential"], prop(city, "Stoneside")["industrial"]) == (2, 1)
    assert refused(city, "build alice summergate residential") == (
        "Alice has used this turn's Build spin; the next press comes on Alice's next turn")


def test_build_beyond_the_allowance_is_refused(city: Game) -> None:
    """004:147 "That's the maximum number of blocks you can build on this turn" """
    own(city, "Alice", "Summergate")
    play(city, "spin alice 2")
    assert refused(city, "build alice summergate residential 3") == (
        "Alice's Build spin allows 2 blocks this turn; build at most that")
    play(city, "build alice summergate residential")
    assert refused(city, "build alice summergate industrial 2") == (
        "Alice's Build spin allows 1 block this turn; build at most that")


def test_build_without_a_spin_is_refused(city: Game) -> None:
    """004:143 "Press the Build button on the Trading Unit." (before building)"""
    own(city, "Alice", "Summergate")
    assert refused(city, "build alice summergate residential") == "press Build first: spin Alice"


def test_build_after_another_players_spin_is_refused(city: Game) -> None:
    """004:155 "You can press the Build button once per turn": Bob's press ends what was left of Alice's."""
    own(city, "Alice", "Summergate")
    play(city, "spin alice 3", "spin bob 1")
    assert refused(city, "build alice summergate residential") == "press Build first: spin Alice"


def test_build_only_on_your_own_districts(city: Game) -> None:
    """004:153 "Build properties on ANY districts that you own." """
    own(city, "Alice", "Summergate")
    play(city, "spin bob 3")
    assert refused(city, "build bob summergate residential") == (
        "Summergate belongs to Alice, not Bob; name Alice, or trade for it first")


def test_a_district_takes_at_most_8_blocks(city: Game) -> None:
    """004:158 "Build up to 8 blocks on each district to increase its rent value." """
    own(city, "Alice", "Summergate")
    blocks(city, "Alice", "Summergate", "residential", 4)
    blocks(city, "Alice", "Summergate", "industrial", 3)
    spin(city, "Alice", 3)
    assert refused(city, "build alice summergate industrial 2") == (
        "Summergate has 7 blocks and takes at most 8; build at most 1")
    play(city, "build alice summergate industrial")
    assert refused(city, "build alice summergate residential") == (
        "Summergate has 8 blocks, the most a district takes; build on another one")
    assert rent(city, "Bob", "Summergate") == 5_500_000  # city.toml: Summergate with 8 blocks
    assert refused(city, "build alice summergate residential 9") == "'9' is not a block count; write 1 to 8"


@pytest.mark.parametrize(("deed", "kind", "price"), [
    ("Summergate", "residential", 500 * K),
    ("Summergate", "industrial", 1 * M),
    ("Central Quay", "residential", 1 * M),
    ("Central Quay", "industrial", 2 * M),
    ("Royal Court", "residential", 2 * M),  # city.toml: the green group's value (its [G10] row is a slip)
    ("Royal Court", "industrial", 4 * M),
])
def test_residential_and_industrial_blocks_cost_the_cards_prices(city: Game, deed: str, kind: str,
                                                                 price: int) -> None:
    """004:151 "Buy them from the bank at the price shown on your District card(s)." 004:166 "Residential
    buildings are cheaper to buy than industrial buildings." """
    own(city, "Alice", deed)
    play(city, "spin alice 2")
    outcome = play(city, f'build alice "{deed}" {kind} 2')[0]
    assert [(t.payer, t.payee, t.amount) for t in outcome.events[0].transfers] == [("Alice", BANK, 2 * price)]
    assert outcome.summary == f"Alice builds 2 {kind} blocks on {deed} for {city.money(2 * price)}"
    assert prop(city, deed)[kind] == 2


def test_railroad_needs_a_railroad_spin(city: Game) -> None:
    """004:178 "On your turn, if this icon flashes when you press the Build button, build a railroad on any
    district for free!" 004:147 "you can build a railroad but no properties." """
    own(city, "Alice", "Summergate")
    assert refused(city, "railroad alice summergate") == "a railroad needs a railroad Build spin this turn: spin Alice"
    play(city, "spin alice 2")
    assert refused(city, "railroad alice summergate") == (
        "Alice's Build spin this turn allows blocks, not a railroad; build blocks, or wait for a railroad spin "
        "on a later turn")
    play(city, "spin bob 1", "spin alice railroad")
    assert refused(city, "build alice summergate residential") == (
        "Alice's Build spin allows a railroad, no blocks, this turn: railroad Alice <district>")
    outcome = play(city, 'railroad alice "old town"')[0]  # any district, even an unowned one
    assert outcome.summary == "Alice puts a railroad on Old Town" and outcome.events[0].transfers == ()
    assert cash(city, "Alice") == START - 600 * K and city.state.deeds["Old Town"].railroad
    assert refused(city, "railroad alice summergate") == (
        "Alice has used this turn's Build spin; a railroad needs a railroad spin on a later turn")


def test_one_railroad_per_district(city: Game) -> None:
    """004:180 "Put railroads on the outer track of the board" -- one track space per district."""
    play(city, "spin alice railroad", "railroad alice summergate", "spin bob railroad")
    assert refused(city, "railroad bob summergate") == "Summergate already has a railroad; pick another district"
    play(city, "railroad bob stoneside")
    assert city.state.deeds["Stoneside"].railroad and city.state.deeds["Summergate"].railroad


# -- planning permission --------------------------------------------------------------------------------


def test_a_hazard_goes_on_another_players_or_an_unowned_district(city: Game) -> None:
    """004:238 "Build a hazard in another player's district" 004:240 "Build a bonus building or hazard in an
    unowned district" """
    own(city, "Alice", "Summergate")
    outcome = play(city, "hazard bob summergate power")[0]
    assert outcome.summary == "Bob builds a Power Station (hazard) on Summergate" and outcome.events[0].transfers == ()
    play(city, 'hazard carol stoneside "rubbish dump"')
    assert city.state.deeds["Stoneside"].hazard == "Rubbish Dump"
    own(city, "Alice", "Westlands")
    assert refused(city, "hazard alice westlands prison") == (
        "Alice owns Westlands; a hazard goes on another player's or an unowned district")


def test_a_bonus_goes_on_your_own_or_an_unowned_district(city: Game) -> None:
    """004:236 "Build a bonus building in a district that you own" 004:240 "Build a bonus building or hazard in
    an unowned district" """
    own(city, "Alice", "Summergate")
    play(city, "bonus alice summergate school", 'bonus bob stoneside "water tower"')
    assert (prop(city, "Summergate")["bonus"], city.state.deeds["Stoneside"].bonus) == ("School", "Water Tower")
    own(city, "Alice", "Westlands")
    assert refused(city, "bonus bob westlands park") == (
        "Westlands is Alice's; a bonus building goes on your own or an unowned district")


def test_a_bonus_and_a_hazard_exclude_each_other(city: Game) -> None:
    """004:242 "Bonus Buildings Prevent Hazards From Being Built On A District, And Hazards Prevent Bonus
    Buildings From Being Built!" 004:244 "if you have built a school on your district, another player could not
    later build a power station there, and vice versa." """
    own(city, "Alice", *BROWN)
    play(city, "bonus alice summergate school", "hazard bob stoneside power")
    assert refused(city, "hazard bob summergate power") == (
        "Summergate has a School: a bonus building keeps hazards and other bonus buildings out; pick another "
        "district")
    assert refused(city, "bonus alice stoneside park") == (
        "Stoneside has a Power Station: a hazard keeps bonus buildings and other hazards out; pick another district")
    assert refused(city, "hazard carol stoneside prison").startswith("Stoneside has a Power Station")


def test_residential_blocks_count_for_nothing_under_a_hazard(city: Game) -> None:
    """004:168 "If another player builds a hazard in your district, residential blocks in that district become
    worthless and do not count towards its rent value." """
    own(city, "Alice", "Summergate")
    blocks(city, "Alice", "Summergate", "residential", 2)
    assert rent(city, "Bob", "Summergate") == 200 * K
    play(city, "hazard bob summergate sewage")
    assert rent(city, "Bob", "Summergate") == 20 * K  # as with no blocks
    assert prop(city, "Summergate")["residential"] == 2  # 004:253 "Leave them on the board."


def test_industrial_blocks_still_count_under_a_hazard(city: Game) -> None:
    """004:174 "Industrial buildings are safe from hazards. If another player builds a hazard in your district,
    all industrial buildings in that district still count towards the rent value." """
    own(city, "Alice", "Summergate")
    blocks(city, "Alice", "Summergate", "residential", 2)
    blocks(city, "Alice", "Summergate", "industrial", 2)
    play(city, "hazard bob summergate prison")
    assert rent(city, "Bob", "Summergate") == 200 * K  # 2 blocks count, not 4


def test_clearing_a_hazard_costs_m500k_per_block(city: Game) -> None:
    """004:255 "You can remove hazards from your districts by paying M500k per block to the bank during your
    turn." 004:257 "To remove a prison (4 blocks) from your district, pay M2m (4 x M500k) to the bank ... You can
    now charge rent for the residential buildings on that district again." (a power station is 3 blocks in
    city.toml, unverified)"""
    own(city, "Alice", *BROWN)
    blocks(city, "Alice", "Summergate", "residential", 2)
    play(city, "hazard bob summergate prison", "hazard bob stoneside power")
    outcome = play(city, "clear alice summergate")[0]
    assert outcome.summary == "Alice clears the hazard from Summergate for M2m (Prison: 4 blocks × M500k)"
    assert [(t.payer, t.payee, t.amount) for t in outcome.events[0].transfers] == [("Alice", BANK, 2 * M)]
    assert prop(city, "Summergate")["hazard"] is None
    assert rent(city, "Bob", "Summergate") == 200 * K
    assert paid(city, "Alice", "clear alice stoneside") == 1_500_000


def test_clear_is_refused_without_a_hazard(city: Game) -> None:
    """004:255 "You can remove hazards from your districts" -- with none there is nothing to pay for."""
    own(city, "Alice", "Summergate")
    assert refused(city, "clear alice summergate") == "Summergate has no hazard to clear; nothing to pay"
    play(city, "bonus alice summergate park")
    assert refused(city, "clear alice summergate") == "Summergate has no hazard to clear; nothing to pay"


def test_clear_is_refused_on_another_players_district(city: Game) -> None:
    """004:255 "You can remove hazards from your districts" -- only the owner clears one."""
    own(city, "Alice", "Summergate")
    play(city, "hazard bob summergate prison", "hazard bob stoneside prison")
    assert refused(city, "clear bob summergate") == (
        "Summergate belongs to Alice, not Bob; name Alice, or trade for it first")
    assert refused(city, "clear alice stoneside") == "Stoneside belongs to the bank, not Alice; buy it first"


# -- stadiums -------------------------------------------------------------------------------------------


def test_a_stadium_costs_m2m_with_two_districts_of_the_colour(city: Game) -> None:
    """004:195 "Cost: M2m." 004:199 "Once you own two districts of the same color, you can build a stadium on
    either one of them during your turn." 004:205 "Stadiums do not increase your rent value." """
    own(city, "Alice", "Westlands")
    assert refused(city, "stadium alice westlands") == (
        "a stadium needs two light blue districts; Alice owns one: buy another one first")
    own(city, "Alice", "Bayview Dock")
    outcome = play(city, 'stadium alice "bayview dock"')[0]
    assert outcome.summary == "Alice builds a stadium on Bayview Dock for M2m"
    assert [(t.payer, t.payee, t.amount) for t in outcome.events[0].transfers] == [("Alice", BANK, 2 * M)]
    assert prop(city, "Bayview Dock")["stadium"] is True and city.state_json()["bank"]["stadiums"] == 1
    assert rent(city, "Bob", "Bayview Dock") == 60 * K


def test_one_stadium_per_colour_group(city: Game) -> None:
    """004:203 "You can only build one stadium in each color group." """
    own(city, "Alice", *LIGHT_BLUE)
    play(city, "stadium alice westlands")
    assert refused(city, "stadium alice brightside") == (
        "the light blue group already has its stadium; one per colour group")


def test_two_stadiums_in_the_game(city: Game) -> None:
    """004:197 "there are only two in the game, so you'll have to be quick!" """
    own(city, "Alice", *BROWN)
    own(city, "Bob", *LIGHT_BLUE[:2])
    own(city, "Carol", *PURPLE[:2])
    play(city, "stadium alice summergate", "stadium bob westlands")
    assert city.state_json()["bank"]["stadiums"] == 0
    assert refused(city, 'stadium carol "old town"') == "both stadiums are built; there are only two in the game"


def test_go_pays_m1m_per_stadium_on_top_of_the_wages(city: Game) -> None:
    """004:201 "Collect M1m per stadium you own every time you pass GO (in addition to your wages)." The bonus is
    its own ledger leg."""
    own(city, "Alice", *BROWN, *LIGHT_BLUE[:2])
    play(city, "stadium alice summergate")
    outcome = play(city, "go alice")[0]
    assert outcome.summary == "Alice collects M3m salary for passing GO (M2m salary + 1 stadium × M1m)"
    assert [(t.payer, t.payee, t.amount) for t in outcome.events[0].transfers] == [
        (BANK, "Alice", GO), (BANK, "Alice", 1 * M)]
    play(city, "stadium alice westlands")
    assert [t.amount for t in play(city, "go alice")[0].events[0].transfers] == [GO, 2 * M]
    assert [t.amount for t in play(city, "go bob")[0].events[0].transfers] == [GO]


@pytest.mark.parametrize("line", ["card alice chance go", "card alice chance middleton go"])
def test_a_card_that_passes_go_pays_the_stadium_bonus_too(city: Game, line: str) -> None:
    """004:201 "every time you pass GO": Advance to GO, or a card that passes it, pays M1m per stadium as well."""
    own(city, "Alice", *BROWN)
    play(city, "stadium alice summergate")
    before = cash(city, "Alice")
    play(city, line)
    assert cash(city, "Alice") - before == GO + 1 * M


@pytest.mark.parametrize(("line", "what"), [
    ("stadium alice westlands", "a stadium"),
    ("skyscraper alice westlands", "a skyscraper"),
    ("tower alice westlands", "the Monopoly Tower"),
])
def test_stadium_skyscraper_and_tower_are_refused_on_a_mortgaged_district(city: Game, line: str, what: str) -> None:
    """004:303 "You can start charging rent on the district and building on it again right away" (after buying
    it back); 004:340 build "as long as they are not mortgaged"."""
    own(city, "Alice", *BROWN, *LIGHT_BLUE)
    play(city, "mortgage alice westlands")
    assert refused(city, line) == f"Westlands is mortgaged; buy it back (unmortgage) before building {what}"
    play(city, "unmortgage alice westlands", line)


# -- skyscrapers and the Monopoly Tower -------------------------------------------------------------------


def test_a_skyscraper_costs_the_cards_price_needs_the_whole_group_and_doubles_it(city: Game) -> None:
    """004:215 "The cost of a skyscraper is shown at the bottom of each District card." 004:220 "Once you own
    all of the districts in one color group, you can build a skyscraper on any one of them." 004:224 "A
    skyscraper immediately doubles the rent value of all districts in its color group." (M3m for purple:
    city.toml, single source)"""
    own(city, "Alice", "Old Town", "Harbor Heights", "Summergate")
    assert refused(city, 'skyscraper alice "old town"') == (
        "a skyscraper needs the whole purple group; Alice does not own it all: get the rest of the group first")
    own(city, "Alice", "Central Quay")
    before = {d: rent(city, "Bob", d) for d in (*PURPLE, "Summergate")}
    assert before == {"Old Town": 100 * K, "Harbor Heights": 100 * K, "Central Quay": 120 * K, "Summergate": 20 * K}
    outcome = play(city, 'skyscraper alice "old town"')[0]
    assert [(t.payer, t.payee, t.amount) for t in outcome.events[0].transfers] == [("Alice", BANK, 3 * M)]
    assert prop(city, "Old Town")["skyscraper"] is True and prop(city, "Central Quay")["skyscraper"] is False
    assert city.state_json()["bank"]["skyscrapers"] == 7
    after = {d: rent(city, "Bob", d) for d in (*PURPLE, "Summergate")}
    assert after == {"Old Town": 200 * K, "Harbor Heights": 200 * K, "Central Quay": 240 * K, "Summergate": 20 * K}


def test_one_skyscraper_per_colour_group(city: Game) -> None:
    """004:222 "You can build one skyscraper per color group." """
    own(city, "Alice", *PURPLE)
    play(city, 'skyscraper alice "harbor heights"')
    assert refused(city, 'skyscraper alice "central quay"') == (
        "the purple group already has its skyscraper; one per colour group")


def test_the_tower_needs_two_whole_groups_and_doubles_every_district(city: Game) -> None:
    """004:226 "Once you own all of the districts in two color groups, you can buy the MONOPOLY Tower and build
    it on any district in those groups." 004:228 "This doubles the rent value of every district you own!"
    (M7m: city.toml, single source)"""
    own(city, "Alice", *PURPLE, "Westlands")
    assert refused(city, 'tower alice "old town"') == (
        "the Monopoly Tower needs two whole colour groups; Alice owns 1: complete another group first")
    own(city, "Alice", *BROWN)
    assert refused(city, "tower alice westlands") == (
        "the Monopoly Tower goes on a district of a whole group Alice owns: brown, purple")
    outcome = play(city, "tower alice stoneside")[0]
    assert outcome.summary == "Alice builds the Monopoly Tower on Stoneside for M7m"
    assert prop(city, "Stoneside")["tower"] is True and city.state_json()["bank"]["towers"] == 0
    assert {d: rent(city, "Bob", d) for d in ("Westlands", "Summergate", "Central Quay")} == {
        "Westlands": 120 * K, "Summergate": 40 * K, "Central Quay": 240 * K}
    own(city, "Bob", *GREEN, *DARK_BLUE)
    assert refused(city, "tower bob riverside") == "the Monopoly Tower is already built"


def test_a_skyscraper_and_the_tower_double_only_once(city: Game) -> None:
    """004:268 "(If you have a skyscraper AND the MONOPOLY Tower, you cannot double the rent twice)." """
    central_quay_example(city)
    own(city, "Alice", *BROWN)
    play(city, "tower alice summergate")
    assert rent(city, "Bob", "Central Quay") == 7 * M
    assert rent(city, "Bob", "Old Town") == 200 * K


def test_the_rulebook_example_with_the_tower_instead_of_the_skyscraper(city: Game) -> None:
    """004:266 "Is there a skyscraper on any district in that color group OR the MONOPOLY Tower on any district
    you own?" -- either one doubles the M3.5m of 004:278."""
    own(city, "Alice", *PURPLE, *BROWN)
    blocks(city, "Alice", "Central Quay", "residential", 2)
    play(city, 'hazard bob "Central Quay" power')
    blocks(city, "Alice", "Central Quay", "industrial", 4)
    play(city, "tower alice summergate")
    assert rent(city, "Bob", "Central Quay") == 7 * M


# -- Industry Tax and the Rent Dodge card ----------------------------------------------------------------


def test_industry_tax_only_for_owners_of_industrial_blocks(city: Game) -> None:
    """004:111 "Pay the bank the amount shown if you own any industrial buildings. If you don't own any, do
    nothing." (M2m: city.toml, unverified)"""
    assert refused(city, "tax alice industry") == (
        "Alice owns no industrial blocks, so Industry Tax costs nothing; carry on")
    own(city, "Alice", "Summergate")
    blocks(city, "Alice", "Summergate", "residential", 3)
    assert refused(city, "tax alice industry") == (
        "Alice owns no industrial blocks, so Industry Tax costs nothing; carry on")
    blocks(city, "Alice", "Summergate", "industrial", 1)
    outcome = play(city, "tax alice industry")[0]
    assert outcome.summary == ("Alice pays M2m Industry Tax "
                               "(the amount shown on the space; Alice owns industrial blocks)")
    assert [(t.payer, t.payee, t.amount) for t in outcome.events[0].transfers] == [("Alice", BANK, 2 * M)]


def test_parking_takes_the_rent_dodge_card_from_the_bank_or_its_holder(city: Game) -> None:
    """004:324 "When you land on FREE PARKING, collect the Rent Dodge card from beside the board." 004:330 "If
    another player lands on FREE PARKING before you've used the card, you've missed your chance to use it and
    must give it to them." """
    play(city, "parking alice")
    assert [p["rent_dodge"] for p in city.state_json()["players"]] == [1, 0, 0]
    assert city.state_json()["bank"]["rent_dodge"] == 0
    outcome = play(city, "parking bob")[0]
    assert outcome.events == (ev.HoldingMoved("rent_dodge", "Alice", "Bob", 1, "Free Parking"),)
    assert [p["rent_dodge"] for p in city.state_json()["players"]] == [0, 1, 0]
    assert refused(city, "parking bob") == "Bob already holds the Rent Dodge card; nothing to take"


def test_dodge_skips_the_rent_and_puts_the_card_back(city: Game) -> None:
    """004:322 "The Rent Dodge card entitles you to one rent-free turn!" 004:328 "Once you've used the card, put
    it back next to the FREE PARKING space." """
    own(city, "Alice", "Central Quay")
    play(city, "parking bob")
    outcome = play(city, 'dodge bob "central quay"')[0]
    assert outcome.events == (ev.RentDodged("Bob", "Central Quay"),
                              ev.HoldingMoved("rent_dodge", "Bob", BANK, 1, "used"))
    assert (cash(city, "Alice"), cash(city, "Bob")) == (START - 1_600_000, START)
    assert city.state_json()["bank"]["rent_dodge"] == 1
    assert refused(city, 'dodge bob "central quay"') == "Bob does not hold the Rent Dodge card; pay the rent"


def test_dodge_is_refused_without_the_card(city: Game) -> None:
    """004:322 "The Rent Dodge card entitles you to one rent-free turn!" -- only its holder."""
    own(city, "Alice", "Summergate")
    play(city, "parking carol")
    assert refused(city, "dodge bob summergate") == "Bob does not hold the Rent Dodge card; pay the rent"
    assert refused(city, "dodge alice summergate") == "Alice owns Summergate; no rent is due on your own deed"


# -- mortgages --------------------------------------------------------------------------------------------


def test_the_mortgage_value_is_the_current_rent_value(city: Game) -> None:
    """004:295 "The mortgage value is the same as the district's current rent value. Turn the District card
    facedown in front of you and collect that amount from the banker." """
    own(city, "Alice", *BROWN)
    blocks(city, "Alice", "Summergate", "industrial", 3)
    play(city, "skyscraper alice stoneside")
    outcome = play(city, "mortgage alice summergate")[0]
    assert outcome.summary == ("Alice mortgages Summergate for M800k "
                               "(its rent value: 3 industrial blocks, skyscraper on Stoneside: doubled)")
    assert [(t.payer, t.payee, t.amount) for t in outcome.events[0].transfers] == [(BANK, "Alice", 800 * K)]
    assert paid(city, "Alice", "mortgage alice stoneside") == -80 * K


def test_buying_back_costs_the_amount_received_even_if_the_rent_value_changed(city: Game) -> None:
    """004:301 "Turn the District card over and pay the rent value to the banker, i.e. the amount you received
    when you mortgaged it." (no interest)"""
    own(city, "Alice", *BROWN)
    blocks(city, "Alice", "Summergate", "residential", 2)
    assert paid(city, "Alice", "mortgage alice summergate") == -200 * K
    play(city, "hazard bob summergate power", "skyscraper alice stoneside")  # the rent value now: M40k
    outcome = play(city, "unmortgage alice summergate")[0]
    assert outcome.summary == "Alice lifts the mortgage on Summergate for M200k (what the mortgage paid)"
    assert [(t.payer, t.payee, t.amount) for t in outcome.events[0].transfers] == [("Alice", BANK, 200 * K)]
    assert rent(city, "Bob", "Summergate") == 40 * K


def test_buildings_stay_on_a_mortgaged_district(city: Game) -> None:
    """004:295 "All buildings stay there." """
    own(city, "Alice", *BROWN)
    blocks(city, "Alice", "Summergate", "residential", 1)
    blocks(city, "Alice", "Summergate", "industrial", 2)
    play(city, "stadium alice summergate", "bonus alice summergate park", "mortgage alice summergate")
    row = prop(city, "Summergate")
    assert (row["mortgaged"], row["residential"], row["industrial"], row["stadium"], row["bonus"]) == (
        True, 1, 2, True, "Park")
    play(city, "unmortgage alice summergate")
    assert rent(city, "Bob", "Summergate") == 400 * K


def test_no_rent_while_mortgaged(city: Game) -> None:
    """004:297 "You can't collect rent for mortgaged districts." """
    own(city, "Alice", "Summergate")
    blocks(city, "Alice", "Summergate", "industrial", 2)
    play(city, "mortgage alice summergate")
    assert refused(city, "rent bob summergate") == "Summergate is mortgaged; no rent is due on a mortgaged deed"


def test_building_blocks_is_refused_while_mortgaged(city: Game) -> None:
    """004:340 "While in jail you can collect rent and build properties on districts, as long as they are not
    mortgaged." 004:303 "building on it again right away" (after buying it back)."""
    own(city, "Alice", "Summergate")
    play(city, "mortgage alice summergate", "spin alice 3")
    assert refused(city, "build alice summergate industrial") == "Summergate is mortgaged; buy it back before building"
    play(city, "unmortgage alice summergate", "build alice summergate industrial")


# -- bankruptcy -------------------------------------------------------------------------------------------


def test_bankruptcy_to_the_bank_leaves_the_districts_to_be_auctioned(city: Game) -> None:
    """004:310 "Return your District cards to the banker who will auction off each property to the highest
    bidder." The buildings stay on the districts (004:288 "any buildings already there must stay there")."""
    own(city, "Bob", *BROWN)
    blocks(city, "Bob", "Summergate", "industrial", 2)
    play(city, "bonus bob summergate park", "mortgage bob stoneside", "parking bob")
    bob = cash(city, "Bob")
    outcome = play(city, "bankrupt bob 50m")[0]  # Bob can raise M34.74m: M34.54m cash, M200k on Summergate
    assert outcome.summary.endswith("Bob is bankrupt to bank, owing M50m, and leaves the game; "
                                    "auction opened for Summergate")
    assert outcome.events[0].transfers == (ev.Transfer("Bob", BANK, bob),)
    assert cash(city, "Bob") == 0 and cash(city, BANK) == -2 * START
    assert city.state_json()["auction"] == {"deed": "Summergate", "high_bid": 0, "high_bidder": None}
    assert city.state.to_auction == ["Stoneside"]
    assert city.state_json()["bank"]["rent_dodge"] == 1
    held = city.state.deeds["Summergate"]
    assert (held.owner, held.industrial, held.bonus, city.state.deeds["Stoneside"].mortgaged) == (
        BANK, 2, "Park", False)
    assert refused(city, "buy alice stoneside") == (
        "the auction for Summergate is open; bid on it or close it with `sold` first")
    play(city, "bid alice 10k", "sold")
    assert prop(city, "Summergate")["industrial"] == 2 and city.state.to_auction == []
    assert city.state_json()["auction"]["deed"] == "Stoneside"  # the next district's auction, at once


def test_bankruptcy_to_a_player_hands_over_cash_districts_buildings_and_the_card(city: Game) -> None:
    """004:314 "The other player receives any money left, your District cards and any "Get out of jail free"
    cards you own." (City ships no Get Out of Jail Free card; the Rent Dodge card goes too.) Buildings stay
    (004:288); a mortgaged district stays mortgaged, bought back for what it raised."""
    own(city, "Bob", *BROWN)
    blocks(city, "Bob", "Summergate", "industrial", 2)
    blocks(city, "Bob", "Stoneside", "residential", 1)
    play(city, "stadium bob summergate", "mortgage bob stoneside", "parking bob")
    bob = cash(city, "Bob")
    play(city, "bankrupt bob carol 50m")
    assert cash(city, "Carol") == START + bob and cash(city, "Bob") == 0
    carol = next(p for p in city.state_json()["players"] if p["name"] == "Carol")
    assert carol["rent_dodge"] == 1 and carol["goojf"] == 0
    rows = {r["name"]: r for r in carol["properties"]}
    assert (rows["Summergate"]["industrial"], rows["Summergate"]["stadium"]) == (2, True)
    assert (rows["Stoneside"]["residential"], rows["Stoneside"]["mortgaged"]) == (1, True)
    assert paid(city, "Carol", "unmortgage carol stoneside") == 200 * K
    assert [t.amount for t in play(city, "go carol")[0].events[0].transfers] == [GO, 1 * M]


# -- the score --------------------------------------------------------------------------------------------


def test_score_is_cash_plus_the_rent_value_of_each_district(city: Game) -> None:
    """004:353-359 "1. Count your cash. 2. Work out the rent value of all the districts you own and add them
    together. ... 3. Add your cash total to your district total. This is your final amount." A mortgaged
    district collects no rent (004:297), so it adds nothing."""
    own(city, "Alice", *BROWN, "Old Town")
    blocks(city, "Alice", "Summergate", "industrial", 3)
    play(city, "mortgage alice stoneside")
    alice = worth(city.state, "Alice")
    assert (alice.cash, alice.deeds, alice.buildings) == (cash(city, "Alice"), 400 * K + 100 * K, 0)
    assert alice.net_worth == cash(city, "Alice") + 500 * K
    table, winner = score(city.state)
    assert [w.net_worth for w in table] == [alice.net_worth, START, START] and winner is None
    play(city, "pay carol 1m")
    assert score(city.state)[1] == "Bob"
    body = score_json(city.state)
    districts = body["players"][0].pop("districts")
    assert body["players"][0] == {"name": "Alice", "cash": cash(city, "Alice"), "net_worth": alice.net_worth,
                                  "deeds": 500 * K, "buildings": 0, "bankrupt": False}
    assert {"name": "Stoneside", "rent_value": 0, "mortgaged": True} in districts
    assert body["winner"] == "Bob" and body["ranked_by"] == "net_worth"


# -- state --json ------------------------------------------------------------------------------------------


def test_state_json_adds_the_city_keys(city: Game) -> None:
    """Issue 9: "`state --json` adds per property "residential", "industrial" (ints), "hazard", "bonus" (name or
    null), "skyscraper", "stadium", "railroad", "tower" (booleans); per player "rent_dodge"; "bank" adds
    "stadiums"." """
    own(city, "Alice", *BROWN, *PURPLE)
    blocks(city, "Alice", "Summergate", "residential", 1)
    blocks(city, "Alice", "Summergate", "industrial", 2)
    spin(city, "Alice", "railroad")
    play(city, "railroad alice summergate", "hazard bob summergate power", "bonus alice stoneside park",
         "stadium alice stoneside", 'skyscraper alice "old town"', 'tower alice "central quay"', "parking carol")
    body = city.state_json()
    rows = {r["name"]: r for r in body["players"][0]["properties"]}
    assert {k: rows["Summergate"][k] for k in ("residential", "industrial", "hazard", "bonus", "skyscraper",
                                                "stadium", "railroad", "tower")} == {
        "residential": 1, "industrial": 2, "hazard": "Power Station", "bonus": None, "skyscraper": False,
        "stadium": False, "railroad": True, "tower": False}
    assert (rows["Stoneside"]["bonus"], rows["Stoneside"]["hazard"], rows["Stoneside"]["stadium"]) == (
        "Park", None, True)
    assert rows["Old Town"]["skyscraper"] is True and rows["Central Quay"]["tower"] is True
    for row in rows.values():
        assert type(row["residential"]) is int and type(row["industrial"]) is int
        assert all(type(row[k]) is bool for k in ("skyscraper", "stadium", "railroad", "tower"))
    assert [p["rent_dodge"] for p in body["players"]] == [0, 0, 1]
    assert {k: body["bank"][k] for k in ("stadiums", "skyscrapers", "towers", "rent_dodge")} == {
        "stadiums": 1, "skyscrapers": 7, "towers": 0, "rent_dodge": 0}
    assert body["spin"] == {"player": "Alice", "blocks_left": 0, "railroad": False}
    assert body["clock"] is None


# -- the game clock ----------------------------------------------------------------------------------------


class _Times:
    """datetime.now for the `clock` line, one fixed time per call."""

    def __init__(self, *times: str) -> None:
        self.times = [datetime.fromisoformat(t) for t in times]

    def now(self, tz: object = None) -> datetime:
        return self.times.pop(0)


def test_the_clock_starts_and_restarts_from_the_ledger(city: Game, monkeypatch: pytest.MonkeyPatch) -> None:
    """004:64 "For a certain amount of time (i.e. one or two hours)." 004:86 "To continue on playing, switch the
    unit off and on again to start counting down another hour." The start is written into the ledger."""
    monkeypatch.setattr("banker.language.datetime", _Times("2026-01-01T20:00:00+00:00",
                                                           "2026-01-01T20:55:00+00:00"))
    outcome = play(city, "clock 60")[0]
    assert outcome.events == (ev.ClockStarted(60, "2026-01-01T20:00:00+00:00"),)
    assert outcome.summary == "game clock: 60 minutes from 2026-01-01T20:00:00+00:00"
    play(city, "clock 120")
    assert city.state_json()["clock"] == {"minutes": 120, "started": "2026-01-01T20:55:00+00:00"}
    reopened = Game.open(city.store.path)
    try:
        assert reopened.state_json()["clock"] == city.state_json()["clock"]
    finally:
        reopened.close()


def test_clock_off_stops_it(city: Game) -> None:
    """004:62 "Until every player except one goes bankrupt" -- a game may also be played without the clock."""
    play(city, "clock 60")
    assert play(city, "clock off")[0].summary == "game clock stopped"
    assert city.state_json()["clock"] is None
    assert refused(city, "clock off") == "there is no game clock running to stop; start one with clock 60"


@pytest.mark.parametrize("word", ["-5", "1.5", "0", "abc", "1441"])
def test_bad_clock_values_are_refused(city: Game, word: str) -> None:
    """004:64 "(i.e. one or two hours)": a whole number of minutes, or off."""
    assert refused(city, f"clock {word}") == (
        f"'{word}': write the game's length in minutes (clock 60, clock 120) or clock off")


# -- undo, reopening and verify ------------------------------------------------------------------------


def everything(game: Game) -> tuple[dict, dict]:
    """`state --json` without the ledger's head (undo appends to it), and the fold's whole state."""
    body = game.state_json()
    del body["ledger"]
    return body, state_to_json(game.state)


SETUP = ("buy alice summergate", "buy alice stoneside", "buy alice westlands", 'buy alice "bayview dock"',
         "buy alice brightside", 'buy bob "old town"')

UNDOABLE = [
    pytest.param((), "spin alice 2", id="spin"),
    pytest.param((), "spin alice", id="spin-drawn"),
    pytest.param(("spin alice 2",), "spin alice 3 again", id="spin-again"),
    pytest.param(("spin alice 3",), "build alice summergate residential 2", id="build-residential"),
    pytest.param(("spin alice 3",), "build alice summergate industrial", id="build-industrial"),
    pytest.param(("spin alice railroad",), 'railroad alice "old town"', id="railroad"),
    pytest.param((), "hazard bob summergate power", id="hazard"),
    pytest.param((), "bonus alice summergate park", id="bonus"),
    pytest.param(("hazard bob summergate prison",), "clear alice summergate", id="clear"),
    pytest.param((), "stadium alice summergate", id="stadium"),
    pytest.param((), "skyscraper alice westlands", id="skyscraper"),
    pytest.param((), "tower alice summergate", id="tower"),
    pytest.param(("spin alice 1", "build alice summergate industrial"), "tax alice industry", id="industry-tax"),
    pytest.param((), "parking bob", id="parking-from-the-bank"),
    pytest.param(("parking bob",), "parking carol", id="parking-from-the-holder"),
    pytest.param(("parking bob",), "dodge bob summergate", id="dodge"),
    pytest.param(("spin alice 2", "build alice summergate residential 2"), "rent bob summergate", id="rent"),
    pytest.param(("spin alice 2", "build alice summergate residential 2"), "mortgage alice summergate",
                 id="mortgage"),
    pytest.param(("mortgage alice westlands",), "unmortgage alice westlands", id="unmortgage"),
    pytest.param(("stadium alice summergate",), "go alice", id="go-with-a-stadium"),
    pytest.param((), "clock 60", id="clock"),
    pytest.param(("clock 60",), "clock 120", id="clock-restart"),
    pytest.param(("clock 60",), "clock off", id="clock-off"),
    pytest.param(("spin bob 1", 'build bob "old town" industrial', "parking bob"), "bankrupt bob 50m",
                 id="bankrupt-bank"),
    pytest.param(("spin bob 1", 'build bob "old town" industrial', "parking bob", 'mortgage bob "old town"'),
                 "bankrupt bob carol 50m", id="bankrupt-player"),
    pytest.param(("bankrupt bob 50m", "bid carol 10k"), "sold", id="auction-after-bankruptcy"),
]


@pytest.mark.parametrize(("setup", "line"), UNDOABLE)
def test_undo_and_redo_restore_each_city_action_exactly(city: Game, setup: tuple[str, ...], line: str) -> None:
    """Undo is the ledger's promise for every action: the state after undo equals the state before, and redo
    brings back the same state (a drawn spin included)."""
    play(city, *SETUP, *setup)
    before = everything(city)
    play(city, line)
    after = everything(city)
    assert after != before
    play(city, "undo")
    assert everything(city) == before
    play(city, "redo")
    assert everything(city) == after


EVERY_ACTION = (
    *SETUP, "buy bob \"harbor heights\"", "buy bob \"central quay\"",
    "spin alice 3", "build alice summergate residential 2", "build alice stoneside industrial",
    "spin bob railroad", 'railroad bob "old town"', "spin alice 1 again", "build alice summergate industrial",
    "hazard bob summergate power", "bonus alice westlands school", 'hazard alice "harbor heights" prison',
    'clear bob "harbor heights"', "stadium alice summergate", 'skyscraper bob "central quay"',
    "tower alice westlands", "tax alice industry", "parking bob", "parking carol", "dodge carol summergate",
    "rent bob stoneside", "mortgage alice brightside", "unmortgage alice brightside", "go alice", "pay alice 3.5m",
    "collect carol 500k", "clock 60", "clock 120", "undo", "redo", "clock off", "auction riverside",
    "bid carol 10k", "sold", "bankrupt bob carol 50m", "bankrupt carol 200m",
)


def test_a_reopened_city_game_and_a_snapshot_hold_the_same_state(city: Game) -> None:
    """The file replays every City action the same; a snapshot keeps blocks, planning, stadiums, the tower,
    mortgages at their rent value, the spin and the clock."""
    play(city, *EVERY_ACTION[:-2])
    reopened = Game.open(city.store.path)
    try:
        assert everything(reopened) == everything(city)
        assert reopened.state_json() == city.state_json()
    finally:
        reopened.close()
    from banker.snapshots import state_from_json

    restored = state_from_json(state_to_json(city.state), city.state.edition)
    assert restored == city.state and restored.to_json() == city.state.to_json()


def test_verify_is_ok_on_a_game_using_every_city_action(city: Game) -> None:
    """The chain and the replay hold for a game that used every City action, undo and redo included."""
    from banker.verify import verify_records

    play(city, *EVERY_ACTION)
    assert verify_records(city.records) is None
    assert city.state.bankrupt == {"Bob", "Carol"}
