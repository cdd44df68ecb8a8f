"""`banker proposals GAME.db [--json] | accept ID | refuse ID` (issue 14, part 5): the phones' proposals from a
terminal, decided by the same core functions as the app's `P` then `a` / `r`. Exit codes as the rest of the CLI:
0 done, 1 refused with one line on stderr (nothing changed), 2 a file that cannot be used.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from banker.game import Game
from banker.wallet import phone_meaning, propose, recent

ROOT = Path(__file__).resolve().parent.parent
KEYS = {"id", "time", "player", "line", "meaning", "status"}


def banker(*args: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "banker", *map(str, args)], capture_output=True, text=True,
                          cwd=ROOT, timeout=60)


def from_phone(path: Path, player: str, typed: str) -> int:
    """Queue a line as the wallet server does: read in the owner's voice, then stored in full."""
    game = Game.open(path)
    try:
        line = phone_meaning(game.state, player, typed).line
    finally:
        game.close()
    return propose(path, player, line).id


def state(path: Path) -> str:
    return banker("state", path, "--json").stdout


def one_refusal(result: subprocess.CompletedProcess[str], code: int, says: str) -> None:
    assert result.returncode == code, result
    assert result.stderr.count("\n") == 1 and says in result.stderr, result.stderr
    assert "Traceback" not in result.stderr and result.stdout == ""


@pytest.fixture
def game_file(tmp_path: Path) -> Path:
    path = tmp_path / "GAME.db"
    made = banker("new", path, "--players", "Alice,Bob,Carol")
    assert made.returncode == 0, made.stderr
    return path


def test_the_list_shows_each_full_line_with_its_meaning(game_file: Path) -> None:
    assert banker("proposals", game_file).stdout == "no proposals waiting\n"
    paid = from_phone(game_file, "Bob", "pay Alice 50")
    bought = from_phone(game_file, "Carol", "buy boardwalk")
    listed = banker("proposals", game_file)
    assert listed.returncode == 0 and listed.stderr == ""
    lines = listed.stdout.splitlines()
    assert len(lines) == 4
    assert lines[0].startswith(f"{paid:>4}  ") and lines[0].endswith("  Bob: pay Bob 50 Alice")
    assert lines[1].strip() == "Bob pays Alice $50 (pay)"
    assert lines[2].startswith(f"{bought:>4}  ") and lines[2].endswith("  Carol: buy Carol boardwalk")
    assert lines[3].strip() == "Carol buys Boardwalk for $400"


def test_the_json_list_is_the_contract(game_file: Path) -> None:
    assert json.loads(banker("proposals", game_file, "--json").stdout) == {"proposals": []}
    paid = from_phone(game_file, "Bob", "pay Alice 50")
    body = json.loads(banker("proposals", game_file, "--json").stdout)
    assert list(body) == ["proposals"] and len(body["proposals"]) == 1
    row = body["proposals"][0]
    assert set(row) == KEYS
    assert (row["id"], row["player"], row["line"], row["meaning"], row["status"]) == (
        paid, "Bob", "pay Bob 50 Alice", "Bob pays Alice $50 (pay)", "pending")
    assert row["time"].endswith("+00:00")


def test_accept_runs_the_line_as_the_app_does(game_file: Path) -> None:
    paid = from_phone(game_file, "Bob", "pay Alice 50")
    result = banker("proposals", game_file, "accept", str(paid))
    assert result.returncode == 0 and result.stderr == ""
    assert result.stdout == f"proposal {paid} from Bob accepted: pay Bob 50 Alice: Bob pays Alice $50 (pay)\n"
    players = {p["name"]: p["cash"] for p in json.loads(state(game_file))["players"]}
    assert (players["Bob"], players["Alice"]) == (1450, 1550)
    decided = {p.id: p for p in recent(game_file)}[paid]
    assert decided.status == "accepted" and decided.action is not None
    assert banker("proposals", game_file).stdout == "no proposals waiting\n"


def test_refuse_moves_nothing(game_file: Path) -> None:
    bought = from_phone(game_file, "Carol", "buy boardwalk")
    before = state(game_file)
    result = banker("proposals", game_file, "refuse", str(bought))
    assert result.returncode == 0
    assert result.stdout == f"proposal {bought} from Carol refused: buy Carol boardwalk: the banker refused it\n"
    assert state(game_file) == before
    assert {p.id: p.status for p in recent(game_file)}[bought] == "refused"


def test_refusals_say_one_line_and_change_nothing(game_file: Path) -> None:
    paid = from_phone(game_file, "Bob", "pay Alice 50")
    assert banker("proposals", game_file, "accept", str(paid)).returncode == 0
    before = state(game_file)
    one_refusal(banker("proposals", game_file, "accept", str(paid)), 1, f"proposal {paid} was already accepted")
    one_refusal(banker("proposals", game_file, "refuse", str(paid)), 1, f"proposal {paid} was already accepted")
    one_refusal(banker("proposals", game_file, "accept", "99"), 1, "there is no proposal 99")
    one_refusal(banker("proposals", game_file, "refuse", "x"), 1, "'x' is not a proposal id")
    one_refusal(banker("proposals", game_file, "accept"), 1, "say which proposal")
    assert state(game_file) == before


def test_a_line_the_rules_refuse_when_accepted_exits_1(game_file: Path) -> None:
    """The table moved on after the phone sent it: Alice bought Boardwalk first."""
    bought = from_phone(game_file, "Carol", "buy boardwalk")
    assert banker("do", game_file, "buy", "alice", "boardwalk").returncode == 0
    before = state(game_file)
    one_refusal(banker("proposals", game_file, "accept", str(bought)), 1,
                f"the rules refused proposal {bought} (buy Carol boardwalk): Boardwalk is not for sale: Alice owns it")
    assert state(game_file) == before
    assert {p.id: p.status for p in recent(game_file)}[bought] == "failed"  # as the app records it


def test_a_file_that_cannot_be_used_exits_2(tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("hello")
    for args in ((), ("--json",), ("accept", "1"), ("refuse", "1")):
        one_refusal(banker("proposals", notes, *args), 2, "not a Banker game file")
    one_refusal(banker("proposals", tmp_path / "missing.db"), 2, "missing.db")


def test_a_game_never_served_has_none_and_is_not_written(game_file: Path) -> None:
    before = game_file.read_bytes()
    assert banker("proposals", game_file).stdout == "no proposals waiting\n"
    one_refusal(banker("proposals", game_file, "refuse", "1"), 1, "there is no proposal 1")
    assert game_file.read_bytes() == before
