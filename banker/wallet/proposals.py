"""Actions proposed from a phone, waiting for the banker: nothing moves until the banker accepts.

A proposal is one full line of the command language (the phone's line in its owner's voice, see
voice.py) with the name the phone claimed, and the meaning the phone was shown. The banker accepts
it or refuses it. Accepting reads the line again in the phone owner's voice on the table as it is
then, and runs it only if it still means what the phone was shown (else it is `failed`, with the
reason). The decision is written by the same SQLite transaction as the ledger's action (a trigger
on the game's own connection), so a banker killed mid-accept leaves either both or neither: a
proposal is never stranded half-accepted. The phone sees the outcome through the live channel.
"""

from __future__ import annotations

import re
import sqlite3
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ..errors import Refusal
from ..game import Game
from ..ledger import LedgerError
from ..state import GameState
from .safe_text import character_refusal
from .storage import WITHDRAWN as WITHDRAWN  # the phone took it back, or its name was freed
from .storage import connect, has_tables, withdraw_waiting, writing
from .voice import meaning_now, phone_meaning

PENDING = "pending"
ACCEPTING = "accepting"  # written by older Bankers while a line ran; listed (and decided) as pending now
OPEN = (PENDING, ACCEPTING)
ACCEPTED = "accepted"
REFUSED = "refused"  # the banker said no
FAILED = "failed"  # the banker said yes but the rules refused the line (the reason is the outcome)
MAX_LINE = 200  # the longest trade line fits easily; a phone cannot fill the banker's screen
MAX_PENDING_EACH = 3
MAX_PENDING = 20
MAX_KEY = 64
COLUMNS = "id, time, player, line, status, outcome, action, decided, shown"
CHANGED = "the table changed since the phone sent it: "


@dataclass(frozen=True)
class Proposal:
    id: int
    time: str
    player: str
    line: str
    status: str
    outcome: str = ""
    action: int | None = None  # the ledger action it became, when accepted
    decided: str = ""
    shown: str = ""  # what the phone was shown it means; accept runs it only if it still means that

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def _one(connection: sqlite3.Connection, proposal_id: int) -> Proposal:
    row = connection.execute(f"SELECT {COLUMNS} FROM wallet_proposal WHERE id = ?", (proposal_id,)).fetchone()
    if row is None:
        raise Refusal(f"there is no proposal {proposal_id}")
    return Proposal(*row)


class QueueFull(Refusal):
    """The phone's or the table's queue is full (HTTP 429): wait for the banker."""


def line_refusal(line: str) -> str | None:
    """What is wrong with a phone's line before it is read at all (the same for meaning and propose)."""
    text = " ".join(line.split())
    if not text:
        return "write an action to propose, e.g. pay Bob 50"
    if len(text) > MAX_LINE:
        return f"a proposal is at most {MAX_LINE} characters"
    return character_refusal(line)


def key_refusal(key: str) -> str | None:
    """A send key is the phone's own random word for one tap on Send: letters, digits, - and _ only."""
    if len(key) > MAX_KEY or not re.fullmatch(r"[A-Za-z0-9_-]*", key):
        return f"the send key is at most {MAX_KEY} letters, digits, - or _; the page makes one for each Send"
    return None


def propose(path: Path | str, player: str, line: str, shown: str = "") -> Proposal:
    """Queue one line from a phone with the meaning it was shown; a Refusal when the line is empty,
    too long or holds a control character, a QueueFull when the phone's or the table's queue is full.

    The caller (the server) checks the line against the game and the phone's claim first.
    """
    return propose_once(path, player, line, shown)[0]


def propose_once(path: Path | str, player: str, line: str, shown: str = "", key: str = "") -> tuple[Proposal, bool]:
    """`propose`, once per send key: a second request with the same key (a double tap on Send, a retry after
    a lost answer) gets the first one's proposal back, and False for "not new"."""
    problem = (line_refusal(line) or character_refusal(player, "the name") or character_refusal(shown, "the meaning")
               or key_refusal(key))
    if problem:
        raise Refusal(problem)
    text = " ".join(line.split())
    with connect(path) as connection, writing(connection):
        if key:
            row = connection.execute("SELECT id FROM wallet_proposal WHERE player = ? AND send_key = ?",
                                     (player, key)).fetchone()
            if row:
                return _one(connection, int(row[0])), False
        mine, everyone = connection.execute(
            "SELECT sum(player = ?), count(*) FROM wallet_proposal WHERE status IN (?, ?)", (player, *OPEN)
        ).fetchone()
        if (mine or 0) >= MAX_PENDING_EACH:
            raise QueueFull(f"{player} already has {MAX_PENDING_EACH} proposals waiting; wait for the banker")
        if everyone >= MAX_PENDING:
            raise QueueFull(f"the banker has {MAX_PENDING} proposals waiting; wait a moment")
        cursor = connection.execute(
            "INSERT INTO wallet_proposal (time, player, line, status, shown, send_key) VALUES (?, ?, ?, ?, ?, ?)",
            (_now(), player, text, PENDING, shown, key),
        )
        return _one(connection, int(cursor.lastrowid or 0)), True


def withdraw(path: Path | str, player: str, proposal_id: int) -> Proposal:
    """The phone takes back its own waiting proposal (the caller checked the phone holds `player`)."""
    with connect(path) as connection, writing(connection):
        proposal = _open_one(connection, proposal_id)
        if proposal.player != player:
            raise Refusal(f"proposal {proposal_id} is {proposal.player}'s, not yours; only its phone can take it back")
        withdraw_waiting(connection, "withdrawn from the phone", proposal_id=proposal_id)
        return _one(connection, proposal_id)


def list_pending(path: Path | str) -> list[Proposal]:
    """What waits for the banker, oldest first."""
    with connect(path, create=False) as connection:
        if not has_tables(connection):
            return []
        rows = connection.execute(
            f"SELECT {COLUMNS} FROM wallet_proposal WHERE status IN (?, ?) ORDER BY id", OPEN
        ).fetchall()
    return [Proposal(*row[:4], PENDING, *row[5:]) for row in rows]


def waiting(path: Path | str, state: GameState) -> list[tuple[Proposal, str]]:
    """What waits for the banker, each with what it would do now in the ledger's words (the app's `P`
    and `banker proposals` show the same)."""
    return [(proposal, meaning_now(state, proposal.line)) for proposal in list_pending(path)]


def waiting_json(path: Path | str, state: GameState) -> dict[str, Any]:
    """`banker proposals --json`: a stable contract."""
    return {"proposals": [{"id": p.id, "time": p.time, "player": p.player, "line": p.line, "meaning": meaning,
                           "status": p.status} for p, meaning in waiting(path, state)]}


def count_pending(path: Path | str) -> int:
    """Cheap enough for the table screen to ask every second."""
    with connect(path, create=False) as connection:
        if not has_tables(connection):
            return 0
        return int(connection.execute("SELECT count(*) FROM wallet_proposal WHERE status IN (?, ?)",
                                      OPEN).fetchone()[0])


def recent_rows(connection: sqlite3.Connection, limit: int = 30) -> list[Proposal]:
    rows = connection.execute(f"SELECT {COLUMNS} FROM wallet_proposal ORDER BY id DESC LIMIT ?", (limit,)).fetchall()
    return [Proposal(*row) for row in reversed(rows)]


def recent(path: Path | str, limit: int = 30) -> list[Proposal]:
    """The latest proposals in any state, oldest first (what the phones show)."""
    with connect(path, create=False) as connection:
        return recent_rows(connection, limit) if has_tables(connection) else []


def _decide(connection: sqlite3.Connection, proposal_id: int, status: str, outcome: str,
            action: int | None = None) -> Proposal:
    with writing(connection):
        _open_one(connection, proposal_id)
        connection.execute("UPDATE wallet_proposal SET status = ?, outcome = ?, action = ?, decided = ? WHERE id = ?",
                           (status, outcome, action, _now(), proposal_id))
        return _one(connection, proposal_id)


def _open_one(connection: sqlite3.Connection, proposal_id: int) -> Proposal:
    """The proposal, if it is still to be decided; else a Refusal saying what became of it."""
    if not has_tables(connection):  # never proposed to: nothing to decide, and the file stays as it is
        raise Refusal(f"there is no proposal {proposal_id}")
    proposal = _one(connection, proposal_id)
    if proposal.status not in OPEN:
        raise Refusal(f"proposal {proposal_id} was already {proposal.status}")
    return proposal


def _quoted(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"


def _decided_with_the_action(game: Game, proposal_id: int, next_action: int, outcome: str) -> str:
    """A trigger on the game's own connection: the action's first event marks the proposal accepted in the
    same transaction, and aborts the write if the proposal was decided meanwhile or the table moved on."""
    name = f"wallet_accepting_{proposal_id}"
    game.store.write_all([(
        f"CREATE TEMP TRIGGER IF NOT EXISTS {name} BEFORE INSERT ON main.event BEGIN "
        f"SELECT RAISE(ABORT, 'wallet: proposal {proposal_id} was decided meanwhile') FROM wallet_proposal "
        f"WHERE id = {proposal_id} AND status NOT IN ('pending', 'accepting') "
        f"AND NOT (status = 'accepted' AND action IS NEW.action); "
        f"SELECT RAISE(ABORT, 'wallet: the table moved on') WHERE NEW.action != {next_action}; "
        f"UPDATE wallet_proposal SET status = 'accepted', action = NEW.action, outcome = {_quoted(outcome)}, "
        f"decided = {_quoted(_now())} WHERE id = {proposal_id}; END", ())])
    return name


def accept(game: Game, proposal_id: int) -> Proposal:
    """Run the proposal as the banker, if it still means what its phone was shown; the decided proposal.

    Accepted: its outcome is the action's summary. Refused now (by the rules, by the phone owner's voice, or
    because it now means something else): status `failed` and the reason as outcome (returned, not raised:
    the banker's answer was given). A proposal that is no longer pending raises a Refusal.
    """
    with connect(game.store.path, create=False) as connection:
        for _ in range(3):
            proposal = _open_one(connection, proposal_id)
            game.reload()
            state = game.state
            try:
                meaning = phone_meaning(state, proposal.player, proposal.line)
            except Refusal as refusal:
                return _decide(connection, proposal_id, FAILED, str(refusal))
            if proposal.shown and meaning.text != proposal.shown:
                return _decide(connection, proposal_id, FAILED, f"{CHANGED}it was shown \"{proposal.shown}\" and "
                               f"would now be \"{meaning.text}\"; nothing ran")
            assert meaning.command is not None
            trigger = _decided_with_the_action(game, proposal_id, game.head[0] + 1, meaning.text)
            try:
                outcome = game.execute(meaning.command)
            except Refusal as refusal:
                return _decide(connection, proposal_id, FAILED, str(refusal))
            except LedgerError as error:
                if "wallet: the table moved on" in str(error):
                    continue  # another window wrote first: read the proposal again on the new table
                if "wallet: proposal" in str(error):
                    _open_one(connection, proposal_id)  # says what became of it
                raise
            finally:
                game.store.write_all([(f"DROP TRIGGER IF EXISTS temp.{trigger}", ())])
            with writing(connection):  # the notices too; the status and the action were written with the action
                connection.execute("UPDATE wallet_proposal SET outcome = ? WHERE id = ?",
                                   (outcome.summary, proposal_id))
            return _one(connection, proposal_id)
    raise Refusal("the game keeps changing in another window; accept the proposal again")


def refuse(path: Path | str, proposal_id: int, reason: str = "") -> Proposal:
    """The banker says no; nothing in the game changes."""
    with connect(path, create=False) as connection:
        _open_one(connection, proposal_id)
        return _decide(connection, proposal_id, REFUSED, reason or "the banker refused it")


class PendingWatch:
    """For the banker's table: asked once a second, says how many wait and which are new.

    The screen toasts the new ones, so a proposal never sits unseen.
    """

    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)
        self.known: set[int] = set()

    def poll(self) -> tuple[int, list[Proposal]]:
        pending = list_pending(self.path)
        new = [p for p in pending if p.id not in self.known]
        self.known = {p.id for p in pending}
        return len(pending), new
