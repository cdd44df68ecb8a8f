"""Start-up: a command loads only what it needs (issue 15), checked by module names, never by timing.

`banker state` and `banker do` read and append through sqlite3 alone: SQLAlchemy, SQLModel and
pydantic (no longer dependencies, but a tool or an extra may bring them back) cost more than the rest
of the start-up together. `banker verify` does not even load the
rules or the command language.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from banker.game import Game
from editions import load_edition

HEAVY = ("sqlalchemy", "sqlmodel", "pydantic", "textual", "tomllib", "platformdirs")
PROBE = """
import json, runpy, sys
sys.argv = ["banker", *json.loads(sys.argv[1])]
try:
    runpy.run_module("banker", run_name="__main__", alter_sys=True)
except SystemExit as done:
    code = done.code
print(json.dumps(sorted(sys.modules)), file=sys.stderr)
"""


def modules_loaded(*args: str) -> set[str]:
    done = subprocess.run([sys.executable, "-c", PROBE, json.dumps(args)], capture_output=True, text=True)
    return set(json.loads(done.stderr.strip().splitlines()[-1]))


@pytest.fixture(scope="module")
def game_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("startup") / "g.db"
    game = Game.create(path, load_edition("sore-losers"), ["Alice", "Bob"])
    for line in ("buy alice boardwalk", "rent bob boardwalk", "undo", "redo"):
        game.do(line)
    game.close()
    return path


@pytest.mark.parametrize("command", [["state"], ["state", "--json"], ["do", "pay", "alice", "1", "bob"], ["verify"]])
def test_a_command_loads_no_heavy_library(game_file: Path, command: list[str]) -> None:
    loaded = modules_loaded(command[0], str(game_file), *command[1:])
    assert "banker.game" in loaded or command == ["verify"]
    assert not sorted(m for m in loaded if m.split(".")[0] in HEAVY)


def test_verify_loads_neither_the_rules_nor_the_command_language(game_file: Path) -> None:
    loaded = modules_loaded("verify", str(game_file))
    assert "banker.verify" in loaded
    assert not sorted(m for m in loaded if m.startswith(("banker.rules", "banker.language", "banker.commands")))


@pytest.mark.parametrize("command", [["state"], ["state", "--json"]])
def test_state_loads_neither_the_rules_nor_the_command_language(game_file: Path, command: list[str]) -> None:
    """Reading a game folds its events: the rules that decide new ones and the line parser wait for an action."""
    loaded = modules_loaded(command[0], str(game_file), *command[1:])
    assert "banker.game" in loaded
    deciding = ("banker.rules.deciding", "banker.language", "banker.commands", "banker.valuation", "banker.history")
    assert not sorted(m for m in loaded if m.startswith(deciding))
