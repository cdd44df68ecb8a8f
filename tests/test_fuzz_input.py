"""Bad input: whatever is typed is one action or one clear line of refusal, and a refusal changes nothing.

Issue 4 "Bad input": random and malformed command lines (unknown names, negative,
huge, non-numeric and fractional amounts, unicode, empty, very long lines, quotes
left open, control characters); and unusable files (corrupt, truncated, from a
newer version, not SQLite, empty, an invalid edition) give a clear message via
the CLI, exit code 2, and nothing is overwritten.

Issue 7: the same on a Mega table (depots, a skyscraper, bus tickets, three utilities)
and on a classic table with the speed die, with the new verbs in the fuzzed lines.

Issue 16: the same on tables that follow the tokens (classic, Mega): `roll` and `move` lines, dice, speed-die
faces and spaces spelled right and wrong; known-bad rolls and moves (and both on a game that does not follow the
tokens) get one clear refusal each that changes nothing.
"""

from __future__ import annotations

import hashlib
import shlex
import shutil
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from banker.cli import main
from banker.errors import Refusal
from banker.game import Game
from banker.language import MAX_LINE
from banker.ledger import LedgerStore
from editions import SHIPPED_DIR, load_edition
from tests.followed_setup import play_setup
from tests.fuzz_lines import (
    PLAYERS,
    TEMPLATES,
    TOKEN_TEMPLATES,
    action_or_clear_refusal,
    amounts,
    command_lines,
    controls,
    good_deeds,
    names,
    names_of,
    near_valid_lines,
    refused_in_one_line,
    token_slots,
    words,
)
from tests.ledger_checks import one_line

SETUP = ("collect Alice 2000", "buy Alice Boardwalk", "buy Alice 'Park Place'", "build Alice Boardwalk",
         "buy Bob 'Reading Railroad'", "mortgage Bob Reading", "buy Carol 'Electric Company'",
         "card Bob chance goojf", "jail Carol", "tax Zoë 'Income Tax'")
MEGA_SETUP = ("collect Alice 3000", "buy Alice Mediterranean", "buy Alice Baltic", "buy Alice Arctic",
              *(f"build Alice {d}" for _ in range(5) for d in ("Mediterranean", "Baltic", "Arctic")),
              "build Alice Mediterranean", "buy Bob 'Reading Railroad'", "depot Bob Reading",
              "buy Bob 'Short Line'", "mortgage Bob 'Short Line'", "buy Carol 'Gas Company'",
              "buy Carol 'Electric Company'", "buy Carol 'Water Works'", "ticket Zoë", "ticket Bob",
              "gift Alice ticket", "card Bob chance goojf", "jail Carol", "tax Zoë 'Income Tax'")
MEGA_DEEDS = sorted(load_edition("mega").deeds)

mega_names = names_of(MEGA_DEEDS, ("ticket", "tickets", "expire", "bus ticket", "depot", "skyscraper", "coin"))
mega_words = st.one_of(amounts, mega_names, mega_names.map(shlex.quote), controls, st.text(max_size=6))


# Mega: the new verbs, skyscraper counts, depots, tickets as trade items, dice up to 15 (and past it)
MEGA_TEMPLATES = TEMPLATES + [
    "depot {p} {d}", "depot {p} {d} {n}", "ticket {p}", "ticket {p} expire", "ticket {p} {d}", "ride {p}",
    "ride {p} {q}", "gift {p}", "gift {p} ticket", "gift {p} {d}", "build {p} {d} 6", "sell {p} {d} {n}",
    "sell {p} {d} 2", "rent {p} {d} {n}", "rent {p} Gas {n}", "rent {p} Water {n}", "card {p} chance {d} {n}",
    "trade {p} {q} give ticket get {a}", "trade {p} {q} give ticket ticket {d} get tickets {a} lift",
    "trade {p} {q} give {a} get ticket", "auction skyscraper", "auction depot", "card {p} chest {d}"]
good_mega_deeds = st.sampled_from([*MEGA_DEEDS, "board", "penn", "pennsylvania", "reading", "gas", "water", "elec",
                                   "medi", "baltic", "arctic", "short", "income", "general-repairs", "goojf", "st",
                                   "ticket", "expire"])


def mega_lines() -> st.SearchStrategy[str]:
    """The same, mostly near-valid lines of the Mega Edition's verbs and names."""
    return st.one_of(command_lines(MEGA_TEMPLATES, good_mega_deeds, mega_names, mega_words),
                     near_valid_lines(MEGA_TEMPLATES, good_mega_deeds))


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> Game:
    """A table with something of everything on it: deeds, a house, a mortgage, a card, jail, the pot."""
    table = Game.create(tmp_path_factory.mktemp("fuzz") / "game.db", load_edition("classic-us"), PLAYERS,
                        ("free-parking",))
    for line in SETUP:
        table.do(line)
    return table


@pytest.fixture(scope="module")
def mega_game(tmp_path_factory: pytest.TempPathFactory) -> Game:
    """A Mega table: hotels and a skyscraper, a depot, a mortgage, three utilities, bus tickets, a card, jail."""
    table = Game.create(tmp_path_factory.mktemp("fuzz") / "mega.db", load_edition("mega"), PLAYERS)
    for line in MEGA_SETUP:
        table.do(line)
    return table


@pytest.fixture(scope="module")
def speed_die_game(tmp_path_factory: pytest.TempPathFactory) -> Game:
    """The classic table of `game` under the speed-die house rule (dice totals 2-15)."""
    table = Game.create(tmp_path_factory.mktemp("fuzz") / "speed.db", load_edition("classic-us"), PLAYERS,
                        ("speed-die",))
    for line in SETUP:
        table.do(line)
    return table


FOLLOW = ("follow-tokens",)
ON_THEIR_SPACES = {"card Bob chance goojf": "Chance", "tax Zoë 'Income Tax'": "Income Tax"}
# Bob's roll; Carol in jail; Zoë just before GO
TOKEN_SETUP = (*SETUP, "roll Alice 3 4", "card Alice chance dividend", "move Zoë 38 fix")
MEGA_TOKEN_TEMPLATES = MEGA_TEMPLATES + TOKEN_TEMPLATES[len(TEMPLATES):]


def token_lines(whose: str, templates: list[str] = TOKEN_TEMPLATES, deeds: st.SearchStrategy[str] = good_deeds,
                some: st.SearchStrategy[str] = names,
                any_words: st.SearchStrategy[str] = words) -> st.SearchStrategy[str]:
    """Lines of a game that follows the tokens (`whose` roll it is): rolls, moves and moving cards, mostly
    near-valid, or mangled."""
    slots = token_slots(whose)
    return st.one_of(command_lines(templates, deeds, some, any_words, slots),
                     near_valid_lines(templates, deeds, slots), near_valid_lines(templates, deeds, slots))


@pytest.fixture(scope="module")
def tokens_game(tmp_path_factory: pytest.TempPathFactory) -> Game:
    """The classic table of `game`, its tokens followed (no speed die): Bob's roll, Carol in jail, Zoë near GO."""
    table = Game.create(tmp_path_factory.mktemp("fuzz") / "tokens.db", load_edition("classic-us"), PLAYERS,
                        ("free-parking", *FOLLOW))
    return play_setup(table, TOKEN_SETUP, ON_THEIR_SPACES)


@pytest.fixture(scope="module")
def mega_tokens_game(tmp_path_factory: pytest.TempPathFactory) -> Game:
    """The Mega table of `mega_game`, its tokens followed: the speed die on every roll, bus tickets to ride."""
    table = Game.create(tmp_path_factory.mktemp("fuzz") / "mega-tokens.db", load_edition("mega"), PLAYERS, FOLLOW)
    return play_setup(table, MEGA_SETUP, ON_THEIR_SPACES)


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(line=token_lines("Bob"))
def test_any_line_at_a_table_following_the_tokens_is_an_action_or_one_clear_refusal(tokens_game: Game,
                                                                                   line: str) -> None:
    action_or_clear_refusal(tokens_game, line)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(line=token_lines("Alice", MEGA_TOKEN_TEMPLATES, good_mega_deeds, mega_names, mega_words))
def test_any_line_at_a_mega_table_following_the_tokens_is_an_action_or_one_clear_refusal(mega_tokens_game: Game,
                                                                                        line: str) -> None:
    action_or_clear_refusal(mega_tokens_game, line)


# issue 16: each known-bad roll or move -> a phrase of the one refusal it must get
TOKEN_BAD_LINES = {
    "roll bob 7 1": "'7' is not a die", "roll bob 0 4": "'0' is not a die", "roll bob 3 x": "'x' is not a die",
    "roll bob": "roll takes 3-5 words", "roll bob 3": "roll takes 3-5 words",
    "roll bob 3 4 mr bus ticket": "roll takes 3-5 words", "roll bob 3 4 mr": "this game has no speed die",
    "roll bob 3 4 1": "this game has no speed die", "roll bob 3 4 bus ticket": "this game has no speed die",
    "roll bob 3 4 5": "is not a speed die face", "roll bob 3 4 bus 5": "after bus write",
    "roll alice 3 4": "it is Bob's roll, not Alice's", "roll zoë 6 6": "it is Bob's roll, not Zoë's",
    "roll mallory 3 4": "no player called", "move bob nowhere": "no space called", "move bob 99": "off the board",
    "move bob 40": "off the board", "move bob -1": "no space called", "move bob 5 sideways": "end the line with",
    "move bob chance": "give the position instead", "move zoë 38 fix": "already on", "move bob 0 fix": "already on",
    "move carol 5": "is in jail", "move carol 5 fix": "is in jail", "card carol chance illinois": "is in jail",
    "card alice chance boardwalk go": "was drawn already: one landing, one card",
    "card zoë chance nearest-railroad 'b. & o.'": "is Reading Railroad, not B. & O.",
    "move bob": "move takes", "ride bob": "no bus tickets",
}
NOT_FOLLOWED_LINES = ("roll alice 3 4", "roll bob 3 4 mr", "move alice boardwalk", "move alice 5 fix",
                      "move alice 5 back")


@pytest.mark.parametrize("line", TOKEN_BAD_LINES)
def test_known_bad_rolls_and_moves_are_refused_in_one_line(tokens_game: Game, line: str) -> None:
    assert TOKEN_BAD_LINES[line] in refused_in_one_line(tokens_game, line)


@pytest.mark.parametrize("line", NOT_FOLLOWED_LINES)
def test_roll_and_move_on_a_game_that_does_not_follow_the_tokens_are_refused_in_one_line(game: Game,
                                                                                         line: str) -> None:
    assert "does not follow the tokens" in refused_in_one_line(game, line)


MEGA_TOKEN_BAD_LINES = {
    "roll alice 3 4": "rolls the speed die too", "roll alice 3 4 4": "is not a speed die face",
    "roll alice 3 4 bus 5": "after bus write", "roll alice 3 4 mr ticket": "a choice for the Bus face only",
    "roll bob 3 4 1": "it is Alice's roll, not Bob's", "move alice 52": "off the board",
    "roll carol 3 4 1": "it is Alice's roll", "ride bob": "it is Alice's roll",
}


@pytest.mark.parametrize("line", MEGA_TOKEN_BAD_LINES)
def test_known_bad_mega_rolls_are_refused_in_one_line(mega_tokens_game: Game, line: str) -> None:
    assert MEGA_TOKEN_BAD_LINES[line] in refused_in_one_line(mega_tokens_game, line)


@settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(line=command_lines())
def test_any_line_is_an_action_or_one_clear_refusal_that_changes_nothing(game: Game, line: str) -> None:
    action_or_clear_refusal(game, line)


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(line=mega_lines())
def test_any_line_at_a_mega_table_is_an_action_or_one_clear_refusal(mega_game: Game, line: str) -> None:
    action_or_clear_refusal(mega_game, line)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(line=mega_lines())
def test_any_line_with_the_speed_die_is_an_action_or_one_clear_refusal(speed_die_game: Game, line: str) -> None:
    action_or_clear_refusal(speed_die_game, line)


@pytest.mark.parametrize("line", [
    "", "   ", "\t", "\x00", "pay Alice", "pay Alice -50", "pay Alice 2.5", "pay Alice fifty", "pay Alice 1e3",
    "pay Alice 99999999999999999999999999", "pay Alice $", "pay Alice 0", "buy Alice 'Park", 'buy "Alice',
    "buy Mallory Boardwalk", "buy Alice Atlantis", "buy A Boardwalk", "build Alice Boardwalk 9",
    "trade Alice Bob give", "trade Alice Bob Boardwalk", "bid Alice 5", "sold", "rent Bob Boardwalk 99",
    "x" * (MAX_LINE + 1), "buy Alice " + "Boardwalk " * 200, "card Alice goojf", "usecard Alice moon",
    "bankrupt Alice Alice", "bankrupt Alice Alice 99999",
    "pay Zoë 5 Zoë", "\x1b[2J", "buy Alice\x00Boardwalk", "ｂｕｙ Alice Boardwalk",
    # the Mega verbs on a classic table, and a speed-die total without the speed die
    "ticket Alice", "ticket Alice expire", "ride Alice", "gift Alice", "gift Alice ticket", "depot Bob Reading",
    "trade Alice Bob give ticket get $5", "rent Bob 'Electric Company' 15", "rent Bob 'Electric Company' 13",
])
def test_known_bad_lines_are_refused_in_one_line(game: Game, line: str) -> None:
    refused_in_one_line(game, line)


@pytest.mark.parametrize("line", [
    "depot Alice Boardwalk", "depot Bob Reading", "depot Bob 'Short Line'", "depot Carol Penn", "depot Carol Gas",
    "depot Alice Reading", "depot Bob Reading 2", "ticket", "ticket Alice soon", "ticket Alice expire now",
    "ticket Mallory", "ride Carol", "ride Zoë Bob", "gift Alice coin", "gift Alice ticket ticket", "gift",
    "build Alice Mediterranean", "build Alice Baltic 6", "build Alice Baltic 2", "sell Bob Reading 2",
    "sell Alice Arctic 6", "sell Carol Reading", "rent Alice 'Gas Company' 16", "rent Alice 'Gas Company' 1",
    "rent Alice Water 99", "rent Alice Water", "trade Zoë Bob give ticket ticket get $1",
    "trade Bob Alice give Reading get $5", "trade Alice Bob give Baltic get $5", "trade Carol Bob give ticket",
    "mortgage Bob Reading", "mortgage Alice Arctic", "auction skyscraper", "usecard Carol",
    "card Alice chance nearest-utility Gas 16", "buy Alice Pennsylvania", "pay Alice 1 Bob 2",
    "bankrupt Alice 100", "bankrupt Alice Bob 500 lift", "bankrupt Bob", "bankrupt Bob 99999 lift",
    "bankrupt Bob 20x", "trade Zoë Bob give $5 get $5", "trade Alice Bob give $1 get",
])
def test_known_bad_mega_lines_are_refused_in_one_line(mega_game: Game, line: str) -> None:
    refused_in_one_line(mega_game, line)


# issue 14: a bankruptcy needs its debt and is refused while the player could raise it; `lift` is for a player
# creditor; a trade of cash alone is a loan. Each line -> a phrase of the one refusal it must get.
DEBT_AND_LOAN_LINES = {
    "bankrupt Bob": "say what Bob owes", "bankrupt Bob Alice": "say what Bob owes",
    "bankrupt bob 20x": "is not an amount", "bankrupt Bob 0": "moves nothing", "bankrupt Bob -5": "negative",
    "bankrupt Bob 99999 lift": "`lift` is for a player", "bankrupt Bob bank 99999 lift": "`lift` is for a player",
    "bankrupt Alice 100": "raise money and pay", "bankrupt Alice Bob 100 lift": "raise money and pay",
    "bankrupt Zoë Carol 1300": "raise money and pay", "bankrupt Bob 99999 lift now": "bankrupt takes",
    "trade Alice Bob give $10 get $5": "is a loan", "trade Alice Bob give $10 get": "is a loan",
    "trade Alice Carol give get $10": "is a loan",
}


@pytest.mark.parametrize("line", DEBT_AND_LOAN_LINES)
def test_a_bankruptcy_without_its_debt_or_while_solvent_and_a_loan_are_refused_in_one_line(game: Game,
                                                                                          line: str) -> None:
    assert DEBT_AND_LOAN_LINES[line] in refused_in_one_line(game, line)


def test_the_speed_die_takes_dice_totals_to_15_and_no_further(speed_die_game: Game) -> None:
    for line in ("rent Bob 'Electric Company' 16", "rent Bob 'Electric Company' 1", "card Bob chance nearest-u "
                 "'Electric Company' 16"):
        assert "2 to 15" in refused_in_one_line(speed_die_game, line)
    head = speed_die_game.head
    speed_die_game.do("rent Bob 'Electric Company' 15")  # two white dice and the speed die's 3
    speed_die_game.do("undo")
    assert speed_die_game.head[0] == head[0] + 2


@pytest.mark.parametrize("line", ['pay Alice "123456789012\n"', 'pay Alice "\r123456789012"',
                                  "pay Alice \u2028123456789012", "pay Alice 123456789012\x85"])
def test_a_huge_amount_with_a_line_break_in_it_is_refused_in_one_line(game: Game, line: str) -> None:
    with pytest.raises(Refusal) as refused:
        game.do(line)
    assert one_line(str(refused.value)), repr(str(refused.value))


def test_player_names_in_any_alphabet_sit_at_the_table(tmp_path: Path) -> None:
    game = Game.create(tmp_path / "g.db", load_edition("classic-us"), ("Ёжик", "Λάμπρος", "美咲"))
    try:
        game.do("pay Ёжик 10 美咲")
        assert game.state.accounts["美咲"] == 1510
    finally:
        game.close()


# -- files that cannot be used ---------------------------------------------------------


def fingerprint(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def a_game(folder: Path) -> Path:
    path = folder / "made.db"
    game = Game.create(path, load_edition("classic-us"), ("Alice", "Bob"))
    game.do("buy Alice Boardwalk")
    for line in ("trade Alice Bob give Boardwalk get $10", "trade Bob Alice give Boardwalk $5", "go Bob") * 40:
        game.do(line)
    game.close()
    return path


def corrupt(folder: Path) -> Path:
    path = a_game(folder)
    data = bytearray(path.read_bytes())
    page = 4096 if len(data) > 3 * 4096 else len(data) // 3
    data[page:page * 2] = bytes((i * 37 + 11) % 256 for i in range(page))
    path.write_bytes(bytes(data))
    return path


def page_holding(path: Path, needle: bytes) -> tuple[int, int]:
    """(page number, page size) of the first page of the file that holds these bytes."""
    data = path.read_bytes()
    size = int.from_bytes(data[16:18], "big") or 65536
    where = data.find(needle)
    assert where >= 0
    return where // size, size


def damaged_event_page(folder: Path) -> Path:
    """A page in the middle of the events overwritten with garbage (a bad disk sector)."""
    path = a_game(folder)
    store = LedgerStore.open(path)
    target = store.records()[150]
    store.close()
    page, size = page_holding(path, target.hash.encode())  # hashes live only in the event table's rows
    data = bytearray(path.read_bytes())
    data[page * size:(page + 1) * size] = bytes((i * 37 + 11) % 256 for i in range(size))
    path.write_bytes(bytes(data))
    return path


def event_not_utf8(folder: Path) -> Path:
    path = a_game(folder)
    connection = sqlite3.connect(path)
    connection.execute("DROP TRIGGER event_no_update")
    connection.execute("UPDATE event SET payload = CAST(x'7bff22' AS TEXT) WHERE seq = 100")
    connection.commit()
    connection.close()
    return path


def truncated(folder: Path) -> Path:
    path = a_game(folder)
    path.write_bytes(path.read_bytes()[: path.stat().st_size // 2])
    return path


def newer(folder: Path) -> Path:
    path = a_game(folder)
    connection = sqlite3.connect(path)
    connection.execute("UPDATE meta SET value = '999' WHERE key = 'version'")
    connection.commit()
    connection.close()
    return path


def header_only(folder: Path) -> Path:
    path = a_game(folder)
    path.write_bytes(path.read_bytes()[:100])
    return path


def not_sqlite(folder: Path) -> Path:
    path = folder / "notes.db"
    path.write_text("Alice owes Bob $50\n")
    return path


def empty(folder: Path) -> Path:
    path = folder / "empty.db"
    path.write_bytes(b"")
    return path


def other_sqlite(folder: Path) -> Path:
    path = folder / "other.db"
    connection = sqlite3.connect(path)
    connection.execute("CREATE TABLE recipes (name TEXT)")
    connection.commit()
    connection.close()
    return path


def a_directory(folder: Path) -> Path:
    path = folder / "folder.db"
    path.mkdir()
    return path


BAD_FILES: dict[str, Callable[[Path], Path]] = {
    "corrupt": corrupt, "damaged event page": damaged_event_page, "event not UTF-8": event_not_utf8,
    "truncated": truncated, "newer version": newer, "header only": header_only, "not SQLite": not_sqlite,
    "empty": empty, "another SQLite file": other_sqlite, "a directory": a_directory,
}
COMMANDS = ["state {game}", "state {game} --json", "do {game} go Alice", "verify {game}", "ledger {game}",
            "score {game}", "run {game} {script}"]


def file_cases() -> list:
    cases = []
    for name, make in BAD_FILES.items():
        for command in COMMANDS:
            words = command.replace(" {game}", "").replace("{script}", "SCRIPT")
            cases.append(pytest.param(make, command, id=f"{words}-{name}"))
    return cases


def assert_one_clear_line(capsys: pytest.CaptureFixture[str], code: int) -> str:
    out = capsys.readouterr()
    assert code == 2, (code, out)
    lines = out.err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("banker: "), out.err
    assert "Traceback" not in out.err
    return lines[0]


@pytest.mark.parametrize(("make", "command"), file_cases())
def test_an_unusable_game_file_gives_one_clear_line_and_is_left_alone(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], make: Callable[[Path], Path], command: str) -> None:
    path = make(tmp_path)
    script = tmp_path / "script.txt"
    script.write_text("go Alice\n")
    before = fingerprint(path) if path.is_file() else None
    code = main([word.format(game=path, script=script) for word in command.split()])
    message = assert_one_clear_line(capsys, code)
    assert str(path) in message or path.name in message, message
    assert (fingerprint(path) if path.is_file() else None) == before


@pytest.mark.parametrize("make", [pytest.param(make, id=name) for name, make in BAD_FILES.items()])
def test_banker_state_on_an_unusable_file_exits_2_without_a_traceback(tmp_path: Path,
                                                                     make: Callable[[Path], Path]) -> None:
    """The same through a real process: what a user at a terminal sees."""
    path = make(tmp_path)
    before = fingerprint(path) if path.is_file() else None
    done = subprocess.run([sys.executable, "-m", "banker", "state", str(path)], capture_output=True, text=True)
    assert done.returncode == 2, done
    assert len(done.stderr.strip().splitlines()) == 1 and "Traceback" not in done.stderr, done.stderr
    assert done.stdout == ""
    assert (fingerprint(path) if path.is_file() else None) == before


def edition_text() -> str:
    return (SHIPPED_DIR / "classic-us.toml").read_text(encoding="utf-8")


BAD_EDITIONS: dict[str, Callable[[], bytes]] = {
    "not TOML": lambda: b"name = \"Broken\nprice = = 3\n",
    "empty": lambda: b"",
    "not UTF-8": lambda: b"name = \"\xff\xfe\"\n",
    "a negative price": lambda: edition_text().replace("price = 400", "price = -400", 1).encode(),
    "a price in words": lambda: edition_text().replace("price = 400", 'price = "four hundred"', 1).encode(),
    "a misspelt field": lambda: edition_text().replace("price = 400", "prise = 400", 1).encode(),
    "a street with no price": lambda: edition_text().replace("price = 60\n", "", 1).encode(),
    "an unknown space type": lambda: edition_text().replace('type = "street"', 'type = "streat"', 1).encode(),
}


@pytest.mark.parametrize("content", BAD_EDITIONS.values(), ids=BAD_EDITIONS.keys())
def test_an_invalid_edition_file_gives_one_clear_line_and_creates_no_game(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], content: Callable[[], bytes]) -> None:
    edition = tmp_path / "house.toml"
    edition.write_bytes(content())
    game = tmp_path / "new.db"
    code = main(["new", str(game), "--edition", str(edition), "--players", "Alice,Bob"])
    message = assert_one_clear_line(capsys, code)
    assert "house.toml" in message, message
    assert not game.exists()


def test_banker_new_never_overwrites_an_existing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for path in (a_game(tmp_path), not_sqlite(tmp_path), empty(tmp_path)):
        before = fingerprint(path)
        code = main(["new", str(path), "--players", "Carol,Dan"])
        assert_one_clear_line(capsys, code)
        assert fingerprint(path) == before


def test_a_copied_game_file_still_opens(tmp_path: Path) -> None:
    """Control for the tests above: the good file they start from is usable."""
    path = a_game(tmp_path)
    copy = tmp_path / "copy.db"
    shutil.copy(path, copy)
    game = Game.open(copy)
    try:
        assert game.state.accounts["Bob"] > 0
    finally:
        game.close()
