"""`banker serve`: the phones' wallets over plain HTTP on the local network.

Why the standard library and not textual-serve: textual-serve starts one Python process per
browser and speaks Textual's terminal protocol over a websocket, so eight phones would be eight
processes each folding the game on a two-core laptop, a wallet could not remember its player per
browser nor answer a wrong join code with a 403 page, and a test could not read what a wallet
shows from its live channel. Here one process serves one HTML page (page.py) and JSON, and ONE
watcher thread reads the game for every phone: it polls SQLite's `PRAGMA data_version` on a kept
connection five times a second (nothing is read while nothing changes), takes in only the new
records, builds one document and wakes every Server-Sent-Events client with the same bytes.

Phones are read-only: the only writes are a claim on a name (claims.py) and a proposal (proposals.py),
which the banker decides. What a phone may POST, and how each request is checked, is phone_api.py.
No request, however malformed, prints a traceback on the banker's terminal.
"""

from __future__ import annotations

import errno
import hmac
import json
import os
import signal
import socket
import sqlite3
import sys
import threading
from collections.abc import Callable
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

from ..game import Game
from ..state import GameState
from .claims import Phone, claimed_rows, held_rows
from .lines import PlayerLines
from .page import FORBIDDEN_PAGE, wallet_page
from .phone_api import FIELDS, Answer, PhoneApi, read_body, request_refusal
from .proposals import recent_rows
from .storage import join_code, read_join_code
from .views import wallet_document

POLL_SECONDS = 0.2  # how often the watcher asks SQLite whether anything was committed
KEEPALIVE_SECONDS = 15  # a comment line on an idle live channel, so phones and routers keep it open
MAX_LIVE = 64  # live channels at once (each holds a thread); a table has at most 8 phones, plus reloads
WILDCARDS = {"", "0.0.0.0", "::"}


class ServeError(Exception):
    """The server cannot start (the port is taken, the address is not this machine's)."""


def lan_address() -> str:
    """This machine's address on the local network, as phones on the same Wi-Fi reach it.

    Connecting a UDP socket sends nothing; it only asks the OS which interface would be used.
    """
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed, never contacted
            return str(probe.getsockname()[0])
        except OSError:
            return "127.0.0.1"


def wallet_url(host: str, port: int, code: str) -> str:
    shown = lan_address() if host in WILDCARDS else host
    if ":" in shown:
        shown = f"[{shown}]"
    return f"http://{shown}:{port}/?code={code}"


class Hub:
    """The latest wallet document, and the live channels waiting for the next one."""

    def __init__(self) -> None:
        self._changed = threading.Condition()
        self.version = 0
        self.body = b"{}"
        self.code = ""
        self.state: GameState | None = None  # a state handed out by the game is never changed afterwards
        self.closed = False
        self.live = 0

    def publish(self, body: bytes, code: str, state: GameState) -> None:
        with self._changed:
            self.body, self.code, self.state = body, code, state
            self.version += 1
            self._changed.notify_all()

    def close(self) -> None:
        with self._changed:
            self.closed = True
            self._changed.notify_all()

    def wait(self, seen: int, timeout: float) -> tuple[int, bytes, str, bool]:
        """Block until a document newer than `seen` (or the timeout, or closing)."""
        with self._changed:
            self._changed.wait_for(lambda: self.version != seen or self.closed, timeout)
            return self.version, self.body, self.code, self.closed

    def enter(self) -> bool:
        """Count a live channel in; False when there are already MAX_LIVE."""
        with self._changed:
            if self.live >= MAX_LIVE:
                return False
            self.live += 1
            return True

    def leave(self) -> None:
        with self._changed:
            self.live -= 1

    def code_ok(self, code: str) -> bool:
        current = self.code
        return bool(current) and hmac.compare_digest(code.encode(), current.encode())


class Watcher:
    """The one reader of the game for every phone."""

    def __init__(self, path: Path, hub: Hub, log: Callable[[str], None]) -> None:
        self.path, self.hub, self.log = path, hub, log
        self.game = Game.open(path)
        self.connection = sqlite3.connect(path, timeout=10, isolation_level=None, check_same_thread=False)
        self.lines = PlayerLines(lambda action: self._timeline_events(action), self.game.money)
        self.seen_version: int | None = None
        self.code = ""
        self.on_new_code: Callable[[str], None] = lambda code: None
        self.stopping = threading.Event()
        self.thread = threading.Thread(target=self._run, name="wallet-watcher", daemon=True)
        self._last_error = ""

    def _timeline_events(self, action: int) -> Any:
        assert self.game.timeline is not None
        return self.game.timeline.events_of(action)

    def refresh(self) -> bool:
        """Rebuild and publish the document if anything was committed since the last look."""
        version = int(self.connection.execute("PRAGMA data_version").fetchone()[0])
        if version == self.seen_version:
            return False
        game = self.game
        game.reload()
        records, state = game.records, game.state
        if self.lines.seen:
            self.lines.feed(records[self.lines.seen:])  # records[i] is seq i + 1: only the new ones
        else:
            self.lines.start(records, state.accounts, state.players)
        code = read_join_code(self.connection)
        proposals = recent_rows(self.connection)
        assert game.timeline is not None
        document = wallet_document(state, game.head, records[0].hash[:16], self.lines.of,
                                   game.timeline.undone(), proposals, [c.player for c in claimed_rows(self.connection)],
                                   [k.player for k in held_rows(self.connection)])
        body = json.dumps(document, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
        if self.code and code != self.code:
            self.on_new_code(code)
        self.code = code
        self.hub.publish(body, code, state)
        self.seen_version = version  # only now: a failed look is tried again at the next poll
        return True

    def _run(self) -> None:
        while not self.stopping.wait(POLL_SECONDS):
            try:
                self.refresh()
                self._last_error = ""
            except Exception as error:  # noqa: BLE001 - phones keep the last good document; say it once
                if str(error) != self._last_error:
                    self._last_error = str(error)
                    self.log(f"banker serve: the wallets cannot be updated: {type(error).__name__}: {error}")

    def start(self) -> None:
        self.thread.start()

    def close(self) -> None:
        self.stopping.set()
        if self.thread.is_alive() and threading.current_thread() is not self.thread:
            self.thread.join(timeout=2)
        self.connection.close()
        self.game.close()


class WalletServer(ThreadingHTTPServer):
    daemon_threads = True  # a phone's open live channel never keeps the server from stopping
    allow_reuse_address = True

    def __init__(self, address: tuple[str, int], path: Path, hub: Hub) -> None:
        family = socket.AF_INET6 if ":" in address[0] else socket.AF_INET
        self.address_family = family
        super().__init__(address, WalletHandler)
        self.path, self.hub = path, hub
        self.page = wallet_page().encode("utf-8")
        self.api = PhoneApi(path, lambda: hub.state)
        self.said: set[str] = set()

    def handle_error(self, request: Any, client_address: Any) -> None:
        """A request that failed (a phone hanging up mid-answer, mostly): one line once, never a traceback."""
        error = sys.exc_info()[1]
        if error is None or isinstance(error, OSError):
            return
        self.say_once(f"banker serve: a phone's request failed: {type(error).__name__}: {error}")

    def say_once(self, text: str) -> None:
        if text not in self.said:
            self.said.add(text)
            print(text, file=sys.stderr, flush=True)


class WalletHandler(BaseHTTPRequestHandler):
    server: WalletServer
    server_version = "BankerWallet/1"
    sys_version = ""
    timeout = 30  # a phone that stops reading frees its thread after this many seconds

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - the base class's name
        """Quiet: a table does not need a line per request in the banker's terminal."""

    # -- plumbing -------------------------------------------------------------------------

    def _send(self, status: int, body: bytes, kind: str) -> None:
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Referrer-Policy", "no-referrer")
        if kind.startswith("text/html"):
            self.send_header("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; "
                             "script-src 'unsafe-inline'; connect-src 'self'; base-uri 'none'; form-action 'none'")
        self.end_headers()
        self.wfile.write(body)

    def _json(self, status: int, body: dict[str, Any]) -> None:
        """ASCII JSON: a name or line echoed back cannot break the encoding (a lone surrogate stays \\ud800)."""
        self._send(status, json.dumps(body).encode("ascii"), "application/json; charset=utf-8")

    def _allowed(self, query: dict[str, list[str]]) -> bool:
        if self.server.hub.code_ok(query.get("code", [""])[0]):
            return True
        self._send(HTTPStatus.FORBIDDEN, FORBIDDEN_PAGE.encode("utf-8"), "text/html; charset=utf-8")
        return False

    # -- routes ---------------------------------------------------------------------------

    def do_GET(self) -> None:  # noqa: N802 - the base class's name
        url = urlsplit(self.path)
        if url.path == "/favicon.ico":
            self._send(HTTPStatus.NOT_FOUND, b"", "text/plain")
            return
        query = parse_qs(url.query)
        if not self._allowed(query):
            return
        if url.path in ("/", "/index.html"):
            self._send(HTTPStatus.OK, self.server.page, "text/html; charset=utf-8")
        elif url.path == "/api/wallet":
            self._send(HTTPStatus.OK, self.server.hub.body, "application/json; charset=utf-8")
        elif url.path == "/events":
            self._live(query["code"][0])
        else:
            self._json(HTTPStatus.NOT_FOUND, {"error": "no such page"})

    def do_POST(self) -> None:  # noqa: N802 - the base class's name
        url = urlsplit(self.path)
        if not self._allowed(parse_qs(url.query)):
            return
        try:
            status, body = self._answer(url.path)
        except Exception as error:  # noqa: BLE001 - a phone gets an answer, the banker's terminal no traceback
            self.server.say_once(f"banker serve: a phone's request failed: {type(error).__name__}: {error}")
            status, body = HTTPStatus.INTERNAL_SERVER_ERROR, {"error": "the banker's server could not read that; "
                                                              "nothing was stored"}
        self._json(status, body)

    def _answer(self, route: str) -> Answer:
        if route not in FIELDS:
            return Answer(HTTPStatus.NOT_FOUND, {"error": "no such page"})
        refused = request_refusal(self.headers, self.headers.get_content_type())
        if refused:
            return refused
        data = read_body(self.headers, self.rfile, route)
        address = str(self.client_address[0])
        phone = Phone(address, own=address == self.connection.getsockname()[0])
        return data if isinstance(data, Answer) else self.server.api.answer(route, data, phone)

    def _not_allowed(self) -> None:
        self._json(HTTPStatus.METHOD_NOT_ALLOWED, {"error": "a wallet takes GET and POST only"})

    do_PUT = do_DELETE = do_PATCH = _not_allowed  # noqa: N815 - the base class's naming

    def _live(self, code: str) -> None:
        """Server-Sent Events: the document now, then again after every change, until the code changes."""
        hub = self.server.hub
        if not hub.enter():
            self._json(HTTPStatus.SERVICE_UNAVAILABLE, {"error": "too many wallets open; close one and retry"})
            return
        try:
            self.send_response(HTTPStatus.OK)
            self.send_header("Content-Type", "text/event-stream; charset=utf-8")
            self.send_header("Cache-Control", "no-store")
            self.send_header("X-Accel-Buffering", "no")
            self.end_headers()
            self.wfile.write(b"retry: 1000\n\n")
            seen = 0
            while True:
                version, body, current, closed = hub.wait(seen, KEEPALIVE_SECONDS)
                if closed:  # the server stops: the page keeps retrying and comes back with it
                    return
                if not hmac.compare_digest(code.encode(), current.encode()):
                    self.wfile.write(b"event: bye\ndata: {}\n\n")  # a new code: this phone must scan again
                    return
                if version == seen:
                    self.wfile.write(b": still here\n\n")
                    continue
                seen = version
                self.wfile.write(b"id: %d\nevent: wallet\ndata: %s\n\n" % (version, body))
        except OSError:  # the phone went away (closed tab, sleep, Wi-Fi): nothing to clean up
            return
        finally:
            hub.leave()


class WalletService:
    """A running wallet server: the watcher, the HTTP server and the URL to print."""

    def __init__(self, path: Path | str, host: str = "0.0.0.0", port: int = 8000,
                 log: Callable[[str], None] | None = None) -> None:
        self.path = Path(path)
        self.log = log or (lambda text: print(text, file=sys.stderr, flush=True))
        self.host = host
        code = join_code(self.path)  # before listening: a wrong-file error comes first, and the code exists
        self.hub = Hub()
        self.watcher = Watcher(self.path, self.hub, self.log)
        try:
            self.http = WalletServer((host, port), self.path, self.hub)
        except OSError as error:
            self.watcher.close()
            if error.errno == errno.EADDRINUSE:
                raise ServeError(f"port {port} is already in use (another `banker serve`?); "
                                 f"pick another with --port {port + 1}") from None
            raise ServeError(f"cannot listen on {host}:{port} ({error.strerror})") from None
        self.port = int(self.http.server_address[1])
        self.watcher.refresh()  # the first document is ready before the first phone asks
        self.url = wallet_url(host, self.port, code)
        self._thread: threading.Thread | None = None

    def url_for(self, code: str) -> str:
        return wallet_url(self.host, self.port, code)

    def start(self) -> WalletService:
        """Serve from background threads (tests, benchmarks); `close` stops it."""
        self.watcher.start()
        self._thread = threading.Thread(target=self.http.serve_forever, kwargs={"poll_interval": 0.2},
                                        name="wallet-http", daemon=True)
        self._thread.start()
        return self

    def serve_forever(self) -> None:
        self.watcher.start()
        self.http.serve_forever(poll_interval=0.2)

    def close(self) -> None:
        """Stop a server started with `start` (live channels get `bye`, the port is freed)."""
        self.hub.close()
        if self._thread is not None:
            self.http.shutdown()
            self._thread.join(timeout=2)
        self.http.server_close()
        self.watcher.close()


def serve(path: Path | str, host: str = "0.0.0.0", port: int = 8000, parent_pid: int = 0,
          out: Callable[[str], None] | None = None) -> int:
    """Run until Ctrl+C (or SIGTERM, or the parent app exits); prints `wallet: URL` first."""
    say = out or (lambda text: print(text, flush=True))
    try:
        service = WalletService(path, host, port)
    except ServeError as error:
        print(f"banker: {error}", file=sys.stderr)
        return 2
    say(f"wallet: {service.url}")
    service.watcher.on_new_code = lambda code: say(f"wallet: {service.url_for(code)}")
    if host in WILDCARDS and service.url.startswith("http://127."):
        say("note: no network found; phones can join once this computer is on the same Wi-Fi as them")
    elif host not in WILDCARDS and host.startswith(("127.", "localhost", "::1")):
        say("note: only this computer can open it; use --host 0.0.0.0 for phones")

    def stop(*_: object) -> None:
        threading.Thread(target=service.http.shutdown, daemon=True).start()

    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGTERM, stop)
    if parent_pid:
        threading.Thread(target=_watch_parent, args=(parent_pid, stop), name="wallet-parent", daemon=True).start()
    try:
        service.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        service.hub.close()
        service.http.server_close()
        service.watcher.close()
    return 0


def _watch_parent(parent_pid: int, stop: Callable[[], None]) -> None:
    """Started by the app: when the app is gone (even killed), the wallets go too."""
    while os.getppid() == parent_pid:
        threading.Event().wait(1.0)
    stop()
