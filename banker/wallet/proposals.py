"""Actions proposed from a phone, waiting for the banker: nothing moves until the banker accepts.

A proposal is one full line of the command language (the phone's line in its owner's voice, see
voice.py) with the name the phone picked. The banker
accepts it (the line runs through `Game.do`, exactly as if typed on the command bar, so every
rule and refusal applies) or refuses it. The phone sees the outcome through the live channel.
"""

from __future__ import annotations

import sqlite3
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ..errors import Refusal
from ..game import Game
from ..state import GameState
from .storage import connect, has_tables, writing
from .voice import meaning_now

PENDING = "pending"
ACCEPTING = "accepting"  # claimed by the banker while the line runs: a second accept cannot run it twice
ACCEPTED = "accepted"
REFUSED = "refused"  # the banker said no
FAILED = "failed"  # the banker said yes but the rules refused the line (the reason is the outcome)
MAX_LINE = 200  # the longest trade line fits easily; a phone cannot fill the banker's screen
MAX_PENDING_EACH = 3
MAX_PENDING = 20
COLUMNS = "id, time, player, line, status, outcome, action, decided"


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

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def _one(connection: sqlite3.Connection, proposal_id: int) -> Proposal:
    row = connection.execute(f"SELECT {COLUMNS} FROM wallet_proposal WHERE id = ?", (proposal_id,)).fetchone()
    if row is None:
        raise Refusal(f"there is no proposal {proposal_id}")
    return Proposal(*row)


def propose(path: Path | str, player: str, line: str) -> Proposal:
    """Queue one line from a phone; a Refusal when it is empty, too long or the queue is full.

    The caller (the server) checks the line against the game first; this only stores it.
    """
    text = " ".join(line.split())
    if not text:
        raise Refusal("write an action to propose, e.g. pay Bob 50")
    if len(text) > MAX_LINE:
        raise Refusal(f"a proposal is at most {MAX_LINE} characters")
    with connect(path) as connection, writing(connection):
        mine, everyone = connection.execute(
            "SELECT sum(player = ?), count(*) FROM wallet_proposal WHERE status = ?", (player, PENDING)
        ).fetchone()
        if (mine or 0) >= MAX_PENDING_EACH:
            raise Refusal(f"{player} already has {MAX_PENDING_EACH} proposals waiting; wait for the banker")
        if everyone >= MAX_PENDING:
            raise Refusal(f"the banker has {MAX_PENDING} proposals waiting; wait a moment")
        cursor = connection.execute(
            "INSERT INTO wallet_proposal (time, player, line, status) VALUES (?, ?, ?, ?)",
            (_now(), player, text, PENDING),
        )
        return _one(connection, int(cursor.lastrowid or 0))


def list_pending(path: Path | str) -> list[Proposal]:
    """What waits for the banker, oldest first."""
    with connect(path, create=False) as connection:
        if not has_tables(connection):
            return []
        rows = connection.execute(
            f"SELECT {COLUMNS} FROM wallet_proposal WHERE status = ? ORDER BY id", (PENDING,)
        ).fetchall()
    return [Proposal(*row) for row in rows]


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
        return int(connection.execute("SELECT count(*) FROM wallet_proposal WHERE status = ?",
                                      (PENDING,)).fetchone()[0])


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
        connection.execute("UPDATE wallet_proposal SET status = ?, outcome = ?, action = ?, decided = ? WHERE id = ?",
                           (status, outcome, action, _now(), proposal_id))
        return _one(connection, proposal_id)


def _claim(connection: sqlite3.Connection, proposal_id: int, status: str) -> Proposal:
    if not has_tables(connection):  # never proposed to: nothing to decide, and the file stays as it is
        raise Refusal(f"there is no proposal {proposal_id}")
    with writing(connection):
        proposal = _one(connection, proposal_id)
        if proposal.status != PENDING:
            raise Refusal(f"proposal {proposal_id} was already {proposal.status}")
        connection.execute("UPDATE wallet_proposal SET status = ? WHERE id = ?", (status, proposal_id))
    return proposal


def accept(game: Game, proposal_id: int) -> Proposal:
    """Run the proposed line as the banker; the decided proposal comes back.

    Accepted: its outcome is the action's summary. Refused by the rules: status `failed` and the
    refusal text as outcome (also returned, not raised: the banker's answer was given).
    A proposal that is no longer pending raises a Refusal.
    """
    with connect(game.store.path, create=False) as connection:
        proposal = _claim(connection, proposal_id, ACCEPTING)
        try:
            outcome = game.do(proposal.line)
        except Refusal as refusal:
            return _decide(connection, proposal_id, FAILED, str(refusal))
        except BaseException:  # a damaged file, Ctrl+C: nothing was decided, so it goes back in the queue
            _decide(connection, proposal_id, PENDING, "")
            raise
        return _decide(connection, proposal_id, ACCEPTED, outcome.summary, outcome.action)


def refuse(path: Path | str, proposal_id: int, reason: str = "") -> Proposal:
    """The banker says no; nothing in the game changes."""
    with connect(path, create=False) as connection:
        _claim(connection, proposal_id, REFUSED)
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
