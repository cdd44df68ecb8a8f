"""Issue 26: a name belongs to one phone, and nothing a phone sends can fool the banker.

Every test here talks HTTP to a real `banker serve` subprocess on 127.0.0.1, as a hostile guest on the
table's Wi-Fi would, and checks both the answer and what the game file holds afterwards. The banker's
terminal (the server's stderr) must never show a traceback. The rulebooks make the Banker the one who
looks after the Bank (003:29) and the players the ones who make their own deals (003:184-186).
"""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from banker.game import Game
from banker.wallet import accept, list_pending, new_join_code, recent
from banker.wallet.claims import claims
from banker.wallet.client import Wallet
from banker.wallet.proposals import MAX_LINE, MAX_PENDING_EACH
from banker.wallet.safe_text import hidden
from editions import load_edition

ROOT = Path(__file__).resolve().parent.parent
HIDDEN_CHARACTERS = ["\x00", "\x07", "\x1b[2J", "\x7f", "\x85", "\x9b", "\u202e", "\u200b", "\u200d", "\u2066",
                     "\ufeff", "\u2028", "\u00ad"]


class Served:
    """`banker serve GAME --host 127.0.0.1 --port 0` in its own process; its stderr kept to read afterwards."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.errors = path.parent / "serve.err"
        self.process = subprocess.Popen(
            [sys.executable, "-m", "banker", "serve", str(path), "--host", "127.0.0.1", "--port", "0"],
            cwd=ROOT, stdout=subprocess.PIPE, stderr=self.errors.open("w"), text=True)
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        assert line.startswith("wallet: "), self.errors.read_text()
        self.url = line.removeprefix("wallet: ").strip()

    def phone(self) -> Wallet:
        """A new phone: it holds no name until it claims one."""
        return Wallet(self.url)

    def stop(self) -> str:
        self.process.terminate()
        self.process.wait(timeout=10)
        return self.errors.read_text()


def banker(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "banker", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=60)


@pytest.fixture
def table(tmp_path: Path) -> Iterator[tuple[Game, Served]]:
    game = Game.create(tmp_path / "table.db", load_edition("classic-us"), ["Alice", "Bob", "Carol"])
    served = Served(game.store.path)
    yield game, served
    errors = served.stop()
    game.close()
    assert "Traceback" not in errors and "request failed" not in errors, errors


def synced(phone: Wallet, game: Game) -> None:
    """Wait until the server has read the game's latest action (its checks use that state)."""
    deadline = time.monotonic() + 5
    while phone.document()["head"]["events"] != game.head[0]:
        assert time.monotonic() < deadline
        time.sleep(0.05)


# -- identity: one name, one phone -----------------------------------------------------------------------


def test_two_phones_claim_409_403_free_and_reclaim(table: tuple[Game, Served]) -> None:
    game, served = table
    first, second = served.phone(), served.phone()
    status, body = first.claim("Alice")
    assert status == 200 and body["player"] == "Alice" and len(body["token"]) >= 24
    assert second.claim("Alice") == (409, {"error": "Alice is on another phone; the banker can free the name"})

    for ask in (second.propose, second.meaning):
        status, body = ask("Alice", "pay Bob 50")  # no token: not Alice's phone
        assert status == 403 and "pick your name first" in body["error"]
    second.tokens["Alice"] = "a-guessed-token"
    assert second.propose("Alice", "pay Bob 50")[0] == 403
    assert list_pending(game.store.path) == []

    assert first.propose("Alice", "pay Bob 50")[0] == 201
    listed = json.loads(banker("phones", str(game.store.path), "--json").stdout)
    assert [p["player"] for p in listed["phones"]] == ["Alice"] and listed["phones"][0]["since"]

    freed = banker("phones", str(game.store.path), "free", "alice")
    assert freed.returncode == 0 and "Alice is free" in freed.stdout
    status, body = first.meaning("Alice", "pay Bob 5")  # the old token stops working at once
    assert status == 403 and "no longer holds Alice" in body["error"]
    assert second.claim("Alice")[0] == 200
    assert second.propose("Alice", "pay Bob 5")[0] == 201
    assert first.claim("Alice")[0] == 409
    assert banker("phones", str(game.store.path), "free", "Bob").returncode == 1  # no phone holds Bob


def test_not_you_gives_the_name_up_and_a_new_join_code_frees_every_name(table: tuple[Game, Served]) -> None:
    game, served = table
    phone, other = served.phone(), served.phone()
    assert phone.claim("Alice")[0] == 200 and phone.claim("Bob")[0] == 200
    assert other.release("Alice")[0] == 403  # only the phone that holds a name can give it up
    assert phone.release("Alice")[0] == 200
    assert other.claim("Alice")[0] == 200
    assert {c.player for c in claims(game.store.path)} == {"Alice", "Bob"}
    code = new_join_code(game.store.path)
    assert claims(game.store.path) == []
    fresh = Wallet(f"http://{phone.host}:{phone.port}/?code={code}")
    deadline = time.monotonic() + 5
    while fresh.get("/api/wallet")[0] != 200:  # the server takes the new code up within its poll
        assert time.monotonic() < deadline
        time.sleep(0.05)
    assert phone.propose("Bob", "pay 5")[0] == 403  # the old code's phone is cut off
    assert fresh.claim("Bob")[0] == 200


def test_a_bankrupt_or_unknown_name_cannot_claim_or_propose(table: tuple[Game, Served]) -> None:
    game, served = table
    phone = served.phone()
    assert phone.claim("Carol")[0] == 200
    game.do("pay carol 1450")
    game.do("bankrupt carol 100")
    synced(phone, game)
    status, body = phone.propose("Carol", "pay 5")
    assert status == 422 and "Carol is bankrupt" in body["error"]
    assert served.phone().claim("Carol")[0] == 422
    status, body = served.phone().claim("Mallory")
    assert status == 422 and "not a player at this table" in body["error"]
    assert list_pending(game.store.path) == []


def test_the_queue_limit_counts_by_the_claimed_phone(table: tuple[Game, Served]) -> None:
    game, served = table
    bob, alice = served.phone(), served.phone()
    bob.claim("Bob")
    alice.claim("Alice")
    for amount in range(1, MAX_PENDING_EACH + 1):
        assert bob.propose("Bob", f"pay Alice {amount}")[0] == 201
    assert bob.propose("Bob", "pay Alice 9")[0] == 429
    assert bob.propose("Alice", "pay Bob 9")[0] == 403  # Bob's phone cannot spend Alice's slots
    assert alice.propose("Alice", "pay Bob 9")[0] == 201
    assert sorted(p.player for p in list_pending(game.store.path)) == ["Alice"] + ["Bob"] * MAX_PENDING_EACH


# -- what the banker reads is what runs ---------------------------------------------------------------------


def test_every_control_or_format_character_is_refused_and_never_stored(table: tuple[Game, Served]) -> None:
    game, served = table
    phone = served.phone()
    phone.claim("Bob")
    for bad in HIDDEN_CHARACTERS:
        for ask in (phone.meaning, phone.propose):
            status, body = ask("Bob", f"pay Alice 5{bad}")
            assert status == 422 and "invisible or control character" in body["error"], repr(bad)
    assert recent(game.store.path) == []
    assert phone.propose("Bob", "pay\tAlice 5")[0] == 201  # a tab is only a space


def test_banker_proposals_prints_no_control_character_even_from_an_older_file(table: tuple[Game, Served]) -> None:
    """A line stored before the check (an older Banker) is printed escaped: it cannot paint the terminal."""
    game, served = table
    phone = served.phone()
    phone.claim("Bob")
    assert phone.propose("Bob", "pay Alice 5")[0] == 201
    with sqlite3.connect(game.store.path) as connection:
        connection.execute("INSERT INTO wallet_proposal (time, player, line, status) VALUES "
                           "('2024-01-01T00:00:00+00:00', 'Bob\u202e', 'pay Bob 5 Alice\x1b[2J\x9b\u200b', 'pending')")
    path = str(game.store.path)
    outputs = [banker("proposals", path), banker("proposals", path, "--json")]
    number = str(max(p.id for p in list_pending(game.store.path)))
    outputs += [banker("proposals", path, "accept", number), banker("proposals", path, "refuse", number)]
    for run in outputs:
        text = run.stdout + run.stderr
        assert not [char for char in text if hidden(char) and char not in "\n"], (run.args, text)
    assert "\\x1b[2J" in outputs[0].stdout and "\\u202e" in outputs[0].stdout
    assert json.loads(outputs[1].stdout)["proposals"][1]["player"] == "Bob\u202e"  # the JSON still says what it is


def test_a_jail_card_in_a_trade_is_exactly_goojf(table: tuple[Game, Served]) -> None:
    game, served = table
    game.do("card bob chance goojf")
    phone = served.phone()
    phone.claim("Bob")
    synced(phone, game)
    for item in ("goojfEVIL", "goojf:chanceEVIL", "goojf:" + "x" * 150, "getoutofjailfree"):
        status, body = phone.meaning("Bob", f"trade Alice give {item} get $10")
        assert status == 422 and "write goojf, goojf:chance or goojf:chest" in body["error"], item
    assert phone.meaning("Bob", "trade Alice give goojf:chance get $10")[0] == 200


@pytest.mark.parametrize(("line", "says"), [
    ("bankrupt Alice Bob 2000", "that is Alice's to propose"),  # Alice's estate to Bob on a debt Bob invented
    ("card Alice chance chairman", "also moves money from Alice to Carol"),  # Alice pays Carol
    ("trade Alice Carol give baltic get $20", "not yours"),  # a leg between two other players
])
def test_a_phone_proposes_only_what_its_owner_pays_gives_draws_or_declares(table: tuple[Game, Served], line: str,
                                                                          says: str) -> None:
    game, served = table
    game.do("buy alice baltic")
    phone = served.phone()
    phone.claim("Bob")
    synced(phone, game)
    for ask in (phone.meaning, phone.propose):
        status, body = ask("Bob", line)
        assert status == 422 and says in body["error"], body
    assert list_pending(game.store.path) == []


def test_another_player_s_card_is_theirs_even_when_it_pays_the_owner(tmp_path: Path) -> None:
    """At a two-player table Alice's chairman card pays only Bob; it is still Alice's card to draw."""
    from banker.errors import Refusal
    from banker.wallet import phone_meaning

    game = Game.create(tmp_path / "two.db", load_edition("classic-us"), ["Alice", "Bob"])
    with pytest.raises(Refusal, match="that is Alice's to propose"):
        phone_meaning(game.state, "Bob", "card Alice chance chairman")
    assert phone_meaning(game.state, "Bob", "card chance chairman").line == "card Bob chance chairman"
    game.close()


def test_accept_runs_only_the_meaning_the_phone_was_shown(table: tuple[Game, Served]) -> None:
    """Bob's `sold` after Alice outbid him, Bob's rent after he traded the deed away, and a rent that doubled
    since (003:83, a whole group doubles the rent): each is failed with its reason, and nothing runs."""
    game, served = table
    phone = served.phone()
    phone.claim("Bob")
    game.do("auction mediterranean")
    game.do("bid bob 10")
    synced(phone, game)
    status, sold = phone.propose("Bob", "sold")
    assert status == 201 and sold["proposal"]["meaning"].endswith("to Bob for $10")
    game.do("bid alice 20")
    head = game.head
    decided = accept(game, sold["proposal"]["id"])
    assert decided.status == "failed" and "to Alice for $20\" moves Alice's money" in decided.outcome
    assert game.head == head

    game.do("sold")
    game.do("buy bob baltic")
    synced(phone, game)
    status, rent = phone.propose("Bob", "rent Carol baltic")
    assert status == 201
    game.do("trade bob alice give baltic get $10")
    head = game.head
    decided = accept(game, rent["proposal"]["id"])
    assert decided.status == "failed" and "not yours" in decided.outcome and game.head == head

    game.do("buy bob oriental")
    synced(phone, game)
    status, rent = phone.propose("Bob", "rent Carol oriental")
    assert status == 201 and rent["proposal"]["meaning"].startswith("Carol pays Bob $6 rent")
    game.do("buy bob vermont")
    game.do("buy bob connecticut")  # the whole group: the rent doubles
    head = game.head
    decided = accept(game, rent["proposal"]["id"])
    assert decided.status == "failed" and decided.outcome.startswith("the table changed since the phone sent it")
    assert "Carol pays Bob $12 rent" in decided.outcome and game.head == head


def test_a_city_spin_from_a_phone_is_drawn_once(tmp_path: Path) -> None:
    game = Game.create(tmp_path / "city.db", load_edition("city"), ["Alice", "Bob"])
    served = Served(game.store.path)
    try:
        phone = served.phone()
        phone.claim("Bob")
        status, body = phone.propose("Bob", "spin")
        assert status == 201
        line, meaning = body["proposal"]["line"], body["proposal"]["meaning"]
        result = line.split()[2]
        assert line == f"spin Bob {result}" and result in ("1", "2", "3", "railroad")
        listed = banker("proposals", str(game.store.path), "--json")
        assert json.loads(listed.stdout)["proposals"][0]["meaning"] == meaning  # the banker's list agrees
        decided = accept(game, body["proposal"]["id"])
        assert decided.status == "accepted" and decided.outcome.startswith(meaning)
        assert game.records[-1].event.result == result  # and so does the ledger
    finally:
        assert "Traceback" not in served.stop()
        game.close()


KILLER = """
import os, signal, sys
from banker.game import Game
from banker.ledger import LedgerStore
from banker.wallet import accept
when = sys.argv[2]
append = LedgerStore.append
def dying(self, *args, **kwargs):
    if when == "before":
        os.kill(os.getpid(), signal.SIGKILL)
    records = append(self, *args, **kwargs)
    os.kill(os.getpid(), signal.SIGKILL)  # after the ledger's commit, before accept writes the outcome
LedgerStore.append = dying
accept(Game.open(sys.argv[1]), int(sys.argv[3]))
"""


@pytest.mark.parametrize("when", ["before", "after"])
def test_a_sigkilled_accept_never_strands_a_proposal(table: tuple[Game, Served], when: str) -> None:
    game, served = table
    phone = served.phone()
    phone.claim("Bob")
    proposal = phone.propose("Bob", "pay Alice 50")[1]["proposal"]
    killed = subprocess.run([sys.executable, "-c", KILLER, str(game.store.path), when, str(proposal["id"])],
                            cwd=ROOT, capture_output=True, text=True, timeout=60,
                            env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert killed.returncode == -signal.SIGKILL, killed.stderr
    after = Game.open(game.store.path)
    try:
        row = next(p for p in recent(game.store.path) if p.id == proposal["id"])
        if when == "before":  # nothing reached the ledger: it is listed again and can be accepted
            assert row.status == "pending" and after.head == game.head
            assert [p.id for p in list_pending(game.store.path)] == [proposal["id"]]
            assert accept(after, proposal["id"]).status == "accepted"
            assert after.state.cash("Alice") == 1550
        else:  # the action and its proposal's decision were one transaction
            assert row.status == "accepted" and row.action == after.timeline.latest()  # type: ignore[union-attr]
            assert after.state.cash("Alice") == 1550 and list_pending(game.store.path) == []
    finally:
        after.close()


def test_every_malformed_body_gets_a_json_4xx(table: tuple[Game, Served]) -> None:
    game, served = table
    phone = served.phone()
    phone.claim("Bob")
    token = phone.tokens["Bob"]
    json_type = {"Content-Type": "application/json"}
    cases: list[tuple[str, bytes, dict[str, str], set[int]]] = [
        ("/api/propose", b"[" * 2000 + b"]" * 2000, json_type, {400}),  # nested far past Python's recursion
        ("/api/propose", b'{"player": "\\ud800", "line": "pay 5"}', json_type, {422}),
        ("/api/propose", json.dumps({"player": "Bob", "line": "pay \ud800", "token": token}).encode(), json_type,
         {422}),
        ("/api/claim", b'{"player": "\\udfff"}', json_type, {422}),
        ("/api/propose", b"not json", json_type, {400}),
        ("/api/propose", b"\xff\xfe\xfa", json_type, {400}),
        ("/api/propose", b'["player", "line"]', json_type, {400}),
        ("/api/propose", b'{"player": 7, "line": "pay 5"}', json_type, {400}),
        ("/api/propose", b'{"player": "Bob"}', json_type, {400}),
        ("/api/propose", b"x" * 5000, json_type, {413}),
        ("/api/propose", b'{"player": "Bob", "line": "pay 5"}', {"Content-Type": "text/plain"}, {415}),
        ("/api/propose", b"player=Bob&line=pay+5", {"Content-Type": "application/x-www-form-urlencoded"}, {415}),
        ("/api/propose", json.dumps({"player": "Bob", "line": "pay 5", "token": token}).encode(),
         {**json_type, "Origin": "http://evil.example"}, {403}),
    ]
    for route, body, headers, statuses in cases:
        status, answer = phone.post_raw(route, body, headers)
        assert status in statuses and set(answer) == {"error"}, (body[:40], headers, status, answer)
    for ask in (phone.meaning, phone.propose):  # over the length limit: the same answer for both, never 429
        status, answer = ask("Bob", "pay Alice 5 " + "x" * MAX_LINE)
        assert status == 422 and answer == {"error": f"a proposal is at most {MAX_LINE} characters"}
    same_site = {**json_type, "Origin": f"http://{phone.host}:{phone.port}"}
    line = json.dumps({"player": "Bob", "line": "pay Alice 5", "token": token}).encode()
    assert phone.post_raw("/api/meaning", line, same_site)[0] == 200
    assert recent(game.store.path) == []


def test_a_name_that_looks_like_an_amount_can_be_paid_from_a_phone(tmp_path: Path) -> None:
    game = Game.create(tmp_path / "names.db", load_edition("classic-us"), ["Ben", "007", "M2"])
    served = Served(game.store.path)
    try:
        phone = served.phone()
        phone.claim("Ben")
        for typed, means in (("pay 007 50", "Ben pays 007 $50 (pay)"), ("pay 50 007", "Ben pays 007 $50 (pay)"),
                             ("pay M2 50", "Ben pays M2 $50 (pay)"), ("collect 007 20", "007 pays Ben $20 (collect)")):
            status, body = phone.meaning("Ben", typed)
            assert (status, body.get("meaning")) == (200, means), (typed, body)
        assert phone.propose("Ben", "pay 007 50")[0] == 201
        assert accept(game, list_pending(game.store.path)[0].id).status == "accepted"
        assert game.state.cash("007") == 1550
    finally:
        assert "Traceback" not in served.stop()
        game.close()
