"""Following the tokens from the dice: `roll` moves a token, pays GO when it is passed, sends it to jail,
and hands the roll on; `move` is every other move (a card, a bus ticket, triples) and the banker's
correction. Only in a game created with `--follow-tokens`.

Rulebooks: 003 (doubles, three doubles, Go To Jail, jail rolls), 000 and 002 (the speed die).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from .. import commands as c
from .. import events as ev
from ..errors import Refusal
from ..events import BANK
from ..fold import apply, apply_in_place
from ..state import GameState, uses_speed_die
from ..waits import DECKS, first_waiting
from . import table
from .arrival import arrive, awaits, noted
from .checks import auction_open, not_playing, refuse_if
from .destinations import bus, mr_monopoly

Rule = Callable[[GameState, Any], list[ev.Event]]

SPEED_FACES = ("1", "2", "3", "bus", "mr")


def following_refusal(state: GameState) -> str | None:
    if state.tokens is None:
        return ("this game does not follow the tokens (start one with `banker new ... --follow-tokens`); "
                "say where the token landed with the landing commands instead")
    return None


class _Action:
    """The events of one action so far, and the state they lead to (each step sees the one before).

    `rule` runs a command inside the action (a landing's rent, GO's salary): the command's own rule from the
    table of deciders, passed in by `rules.deciding`, so an inner command never runs the after-action steps.
    """

    def __init__(self, state: GameState, rule: Rule) -> None:
        self.state = state
        self.rule = rule
        self.events: list[ev.Event] = []
        self._own = False  # the state is the caller's until the first event: then one private copy, kept

    def add(self, *events: ev.Event) -> None:
        if not self._own:
            self.state, self._own = self.state.copy(), True
        for event in events:
            apply_in_place(self.state, event)
        self.events += events

    def do(self, command: c.Command) -> None:
        self.add(*self.rule(self.state, command))


def all_owned(state: GameState) -> bool:
    return all(h.owner != BANK for h in state.deeds.values())


def _stops_at_go(state: GameState) -> bool:
    """001:111 "When you reach GO, stop there even if you have moves left", once every property is owned."""
    return state.edition.final_rent_round and all_owned(state)


def advance(act: _Action, player: str, steps: int, how: str, dice: int | None) -> None:
    """Forward `steps` spaces: GO's salary when passed or landed on, then the space reached is settled
    (`arrival`). A move that ends on Go To Jail pays no GO on the way (003:114)."""
    spaces = act.state.edition.spaces
    start = act.state.position(player)
    end = (start + steps) % len(spaces)
    passed = start + steps >= len(spaces)
    if passed and _stops_at_go(act.state):
        end = 0
    if spaces[end].type == "go_to_jail":
        passed = False
    if player == act.state.mr_monopoly and act.state.trapped:  # his token moves off: theirs is free (001:33)
        act.add(*(ev.PlayerReleased(p) for p in sorted(act.state.trapped)))
    act.add(ev.TokenMoved(player, end, spaces[end].name, how, passed))
    if passed:
        act.do(c.Salary(player, by_token=True))
    _landed(act, player, end, dice)


def _landed(act: _Action, player: str, position: int, dice: int | None) -> None:
    """003: "If you land on this space, you must move your token to the Jail space immediately"; any other space
    is settled as far as the ledger can (rules.arrival), and what needs a decision waits."""
    if act.state.edition.spaces[position].type == "go_to_jail":
        if player != act.state.mr_monopoly:
            act.do(c.GoToJail(player))
        elif any(p != player and p not in act.state.in_jail for p in act.state.active_players):
            awaits(act, player, "jail-send")  # Mr. Monopoly (001:31) sends another player instead: `jail <him> <p>`
        else:
            noted(act, player, "every other player is in jail already, so Mr. Monopoly has nobody to send "
                               "and stays (001:31)")
        return
    if (steps := arrive(act, player, dice)) is not None:  # the Auction space once every deed is owned (000)
        advance(act, player, steps, "the Auction space", None)


def pass_roll(act: _Action, player: str) -> None:
    """The roll goes to the next player. A trapped player loses that turn and is free after it (001:180, 001:33);
    once every property is owned, a player home on GO waits there for the others (001:111)."""
    state = act.state
    after = state.next_player(player)
    for _ in state.players:
        if after in state.trapped:
            act.add(ev.PlayerReleased(after))
        elif not (_stops_at_go(state) and state.position(after) == 0 and after != player):
            break
        after = state.next_player(after)
    act.add(ev.RollPassed(after))


def _throw(cmd: c.Roll) -> int:
    """The dice a utility's rent is counted on: all three dice, the Bus and Mr. Monopoly counting zero (002:24)."""
    return sum(cmd.dice) + (int(cmd.speed) if cmd.speed in ("1", "2", "3") else 0)


def ignored_speed_die(state: GameState, cmd: c.Roll) -> str | None:
    """Why the rules leave out the speed die typed with this roll, or None (it counts, or none was typed). The
    roll is then taken on the white dice alone, not refused: the table rolled the die, the rules ignore it."""
    player = cmd.player
    if not cmd.speed or not uses_speed_die(state):
        return None
    if player in state.in_jail:  # 000:62 "While in JAIL, roll only the two white dice"; 002:22
        line = "000:62" if state.edition.speed_die else "002:22"
        return f"the speed die is not used while {player} is in jail ({line})"
    if not (state.edition.speed_die or (state.tokens is not None and player in state.tokens.passed_go)):
        return f"the speed die is not used before {player} has passed GO (002:10)"
    return None


def _speed_die_refusal(state: GameState, cmd: c.Roll) -> str | None:
    player, speed = cmd.player, cmd.speed
    if not uses_speed_die(state):
        return f"this game has no speed die; roll {player} <die> <die>" if speed else None
    if ignored_speed_die(state, cmd):
        return None  # taken on the white dice (`roll`)
    jailed = player in state.in_jail
    started = state.edition.speed_die or (state.tokens is not None and player in state.tokens.passed_go)
    if not speed and started and not jailed:
        return (f"{player} rolls the speed die too: roll {player} {cmd.dice[0]} {cmd.dice[1]} "
                f"<{'|'.join(SPEED_FACES)}>")
    if cmd.choice and speed != "bus":
        return f"{cmd.choice!r} is a choice for the Bus face only; leave it out"
    tickets = "bus_ticket" in state.edition.holdings
    if cmd.choice == "ticket" and not tickets:
        return "this game has no bus tickets; after bus write the white die to move by, or nothing for both (002)"
    if cmd.choice.isdigit() and tickets:
        return "here the Bus moves on to the nearest Chance/Community Chest, or takes a ticket: bus or bus ticket (000)"
    return None


def roll_refusal(state: GameState, cmd: c.Roll) -> str | None:
    """Why this roll cannot be taken now: not following, out of turn, trapped, something the table waits for."""
    if reason := following_refusal(state) or auction_open(state) or not_playing(state, cmd.player):
        return reason
    assert state.tokens is not None
    if waiting := first_waiting(state):
        return f"the table waits before the next roll: {waiting}"
    if state.tokens.anywhere:
        who = state.tokens.anywhere
        return f"{who} rolled triples and moves to any space first: move {who} <space>"
    who = state.whose_roll
    if _stops_at_go(state) and all(state.position(p) == 0 for p in state.active_players):
        return "every property is owned and every token is home on GO: play the final rent round with `final`"
    if cmd.player != who:
        return f"it is {who}'s roll, not {cmd.player}'s: roll {who} <die> <die> (or `move` to put a token right)"
    if cmd.player in state.trapped:
        return f"{cmd.player} is trapped by Mr. Monopoly and cannot roll until released: release {cmd.player}"
    return _speed_die_refusal(state, cmd)


def roll(state: GameState, cmd: c.Roll, rule: Rule) -> list[ev.Event]:
    refuse_if(roll_refusal(state, cmd))
    act = _Action(state, rule)
    if ignored := ignored_speed_die(state, cmd):  # recorded as rolled: the white dice, and the face left out
        act.add(ev.DiceRolled(cmd.player, cmd.dice), ev.SpeedDieIgnored(cmd.player, cmd.speed, ignored))
        cmd = replace(cmd, speed="", choice="")
    else:
        act.add(ev.DiceRolled(cmd.player, cmd.dice, cmd.speed))
    if build_press_ends(state, cmd.player):
        act.add(ev.BuildTurnOver(state.spin.player))  # type: ignore[union-attr]
    _roll(act, state, cmd)
    mr = act.state.mr_monopoly
    if cmd.dice[0] == cmd.dice[1] and state.mr_monopoly and mr:  # 001:32 "whenever any player ... rolls doubles"
        awaits(act, mr, "free-house")
    return act.events


def build_press_ends(state: GameState, roller: str) -> bool:
    """City (004:155, "once per turn"): a roll is a new turn, the roller's (doubles, 004:83) or the next player's,
    so the press of the turn before ends, whoever pressed; but not the roller's own press made at the start of
    this turn, before its first roll: that press is this turn's, and he may not press again once he has rolled."""
    if state.spin is None:
        return False
    assert state.tokens is not None
    return not (state.spin.player == roller and state.tokens.doubles == 0)


def _roll(act: _Action, state: GameState, cmd: c.Roll) -> None:
    """The roll's moves and what they settle, after its dice (`state`: the table before the roll)."""
    player, (first, second), speed = cmd.player, cmd.dice, cmd.speed
    doubles = first == second
    if player in state.in_jail:
        _roll_in_jail(act, player, first + second, doubles)
        return
    if speed in ("1", "2", "3") and int(speed) == first == second:  # 000: "move ahead to ANY space"
        act.add(ev.RollPassed(state.next_player(player), anywhere=player))
        return
    assert state.tokens is not None
    mr = player == state.mr_monopoly
    if doubles and state.tokens.doubles == 2 and not mr:  # 003: "doubles 3 times on the same turn ... Go to Jail"
        act.do(c.GoToJail(player))  # (001:230: Mr. Monopoly does not go to jail: he moves and rolls again)
        if act.state.whose_roll == player:
            pass_roll(act, player)
        return
    steps = first + second + (int(speed) if speed in ("1", "2", "3") else 0)
    if speed == "bus" and cmd.choice.isdigit():  # 002: "move the value of one or both of the white dice"
        steps = int(cmd.choice)
    advance(act, player, steps, f"rolled {steps}", _throw(cmd))
    if player not in act.state.in_jail and speed in ("mr", "bus"):
        if speed == "bus" and cmd.choice == "ticket":  # 000:58: a ticket instead of moving on
            act.do(c.TakeTicket(player))
        elif speed == "mr" or "bus_ticket" in state.edition.holdings:
            _speed_die(act, player, speed, _throw(cmd))
    if player in act.state.in_jail or act.state.whose_roll != player:
        return
    if doubles and not (_stops_at_go(act.state) and act.state.position(player) == 0):  # 001:113 home: it stops
        act.add(ev.RollPassed(player, (state.tokens.doubles + 1) % 3))  # 003: "roll the dice again" (001:230)
    else:
        pass_roll(act, player)


def _roll_in_jail(act: _Action, player: str, total: int, doubles: bool) -> None:
    """003:127 doubles move out of jail, and the turn ends there (001:348, 000:168 "you do not take another
    turn"); the third failure pays the fine, then moves."""
    state = act.state
    assert state.tokens is not None
    failed = state.tokens.jail_rolls[state.players.index(player)]
    if doubles:  # the roll is the doubles (`doubles` alone is refused on a followed table: 001:348)
        act.add(ev.JailLeft(player, "doubles"))
    elif failed >= 2 and state.cash(player) < state.edition.jail_fine:  # 003:127 "pay $50", a debt like any charge
        act.add(ev.JailLeft(player, "fine owed"),
                ev.DebtRecorded(player, state.fee_account, state.edition.jail_fine, "the jail fine"))
    elif failed >= 2:
        act.do(c.Bail(player))
    else:
        act.add(ev.JailRollFailed(player))
        pass_roll(act, player)
        return
    advance(act, player, total, f"rolled {total}", total)
    if act.state.whose_roll == player:
        pass_roll(act, player)


def _speed_die(act: _Action, player: str, face: str, dice: int) -> None:
    """The speed die's Mr. Monopoly or Bus move comes after the white dice's space is settled (002:14, 000:56):
    now, when nothing there waits; else it waits for that space, and runs from wherever the token is then."""
    state = act.state
    if any(w.player == player for w in state.waiting) or any(d.player == player for d in state.debts):
        awaits(act, player, "speed-die", f"{face}:{dice}")
    else:
        speed_move(act, player, face, dice)


def speed_move(act: _Action, player: str, face: str, dice: int | None) -> None:
    """The speed die's second move from where the token stands (000, 002), GO paid when passed."""
    state = act.state
    here = state.edition.spaces[state.position(player)]
    move = mr_monopoly(state, player, here) if face == "mr" else bus(state, player, here)
    title = "Mr. Monopoly" if face == "mr" else "Bus"
    if move.target is None:
        act.add(ev.LandingNoted(player, here.name, f"speed die {title}: {move.reason}"))
        return
    steps = (move.target.position - here.position) % len(state.edition.spaces)
    advance(act, player, steps, f"speed die: {title}", dice)


def follow_speed_die(state: GameState, events: list[ev.Event], rule: Rule) -> list[ev.Event]:
    """After an action, the speed die's move that waited for its player's landing, once nothing else of theirs
    waits and no auction is open (002:14: after the space's action, from wherever the token is then)."""
    act = _Action(apply(state, events), rule)
    act.events = list(events)
    for _ in range(4):
        after = act.state
        ready = next((w for w in after.waiting if w.kind == "speed-die" and after.auction is None
                      and w.player not in after.in_jail
                      and not any(o.player == w.player and o.kind not in ("speed-die", "free-house")
                                  for o in after.waiting)
                      and not any(d.player == w.player for d in after.debts)), None)
        if ready is None:
            break
        face, _, dice = ready.detail.partition(":")
        speed_move(act, ready.player, face, int(dice) if dice.isdigit() else None)
        if any(w is ready for w in act.state.waiting):  # nothing settled it (it cannot happen): never loop
            break
    return act.events


def _ride(state: GameState, player: str) -> bool:
    return any(w.player == player and w.kind == "move" and w.detail == "ride" for w in state.waiting)


def ride_targets(state: GameState, player: str) -> list[int]:
    """000:80: a ride goes forward to any space on the same side of the board, corners ending one side and
    starting the next."""
    spaces = len(state.edition.spaces)
    side = spaces // 4
    here = state.position(player)
    last = (here // side + 1) * side
    return [(here + step) % spaces for step in range(1, last - here + 1)]


def move_token(state: GameState, cmd: c.MoveToken, rule: Rule) -> list[ev.Event]:
    """A card, a bus ticket, triples, the Auction space (`forward`: GO paid when passed), a card that
    sends the token back (`back`: no GO), or the banker's correction (`fix`: no money moves)."""
    refuse_if(following_refusal(state), auction_open(state), not_playing(state, cmd.player))
    spaces = state.edition.spaces
    if not 0 <= cmd.position < len(spaces):
        raise Refusal(f"position {cmd.position} is off the board; positions run 0 (GO) to {len(spaces) - 1}")
    here = state.position(cmd.player)
    name = spaces[cmd.position].name
    if cmd.player in state.in_jail:  # a fix too: a jailed token stands on the Jail space (003)
        raise Refusal(f"{cmd.player} is in jail and leaves it first (bail, usecard, or doubles with roll); "
                      "a jailed token stays on the Jail space")
    if cmd.how == "fix":
        if here == cmd.position:
            raise Refusal(f"{cmd.player}'s token is already on {name}; nothing to correct")
        return [ev.TokenMoved(cmd.player, cmd.position, name, "correction", placed=True)]
    if here == cmd.position:
        raise Refusal(f"{cmd.player} is already on {name}; a move goes round the board, "
                      f"so say `move {cmd.player} {cmd.position} fix` if the ledger is wrong")
    if _ride(state, cmd.player) and (cmd.how == "back" or cmd.position not in ride_targets(state, cmd.player)):
        targets = ride_targets(state, cmd.player)
        raise Refusal(f"a bus ticket rides forward on the same side of the board only (000:80): from "
                      f"{spaces[here].name}, {spaces[targets[0]].name} to {spaces[targets[-1]].name}")
    act = _Action(state, rule)
    if cmd.how == "back":
        act.add(ev.TokenMoved(cmd.player, cmd.position, name, "moved back"))
        _landed(act, cmd.player, cmd.position, None)
    else:
        how = "bus ticket" if _ride(state, cmd.player) else "moved"
        advance(act, cmd.player, (cmd.position - here) % len(spaces), how, None)
    return act.events


def sharing_space(state: GameState, player: str) -> list[str]:
    """The other players still in whose tokens stand on this player's space (001: Mr. Monopoly's trap)."""
    if state.tokens is None:
        return []
    here = state.position(player)
    return [p for p in state.active_players if p != player and state.position(p) == here]


def draw_card(state: GameState, cmd: c.DrawCard, rule: Rule) -> list[ev.Event]:
    """A card in a game that follows the tokens: a card that moves takes the token there, Banker finds the
    nearest railroad or utility itself and knows whether GO was passed; the space reached is settled next."""
    if state.tokens is None or cmd.player not in state.players:
        return table.draw_card(state, cmd)
    card = next((k for k in state.edition.cards if k.deck == cmd.deck and k.key == cmd.key), None)
    if card is None or card.effect not in ("advance", "advance_nearest", "back"):
        return table.draw_card(state, cmd)
    if cmd.player in state.in_jail:  # a jailed token stays on the Jail space until the player leaves
        raise Refusal(f"{cmd.player} is in jail; a card that moves the token comes after leaving it (bail, usecard, "
                      "or doubles with roll)")
    spaces = state.edition.spaces
    here = state.position(cmd.player)
    deed = cmd.deed
    if card.effect == "advance":
        target = next(s.position for s in spaces if s.name == card.target)
    elif card.effect == "back":
        target = (here - card.spaces) % len(spaces)
    else:
        nearest = spaces[state.edition.deeds[nearest_deed(state, cmd.player, card.kind)].position]
        if deed and deed != nearest.name:
            raise Refusal(f"the nearest {state.edition.term(card.kind)} ahead of {spaces[here].name} is "
                          f"{nearest.name}, not {deed}; leave the deed out and Banker finds it")
        deed, target = nearest.name, nearest.position
    passed = card.effect != "back" and (target < here or (target == 0 and here != 0))
    if spaces[target].type == "go_to_jail":
        passed = False
    if passed and target != 0 and _stops_at_go(state):  # 001:113 "When you reach GO, stop there ... Collect M200"
        return _card_home_on_go(state, cmd, card, rule)
    if cmd.passed_go and not passed:
        raise Refusal(f"{cmd.player}'s token on {spaces[here].name} does not pass GO on the way to "
                      f"{spaces[target].name}; Banker pays GO itself when it is passed")
    if not any(w.player == cmd.player and w.kind == "card" and w.detail == cmd.deck for w in state.waiting) \
            and spaces[here].type != cmd.deck:
        deck = DECKS.get(cmd.deck, cmd.deck)
        raise Refusal(f"{cmd.player}'s token is on {spaces[here].name}, not on a {deck} space; a {deck} card that "
                      f"moves the token is drawn there (move {cmd.player} <space> fix if the ledger is wrong)")
    events = table.draw_card(state, replace(cmd, deed=deed, passed_go=passed and not card.amount))
    act = _Action(state, rule)
    if cmd.player == state.mr_monopoly and state.trapped:  # his token moves off: theirs is free (001:33)
        act.add(*(ev.PlayerReleased(p) for p in sorted(state.trapped)))
    act.add(ev.TokenMoved(cmd.player, target, spaces[target].name, "card", passed), *events)
    if card.effect == "advance_nearest" and _rent_taken(act.state, cmd.player, deed):
        return act.events  # the card itself charged the rent (twice a railroad's, 10x the dice)
    if card.effect == "advance" and card.amount and spaces[target].type == "go":
        return act.events  # "Advance to GO (collect $200)": the card paid it
    _landed(act, cmd.player, target, cmd.dice if card.effect == "advance_nearest" else None)
    return act.events


def _card_home_on_go(state: GameState, cmd: c.DrawCard, card: Any, rule: Rule) -> list[ev.Event]:
    """Once every property is owned (001:111-113), a card that carries the token past GO stops it there with its
    salary: not the card's destination, nor its rent."""
    act = _Action(state, rule)
    if cmd.player == state.mr_monopoly and state.trapped:
        act.add(*(ev.PlayerReleased(p) for p in sorted(state.trapped)))
    salary = ev.Transfer(BANK, cmd.player, state.edition.go_salary)
    act.add(ev.TokenMoved(cmd.player, 0, state.edition.spaces[0].name, "card", True),
            ev.CardDrawn(cmd.player, card.deck, card.key, card.title, True, "",
                         "passed GO: every property is owned, so the token stops there (001:113)",
                         transfers=(salary,) if salary.amount else ()))
    _landed(act, cmd.player, 0, None)
    return act.events


def nearest_deed(state: GameState, player: str, kind: str) -> str:
    """The nearest deed of a kind (railroad, utility) ahead of the player's token: where the card sends it."""
    spaces, here = state.edition.spaces, state.position(player)
    return next(s.name for step in range(1, len(spaces)) if (s := spaces[(here + step) % len(spaces)]).name
                in state.edition.deeds and state.deed(s.name).kind == kind)


def _rent_taken(state: GameState, player: str, deed: str) -> bool:
    holding = state.deeds[deed]
    return holding.owner not in (BANK, player) and not holding.mortgaged and holding.owner not in state.bankrupt
