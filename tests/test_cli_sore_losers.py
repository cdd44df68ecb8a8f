"""The `banker` command line on a Monopoly for Sore Losers game (issue 8): state --json, refusals, the ledger,
the final rent round and the score by cash.

Rulebook: 001 = 001_61b77d248be9bdde.txt (Monopoly for Sore Losers); "001:NN" is its line.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from editions import load_edition

DARK_BLUE = ["Park Place", "Boardwalk"]
BROWN = ["Mediterranean Avenue", "Baltic Avenue"]


def banker(*args: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "banker", *map(str, args)], capture_output=True, text=True,
                          timeout=60)


def state(path: Path) -> dict:
    return json.loads(banker("state", path, "--json").stdout)


def run(path: Path, tmp_path: Path, *lines: str) -> None:
    script = tmp_path / "script.txt"
    script.write_text("\n".join(lines) + "\n")
    result = banker("run", path, script)
    assert result.returncode == 0, result.stderr


@pytest.fixture
def game_file(tmp_path: Path) -> Path:
    path = tmp_path / "SORE.db"
    result = banker("new", path, "--edition", "sore-losers", "--players", "Alice,Bob,Carol")
    assert result.returncode == 0, result.stderr
    return path


def test_state_json_adds_coins_mr_monopoly_and_trapped(game_file: Path) -> None:
    """001:164 "30 Cardboard Sore Loser Co[ins]", two each at the start: the stable keys plus the edition's."""
    body = state(game_file)
    assert body["edition"] == "sore-losers"
    for player in body["players"]:
        assert set(player) >= {"name", "cash", "bankrupt", "in_jail", "goojf", "properties",
                               "coins", "mr_monopoly", "trapped"}
        assert (player["cash"], player["coins"], player["mr_monopoly"], player["trapped"]) == (1500, 2, False, False)
    assert body["bank"] == {"houses": 32, "hotels": 12, "coins": 24}


def test_mr_monopoly_and_a_trap_show_in_state(game_file: Path, tmp_path: Path) -> None:
    """001:5 "trade in all four ... to take the MR. MONOPOLY token"; 001:33 "put the MR. MONOPOLY token on top
    of their token\""""
    run(game_file, tmp_path, "coin carol", "coin carol", "cashin carol", "trap carol alice")
    body = state(game_file)
    assert [(p["name"], p["coins"], p["mr_monopoly"], p["trapped"]) for p in body["players"]] == [
        ("Alice", 3, False, True), ("Bob", 2, False, False), ("Carol", 0, True, False)]
    assert body["bank"]["coins"] == 25
    text = banker("state", game_file).stdout
    assert "MR. MONOPOLY" in text and "trapped" in text and "3 sore loser coins" in text


def test_a_refused_fifth_coin_exits_1_with_the_reason_and_changes_nothing(game_file: Path) -> None:
    """001:21 "If you ever have four and need to collect one, do nothing.\""""
    assert banker("do", game_file, "coin", "alice").returncode == 0
    assert banker("do", game_file, "coin", "alice").returncode == 0
    before = banker("state", game_file, "--json").stdout
    result = banker("do", game_file, "coin", "alice")
    assert result.returncode == 1
    assert result.stderr.count("\n") == 1
    assert "Alice already holds 4 sore loser coins, the most allowed; nothing is taken" in result.stderr
    assert banker("state", game_file, "--json").stdout == before


def test_a_refused_cashin_names_the_rule(game_file: Path) -> None:
    """001:5 "Once you collect four coins, you may trade in all four\""""
    result = banker("do", game_file, "cashin", "bob")
    assert result.returncode == 1 and "Bob holds 2 sore loser coins; cashing in takes 4" in result.stderr


def test_the_ledger_keeps_the_coin_in_the_rent_action(game_file: Path, tmp_path: Path) -> None:
    """001:264 "Whenever you pay rent take one sore loser coin from the Bank!" -- one action, two events."""
    run(game_file, tmp_path, "buy alice boardwalk", "rent bob boardwalk")
    entries = json.loads(banker("ledger", game_file, "--json").stdout)
    rent = next(e for e in entries if e["type"] == "RentPaid")
    coin = next(e for e in entries if e["type"] == "HoldingMoved")
    assert rent["action"] == coin["action"] and coin["seq"] == rent["seq"] + 1
    assert coin["balances"]["Bob"] == 1450
    text = banker("ledger", game_file, "--player", "bob").stdout
    assert "Bob takes a sore loser coin from the bank (for paying rent)" in text


def test_final_round_then_score_by_cash(game_file: Path, tmp_path: Path) -> None:
    """001:115 "Once all players reach GO, in turn order, each player collects rent for each of their
    properties."; 001:120 "Count up your cash. The player with the most wins!\""""
    edition = load_edition("sore-losers")
    early = banker("score", game_file)
    assert "final rent round: not played yet (`final`)" in early.stdout
    refusal = banker("do", game_file, "final")
    assert refusal.returncode == 1 and "26 properties still belong to the bank" in refusal.stderr
    lines: list[str] = []
    rest = [d for d in edition.deeds if d not in DARK_BLUE + BROWN]
    for player, deeds in (("alice", DARK_BLUE), ("bob", BROWN), ("carol", rest)):
        for deed in deeds:
            lines += [f"collect {player} {edition.deeds[deed].price}", f'buy {player} "{deed}"']
    run(game_file, tmp_path, *lines, "build alice boardwalk", "mortgage bob mediterranean",
        "collect alice 2000", "final")
    out = banker("score", game_file).stdout.splitlines()
    assert out[0] == "final rent round:"
    assert out[1] == f"  {'Alice':<12} {'Park Place':<26} {'M70':>9}"
    assert out[2] == f"  {'Alice':<12} {'Boardwalk':<26} {'M200':>9}"
    assert out[3] == f"  {'Bob':<12} {'Baltic Avenue':<26} {'M8':>9}"  # Mediterranean is mortgaged: nothing
    assert not any("Mediterranean" in line for line in out)
    assert out[4].startswith("  Carol") and out[25].startswith("  Carol")
    assert out[26] == "most cash wins"
    ranking = [line.split()[0] for line in out[28:31]]
    assert ranking == ["Alice", "Carol", "Bob"]  # Alice M3,570 cash, Carol M2,900 but far more deeds
    assert out[-1] == "winner: Alice"
    body = json.loads(banker("score", game_file, "--json").stdout)
    assert body["ranked_by"] == "cash" and body["winner"] == "Alice"
    assert len(body["final_round"]) == 25
    assert body["final_round"][2] == {"player": "Bob", "deed": "Baltic Avenue", "rent": 8}
    cash = {p["name"]: p["cash"] for p in body["players"]}
    assert cash == {"Alice": 3300 + 270, "Bob": 1530 + 8, "Carol": 1500 + 1400}
    again = banker("do", game_file, "final")
    assert again.returncode == 1 and "the final rent round was already played; see `score`" in again.stderr


def test_verify_replays_a_sore_losers_game(game_file: Path, tmp_path: Path) -> None:
    run(game_file, tmp_path, "buy alice \"st. charles\"", "coin carol", "coin carol", "cashin carol",
        "place \"st. charles\"", "trap carol alice \"st. charles\"", "go bob",
        "tax carol water", "jail carol bob", "parking alice bob", "undo", "release alice")
    result = banker("verify", game_file)
    assert result.returncode == 0 and result.stdout.startswith("ok"), result.stdout


def test_help_and_editions_know_sore_losers() -> None:
    text = banker("help").stdout
    for verb in ("coin <player>", "cashin <player>", "trap <mr-monopoly> <player>", "release <player>",
                 "place <street>", "final", "parking <player> <victim>", "jail <mr-monopoly> <player>"):
        assert verb in text
    assert "sore-losers" in banker("editions").stdout
