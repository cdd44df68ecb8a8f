"""`banker do GAME.db bankrupt <player> [<creditor>] <debt> [lift]` on the command line: every refusal exits 1
with one line on stderr and leaves the file as it was; a bankruptcy to the bank leaves the first deed's auction
open in `state --json`.

Rulebooks: 000 = Mega Edition + the standard rules ("000:207" BANKRUPTCY), 003 = classic US ("HELP! I'M IN
DEBT!"). Most tests call `banker.cli.main` in-process (the code `python -m banker` runs); two run the real
command to pin the exit code and the streams.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from app_pilot import played_file
from conftest import PLAYERS

from banker.cli import main

# Bob: Park Place and Boardwalk, $50 cash: he can raise $425 (mortgages $175 and $200), 003 "HELP! I'M IN DEBT!"
SOLVENT = ("buy bob park", "buy bob boardwalk", "pay bob 700")
# Bob: Reading Railroad and Boardwalk mortgaged ($100 and $200), $0 cash: nothing left to raise; Alice: $100,
# short of the $330 that lifting both mortgages costs (value + 10%, 000:207)
RUINED = ("buy bob reading", "buy bob boardwalk", "mortgage bob reading", "mortgage bob boardwalk", "pay bob 1200",
          "pay alice 1400")


def banker(*args: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "banker", *map(str, args)], capture_output=True, text=True,
                          timeout=60)


def run(capsys: pytest.CaptureFixture[str], *args: str | Path) -> tuple[int, str, str]:
    """`banker ARGS` in-process: exit code, stdout, stderr."""
    code = main([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out, err


def state(capsys: pytest.CaptureFixture[str], path: Path) -> dict:
    code, out, err = run(capsys, "state", path, "--json")
    assert code == 0, err
    return json.loads(out)


def game_file(tmp_path: Path, lines: tuple[str, ...]) -> Path:
    """A classic-us game for Alice, Bob and Carol with these lines played."""
    return played_file(tmp_path / "GAME.db", "classic-us", PLAYERS, lines)


REFUSALS = [
    pytest.param(RUINED, ["bankrupt", "bob"], "say what Bob owes, e.g. bankrupt bob 2000", id="missing-debt"),
    pytest.param(RUINED, ["bankrupt", "bob", "alice"], "say what Bob owes, e.g. bankrupt bob alice 2000",
                 id="missing-debt-to-a-player"),
    pytest.param(RUINED, ["bankrupt", "bob", "20x"], "'20x' is not an amount; write a whole number like 50",
                 id="not-an-amount"),
    pytest.param(SOLVENT, ["bankrupt", "bob", "400"],
                 "Bob can raise $425 ($50 cash, $375 by mortgaging Park Place and Boardwalk), enough for $400: "
                 "raise money and pay", id="solvent"),
    pytest.param(RUINED, ["bankrupt", "bob", "5000", "lift"],
                 "`lift` is for a player who receives mortgaged deeds; the bank takes them back unmortgaged",
                 id="lift-to-the-bank"),
    pytest.param(RUINED, ["bankrupt", "bob", "alice", "5000", "lift"],
                 "Alice must pay $330 to lift the mortgages received but would have $100; "
                 "Alice can pay the interest alone now (leave out `lift`)", id="lift-the-creditor-cannot-pay"),
    pytest.param(RUINED, ["bankrupt", "bob", "alice", "5000", "now"],
                 "bankrupt takes the player, the creditor, the debt and `lift`: bankrupt <player> [<creditor>] "
                 "<debt> [lift]  (to the bank unless a player is named)", id="an-extra-word"),
    pytest.param(RUINED, ["bankrupt", "bob", "zed", "5000"],
                 "no creditor (a player or bank) called 'zed'; known: Alice, Bob, Carol, bank", id="unknown-creditor"),
]


@pytest.mark.parametrize(("setup", "words", "message"), REFUSALS)
def test_a_refused_bankruptcy_exits_1_with_one_line_and_changes_nothing(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], setup: tuple[str, ...], words: list[str],
        message: str) -> None:
    # README: "Exit codes: 0 done, 1 refused (nothing changed)"; "Every refused line prints one error that says
    # what is wrong and what to do, and changes nothing."
    path = game_file(tmp_path, setup)
    before = state(capsys, path)
    code, out, err = run(capsys, "do", path, *words)
    assert (code, out, err) == (1, "", f"banker: {message}\n")
    after = state(capsys, path)
    assert after["ledger"] == before["ledger"] and after == before


def test_the_real_command_refuses_a_solvent_bankruptcy_without_a_traceback(tmp_path: Path) -> None:
    # 000:207 "You are declared bankrupt if you owe more than you can pay"
    path = game_file(tmp_path, SOLVENT)
    head = json.loads(banker("state", path, "--json").stdout)["ledger"]
    result = banker("do", path, "bankrupt", "bob", "425")
    assert result.returncode == 1 and result.stdout == ""
    assert result.stderr == ("banker: Bob can raise $425 ($50 cash, $375 by mortgaging Park Place and Boardwalk), "
                             "enough for $425: raise money and pay\n")
    assert "Traceback" not in result.stderr
    assert json.loads(banker("state", path, "--json").stdout)["ledger"] == head
    assert banker("do", path, "bankrupt", "bob", "426").returncode == 0  # one more than he can raise


def test_the_real_command_leaves_the_first_deeds_auction_open_after_a_bankruptcy_to_the_bank(tmp_path: Path) -> None:
    # 000:207 "the Bank immediately sells by auction all properties so taken"; README: `state --json` "auction"
    path = game_file(tmp_path, RUINED)
    done = banker("do", path, "bankrupt", "bob", "5000")
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().endswith(
        "Bob is bankrupt to bank, owing $5,000, and leaves the game; auction opened for Reading Railroad")
    body = json.loads(banker("state", path, "--json").stdout)
    assert body["auction"] == {"deed": "Reading Railroad", "high_bid": 0, "high_bidder": None}
    assert [p["bankrupt"] for p in body["players"]] == [False, True, False]
    assert banker("verify", path).returncode == 0


def test_each_sold_opens_the_next_auction_in_state_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # 000:207 "sells by auction all properties so taken": each `sold` opens the next deed's auction
    path = game_file(tmp_path, RUINED)
    assert run(capsys, "do", path, "bankrupt", "bob", "5000")[0] == 0
    assert run(capsys, "do", path, "bid", "carol", "60")[0] == 0
    assert run(capsys, "do", path, "sold")[0] == 0
    body = state(capsys, path)
    assert body["auction"] == {"deed": "Boardwalk", "high_bid": 0, "high_bidder": None}
    carol = body["players"][2]
    assert carol["properties"] == [{"name": "Reading Railroad", "mortgaged": False, "houses": 0, "hotel": False}]
    assert run(capsys, "do", path, "sold")[0] == 0  # nobody bids: Boardwalk stays with the bank
    assert state(capsys, path)["auction"] is None
    code, out, err = run(capsys, "do", path, "sold")
    assert (code, err) == (1, "banker: no auction is open; there is nothing to close\n")


def test_lift_through_the_command_line_pays_the_mortgages_off(tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    # 000:207 the new owner "may then, at his/her option, pay the principal": value + 10% at once
    path = game_file(tmp_path, RUINED)
    assert run(capsys, "do", path, "collect", "alice", "230")[0] == 0  # Alice: $330, just enough
    code, out, err = run(capsys, "do", path, "bankrupt", "bob", "alice", "5000", "lift")
    assert code == 0, err
    alice = state(capsys, path)["players"][0]
    assert alice["cash"] == 0
    assert [(p["name"], p["mortgaged"]) for p in alice["properties"]] == [
        ("Reading Railroad", False), ("Boardwalk", False)]
    code, out, err = run(capsys, "ledger", path)
    assert "Bob is bankrupt to Alice, owing $5,000, and leaves the game" in out
