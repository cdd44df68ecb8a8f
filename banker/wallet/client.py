"""A small reader of a running wallet server, as a phone would use it: for tests, the benchmark
and scripts (a scoreboard on a TV, say). Standard library only.
"""

from __future__ import annotations

import http.client
import json
import socket
import time
from collections.abc import Callable
from typing import Any
from urllib.parse import parse_qs, urlencode, urlsplit


class Wallet:
    """The server behind one `wallet:` URL (its join code included)."""

    def __init__(self, url: str, source: str = "") -> None:
        """`source`: the address to send from (127.0.0.2, 127.0.0.3... stand for separate phones in tests)."""
        parts = urlsplit(url)
        self.source = source
        self.host, self.port = parts.hostname or "127.0.0.1", parts.port or 80
        self.code = parse_qs(parts.query).get("code", [""])[0]
        self.tokens: dict[str, str] = {}  # the names this client claimed, as one phone holds its own

    def _connection(self, timeout: float) -> http.client.HTTPConnection:
        return http.client.HTTPConnection(self.host, self.port, timeout=timeout,
                                          source_address=(self.source, 0) if self.source else None)

    def path(self, route: str, code: str | None = None) -> str:
        return f"{route}?{urlencode({'code': self.code if code is None else code})}"

    def get(self, route: str, code: str | None = None, timeout: float = 5) -> tuple[int, bytes, str]:
        """Status, body and content type of one GET."""
        connection = self._connection(timeout)
        try:
            connection.request("GET", self.path(route, code))
            reply = connection.getresponse()
            return reply.status, reply.read(), reply.getheader("Content-Type", "")
        finally:
            connection.close()

    def document(self) -> dict[str, Any]:
        status, body, _ = self.get("/api/wallet")
        if status != 200:
            raise ConnectionError(f"GET /api/wallet: HTTP {status}")
        return json.loads(body)

    def claim(self, player: str, timeout: float = 5, pair: str = "") -> tuple[int, dict[str, Any]]:
        """Take the name, as a phone does when its player taps their name; the token is kept for later lines.
        `pair`: the banker's pairing code, for a name the banker freed."""
        status, body = self._post("/api/claim", {"player": player, **({"pair": pair} if pair else {})}, timeout)
        if status == 200:
            self.tokens[player] = body["token"]
        return status, body

    def release(self, player: str, timeout: float = 5) -> tuple[int, dict[str, Any]]:
        """"not you?": give the name up."""
        status, body = self._post("/api/release", {"player": player, "token": self.tokens.get(player, "")}, timeout)
        if status == 200:
            self.tokens.pop(player, None)
        return status, body

    def _line(self, player: str, line: str) -> dict[str, str]:
        body = {"player": player, "line": line}
        if player in self.tokens:
            body["token"] = self.tokens[player]
        return body

    def propose(self, player: str, line: str, timeout: float = 5, key: str = "") -> tuple[int, dict[str, Any]]:
        """Queue a line as the phone of `player` does (the line in the owner's voice, with its token);
        `key`: the page's word for one tap on Send (the same key twice queues one proposal)."""
        return self._post("/api/propose", {**self._line(player, line), **({"key": key} if key else {})}, timeout)

    def withdraw(self, player: str, proposal_id: int, timeout: float = 5) -> tuple[int, dict[str, Any]]:
        """Take back one of this phone's waiting proposals."""
        body = {"player": player, "token": self.tokens.get(player, ""), "id": str(proposal_id)}
        return self._post("/api/withdraw", body, timeout)

    def seen(self, player: str, timeout: float = 5) -> tuple[int, dict[str, Any]]:
        """"Still here", as the page says every half minute (`banker phones` shows when a phone was last seen)."""
        body = {"player": player, "token": self.tokens.get(player, "")}
        return self._post("/api/seen", body, timeout)

    def meaning(self, player: str, line: str, timeout: float = 5) -> tuple[int, dict[str, Any]]:
        """What the line would do, as the phone shows it before Send; nothing is queued."""
        return self._post("/api/meaning", self._line(player, line), timeout)

    def _post(self, route: str, data: dict[str, str], timeout: float) -> tuple[int, dict[str, Any]]:
        return self.post_raw(route, json.dumps(data).encode("utf-8"), timeout=timeout)

    def post_raw(self, route: str, body: bytes, headers: dict[str, str] | None = None,
                 timeout: float = 5) -> tuple[int, dict[str, Any]]:
        """Any bytes with any headers (JSON unless told), as a hostile guest on the Wi-Fi would send them."""
        connection = self._connection(timeout)
        try:
            connection.request("POST", self.path(route), body, headers or {"Content-Type": "application/json"})
            reply = connection.getresponse()
            raw = reply.read()
            if reply.getheader("Content-Type", "").startswith("application/json"):
                return reply.status, json.loads(raw)
            return reply.status, {"error": raw.decode("utf-8", "replace")}  # the 403 page
        finally:
            connection.close()

    def live(self, timeout: float = 5) -> LiveChannel:
        return LiveChannel(self, timeout)


class LiveChannel:
    """One open Server-Sent-Events channel: `next` gives each event as (name, data)."""

    def __init__(self, wallet: Wallet, timeout: float = 5) -> None:
        self.connection = wallet._connection(timeout)
        self.connection.request("GET", wallet.path("/events"))
        self.reply = self.connection.getresponse()
        self.status = self.reply.status
        if self.status != 200:
            self.close()
            raise ConnectionError(f"GET /events: HTTP {self.status}")
        self.events = 0

    def next(self, timeout: float = 5, parse: bool = True) -> tuple[str, Any]:
        """The next event (keep-alive comments skipped); ("closed", None) when the server ends it.

        parse=False gives the data as text (the benchmark's phones skip decoding: real phones
        are other devices, so their work must not load the banker's machine).
        """
        sock = self.connection.sock
        if sock is not None:
            sock.settimeout(timeout)
        name, data = "message", []
        while True:
            try:
                raw = self.reply.readline()  # the channel comes chunked (HTTP/1.1): read through the chunks
            except (AttributeError, ValueError, http.client.HTTPException):  # hung up (`close` from another thread)
                return "closed", None
            if not raw:
                return "closed", None
            line = raw.decode("utf-8").rstrip("\n")
            if not line:
                if data:
                    self.events += 1
                    text = "\n".join(data)
                    return name, (json.loads(text) if text and parse else text or None)
                name = "message"
                continue
            field, _, value = line.partition(":")
            value = value.removeprefix(" ")
            if field == "event":
                name = value
            elif field == "data":
                data.append(value)

    def until(self, wanted: Callable[[dict[str, Any]], bool], timeout: float = 5) -> dict[str, Any]:
        """The first wallet document that satisfies `wanted`, within `timeout` seconds."""
        deadline = time.monotonic() + timeout
        while (left := deadline - time.monotonic()) > 0:
            name, data = self.next(left)
            if name == "wallet" and wanted(data):
                return data
            if name in ("bye", "closed"):
                raise ConnectionError(f"the live channel ended ({name})")
        raise TimeoutError(f"no matching wallet document within {timeout} s")

    def close(self) -> None:
        """Hang up; a thread blocked in `next` wakes up with ("closed", None) or an OSError."""
        sock = self.connection.sock
        if sock is not None:
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
        self.connection.close()
