"""The command line for Monopoly City (issue 9, core part): `new --edition city [--clock N]`, `do` with
M amounts (500k, 2m, 3.5m), `state --json`'s City keys, `score [--json]`, `ledger --json` in whole M,
`verify` of a game that used every City action, and the game clock in the ledger.

Rulebook: 004 = 004_1adba3e159bf5a4c.txt (Monopoly City instructions); "004:N" is its line N.
Most tests call `banker.cli.main` in-process (the same code `python -m banker` runs); the first ones run
the real command to pin the exit codes and streams.
"""

from __future__ import annotations

import json
import subprocess
import sys
from datetime import datetime
from pathlib import Path

import pytest
from app_pilot import played_file
from conftest import PLAYERS

from banker.cli import main

START = 37_700_000


def banker(*args: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "banker", *map(str, args)], capture_output=True, text=True,
                          timeout=60)


def run(capsys: pytest.CaptureFixture[str], *args: str | Path) -> tuple[int, list[str], str]:
    """`banker ARGS` in-process: exit code, stdout lines, stderr."""
    code = main([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out.splitlines(), err


def game_file(tmp_path: Path, *lines: str) -> Path:
    """A City game file for Alice, Bob and Carol with these lines played (each must be accepted)."""
    return played_file(tmp_path / "city.db", "city", PLAYERS, lines)


def state(capsys: pytest.CaptureFixture[str], path: Path) -> dict:
    code, out, err = run(capsys, "state", path, "--json")
    assert code == 0, err
    return json.loads("\n".join(out))


EXAMPLE = [  # 004:274-280: the rulebook's rent example, one Build spin per turn
    'buy alice "Central Quay"', 'buy alice "Old Town"', 'buy alice "Harbor Heights"',
    "spin alice 2", 'build alice "Central Quay" residential 2',
    "spin bob 1", 'hazard bob "Central Quay" power',
    "spin alice 3", 'build alice "Central Quay" industrial 3',
    "spin carol 1", "spin alice 1", 'build alice "Central Quay" industrial',
    'skyscraper alice "Harbor Heights"',
]


# -- the real command ----------------------------------------------------------------------------------


def test_new_city_game_with_a_clock_writes_the_clock_into_the_ledger(tmp_path: Path) -> None:
    """004:64 "For a certain amount of time (i.e. one or two hours). The Trading unit tells you when an hour
    has passed." Issue 9: "The clock survives closing and reopening the app (its start is in the ledger)." """
    path = tmp_path / "GAME.db"
    made = banker("new", path, "--edition", "city", "--players", "Alice,Bob,Carol", "--clock", "60")
    assert made.returncode == 0, made.stderr
    assert made.stdout == f"new city game in {path} with Alice, Bob, Carol, game clock 60 minutes\n"
    body = json.loads(banker("state", path, "--json").stdout)
    assert body["edition"] == "city" and body["clock"]["minutes"] == 60
    assert datetime.fromisoformat(body["clock"]["started"]).tzinfo is not None
    assert [p["cash"] for p in body["players"]] == [START] * 3
    ledger = json.loads(banker("ledger", path, "--json").stdout)
    assert ledger[-1]["type"] == "ClockStarted" and ledger[-1]["text"].startswith("game clock: 60 minutes from ")


def test_a_refused_city_line_exits_1_and_changes_nothing(tmp_path: Path) -> None:
    path = game_file(tmp_path, "buy alice summergate")
    before = banker("state", path, "--json").stdout
    result = banker("do", path, "build", "alice", "summergate", "residential")
    assert result.returncode == 1
    assert result.stderr == "banker: press Build first: spin Alice\n"
    assert banker("state", path, "--json").stdout == before


def test_new_with_a_clock_out_of_range_exits_1_and_writes_no_file(tmp_path: Path) -> None:
    path = tmp_path / "GAME.db"
    result = banker("new", path, "--edition", "city", "--players", "Alice,Bob", "--clock", "5000")
    assert result.returncode == 1
    assert result.stderr == ("banker: '5000': write the game's length in minutes (clock 60, clock 120) "
                             "or clock off\n")
    assert not path.exists()


# -- in-process ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("minutes", ["60", "120"])
def test_new_with_one_or_two_hours(tmp_path: Path, capsys: pytest.CaptureFixture[str], minutes: str) -> None:
    """004:64 "(i.e. one or two hours)" """
    path = tmp_path / "GAME.db"
    code, out, err = run(capsys, "new", path, "--edition", "city", "--players", "Alice,Bob", "--clock", minutes)
    assert code == 0, err
    assert state(capsys, path)["clock"]["minutes"] == int(minutes)


def test_new_without_a_clock_plays_until_one_is_left(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """004:62 "Until every player except one goes bankrupt": no clock."""
    path = tmp_path / "GAME.db"
    code, out, err = run(capsys, "new", path, "--edition", "city", "--players", "Alice,Bob")
    assert code == 0, err
    assert out == [f"new city game in {path} with Alice, Bob"]
    body = state(capsys, path)
    assert body["clock"] is None and body["ledger"]["events"] == 1


def test_editions_lists_city() -> None:
    out = banker("editions").stdout
    assert "city           Monopoly City  (2-6 players, start M37.7m)" in out


def test_new_with_a_negative_clock_exits_1_and_writes_no_file(tmp_path: Path) -> None:
    """004:64 "For a certain amount of time (i.e. one or two hours)": `--clock -1` is no length."""
    path = tmp_path / "GAME.db"
    result = banker("new", path, "--edition", "city", "--players", "Alice,Bob", "--clock", "-1")
    assert (result.returncode, result.stdout) == (1, "")
    assert result.stderr == "banker: '-1': write the game's length in minutes (clock 60, clock 120) or clock off\n"
    assert list(tmp_path.iterdir()) == []


def test_run_reproduces_the_rulebook_rent_example(tmp_path: Path) -> None:
    """004:274-282 "You own Central Quay, Old Town and Harbor Heights. Another player lands on Central Quay. ...
    Total Rent Value: M7m." played as a `banker run` script, one Build spin per turn."""
    path = game_file(tmp_path)
    script = tmp_path / "example.txt"
    script.write_text("# 004:274-282\n" + "\n".join(EXAMPLE) + '\nrent bob "Central Quay"  # M7m\n', encoding="utf-8")
    result = banker("run", path, script)
    assert result.returncode == 0 and result.stderr == ""
    out = result.stdout.splitlines()
    assert len(out) == len(EXAMPLE) + 1
    assert out[3] == "Alice presses Build: up to 2 blocks this turn"
    assert out[-2] == "Alice builds on Harbor Heights, now a skyscraper, for M3m"
    assert out[-1] == ("Bob pays Alice M7m rent for Central Quay (4 industrial blocks, "
                       "Power Station: 2 residential worthless, skyscraper on Harbor Heights: doubled)")
    body = json.loads(banker("state", path, "--json").stdout)
    rows = {r["name"]: r for r in body["players"][0]["properties"]}
    assert (rows["Central Quay"]["residential"], rows["Central Quay"]["industrial"],
            rows["Central Quay"]["hazard"]) == (2, 4, "Power Station")
    assert rows["Harbor Heights"]["skyscraper"] is True
    assert body["players"][1]["cash"] == START - 7_000_000


def test_a_refused_line_in_a_run_script_names_the_line_and_exits_1(tmp_path: Path) -> None:
    path = game_file(tmp_path)
    script = tmp_path / "twice.txt"
    script.write_text("spin alice 2\nspin alice 1\n", encoding="utf-8")
    result = banker("run", path, script)
    assert result.returncode == 1 and result.stdout == "Alice presses Build: up to 2 blocks this turn\n"
    assert result.stderr == (f"banker: {script}:2: spin alice 1: Alice already pressed Build this turn; a new turn "
                             "of Alice's (doubles, or nobody else pressed Build since) says so: spin Alice again\n")


def test_state_json_adds_the_city_keys(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 9: per property "residential", "industrial" (ints), "hazard", "bonus" (name or null), "skyscraper",
    "stadium", "railroad", "tower" (booleans); per player "rent_dodge"; "bank" adds "stadiums"; "spin" and
    "clock" at the top."""
    path = game_file(tmp_path, *EXAMPLE, "spin bob railroad", 'railroad bob "old town"', "buy bob summergate",
                     "buy bob stoneside", "stadium bob stoneside", "bonus bob summergate park", "parking carol",
                     "clock 60")
    body = state(capsys, path)
    properties = {r["name"]: r for p in body["players"] for r in p["properties"]}
    city_keys = {"residential": int, "industrial": int, "skyscraper": bool, "stadium": bool, "railroad": bool,
                 "tower": bool}
    for row in properties.values():
        assert all(type(row[k]) is kind for k, kind in city_keys.items()), row
        assert all(row[k] is None or type(row[k]) is str for k in ("hazard", "bonus")), row
    assert properties["Central Quay"]["hazard"] == "Power Station" and properties["Summergate"]["bonus"] == "Park"
    assert properties["Old Town"]["railroad"] is True and properties["Stoneside"]["stadium"] is True
    assert properties["Harbor Heights"]["skyscraper"] is True and properties["Central Quay"]["tower"] is False
    assert [p["rent_dodge"] for p in body["players"]] == [0, 0, 1]
    assert {k: body["bank"][k] for k in ("stadiums", "skyscrapers", "towers", "rent_dodge")} == {
        "stadiums": 1, "skyscrapers": 7, "towers": 1, "rent_dodge": 0}
    assert body["spin"] == {"player": "Bob", "blocks_left": 0, "railroad": False}
    assert body["clock"]["minutes"] == 60 and datetime.fromisoformat(body["clock"]["started"]).tzinfo is not None


@pytest.mark.parametrize("amount", ["-2m", "-500k", "-5"])
def test_do_refuses_a_negative_amount_in_one_line_not_argparse_usage(tmp_path: Path, amount: str) -> None:
    """A word after the game that looks like an option ("-2m") is the action's: the command language refuses it,
    saying why, and nothing is written."""
    path = game_file(tmp_path)
    before = banker("verify", path).stdout
    done = banker("do", path, "pay", "alice", amount)
    assert (done.returncode, done.stdout) == (1, "")
    assert done.stderr == (f"banker: amount '{amount}' is negative; amounts are positive whole numbers "
                           "(pay goes the other way)\n")
    assert banker("verify", path).stdout == before


def test_do_takes_m_amounts_and_the_ledger_holds_whole_m(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 9 "Money": "Amounts are whole M in the ledger and `state --json` (M1m = 1000000). The command
    language also accepts 500k, 2m, 3.5m"."""
    path = game_file(tmp_path)
    for words, summary in ((("pay", "alice", "3.5m"), "Alice pays bank M3.5m (pay)"),
                           (("collect", "bob", "500k"), "bank pays Bob M500k (collect)"),
                           (("pay", "carol", "8.2m", "alice"), "Carol pays Alice M8.2m (pay)")):
        code, out, err = run(capsys, "do", path, *words)
        assert (code, out, err) == (0, [summary], "")
    code, out, err = run(capsys, "ledger", path, "--json")
    assert code == 0, err
    legs = [leg for entry in json.loads("\n".join(out)) for leg in entry["transfers"]]
    assert legs[-3:] == [["Alice", "bank", 3_500_000], ["bank", "Bob", 500_000], ["Carol", "Alice", 8_200_000]]
    assert [p["cash"] for p in state(capsys, path)["players"]] == [START + 4_700_000, START + 500_000,
                                                                  START - 8_200_000]


def test_score_prints_cash_and_rent_values(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """004:353-359 "Count your cash. ... Work out the rent value of all the districts you own and add them
    together. ... Add your cash total to your district total." Alice: Central Quay M7m + Harbor Heights M200k
    (doubled) + Old Town mortgaged (M0)."""
    path = game_file(tmp_path, *EXAMPLE, 'rent bob "Central Quay"', 'mortgage alice "old town"')
    code, out, err = run(capsys, "score", path)
    assert code == 0, err
    assert out[:3] == [
        "player            cash  rent values  net worth",
        "Carol           M37.7m           M0     M37.7m",
        "Alice           M27.5m        M7.2m     M34.7m",
    ]
    assert "    Central Quay               M7m" in out and "    Old Town                    M0  (mortgaged)" in out
    assert out[-2:] == ["Bob             M30.7m           M0     M30.7m", "winner: Carol"]


def test_score_json_in_whole_m(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """004:361 "The richest player wins!" -- `score --json` in whole M."""
    path = game_file(tmp_path, *EXAMPLE, 'rent bob "Central Quay"', 'mortgage alice "old town"')
    code, out, err = run(capsys, "score", path, "--json")
    assert code == 0, err
    body = json.loads("\n".join(out))
    districts = body["players"][0].pop("districts")
    assert body["players"][0] == {"name": "Alice", "cash": 27_500_000, "net_worth": 34_700_000,
                                  "deeds": 7_200_000, "buildings": 0, "bankrupt": False, "place": 2}
    assert {"name": "Central Quay", "rent_value": 7_000_000, "mortgaged": False} in districts
    assert body["winner"] == "Carol" and body["ranked_by"] == "net_worth"


@pytest.mark.parametrize(("setup", "words", "message"), [
    (("spin alice 2",), ("spin", "alice", "1"),
     "Alice already pressed Build this turn; a new turn of Alice's (doubles, or nobody else pressed Build since) "
     "says so: spin Alice again"),
    (("buy alice summergate",), ("hazard", "alice", "summergate", "power"),
     "Alice owns Summergate; a hazard goes on another player's or an unowned district"),
    (("auction summergate",), ("bid", "alice", "9999"), "the opening bid is at least M10k"),
    ((), ("tax", "alice", "industry"), "Alice owns no industrial blocks, so Industry Tax costs nothing; carry on"),
    (("buy alice summergate",), ("dodge", "bob", "summergate"), "Bob does not hold the Rent Dodge card; pay the rent"),
    ((), ("clock", "abc"), "'abc': write the game's length in minutes (clock 60, clock 120) or clock off"),
    (("buy alice summergate", "buy alice stoneside", "buy bob westlands", "buy bob bayview", "stadium alice summergate",
      "stadium bob westlands", 'buy carol "old town"', 'buy carol "harbor heights"'),
     ("stadium", "carol", "old town"), "both stadiums are built; there are only two in the game"),
])
def test_a_refused_city_line_exits_1_with_one_stderr_line(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                          setup: tuple[str, ...], words: tuple[str, ...],
                                                          message: str) -> None:
    path = game_file(tmp_path, *setup)
    before = state(capsys, path)
    code, out, err = run(capsys, "do", path, *words)
    assert (code, out, err) == (1, [], f"banker: {message}\n")
    assert state(capsys, path) == before


def test_the_clock_restarts_and_stops_from_the_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """004:86 "To continue on playing, switch the unit off and on again to start counting down another hour." """
    path = tmp_path / "GAME.db"
    code, out, err = run(capsys, "new", path, "--edition", "city", "--players", "Alice,Bob", "--clock", "60")
    assert code == 0, err
    code, out, err = run(capsys, "do", path, "clock", "120")
    assert code == 0 and out[0].startswith("game clock: 120 minutes from ")
    assert state(capsys, path)["clock"]["minutes"] == 120
    code, out, err = run(capsys, "ledger", path, "--json")
    assert [e["type"] for e in json.loads("\n".join(out))] == ["GameStarted", "ClockStarted", "ClockStarted"]
    assert run(capsys, "do", path, "clock", "off")[:2] == (0, ["game clock stopped"])
    assert state(capsys, path)["clock"] is None


EVERY_ACTION = [
    *EXAMPLE, "buy bob summergate", "buy bob stoneside", "buy bob westlands",
    "spin bob railroad", 'railroad bob "old town"', "spin carol 1", "spin bob 3 again",
    "build bob summergate industrial 2", "bonus bob stoneside school", 'hazard carol westlands prison',
    "stadium bob summergate", "skyscraper bob stoneside", "tax bob industry", "clear bob westlands",
    "buy carol riverside", "buy carol \"the marina\"", "buy carol \"royal court\"", "buy carol \"fortune valley\"",
    "buy carol \"diamond hills\"", "tower carol riverside", "parking alice", "parking bob",
    "dodge bob \"central quay\"",
    "rent carol summergate", "mortgage bob westlands", "unmortgage bob westlands", "go bob", "pay alice 3.5m",
    "collect carol 500k", "clock 60", "clock 120", "undo", "redo", "clock off", "auction seaview", "bid alice 10k",
    "sold", "bankrupt bob alice 100m", "bankrupt carol 100m",
]


def test_verify_is_ok_on_a_game_using_every_city_action(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = game_file(tmp_path, *EVERY_ACTION)
    code, out, err = run(capsys, "verify", path)
    assert code == 0, (out, err)
    body = state(capsys, path)
    assert out == [f"ok: {body['ledger']['events']} events, head {body['ledger']['head']}"]
    assert [p["bankrupt"] for p in body["players"]] == [False, True, True]
