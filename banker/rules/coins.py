"""Monopoly for Sore Losers (rulebook 001): coins, Mr. Monopoly and the final rent round."""

from __future__ import annotations

from .. import commands as c
from .. import events as ev
from ..errors import Refusal
from ..events import BANK
from ..state import HOTEL, GameState
from .awards import award_refusal, awards, coin_kind
from .checks import auction_open, not_playing, refuse_if, same_player
from .rent import rent_charge

CASH_IN = 4  # 001: "Once you collect four coins, you may trade in all four"


def _edition(state: GameState) -> str:
    key = coin_kind(state)
    if not state.edition.mr_monopoly or key is None:
        raise Refusal(f"{state.edition.name} has no sore-loser coins or Mr. Monopoly; "
                      "they are in Monopoly for Sore Losers")
    return key


def _is_mr_monopoly(state: GameState, player: str) -> str | None:
    if state.mr_monopoly == player:
        return None
    who = f"{state.mr_monopoly} is" if state.mr_monopoly else "nobody is"
    return f"{player} is not Mr. Monopoly ({who}); only Mr. Monopoly does that"


def take_coin(state: GameState, cmd: c.TakeCoin) -> list[ev.Event]:
    """Landed on your own property, or Mr. Monopoly landed on you (001)."""
    key = _edition(state)
    refuse_if(auction_open(state), not_playing(state, cmd.player), award_refusal(state, key, cmd.player))
    return [ev.HoldingMoved(key, BANK, cmd.player, 1, "coin")]


def steal_coin(state: GameState, cmd: c.StealCoin) -> list[ev.Event]:
    """Free Parking: steal a coin from any player; at four, or as Mr. Monopoly, it goes back to the bank (001)."""
    key = _edition(state)
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
    key = _edition(state)
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


def trap(state: GameState, cmd: c.Trap) -> list[ev.Event]:
    """Mr. Monopoly lands on a player: a coin for them, trapped, and maybe a deed stolen (001)."""
    key = _edition(state)
    refuse_if(auction_open(state), _is_mr_monopoly(state, cmd.mr_monopoly), not_playing(state, cmd.player),
              same_player(cmd.mr_monopoly, cmd.player, "trap"))
    events: list[ev.Event] = []
    if cmd.deed:
        owner = state.deeds[cmd.deed].owner
        if owner != cmd.player:
            holder = "the bank" if owner == BANK else owner
            raise Refusal(f"{cmd.deed} is not {cmd.player}'s to steal ({holder} owns it)")
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
    _edition(state)
    refuse_if(auction_open(state))
    if cmd.player not in state.trapped:
        raise Refusal(f"{cmd.player} is not trapped")
    return [ev.PlayerReleased(cmd.player)]


def place_free_house(state: GameState, cmd: c.PlaceFreeHouse) -> list[ev.Event]:
    """Doubles by anyone while there is a Mr. Monopoly: one free house on any street (001)."""
    _edition(state)
    refuse_if(auction_open(state))
    if not state.mr_monopoly:
        raise Refusal("nobody is Mr. Monopoly, so doubles place no free house")
    if state.deed(cmd.deed).kind != "street":
        raise Refusal(f"{cmd.deed} is not a street; the free house goes on a street")
    level = state.deeds[cmd.deed].level
    if level >= HOTEL - 1:
        raise Refusal(f"{cmd.deed} already has {'a hotel' if level == HOTEL else '4 houses'}; "
                      "the free house goes on a street with fewer than 4")
    if state.bank_houses < 1:
        raise Refusal("the bank has no houses left to place")
    return [ev.FreeHousePlaced(state.mr_monopoly, cmd.deed, level + 1)]


def reversed_rent(state: GameState, mr: str, deed: str, dice: int | None) -> list[ev.Event]:
    """`rent <mr-monopoly> <deed>`: the owner pays Mr. Monopoly, and takes a coin for paying rent."""
    from .money import pay

    owner = state.deeds[deed].owner
    rent = rent_charge(state, deed, dice)
    leg = pay(state, owner, mr, rent.amount, f"the rent on {deed} to Mr. Monopoly")
    return [ev.RentReversed(mr, owner, deed, dice or 0, rent.basis, transfers=(leg,)), *awards(state, "rent", owner)]


def final_round_refusal(state: GameState) -> str | None:
    if not state.edition.final_rent_round:
        return f"{state.edition.name} has no final rent round; `score` values the game"
    if state.final_round:
        return "the final rent round was already played; see `score`"
    unowned = [d for d, h in state.deeds.items() if h.owner == BANK]
    if unowned:
        still = "1 property still belongs" if len(unowned) == 1 else f"{len(unowned)} properties still belong"
        return (f"{still} to the bank (e.g. {unowned[0]}); the game ends when all are "
                "bought and everyone is back at GO")
    if state.tokens is not None and (away := [p for p in state.active_players if state.position(p) != 0]):
        return (f"the game ends when every token is back on GO (001:111); not yet: {', '.join(away)}; "
                "keep rolling, each token stops on GO")
    return None


def final_round(state: GameState, cmd: c.FinalRound) -> list[ev.Event]:
    """In turn order, each player collects from the bank the rent on each unmortgaged property (001)."""
    refuse_if(auction_open(state), final_round_refusal(state))
    events: list[ev.Event] = [ev.FinalRoundPlayed()]
    for player in state.active_players:
        for deed in state.deeds_of(player):
            rent = rent_charge(state, deed)
            if rent.amount:
                events.append(ev.FinalRentCollected(player, deed, rent.basis,
                                                    transfers=(ev.Transfer(BANK, player, rent.amount),)))
    return events
