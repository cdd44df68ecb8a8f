"""Monopoly for Sore Losers' coins (rulebook 001): taken, stolen at Free Parking, and cashed in, four of them, for the
Mr. Monopoly token."""

from __future__ import annotations

from .. import commands as c
from .. import events as ev
from ..errors import Refusal
from ..events import BANK
from ..state import GameState
from .awards import award_refusal, coin_kind
from .checks import auction_open, not_playing, refuse_if, same_player

CASH_IN = 4  # 001: "Once you collect four coins, you may trade in all four"


def coins_key(state: GameState) -> str:
    """The coins' holding key; every Sore Losers rule is refused in an edition without coins or Mr. Monopoly."""
    key = coin_kind(state)
    if not state.edition.mr_monopoly or key is None:
        raise Refusal(f"{state.edition.name} has no sore-loser coins or Mr. Monopoly; "
                      "they are in Monopoly for Sore Losers")
    return key


def take_coin(state: GameState, cmd: c.TakeCoin) -> list[ev.Event]:
    """Landed on your own property, or Mr. Monopoly landed on you (001)."""
    key = coins_key(state)
    refuse_if(auction_open(state), not_playing(state, cmd.player), award_refusal(state, key, cmd.player))
    return [ev.HoldingMoved(key, BANK, cmd.player, 1, "coin")]


def steal_coin(state: GameState, cmd: c.StealCoin) -> list[ev.Event]:
    """Free Parking: steal a coin from any player; at four, or as Mr. Monopoly, it goes back to the bank (001)."""
    key = coins_key(state)
    kind = state.edition.holdings[key]
    refuse_if(auction_open(state), not_playing(state, cmd.player), not_playing(state, cmd.victim),
              same_player(cmd.player, cmd.victim, "steal from"))
    if state.count(key, cmd.victim) < 1:
        raise Refusal(f"{cmd.victim} holds no {kind.name}; steal from a player who has one")
    full = bool(kind.max_held) and state.count(key, cmd.player) >= kind.max_held
    receiver = BANK if full or cmd.player == state.mr_monopoly else cmd.player
    return [ev.HoldingMoved(key, cmd.victim, receiver, 1, "Free Parking")]


def cash_in_turn_refusal(state: GameState, player: str) -> str | None:
    """001:5 "trade in all four at the start of any of your turns": in a game that follows the tokens, only on the
    player's own roll before any dice of it; elsewhere Banker does not know the turn and the table says."""
    if state.tokens is None:
        return None
    if state.whose_roll != player:
        return (f"{player} cashes in at the start of their own turn, before rolling (001:5); it is "
                f"{state.whose_roll}'s roll now")
    if state.tokens.doubles:
        return (f"{player} has rolled this turn; cash in at the start of {player}'s next turn, before rolling "
                "(001:5)")
    return None


def cash_in(state: GameState, cmd: c.CashIn) -> list[ev.Event]:
    key = coins_key(state)
    kind = state.edition.holdings[key]
    refuse_if(auction_open(state), not_playing(state, cmd.player))
    if state.mr_monopoly == cmd.player:
        raise Refusal(f"{cmd.player} is already Mr. Monopoly")
    if cmd.player in state.trapped:
        raise Refusal(f"{cmd.player} is trapped by Mr. Monopoly and may not cash in until released")
    held = state.count(key, cmd.player)
    if held < CASH_IN:
        raise Refusal(f"{cmd.player} holds {kind.count(held)}; cashing in takes {CASH_IN}")
    refuse_if(cash_in_turn_refusal(state, cmd.player))
    # 001: the new Mr. Monopoly "take[s] the MR. MONOPOLY token, place[s] it on their current space": the token
    # leaves whoever it had trapped ("That player may not move until their token is free").
    # 001:349 "Become MR. MONOPOLY by trading in four sore loser coins ... Then, roll and move": out of jail too.
    freed = [ev.JailLeft(cmd.player, "cashin")] if cmd.player in state.in_jail else []
    return [ev.HoldingMoved(key, cmd.player, BANK, CASH_IN, "cashed in for Mr. Monopoly"),
            *[ev.PlayerReleased(p) for p in sorted(state.trapped)],
            *freed,
            ev.MrMonopolyTaken(cmd.player, state.mr_monopoly)]
