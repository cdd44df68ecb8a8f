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
    """Which phone holds which name, from where and since when; the banker frees one when a phone is lost or a
    player swaps phones (the name is then kept for the phone that brings its pairing code), or allows a phone a
    second name (a child on a parent's phone)."""
    from .wallet.claims import allow_second, claims, free, held
    from .wallet.safe_text import shown

    if args.decision is None:
        on_phones, kept = claims(args.game), held(args.game)
        if args.json:
            print(json.dumps({"phones": [claim.to_json() for claim in on_phones],
                              "kept": [{"player": k.player, "pairing_code": k.code, "since": k.since} for k in kept]},
                             indent=2, ensure_ascii=False))
            return 0
        if not on_phones:
            print("no name is claimed by a phone")
        for claim in on_phones:
            second = ", may hold a second name" if claim.extra else ""
            print(shown(f"{claim.player:<16} on the phone at {claim.address or 'this computer'} since "
                        f"{claim.since[11:16]} UTC, last seen {claim.seen[11:19] or 'never'} UTC{second}"))
        for kept_name in kept:
            print(f"{kept_name.player:<16} kept for a new phone: pairing code {kept_name.code}")
        return 0
    if not args.player:
        raise Refusal(f"say which name: banker phones {args.game} {args.decision} NAME (the list gives each name)")
    held_now = [claim.player for claim in claims(args.game)]
    if not held_now:
        raise Refusal(f"no name is claimed by a phone in {args.game}")
    player = match(args.player, held_now, "name on a phone")
    if args.decision == "allow":
        allowed = allow_second(args.game, player)
        print(f"the phone holding {allowed.player} may now pick a second name")
        return 0
    freed = free(args.game, player)
    code = next(k.code for k in held(args.game) if k.player == freed.player)
    print(f"{freed.player} is free: the phone that held it must pick the name again; the name is kept for the "
          f"new phone that enters pairing code {code} (or scans the pairing QR code on the app's phones screen)")
    return 0
