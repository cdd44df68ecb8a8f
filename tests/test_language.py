"""The banker command language: one line per action, shell-like words, forgiving names, strict amounts.

Every refused line must say what is wrong and what to write instead, and change nothing (`refused` checks
the ledger head, the game file and state_json).
"""

from __future__ import annotations

import re
from decimal import Decimal

import pytest
from conftest import cash, play, refused
from hypothesis import assume, given
from hypothesis import strategies as st

from banker.commands import Bankrupt
from banker.errors import Refusal
from banker.game import Game
from banker.language import MAX_AMOUNT, USAGE, _whole_number, parse, parse_amount


def test_names_are_case_insensitive(game: Game) -> None:
    play(game, "BUY ALICE BOARDWALK", "Rent bOB boardWALK")
    assert game.state.deeds["Boardwalk"].owner == "Alice" and cash(game, "Bob") == 1450


def test_a_unique_prefix_is_enough(game: Game) -> None:
    play(game, "buy al board", "mortg al board", "unm al boa")
    assert game.state.deeds["Boardwalk"].owner == "Alice"
    assert cash(game, "Alice") == 1500 - 400 + 200 - 220


def test_punctuation_in_names_is_optional(game: Game) -> None:
    play(game, "buy alice stcharles", "buy bob b&orail", "buy carol 'st.james'")
    owners = [game.state.deeds[d].owner for d in ("St. Charles Place", "B. & O. Railroad", "St. James Place")]
    assert owners == ["Alice", "Bob", "Carol"]


def test_an_ambiguous_prefix_is_refused_listing_the_candidates(game: Game) -> None:
    message = refused(game, "buy alice st")
    assert message == ("'st' could be St. Charles Place or States Avenue or St. James Place; "
                       "type more of the deed name")
    message = refused(game, "buy alice pennsylvania")
    assert "Pennsylvania Railroad or Pennsylvania Avenue" in message and "type more" in message
    message = refused(game, "b alice")
    assert "'b' could be buy or bid or bail or build or bankrupt" in message


def test_an_exact_name_wins_over_a_longer_one_it_starts(game: Game) -> None:
    play(game, "card alice chest go")  # "go" is a card key, not the start of "goojf"
    assert cash(game, "Alice") == 1700


def test_quoted_names_keep_their_spaces(game: Game) -> None:
    play(game, 'buy alice "Park Place"', "buy bob 'St. James Place'", 'buy carol "new york"')
    owners = [game.state.deeds[d].owner for d in ("Park Place", "St. James Place", "New York Avenue")]
    assert owners == ["Alice", "Bob", "Carol"]


def test_an_unquoted_name_with_spaces_is_a_word_too_many(game: Game) -> None:
    assert refused(game, "buy alice park place") == "buy takes 2 words: buy <player> <deed>"


def test_an_unclosed_quote_is_refused(game: Game) -> None:
    assert refused(game, 'buy alice "park place') == 'a quote is left open; close it ("Park Place") and try again'


def test_an_unknown_verb_is_refused_with_the_known_ones(game: Game) -> None:
    message = refused(game, "fly alice")
    assert message.startswith("no action called 'fly'; known: buy, auction, bid")
    assert "type `help` for the list" in message


def test_an_unknown_player_is_refused_naming_the_players(game: Game) -> None:
    assert refused(game, "buy zed boardwalk") == "no player called 'zed'; known: Alice, Bob, Carol"
    assert "no creditor (a player or bank) called 'zed'" in refused(game, "bankrupt alice zed")


def test_an_unknown_deed_is_refused(game: Game) -> None:
    message = refused(game, "buy alice nowhere")
    assert message.startswith("no deed called 'nowhere'; known: Mediterranean Avenue, Baltic Avenue")


def test_an_empty_or_overlong_line_is_refused(game: Game) -> None:
    assert refused(game, "   ").startswith("empty line; type an action, one of: buy, auction")
    assert refused(game, "pay alice " + "9" * 1000) == "the line is 1010 characters long; one action fits in 1000"


@pytest.mark.parametrize("word", ["$50", "50", "50_"])
def test_an_amount_may_carry_the_money_sign(game: Game, word: str) -> None:
    play(game, f"pay alice {word}")
    assert cash(game, "Alice") == 1450


@pytest.mark.parametrize(("word", "words", "cash_in_a_trade"), [
    ("-5", ["negative", "positive whole numbers"], True),
    ("$-5", ["negative"], True),
    ("2.5", ["fraction", "whole numbers like 50"], True),
    ("$.5", ["fraction"], True),
    ("abc", ["'abc' is not an amount", "whole number like 50"], False),  # in a trade: a deed name
    ("1e3", ["not an amount"], False),
    ("$", ["not an amount"], True),
    ("0", ["0 moves nothing", "positive whole number"], True),
    ("$0", ["0 moves nothing"], True),
    ("10000000000", ["too large", "1,000,000,000"], True),
])
def test_bad_amounts_are_refused_saying_what_to_write(game: Game, word: str, words: list[str],
                                                      cash_in_a_trade: bool) -> None:
    lines = [f"pay alice {word}", f"collect bob {word}", f"bankrupt alice bob {word}"]
    if cash_in_a_trade:
        lines.append(f"trade alice bob give {word}")
    for line in lines:
        message = refused(game, line)
        assert all(w in message for w in words), (line, message)
    if not cash_in_a_trade:
        assert f"no deed called '{word}'" in refused(game, f"trade alice bob give {word}")
    play(game, "auction boardwalk")
    assert all(w in refused(game, f"bid alice {word}") for w in words)


def test_the_largest_amount_is_accepted_by_the_parser() -> None:
    assert parse_amount(f"{MAX_AMOUNT}") == MAX_AMOUNT
    assert parse_amount("M70", "M") == 70


def _amount_by_decimal(word: str, currency: str) -> int | str:
    """How parse_amount read a word before it read City's money in whole numbers (a regular expression and
    Decimal, as at 84099e5): the amount, or the refusal's text."""
    text = word.strip()
    if not (text.isascii() and text.isdigit()):
        for sign in (currency, "$", "£", "M"):
            if text.startswith(sign):
                text = text[len(sign):]
                break
        text = text.replace(",", "").replace("_", "")
    scaled = None if text.isascii() and text.isdigit() else re.fullmatch(r"(\d*\.?\d+)([kKmM])", text, re.ASCII)
    try:
        if scaled:
            value = Decimal(scaled[1]) * (1000 if scaled[2] in "kK" else 1_000_000)
            if value != value.to_integral_value():
                raise Refusal(f"amount {word!r} is not a whole amount; write 500k, 2m or 3.5m")
            text = str(int(value))
        amount = int(text) if text.isascii() and text.isdigit() else _whole_number(word, text)
        if amount == 0:
            raise Refusal("an amount of 0 moves nothing; write a positive whole number")
        if amount > MAX_AMOUNT:
            raise Refusal(f"amount {word!r} is too large; the most is {MAX_AMOUNT:,}")
    except Refusal as refusal:
        return str(refusal)
    return amount


def _amount(word: str, currency: str) -> int | str:
    try:
        return parse_amount(word, currency)
    except Refusal as refusal:
        return str(refusal)


@given(st.one_of(st.text(alphabet="0123456789٣._kKmM$£-e ", max_size=12),
                 st.from_regex(r"\A[M$£]?[0-9٣]{0,4}\.?[0-9]{0,7}[kKmM]\Z")), st.sampled_from(["$", "M", "£"]))
def test_city_money_is_read_as_the_decimal_reading_read_it(word: str, currency: str) -> None:
    """500k, 2m, 3.5m (the City rulebook's money) read in whole numbers give what Decimal gave, and the same
    refusal for everything else: a fraction of M1, a stray point, no digit."""
    assert _amount(word, currency) == _amount_by_decimal(word, currency)


@pytest.mark.parametrize(("word", "currency", "amount"), [
    ("1,500", "$", 1500), ("$1,500", "$", 1500), ("M1,500", "M", 1500), ("12,345", "$", 12_345),
    ("1,500,000", "$", 1_500_000), ("$1,000,000,000", "$", MAX_AMOUNT), ("M1,500k", "M", 1_500_000),
    ("2.5m", "M", 2_500_000), ("500k", "M", 500_000),
])
def test_a_comma_separates_thousands_in_every_editions_money(word: str, currency: str, amount: int) -> None:
    """000:112 writes $1,500; 004:278 writes M3.5m with a decimal point: both read as the table means them."""
    assert parse_amount(word, currency) == amount


@pytest.mark.parametrize(("word", "meant"), [("2,5m", "2.5m"), ("M2,5m", "M2.5m"), ("1,5k", "1.5k"),
                                             ("$12,25m", "$12.25m")])
def test_a_decimal_comma_is_refused_never_read_as_ten_times_the_money(word: str, meant: str) -> None:
    """004:278 writes City money with a point (M3.5m): 2,5m was read as 25m, ten times the money."""
    assert _amount(word, "M") == f"{word} is not an amount; did you mean {meant}?"


@pytest.mark.parametrize("word", ["$5,0", "2,5", "1,50,000", "1,2345", ",500", "5,", "1,,500", "1,500,00"])
def test_a_comma_not_between_groups_of_three_digits_is_refused(word: str) -> None:
    assert _amount(word, "$").endswith("a comma only separates thousands, as in 1,500; write a whole number like 50")


def test_a_decimal_comma_at_a_city_table_pays_nothing(new_game) -> None:  # type: ignore[no-untyped-def]
    """`pay Bob 2,5m` at a City table paid M25m; now it is refused and nothing is written (004:278's M3.5m)."""
    city = new_game("city")
    before = cash(city, "Bob")
    assert refused(city, "pay bob 2,5m") == "2,5m is not an amount; did you mean 2.5m?"
    assert refused(city, "trade alice bob give 2,5m") == "2,5m is not an amount; did you mean 2.5m?"
    play(city, "pay bob 2.5m")
    assert cash(city, "Bob") == before - 2_500_000


@given(st.from_regex(r"\A[M$]?[0-9,]{1,12}[kKm]?\Z"))
def test_a_comma_is_read_only_as_a_thousands_separator(word: str) -> None:
    """Any word with a comma is read as the same word without its commas when they group thousands, else refused."""
    assume("," in word)
    read = _amount(word, "$")
    if re.fullmatch(r"[M$]?\d{1,3}(,\d{3})+[kKm]?", word):
        plain = _amount(word.replace(",", ""), "$")
        assert read == plain if isinstance(plain, int) else isinstance(read, str), (word, read, plain)
    else:
        assert isinstance(read, str) and "not an amount" in read, (word, read)


@pytest.mark.parametrize(("word", "amount"), [("500k", 500_000), ("2m", 2_000_000), ("3.5m", 3_500_000),
                                              ("M1.25m", 1_250_000), (".5k", 500), ("1.500K", 1500)])
def test_city_money_reads_k_and_m(word: str, amount: int) -> None:
    assert parse_amount(word, "M") == amount


@pytest.mark.parametrize("word", ["1.0005k", "2.0000001m", "0.5"])
def test_city_money_below_one_is_refused(word: str) -> None:
    assert _amount(word, "M").endswith(("write 500k, 2m or 3.5m", "whole numbers like 50"))


@pytest.mark.parametrize("line", [
    "buy alice", "buy alice boardwalk now", "auction", "auction a b", "bid alice", "sold board now", "rent bob",
    "rent bob board 7 8", "pay alice", "pay alice 5 bob carol", "collect alice", "go", "go alice bob", "tax alice",
    "jail", "bail", "usecard", "usecard alice chance chest", "doubles", "build alice", "build alice board 1 2",
    "sell alice", "mortgage alice", "unmortgage alice", "parking", "bankrupt", "bankrupt alice bob 400 lift now",
    "bankrupt alice bob 400 500", "bankrupt alice 5000 bob",
    "undo now", "redo now", "card alice", "trade alice",
])
def test_a_wrong_number_of_words_is_refused_with_the_usage(game: Game, line: str) -> None:
    verb = line.split()[0]
    message = refused(game, line)
    assert message.endswith(USAGE[verb]), message
    assert verb in message.split(":")[0]


@pytest.mark.parametrize(("line", "words"), [
    ("rent bob boardwalk 1", ["'1' is not a dice total", "like 7"]),
    ("rent bob boardwalk 19", ["not a dice total"]),
    ("rent bob boardwalk x", ["not a dice total"]),
    ("build alice boardwalk 6", ["out of range", "1 to 5", "5 = hotel"]),
    ("build alice boardwalk 0", ["out of range"]),
    ("sell alice boardwalk two", ["'two' is not a count", "whole number"]),
    ("trade alice bob boardwalk", ["say `give` or `get` before 'boardwalk'"]),
    ("trade alice bob give boardwalk board", ["Boardwalk is listed twice"]),
    ("trade alice bob give goojf:deck", ["the deck is chance or chest", "goojf:chance"]),
    ("trade alice bob lift", ["a trade needs at least one item"]),
    ("usecard alice deck", ["'deck' is not a deck", "chance or chest"]),
    ("card alice zzz", ["no card called 'zzz'", "like \"bank error\""]),
    ("card alice advance", ["'advance' could be Advance to Boardwalk", "type more of the card's title"]),
    ("collect alice 5 pot", ["no player, bank or pot called 'pot'"]),
    ("bankrupt alice", ["say what Alice owes", "e.g. bankrupt alice 2000"]),
    ("bankrupt alice bob", ["say what Alice owes", "e.g. bankrupt alice bob 2000"]),
    ("bankrupt alice bob lift", ["say what Alice owes", "e.g. bankrupt alice bob 2000"]),
    ("bankrupt alice 20x", ["'20x' is not an amount"]),
    ("bankrupt alice bob carol", ["'carol' is not an amount"]),
])
def test_malformed_arguments_are_refused_saying_what_to_write(game: Game, line: str, words: list[str]) -> None:
    message = refused(game, line)
    assert all(w in message for w in words), message


def test_pay_and_collect_name_the_bank_or_a_player(game: Game) -> None:
    assert refused(game, "pay alice 5 b") == "'b' could be Bob or bank; type more of the player, bank or pot name"
    play(game, "pay alice 5 bank", "pay alice 5 bo", "collect carol 7 bank")
    assert [cash(game, p) for p in ("Alice", "Bob", "Carol")] == [1490, 1505, 1507]


def test_trade_words_are_case_insensitive_and_cash_adds_up(game: Game) -> None:
    play(game, "buy alice boardwalk", "TRADE alice bob GIVE board GET $100 50 LIFT")
    assert game.state.deeds["Boardwalk"].owner == "Bob" and cash(game, "Alice") == 1250


def test_undo_and_redo_are_words_of_the_language(game: Game) -> None:
    assert refused(game, "undo") == "nothing to undo: no action since the game started"
    play(game, "go alice", "undo")
    assert cash(game, "Alice") == 1500
    play(game, "redo")
    assert cash(game, "Alice") == 1700
    assert refused(game, "redo") == "nothing to redo: redo follows an undo, with no new action since"


def test_a_mega_count_reaches_the_skyscraper(new_game) -> None:  # type: ignore[no-untyped-def]
    """000:66 a skyscraper stands on the hotel (level 6): Mega counts run 1 to 6, the classic ones 1 to 5."""
    mega = new_game("mega")
    message = refused(mega, "sell alice mediterranean 7")
    assert "1 to 6 building levels (5 = hotel, 6 = skyscraper)" in message, message
    assert "out of range" not in refused(mega, "sell alice mediterranean 6")  # the rules judge it, not the parser
    assert "out of range" not in refused(mega, "build alice mediterranean 6")


def test_a_verb_of_one_word_says_one_word(game: Game) -> None:
    assert refused(game, "go alice bob") == "go takes 1 word: go <player>"


@pytest.mark.parametrize("word", ["b&o", "b. & o.", "B & O"])
def test_a_name_typed_word_by_word_finds_the_railroad_not_boardwalk(game: Game, word: str) -> None:
    """"b&o" is a prefix of Boardwalk's letters too; typed in parts, each part starts the next word of the name."""
    play(game, f"buy alice '{word}'")
    assert game.state.deeds["B. & O. Railroad"].owner == "Alice" and game.state.deeds["Boardwalk"].owner == "bank"
    assert "could be B. & O. Railroad or Boardwalk" in refused(game, "buy bob bo")


@pytest.mark.parametrize(("line", "creditor", "debt", "lift"), [
    ("bankrupt alice 5000", "bank", 5000, False),
    ("bankrupt alice bank $5,000", "bank", 5000, False),
    ("bankrupt ALICE bo 400 LIFT", "Bob", 400, True),
    ("bankrupt alice carol 400", "Carol", 400, False),
])
def test_bankrupt_reads_the_creditor_the_debt_and_lift(game: Game, line: str, creditor: str, debt: int,
                                                       lift: bool) -> None:
    # README: bankrupt <player> [<creditor>] <debt> [lift], to the bank unless a player is named
    assert parse(line, game.state) == Bankrupt("Alice", creditor, debt, lift)
