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


def trap(state: GameState, cmd: c.Trap) -> list[ev.Event]:
    """Mr. Monopoly lands on a player: a coin for them, trapped, and maybe a deed stolen (001)."""
    key = coins_key(state)
    refuse_if(auction_open(state), _is_mr_monopoly(state, cmd.mr_monopoly), not_playing(state, cmd.player),
              same_player(cmd.mr_monopoly, cmd.player, "trap"))
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
