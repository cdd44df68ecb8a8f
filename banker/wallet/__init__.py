"""Phones at the table: a read-only wallet per player in their own browser, on the local network.

The banker's laptop stays the one place where money moves. `banker serve GAME.db` runs a small
stdlib HTTP server (`server.py`) that shows each player their cash, deeds, holdings and recent
ledger lines (`views.py`, `lines.py`), pushed live over Server-Sent Events from one watcher
thread. A phone may only *propose* a line of the command language (`proposals.py`), in its owner's
voice (`voice.py`: `pay Ann 50` on Ben's phone is `pay Ben 50 Ann`); the banker accepts or refuses
it. The join code and the proposals live in their own tables of the game file (`storage.py`), never
in the event ledger. Nothing here imports Textual.
"""

from .proposals import Proposal, accept, count_pending, list_pending, propose, recent, refuse, waiting
from .storage import join_code, new_join_code
from .voice import Meaning, meaning_now, phone_meaning

__all__ = [
    "Meaning", "Proposal", "accept", "count_pending", "join_code", "list_pending", "meaning_now", "new_join_code",
    "phone_meaning", "propose", "recent", "refuse", "waiting",
]
