"""Bankruptcy and loans by the rulebooks, on every edition: only a debt the player cannot raise, the creditor
lifting received mortgages at once, the bank auctioning the deeds one after another, and no cash lent.

Rulebooks: 000 = Mega Edition + the standard rules ("000:207" BANKRUPTCY, "000:211" MISCELLANEOUS),
001 = Sore Losers, 002 = classic UK (its first page the Speed Die), 003 = classic US ("HELP! I'M IN DEBT!"),
004 = Monopoly City. "NNN:L" is line L of that rulebook.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from datetime import UTC, datetime

import pytest
from conftest import NewGame, cash, play, refused

from banker import commands as c
from banker import events as ev
from banker.describe import describe
from banker.events import BANK
from banker.game import Game
from banker.ledger import canonical, chain_hash
from banker.rules.bankruptcy import bankrupt
from banker.rules.money import raisable_from
from banker.snapshots import state_to_json
from banker.verify import verify_records

# The six tables: the edition file and its house rules.
TABLES = {
    "classic-us": ("classic-us", ()),
    "classic-uk": ("classic-uk", ()),
    "speed-die": ("classic-us", ("speed-die",)),
    "mega": ("mega", ()),
    "sore-losers": ("sore-losers", ()),
    "city": ("city", ()),
}
AUCTIONING = [t for t in TABLES if t != "sore-losers"]  # 001:77 returns the deeds to be bought, not auctioned
K, M = 1_000, 1_000_000


def table(new_game: NewGame, name: str) -> Game:
    edition, house_rules = TABLES[name]
    return new_game(edition, house_rules=house_rules)


def amount(name: str, dollars: int) -> str:
    """An amount as typed at that table: City counts in thousands (`100k`), the others in whole units."""
    return f"{dollars // K}k" if name == "city" else str(dollars)


# -- only a debt the player cannot raise ----------------------------------------------------------------------


@dataclass(frozen=True)
class Debtor:
    """A player set up at one table, with everything they could raise worked out by hand from the rulebook."""

    lines: tuple[str, ...]
    player: str
    total: int
    parts: str


DEBTORS = {
    # 003 "try to raise the money by selling buildings and/or mortgaging properties": Park Place mortgages for
    # $175 and Boardwalk for $200 (the deeds' mortgage values); $1,500 - $350 - $400 - $700 leaves $50
    "classic-us": Debtor(("buy bob park", "buy bob boardwalk", "pay bob 700"), "Bob", 425,
                         "$50 cash, $375 by mortgaging Park Place and Boardwalk"),
    # 002:94 the same, in M: a house on each brown street sells back for half its M50 (000:207 "one-half the
    # amount paid"), Old Kent Road and Whitechapel Road mortgage for M30 each, King's Cross Station for M100
    "classic-uk": Debtor(('buy alice "old kent road"', 'buy alice "whitechapel road"', 'build alice "old kent"',
                          'build alice "whitechapel road"', "buy alice \"king's cross\"", "pay alice 1060"),
                         "Alice", 20 + 2 * 25 + 30 + 30 + 100,
                         "M20 cash, M50 by selling the buildings on Old Kent Road and Whitechapel Road, M160 by "
                         "mortgaging Old Kent Road, Whitechapel Road and King's Cross Station"),
    # the speed die's extra $1,000 (002:9) is cash like any other; a deed mortgaged already raises nothing more
    "speed-die": Debtor(("buy alice reading", "mortgage alice reading", "buy alice electric", "pay alice 2240"),
                        "Alice", 10 + 75, "$10 cash, $75 by mortgaging Electric Company"),
    # 000:207 buildings back "to the extent of one-half the amount paid": on each brown street 4 houses, a hotel
    # and a skyscraper at $50 each ($150 back) and the depot ($50 back, editions/mega.toml depot_sellback);
    # mortgages $30, $30, $40 (Arctic Avenue) and $100 (Reading Railroad)
    "mega": Debtor(("buy alice mediterranean", "buy alice baltic", "buy alice arctic",
                    *["build alice mediterranean", "build alice baltic", "build alice arctic"] * 6,
                    "buy alice reading", "depot alice reading", "pay alice 1000"),
                   "Alice", 100 + 3 * 150 + 50 + 30 + 30 + 40 + 100,
                   "$100 cash, $500 by selling the buildings on Mediterranean Avenue, Baltic Avenue and 2 more, "
                   "$200 by mortgaging Mediterranean Avenue, Baltic Avenue and 2 more"),
    # 001:91 "try to raise money by mortgaging properties or selling them to other players": no buildings sold
    # back (the house on Boardwalk counts nothing); Park Place M175 and Boardwalk M200; Reading is mortgaged
    "sore-losers": Debtor(("buy alice park", "buy alice boardwalk", "build alice boardwalk", "buy alice reading",
                           "mortgage alice reading"), "Alice", 450 + 175 + 200,
                          "M450 cash, M375 by mortgaging Park Place and Boardwalk"),
    # 004:295 "The mortgage value is the same as the district's current rent value ... All buildings stay
    # there": Summergate with 2 blocks rents for M200k, Stoneside with none for M40k (editions/city.toml);
    # blocks are never sold back
    "city": Debtor(("buy bob summergate", "buy bob stoneside", "spin bob 2", "build bob summergate industrial 2",
                    "pay bob 34m"), "Bob", 500 * K + 200 * K + 40 * K,
                   "M500k cash, M240k by mortgaging Summergate and Stoneside"),
}


@pytest.fixture(params=list(TABLES))
def debtor(request: pytest.FixtureRequest, new_game: NewGame) -> tuple[Game, str, Debtor]:
    name = request.param
    game = table(new_game, name)
    found = DEBTORS[name]
    play(game, *found.lines)
    return game, name, found


def test_a_solvent_player_cannot_go_bankrupt(debtor: tuple[Game, str, Debtor]) -> None:
    # 000:207 "You are declared bankrupt if you owe more than you can pay ... even by selling off buildings and
    # mortgaging properties"; 003 "HELP! I'M IN DEBT!"; 004:306 "more money than you can raise from your assets"
    game, name, found = debtor
    player, money = found.player, game.money
    assert raisable_from(game.state, player).total == found.total
    expected = (f"{player} can raise {money(found.total)} ({found.parts}), enough for {money(found.total)}: "
                f"raise money and pay")
    debt = amount(name, found.total)
    assert refused(game, f"bankrupt {player} {debt}") == expected
    creditor = "Carol" if player != "Carol" else "Bob"
    assert refused(game, f"bankrupt {player} {creditor} {debt}") == expected


def test_a_debt_one_more_than_the_player_can_raise_is_a_bankruptcy(debtor: tuple[Game, str, Debtor]) -> None:
    # 003:196 "If you still owe more than you have, you are BANKRUPT and out of the game!"
    game, name, found = debtor
    debt = found.total + (10 * K if name == "city" else 1)  # City's smallest note is M10k
    outcome = play(game, f"bankrupt {found.player} carol {amount(name, debt)}")[0]
    assert game.state.bankrupt == {found.player}
    assert f"{found.player} is bankrupt to Carol, owing {game.money(debt)}, and leaves the game" in outcome.summary
    assert game.state_json()["players"][[*game.state.players].index(found.player)]["bankrupt"] is True


def test_the_example_in_the_refusal_is_what_to_type(debtor: tuple[Game, str, Debtor]) -> None:
    # README: bankrupt <player> [<creditor>] <debt> [lift]; a refusal says what is wrong and what to write
    game, name, found = debtor
    example = "2m" if name == "city" else "2000"
    low = found.player.lower()
    assert refused(game, f"bankrupt {low}") == f"say what {found.player} owes, e.g. bankrupt {low} {example}"
    assert refused(game, f"bankrupt {low} carol") == (
        f"say what {found.player} owes, e.g. bankrupt {low} carol {example}")


# -- the creditor lifts the mortgages at once, or pays 10% now --------------------------------------------------

# Two deeds the debtor holds mortgaged, with what each mortgage paid: the printed mortgage values (Reading
# Railroad / King's Cross Station $100, Boardwalk / Mayfair $200), City's rent values of a bare district (M20k,
# M500k, editions/city.toml).
MORTGAGED = {
    "classic-us": (("Reading Railroad", 100), ("Boardwalk", 200)),
    "classic-uk": (("King's Cross Station", 100), ("Mayfair", 200)),
    "speed-die": (("Reading Railroad", 100), ("Boardwalk", 200)),
    "mega": (("Reading Railroad", 100), ("Boardwalk", 200)),
    "sore-losers": (("Reading Railroad", 100), ("Boardwalk", 200)),
    "city": (("Summergate", 20 * K), ("Diamond Hills", 500 * K)),
}


def ruined_with_mortgages(game: Game, name: str) -> tuple[int, int]:
    """Alice: both deeds bought and mortgaged, then every coin paid away: she can raise nothing.

    Returns (lifting both, the interest on both due now): 000:207 the interest is "10% of the value of the
    property" and lifting pays the principal too (001:99 "mortgage value +10%"); City 004:301 buys back for "the
    amount you received when you mortgaged it", with no interest; Sore Losers' creditor pays no interest now
    (001:75 "The new owner may unmortgage those properties at any time")."""
    for deed, _ in MORTGAGED[name]:
        play(game, f'buy alice "{deed}"', f'mortgage alice "{deed}"')
    play(game, f"pay alice {amount(name, cash(game, 'Alice'))}")
    assert cash(game, "Alice") == 0 and raisable_from(game.state, "Alice").total == 0
    values = [value for _, value in MORTGAGED[name]]
    if name == "city":
        return sum(values), 0
    interest_now = 0 if name == "sore-losers" else sum(value // 10 for value in values)
    return sum(value + value // 10 for value in values), interest_now


def any_debt(name: str) -> str:
    """A debt beyond a player who can raise nothing: the smallest one typed at that table (City: its M10k note)."""
    return amount(name, 10 * K) if name == "city" else "1"


@pytest.mark.parametrize("name", list(TABLES))
def test_lift_makes_the_creditor_pay_the_mortgages_off_at_once(new_game: NewGame, name: str) -> None:
    # 000:207 "the new owner must at once pay the Bank the amount of interest on the loan ... The new owner who
    # does this may then, at his/her option, pay the principal"; 001:69 "Repay the mortgage (pay the Bank the
    # unmortgage cost)"; lifting at once pays value + 10% once, never the 10% again later
    game = table(new_game, name)
    lift, _ = ruined_with_mortgages(game, name)
    bob = cash(game, "Bob")
    outcome = play(game, f"bankrupt alice bob {any_debt(name)} lift")[0]
    assert cash(game, "Bob") == bob - lift
    lifted = [e for e in outcome.events if isinstance(e, ev.MortgageLifted)]
    assert [(e.player, e.deed) for e in lifted] == [("Bob", d) for d, _ in MORTGAGED[name]]
    assert not [e for e in outcome.events if isinstance(e, ev.MortgageInterestPaid)]
    for deed, _ in MORTGAGED[name]:
        assert game.state.deeds[deed].owner == "Bob" and not game.state.deeds[deed].mortgaged
        assert refused(game, f'unmortgage bob "{deed}"') == f"{deed} is not mortgaged"


@pytest.mark.parametrize("name", list(TABLES))
def test_without_lift_the_creditor_pays_the_interest_now_and_keeps_them_mortgaged(new_game: NewGame,
                                                                                  name: str) -> None:
    # 003 "The player must pay 10% interest on each mortgaged property, even if they don't want to pay off the
    # mortgage yet"; 000:207 "he/she must pay the interest again upon lifting the mortgage"; none now in Sore
    # Losers (001:75)
    game = table(new_game, name)
    lift, interest = ruined_with_mortgages(game, name)
    bob = cash(game, "Bob")
    play(game, f"bankrupt alice bob {any_debt(name)}")
    assert cash(game, "Bob") == bob - interest
    assert all(game.state.deeds[d].mortgaged for d, _ in MORTGAGED[name])
    for deed, _ in MORTGAGED[name]:
        play(game, f'unmortgage bob "{deed}"')
    assert cash(game, "Bob") == bob - interest - lift


@pytest.mark.parametrize("name", list(TABLES))
def test_lift_is_refused_with_the_figure_when_the_creditor_cannot_pay_it(new_game: NewGame, name: str) -> None:
    # 000:207 the new owner pays the principal "at his/her option": one who cannot pay keeps the mortgages
    game = table(new_game, name)
    lift, interest = ruined_with_mortgages(game, name)
    short = lift - (10 * K if name == "city" else 1)
    play(game, f"pay bob {amount(name, cash(game, 'Bob') - short)}")
    line = f"bankrupt alice bob {any_debt(name)}"
    money = game.money
    assert refused(game, f"{line} lift") == (
        f"Bob must pay {money(lift)} to lift the mortgages received but would have {money(short)}; "
        + ("Bob takes them mortgaged and may unmortgage them at any time (leave out `lift`)" if name == "sore-losers"
           else "Bob can pay the interest alone now (leave out `lift`)"))
    play(game, line)  # the interest alone he can pay
    assert cash(game, "Bob") == short - interest


@pytest.mark.parametrize("name", list(TABLES))
def test_lift_is_refused_for_a_debt_to_the_bank(new_game: NewGame, name: str) -> None:
    # 003 "If your debt is to the Bank - all your mortgaged properties must be put up for auction. These are sold
    # unmortgaged"; 001:77 "Any mortgages are canceled": there is no one to lift them
    game = table(new_game, name)
    ruined_with_mortgages(game, name)
    debt = any_debt(name)
    expected = "`lift` is for a player who receives mortgaged deeds; the bank takes them back unmortgaged"
    assert refused(game, f"bankrupt alice {debt} lift") == expected
    assert refused(game, f"bankrupt alice bank {debt} lift") == expected


# -- a debt to the bank: the deeds are auctioned, one after another ---------------------------------------------


@dataclass(frozen=True)
class Estate:
    """What Alice holds when she goes bankrupt to the bank at one table: built-on deeds, a mortgaged deed."""

    lines: tuple[str, ...]
    deeds: tuple[str, ...]  # in the order the bank auctions them (the board's)
    mortgaged: str


ESTATES = {
    "classic-us": Estate(("buy alice mediterranean", "buy alice baltic", "build alice mediterranean",
                          "build alice baltic", "buy alice reading", "mortgage alice reading"),
                         ("Mediterranean Avenue", "Baltic Avenue", "Reading Railroad"), "Reading Railroad"),
    "classic-uk": Estate(('buy alice "old kent road"', 'buy alice "whitechapel road"', 'build alice "old kent"',
                          'build alice "whitechapel road"', "buy alice \"king's cross\"",
                          "mortgage alice \"king's cross\""),
                         ("Old Kent Road", "Whitechapel Road", "King's Cross Station"), "King's Cross Station"),
    "speed-die": Estate(("buy alice mediterranean", "buy alice baltic", "build alice mediterranean",
                         "build alice baltic", "buy alice reading", "mortgage alice reading"),
                        ("Mediterranean Avenue", "Baltic Avenue", "Reading Railroad"), "Reading Railroad"),
    # 000:66 all but one of a group lets Alice build; a depot on Reading Railroad (000:74) and B. & O. mortgaged
    "mega": Estate(("buy alice mediterranean", "buy alice baltic", "build alice mediterranean",
                    "build alice baltic", "buy alice reading", "depot alice reading", 'buy alice "b. & o."',
                    'mortgage alice "b. & o."'),
                   ("Mediterranean Avenue", "Baltic Avenue", "Reading Railroad", "B. & O. Railroad"),
                   "B. & O. Railroad"),
    "city": Estate(("buy alice summergate", "buy alice stoneside", "spin alice 2",
                    "build alice summergate industrial 2", "mortgage alice stoneside"),
                   ("Summergate", "Stoneside"), "Stoneside"),
}
WAY_BEYOND = {"city": "100m"}  # a debt none of these estates comes near; the classic tables: 20000


@pytest.fixture(params=AUCTIONING)
def estate(request: pytest.FixtureRequest, new_game: NewGame) -> tuple[Game, str, Estate]:
    name = request.param
    game = table(new_game, name)
    play(game, *ESTATES[name].lines)
    return game, name, ESTATES[name]


def gone_bankrupt(game: Game, name: str) -> None:
    play(game, f"bankrupt alice {WAY_BEYOND.get(name, '20000')}")


def test_a_bankruptcy_to_the_bank_opens_the_first_deeds_auction_at_once(estate: tuple[Game, str, Estate]) -> None:
    # 000:207 "the Bank immediately sells by auction all properties so taken, except buildings"; 003 "These are
    # sold unmortgaged (face up)"; 004:310 "the banker who will auction off each property"
    game, name, held = estate
    outcome = play(game, f"bankrupt alice {WAY_BEYOND.get(name, '20000')}")[0]
    assert outcome.summary.endswith(f"auction opened for {held.deeds[0]}")
    assert game.state_json()["auction"] == {"deed": held.deeds[0], "high_bid": 0, "high_bidder": None}
    assert game.state.to_auction == list(held.deeds[1:])
    assert all(game.state.deeds[d].owner == BANK and not game.state.deeds[d].mortgaged for d in held.deeds)
    assert cash(game, "Alice") == 0 and game.state.bankrupt == {"Alice"}


def test_each_sold_opens_the_next_auction_with_or_without_a_bid(estate: tuple[Game, str, Estate]) -> None:
    # 000:207 "sells by auction all properties so taken": one after another, until every deed has had its
    # auction; a deed nobody bids on stays with the bank (README: `sold` with no bid leaves it with the bank)
    game, name, held = estate
    gone_bankrupt(game, name)
    first, *middle, last = held.deeds
    bid = amount(name, 10 if name != "city" else 10 * K)
    carol = cash(game, "Carol")
    play(game, f"bid carol {bid}", "sold")
    assert game.state.deeds[first].owner == "Carol"
    assert cash(game, "Carol") == carol - (10 if name != "city" else 10 * K)
    for deed in middle:
        assert game.state.auction is not None and game.state.auction.deed == deed
        play(game, "sold")  # nobody bids: it stays with the bank, and the next opens
        assert game.state.deeds[deed].owner == BANK
    assert game.state.auction is not None and game.state.auction.deed == last == held.mortgaged
    play(game, f"bid bob {bid}", "sold")
    assert game.state.deeds[last].owner == "Bob" and not game.state.deeds[last].mortgaged  # sold unmortgaged
    assert game.state.auction is None and game.state.to_auction == []
    assert refused(game, "sold") == "no auction is open; there is nothing to close"
    for deed in middle:  # after its auction, a deed nobody took is the bank's to sell at list price
        play(game, f'buy carol "{deed}"')


@pytest.mark.parametrize("name", ["classic-us", "classic-uk", "speed-die", "mega"])
def test_buildings_are_sold_back_to_the_bank_not_auctioned(new_game: NewGame, name: str) -> None:
    # 000:207 "Should you owe the Bank ... you must turn over all assets to the Bank. In this case, the Bank
    # immediately sells by auction all properties so taken, except buildings"
    game = table(new_game, name)
    held = ESTATES[name]
    play(game, *held.lines)
    supply = dict(game.state.supply)
    gone_bankrupt(game, name)
    state = game.state
    assert all(state.deeds[d].level == 0 and not state.deeds[d].depot for d in held.deeds)
    assert state.supply["houses"] == supply["houses"] + 2
    if name == "mega":
        assert state.supply["depots"] == supply["depots"] + 1
    assert state.auction is not None
    assert [state.auction.deed, *state.to_auction] == list(held.deeds)  # deeds only, never a building
    play(game, "bid carol 10", "sold")
    assert game.state.deeds[held.deeds[0]].level == 0  # the winner gets the bare street


def test_city_blocks_stay_with_the_district_through_its_auction(new_game: NewGame) -> None:
    # 004:310 "Return your District cards to the banker who will auction off each property"; 004:288 "any
    # buildings already there must stay there"; 004:295 "All buildings stay there"
    game = table(new_game, "city")
    play(game, *ESTATES["city"].lines)
    bank = cash(game, BANK)
    alice = cash(game, "Alice")
    outcome = play(game, "bankrupt alice 100m")[0]
    assert not [e for e in outcome.events if isinstance(e, ev.BuildingsSold)]
    assert cash(game, BANK) == bank + alice  # her cash alone: nothing sold back
    assert game.state.deeds["Summergate"].industrial == 2
    play(game, "bid carol 10k", "sold")
    assert (game.state.deeds["Summergate"].owner, game.state.deeds["Summergate"].industrial) == ("Carol", 2)


def test_sore_losers_returns_the_deeds_to_the_bank_with_no_auction(new_game: NewGame) -> None:
    # 001:77 "Return all your properties to the Bank. Any mortgages are canceled, and any buildings stay where
    # they are. If a player buys a property with a building on it from the Bank, they pay the price on the board
    # space and get the building for free"
    game = table(new_game, "sore-losers")
    play(game, "buy alice park", "buy alice boardwalk", "build alice boardwalk", "buy alice reading",
         "mortgage alice reading")
    outcome = play(game, "bankrupt alice 5000")[0]
    assert game.state_json()["auction"] is None and game.state.to_auction == []
    assert "auction" not in outcome.summary
    assert not game.state.deeds["Reading Railroad"].mortgaged and game.state.deeds["Boardwalk"].level == 1
    play(game, "buy bob boardwalk", "buy carol reading")  # at list price, the house with it
    assert game.state.deeds["Boardwalk"].owner == "Bob" and game.state.deeds["Boardwalk"].level == 1


def table_now(game: Game) -> dict:
    """Everything on the table (the whole folded state, as a snapshot keeps it), not the ledger's count and head."""
    return state_to_json(game.state)


def test_undo_of_the_bankruptcy_takes_the_open_auction_back_too(estate: tuple[Game, str, Estate]) -> None:
    # the ledger's promise: undo restores the state before the action, whole (a bankruptcy and its auction are one
    # action, 000:207 "immediately")
    game, name, held = estate
    before = table_now(game)
    gone_bankrupt(game, name)
    after = table_now(game)
    play(game, "undo")
    assert table_now(game) == before and game.state.auction is None and game.state.to_auction == []
    assert game.state.deeds[held.mortgaged].mortgaged and game.state.bankrupt == set()
    play(game, "redo")
    assert table_now(game) == after


def test_undo_of_a_sold_reopens_that_auction_and_closes_the_next(estate: tuple[Game, str, Estate]) -> None:
    game, name, held = estate
    gone_bankrupt(game, name)
    play(game, f"bid carol {amount(name, 10 if name != 'city' else 10 * K)}")
    bidding = table_now(game)
    play(game, "sold", "undo")
    assert table_now(game) == bidding
    assert game.state_json()["auction"]["deed"] == held.deeds[0] and game.state.to_auction == list(held.deeds[1:])


# -- no loans: cash alone never changes hands in a trade ----------------------------------------------------------

LOAN = ("a trade of cash alone is a loan, and players may never lend each other money (000:211, 002); trade a "
        "deed, a card or a holding for it, or mortgage with the bank")


@pytest.mark.parametrize("name", list(TABLES))
def test_a_trade_of_cash_alone_is_a_loan_and_is_refused(new_game: NewGame, name: str) -> None:
    # 000:211 "Cash can only be loaned to a player by the Bank, and then only by mortgaging properties. No player
    # may borrow from or lend cash to another player."; 002:28 "players may never loan each other money"; 004:288
    # a deal is a district swapped or sold ("If you swap/sell a district during a deal"); 004:291 the banker
    # lends only on a mortgage
    game = table(new_game, name)
    assert game.state.edition.no_loans
    ten, five = amount(name, 10 if name != "city" else 20 * K), amount(name, 5 if name != "city" else 10 * K)
    for line in (f"trade alice bob give {ten}", f"trade alice bob get {ten}", f"trade alice bob give {ten} get {five}",
                 f"trade alice bob give ${ten} get ${ten}"):
        assert refused(game, line) == LOAN, line
    play(game, f"pay alice {ten} bob")  # paying a debt is not a loan: pay is unchanged


# What each table lets cash buy besides a deed: the card and holdings its rulebook trades.
FOR_CASH = {
    # 003:186 "Property can be traded for any combination of cash, other property or Get Out of Jail Free cards"
    "classic-us": [("card alice chance goojf", "goojf")],
    "classic-uk": [("card alice chance goojf", "goojf")],
    "speed-die": [("card alice chest goojf", "goojf:chest")],
    "mega": [("card alice chance goojf", "goojf"), ("ticket alice", "ticket")],  # 000:80 "buy/sell/trade Bus Tickets"
    "sore-losers": [("card alice chance goojf", "goojf"), ("", "coin")],  # 001:61 "sell, or swap ... sore loser coins"
    "city": [("parking alice", "dodge")],  # the Rent Dodge card (004:324), a holding trade carries (README)
}


@pytest.mark.parametrize("name", list(TABLES))
def test_cash_for_a_deed_a_card_or_a_holding_is_a_trade_not_a_loan(new_game: NewGame, name: str) -> None:
    # 001:63 "Property can be traded for cash, other property, sore loser coins, and/or Get Out of Jail Free cards"
    game = table(new_game, name)
    deed = "Summergate" if name == "city" else "Mayfair" if name == "classic-uk" else "Boardwalk"
    ten = amount(name, 10 if name != "city" else 10 * K)
    play(game, f"buy alice {deed}", f"trade alice bob give {deed} get {ten}")
    assert game.state.deeds[deed].owner == "Bob"
    for setup, item in FOR_CASH[name]:
        if setup:
            play(game, setup)
        bob = cash(game, "Bob")
        play(game, f"trade alice bob give {item} get {ten}")
        assert cash(game, "Bob") == bob - (10 if name != "city" else 10 * K)
        play(game, f"trade bob carol get {ten} give {item}")  # the other way round: cash given for the item


# -- game files written before the debt was recorded ------------------------------------------------------------


def test_an_old_bankruptcy_payload_without_the_debt_still_decodes() -> None:
    # game files written before e1e8cd5 hold PlayerWentBankrupt without "debt": it reads as 0, "not recorded"
    event = ev.decode("PlayerWentBankrupt", {"transfers": [], "player": "Bob", "creditor": "Alice"})
    assert event == ev.PlayerWentBankrupt("Bob", "Alice", 0)
    assert describe(event, lambda n: f"${n:,}") == "Bob is bankrupt to Alice and leaves the game"
    new = ev.PlayerWentBankrupt("Bob", "Alice", 800)
    assert ev.decode("PlayerWentBankrupt", new.payload()) == new
    assert describe(new, lambda n: f"${n:,}") == "Bob is bankrupt to Alice, owing $800, and leaves the game"


def write_old_bankruptcy(game: Game, player: str) -> int:
    """Append, as a file from before the debt was recorded would hold it, a bankruptcy to the bank: no "debt" in
    the payload and no auction opened (the banker typed `auction` for each deed). Returns its action number."""
    events = [e for e in bankrupt(game.state, c.Bankrupt(player, BANK, 99_999)) if not isinstance(e, ev.AuctionOpened)]
    seq, prev = game.store.head()
    path = game.store.path
    game.close()
    action, time, rows = seq + 1, datetime.now(UTC).isoformat(timespec="milliseconds"), []
    for number, event in enumerate(events, start=seq + 1):
        body = event.payload()
        if isinstance(event, ev.PlayerWentBankrupt):
            del body["debt"]
        payload, event_id = canonical(body), f"old-{number}"
        digest = chain_hash(prev, number, event_id, action, time, event.type, payload)
        rows.append((number, event_id, action, time, event.type, payload, prev, digest))
        prev = digest
    with sqlite3.connect(path) as db:
        db.executemany("INSERT INTO event (seq, id, action, time, type, payload, prev_hash, hash) "
                       "VALUES (?, ?, ?, ?, ?, ?, ?, ?)", rows)
    db.close()
    return action


def test_a_game_file_with_an_old_bankruptcy_opens_verifies_and_replays(new_game: NewGame) -> None:
    # events.decode fills a field an old payload lacks with its default: old game files open, replay and verify
    game = new_game()
    play(game, "buy alice reading", "buy alice boardwalk", "mortgage alice boardwalk", "pay alice 1000")
    path = game.store.path
    action = write_old_bankruptcy(game, "Alice")
    old = Game.open(path)
    try:
        assert verify_records(old.records) is None
        assert old.summary_of(action).endswith("Alice is bankrupt to bank and leaves the game")
        assert old.state.bankrupt == {"Alice"} and old.state.auction is None
        assert old.state.to_auction == ["Reading Railroad", "Boardwalk"]
        # what such a file left for the banker: auction each deed; the next one then opens on its own
        message = refused(old, "buy bob reading")
        assert message == 'Reading Railroad came back to the bank in a bankruptcy and is sold by auction: ' \
                          'auction "Reading Railroad"'
        play(old, "auction reading", "bid bob 50", "sold")
        assert old.state.deeds["Reading Railroad"].owner == "Bob"
        assert old.state_json()["auction"]["deed"] == "Boardwalk"
        play(old, "sold")
        assert old.state.auction is None and old.state.to_auction == []
        assert verify_records(old.records) is None
    finally:
        old.close()
