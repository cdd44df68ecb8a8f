"""Bad input at a Sore Losers table and a Monopoly City table: one action or one clear refusal that changes nothing.

The same requirement as tests/test_fuzz_input.py (issue 4 "Bad input") with each edition's own verbs and
names in the lines: coins, cash-in, traps, free houses and the final round (issue 8); money typed as 500k,
2m or 3.5m, Build spins, blocks, planning permission, stadiums, skyscrapers, the tower and the Rent Dodge card
(issue 9). Issue 16: both tables again with their tokens followed: rolls, moves and moving cards among the lines,
and the rolls each edition refuses (a trapped player's, a speed die at either table) get one clear refusal.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from banker.game import Game
from editions import load_edition
from tests.followed_setup import play_setup
from tests.fuzz_lines import (
    PLAYERS,
    TEMPLATES,
    TOKEN_TEMPLATES,
    action_or_clear_refusal,
    amounts,
    command_lines,
    controls,
    names_of,
    near_valid_lines,
    refused_in_one_line,
    token_slots,
)

SL_DEEDS = sorted(load_edition("sore-losers").deeds)
SL_SETUP = ("collect Alice 2000", "buy Alice Boardwalk", "buy Alice 'Park Place'", "build Alice Boardwalk",
            "buy Bob 'Reading Railroad'", "mortgage Bob Reading", "buy Carol Baltic", "coin Carol", "coin Carol",
            "cashin Carol", "trap Carol Bob", "place Mediterranean", "jail Zoë", "tax Alice electric")
SL_TEMPLATES = TEMPLATES + [
    "coin {p}", "coin {p} {q}", "parking {p} {q}", "cashin {p}", "cashin {p} {q}", "trap {p} {q}",
    "trap {p} {q} {d}", "release {p}", "place {d}", "place {d} {n}", "final", "final {p}", "tax {p} electric",
    "tax {p} water", "tax {p} {d}", "jail {p} {q}", "rent {p} {d}", "trade {p} {q} give coin get {a}",
    "trade {p} {q} give coin coin coin coin coin get {a}", "trade {p} {q} give {a} get coins", "sell {p} {d} {n}"]
sl_names = names_of(SL_DEEDS, ("coin", "coins", "electric", "water", "bill", "mr-monopoly"))
sl_words = st.one_of(amounts, sl_names, controls, st.text(max_size=6))
good_sl_deeds = st.sampled_from([*SL_DEEDS, "board", "park", "reading", "medi", "baltic", "short", "electric",
                                 "water", "income", "luxury", "coin"])

ON_THEIR_SPACES = {"tax Alice electric": "Electric Bill",
                   "hazard Bob Summergate 'Rubbish Dump'": "Planning Permission",
                   "bonus Carol Westlands Park": "Planning Permission", "parking Zoë": "Free Parking"}
CITY_DEEDS = sorted(load_edition("city").deeds)
CITY_SETUP = ("buy Alice Summergate", "buy Alice Stoneside", "spin Alice 3",
              "build Alice Stoneside residential 2", "build Alice Summergate industrial 1", "spin Bob railroad",
              "railroad Bob 'Old Town'", "stadium Alice Stoneside", "skyscraper Alice Summergate",
              "buy Bob 'Old Town'", "hazard Bob Summergate 'Rubbish Dump'", "bonus Carol Westlands Park",
              "parking Zoë", "buy Carol 'Central Quay'", "mortgage Carol 'Central Quay'", "clock 60")
CITY_TEMPLATES = [t for t in TEMPLATES if not t.startswith(("build", "card"))] + [
    "spin {p}", "spin {p} {n}", "spin {p} railroad", "spin {p} {n} again", "spin {p} {d}",
    "build {p} {d} residential {n}", "build {p} {d} industrial {n}", "build {p} {d} {n}", "build {p} {d}",
    "railroad {p} {d}", "hazard {p} {d} {h}", "bonus {p} {d} {h}", "hazard {p} {d}", "clear {p} {d}",
    "stadium {p} {d}", "skyscraper {p} {d}", "tower {p} {d}", "dodge {p} {d}", "parking {p}", "tax {p} industry",
    "clock {n}", "clock off", "clock {a}", "pay {p} {m}", "collect {p} {m} {q}", "bid {p} {m}",
    "trade {p} {q} give {m} get {d}", "trade {p} {q} give dodge get {m}", "trade {p} {q} give {d} get {d} lift",
    "bankrupt {p} {m}", "bankrupt {p} {q} {m}", "bankrupt {p} {q} {m} lift", "trade {p} {q} give {m} get {m}"]
city_names = names_of(CITY_DEEDS, ("residential", "industrial", "railroad", "dodge", "again", "off", "prison",
                                   "park", "industry"))
city_words = st.one_of(amounts, city_names, controls, st.text(max_size=6))
good_city_deeds = st.sampled_from([*CITY_DEEDS, "summer", "stone", "old", "central", "diamond", "fortune",
                                   "industry", "prison", "park"])
planning = st.sampled_from(["'Rubbish Dump'", "'Sewage Plant'", "'Power Station'", "Prison", "Park", "School",
                            "'Water Tower'", "'Wind Farm'", "dump", "pr", "moat", "park"])
millions = st.one_of(st.sampled_from(["500k", "2m", "3.5m", "M1m", "0.5m", "1.25m", "10k", "1k5", "2.0000001m",
                                      "m", "k", "-2m", "5mm", "3,5m", "1e6"]),
                     st.integers(1, 40_000_000).map(str), st.from_regex(r"[Mm]?[0-9.]{1,6}[kKmM]?", fullmatch=True))


def city_lines() -> st.SearchStrategy[str]:
    """City lines: its verbs, planning names and amounts in M, near-valid or mangled."""
    extra = {"h": planning, "m": millions}
    return st.one_of(command_lines(CITY_TEMPLATES, good_city_deeds, city_names, city_words, extra),
                     near_valid_lines(CITY_TEMPLATES, good_city_deeds, extra))


def sl_lines() -> st.SearchStrategy[str]:
    return st.one_of(command_lines(SL_TEMPLATES, good_sl_deeds, sl_names, sl_words),
                     near_valid_lines(SL_TEMPLATES, good_sl_deeds))


def table(tmp_path_factory: pytest.TempPathFactory, edition: str, setup: tuple[str, ...],
          house_rules: tuple[str, ...] = ()) -> Game:
    game = Game.create(tmp_path_factory.mktemp("fuzz") / f"{edition}.db", load_edition(edition), PLAYERS,
                       house_rules)
    return play_setup(game, setup, ON_THEIR_SPACES)


@pytest.fixture(scope="module")
def sore_losers_game(tmp_path_factory: pytest.TempPathFactory) -> Game:
    """Houses, a mortgage, coins, Carol as Mr. Monopoly with Bob trapped, a free house, Zoë in jail."""
    return table(tmp_path_factory, "sore-losers", SL_SETUP)


@pytest.fixture(scope="module")
def city_game(tmp_path_factory: pytest.TempPathFactory) -> Game:
    """Blocks, a railroad, a stadium, a skyscraper, a hazard, a bonus, the Rent Dodge card, a mortgage, a clock."""
    return table(tmp_path_factory, "city", CITY_SETUP)


@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(line=sl_lines())
def test_any_line_at_a_sore_losers_table_is_an_action_or_one_clear_refusal(sore_losers_game: Game,
                                                                           line: str) -> None:
    action_or_clear_refusal(sore_losers_game, line)


@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(line=city_lines())
def test_any_line_at_a_city_table_is_an_action_or_one_clear_refusal(city_game: Game, line: str) -> None:
    action_or_clear_refusal(city_game, line)


@pytest.mark.parametrize("line", [
    "coin", "coin Mallory", "cashin Alice", "cashin Bob", "parking Alice Alice", "parking Alice", "trap Alice Bob",
    "trap Carol Carol", "trap Carol Alice Boardwalk", "release Alice", "place Reading", "place Atlantis",
    "final", "final now", "sell Alice Boardwalk", "tax Alice industry", "jail Alice Bob", "jail Carol Carol",
    "trade Alice Bob give coin coin coin coin coin get $1", "spin Alice 2", "dodge Alice Boardwalk",
    "trade Zoë Carol give coin get $1", "bankrupt Alice 10", "bankrupt Alice Bob 100 lift", "bankrupt Bob",
    "bankrupt Bob 20x", "bankrupt Bob 99999 lift", "trade Alice Bob give $5 get $1", "trade Zoë Bob give get $5",
])
def test_known_bad_sore_losers_lines_are_refused_in_one_line(sore_losers_game: Game, line: str) -> None:
    refused_in_one_line(sore_losers_game, line)


@pytest.mark.parametrize("line", [
    "spin Alice 4", "spin Alice two", "spin Mallory", "build Alice Stoneside residential 9",
    "build Alice Stoneside flats 1", "build Alice Stoneside", "build Bob Stoneside residential 1",
    "railroad Alice Westlands", "hazard Alice Stoneside Prison", "hazard Bob Summergate Prison",
    "hazard Bob Westlands Moat", "bonus Bob Summergate Park", "clear Alice Stoneside", "clear Bob Summergate",
    "stadium Alice Summergate", "stadium Bob 'Old Town'", "skyscraper Alice Stoneside", "tower Alice Stoneside",
    "dodge Alice Summergate", "parking Zoë", "tax Bob industry", "pay Alice 2.5005k", "pay Alice 1.0000005m",
    "pay Alice 5mm", "pay Alice -2m", "clock -5", "clock 99999", "sell Alice Stoneside", "coin Alice",
    "depot Bob Westlands", "unmortgage Carol Summergate", "build Alice Stoneside residential 1 2",
    "bankrupt Alice 1m", "bankrupt Alice Bob 2m lift", "bankrupt Carol", "bankrupt Bob 20x", "bankrupt Bob 999m lift",
    "bankrupt Bob 2.5005m", "trade Alice Bob give 1m get 500k", "trade Zoë Carol give 2m get",
])
def test_known_bad_city_lines_are_refused_in_one_line(city_game: Game, line: str) -> None:
    refused_in_one_line(city_game, line)


# -- the same tables following the tokens (issue 16) ---------------------------------------------------------------

FOLLOW = ("follow-tokens",)
TOKEN_ONLY = TOKEN_TEMPLATES[len(TEMPLATES):]


def followed_lines(templates: list[str], deeds: st.SearchStrategy[str], some: st.SearchStrategy[str],
                   any_words: st.SearchStrategy[str], extra: dict[str, st.SearchStrategy[str]] | None = None,
                   whose: str = "Bob") -> st.SearchStrategy[str]:
    """An edition's lines with rolls, moves and moving cards among them (`whose` roll it is)."""
    slots = {**token_slots(whose), **(extra or {})}
    return st.one_of(command_lines(templates + TOKEN_ONLY, deeds, some, any_words, slots),
                     near_valid_lines(templates + TOKEN_ONLY, deeds, slots),
                     near_valid_lines(TOKEN_ONLY, deeds, slots))


@pytest.fixture(scope="module")
def sore_losers_tokens(tmp_path_factory: pytest.TempPathFactory) -> Game:
    """The Sore Losers table with its tokens followed; Alice rolled, and Bob, trapped, lost his turn to Carol
    (001:180). Carol cashes in on her own roll, before rolling (001:5), then joins Alice and Bob on her Baltic."""
    at = SL_SETUP.index("cashin Carol")
    setup = (*SL_SETUP[:at], "roll Alice 1 2", "roll Bob 1 2", "cashin Carol", "roll Carol 1 2", *SL_SETUP[at + 1:])
    setup = tuple(line for line in setup if line != "place Mediterranean")  # no doubles: no free house (001:32)
    game = table(tmp_path_factory, "sore-losers", (*setup, "roll Alice 3 4"), FOLLOW)
    assert (game.state.whose_roll, game.state.mr_monopoly, sorted(game.state.trapped)) == ("Carol", "Carol", [])
    return game


@pytest.fixture(scope="module")
def city_tokens(tmp_path_factory: pytest.TempPathFactory) -> Game:
    """The City table with its tokens followed and Alice's stadium paying on GO; Alice rolled: Bob's roll."""
    setup = (*CITY_SETUP, "move Zoë 38 fix", "roll Alice 3 4", "card Alice chance back-3")
    return table(tmp_path_factory, "city", setup, FOLLOW)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(line=followed_lines(SL_TEMPLATES, good_sl_deeds, sl_names, sl_words))
def test_any_line_at_a_sore_losers_table_following_the_tokens_is_an_action_or_one_clear_refusal(
        sore_losers_tokens: Game, line: str) -> None:
    action_or_clear_refusal(sore_losers_tokens, line)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(line=followed_lines(CITY_TEMPLATES, good_city_deeds, city_names, city_words,
                           {"h": planning, "m": millions}))
def test_any_line_at_a_city_table_following_the_tokens_is_an_action_or_one_clear_refusal(city_tokens: Game,
                                                                                        line: str) -> None:
    action_or_clear_refusal(city_tokens, line)


@pytest.mark.parametrize(("line", "says"), [
    ("roll bob 3 4", "it is Carol's roll"), ("roll bob 3 4 mr", "it is Carol's roll"),  # 001:180 Bob lost it
    ("roll alice 3 4 mr", "it is Carol's roll"), ("release bob bob", "release takes"),
    ("roll bob 7 1", "'7' is not a die"), ("move zoë 5", "is in jail"),
    ("move bob 40", "off the board"), ("roll bob", "roll takes 3-5 words"),
])
def test_known_bad_rolls_at_a_sore_losers_table_are_refused_in_one_line(sore_losers_tokens: Game, line: str,
                                                                        says: str) -> None:
    assert says in refused_in_one_line(sore_losers_tokens, line)


@pytest.mark.parametrize(("line", "says"), [
    ("roll bob 3 4 1", "this game has no speed die"), ("roll bob 3 4 bus ticket", "this game has no speed die"),
    ("roll alice 3 4", "it is Bob's roll"), ("move bob nowhere", "no space called"), ("move bob 99", "off the board"),
    ("card zoë chance diamond-hills go", "does not pass GO"), ("move zoë 38 fix", "already on"),
])
def test_known_bad_rolls_at_a_city_table_are_refused_in_one_line(city_tokens: Game, line: str, says: str) -> None:
    assert says in refused_in_one_line(city_tokens, line)
