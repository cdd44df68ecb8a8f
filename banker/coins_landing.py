"""Monopoly for Sore Losers at the table: what a landing means in this edition, and the choices its keys offer.

Rulebook 001: a coin for landing on your own property, paying rent, a tax or bill, or going to
jail; Free Parking steals a coin; Mr. Monopoly collects rent and taxes instead of paying them,
sends another player to jail, and traps a player he lands on (stealing a deed outside a complete
set). Every offer is the core's command with the core's own refusal (`refusal_of`), so what is
offered is what the rules accept. `banker.landing` asks here (`OFFERS`, in its table of features) for an
edition with Mr. Monopoly.
"""

from __future__ import annotations

from dataclasses import replace

from . import commands as c
from .events import BANK, POT
from .frozen import Frozen, frozen
from .offers import FeatureOffers, Offer, deed_offers, refusal_of
from .rules.awards import award_refusal, awards, coin_kind
from .rules.buildings import describe
from .rules.deeds import rent_refusal
from .rules.rent import rent_due
from .rules.traps import allowed_traps
from .state import HOTEL, GameState

TRAP = "trap"  # an offer's `needs`: Mr. Monopoly landed on a player; which deed he steals (or none) is asked next


def plays_sore_losers(state: GameState) -> bool:
    """Whether this game has sore-loser coins and Mr. Monopoly (the keys for them are hidden elsewhere)."""
    return bool(state.edition.mr_monopoly and coin_kind(state))


def coin_dots(state: GameState, player: str) -> str:
    """A player's coins as the card shows them: ●●○○."""
    key = coin_kind(state)
    if key is None:
        return ""
    most = state.edition.holdings[key].max_held
    held = state.count(key, player)
    return "●" * held + "○" * max(most - held, 0)


def _coin_note(state: GameState, reason: str, player: str, who: str = "") -> str:
    """" · +1 coin" when `player` earns a coin for `reason` now (none at 4, none for Mr. Monopoly)."""
    return f" · {who}+1 coin" if awards(state, reason, player) else ""


def _is_mr(state: GameState, player: str) -> bool:
    return bool(state.mr_monopoly) and state.mr_monopoly == player


def _others(state: GameState, player: str) -> list[str]:
    return [p for p in state.active_players if p != player]


def space_offers(state: GameState, player: str, position: int) -> list[Offer] | None:
    """The offers where this edition differs from the classic game, or None where it plays the same."""
    if not plays_sore_losers(state):
        return None
    edition, money = state.edition, state.edition.money
    space = edition.spaces[position]
    mr = _is_mr(state, player)
    if space.name in edition.deeds:
        return _deed_offers(state, player, space.name)
    if space.type == "tax":
        if mr:
            return [Offer(f"Mr. Monopoly collects {money(space.amount)} from the bank instead of paying "
                          f"{space.name}", c.Tax(player, space.name))]
        return [Offer(f"pay {space.name}: {money(space.amount)}{_coin_note(state, 'tax', player)}",
                      c.Tax(player, space.name))]
    if space.type == "go_to_jail":
        if mr:
            return send_to_jail_offers(state, player)
        if player in state.in_jail:
            return None
        return [Offer(f"{player} goes to jail{_coin_note(state, 'jail', player)}", c.GoToJail(player))]
    if space.type == "free_parking":
        return steal_offers(state, player) + _pot_offer(state, player)
    return None


def _deed_offers(state: GameState, player: str, deed: str) -> list[Offer] | None:
    money = state.edition.money
    holding = state.deeds[deed]
    if holding.owner == BANK:
        offers = deed_offers(state, player, deed)
        if not holding.level:
            return None
        # 001: "they pay the price on the board space and get the building for free"
        return [replace(o, label=f"{o.label} with its {describe(holding.level)} free")
                if isinstance(o.command, c.Buy) else o for o in offers]
    if state.deed(deed).kind == "utility":
        return None
    if holding.owner == player:
        return [own_property_offer(state, player, deed)]
    if reason := rent_refusal(state, player, deed, None):
        return [Offer(reason)]
    owner, amount = holding.owner, money(rent_due(state, deed))
    if _is_mr(state, player):
        note = _coin_note(state, "rent", owner, f"{owner} ")
        return [Offer(f"Mr. Monopoly collects {amount} rent from {owner} for {deed}{note}", c.Rent(player, deed))]
    return [Offer(f"pay {owner} {amount} rent for {deed}{_coin_note(state, 'rent', player)}", c.Rent(player, deed))]


def own_property_offer(state: GameState, player: str, deed: str) -> Offer:
    """001: "land on your own property": a coin, unless the player holds 4 or is Mr. Monopoly."""
    take = c.TakeCoin(player)
    if reason := refusal_of(state, take):
        return Offer(f"{player} owns {deed}: nothing to pay; {reason}")
    return Offer(f"{player} owns {deed}: take a coin for landing on it", take)


def steal_offers(state: GameState, player: str) -> list[Offer]:
    """Free Parking: steal a coin from any player; holding 4, or as Mr. Monopoly, it goes back to the bank (001)."""
    key = coin_kind(state)
    assert key is not None
    kind = state.edition.holdings[key]
    full = bool(kind.max_held) and state.count(key, player) >= kind.max_held
    why = "Mr. Monopoly" if _is_mr(state, player) else (f"{player} holds {kind.max_held}" if full else "")
    offers = []
    for victim in _others(state, player):
        command = c.StealCoin(player, victim)
        what = f"take a coin from {victim} back to the bank ({why})" if why else f"steal a coin from {victim}"
        if reason := refusal_of(state, command):
            offers.append(Offer(f"{what}: {reason}", command, refusal=reason))
        else:
            offers.append(Offer(f"{what}  {coin_dots(state, victim)}", command))
    if not any(o.actionable for o in offers):
        offers.insert(0, Offer(f"Free Parking: nobody else holds a {kind.name} to steal"))
    return offers


def _pot_offer(state: GameState, player: str) -> list[Offer]:
    """The Free Parking jackpot house rule still pays out here, besides the steal."""
    if state.free_parking and state.cash(POT):
        return [Offer(f"collect the Free Parking pot: {state.edition.money(state.cash(POT))}", c.CollectPot(player))]
    return []


def send_to_jail_offers(state: GameState, mr: str) -> list[Offer]:
    """001: "instead of going to Jail, send any other player in your place"."""
    offers = []
    for other in _others(state, mr):
        command = c.GoToJail(mr, other)
        what = f"Mr. Monopoly sends {other} to jail instead"
        reason = refusal_of(state, command)
        label = f"{what}: {reason}" if reason else f"{what}{_coin_note(state, 'jail', other, f'{other} ')}"
        offers.append(Offer(label, command, refusal=reason))
    return offers


def trap_offers(state: GameState, player: str) -> list[Offer]:
    """Mr. Monopoly landed where other players stand: trap one (a coin for them), then settle the space. Only the
    traps the rules allow are offered (`allowed_traps`, 001:33): none for the players on other spaces."""
    if not plays_sore_losers(state) or not _is_mr(state, player):
        return []
    key = coin_kind(state)
    assert key is not None
    offers = []
    for other in allowed_traps(state, player):
        coin = f" · {other} +1 coin" if award_refusal(state, key, other) is None else ""
        offers.append(Offer(f"Mr. Monopoly traps {other} here, maybe steals a deed{coin}", c.Trap(player, other),
                            needs=TRAP))
    return offers


@frozen
class Pick(Frozen):
    """One choice a Sore Losers key offers: its label, the command, and the core's refusal (None: allowed)."""

    label: str
    command: c.Command | None
    refusal: str | None = None


def _pick(label: str, command: c.Command, state: GameState) -> Pick:
    return Pick(label, command, refusal_of(state, command))


def steal_picks(state: GameState, mr: str, victim: str) -> list[Pick]:
    """Which deed Mr. Monopoly steals from a trapped player: none, or one outside a complete set (001)."""
    money = state.edition.money
    picks = [_pick(f"no deed: just trap {victim}", c.Trap(mr, victim), state)]
    for deed in state.deeds_of(victim):
        holding = state.deeds[deed]
        extra = (f", {describe(holding.level)}" if holding.level else "") + (", mortgaged" if holding.mortgaged else "")
        picks.append(_pick(f"steal {deed} ({money(state.deed(deed).price)}{extra})", c.Trap(mr, victim, deed), state))
    return picks[:1] + sorted(picks[1:], key=lambda p: p.refusal is not None)  # the deeds he may take first


def coin_picks(state: GameState, player: str) -> list[Pick]:
    """The coin key for one player: cash in 4 for Mr. Monopoly, or take one (own property, a card that says so)."""
    return [_pick("cash in 4 coins: become Mr. Monopoly", c.CashIn(player), state),
            _pick("take a coin from the bank (landed on own property, a card says so)", c.TakeCoin(player), state)]


def free_house_picks(state: GameState) -> list[Pick]:
    """Doubles while there is a Mr. Monopoly: one free house on any street, owned or not (001)."""
    picks = []
    for name, card in state.edition.deeds.items():
        if card.kind != "street":
            continue
        holding = state.deeds[name]
        owner = "bank" if holding.owner == BANK else holding.owner
        level = holding.level
        after = describe(level + 1) if level < HOTEL - 1 else describe(level)
        picks.append(_pick(f"{name} ({owner}): {describe(level)} → {after}", c.PlaceFreeHouse(name), state))
    if any(w.kind == "free-house" for w in state.waiting):  # a followed table's doubles: it may be declined
        picks.append(_pick("no free house for these doubles", c.PlaceFreeHouse(""), state))
    return picks


def trap_picks(state: GameState) -> list[Pick]:
    """The trap key: Mr. Monopoly traps a player he landed on, or a trapped player is released."""
    picks = []
    mr = state.mr_monopoly
    for other in allowed_traps(state, mr):  # only the traps the rules allow (001:33)
        picks.append(Pick(f"Mr. Monopoly ({mr}) lands on {other}: trap them, maybe steal a deed", c.Trap(mr, other)))
    for player in sorted(state.trapped):
        picks.append(_pick(f"release {player}", c.Release(player), state))
    return picks


OFFERS = FeatureOffers(plays=plays_sore_losers, space=space_offers, after=trap_offers)
