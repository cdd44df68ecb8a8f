"""A phone speaks in its owner's voice: on Ben's phone `pay Ann 50` is `pay Ben 50 Ann`.

The phone's owner is the acting player and is left out of the line, for every verb whose first
word is a player (`buy Boardwalk`, `bail`, `trade Ann give Boardwalk get $200`, `bankrupt Ann
2000`); the full line with the owner's name is what the banker sees and runs. Typing one's own
name first anyway means the same thing. A line is checked against the rules now, on the current
state, and described in the ledger's own words before anything is queued. A phone proposes only
what its owner pays, gives, gets, draws or declares: decided from the events the line would produce
(no leg between two other players), and by the verb (another player's card, bankruptcy or dice are
theirs to declare). A spin the phone leaves to chance is drawn once, here, and kept in the line.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from .. import commands as c
from .. import events as ev
from .. import rules  # rules.decide at call time: deciding loads every rule
from ..describe import summarize
from ..errors import Refusal
from ..language import USAGE, parse
from ..names import match, squash
from ..state import GameState

PLAIN = set("$£&'.,-")  # beside letters and digits: a word typed as the banker would type it
ACTOR_SLOTS = ("<player>", "<payer>", "<a>", "<mr-monopoly>")
ACTING = frozenset(verb for verb, usage in USAGE.items()
                   if len(usage.split()) > 1 and usage.split()[1] in ACTOR_SLOTS)
BANKER_ONLY = {
    "undo": "only the banker can undo; ask the banker",
    "redo": "only the banker can redo; ask the banker",
    "clock": "only the banker starts or stops the game clock; ask the banker",
    "last": "only the banker calls the last round; ask the banker",
    "end": "only the banker ends the game; ask the banker",
}
MONEY_FORMS = {  # the other side may come before or after the amount
    "pay": "pay <amount> (to the bank)  |  pay <player|pot> <amount>",
    "collect": "collect <amount> (from the bank)  |  collect <player|pot> <amount>",
}
REFUSED_NOW = "the rules would refuse it now: "
# Verbs whose line may name another player first: that player pays the phone's owner or deals with them
# (003:83 "the owner must ask you for the rent"). Any other verb is the named player's own to declare.
OTHER_MAY_ACT = frozenset({"rent", "pay", "collect", "trade", "trap"})


@dataclass(frozen=True)
class Reading:
    """A phone's line read as the banker would type it."""

    verb: str
    line: str  # the full line, with the owner's name where the command language wants the player
    command: c.Command
    actor: str  # the player the line names first ("" for `auction`, `sold`, `place`, `final`)


@dataclass(frozen=True)
class Meaning:
    line: str
    text: str  # the action in the ledger's words: "Ben pays Ann $50 (pay)"
    command: c.Command | None = None  # what runs when the banker accepts it (no second reading, no new draw)


def phone_usage(verb: str) -> str:
    """The verb's usage as typed on a phone: without the acting player."""
    if verb in MONEY_FORMS:
        return MONEY_FORMS[verb]
    usage = USAGE[verb]
    if verb not in ACTING:
        return usage
    text = re.sub(rf"\b{verb} <[\w-]+> ?", f"{verb} ", usage).replace("<b>", "<player>")
    return re.sub(r" {3,}", "  ", text).strip()


def _words(line: str) -> list[str]:
    """Split as the command language does (a shell's rules only when there are quotes)."""
    try:
        return line.split() if not any(q in line for q in "\"'\\") else shlex.split(line, comments=False)
    except ValueError:
        raise Refusal("a quote is left open; close it (\"Park Place\") and try again") from None


def _join(words: Sequence[str]) -> str:
    plain = re.compile(r"[^\s\"'\\]+")
    return " ".join(word if plain.fullmatch(word) else shlex.quote(word) for word in words)


def _amount_like(word: str) -> bool:
    """Money (50, $50, M2m, -5), not a name: where the other side of a payment may stand."""
    return re.match(r"[-$£]?M?-?\.?\d", word.strip()) is not None


def _exact_player(state: GameState, word: str) -> bool:
    """A player's whole name (a player called 007 or M2 is a name here, not an amount)."""
    return any(squash(word) == squash(p) for p in state.players)


def _player_named(state: GameState, word: str) -> str:
    """The player `word` names, or "" (no error: it may be a deed or an amount)."""
    try:
        return match(word, state.players, "player")
    except Refusal:
        return ""


def _someone_else(state: GameState, proposer: str) -> str:
    return next((p for p in state.players if p != proposer), "Ann")


def _phone_form(state: GameState, verb: str, proposer: str, args: list[str]) -> list[str] | None:
    """The full line's words after the verb, or None when the words do not fit the phone's form."""
    if verb not in MONEY_FORMS:
        return [proposer, *args]
    if len(args) == 1:
        return [proposer, args[0]]
    named = [_exact_player(state, word) for word in args]
    if len(args) == 2 and named[0] != named[1] and all(map(_amount_like, args)):  # `pay 007 50`: a name
        amount, other = (args[1], args[0]) if named[0] else (args[0], args[1])
        return [proposer, amount, other]
    if len(args) == 2 and _amount_like(args[0]) != _amount_like(args[1]):
        amount, other = (args[0], args[1]) if _amount_like(args[0]) else (args[1], args[0])
        return [proposer, amount, other]
    return None


def _shape_refusal(verb: str, proposer: str, refusal: Refusal | None) -> Refusal:
    """A parse error about the line's shape names the phone's usage, not the banker's."""
    if refusal is not None and USAGE[verb] not in str(refusal):
        return refusal
    return Refusal(f"on your phone write {phone_usage(verb)} (you are {proposer}: leave your name out)")


def _kept(reading: Reading) -> Reading:
    """A spin left to chance keeps the result drawn now: the phone, the banker's list and the ledger agree."""
    command = reading.command
    if not isinstance(command, c.SpinBuild):
        return reading
    words = ["spin", command.player, command.result] + (["again"] if command.again else [])
    return Reading(reading.verb, _join(words), command, reading.actor)


def _named(state: GameState, word: str) -> str:
    """The player's or deed's own spelling of `word`, or the word itself."""
    for names, what in ((state.players, "player"), (tuple(state.edition.deeds), "deed")):
        try:
            return match(word, names, what)
        except Refusal:
            continue
    return word


def canonical(state: GameState, reading: Reading) -> Reading:
    """The line in the table's own spelling: each name as the game writes it, whatever the phone typed
    around it (parentheses, combining strokes, another case), so the banker reads what will run.

    A word typed plainly (letters, digits, `$&'.,-`: `boardwalk`, `bob`) stays as the banker would type it; any
    other is respelled, only when the line still parses to the very same command.
    """
    words = _words(reading.line)
    if not words:
        return reading
    words[0] = reading.verb
    for index in range(1, len(words)):
        if all(char.isalnum() or char in PLAIN for char in words[index]):
            continue
        spelled = _named(state, words[index])
        if spelled == words[index]:
            continue
        trial = [*words[:index], spelled, *words[index + 1:]]
        try:
            if parse(_join(trial), state) == reading.command:
                words = trial
        except Refusal:
            continue
    line = _join(words)
    try:
        same = parse(line, state) == reading.command
    except Refusal:
        same = False
    return Reading(reading.verb, line, reading.command, reading.actor) if same else reading


def read_phone_line(state: GameState, proposer: str, typed: str) -> Reading:
    """The full line a phone's line stands for; a Refusal when it cannot be read or is the banker's alone."""
    words = _words(typed)
    if not words:
        raise Refusal(f"write an action to propose, e.g. pay {_someone_else(state, proposer)} 50")
    verb = match(words[0], USAGE, "action", hint=f"; e.g. pay {_someone_else(state, proposer)} 50 or buy <deed>")
    if verb in BANKER_ONLY:
        raise Refusal(BANKER_ONLY[verb])
    args = words[1:]
    if verb not in ACTING:
        line = _join([verb, *args])
        return Reading(verb, line, parse(line, state), "")
    first = _player_named(state, args[0]) if args else ""
    if args and squash(args[0]) == squash(proposer):  # the whole name: `buy b&o` on Bob's phone is a railroad
        line = _join([verb, proposer, *args[1:]])
        return _kept(Reading(verb, line, parse(line, state), proposer))
    mine = _phone_form(state, verb, proposer, args)
    problem: Refusal | None = None
    if mine is not None:
        line = _join([verb, *mine])
        try:
            return _kept(Reading(verb, line, parse(line, state), proposer))
        except Refusal as refusal:
            problem = refusal
    if first:  # written in full, naming another player first: the checks on its events decide
        line = _join([verb, first, *args[1:]])
        try:
            return _kept(Reading(verb, line, parse(line, state), first))
        except Refusal:
            pass
    raise _shape_refusal(verb, proposer, problem)


def _moves(event: ev.Event) -> Iterator[tuple[str, str, str]]:
    """Every (from, to, what) the event moves: each money leg, each deed, each holding or card."""
    e: Any = event
    for leg in event.transfers:
        yield leg.payer, leg.payee, "money"
    match e:
        case ev.DeedBought(player=player):
            yield ev.BANK, player, "deeds"
        case ev.AuctionClosed(winner=winner) if winner:
            yield ev.BANK, winner, "deeds"
        case ev.DeedHandedOver(giver=giver, receiver=receiver):
            yield giver, receiver, "deeds"
        case ev.DeedReturnedToBank(player=player):
            yield player, ev.BANK, "deeds"
        case ev.JailCardReturned(player=player):
            yield player, ev.BANK, "holdings"
        case ev.MrMonopolyTaken(player=player, previous=previous):
            yield previous, player, "holdings"
        case _ if hasattr(e, "giver") and hasattr(e, "receiver"):  # holdings, jail cards, any later kind
            yield str(e.giver), str(e.receiver), "holdings"


def _possessive(names: Sequence[str]) -> str:
    owned = [f"{name}'s" for name in names]
    return owned[0] if len(owned) == 1 else ", ".join(owned[:-1]) + " and " + owned[-1]


def party_refusal(state: GameState, proposer: str, actor: str, events: Sequence[ev.Event],
                  money: Callable[[int], str], verb: str = "buy") -> str | None:
    """Why a phone may not propose these events: other players' things move and its owner takes no part.

    `actor` is the player the line names first: a phone's own actions pass (the rules decide them);
    a line naming another player passes only when the owner pays, gives or gets in it.
    """
    players = set(state.players)
    moved: dict[str, set[str]] = {}
    between: list[tuple[str, str, str]] = []  # legs from one other player to another
    for event in events:
        for giver, receiver, what in _moves(event):
            for side in {giver, receiver} & players:
                moved.setdefault(side, set()).add(what)
            if {giver, receiver} <= players and proposer not in (giver, receiver) and giver != receiver:
                between.append((giver, receiver, what))
    if between and (actor == proposer or proposer in moved):
        giver, receiver, what = between[0]
        return (f"\"{summarize(events, money)}\" also moves {what} from {giver} to {receiver}, not yours: a phone "
                "proposes only what its owner pays, gives or gets; ask the banker")
    theirs = (f"that is {actor}'s to propose, not yours: on your phone you are {proposer}, so leave your "
              f"name out ({phone_usage(verb)}); ask {actor} or the banker")
    if actor and actor != proposer and verb not in OTHER_MAY_ACT and (proposer in moved or not moved):
        return theirs  # another player's card, bankruptcy, dice: theirs to draw or declare
    if actor == proposer or proposer in moved:
        return None
    if moved:
        whose = [p for p in state.players if p in moved]
        what = sorted(set().union(*moved.values()), key=("money", "deeds", "holdings").index)
        return (f"\"{summarize(events, money)}\" moves {_possessive(whose)} {' and '.join(what)}, not yours: "
                "a phone proposes only what its owner pays, gives or gets; ask the banker")
    return theirs if actor else None


def phone_meaning(state: GameState, proposer: str, typed: str) -> Meaning:
    """What a phone's line would do now, in the ledger's words; a Refusal that a phone shows at once.

    Nothing is written: the rules decide on the current state, exactly as they will when the banker
    accepts (the table may have moved on by then, and the banker's run decides again).
    """
    if proposer not in state.players:
        raise Refusal("pick your name first")
    reading = canonical(state, read_phone_line(state, proposer, typed))
    try:
        events = rules.decide(state, reading.command)
    except Refusal as refusal:  # "name Bob" is the banker's way out; a phone speaks only for its owner
        raise Refusal(re.sub(r"; name (\S+), or trade for it first$", r": only \1 can propose that, "
                             r"or trade for it first", str(refusal))) from None
    money = state.edition.money
    problem = party_refusal(state, proposer, reading.actor, events, money, reading.verb)
    if problem:
        raise Refusal(problem)
    return Meaning(reading.line, summarize(events, money), reading.command)


def meaning_now(state: GameState, line: str) -> str:
    """A queued full line in the ledger's words, or why the rules would refuse it now (for the banker)."""
    try:
        command = parse(line, state)
        if isinstance(command, c.Undo | c.Redo):
            return f"{'undo' if isinstance(command, c.Undo) else 'redo'} the last action"
        return summarize(rules.decide(state, command), state.edition.money)
    except Refusal as refusal:
        return f"{REFUSED_NOW}{refusal}"
