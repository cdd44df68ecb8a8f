"""The process tests/test_crash.py kills: it plays a scripted game and says what it is doing.

Runs as a small fork server so each kill does not pay for a fresh interpreter:
each line on stdin, `GAME SEED SLOW_MS BROKEN [SCRIPT]`, forks one worker that opens the
game and plays multi-leg actions (trades of five and more legs, bankruptcies,
the bank's auctions after them, their undos) until it is killed; SCRIPT names one of
tests/crash_scripts.py's SCRIPTS instead of the edition's own. On a Mega game the script also builds skyscrapers
and train depots, takes, expires, rides and trades bus tickets, and its bankruptcies
sell skyscrapers and depots back to the bank. Sore Losers and City games play their
own scripts (tests/crash_scripts.py), and so does a game that follows the tokens (SCRIPT `tokens`: rolls that
pass GO, tagged go-passed, card-passed-go, rolled). Every line below is one `os.write`, so a line is
either wholly in the pipe or not at all when SIGKILL lands:

    S <pid>                          a worker started
    O <events>                       it opened the game (events already stored)
    P <action> <rows> <digest> <verb> <tags>  the plan: the events the next line will store, decided before
                                     `do`; tags name the new pieces in it (skyscraper-sold, coin-awarded,
                                     blocks-built...) or are "-"
    T <action> <rows>                inside the action's transaction, about to insert its rows (an action of
                                     one row sleeps SLOW_MS here: its only moment inside the transaction)
    I <action> <k> <rows>            k rows inserted, the transaction still open (sleeps SLOW_MS here)
    K <action>                       the commit starts
    C <action> <rows> <digest>       `do` returned: the action is committed
    X <status>                       (from the server) the worker ended: -signal or exit code

BROKEN=1 makes the worker store each event in its own transaction, a ledger that
breaks the one-action-one-transaction rule; the test uses it to show its checks
catch a half-stored action.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import re
import shlex
import sqlite3
import sys
import time
import traceback
from collections.abc import Sequence
from typing import Any

from banker import commands as c
from banker import events as ev
from banker import ledger
from banker.errors import Refusal
from banker.game import Game
from banker.language import parse
from banker.ledger import LedgerStore, Record, canonical
from banker.rules import decide
from banker.rules.buildings import build_refusal, sell_refusal
from banker.rules.depots import depot_refusal
from banker.rules.trade import tradable_refusal
from banker.state import SKYSCRAPER, GameState
from tests.crash_scripts import SCRIPTS, BankruptcyWalk, bankrupt_line, edition_tags, script_for

ACTIONS_PER_WORKER = 5000
HOLD_SECONDS = 60.0  # a held worker waits this long for its kill (the test kills it as soon as it reads the line)


def say(line: str) -> None:
    os.write(1, (line + "\n").encode())


def digest(pairs: Sequence[tuple[str, str]]) -> str:
    """The fingerprint of an action: its events' types and canonical payloads, in order."""
    return hashlib.sha256(json.dumps(list(pairs)).encode()).hexdigest()[:16]


def events_digest(events: Sequence[ev.Event]) -> str:
    return digest([(e.type, canonical(e.payload())) for e in events])


def records_digest(records: Sequence[Record]) -> str:
    return digest([(r.type, r.payload) for r in records])


class Watch:
    """Reports each statement of an append's transaction, sleeping between inserted rows.

    Hooks SQLite's own statement trace on every connection the ledger opens, so
    it sees the real writes whatever the ledger code uses to issue them. An action of one event is one
    INSERT outside BEGIN, its own transaction: "T" before it starts (a kill then must leave nothing),
    "K INSERT" once it is under way (its commit may or may not be done).
    """

    def __init__(self, slow: float, hold: str = "") -> None:
        self.slow = slow
        self.rows = 0
        self.planned = 0
        # `hold=<wanted>:<min_rows>`: inside an action whose verb or tags name `wanted` (any, when empty) with at least
        # min_rows rows, the worker waits there until the test's kill lands, however busy the machine (issue 34)
        wanted, _, rows = hold.partition(":")
        self.hold, self.hold_rows = (wanted, int(rows)) if hold else (None, 0)
        self.flight: list[str] = []  # the verb and tags of the action being stored

    def pause(self) -> None:
        """The worker's moment inside the transaction: SLOW_MS, or until killed when this is the action held."""
        held = self.hold is not None and (not self.hold or self.hold in self.flight) and self.planned >= self.hold_rows
        time.sleep(HOLD_SECONDS if held else self.slow)

    def trace(self, statement: str, connection: sqlite3.Connection) -> None:
        if statement.startswith("INSERT INTO event"):
            found = re.search(r"VALUES \((\d+), '[^']*', (\d+),", statement)
            action = found.group(2) if found else "?"
            if self.rows == 0:
                say(f"T {action} {self.planned}")
                if self.planned == 1:
                    self.pause()
                if not connection.in_transaction:  # a statement that is its own transaction: it commits now
                    say("K INSERT")
                    return
            else:
                say(f"I {action} {self.rows} {self.planned}")
                self.pause()
            self.rows += 1
        elif statement in ("COMMIT", "ROLLBACK"):
            if self.rows:
                say(f"K {statement}")
            self.rows = 0

    def install(self) -> None:
        """Every sqlite3 connection banker.ledger opens from now on (`_connect`) traces its statements here."""
        connect = ledger._connect

        def traced_connect(*args: Any, **kwargs: Any) -> Any:
            connection = connect(*args, **kwargs)
            connection.set_trace_callback(lambda statement: self.trace(statement, connection))
            return connection

        ledger._connect = traced_connect


def break_atomicity(watch: Watch) -> None:
    """A deliberately wrong ledger: one transaction per event instead of one per action."""
    append = LedgerStore.append

    def one_by_one(store: LedgerStore, events: Sequence[ev.Event], after: tuple[int, str],
                   action: int | None = None) -> list[Record]:
        action = action if action is not None else after[0] + 1
        records: list[Record] = []
        for k, event in enumerate(events):
            if k:
                say(f"I {action} {k} {len(events)}")
                watch.pause()
            records += append(store, [event], after, action)
            after = (records[-1].seq, records[-1].hash)
        return records

    LedgerStore.append = one_by_one  # type: ignore[method-assign]


def planned_events(game: Game, line: str) -> list[ev.Event]:
    """What `do(line)` will store, decided independently beforehand (Refusal if it will not)."""
    command = parse(line, game.state)
    assert game.timeline is not None
    if isinstance(command, c.Undo):
        target = game.timeline.latest()
        if target is None:
            raise Refusal("nothing to undo")
        return [ev.ActionUndone(target, game.summary_of(target))]
    if isinstance(command, c.Redo):
        target = game.timeline.next_redo()
        if target is None:
            raise Refusal("nothing to redo")
        return [ev.ActionRedone(target, game.summary_of(target))]
    return decide(game.state, command)


def tags(state: GameState, plan: Sequence[ev.Event]) -> str:
    """The new pieces an action moves, for the test's tally of where kills landed ("-" for none)."""
    found = set()
    for e in plan:
        if isinstance(e, ev.BuildingsBuilt) and e.level == SKYSCRAPER:
            found.add("skyscraper-built")
        elif isinstance(e, ev.BuildingsSold) and state.deeds[e.deed].level == SKYSCRAPER:
            found.add("skyscraper-sold")
        elif isinstance(e, ev.DepotBuilt):
            found.add("depot-built")
        elif isinstance(e, ev.DepotSold):
            found.add("depot-sold")
        elif isinstance(e, ev.HoldingMoved) and e.kind == "bus_ticket":
            found.add(f"tickets-{'expired' if e.why == 'expired' else 'moved'}")
    return ",".join(sorted(found | edition_tags(state, plan))) or "-"


def q(name: str) -> str:
    return shlex.quote(name)


def tradable(state: GameState, player: str) -> list[str]:
    return [d for d in state.deeds_of(player) if tradable_refusal(state, player, d) is None]


def next_line(state: GameState, rng: random.Random) -> str:
    """The script: mostly actions of many legs, kept playable forever."""
    if state.bankrupt:
        return "undo"  # take the bankruptcy back so the table stays full
    if state.auction is not None:
        return "sold"
    players = list(state.active_players)
    bank = [d for d, h in state.deeds.items() if h.owner == ev.BANK]
    roll = rng.random()
    richest = max(players, key=state.cash)
    if bank and roll < 0.25:
        return f"buy {q(richest)} {q(rng.choice(bank))}"
    if roll < 0.60:
        first, second = rng.sample(players, 2)
        gives = rng.sample(tradable(state, first), min(3, len(tradable(state, first))))
        gets = rng.sample(tradable(state, second), min(3, len(tradable(state, second))))
        words = ["trade", q(first), q(second), "give", *map(q, gives), f"${rng.randint(1, 40)}"]
        words += ["goojf"] if state.jail_cards[first] else []
        words += ["get", *map(q, gets), f"${rng.randint(1, 40)}"]
        words += ["goojf"] if state.jail_cards[second] else []
        return " ".join(words + (["lift"] if rng.random() < 0.3 else []))
    if roll < 0.70:
        player = rng.choice(players)
        creditor = rng.choice([p for p in players if p != player] + [ev.BANK])
        return bankrupt_line(state, rng, player, creditor, lift=creditor != ev.BANK and rng.random() < 0.3)
    if roll < 0.78:
        return f"go {q(min(players, key=state.cash))}"
    if roll < 0.82:
        deck = rng.choice(["chance", "chest"])
        return f"card {q(rng.choice(players))} {deck} goojf"
    if roll < 0.90:
        owned = [(h.owner, d) for d, h in state.deeds.items() if h.owner in players]
        if owned:
            owner, deed = rng.choice(owned)
            verb = "unmortgage" if state.deeds[deed].mortgaged else "mortgage"
            return f"{verb} {q(owner)} {q(deed)}"
    return rng.choice(["undo", "redo", f"go {q(rng.choice(players))}"])


def next_mega_line(state: GameState, rng: random.Random) -> str:
    """The Mega script: the classic one's trades and bankruptcies, plus skyscrapers, depots and bus tickets."""
    if state.bankrupt:
        return "undo"
    if state.auction is not None:
        return "sold"
    players = list(state.active_players)
    roll = rng.random()
    tickets = state.held["bus_ticket"]
    if roll < 0.06:
        return f"collect {q(min(players, key=state.cash))} {rng.choice([500, 1000, 2000])}"
    if roll < 0.24:  # a skyscraper, a house or hotel, or a train depot, where the rules allow one now
        builds = [(state.deeds[d].level, f"build {q(h.owner)} {q(d)}") for d, h in state.deeds.items()
                  if h.owner in players and build_refusal(state, h.owner, d) is None]
        builds += [(SKYSCRAPER, f"depot {q(h.owner)} {q(d)}") for d, h in state.deeds.items()
                   if h.owner in players and depot_refusal(state, h.owner, d) is None]
        if builds:
            top = max(level for level, _ in builds)
            return rng.choice([line for level, line in builds if level == top or rng.random() < 0.3])
    if roll < 0.44:  # a trade of cash, tickets and the deeds that may change hands
        first, second = rng.sample(players, 2)
        words = ["trade", q(first), q(second), "give", *map(q, tradable(state, first)[:2]), f"${rng.randint(1, 40)}"]
        words += ["ticket"] * min(tickets[first], rng.randint(0, 3))
        words += ["get", *map(q, tradable(state, second)[:2]), f"${rng.randint(1, 40)}"]
        words += ["ticket"] * min(tickets[second], rng.randint(0, 3))
        return " ".join(words)
    if roll < 0.56:  # sells every building and depot, hands over or returns every ticket; undone next
        player = rng.choice(players)
        return bankrupt_line(state, rng, player, rng.choice([p for p in players if p != player] + [ev.BANK]))
    if roll < 0.78:
        player = rng.choice(players)
        holders = [p for p in players if tickets[p]]
        kind = rng.random()
        if len(holders) >= 3 and kind < 0.6:
            return f"ticket {q(player)} expire"  # every other ticket held goes out of play: one leg per holder
        if kind < 0.8:  # mostly to someone without one, so the next expiry has tickets to take
            return f"ticket {q(rng.choice([p for p in players if p not in holders] or players))}"
        if kind < 0.9 and holders:
            return f"ride {q(rng.choice(holders))}"
        return f"gift {q(player)} ticket"
    if roll < 0.86:  # a skyscraper back to a hotel, a depot back to the bank
        sales = [(h.depot, f"sell {q(h.owner)} {q(d)}") for d, h in state.deeds.items()
                 if h.owner in players and h.improved and sell_refusal(state, h.owner, d) is None]
        depot = rng.random() < 0.5
        if sales:
            return rng.choice([line for is_depot, line in sales if is_depot == depot] or [line for _, line in sales])
    return rng.choice(["undo", "redo", f"go {q(rng.choice(players))}"])


class MegaPieces:
    """The Mega script with a scripted start (issue 34: no coverage by chance): each worker first builds a skyscraper,
    sells it back to a hotel, sells a train depot and builds it again, hands out bus tickets and expires them, and
    trades tickets; then it plays `next_mega_line` at random. The test's kills aimed at these actions find them
    within a worker's first lines, and every one of them is committed before a kill aimed at a later one."""

    def __init__(self) -> None:
        self.step = 0

    def __call__(self, state: GameState, rng: random.Random) -> str:
        while self.step < len(MEGA_STEPS):
            line = MEGA_STEPS[self.step](state)
            if line is not None and _accepted(state, line):
                if not line.startswith("ticket ") or "expire" in line:  # tickets handed out until 3 hold one
                    self.step += 1
                return line
            self.step += 1
        return next_mega_line(state, rng)


def _accepted(state: GameState, line: str) -> bool:
    try:
        decide(state, parse(line, state))
    except Refusal:
        return False
    return True


def _build_skyscraper(state: GameState) -> str | None:
    return next((f"build {q(h.owner)} {q(d)}" for d, h in state.deeds.items() if h.owner in state.active_players
                 and h.level == SKYSCRAPER - 1 and build_refusal(state, h.owner, d) is None), None)


def _sell_skyscraper(state: GameState) -> str | None:
    return next((f"sell {q(h.owner)} {q(d)}" for d, h in state.deeds.items() if h.owner in state.active_players
                 and h.level == SKYSCRAPER and sell_refusal(state, h.owner, d) is None), None)


def _sell_depot(state: GameState) -> str | None:
    return next((f"sell {q(h.owner)} {q(d)}" for d, h in state.deeds.items() if h.owner in state.active_players
                 and h.depot and sell_refusal(state, h.owner, d) is None), None)


def _build_depot(state: GameState) -> str | None:
    return next((f"depot {q(h.owner)} {q(d)}" for d, h in state.deeds.items() if h.owner in state.active_players
                 and depot_refusal(state, h.owner, d) is None), None)


def _expire_tickets(state: GameState) -> str | None:
    """`ticket <p> expire` once three others hold a ticket (one leg each); else a ticket to one without."""
    players, tickets = list(state.active_players), state.held["bus_ticket"]
    if sum(tickets[p] > 0 for p in players[1:]) >= 3:
        return f"ticket {q(players[0])} expire"
    return next((f"ticket {q(p)}" for p in players[1:] if not tickets[p]), None)


def _trade_tickets(state: GameState) -> str | None:
    players, tickets = list(state.active_players), state.held["bus_ticket"]
    holder = next((p for p in players if tickets[p]), None)
    if holder is None:
        return f"ticket {q(players[0])}"
    other = next(p for p in players if p != holder)
    return f"trade {q(holder)} {q(other)} give ticket $5 get $1"


MEGA_STEPS = (_build_skyscraper, _sell_skyscraper, _sell_depot, _build_depot, _expire_tickets, _trade_tickets)


def play(path: str, seed: str, slow_ms: float, broken: bool, named: str = "", hold: str = "") -> None:
    say(f"S {os.getpid()}")
    watch = Watch(slow_ms / 1000, hold)
    watch.install()
    if broken:
        break_atomicity(watch)
    game = Game.open(path)
    say(f"O {game.head[0]}")
    rng = random.Random(f"{seed}:{game.head[0]}")
    edition = script_for(game.state) or (MegaPieces() if "bus_ticket" in game.state.held else next_line)
    script = BankruptcyWalk(SCRIPTS[named], go_on=0.9) if named else BankruptcyWalk(edition)
    for _ in range(ACTIONS_PER_WORKER):
        line = script(game.state, rng)
        try:
            plan = planned_events(game, line)
        except Refusal:
            continue
        watch.planned = len(plan)
        watch.flight = [line.split()[0], *tags(game.state, plan).split(",")]
        say(f"P {game.head[0] + 1} {len(plan)} {events_digest(plan)} {' '.join(watch.flight[:1])} "
            f"{tags(game.state, plan)}")
        try:
            outcome = game.do(line)
        except Refusal:
            continue
        say(f"C {outcome.action} {len(outcome.events)} {events_digest(outcome.events)}")


def serve() -> None:
    """One worker per request line; reports how each one ended."""
    for request in sys.stdin:
        if not request.strip():
            continue
        path, seed, slow_ms, broken, *rest = request.split()
        named = [word for word in rest if not word.startswith("hold=")]
        hold = next((word.removeprefix("hold=") for word in rest if word.startswith("hold=")), "")
        pid = os.fork()
        if pid == 0:
            code = 0
            try:
                play(path, seed, float(slow_ms), broken == "1", *named[:1], hold=hold)
            except BaseException:
                traceback.print_exc()
                code = 1
            finally:
                os._exit(code)
        _, status = os.waitpid(pid, 0)
        say(f"X {-os.WTERMSIG(status) if os.WIFSIGNALED(status) else os.WEXITSTATUS(status)}")


if __name__ == "__main__":
    serve()
