"""`banker serve`, `banker proposals` and `banker phones`: the players' phones, seen and decided from the shell."""

from __future__ import annotations

import argparse
import json
import sqlite3
from pathlib import Path
from typing import Any

from .errors import Refusal
from .game import Game
from .ledger import LedgerError
from .names import match


def serve(args: argparse.Namespace) -> int:
    """Read-only wallets for the players' phones; imported here so other commands never load it."""
    from .wallet.server import serve as serve_wallets

    return serve_wallets(args.game, args.host, args.port, args.parent_pid)


def proposals(args: argparse.Namespace) -> int:
    """The phones' proposals, decided exactly as the app's `P` then `a` / `r` do (the same core functions).

    Everything a phone wrote is printed escaped (wallet.safe_text): it cannot paint the banker's terminal.
    """
    from .wallet.proposals import ACCEPTED, refuse, waiting, waiting_json
    from .wallet.safe_text import json_shown, shown

    if args.decision is None:
        game = Game.open(args.game)
        try:
            if args.json:
                print(json_shown(waiting_json(args.game, game.state)))
                return 0
            listed = waiting(args.game, game.state)
        finally:
            game.close()
        if not listed:
            print("no proposals waiting")
        for proposal, meaning in listed:
            print(shown(f"{proposal.id:>4}  {proposal.time[:19]}  {proposal.player}: {proposal.line}"))
            print(shown(f"      {meaning}"))
        return 0
    if args.id is None or not args.id.isdigit():
        given = f"{shown(repr(args.id))} is not a proposal id" if args.id is not None else "say which proposal"
        raise Refusal(f"{given}: banker proposals {args.game} {args.decision} ID (the list gives each id)")
    number = int(args.id)
    if args.decision == "refuse":
        decided = refuse(args.game, number)
    else:
        game = Game.open(args.game)
        try:
            decided = accept_stored(game, number)
        finally:
            game.close()
        if decided.status != ACCEPTED:  # said and exit 1 by `main`, as every refusal
            raise Refusal(shown(f"the rules refused proposal {number} ({decided.line}): {decided.outcome}"))
    if args.json:
        print(json_shown(decided.to_json()))
    else:
        print(shown(f"proposal {number} from {decided.player} {decided.status}: {decided.line}: {decided.outcome}"))
    return 0


def accept_stored(game: Game, number: int) -> Any:
    """`wallet.proposals.accept`, told as stored: a lock taken again after the action's commit (to drop its trigger,
    to write its notices) can time out, and then the proposal is still accepted, as the ledger says."""
    from .wallet.proposals import accept

    try:
        return accept(game, number)
    except (LedgerError, sqlite3.Error) as error:
        return _accepted_anyway(game.store.path, number, error)


def _accepted_anyway(path: Path, number: int, error: BaseException) -> Any:
    """The proposal, when its action was stored before `error` (its status is written in the action's own
    transaction); else the error, saying that nothing was stored."""
    from .wallet.proposals import ACCEPTED, recent

    try:
        found = next((p for p in recent(path, limit=10_000) if p.id == number), None)
    except sqlite3.Error:
        found = None
    if found is not None and found.status == ACCEPTED:
        return found
    if isinstance(error, LedgerError):
        raise error
    raise LedgerError(f"{path}: proposal {number} could not be decided ({error}); nothing was stored, try again")


def phones(args: argparse.Namespace) -> int:
    """Which phone holds which name; the banker frees one when a phone is lost or a player swaps phones."""
    from .wallet.claims import claims, free

    if args.decision is None:
        held = claims(args.game)
        if args.json:
            print(json.dumps({"phones": [claim.to_json() for claim in held]}, indent=2, ensure_ascii=False))
        elif not held:
            print("no name is claimed by a phone")
        for claim in [] if args.json else held:
            print(f"{claim.player:<16} on a phone since {claim.since}")
        return 0
    if not args.player:
        raise Refusal(f"say which name: banker phones {args.game} free NAME (the list gives each name)")
    held = [claim.player for claim in claims(args.game)]
    if not held:
        raise Refusal(f"no name is claimed by a phone in {args.game}")
    freed = free(args.game, match(args.player, held, "name on a phone"))
    print(f"{freed.player} is free: the phone that held it must pick the name again")
    return 0
