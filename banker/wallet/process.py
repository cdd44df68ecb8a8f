"""`banker serve` started by the app, as a child process.

A child process, not a thread in the app: the wallets' HTTP threads and JSON building never
compete with the app's key presses for the GIL, a crash on the phone side cannot take the table
down, and stopping it is one signal. It reports its URL on stdout (`wallet: URL`, again after
each new join code) and stops by itself when the app's process is gone.
"""

from __future__ import annotations

import atexit
import os
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import ClassVar

import banker

from .server import ServeError

DEFAULT_PORT = 8000
START_SECONDS = 20


class ServeProcess:
    """One game's wallet server as a child of this process; `for_game` shares one per game file."""

    running_servers: ClassVar[dict[Path, ServeProcess]] = {}

    def __init__(self, path: Path | str, host: str = "0.0.0.0", port: int = DEFAULT_PORT) -> None:
        self.path = Path(path).resolve()
        self.host, self.port = host, port
        self.url = ""
        self.process: subprocess.Popen[str] | None = None
        self._got_url = threading.Event()
        self._errors: list[str] = []

    @classmethod
    def for_game(cls, path: Path | str) -> ServeProcess:
        """The server for this game file: the one already made, so closing a screen keeps phones live."""
        key = Path(path).resolve()
        if key not in cls.running_servers:
            cls.running_servers[key] = cls(key)
        return cls.running_servers[key]

    @classmethod
    def stop_others(cls, path: Path | str) -> None:
        """One table, one game: serving a game stops the servers of the others (and frees their port)."""
        keep = Path(path).resolve()
        for key, server in cls.running_servers.items():
            if key != keep:
                server.stop()

    @property
    def running(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def start(self) -> str:
        """Start (or keep) the server; returns its URL. A busy default port falls back to any free one."""
        if self.running:
            return self.url
        try:
            return self._spawn(self.port)
        except ServeError as error:
            if self.port == 0 or "in use" not in str(error):
                raise
            return self._spawn(0)

    def _spawn(self, port: int) -> str:
        root = str(Path(banker.__file__).resolve().parent.parent)
        env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [root, os.environ.get("PYTHONPATH")])))
        self.url, self._errors = "", []
        self._got_url.clear()
        self.process = subprocess.Popen(
            [sys.executable, "-m", "banker", "serve", str(self.path), "--host", self.host, "--port", str(port),
             "--parent-pid", str(os.getpid())],
            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
        )
        threading.Thread(target=self._read_out, args=(self.process,), daemon=True).start()
        threading.Thread(target=self._read_err, args=(self.process,), daemon=True).start()
        _children.add(self)
        deadline = time.monotonic() + START_SECONDS
        while not self._got_url.wait(0.1):
            if self.process.poll() is not None or time.monotonic() > deadline:
                if self.process.poll() is not None:
                    time.sleep(0.1)  # let the error reader take the last line
                self.stop()
                message = " ".join(self._errors).removeprefix("banker: ") or "the wallet server did not start"
                raise ServeError(message)
        return self.url

    def _read_out(self, process: subprocess.Popen[str]) -> None:
        assert process.stdout is not None
        for line in process.stdout:
            if line.startswith("wallet: "):
                self.url = line.removeprefix("wallet: ").strip()
                self._got_url.set()

    def _read_err(self, process: subprocess.Popen[str]) -> None:
        assert process.stderr is not None
        for line in process.stderr:
            self._errors.append(line.strip())
            del self._errors[:-5]

    def stop(self) -> None:
        process, self.process = self.process, None
        self.url = ""
        _children.discard(self)
        if process is None or process.poll() is not None:
            return
        process.terminate()
        try:
            process.wait(timeout=3)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=3)


_children: set[ServeProcess] = set()


@atexit.register
def _stop_children() -> None:
    """The app is closing: its wallet servers go with it (they would notice within a second anyway)."""
    for server in list(_children):
        server.stop()
