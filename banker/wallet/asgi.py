"""The phones' HTTP side on Starlette (routes, responses, the live channel through sse-starlette) served by
uvicorn, with the guards a server on a shared Wi-Fi needs before a request reaches a route.

Every guest on the table's Wi-Fi can reach this server without the join code, so what a request may
cost is bounded before the code is checked: the whole header block (MAX_HEADER_BYTES, kept by h11 in
uvicorn) and its lines (MAX_HEADER_LINES); the time to send a request's head and body (REQUEST_SECONDS
from the connection's start or from the last answer: a half-sent request is cut, which uvicorn alone
does not do); connections (MAX_CONNECTIONS in all, answered 503 beyond; PER_ADDRESS from one address,
closed at once beyond); the body (phone_api.MAX_BODY). A Host header must name the address the
connection reached (or the name the banker served on), so a web page on a rebound DNS name cannot talk
to the wallet from a player's browser; the page cannot be framed (`frame-ancestors 'none'`).
"""

from __future__ import annotations

import asyncio
import hmac
import ipaddress
import json
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from http import HTTPStatus
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import anyio
import h11 as _h11  # uvicorn's HTTP/1.1 parser, whose states GuardedH11 reads
from sse_starlette import EventSourceResponse, ServerSentEvent
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import ClientDisconnect, Request
from starlette.responses import Response
from starlette.routing import Route
from starlette.types import ASGIApp, Receive, Scope, Send
from uvicorn.protocols.http.h11_impl import H11Protocol

from .claims import Phone
from .hub import Hub
from .page import FORBIDDEN_PAGE, wallet_page
from .phone_api import FIELDS, MAX_BODY, Answer, PhoneApi, length_refusal, read_body, request_refusal

MAX_HEADER_BYTES = 8192  # a phone's request head is under 1 KB
MAX_HEADER_LINES = 40  # a browser sends about 15
REQUEST_SECONDS = 10.0  # to send a request's head and body, from the connection's start or the last answer
KEEP_ALIVE_SECONDS = 15  # an idle connection between requests (a phone's next fetch reuses it)
MAX_CONNECTIONS = 200  # open connections in all; requests beyond are answered 503
PER_ADDRESS = 16  # open connections from one address (a phone's browser uses up to 6): beyond, closed at once
KEEPALIVE_SECONDS = 15  # a comment line on an idle live channel, so phones and routers keep it open
SEND_SECONDS = 30  # a live channel whose phone stopped reading is closed after this
SECURITY = {
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
}
PAGE_POLICY = ("default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; connect-src 'self'; "
               "base-uri 'none'; form-action 'none'; frame-ancestors 'none'")


class GuardedH11(H11Protocol):
    """uvicorn's HTTP/1.1 protocol with a deadline on each request's head and body, and a cap per address.

    uvicorn times out only an idle keep-alive connection, and each byte received restarts nothing else:
    a guest sending one header byte a second would hold a connection (and a file descriptor) for ever.
    """

    deadline: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        address = self.client[0] if self.client else ""
        if not _own(self.client, self.server):
            same = sum(1 for other in self.connections if other.client and other.client[0] == address)
            if same > PER_ADDRESS:
                transport.abort()
                return
        self._arm()

    def _arm(self) -> None:
        if self.deadline is not None:
            self.deadline.cancel()
        self.deadline = self.loop.call_later(REQUEST_SECONDS, self._too_slow)

    def _too_slow(self) -> None:
        """The request is not in after REQUEST_SECONDS: answer 408 if nothing was answered yet, and hang up."""
        self.deadline = None
        if self.transport.is_closing() or self.conn.their_state in (_h11.DONE, _h11.MUST_CLOSE, _h11.CLOSED):
            return  # the whole request is in: its answer may take as long as it takes (a live channel)
        if self.conn.our_state is _h11.IDLE and self.cycle is None:
            self.transport.write(b"HTTP/1.1 408 Request Timeout\r\ncontent-type: text/plain\r\ncontent-length: 0"
                                 b"\r\nconnection: close\r\n\r\n")
        self.transport.close()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if not self.transport.is_closing():
            self._arm()  # the next request on this connection has its own REQUEST_SECONDS

    def connection_lost(self, exc: Exception | None) -> None:
        if self.deadline is not None:
            self.deadline.cancel()
            self.deadline = None
        super().connection_lost(exc)


def _own(client: Any, server: Any) -> bool:
    """The banker's own computer: the request comes from the very address it reached (127.0.0.1 to itself)."""
    return bool(client and server and client[0] == server[0])


def _host_name(value: str) -> str:
    """The host of a Host header, without the port; IPv6 brackets removed."""
    try:
        return (urlsplit(f"//{value}").hostname or "").lower()
    except ValueError:
        return ""


def host_allowed(host_header: str, server: Any, served_on: str) -> bool:
    """A Host naming the address this connection reached (or localhost on the loopback, or the name the
    banker served on): a DNS name rebound to this machine is refused."""
    name = _host_name(host_header)
    reached = str(server[0]).lower() if server else ""
    if not name:
        return False
    if name in (reached, served_on.lower()):
        return True
    try:
        loopback = ipaddress.ip_address(reached).is_loopback
    except ValueError:
        loopback = False
    return loopback and name == "localhost"


class Guard:
    """Before any route: the header lines counted and the Host checked (pure ASGI, so nothing is read first)."""

    def __init__(self, app: ASGIApp, served_on: str) -> None:
        self.app, self.served_on = app, served_on

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            headers = scope["headers"]
            if len(headers) > MAX_HEADER_LINES:
                await _json(HTTPStatus.REQUEST_HEADER_FIELDS_TOO_LARGE,
                            {"error": f"over {MAX_HEADER_LINES} header lines; a phone's browser sends far fewer"}
                            )(scope, receive, send)
                return
            host = next((value.decode("latin-1") for key, value in headers if key == b"host"), "")
            if not host_allowed(host, scope.get("server"), self.served_on):
                await _json(HTTPStatus.MISDIRECTED_REQUEST, {"error": "this wallet answers only at its own address; "
                                                             "open the link the banker shows"})(scope, receive, send)
                return
        await self.app(scope, receive, send)


def _send(status: int, body: bytes, kind: str) -> Response:
    headers = dict(SECURITY)
    if kind.startswith("text/html"):
        headers["Content-Security-Policy"] = PAGE_POLICY
    return Response(body, status_code=status, headers=headers, media_type=kind)


def _json(status: int, body: dict[str, Any]) -> Response:
    """ASCII JSON: a name or line echoed back cannot break the encoding (a lone surrogate stays \\ud800)."""
    return _send(status, json.dumps(body).encode("ascii"), "application/json; charset=utf-8")


def wallet_app(path: Path, hub: Hub, served_on: str, say_once: Callable[[str], None]) -> ASGIApp:
    """The phones' routes: `/` (the page), `/api/wallet` (the document), `/events` (the live channel), the
    POST routes of phone_api.FIELDS; every one but /favicon.ico needs the join code."""
    page = wallet_page().encode("utf-8")
    api = PhoneApi(path, lambda: hub.state)
    forbidden = FORBIDDEN_PAGE.encode("utf-8")

    def allowed(request: Request) -> bool:
        return hub.code_ok(request.query_params.get("code", ""))

    async def favicon(request: Request) -> Response:
        return _send(HTTPStatus.NOT_FOUND, b"", "text/plain")

    async def get(request: Request) -> Response:
        if not allowed(request):
            return _send(HTTPStatus.FORBIDDEN, forbidden, "text/html; charset=utf-8")
        route = request.url.path
        if route in ("/", "/index.html"):
            return _send(HTTPStatus.OK, page, "text/html; charset=utf-8")
        if route == "/api/wallet":
            return _send(HTTPStatus.OK, hub.body, "application/json; charset=utf-8")
        if route == "/events":
            return live(request.query_params["code"])
        return _json(HTTPStatus.NOT_FOUND, {"error": "no such page"})

    async def post(request: Request) -> Response:
        if not allowed(request):
            return _send(HTTPStatus.FORBIDDEN, forbidden, "text/html; charset=utf-8")
        try:
            answer = await answer_post(request)
        except ClientDisconnect:
            return _json(HTTPStatus.BAD_REQUEST, {"error": "the request was cut off; send it again"})
        except Exception as error:  # noqa: BLE001 - a phone gets an answer, the banker's terminal no traceback
            say_once(f"banker serve: a phone's request failed: {type(error).__name__}: {error}")
            answer = Answer(HTTPStatus.INTERNAL_SERVER_ERROR, {"error": "the banker's server could not read that; "
                                                               "nothing was stored"})
        return _json(answer.status, answer.body)

    async def answer_post(request: Request) -> Answer:
        route = request.url.path
        if route not in FIELDS:
            return Answer(HTTPStatus.NOT_FOUND, {"error": "no such page"})
        headers = request.headers
        refused = request_refusal(headers, headers.get("content-type", "").split(";")[0].strip().lower())
        if refused:
            return refused
        refused = length_refusal(headers, route)
        if refused:
            return refused
        raw = bytearray()
        with anyio.move_on_after(REQUEST_SECONDS) as late:
            async for chunk in request.stream():
                raw += chunk
                if len(raw) > MAX_BODY:
                    return Answer(HTTPStatus.REQUEST_ENTITY_TOO_LARGE,
                                  {"error": f"the body is over {MAX_BODY} bytes; send one short line"})
        if late.cancelled_caught:
            return Answer(HTTPStatus.REQUEST_TIMEOUT, {"error": "the body did not arrive in time; send it again"})
        data = read_body(bytes(raw), route)
        if isinstance(data, Answer):
            return data
        client, server = request.scope.get("client"), request.scope.get("server")
        phone = Phone(client[0] if client else "", own=_own(client, server))
        return await run_in_threadpool(api.answer, route, data, phone)

    def live(code: str) -> Response:
        """Server-Sent Events: the document now, then again after every change, until the code changes."""
        if not hub.enter():
            return _json(HTTPStatus.SERVICE_UNAVAILABLE, {"error": "too many wallets open; close one and retry"})

        async def events() -> AsyncIterator[bytes]:
            try:
                yield b"retry: 1000\n\n"
                seen = 0
                while True:
                    version, event, current, closed = hub.now()
                    if closed:  # the server stops: the page keeps retrying and comes back with it
                        return
                    if not hmac.compare_digest(code.encode(), current.encode()):
                        yield b"event: bye\ndata: {}\n\n"  # a new code: this phone must scan again
                        return
                    if version != seen:
                        seen = version
                        yield event
                        continue
                    await hub.changed()
            finally:
                hub.leave()

        return EventSourceResponse(events(), headers=dict(SECURITY), ping=KEEPALIVE_SECONDS, send_timeout=SEND_SECONDS,
                                   ping_message_factory=lambda: ServerSentEvent(comment="still here"))

    async def not_allowed(request: Request) -> Response:
        return _json(HTTPStatus.METHOD_NOT_ALLOWED, {"error": "a wallet takes GET and POST only"})

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        hub.attach(asyncio.get_running_loop())
        yield

    other = ["PUT", "DELETE", "PATCH", "OPTIONS"]
    app = Starlette(routes=[
        Route("/favicon.ico", favicon, methods=["GET"]),
        Route("/{rest:path}", get, methods=["GET"]),
        Route("/{rest:path}", post, methods=["POST"]),
        Route("/{rest:path}", not_allowed, methods=other),
    ], lifespan=lifespan)
    return Guard(app, served_on)
