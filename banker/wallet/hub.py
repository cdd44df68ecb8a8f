"""The latest wallet document, handed from the one watcher thread to every live channel at once.

The watcher (server.py) is a thread that reads the game; the live channels are tasks on the server's
event loop. `publish` stores the new document (and the bytes of its Server-Sent Event, built once for
every phone) and wakes the loop; each channel then sends those same bytes. Nothing here reads the game.
"""

from __future__ import annotations

import asyncio
import hmac
import threading

from ..state import GameState

MAX_LIVE = 64  # live channels at once; a table has at most 8 phones, plus reloads


class Hub:
    """The latest wallet document, and the live channels waiting for the next one."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.version = 0
        self.body = b"{}"
        self.event = b""  # `body` as one Server-Sent Event, built once for every phone
        self.code = ""
        self.state: GameState | None = None  # a state handed out by the game is never changed afterwards
        self.closed = False
        self.live = 0
        self._loop: asyncio.AbstractEventLoop | None = None
        self._changed: asyncio.Event | None = None

    def attach(self, loop: asyncio.AbstractEventLoop) -> None:
        """The server's loop is running: channels wait on it from now on (called on that loop)."""
        self._loop, self._changed = loop, asyncio.Event()

    def publish(self, body: bytes, code: str, state: GameState) -> None:
        """A new document (from the watcher's thread): every waiting channel wakes."""
        with self._lock:
            self.version += 1
            self.body, self.code, self.state = body, code, state
            self.event = b"id: %d\nevent: wallet\ndata: %s\n\n" % (self.version, body)
        self._wake()

    def close(self) -> None:
        with self._lock:
            self.closed = True
        self._wake()

    def _wake(self) -> None:
        loop = self._loop
        if loop is not None and not loop.is_closed():
            try:
                loop.call_soon_threadsafe(self._set)
            except RuntimeError:  # the loop closed meanwhile: nobody waits
                pass

    def _set(self) -> None:
        changed, self._changed = self._changed, asyncio.Event()
        if changed is not None:
            changed.set()

    def now(self) -> tuple[int, bytes, str, bool]:
        with self._lock:
            return self.version, self.event, self.code, self.closed

    async def changed(self) -> None:
        """Until the next document or closing (call on the server's loop, after reading `now`)."""
        if self._changed is None:
            self._changed = asyncio.Event()
        await self._changed.wait()

    def enter(self) -> bool:
        """Count a live channel in; False when there are already MAX_LIVE (called on the loop)."""
        if self.live >= MAX_LIVE:
            return False
        self.live += 1
        return True

    def leave(self) -> None:
        self.live -= 1

    def code_ok(self, code: str) -> bool:
        current = self.code
        return bool(current) and hmac.compare_digest(code.encode(), current.encode())
