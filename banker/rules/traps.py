"""Mr. Monopoly's traps (rulebook 001): he lands on a player, who takes a coin, is trapped and may lose a deed."""

from __future__ import annotations

from .. import commands as c
from .. import events as ev
from ..errors import Refusal
from ..events import BANK
from ..state import GameState
from .awards import award_refusal
from .checks import auction_open, not_playing, refuse_if, same_player
from .coins import coins_key


def _is_mr_monopoly(state: GameState, player: str) -> str | None:
    if state.mr_monopoly == player:
        return None
    who = f"{state.mr_monopoly} is" if state.mr_monopoly else "nobody is"
    return f"{player} is not Mr. Monopoly ({who}); only Mr. Monopoly does that"


def _home_on_go(state: GameState, player: str) -> bool:
    """001:111-122: once every property is owned, a token that reaches GO stays there until the final round."""
    return (state.tokens is not None and state.edition.final_rent_round and state.position(player) == 0
            and all(h.owner != BANK for h in state.deeds.values()))


def trap_refusal(state: GameState, mr: str, victim: str) -> str | None:
    """Why Mr. Monopoly cannot trap `victim` now, or None. 001:33 "when you land on the same space as another
    player, put the MR. MONOPOLY token on top of their token": a followed table knows the tokens, so only a player on
    his space (Jail and Just Visiting are one space, 001:340), once for the landing (the `trap` that waits), or on
    a space a correction put him on; a plain table takes the banker's word for where the tokens are."""
    if reason := (_is_mr_monopoly(state, mr) or not_playing(state, victim) or same_player(mr, victim, "trap")):
        return reason
    if victim in state.trapped:
        return f"{victim} is trapped already, under Mr. Monopoly's token; release {victim} first"
    if state.tokens is None:
        return None
    spaces = state.edition.spaces
    here, there = state.position(mr), state.position(victim)
    if here != there:
        return (f"Mr. Monopoly ({mr}) is on {spaces[here].name} and {victim} on {spaces[there].name}: he traps a "
                f"player on the space he lands on (001:33)")
    landed = any(w.player == mr and w.kind == "trap" for w in state.waiting) or mr in state.tokens.placed
    if not landed:
        return (f"Mr. Monopoly ({mr}) did not land on {victim} on {spaces[here].name}: he traps a player where his own "
                f"move ends, once (001:33, 001:37)")
    return None


def allowed_traps(state: GameState, mr: str) -> list[str]:
    """The players Mr. Monopoly may trap now, in seat order: what the table's trap dialogs offer (001:33)."""
    if not mr or mr != state.mr_monopoly:
        return []
    return [p for p in state.active_players if trap_refusal(state, mr, p) is None]


def trap(state: GameState, cmd: c.Trap) -> list[ev.Event]:
    """Mr. Monopoly lands on a player: a coin for them, trapped, and maybe a deed stolen (001)."""
    key = coins_key(state)
    refuse_if(auction_open(state), trap_refusal(state, cmd.mr_monopoly, cmd.player))
    events: list[ev.Event] = []
    if cmd.deed:
        owner = state.deeds[cmd.deed].owner
        if owner != cmd.player:
            holder = "the bank" if owner == BANK else owner
            raise Refusal(f"{cmd.deed} is not {cmd.player}'s to steal ({holder} owns it)")
        if _home_on_go(state, cmd.player):
            raise Refusal(f"{cmd.player} is home on GO and every property is owned: Mr. Monopoly may not steal a "
                          f"property from them (001:122); trap {cmd.mr_monopoly} {cmd.player} without a deed")
        if state.owns_group(cmd.player, cmd.deed) and state.deed(cmd.deed).kind == "street":
            colour = state.deed(cmd.deed).group.replace("_", " ")
            raise Refusal(f"{cmd.deed} is part of {cmd.player}'s complete {colour} set and cannot be stolen; "
                          "pick another deed or none")
        events.append(ev.DeedHandedOver(cmd.player, cmd.mr_monopoly, cmd.deed))
    events += [ev.PlayerReleased(p) for p in sorted(state.trapped) if p != cmd.player]
    events.append(ev.PlayerTrapped(cmd.mr_monopoly, cmd.player))
    if award_refusal(state, key, cmd.player) is None:
        events.append(ev.HoldingMoved(key, BANK, cmd.player, 1, "Mr. Monopoly landed on them"))
    if state.tokens is not None and state.whose_roll == cmd.player:  # 001:180 "they lose their next turn"
        events.append(ev.RollPassed(state.next_player(cmd.player)))
    return events


def release(state: GameState, cmd: c.Release) -> list[ev.Event]:
    coins_key(state)
    refuse_if(auction_open(state))
    if cmd.player not in state.trapped:
        raise Refusal(f"{cmd.player} is not trapped")
    return [ev.PlayerReleased(cmd.player)]
