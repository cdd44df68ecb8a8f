"""The `banker` command: the app with no arguments, and one sub-command per job.

Exit codes: 0 done, 1 refused (the reason on stderr, nothing changed),
2 a file or edition that cannot be used.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path

from editions import Edition, EditionError, edition_files, load_edition, load_edition_file, user_editions_dir

from .cli_ask import ask
from .cli_files import add_parsers as add_file_parsers
from .cli_files import backup, repair
from .cli_league import add_parser as add_league_parser
from .cli_league import league
from .cli_phones import phones, proposals, serve
from .describe import bank_parts
from .errors import Refusal
from .game import HOUSE_RULES, Game
from .ledger import LedgerError
from .names import match
from .rules.destinations import QUESTIONS
from .subcommands import SUBCOMMANDS, wants_the_app

# The ledger's history, the score and verify are loaded by the subcommands that use them: each command
# starts with what it needs (`banker state` neither parses a line nor scores a game).


def installed_version() -> str:
    """The version pip installed (pyproject.toml's), read only when asked: importlib.metadata costs start-up."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("banker")
    except PackageNotFoundError:  # run from a checkout that was never installed
        return "unknown (not installed)"


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="banker", description="The bank for a real Monopoly table.")
    parser.add_argument("-V", "--version", action="version", version=f"banker {installed_version()}")
    sub = parser.add_subparsers(dest="command", required=True)
    new = sub.add_parser("new", help="start a game file")
    new.add_argument("game", type=Path)
    new.add_argument("--edition", default="classic-us")
    new.add_argument("--players", required=True, help='comma-separated, e.g. "Alice,Bob,Carol"')
    new.add_argument("--house-rule", action="append", default=[], choices=sorted(HOUSE_RULES))
    new.add_argument("--follow-tokens", action="store_true",
                     help="Banker moves the tokens from the dice (`roll`), pays GO when passed, finds the landing")
    new.add_argument("--clock", type=int, default=0, metavar="MINUTES",
                     help="a timed game: the game clock's length (60 or 120); the app goes to the score at the end")
    new.add_argument("--time-limit", type=int, default=0, metavar="MIN",
                     help="tournament play: when MIN minutes are up, the round going on is the last; then the places")
    do = sub.add_parser("do", help="one action; each shell argument is one word")
    do.add_argument("game", type=Path)
    # every word after the game is the action's, even one that looks like an option ("pay ann -2m" is refused by
    # the command language, saying why, not by argparse with its usage)
    do.add_argument("words", nargs=argparse.REMAINDER)
    run = sub.add_parser("run", help="one action per line of a script (# comments)")
    run.add_argument("game", type=Path)
    run.add_argument("script", type=Path)
    for name in ("state", "score"):
        p = sub.add_parser(name)
        p.add_argument("game", type=Path)
        p.add_argument("--json", action="store_true")
    ledger = sub.add_parser("ledger", help="every event, undone ones marked, with running balances")
    ledger.add_argument("game", type=Path)
    ledger.add_argument("--json", action="store_true")
    ledger.add_argument("--player")
    verify = sub.add_parser("verify", help="re-hash the chain and replay the fold")
    verify.add_argument("game", type=Path)
    ask = sub.add_parser("ask", help="where a move goes: mr-monopoly | bus | auction-space <player> <space>")
    ask.add_argument("game", type=Path)
    ask.add_argument("question", choices=sorted(QUESTIONS))
    ask.add_argument("player")
    ask.add_argument("space", help="a board position (0 = GO) or a space name")
    ask.add_argument("dice", nargs="*", help="bus on the classic board's speed die (002): the two white dice")
    serve = sub.add_parser("serve", help="phone wallets on the local network; prints `wallet: URL` to share")
    serve.add_argument("game", type=Path)
    serve.add_argument("--host", default="0.0.0.0", help="0.0.0.0 (default): phones on the same Wi-Fi can join")
    serve.add_argument("--port", type=int, default=8000, help="0 picks a free port")
    serve.add_argument("--parent-pid", type=int, default=0, help=argparse.SUPPRESS)  # the app: stop when it exits
    proposals = sub.add_parser("proposals", help="the phones' proposals waiting; accept or refuse one by its id")
    proposals.add_argument("game", type=Path)
    proposals.add_argument("decision", nargs="?", choices=("accept", "refuse"))
    proposals.add_argument("id", nargs="?", help="the proposal's id, as the list shows it")
    proposals.add_argument("--json", action="store_true")
    phones = sub.add_parser("phones", help="the names claimed by phones; `free NAME` gives one back")
    phones.add_argument("game", type=Path)
    phones.add_argument("decision", nargs="?", choices=("free", "allow"))
    phones.add_argument("player", nargs="?", help="the name to free, as the list shows it")
    phones.add_argument("--json", action="store_true")
    editions = sub.add_parser("editions", help="list the editions")
    editions.add_argument("--json", action="store_true")
    sub.add_parser("help", help="the command language")
    add_league_parser(sub)
    add_file_parsers(sub)
    return parser


def _err(message: str) -> None:
    print(f"banker: {message}", file=sys.stderr)


def main(argv: Sequence[str] | None = None) -> int:
    """The headless command line (`python -m banker`); the `banker` command adds the app."""
    args_list = list(sys.argv[1:] if argv is None else argv)
    if wants_the_app(args_list):
        _err("the app opens with the `banker` command (or `python -m screens [GAME.db]`); "
             f"here: {', '.join(sorted(SUBCOMMANDS))}")
        return 2
    args = _parser().parse_args(args_list)
    try:
        return COMMANDS[args.command](args)
    except Refusal as refusal:
        _err(str(refusal))
        return 1
    except (LedgerError, EditionError) as error:
        _err(str(error))
        return 2
    except BrokenPipeError:  # `banker ledger GAME.db | head`: the reader left, nothing is wrong
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


def _new(args: argparse.Namespace) -> int:
    edition = load_edition(args.edition)
    players = [p for p in args.players.split(",")]
    game = Game.create(args.game, edition, players, args.house_rule + ["follow-tokens"] * args.follow_tokens)
    try:
        if args.clock:
            game.do(f"clock {args.clock}")
        if args.time_limit:
            from datetime import UTC, datetime

            from .commands import SetTimeLimit

            game.execute(SetTimeLimit(args.time_limit, datetime.now(UTC).isoformat(timespec="seconds")))
    except Refusal:
        game.close()
        args.game.unlink(missing_ok=True)
        raise
    print(f"new {edition.id} game in {args.game} with {', '.join(game.state.players)}"
          + (f", game clock {args.clock} minutes" if args.clock else "")
          + (f", time limit {args.time_limit} minutes then the last round" if args.time_limit else ""))
    game.close()
    return 0


def _do(args: argparse.Namespace) -> int:
    import shlex

    game = Game.open(args.game)
    try:
        # one argument is the whole line as typed (`banker do GAME "pay alice 50 bob"`); several are its words
        line = "" if not args.words else args.words[0] if len(args.words) == 1 else shlex.join(args.words)
        outcome = game.do(line)
        print(outcome.summary)
    finally:
        game.close()
    return 0


def _run(args: argparse.Namespace) -> int:
    try:
        lines = args.script.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as error:
        _err(f"{args.script}: cannot be read ({error})")
        return 2
    game = Game.open(args.game)
    try:
        for number, line in enumerate(lines, start=1):
            text = line.split("#", 1)[0].strip() if not line.lstrip().startswith("#") else ""
            if not text:
                continue
            try:
                print(game.do(text).summary)
            except Refusal as refusal:
                _err(f"{args.script}:{number}: {text}: {refusal}")
                return 1
    finally:
        game.close()
    return 0


def _state(args: argparse.Namespace) -> int:
    game = Game.open(args.game)
    try:
        body = game.state_json()
        if args.json:
            print(json.dumps(body, indent=2, ensure_ascii=False))
        else:
            print(render_state(game))
    finally:
        game.close()
    return 0


def render_state(game: Game) -> str:
    state, money = game.state, game.money
    lines = [f"{state.edition.name}  (ledger: {game.head[0]} events, head {game.head[1][:12]})"]
    for player in state.players:
        marks = [m for m, on in (("BANKRUPT", player in state.bankrupt), ("in jail", player in state.in_jail)) if on]
        cards = len(state.jail_cards[player])
        if cards:
            marks.append(f"{cards} Get Out of Jail Free")
        for kind in state.edition.holdings.values():
            if state.count(kind.key, player):
                marks.append(kind.count(state.count(kind.key, player)))
        marks += [m for m, on in (("MR. MONOPOLY", state.mr_monopoly == player),
                                  ("trapped", player in state.trapped)) if on]
        lines.append(f"{player:<12} {money(state.cash(player)):>8}  {'  '.join(marks)}")
        for deed in state.deeds_of(player):
            h = state.deeds[deed]
            build = "skyscraper" if h.skyscraper else "hotel" if h.hotel else (f"{h.houses}h" if h.houses else "")
            build += "depot" if h.depot else ""
            if h.residential or h.industrial:
                build = f"{h.residential}R {h.industrial}I " + build
            build += "".join(f" {mark}" for mark, on in (("stadium", h.stadium), ("railroad", h.railroad),
                                                         ("TOWER", h.tower), (h.hazard, bool(h.hazard)),
                                                         (h.bonus, bool(h.bonus))) if on)
            lines.append(f"    {deed:<26} {build:<6} {'MORTGAGED' if h.mortgaged else ''}")
    lines.append("bank: " + ", ".join(bank_parts(state))
                 + (f"; Free Parking pot {money(state.accounts['pot'])}" if state.free_parking else ""))
    if state.auction:
        a = state.auction
        lead = f"{a.high_bidder} leads with {money(a.high_bid)}" if a.high_bidder else "no bid yet"
        lines.append(f"auction open for {a.deed}: {lead}")
    if state.to_auction:
        lines.append(f"to auction: {', '.join(state.to_auction)}")
    return "\n".join(lines)


def _ledger(args: argparse.Namespace) -> int:
    from .history import Entry
    from .ledger_read import Reading, entry_text

    game = Game.open(args.game, read_only=True)  # a damaged game's ledger is read as far as it holds
    try:
        reading = Reading(game.store, game.head[0])  # streamed: one entry in memory at a time, whatever the length
        items: Iterator[Entry] = reading.entries()
        player = match(args.player, game.state.players, "player") if args.player else None
        if player:
            items = (e for e in items if player in e.people)
        if args.json:  # written entry by entry, as json.dumps(list, indent=2) writes it
            out = sys.stdout
            number = -1
            for number, e in enumerate(items):
                out.write(",\n  " if number else "[\n  ")
                out.write(entry_text(e).replace("\n", "\n  "))
            out.write("\n]\n" if number >= 0 else "[]\n")
        else:
            for e in items:
                mark = "UNDONE " if e.undone else ""
                balance = f"  [{player}: {game.money(e.balances[player])}]" if player else ""
                print(f"{e.seq:>6} {e.time[:19]}  {mark}{e.text}{balance}")
        problem = reading.problem
    finally:
        game.close()
    if game.damage or problem:
        _err(game.damage or f"{args.game}: {problem}; run `banker verify {args.game}` for details")
        return 2
    return 0


def _verify(args: argparse.Namespace) -> int:
    from .verify import main as verify_main

    return verify_main(args.game)  # one streamed pass: chain, replay, snapshots (`python -m banker` goes there first)


def _score(args: argparse.Namespace) -> int:
    from .valuation import district_values, score, score_json

    game = Game.open(args.game)
    try:
        lines = game.final_round_lines()
        if args.json:
            print(json.dumps(with_places(game, score_json(game.state, lines)), indent=2, ensure_ascii=False))
            return 0
        table, winner = score(game.state)
        money = game.money
        if game.state.edition.final_rent_round:
            print("final rent round:" if lines else "final rent round: not played yet (`final`)")
            for player, deed, rent in lines:
                print(f"  {player:<12} {deed:<26} {money(rent):>9}")
        by_cash = game.state.edition.winner_by == "cash"
        if by_cash:
            print("most cash wins")
        by_rent = game.state.edition.valuation == "rent_value"
        if by_rent:  # City (004): cash + the rent value of every district, each part shown
            print(f"{'player':<12} {'cash':>9} {'rent values':>12} {'net worth':>10}")
        else:
            print(f"{'player':<12} {'cash':>9} {'deeds':>9} {'buildings':>10} {'net worth':>10}")
        for w in sorted(table, key=lambda w: -(w.cash if by_cash else w.net_worth)):
            out = "  (bankrupt)" if w.bankrupt else ""
            if not by_rent:
                print(f"{w.name:<12} {money(w.cash):>9} {money(w.deeds):>9} {money(w.buildings):>10} "
                      f"{money(w.net_worth):>10}{out}")
                continue
            print(f"{w.name:<12} {money(w.cash):>9} {money(w.deeds):>12} {money(w.net_worth):>10}{out}")
            for deed, value, mortgaged in district_values(game.state, w.name):
                print(f"    {deed:<20} {money(value):>9}{'  (mortgaged)' if mortgaged else ''}")
        print(f"winner: {winner}" if winner else "no single winner yet (a tie at the top)")
    finally:
        game.close()
    return 0


def with_places(game: Game, body: dict) -> dict:
    """`score --json` with each player's place and the order that placed them (docs/places.md)."""
    from .places import order_used, out_order_of, places_json

    assert game.timeline is not None
    gone = out_order_of(game.timeline)
    placed = places_json(game.state, gone)
    for row in body["players"]:
        row["place"] = placed[row["name"]]
    body["places_by"] = order_used(game.state)
    body["out_order"] = gone
    return body


def edition_json(edition: Edition) -> dict:
    """What a script or a phone needs to draw a board, without parsing TOML."""
    return {
        "id": edition.id,
        "name": edition.name,
        "currency": edition.currency,
        "starting_cash": edition.starting_cash,
        "players": [edition.min_players, edition.max_players],
        "deeds": [{"name": d.name, "price": d.price, "group": d.group, "kind": d.kind, "position": d.position}
                  for d in edition.deeds.values()],
        "holdings": {k.json_key: k.supply for k in edition.holdings.values()},
        "spaces": [{"name": s.name, "type": s.type} for s in edition.spaces],
    }


def _editions(args: argparse.Namespace) -> int:
    if args.json:
        listed = []
        for path in edition_files().values():
            try:
                listed.append(edition_json(load_edition_file(path)))
            except EditionError as error:
                _err(str(error))
        print(json.dumps(listed, indent=2, ensure_ascii=False))
        return 0
    for edition_id, path in edition_files().items():
        try:
            e = load_edition_file(path)
            print(f"{edition_id:<14} {e.name}  ({e.min_players}-{e.max_players} players, "
                  f"start {e.money(e.starting_cash)})")
        except EditionError as error:
            print(f"{edition_id:<14} UNUSABLE: {error}")
    print(f"(add your own: drop a NAME.toml into {user_editions_dir()})")
    return 0


def _help(args: argparse.Namespace) -> int:
    from .language import USAGE

    for usage in USAGE.values():
        print(usage)
    return 0


COMMANDS = {
    "new": _new, "do": _do, "run": _run, "state": _state, "ledger": _ledger,
    "verify": _verify, "score": _score, "editions": _editions, "help": _help, "ask": ask, "serve": serve,
    "proposals": proposals, "phones": phones,
    "league": league,
    "backup": backup, "repair": repair,
}
