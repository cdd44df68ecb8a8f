"""`banker serve`: the phones' wallets over HTTP on the local network.

Why not textual-serve: it starts one Python process per browser and speaks Textual's terminal protocol
over a websocket, so eight phones would be eight processes each folding the game on a two-core laptop,
a wallet could not remember its player per browser nor answer a wrong join code with a 403 page, and a
test could not read what a wallet shows from its live channel. Here one process serves one HTML page
(page.py) and JSON, on Starlette and uvicorn (asgi.py: the routes, the live channel through
sse-starlette, and the guards a server on a shared Wi-Fi needs), and ONE watcher thread reads the game
for every phone: it polls SQLite's `PRAGMA data_version` on a kept connection five times a second
(nothing is read while nothing changes), takes in only the new records, builds one document and wakes
every live channel with the same bytes (hub.py).

Phones are read-only: the only writes are a claim on a name (claims.py) and a proposal (proposals.py),
which the banker decides. What a phone may POST, and how each request is checked, is phone_api.py.
No request, however malformed, prints a traceback on the banker's terminal.
"""

from __future__ import annotations

import asyncio
import errno
import json
import logging
import os
import resource
import signal
import socket
import sqlite3
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import uvicorn

from ..game import Game
from .asgi import KEEP_ALIVE_SECONDS, MAX_CONNECTIONS, MAX_HEADER_BYTES, GuardedH11, wallet_app
from .claims import claimed_rows, held_rows
from .hub import Hub
from .lines import PlayerLines
from .proposals import recent_rows
from .storage import join_code, read_join_code
from .views import wallet_document

POLL_SECONDS = 0.2  # how often the watcher asks SQLite whether anything was committed
WILDCARDS = {"", "0.0.0.0", "::"}
STOP_SECONDS = 1  # live channels still open when the server stops are closed after this


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


class OneLine(logging.Handler):
    """uvicorn's own errors on the banker's terminal: one line each, once, never a traceback."""

    def __init__(self, say_once: Callable[[str], None]) -> None:
        super().__init__(logging.ERROR)
        self.say_once = say_once

    def emit(self, record: logging.LogRecord) -> None:
        error = record.exc_info[1] if record.exc_info else None
        why = f": {type(error).__name__}: {error}" if error else ""
        self.say_once(f"banker serve: {record.getMessage()}{why}")


def _listen(host: str, port: int) -> socket.socket:
    """The listening socket, made here so a busy port is a clear ServeError before anything starts."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(128)
    except OSError:
        sock.close()
        raise
    sock.set_inheritable(True)
    return sock


def _more_files() -> None:
    """Raise this process's open-file limit to what the system allows: connections are files."""
    try:
        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        if soft != resource.RLIM_INFINITY and (hard == resource.RLIM_INFINITY or soft < hard):
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard if hard != resource.RLIM_INFINITY else 4096, hard))
    except (ValueError, OSError):
        pass


class WalletService:
    """A running wallet server: the watcher, the HTTP server and the URL to print."""

    def __init__(self, path: Path | str, host: str = "0.0.0.0", port: int = 8000,
                 log: Callable[[str], None] | None = None) -> None:
        self.path = Path(path)
        self.log = log or (lambda text: print(text, file=sys.stderr, flush=True))
        self.host = host
        self.said: set[str] = set()
        code = join_code(self.path)  # before listening: a wrong-file error comes first, and the code exists
        self.hub = Hub()
        self.watcher = Watcher(self.path, self.hub, self.log)
        try:
            self.socket = _listen(host, port)
        except OSError as error:
            self.watcher.close()
            if error.errno == errno.EADDRINUSE:
                raise ServeError(f"port {port} is already in use (another `banker serve`?); "
                                 f"pick another with --port {port + 1}") from None
            raise ServeError(f"cannot listen on {host}:{port} ({error.strerror})") from None
        self.port = int(self.socket.getsockname()[1])
        served_on = "" if host in WILDCARDS else host
        self.server = uvicorn.Server(uvicorn.Config(
            wallet_app(self.path, self.hub, served_on, self.say_once), http=GuardedH11, ws="none", lifespan="on",
            log_config=None, access_log=False, server_header=False, limit_concurrency=MAX_CONNECTIONS,
            timeout_keep_alive=KEEP_ALIVE_SECONDS, timeout_graceful_shutdown=STOP_SECONDS,
            h11_max_incomplete_event_size=MAX_HEADER_BYTES))
        for name in ("uvicorn", "uvicorn.error", "uvicorn.asgi", "sse_starlette", "asyncio"):
            logger = logging.getLogger(name)
            logger.handlers, logger.propagate = [OneLine(self.say_once)], False
        self.watcher.refresh()  # the first document is ready before the first phone asks
        self.url = wallet_url(host, self.port, code)
        self._thread: threading.Thread | None = None

    def say_once(self, text: str) -> None:
        if text not in self.said:
            self.said.add(text)
            self.log(text)

    def url_for(self, code: str) -> str:
        return wallet_url(self.host, self.port, code)

    def start(self) -> WalletService:
        """Serve from background threads (tests, benchmarks); `close` stops it."""
        self.watcher.start()
        self._thread = threading.Thread(target=self._run, name="wallet-http", daemon=True)
        self._thread.start()
        return self

    def _run(self) -> None:
        asyncio.run(self.server.serve(sockets=[self.socket]))

    def serve_forever(self) -> None:
        self.watcher.start()
        self._run()

    def stop(self) -> None:
        """Ask the server to stop (from any thread or a signal): live channels end, the port is freed."""
        self.hub.close()
        self.server.should_exit = True

    def close(self) -> None:
        """Stop a server started with `start` (live channels end without `bye`, the port is freed)."""
        self.stop()
        if self._thread is not None:
            self._thread.join(timeout=STOP_SECONDS + 2)
        self.socket.close()
        self.watcher.close()


def serve(path: Path | str, host: str = "0.0.0.0", port: int = 8000, parent_pid: int = 0,
          out: Callable[[str], None] | None = None) -> int:
    """Run until Ctrl+C (or SIGTERM, or the parent app exits); prints `wallet: URL` first."""
    say = out or (lambda text: print(text, flush=True))
    _more_files()
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
        service.stop()

    if threading.current_thread() is threading.main_thread():  # uvicorn restores it, and calls it once it stopped
        signal.signal(signal.SIGTERM, stop)
    if parent_pid:
        threading.Thread(target=_watch_parent, args=(parent_pid, stop), name="wallet-parent", daemon=True).start()
    try:
        service.serve_forever()  # uvicorn answers SIGINT and SIGTERM by stopping
    except KeyboardInterrupt:
        pass
    finally:
        service.hub.close()
        service.socket.close()
        service.watcher.close()
    return 0


def _watch_parent(parent_pid: int, stop: Callable[[], None]) -> None:
    """Started by the app: when the app is gone (even killed), the wallets go too."""
    while os.getppid() == parent_pid:
        threading.Event().wait(1.0)
    stop()
