"""What a phone may POST, and how every request is checked before anything is read or stored.

Everything a phone sends is hostile input: a guest on the table's Wi-Fi may send any bytes. A body
is taken only as `application/json` from a page of this server (a cross-site HTML form cannot post,
a foreign `Origin` is refused), at most MAX_BODY bytes, a JSON object of strings; anything else
gets a JSON 4xx saying what to send, never a traceback. A line is then checked for its length and
its characters (the same limit for meaning and propose), for the phone's claim on the name
(claims.py), and read in its owner's voice on the table as it is now (voice.py).

Routes: `/api/claim` {"player", "pair"?} gives a token (`pair`: the banker's pairing code, for a name
the banker freed); `/api/release` {"player", "token"} gives the name up; `/api/meaning` and
`/api/propose` {"player", "line", "token", "key"?} (`key`: the page's own word for one tap on Send, so a
double tap queues one proposal); `/api/withdraw` {"player", "token", "id"} takes a waiting proposal back;
`/api/seen` {"player", "token"} says the phone is still there (`banker phones` shows when it last was).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from http import HTTPStatus
from pathlib import Path
from typing import Any, NamedTuple
from urllib.parse import urlsplit

from ..errors import Refusal
from ..ledger import LedgerError
from ..state import GameState
from .claims import BANKERS, NameTaken, NotYours, Phone, check_holder, claim, give_up, mark_seen, who_may_claim
from .proposals import QueueFull, line_refusal, propose_once, withdraw
from .safe_text import shown
from .voice import Meaning, phone_meaning

MAX_BODY = 4096
FIELDS = {"/api/claim": ("player",), "/api/release": ("player", "token"),
          "/api/meaning": ("player", "line", "token"), "/api/propose": ("player", "line", "token"),
          "/api/withdraw": ("player", "token", "id"), "/api/seen": ("player", "token")}
OPTIONAL = {"/api/claim": ("pair",), "/api/propose": ("key",)}


class Answer(NamedTuple):
    status: int
    body: dict[str, Any]


def _no(status: int, error: str) -> Answer:
    return Answer(status, {"error": error})


def request_refusal(headers: Mapping[str, str], content_type: str) -> Answer | None:
    """A POST that did not come from this server's page as JSON."""
    origin = headers.get("Origin")
    if origin is not None and (origin == "null" or urlsplit(origin).netloc != headers.get("Host", "")):
        return _no(HTTPStatus.FORBIDDEN, "this request came from another site; use the wallet page itself")
    if content_type != "application/json":
        return _no(HTTPStatus.UNSUPPORTED_MEDIA_TYPE, "send the body as application/json")
    return None


def length_refusal(headers: Mapping[str, str], route: str) -> Answer | None:
    """The 4xx for a body that says it is too long or empty, before a byte of it is read."""
    keys = ", ".join(f'"{key}"' for key in FIELDS[route])
    try:
        length = int(headers.get("Content-Length") or 0)
    except ValueError:
        length = -1
    if length > MAX_BODY:
        return _no(HTTPStatus.REQUEST_ENTITY_TOO_LARGE, f"the body is over {MAX_BODY} bytes; send one short line")
    if length <= 0 and "chunked" not in headers.get("Transfer-Encoding", "").lower():
        return _no(HTTPStatus.BAD_REQUEST, f"send a JSON body with {keys}")
    return None


def read_body(raw: bytes, route: str) -> dict[str, str] | Answer:
    """The request's JSON object of strings, or the 4xx to send back."""
    keys = ", ".join(f'"{key}"' for key in FIELDS[route])
    try:
        data = json.loads(raw)
    except RecursionError:
        return _no(HTTPStatus.BAD_REQUEST, f"the JSON is nested too deeply; send one object with {keys}")
    except ValueError:  # not JSON, not UTF-8
        return _no(HTTPStatus.BAD_REQUEST, f"the body is not JSON; send one object with {keys}")
    if not isinstance(data, dict):
        return _no(HTTPStatus.BAD_REQUEST, f"send one JSON object with {keys}")
    every = FIELDS[route] + OPTIONAL.get(route, ())
    if any(not isinstance(data.get(key, ""), str) for key in every):
        return _no(HTTPStatus.BAD_REQUEST, f"{keys} must be strings")
    if any(key not in data for key in FIELDS[route] if key != "token"):  # no token: 403, said by the claim check
        return _no(HTTPStatus.BAD_REQUEST, f"send JSON with {keys}")
    return {key: data.get(key, "") for key in every}


class PhoneApi:
    """The phones' POST routes, on the latest state the server's watcher read."""

    def __init__(self, path: Path, state: Callable[[], GameState | None]) -> None:
        self.path, self.state = path, state

    def answer(self, route: str, data: dict[str, str], phone: Phone = BANKERS) -> Answer:
        state = self.state()
        if state is None:
            return _no(HTTPStatus.SERVICE_UNAVAILABLE, "the banker's game is not read yet; try again")
        player = data["player"]
        problem = who_may_claim(state, player)
        if problem and (route != "/api/release" or player not in state.players):  # a bankrupt phone may let go
            return _no(HTTPStatus.UNPROCESSABLE_ENTITY, shown(problem))
        try:
            if route == "/api/claim":
                token = claim(self.path, state, player, phone, data["pair"])
                return Answer(HTTPStatus.OK, {"player": player, "token": token})
            if route == "/api/release":
                give_up(self.path, player, data["token"])
                return Answer(HTTPStatus.OK, {"player": player, "released": True})
            if route == "/api/seen":
                mark_seen(self.path, player, data["token"], phone)
                return Answer(HTTPStatus.OK, {"player": player, "seen": True})
            check_holder(self.path, player, data["token"])
            mark_seen(self.path, player, data["token"], phone)
            if route == "/api/withdraw":
                if not data["id"].isdigit() or len(data["id"]) > 12:
                    return _no(HTTPStatus.BAD_REQUEST, "\"id\" is the proposal's number, as a string (\"12\")")
                taken = withdraw(self.path, player, int(data["id"]))
                return Answer(HTTPStatus.OK, {"proposal": {**taken.to_json(), "meaning": ""}})
            return self._line(route, state, player, data["line"], data.get("key", ""))
        except NameTaken as taken:
            return _no(HTTPStatus.CONFLICT, str(taken))
        except NotYours as refusal:
            return _no(HTTPStatus.FORBIDDEN, str(refusal))
        except QueueFull as full:
            return _no(HTTPStatus.TOO_MANY_REQUESTS, str(full))
        except Refusal as refusal:
            return _no(HTTPStatus.UNPROCESSABLE_ENTITY, str(refusal))
        except LedgerError as error:
            return _no(HTTPStatus.SERVICE_UNAVAILABLE, str(error))

    def _line(self, route: str, state: GameState, player: str, line: str, key: str) -> Answer:
        problem = line_refusal(line)
        if problem:
            return _no(HTTPStatus.UNPROCESSABLE_ENTITY, problem)
        read: Meaning = phone_meaning(state, player, line)
        if route == "/api/meaning":
            return Answer(HTTPStatus.OK, {"line": read.line, "meaning": read.text})
        proposal, new = propose_once(self.path, player, read.line, read.text, key)
        return Answer(HTTPStatus.CREATED if new else HTTPStatus.OK,
                      {"proposal": {**proposal.to_json(), "meaning": proposal.shown or read.text}})
