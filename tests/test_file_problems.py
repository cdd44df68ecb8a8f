"""Clear words for every file problem (issue 38): a read-only folder, an unwritable folder, a name too long for the
disk, a full disk, and a proposal accepted while the file is busy. Each says why, stores nothing, leaves no file."""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from banker import cli
from banker.game import Game
from banker.ledger import LedgerError, LedgerStore
from editions import load_edition

ROOT = Path(__file__).parent.parent


@pytest.fixture
def shared_folder() -> Iterator[Path]:
    """A folder another user can reach (the test's own tmp_path is private to this user)."""
    folder = Path(tempfile.mkdtemp(prefix="banker-files-"))
    folder.chmod(0o755)
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


def as_someone_else(shared: Path, *args: object) -> subprocess.CompletedProcess[str]:
    """`banker ARGS` as a user who may read but not write the shared folder: root writes anywhere, so as root the
    command runs as `nobody` (setpriv); any other user is kept out by the folder's mode alone."""
    home = shared / "home"
    home.mkdir(exist_ok=True)
    home.chmod(0o777)
    prefix: list[str] = []
    if os.geteuid() == 0:
        if shutil.which("setpriv") is None:
            pytest.skip("running as root without setpriv: no user to be kept out of a folder")
        prefix = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]
    env = {**os.environ, "XDG_DATA_HOME": str(home), "HOME": str(home)}
    done = subprocess.run([*prefix, sys.executable, "-m", "banker", *map(str, args)], capture_output=True,
                          text=True, cwd=ROOT, env=env, timeout=120)
    assert "Traceback" not in done.stderr, done.stderr
    return done


def make_game(path: Path) -> None:
    game = Game.create(path, load_edition("classic-us"), ("Ann", "Ben"))
    game.do("pay Ann 50 Ben")
    game.close()


def test_a_good_game_in_a_read_only_folder_opens_read_only_saying_so(shared_folder: Path) -> None:
    folder = shared_folder / "games"
    folder.mkdir()
    make_game(folder / "g.db")
    (folder / "g.db").chmod(0o644)
    folder.chmod(0o555)
    before = (folder / "g.db").read_bytes()
    state = as_someone_else(shared_folder, "state", folder / "g.db")
    assert state.returncode == 0 and "$1,450" in state.stdout, state.stderr  # never "not a Banker game file"
    verify = as_someone_else(shared_folder, "verify", folder / "g.db")
    assert verify.returncode == 0 and verify.stdout.startswith("ok: 2 events"), verify.stdout + verify.stderr
    done = as_someone_else(shared_folder, "do", folder / "g.db", "pay Ann 1 Ben")
    assert done.returncode == 2 and "read-only" in done.stderr and "banker backup" in done.stderr, done.stderr
    assert (folder / "g.db").read_bytes() == before


def test_banker_new_in_a_folder_it_cannot_write_says_why_and_leaves_no_file(shared_folder: Path) -> None:
    folder = shared_folder / "locked"
    folder.mkdir()
    folder.chmod(0o555)
    done = as_someone_else(shared_folder, "new", folder / "g.db", "--players", "Ann,Ben")
    assert done.returncode == 2 and f"cannot write in {folder}" in done.stderr, done.stderr
    assert list(folder.iterdir()) == []


def test_banker_new_with_a_name_too_long_says_so_and_leaves_no_file(tmp_path: Path,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / ("a" * 300 + ".db")
    assert cli.main(["new", str(path), "--players", "Ann,Ben"]) == 2
    assert "the file name is too long for this disk; pick a shorter name" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


def fill_the_disk(game: Game) -> None:
    """The file may grow no more, as on a full disk: SQLite says SQLITE_FULL, the code a full disk gives."""
    connection = sqlite3.connect(game.store.path)
    pages = connection.execute("PRAGMA page_count").fetchone()[0]
    connection.close()
    game.store.query(f"PRAGMA max_page_count = {pages}")


@pytest.mark.parametrize("lines", [("collect Ann 5",), ("trade Ann Ben give Boardwalk get $300",
                                                       "trade Ben Ann give Boardwalk get $300")])
def test_an_action_on_a_full_disk_says_the_disk_is_full_and_stores_nothing(tmp_path: Path,
                                                                           lines: tuple[str, ...]) -> None:
    """One event, or several in one transaction (SQLite has already rolled that back: "cannot rollback - no
    transaction is active" was said instead)."""
    game = Game.create(tmp_path / "g.db", load_edition("classic-us"), ("Ann", "Ben"))
    game.do("buy Ann Boardwalk")
    filler = "x" * 3000
    game.store.write("CREATE TABLE IF NOT EXISTS padding (x)", ())  # the last page full, so a row needs a new one
    for _ in range(3):
        game.store.write("INSERT INTO padding VALUES (?)", (filler,))
    fill_the_disk(game)
    head, cash = game.store.head(), game.state.cash("Ann")
    for number in range(40):  # until the file has to grow
        try:
            game.do(lines[number % len(lines)])
        except LedgerError as error:
            assert str(error) == f"{game.store.path}: the disk is full; nothing was stored (free some space, then " \
                                 "try again)"
            break
        head, cash = game.store.head(), game.state.cash("Ann")
    else:
        pytest.fail("the file never had to grow")
    assert game.store.head() == game.head == head and game.state.cash("Ann") == cash
    game.store.query("PRAGMA max_page_count = 1073741823")  # room again: the game goes on
    game.do("collect Ann 1")
    game.close()


def test_proposals_accept_never_reports_a_failure_after_storing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    """The lock taken again after the action's commit (to drop its trigger) times out: the action is stored, and
    the banker is told it was accepted."""
    from banker.wallet.proposals import propose

    path = tmp_path / "g.db"
    make_game(path)
    proposal = propose(path, "Ann", "pay Ann 10 Ben")
    original = LedgerStore.write_all

    def busy_after_commit(store: LedgerStore, statements: list) -> None:
        if any("DROP TRIGGER" in sql for sql, _ in statements):
            raise sqlite3.OperationalError("database is locked")
        original(store, statements)

    monkeypatch.setattr(LedgerStore, "write_all", busy_after_commit)
    assert cli.main(["proposals", str(path), "accept", str(proposal.id)]) == 0
    said = capsys.readouterr()
    assert f"proposal {proposal.id} from Ann accepted" in said.out, said.err
    monkeypatch.undo()
    game = Game.open(path)
    assert game.state.cash("Ann") == 1440 and game.head[0] == 3
    game.close()
