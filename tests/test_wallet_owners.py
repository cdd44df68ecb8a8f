"""Issue 37, part 1: a name is its owner's. Every test talks HTTP to a real `banker serve` subprocess on
127.0.0.1; each phone sends from its own loopback address (127.0.0.2, 127.0.0.3...), as phones on the
table's Wi-Fi each have their own. The rulebooks make each player the one who makes their own deals
(003:184-186) and the Banker the one who looks after the Bank (003:29): a phone speaks for one player.
"""

from __future__ import annotations

import json
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from banker.game import Game
from banker.wallet import accept, list_pending, recent
from banker.wallet.claims import claims, held
from banker.wallet.client import Wallet
from editions import load_edition

ROOT = Path(__file__).resolve().parent.parent


class Served:
    """`banker serve GAME --host 127.0.0.1 --port 0` in its own process; its stderr kept to read afterwards."""

    def __init__(self, path: Path) -> None:
        self.errors = path.parent / "serve.err"
        self.process = subprocess.Popen(
            [sys.executable, "-m", "banker", "serve", str(path), "--host", "127.0.0.1", "--port", "0"],
            cwd=ROOT, stdout=subprocess.PIPE, stderr=self.errors.open("w"), text=True)
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        assert line.startswith("wallet: "), self.errors.read_text()
        self.url = line.removeprefix("wallet: ").strip()

    def phone(self, number: int) -> Wallet:
        """Phone number `number` at the table: its own address on the loopback."""
        return Wallet(self.url, source=f"127.0.0.{number + 1}")

    def stop(self) -> str:
        self.process.terminate()
        self.process.wait(timeout=10)
        return self.errors.read_text()


def banker(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "banker", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=60)


@pytest.fixture
def table(tmp_path: Path) -> Iterator[tuple[Game, Served]]:
    game = Game.create(tmp_path / "table.db", load_edition("classic-us"), ["Ann", "Ben", "Cat"])
    served = Served(game.store.path)
    yield game, served
    errors = served.stop()
    game.close()
    assert "Traceback" not in errors and "request failed" not in errors, errors


def test_one_phone_holds_one_name(table: tuple[Game, Served]) -> None:
    """The first guest to load the QR code cannot take every name: a phone holds one."""
    game, served = table
    guest = served.phone(1)
    assert guest.claim("Ann")[0] == 200
    for name in ("Ben", "Cat"):
        status, body = guest.claim(name)
        assert status == 409 and "this phone already holds Ann" in body["error"], body
    assert [c.player for c in claims(game.store.path)] == ["Ann"]
    assert served.phone(2).claim("Ben")[0] == 200 and served.phone(3).claim("Cat")[0] == 200
    # "not you?" and then another name: still one name on the phone
    assert guest.release("Ann")[0] == 200
    assert served.phone(4).claim("Ann")[0] == 200
    assert guest.claim("Ann")[0] == 409


def test_the_banker_allows_a_second_name_on_purpose(table: tuple[Game, Served]) -> None:
    game, served = table
    parent = served.phone(1)
    assert parent.claim("Ann")[0] == 200 and parent.claim("Ben")[0] == 409
    allowed = banker("phones", str(game.store.path), "allow", "ann")
    assert allowed.returncode == 0 and "may now pick a second name" in allowed.stdout
    assert parent.claim("Ben")[0] == 200  # the child's name
    assert parent.claim("Cat")[0] == 409  # a second, not a third
    assert {c.player for c in claims(game.store.path)} == {"Ann", "Ben"}


def test_a_freed_name_is_kept_for_the_phone_the_banker_pairs_not_a_loop(table: tuple[Game, Served]) -> None:
    """Ben's loop claims Ann every 50 ms; the banker frees Ann for her new phone; the loop never wins her."""
    game, served = table
    lost, ben, thief, new = served.phone(1), served.phone(2), served.phone(3), served.phone(4)
    assert lost.claim("Ann")[0] == 200 and ben.claim("Ben")[0] == 200
    won: list[int] = []
    stop = threading.Event()

    def loop(phone: Wallet) -> None:
        while not stop.wait(0.05):
            status, _ = phone.claim("Ann")
            won.append(status)

    loops = [threading.Thread(target=loop, args=(phone,)) for phone in (ben, thief)]
    for thread in loops:
        thread.start()
    try:
        freed = banker("phones", str(game.store.path), "free", "Ann")
        assert freed.returncode == 0 and "Ann is free" in freed.stdout, freed.stderr
        code = held(game.store.path)[0].code
        assert f"pairing code {code}" in freed.stdout
        deadline = time.monotonic() + 5
        while len(won) < 20:  # both loops keep trying while the name waits
            assert time.monotonic() < deadline
            time.sleep(0.05)
        status, body = new.claim("Ann")
        assert status == 409 and "pairing code" in body["error"]  # without the code: no
        assert new.claim("Ann", pair=code)[0] == 200
    finally:
        stop.set()
        for thread in loops:
            thread.join()
    assert set(won) == {409}, won
    assert [c.player for c in claims(game.store.path) if c.player == "Ann"] == ["Ann"]
    assert new.propose("Ann", "pay Ben 5")[0] == 201
    assert lost.propose("Ann", "pay Ben 5")[0] == 403
    assert held(game.store.path) == []


def test_freeing_a_name_withdraws_its_phone_s_waiting_proposals(table: tuple[Game, Served]) -> None:
    game, served = table
    stolen, ben = served.phone(1), served.phone(2)
    assert stolen.claim("Ann")[0] == 200 and ben.claim("Ben")[0] == 200
    status, body = stolen.propose("Ann", "pay Ben 300")
    assert status == 201
    stolen_id = body["proposal"]["id"]
    assert ben.propose("Ben", "pay Ann 1")[0] == 201
    assert banker("phones", str(game.store.path), "free", "Ann").returncode == 0
    assert [p.player for p in list_pending(game.store.path)] == ["Ben"]  # Ann's stolen line is gone
    withdrawn = next(p for p in recent(game.store.path) if p.id == stolen_id)
    assert withdrawn.status == "withdrawn" and "freed Ann" in withdrawn.outcome
    with pytest.raises(Exception, match="already withdrawn"):
        accept(game, stolen_id)
    assert game.state.cash("Ann") == 1500
    shown = json.loads(banker("proposals", str(game.store.path), "--json").stdout)
    assert [p["player"] for p in shown["proposals"]] == ["Ben"]


def test_banker_phones_tells_the_phones_apart(table: tuple[Game, Served]) -> None:
    game, served = table
    ann, ben = served.phone(1), served.phone(2)
    assert ann.claim("Ann")[0] == 200 and ben.claim("Ben")[0] == 200
    assert ben.seen("Ben")[0] == 200
    listed = json.loads(banker("phones", str(game.store.path), "--json").stdout)["phones"]
    by_name = {p["player"]: p for p in listed}
    assert by_name["Ann"]["address"] == "127.0.0.2" and by_name["Ben"]["address"] == "127.0.0.3"
    assert by_name["Ann"]["since"] and by_name["Ann"]["last_seen"]
    text = banker("phones", str(game.store.path)).stdout
    assert "on the phone at 127.0.0.2 since" in text and "last seen" in text
    assert served.phone(3).seen("Ben")[0] == 403  # only the holder says it is there


def test_a_phone_withdraws_its_own_waiting_proposal_and_no_other(table: tuple[Game, Served]) -> None:
    game, served = table
    ann, ben = served.phone(1), served.phone(2)
    assert ann.claim("Ann")[0] == 200 and ben.claim("Ben")[0] == 200
    mine = ann.propose("Ann", "pay Ben 50")[1]["proposal"]["id"]
    theirs = ben.propose("Ben", "pay Ann 20")[1]["proposal"]["id"]
    status, body = ann.withdraw("Ann", theirs)
    assert status == 422 and "Ben's, not yours" in body["error"]
    assert ann.withdraw("Ben", theirs)[0] == 403  # no token for Ben
    status, body = ann.withdraw("Ann", mine)
    assert status == 200 and body["proposal"]["status"] == "withdrawn"
    assert ann.withdraw("Ann", mine)[0] == 422  # already withdrawn
    assert ann.withdraw("Ann", "x")[0] == 400  # type: ignore[arg-type]
    assert [p.id for p in list_pending(game.store.path)] == [theirs]


def test_a_double_tap_on_send_queues_one_proposal(table: tuple[Game, Served]) -> None:
    game, served = table
    ann = served.phone(1)
    assert ann.claim("Ann")[0] == 200
    answers: list[tuple[int, dict]] = []
    taps = [threading.Thread(target=lambda: answers.append(ann.propose("Ann", "pay Ben 50", key="tap-1")))
            for _ in range(2)]
    for tap in taps:
        tap.start()
    for tap in taps:
        tap.join()
    assert sorted(status for status, _ in answers) == [200, 201]
    assert len({body["proposal"]["id"] for _, body in answers}) == 1
    assert len(list_pending(game.store.path)) == 1
    assert ann.propose("Ann", "pay Ben 50", key="tap-2")[0] == 201  # a new Send: a new proposal
    assert ann.propose("Ann", "pay Ben 50", key="bad key!")[0] == 422
    assert len(list_pending(game.store.path)) == 2
