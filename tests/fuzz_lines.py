"""What the fuzz tests type, and what they require of every line: one action, or one clear line of refusal
that changes nothing. Not a test module: tests/test_fuzz_input.py (classic, Mega, speed die) and
tests/test_fuzz_input_editions.py (Sore Losers, City) build their lines from these pieces."""

from __future__ import annotations

import shlex

import pytest
from hypothesis import strategies as st

from banker.errors import Refusal
from banker.game import Game
from banker.language import MAX_LINE, USAGE
from editions import load_edition
from tests.ledger_checks import full_state, one_line

PLAYERS = ("Alice", "Bob", "Carol", "Zoë")
DEEDS = sorted(load_edition("classic-us").deeds)

# -- the pieces a fuzzed line is built from ---------------------------------------

amounts = st.one_of(
    st.integers(-(10**30), 10**30).map(str),
    st.floats(allow_nan=True, allow_infinity=True).map(str),
    st.sampled_from(["0", "-0", "+5", "$-5", "2.5", ".5", "5.", "1e3", "0x10", "1,000", "1_000", ",", "_", "$",
                     "££", "M", "٣", "１２", "²", "nan", "inf", "$1,000,000,000", "1000000001", "--5", "5-"]),
    st.from_regex(r"[$£M]?[0-9.,_\-]{1,12}", fullmatch=True),
)


def names_of(deeds: list[str], extra: tuple[str, ...] = ()) -> st.SearchStrategy[str]:
    return st.one_of(
        st.sampled_from([*PLAYERS, *deeds, "bank", "pot", "chance", "chest", "goojf", "goojf:moon", "give", "get",
                         "lift", "go", "all", *extra]),
        st.sampled_from([*PLAYERS, *deeds]).map(lambda n: n[: max(1, len(n) // 3)]),  # prefixes, some ambiguous
        st.sampled_from([*PLAYERS, *deeds]).map(str.upper),
        st.text(min_size=1, max_size=15),
    )


names = names_of(DEEDS)
controls = st.sampled_from(["\x00", "\x07", "\x1b[31m", "\r", "\n", "\t", "\x0b", "\x0c", "\x1c", "\x85",
                            "\u2028", "\u2029", "\ufeff", "\u200b", "\ud7ff", "\U0001f600", "\\"])
words = st.one_of(amounts, names, names.map(shlex.quote), controls, st.text(max_size=6))
verbs = st.one_of(st.sampled_from(sorted(USAGE)), st.sampled_from(sorted(USAGE)).map(str.upper),
                  st.sampled_from(sorted(USAGE)).map(lambda v: v[:2]), st.text(max_size=8))


TEMPLATES = ["pay {p} {a}", "pay {p} {a} {q}", "collect {p} {a}", "collect {p} {a} {q}", "buy {p} {d}",
             "rent {p} {d} {n}", "mortgage {p} {d}", "unmortgage {p} {d}", "go {p}", "jail {p}", "bail {p}",
             "tax {p} {d}", "trade {p} {q} give {a} get {d}", "trade {p} {q} give {d} {a} get {a} lift",
             "build {p} {d} {n}", "sell {p} {d}", "bid {p} {a}", "auction {d}", "sold", "undo", "redo",
             "card {p} chest {d}", "card {p} chance {d} {n} go", "usecard {p}", "parking {p}", "bankrupt {p} {q}",
             "bankrupt {p} {a}", "bankrupt {p} {q} {a}", "bankrupt {p} {q} {a} lift", "bankrupt {p} {a} lift",
             "trade {p} {q} give {a} get {a}", "trade {p} {q} give {a} get"]
# a game that follows the tokens (issue 16): the dice, the speed die's faces, moves; {w} whoever's roll it is
# (spelled the ways a banker types it, or someone else), {r} and {e} dice, {f} a face, {s} a space
TOKEN_TEMPLATES = TEMPLATES + [
    "roll {w} {r} {e}", "roll {w} {r} {e}", "roll {w} {r} {r}", "roll {p} {r} {e}", "roll {w} {r} {e} {f}",
    "roll {w} {r} {e} {f}", "roll {w} {r} {e} bus {r}", "roll {w} {r} {e} bus ticket", "roll {w} {r} {e} {f} {e}",
    "roll {w}", "roll {w} {r}", "roll {r} {e}", "move {w} {s}", "move {p} {s}", "move {w} {s} fix",
    "move {p} {s} back", "move {p} {s} {f}", "move {w}", "move {s}", "card {w} chance {s}", "card {p} chance {s} go",
    "ride {w}", "jail {w}", "doubles {p}"]
dice = st.one_of(st.integers(1, 6).map(str), st.integers(1, 6).map(str), st.integers(1, 6).map(str),
                 st.sampled_from(["0", "7", "-1", "12", "3.5", "x", "⚀", "６", "1e0", "", "''"]))
faces = st.sampled_from(["1", "2", "3", "bus", "mr", "mr-monopoly", "Mr", "BUS", "4", "0", "car", "triple", "go"])
spaces = st.one_of(st.integers(-3, 60).map(str), st.sampled_from(
    ["GO", "go", "jail", "'Go To Jail'", "boardwalk", "chance", "'community chest'", "reading", "illinois",
     "nowhere", "99", "40", "52", "-1", "2.5", "'Free Parking'", "st", "back", "fix"]))


def token_slots(whose: str) -> dict[str, st.SearchStrategy[str]]:
    """The slots of TOKEN_TEMPLATES at a table where it is `whose`'s roll."""
    roller = st.sampled_from([whose, whose.lower(), whose.upper(), whose[:2], *PLAYERS, "Mallory"])
    return {"w": roller, "r": dice, "e": dice, "f": faces, "s": spaces}

good_amounts = st.one_of(st.integers(1, 3000).map(str), st.integers(1, 3000).map("${:,}".format))
good_names = st.sampled_from([*PLAYERS, "alice", "BOB", "car", "zo", "pot", "bank"])
good_deeds = st.sampled_from([*DEEDS, "board", "park", "reading", "income", "bank-error", "goojf", "st"])


@st.composite
def near_valid_lines(draw: st.DrawFn, templates: list[str] = TEMPLATES,
                     deeds: st.SearchStrategy[str] = good_deeds,
                     extra: dict[str, st.SearchStrategy[str]] | None = None) -> str:
    """Well-formed lines with real names, spelled the many ways a banker types them.

    `extra` fills an edition's own slots in its templates (City: {h} a hazard or bonus, {m} an amount in M).
    """
    template = draw(st.sampled_from(templates))
    own = {key: draw(strategy) for key, strategy in (extra or {}).items() if "{" + key + "}" in template}
    return template.format(p=draw(good_names), q=draw(good_names), a=draw(st.one_of(good_amounts, amounts)),
                           d=shlex.quote(draw(deeds)), n=draw(st.integers(0, 20)), **own)


@st.composite
def command_lines(draw: st.DrawFn, templates: list[str] = TEMPLATES, deeds: st.SearchStrategy[str] = good_deeds,
                  names: st.SearchStrategy[str] = names, words: st.SearchStrategy[str] = words,
                  extra: dict[str, st.SearchStrategy[str]] | None = None) -> str:
    """Something a banker (or a cat on the keyboard) might type."""
    kind = draw(st.integers(0, 11))
    if kind >= 9:
        return draw(near_valid_lines(templates, deeds, extra))
    if kind == 0:
        return draw(st.text(max_size=60))
    if kind == 1:  # very long, around and past the limit
        word = draw(st.sampled_from(["Boardwalk", "$1", "a", "'x y'", "ü"]))
        return " ".join([draw(st.sampled_from(sorted(USAGE)))] + [word] * draw(st.integers(50, 400)))
    if kind == 2:  # a quote left open
        quote = draw(st.sampled_from(["'", '"']))
        return f"{draw(st.sampled_from(sorted(USAGE)))} {draw(names)} {quote}{draw(names)}"
    line = " ".join([draw(verbs), *draw(st.lists(words, max_size=8))])
    return line if draw(st.booleans()) else line.replace(" ", draw(st.sampled_from(["  ", "\t", " \x00 "])))


def put_back(game: Game, line: str) -> None:
    """Undo what an accepted fuzzed line did, so each example starts from the same table."""
    last = game.records[-1].type
    game.do("redo" if last == "ActionUndone" else "undo")


def action_or_clear_refusal(game: Game, line: str) -> None:
    before, before_json, head = full_state(game.state), game.state_json(), game.store.head()
    try:
        game.do(line)
    except Refusal as refusal:
        message = str(refusal)
        assert one_line(message), f"{line!r} -> {message!r}"
        assert game.store.head() == head and game.head == head, f"{line!r} was refused but wrote events"
        assert game.state_json() == before_json and full_state(game.state) == before
        return
    assert len(line) <= MAX_LINE
    put_back(game, line)
    assert full_state(game.state) == before


def refused_in_one_line(game: Game, line: str) -> str:
    before, before_json, head = full_state(game.state), game.state_json(), game.store.head()
    with pytest.raises(Refusal) as refused:
        game.do(line)
    assert one_line(str(refused.value)), repr(str(refused.value))
    assert game.state_json() == before_json and game.store.head() == head and full_state(game.state) == before
    return str(refused.value)
