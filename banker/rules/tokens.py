"""Following the tokens from the dice: `roll` moves a token, pays GO when it is passed, sends it to jail,
and hands the roll on; `move` is every other move (a card, a bus ticket, triples) and the banker's
correction. Only in a game created with `--follow-tokens`.

Rulebooks: 003 (doubles, three doubles, Go To Jail, jail rolls), 000 and 002 (the speed die).
"""

from __future__ import annotations

from .. import commands as c
from .. import events as ev
from ..errors import Refusal
from ..state import GameState
from .checks import auction_open, not_playing, refuse_if

SPEED_FACES = ("1", "2", "3", "bus", "mr")


def following_refusal(state: GameState) -> str | None:
    if state.tokens is None:
        return ("this game does not follow the tokens (start one with `banker new ... --follow-tokens`); "
                "say where the token landed with the landing commands instead")
    return None


class _Action:
    """The events of one action so far, and the state they lead to (each step sees the one before)."""

    def __init__(self, state: GameState) -> None:
        self.state = state
        self.events: list[ev.Event] = []

    def add(self, *events: ev.Event) -> None:
        from ..fold import apply

        self.state = apply(self.state, events)
        self.events += events

    def do(self, command: c.Command) -> None:
        from . import decide

        self.add(*decide(self.state, command))


def _advance(act: _Action, player: str, steps: int, how: str) -> None:
    """Forward `steps` spaces: GO's salary when passed or landed on, jail from Go To Jail."""
    spaces = act.state.edition.spaces
    start = act.state.position(player)
    end = (start + steps) % len(spaces)
    passed = start + steps >= len(spaces)
    act.add(ev.TokenMoved(player, end, spaces[end].name, how, passed))
    if passed:
        act.do(c.Salary(player, by_token=True))
    _landed(act, player, end)


def _landed(act: _Action, player: str, position: int) -> None:
    """003: "If you land on this space, you must move your token to the Jail space immediately"."""
    if act.state.edition.spaces[position].type == "go_to_jail" and player != act.state.mr_monopoly:
        act.do(c.GoToJail(player))  # Mr. Monopoly (001) sends another player instead: `jail <him> <player>`


def _speed_die_refusal(state: GameState, cmd: c.Roll) -> str | None:
    from ..language import uses_speed_die

    player, speed = cmd.player, cmd.speed
    if not uses_speed_die(state):
        return f"this game has no speed die; roll {player} <die> <die>" if speed else None
    jailed = player in state.in_jail
    started = state.edition.speed_die or (state.tokens is not None and player in state.tokens.passed_go)
    if speed and jailed:
        return f"in jail only the two white dice are rolled (000, 002); roll {player} {cmd.dice[0]} {cmd.dice[1]}"
    if speed and not started:
        return (f"the speed die joins once {player} has passed GO (002); "
                f"roll {player} {cmd.dice[0]} {cmd.dice[1]}")
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
    """Why this roll cannot be taken now: not following, out of turn, trapped, a triple's move pending."""
    if reason := following_refusal(state) or auction_open(state) or not_playing(state, cmd.player):
        return reason
    assert state.tokens is not None
    if state.tokens.anywhere:
        who = state.tokens.anywhere
        return f"{who} rolled triples and moves to any space first: move {who} <space>"
    who = state.whose_roll
    if cmd.player != who:
        return f"it is {who}'s roll, not {cmd.player}'s: roll {who} <die> <die> (or `move` to put a token right)"
    if cmd.player in state.trapped:
        return f"{cmd.player} is trapped by Mr. Monopoly and cannot roll until released: release {cmd.player}"
    return _speed_die_refusal(state, cmd)


def roll(state: GameState, cmd: c.Roll) -> list[ev.Event]:
    refuse_if(roll_refusal(state, cmd))
    player, (first, second), speed = cmd.player, cmd.dice, cmd.speed
    act = _Action(state)
    act.add(ev.DiceRolled(player, cmd.dice, speed))
    doubles = first == second
    if player in state.in_jail:
        _roll_in_jail(act, player, first + second, doubles)
        return act.events
    if speed in ("1", "2", "3") and int(speed) == first == second:  # 000: "move ahead to ANY space"
        act.add(ev.RollPassed(state.next_player(player), anywhere=player))
        return act.events
    assert state.tokens is not None
    if doubles and state.tokens.doubles == 2:  # 003: "doubles 3 times on the same turn ... Go to Jail"
        if player != state.mr_monopoly:  # Mr. Monopoly (001) sends another player instead: `jail <him> <player>`
            act.do(c.GoToJail(player))
        if act.state.whose_roll == player:
            act.add(ev.RollPassed(state.next_player(player)))
        return act.events
    steps = first + second + (int(speed) if speed in ("1", "2", "3") else 0)
    if speed == "bus" and cmd.choice.isdigit():  # 002: "move the value of one or both of the white dice"
        steps = int(cmd.choice)
    _advance(act, player, steps, f"rolled {steps}")
    if player not in act.state.in_jail:
        _speed_move(act, player, speed, cmd.choice)
    if player in act.state.in_jail or act.state.whose_roll != player:
        return act.events
    if doubles:
        act.add(ev.RollPassed(player, state.tokens.doubles + 1))  # 003: "roll the dice again"
    else:
        act.add(ev.RollPassed(state.next_player(player)))
    return act.events


def _roll_in_jail(act: _Action, player: str, total: int, doubles: bool) -> None:
    """003: doubles move out of jail (no roll again); the third failure pays the fine, then moves."""
    state = act.state
    assert state.tokens is not None
    failed = state.tokens.jail_rolls[state.players.index(player)]
    if doubles:
        act.do(c.RolledOut(player))
    elif failed >= 2:
        act.do(c.Bail(player))
    else:
        act.add(ev.JailRollFailed(player), ev.RollPassed(state.next_player(player)))
        return
    _advance(act, player, total, f"rolled {total}")
    if act.state.whose_roll == player:
        act.add(ev.RollPassed(state.next_player(player)))


def _speed_move(act: _Action, player: str, speed: str, choice: str) -> None:
    """The speed die's second move from where the white dice left the token (000, 002), GO paid when passed."""
    from ..moves import bus, mr_monopoly

    state = act.state
    here = state.edition.spaces[state.position(player)]
    if speed == "mr":
        move = mr_monopoly(state, player, here)
    elif speed == "bus" and "bus_ticket" in state.edition.holdings:  # 000:58: a ticket, or on to Chance/Chest
        if choice == "ticket":
            act.do(c.TakeTicket(player))
            return
        move = bus(state, player, here)
    else:
        return
    if move.target is not None:
        steps = (move.target.position - here.position) % len(state.edition.spaces)
        _advance(act, player, steps, f"speed die: {'Mr. Monopoly' if speed == 'mr' else 'Bus'}")


def move_token(state: GameState, cmd: c.MoveToken) -> list[ev.Event]:
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
        return [ev.TokenMoved(cmd.player, cmd.position, name, "correction")]
    if here == cmd.position:
        raise Refusal(f"{cmd.player} is already on {name}; a move goes round the board, "
                      f"so say `move {cmd.player} {cmd.position} fix` if the ledger is wrong")
    act = _Action(state)
    if cmd.how == "back":
        act.add(ev.TokenMoved(cmd.player, cmd.position, name, "moved back"))
        _landed(act, cmd.player, cmd.position)
    else:
        _advance(act, cmd.player, (cmd.position - here) % len(spaces), "moved")
    return act.events


def sharing_space(state: GameState, player: str) -> list[str]:
    """The other players still in whose tokens stand on this player's space (001: Mr. Monopoly's trap)."""
    if state.tokens is None:
        return []
    here = state.position(player)
    return [p for p in state.active_players if p != player and state.position(p) == here]


def draw_card(state: GameState, cmd: c.DrawCard) -> list[ev.Event]:
    """A card in a game that follows the tokens: a card that moves takes the token there, Banker finds the
    nearest railroad or utility itself and knows whether GO was passed (the banker's `go` is checked)."""
    from dataclasses import replace

    from .table import draw_card as card_money

    if state.tokens is None or cmd.player not in state.players:
        return card_money(state, cmd)
    card = next((k for k in state.edition.cards if k.deck == cmd.deck and k.key == cmd.key), None)
    if card is None or card.effect not in ("advance", "advance_nearest", "back"):
        return card_money(state, cmd)
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
        nearest = next(s for step in range(1, len(spaces)) if (s := spaces[(here + step) % len(spaces)]).name
                       in state.edition.deeds and state.deed(s.name).kind == card.kind)
        if deed and deed != nearest.name:
            raise Refusal(f"the nearest {state.edition.term(card.kind)} ahead of {spaces[here].name} is "
                          f"{nearest.name}, not {deed}; leave the deed out and Banker finds it")
        deed, target = nearest.name, nearest.position
    passed = card.effect != "back" and (target < here or (target == 0 and here != 0))
    if cmd.passed_go and not passed:
        raise Refusal(f"{cmd.player}'s token on {spaces[here].name} does not pass GO on the way to "
                      f"{spaces[target].name}; leave out `go`")
    events = card_money(state, replace(cmd, deed=deed, passed_go=passed and not card.amount))
    moved = ev.TokenMoved(cmd.player, target, spaces[target].name, "card", passed)
    act = _Action(state)
    act.add(moved, *events)
    if card.effect == "back":
        _landed(act, cmd.player, target)
    return act.events
