"""`banker serve` end to end: the real server in its own process on 127.0.0.1 and a free port,
read through HTTP and its live channel exactly as a phone reads it.
"""

from __future__ import annotations

import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from banker.game import Game
from banker.wallet import accept, list_pending, new_join_code, refuse
from banker.wallet.client import Wallet
from banker.wallet.process import ServeProcess
from banker.wallet.server import WalletService
from editions import load_edition

ROOT = Path(__file__).resolve().parent.parent
LIVE_SECONDS = 1.0  # the promise: a wallet changes within a second of any action


def player(document: dict, name: str) -> dict:
    return next(p for p in document["players"] if p["name"] == name)


@pytest.fixture
def game(tmp_path: Path) -> Iterator[Game]:
    game = Game.create(tmp_path / "table.db", load_edition("classic-us"), ["Alice", "Bob", "Carol"])
    yield game
    game.close()


@pytest.fixture
def served(game: Game) -> Iterator[Wallet]:
    """`python -m banker serve GAME --host 127.0.0.1 --port 0`, as the app starts it."""
    server = ServeProcess(game.store.path, host="127.0.0.1", port=0)
    url = server.start()
    assert url.startswith("http://127.0.0.1:") and "/?code=" in url
    yield Wallet(url)
    server.stop()


def test_a_missing_or_wrong_code_gets_403_and_says_scan_again(served: Wallet) -> None:
    for code in ("", "wrongcode", served.code.upper(), served.code + "x"):
        for route in ("/", "/api/wallet", "/events"):
            status, body, kind = served.get(route, code=code)
            assert status == 403, (route, code)
            assert kind.startswith("text/html")
            assert b"Scan the banker&#x27;s QR code again" in body or b"QR code again" in body
    status, _ = Wallet(f"http://{served.host}:{served.port}/?code=nope").propose("Alice", "pay bob 5")
    assert status == 403


def test_with_the_code_the_page_and_the_document(served: Wallet, game: Game) -> None:
    status, page, kind = served.get("/")
    assert status == 200 and kind.startswith("text/html")
    assert b'name="viewport" content="width=device-width, initial-scale=1"' in page
    document = served.document()
    assert document["head"] == {"events": game.head[0], "hash": game.head[1]}
    assert [p["name"] for p in document["players"]] == ["Alice", "Bob", "Carol"]
    assert player(document, "Alice")["cash_text"] == "$1,500"


def test_an_action_at_the_bank_reaches_the_wallet_live(served: Wallet, game: Game) -> None:
    live = served.live()
    first = live.until(lambda d: True)
    assert player(first, "Alice")["cash"] == 1500
    game.do("buy alice boardwalk")
    started = time.monotonic()
    document = live.until(lambda d: d["head"]["events"] == game.head[0], timeout=LIVE_SECONDS)
    took = time.monotonic() - started
    alice = player(document, "Alice")
    assert alice["cash_text"] == "$1,100"
    assert alice["groups"][0]["deeds"][0] == {"name": "Boardwalk", "build": "", "mortgaged": False,
                                               "rent": "landing: $50"}
    assert alice["lines"][-1]["text"] == "Alice buys Boardwalk for $400"
    assert alice["lines"][-1]["change"] == "−$400" and alice["lines"][-1]["balance"] == "$1,100"
    assert document["head"]["hash"] == game.head[1]
    assert took < LIVE_SECONDS

    game.do("buy alice park")  # the whole group: rent doubles on both
    document = live.until(lambda d: d["head"]["events"] == game.head[0], timeout=LIVE_SECONDS)
    deeds = {d["name"]: d["rent"] for g in player(document, "Alice")["groups"] for d in g["deeds"]}
    assert deeds == {"Park Place": "landing: $70", "Boardwalk": "landing: $100"}

    game.do("undo")  # the line stays, struck through; the cash comes back
    document = live.until(lambda d: d["head"]["events"] == game.head[0], timeout=LIVE_SECONDS)
    alice = player(document, "Alice")
    assert alice["cash_text"] == "$1,100"
    assert [(line["undone"], line["marker"]) for line in alice["lines"][-2:]] == [(True, False), (False, True)]
    live.close()


def test_two_wallets_at_once(served: Wallet, game: Game) -> None:
    alice_phone, bob_phone = served.live(), served.live()
    alice_phone.until(lambda d: True)
    bob_phone.until(lambda d: True)
    game.do("pay alice 200 bob")
    for phone in (alice_phone, bob_phone):
        document = phone.until(lambda d: d["head"]["events"] == game.head[0], timeout=LIVE_SECONDS)
        assert player(document, "Alice")["cash_text"] == "$1,300"
        assert player(document, "Bob")["cash_text"] == "$1,700"
        assert player(document, "Bob")["lines"][-1]["change"] == "+$200"
    alice_phone.close()
    bob_phone.close()


def test_a_proposal_accepted_and_one_refused(served: Wallet, game: Game) -> None:
    phone = served.live()
    phone.until(lambda d: True)
    served.claim("Bob")
    served.claim("Carol")
    status, body = served.propose("Bob", "pay alice 50 bob")
    assert status == 201 and body["proposal"]["status"] == "pending"
    paid = body["proposal"]["id"]
    status, body = served.propose("Carol", "buy carol boardwalk")
    assert status == 201
    bought = body["proposal"]["id"]
    phone.until(lambda d: len(d["proposals"]) == 2, timeout=LIVE_SECONDS)
    assert game.state.cash("Bob") == 1500  # nothing moved without the banker
    assert [p.id for p in list_pending(game.store.path)] == [paid, bought]

    decided = accept(game, paid)
    assert decided.status == "accepted" and decided.action == game.timeline.latest()  # type: ignore[union-attr]
    refuse(game.store.path, bought)

    document = phone.until(lambda d: all(p["status"] != "pending" for p in d["proposals"]), timeout=LIVE_SECONDS)
    outcomes = {p["id"]: (p["status"], p["outcome"]) for p in document["proposals"]}
    assert outcomes[paid] == ("accepted", "Alice pays Bob $50 (pay)")
    assert outcomes[bought][0] == "refused"
    assert player(document, "Bob")["cash_text"] == "$1,550"
    assert player(document, "Carol")["groups"] == []
    assert list_pending(game.store.path) == []
    phone.close()


def test_a_proposal_the_rules_refuse_now_is_not_queued(served: Wallet, game: Game) -> None:
    served.claim("Alice")
    for who, line, says in (("Alice", "pay alice 5000", "Alice has $1,500 but"), ("Alice", "fly to the moon", "fly"),
                            ("Nobody", "pay alice 5", "pick your name"), ("Alice", " ", "write an action")):
        status, body = served.propose(who, line)
        assert status == 422, line
        assert says in body["error"], body
    assert list_pending(game.store.path) == []


def test_accepted_but_refused_by_the_rules_reaches_the_phone(served: Wallet, game: Game) -> None:
    phone = served.live()
    served.claim("Alice")
    status, body = served.propose("Alice", "buy alice boardwalk")
    assert status == 201
    game.do("buy bob boardwalk")  # the table moved on before the banker looked
    decided = accept(game, body["proposal"]["id"])
    assert decided.status == "failed" and "Bob" in decided.outcome
    document = phone.until(lambda d: d["proposals"] and d["proposals"][-1]["status"] == "failed")
    assert document["proposals"][-1]["outcome"] == decided.outcome
    phone.close()


def test_a_new_join_code_cuts_off_the_old_links(served: Wallet, game: Game) -> None:
    phone = served.live()
    phone.until(lambda d: True)
    code = new_join_code(game.store.path)
    name, _ = phone.next(timeout=LIVE_SECONDS + 1)
    while name == "wallet":  # a document may already be on its way
        name, _ = phone.next(timeout=LIVE_SECONDS + 1)
    assert name in ("bye", "closed")
    assert served.get("/api/wallet")[0] == 403
    fresh = Wallet(f"http://{served.host}:{served.port}/?code={code}")
    assert fresh.document()["head"]["events"] == game.head[0]


@pytest.mark.parametrize(("edition", "line", "holding"), [
    ("mega", "ticket alice", "bus ticket"),
    ("sore-losers", "coin alice", "coin"),
])
def test_an_editions_holdings_show_through_the_general_model(tmp_path: Path, edition: str, line: str,
                                                             holding: str) -> None:
    """A Mega wallet shows bus tickets and a Sore Losers one coins, with no per-edition code."""
    path = tmp_path / f"{edition}.db"
    made = subprocess.run([sys.executable, "-m", "banker", "new", str(path), "--edition", edition,
                           "--players", "Alice,Bob"], cwd=ROOT, capture_output=True, text=True)
    assert made.returncode == 0, made.stderr
    server = ServeProcess(path, host="127.0.0.1", port=0)
    wallet = Wallet(server.start())
    try:
        phone = wallet.live()
        phone.until(lambda d: True)
        game = Game.open(path)
        try:
            game.do(line)
            document = phone.until(lambda d: d["head"]["events"] == game.head[0], timeout=LIVE_SECONDS)
            state = game.state
        finally:
            game.close()
        holdings = player(document, "Alice")["holdings"]
        expected = [kind.count(state.count(kind.key, "Alice")) for kind in state.edition.holdings.values()]
        assert expected and all(text in holdings for text in expected), holdings
        assert any(holding in text for text in holdings)
        phone.close()
    finally:
        server.stop()


def test_serve_prints_the_url_and_refuses_a_busy_port(game: Game) -> None:
    first = ServeProcess(game.store.path, host="127.0.0.1", port=0)
    url = first.start()
    port = Wallet(url).port
    try:
        busy = subprocess.run([sys.executable, "-m", "banker", "serve", str(game.store.path), "--host", "127.0.0.1",
                               "--port", str(port)], cwd=ROOT, capture_output=True, text=True, timeout=30)
        assert busy.returncode == 2
        assert f"port {port} is already in use" in busy.stderr
    finally:
        first.stop()
    not_a_game = game.store.path.parent / "notes.txt"
    not_a_game.write_text("hello")
    refused = subprocess.run([sys.executable, "-m", "banker", "serve", str(not_a_game), "--port", "0"],
                             cwd=ROOT, capture_output=True, text=True, timeout=30)
    assert refused.returncode == 2 and "not a Banker game" in refused.stderr


def test_stopping_the_server_does_not_tell_phones_to_scan_again(game: Game) -> None:
    """Only a new code sends `bye`; a stopped server just hangs up, and the page retries until it is back."""
    service = WalletService(game.store.path, host="127.0.0.1", port=0).start()  # in a thread, this time
    wallet = Wallet(service.url)
    phone = wallet.live()
    phone.until(lambda d: True)
    game.do("go alice")
    phone.until(lambda d: d["head"]["events"] == game.head[0], timeout=LIVE_SECONDS)
    service.close()
    assert phone.next(timeout=3)[0] == "closed"
    phone.close()
