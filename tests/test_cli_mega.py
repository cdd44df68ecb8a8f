"""The command line for Mega and the speed die (issue 7): `new --edition mega`, `state --json`'s new keys,
and `banker ask mr-monopoly | bus | auction-space`.

Rulebooks: 000 = 000_0633d1fb819bfb08.txt (Mega), 002 = 002_8dafff28609b919a.txt (Speed Die).
Most tests call `banker.cli.main` in-process (the same code `python -m banker` runs); the first ones run
the real command to pin the exit codes and streams.
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
from banker.game import Game
from editions import load_edition

MEGA_DEEDS = list(load_edition("mega").deeds)


def banker(*args: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "banker", *map(str, args)], capture_output=True, text=True,
                          timeout=60)


def run(capsys: pytest.CaptureFixture[str], *args: str | Path) -> tuple[int, list[str], str]:
    """`banker ARGS` in-process: exit code, stdout lines, stderr."""
    code = main([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out.splitlines(), err


def game_file(tmp_path: Path, *lines: str, edition: str = "mega", house_rules: tuple[str, ...] = ()) -> Path:
    """A game file with these lines played (each must be accepted)."""
    tmp_path.mkdir(exist_ok=True)
    return played_file(tmp_path / f"{edition}.db", edition, PLAYERS, lines, house_rules)


def ask(capsys: pytest.CaptureFixture[str], path: Path, *words: str) -> list[str]:
    code, out, err = run(capsys, "ask", path, *words)
    assert code == 0, err
    return out


def ask_refused(capsys: pytest.CaptureFixture[str], path: Path, *words: str) -> str:
    code, out, err = run(capsys, "ask", path, *words)
    assert code == 1 and not out and err.count("\n") == 1
    return err.removeprefix("banker: ").strip()


def everything_owned(*exceptions: str) -> list[str]:
    """Lines that hand Alice every Mega deed, then the named ones ("Deed=Player", "Deed=Player!" mortgaged)."""
    lines = ["collect alice 20000"]
    others = dict(e.rstrip("!").split("=") for e in exceptions)
    for deed in MEGA_DEEDS:
        lines.append(f'buy {others.get(deed, "alice")} "{deed}"')
    lines += [f'mortgage {e.rstrip("!").split("=")[1]} "{e.split("=")[0]}"' for e in exceptions if e.endswith("!")]
    return lines


# -- the real command ----------------------------------------------------------------------------------


def test_new_mega_game_and_state_json_adds_the_mega_keys(tmp_path: Path) -> None:
    path = tmp_path / "GAME.db"
    made = banker("new", path, "--edition", "mega", "--players", "Alice,Bob,Carol")
    assert made.returncode == 0, made.stderr
    for words in (["ticket", "alice"], ["buy", "bob", "reading"], ["depot", "bob", "reading"]):
        assert banker("do", path, *words).returncode == 0
    body = json.loads(banker("state", path, "--json").stdout)
    assert body["edition"] == "mega"
    assert body["bank"] == {"houses": 32, "hotels": 12, "skyscrapers": 8, "depots": 3, "bus_tickets": 15}
    assert [p["bus_tickets"] for p in body["players"]] == [1, 0, 0]
    assert [p["cash"] for p in body["players"]] == [2500, 2200, 2500]
    assert body["players"][1]["properties"] == [{"name": "Reading Railroad", "mortgaged": False, "houses": 0,
                                                 "hotel": False, "skyscraper": False, "depot": True}]
    text = banker("state", path).stdout
    assert "1 bus ticket" in text and "depot" in text
    assert "bank: 32 houses, 12 hotels, 8 skyscrapers, 3 depots, 15 bus tickets" in text


def test_a_refused_mega_line_exits_1_and_changes_nothing(tmp_path: Path) -> None:
    path = game_file(tmp_path)
    before = banker("state", path, "--json").stdout
    result = banker("do", path, "ride", "carol")
    assert result.returncode == 1
    assert result.stderr == "banker: Carol holds no bus ticket; roll the dice instead\n"
    assert banker("state", path, "--json").stdout == before


def test_ask_prints_the_space_first_and_exits_0(tmp_path: Path) -> None:
    path = game_file(tmp_path)
    result = banker("ask", path, "mr-monopoly", "alice", "GO")
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[0] == "Mediterranean Avenue"
    refused = banker("ask", path, "bus", "alice", "chance")
    assert refused.returncode == 1 and "give the position instead: 9, 28, 46" in refused.stderr


def test_speed_die_on_mega_is_refused_by_new_and_writes_no_file(tmp_path: Path) -> None:
    path = tmp_path / "GAME.db"
    result = banker("new", path, "--edition", "mega", "--players", "Alice,Bob", "--house-rule", "speed-die")
    assert result.returncode == 1
    assert "already plays with the speed die; leave out --house-rule speed-die" in result.stderr
    assert not path.exists()


@pytest.mark.parametrize("board", ["classic-us", "classic-uk"])
def test_speed_die_game_from_the_command_line(tmp_path: Path, board: str) -> None:
    # 002:9 "each player takes an extra #1000": its own legs in the ledger
    path = tmp_path / "GAME.db"
    made = banker("new", path, "--edition", board, "--players", "Alice,Bob", "--house-rule", "speed-die")
    assert made.returncode == 0, made.stderr
    body = json.loads(banker("state", path, "--json").stdout)
    assert [p["cash"] for p in body["players"]] == [2500, 2500]
    first = json.loads(banker("ledger", path, "--json").stdout)[0]
    assert first["transfers"] == [["bank", "Alice", 1500], ["bank", "Bob", 1500],
                                  ["bank", "Alice", 1000], ["bank", "Bob", 1000]]
    assert banker("do", path, "buy", "alice", "electric").returncode == 0
    assert banker("do", path, "rent", "bob", "electric", "15").returncode == 0
    body = json.loads(banker("state", path, "--json").stdout)
    assert body["players"][1]["cash"] == 2500 - 60


# -- Mr. Monopoly ------------------------------------------------------------------------------------


def test_mr_monopoly_goes_to_the_next_unowned_property(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # 000:56 "move again to the next unowned property, which you may now buy"
    path = game_file(tmp_path, "buy bob mediterranean", "buy carol baltic")
    out = ask(capsys, path, "mr-monopoly", "alice", "GO")
    assert out == ["Arctic Avenue", "the next unowned property: Alice may buy it (or it is auctioned)"]
    assert ask(capsys, path, "mr-monopoly", "alice", "4")[0] == "Reading Railroad", "past the Income Tax"
    assert ask(capsys, path, "mr-monopoly", "alice", "Birthday Gift")[0] == "Florida Avenue"


def test_mr_monopoly_past_go_says_so(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # 000:80 "If a Bus Ticket or Mr. Monopoly roll causes you to land on or pass GO, collect $200 as usual"
    path = game_file(tmp_path, "buy bob boardwalk")
    out = ask(capsys, path, "mr-monopoly", "alice", "50")
    assert out[0] == "Mediterranean Avenue"
    assert out[-1] == "passes GO: collect $200 (go Alice)"
    assert not any("passes GO" in line for line in ask(capsys, path, "mr-monopoly", "alice", "0"))


def test_mr_monopoly_when_all_are_owned_goes_to_the_first_rent(tmp_path: Path,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    # 000:56 "If you roll a Mr. Monopoly after all of the properties are owned, ... move ahead to the first
    # property on which you need to pay rent"
    path = game_file(tmp_path, *everything_owned("Park Place=bob", "Baltic Avenue=carol",
                                                 "Reading Railroad=bob!"))
    out = ask(capsys, path, "mr-monopoly", "alice", "Birthday Gift")
    assert out == ["Park Place", "every property is owned: the first ahead where Alice pays rent, to Bob"]
    out = ask(capsys, path, "mr-monopoly", "alice", "50")
    assert out[0] == "Baltic Avenue" and out[-1] == "passes GO: collect $200 (go Alice)"
    assert ask(capsys, path, "mr-monopoly", "carol", "3")[0] == "Arctic Avenue", "not her own, not the mortgaged"
    assert ask(capsys, path, "mr-monopoly", "bob", "4")[0] == "Massachusetts Avenue", "Reading is his own"


def test_mr_monopoly_stays_when_no_property_charges_rent(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # 000:56 "If all other players properties are mortgaged, stay where you are."
    path = game_file(tmp_path, *everything_owned("Baltic Avenue=bob!"))
    out = ask(capsys, path, "mr-monopoly", "alice", "GO")
    assert out == ["stay", "every property is owned and none ahead charges Alice rent: stay"]


# -- the Bus -------------------------------------------------------------------------------------------


def test_bus_goes_to_the_nearest_chance_or_community_chest_ahead(tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    # 000:58 "move again to the nearest Chance/Community Chest space in front of your token"
    path = game_file(tmp_path)
    out = ask(capsys, path, "bus", "alice", "GO")
    assert out == ["Community Chest", "the nearest Chance/Community Chest ahead; or Alice takes a bus ticket instead"]
    assert ask(capsys, path, "bus", "alice", "3")[0] == "Chance"
    assert ask(capsys, path, "bus", "alice", "43")[0] == "Chance"  # the Chest itself is behind the token
    assert ask(capsys, path, "bus", "alice", "Atlantic Avenue")[0] == "Community Chest"


def test_bus_wraps_past_go_and_says_so(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = game_file(tmp_path)
    out = ask(capsys, path, "bus", "alice", "Birthday Gift")
    assert out == ["Community Chest", "the nearest Chance/Community Chest ahead; or Alice takes a bus ticket instead",
                   "passes GO: collect $200 (go Alice)"]
    assert ask(capsys, path, "bus", "alice", "46")[0] == "Community Chest"


def test_bus_offers_the_ticket_only_while_the_bank_has_one(tmp_path: Path,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    # 000:58 "take a BUS TICKET for later use (usually a good idea if any tickets are left in the deck)";
    # 000:98 "Do nothing if no Bus Tickets remain"
    path = game_file(tmp_path, *["ticket bob"] * 16)
    assert ask(capsys, path, "bus", "alice", "GO") == ["Community Chest", "the nearest Chance/Community Chest ahead"]


# -- the Auction space -----------------------------------------------------------------------------------


def test_auction_space_is_refused_while_properties_are_unowned(tmp_path: Path,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    # 000:90 "If you land here, pick an unowned property for the Banker to auction off"
    path = game_file(tmp_path, "buy bob boardwalk")
    message = ask_refused(capsys, path, "auction-space", "alice", "14")
    assert message == "36 properties are still unowned: Alice picks one for the banker to auction (auction <deed>)"


def test_auction_space_goes_to_the_highest_rent_ahead(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # 000:90 "when all of the properties are owned, you must move ahead to the property on which you need
    # to pay the highest rent"
    path = game_file(tmp_path, *everything_owned("Baltic Avenue=bob", "Connecticut Avenue=bob",
                                                 "Short Line=carol", "Boardwalk=carol!"))
    out = ask(capsys, path, "auction-space", "alice", "14")
    assert out == ["Short Line", "the highest rent ahead: $25 to Carol"]
    out = ask(capsys, path, "auction-space", "alice", "46")
    assert out == ["Short Line", "the highest rent ahead: $25 to Carol", "passes GO: collect $200 (go Alice)"]
    path = game_file(tmp_path / "x", *everything_owned("Baltic Avenue=bob", "Connecticut Avenue=bob",
                                                       "Short Line=carol!"))
    out = ask(capsys, path, "auction-space", "alice", "14")
    assert out == ["Connecticut Avenue", "the highest rent ahead: $8 to Bob", "passes GO: collect $200 (go Alice)"]


def test_auction_space_takes_the_closer_of_a_tie(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # 000:90 "(the closer one, if tied)": Massachusetts (7) and Vermont (11) both $6
    path = game_file(tmp_path, *everything_owned("Massachusetts Avenue=bob", "Vermont Avenue=bob"))
    assert ask(capsys, path, "auction-space", "alice", "GO")[0] == "Massachusetts Avenue"
    assert ask(capsys, path, "auction-space", "alice", "8")[0] == "Vermont Avenue"
    # for Bob: Alice's four railroads ($200 each) beat Boardwalk ($50 x3) and the utilities; Reading is closest
    out = ask(capsys, path, "auction-space", "bob", "GO")
    assert out == ["Reading Railroad",
                   "the highest rent ahead: $200 to Alice (utilities counted at an average roll of 7)"]


def test_auction_space_stays_when_nothing_charges_rent(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = game_file(tmp_path, *everything_owned())
    assert ask(capsys, path, "auction-space", "alice", "14") == ["stay", "no property ahead charges Alice rent: stay"]


# -- naming a space ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "positions"), [("Chance", "9, 28, 46"), ("community chest", "2, 22, 43")])
def test_a_name_on_several_spaces_is_refused_with_their_positions(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                                  name: str, positions: str) -> None:
    path = game_file(tmp_path)
    message = ask_refused(capsys, path, "bus", "alice", name)
    assert message.endswith(f"spaces; give the position instead: {positions}")
    assert ask(capsys, path, "bus", "alice", positions.split(", ")[1])[0] in ("Chance", "Community Chest")


def test_positions_and_unique_names_name_a_space(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = game_file(tmp_path)
    assert ask(capsys, path, "mr-monopoly", "alice", "47") == ask(capsys, path, "mr-monopoly", "alice", "birthday")
    assert ask(capsys, path, "mr-monopoly", "alice", "boardwalk")[0] == "Mediterranean Avenue"
    message = ask_refused(capsys, path, "bus", "alice", "52")
    assert message == "position 52 is off the board; positions run 0 (GO) to 51"


def test_ask_names_an_unknown_player(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = game_file(tmp_path)
    assert ask_refused(capsys, path, "bus", "zed", "0") == "no player called 'zed'; known: Alice, Bob, Carol"


def test_ask_writes_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = game_file(tmp_path, "buy bob boardwalk")
    before = _state(path)
    ask(capsys, path, "mr-monopoly", "alice", "GO")
    ask(capsys, path, "bus", "alice", "GO")
    ask_refused(capsys, path, "auction-space", "alice", "14")
    assert _state(path) == before


def _state(path: Path) -> dict:
    game = Game.open(path)
    try:
        return game.state_json()
    finally:
        game.close()


# -- the speed die on the classic boards ----------------------------------------------------------------------


@pytest.mark.parametrize(("board", "first"), [("classic-us", "Mediterranean Avenue"), ("classic-uk", "Old Kent Road")])
def test_ask_works_on_the_classic_boards_with_the_speed_die(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                            board: str, first: str) -> None:
    # issue 7: "`banker ask … mr-monopoly` and `… bus` work on these boards too"; 002:14
    path = game_file(tmp_path, edition=board, house_rules=("speed-die",))
    assert ask(capsys, path, "mr-monopoly", "alice", "GO")[0] == first
    out = ask(capsys, path, "mr-monopoly", "alice", "39")
    assert out[0] == first and out[-1].startswith("passes GO: collect ")
    # the Bus here is 002:13's (one or both white dice), never Mega's nearest Chance/Community Chest
    out = ask(capsys, path, "bus", "alice", "GO", "1", "2")
    assert out[1] == "the Bus (002): Alice moves by one or both white dice"


@pytest.mark.parametrize("board", ["classic-us", "classic-uk"])
def test_ask_bus_on_the_classic_speed_die_moves_by_one_or_both_white_dice(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], board: str) -> None:
    # 002:13 "move the value of one or both of the white dice. So if you rolled a 1 and a 5, you could move
    # 1 space, 5 spaces or 6 spaces"
    path = game_file(tmp_path, edition=board, house_rules=("speed-die",))
    out = ask(capsys, path, "bus", "alice", "GO", "1", "5")
    spaces = load_edition(board).spaces
    assert out[0] == f"{spaces[1].name} | {spaces[5].name} | {spaces[6].name}"
    assert out[1] == "the Bus (002): Alice moves by one or both white dice"
    assert out[2:] == [f"{spaces[1].name}: 1 space, the white die showing 1",
                       f"{spaces[5].name}: 5 spaces, the white die showing 5",
                       f"{spaces[6].name}: 6 spaces, both white dice"]
    doubles = ask(capsys, path, "bus", "alice", "37", "3", "3")
    assert doubles[0] == f"{spaces[0].name} | {spaces[3].name}"
    assert all("passes GO" in line for line in doubles[2:])
    assert ask_refused(capsys, path, "bus", "alice", "GO").startswith(
        "the Bus (002) moves by one or both white dice: say them")
    assert ask_refused(capsys, path, "bus", "alice", "GO", "1", "7").startswith("'7' is not a die")


def test_ask_bus_in_a_followed_classic_game_names_the_roll_for_each_choice(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = game_file(tmp_path, edition="classic-us", house_rules=("speed-die", "follow-tokens"))
    out = ask(capsys, path, "bus", "alice", "37", "1", "5")
    assert out[2] == "Luxury Tax: 1 space, the white die showing 1 (roll Alice 1 5 bus 1)"
    assert out[4] == ("Baltic Avenue: 6 spaces, both white dice (roll Alice 1 5 bus); "
                      "passes GO: Alice collects $200, paid by Banker with the move")


def test_ask_bus_without_the_speed_die_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = game_file(tmp_path, edition="classic-us")
    assert "without the speed die" in ask_refused(capsys, path, "bus", "alice", "GO", "1", "5")


def test_ask_on_mega_takes_no_dice(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # 000:58: Mega's Bus goes to the nearest Chance/Community Chest; the white dice do not choose it
    path = game_file(tmp_path)
    assert ask_refused(capsys, path, "bus", "alice", "GO", "1", "5").startswith("bus takes no dice")
