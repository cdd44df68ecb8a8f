"""The `banker` command line: each sub-command, its output and its exit codes (issue 2, section 6)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest


def banker(*args: str | Path, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "banker", *map(str, args)], capture_output=True, text=True,
                          cwd=cwd, timeout=60)


@pytest.fixture
def game_file(tmp_path: Path) -> Path:
    path = tmp_path / "GAME.db"
    result = banker("new", path, "--edition", "classic-us", "--players", "Alice,Bob,Carol")
    assert result.returncode == 0, result.stderr
    return path


def test_new_do_and_state_json_contract(game_file: Path) -> None:
    assert banker("do", game_file, "buy", "alice", "Park Place").returncode == 0
    body = json.loads(banker("state", game_file, "--json").stdout)
    assert set(body) >= {"edition", "players", "bank", "parking_pot", "auction", "ledger"}
    alice = body["players"][0]
    assert set(alice) >= {"name", "cash", "bankrupt", "in_jail", "goojf", "properties"}
    assert alice["cash"] == 1150
    assert alice["properties"] == [{"name": "Park Place", "mortgaged": False, "houses": 0, "hotel": False}]
    assert body["bank"] == {"houses": 32, "hotels": 12}
    assert body["auction"] is None and body["parking_pot"] == 0
    assert body["ledger"]["events"] == 2 and len(body["ledger"]["head"]) == 64


def test_refused_action_exits_1_with_one_line_on_stderr(game_file: Path) -> None:
    before = banker("state", game_file, "--json").stdout
    result = banker("do", game_file, "buy", "alice", "Nowhere Street")
    assert result.returncode == 1
    assert result.stderr.count("\n") == 1 and "no deed called" in result.stderr
    assert banker("state", game_file, "--json").stdout == before


def test_do_takes_a_whole_line_quoted_as_one_argument(game_file: Path) -> None:
    """`banker do GAME "buy alice 'Park Place'"` is the line as typed, not an action named after all of it; a
    quoted line with a typo gets the parser's own refusal for it."""
    assert banker("do", game_file, "buy alice 'Park Place'").returncode == 0
    result = banker("do", game_file, "pay alice 5o bob")
    assert result.returncode == 1 and "no action called" not in result.stderr and "5o" in result.stderr
    assert json.loads(banker("state", game_file, "--json").stdout)["players"][0]["cash"] == 1150


def test_run_stops_at_the_first_refused_line_and_names_it(game_file: Path, tmp_path: Path) -> None:
    script = tmp_path / "turns.txt"
    script.write_text("# a comment\nbuy alice board\n\nbuy bob board   # taken\ngo carol\n")
    result = banker("run", game_file, script)
    assert result.returncode == 1
    assert f"{script}:4" in result.stderr and "Alice owns it" in result.stderr
    body = json.loads(banker("state", game_file, "--json").stdout)
    assert body["players"][2]["cash"] == 1500, "the line after the refused one did not run"


def test_ledger_marks_undone_actions_and_filters_by_player(game_file: Path) -> None:
    banker("do", game_file, "buy", "alice", "board")
    banker("do", game_file, "go", "bob")
    banker("do", game_file, "undo")
    text = banker("ledger", game_file).stdout
    assert "UNDONE Bob collects $200" in text
    bob = json.loads(banker("ledger", game_file, "--json", "--player", "bob").stdout)
    assert all("Bob" in e["people"] for e in bob)
    assert bob[-1]["balances"]["Bob"] == 1500


def test_verify_ok_then_names_a_tampered_event(game_file: Path) -> None:
    banker("do", game_file, "buy", "alice", "board")
    ok = banker("verify", game_file)
    assert ok.returncode == 0 and ok.stdout.startswith("ok")
    import sqlite3

    connection = sqlite3.connect(game_file)
    connection.execute("DROP TRIGGER event_no_update")
    connection.execute("UPDATE event SET payload = replace(payload, '400', '4') WHERE seq = 2")
    connection.commit()
    connection.close()
    bad = banker("verify", game_file)
    assert bad.returncode == 1 and "event 2" in bad.stdout


def test_score_json_names_the_winner(game_file: Path) -> None:
    banker("do", game_file, "buy", "alice", "board")
    body = json.loads(banker("score", game_file, "--json").stdout)
    assert [p["name"] for p in body["players"]] == ["Alice", "Bob", "Carol"]
    assert body["players"][0]["net_worth"] == 1500 and body["winner"] is None  # a three-way tie
    banker("do", game_file, "go", "bob")
    assert json.loads(banker("score", game_file, "--json").stdout)["winner"] == "Bob"


def test_editions_lists_both_classic_boards() -> None:
    out = banker("editions").stdout
    assert "classic-us" in out and "classic-uk" in out


def test_not_a_game_file_is_a_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "notes.db"
    path.write_text("hello")
    result = banker("state", path)
    assert result.returncode == 2 and "not a Banker game file" in result.stderr
    assert path.read_text() == "hello"


def test_new_refuses_to_overwrite_an_existing_file(game_file: Path) -> None:
    result = banker("new", game_file, "--players", "X,Y")
    assert result.returncode == 2 and "already exists" in result.stderr


def test_the_headless_cli_points_to_the_app_when_asked_for_it(tmp_path: Path) -> None:
    result = banker(tmp_path / "GAME.db")
    assert result.returncode == 2 and "`banker` command" in result.stderr


def test_the_banker_command_runs_the_cli_sub_commands(game_file: Path) -> None:
    from screens.launch import main

    assert main(["do", str(game_file), "go", "alice"]) == 0
    assert main(["state", str(game_file), "--json"]) == 0
