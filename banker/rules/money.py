"""Payments: who pays whom, and what a player short of cash can do about it."""

from __future__ import annotations

from collections.abc import Callable

from ..errors import Refusal
from ..events import ACCOUNTS, BANK, Transfer
from ..frozen import Frozen, frozen
from ..state import GameState
from .checks import auction_open, not_playing, refuse_if
from .prices import building_sale_value, mortgage_amount


@frozen
class Raisable(Frozen):
    """What a player could pay with: cash, buildings sold back to the bank, unmortgaged deeds mortgaged."""

    cash: int
    buildings: int
    built_on: tuple[str, ...]
    mortgages: int
    mortgageable: tuple[str, ...]

    @property
    def total(self) -> int:
        return self.cash + self.buildings + self.mortgages

    def parts(self, money: Callable[[int], str]) -> str:
        """In the table's words: "$100 cash, $200 by mortgaging Boardwalk"."""
        out = [f"{money(self.cash)} cash"]
        if self.buildings:
            out.append(f"{money(self.buildings)} by selling the buildings on {_names(self.built_on)}")
        if self.mortgages:
            out.append(f"{money(self.mortgages)} by mortgaging {_names(self.mortgageable)}")
        return ", ".join(out)


def _names(deeds: tuple[str, ...]) -> str:
    if len(deeds) <= 3:
        return " and ".join(filter(None, (", ".join(deeds[:-1]), deeds[-1])))
    return f"{', '.join(deeds[:2])} and {len(deeds) - 2} more"


def raisable_from(state: GameState, player: str) -> Raisable:
    """Everything the player could pay the bank or a creditor: the sum the raise-money screen offers."""
    buildings = mortgages = 0
    built_on: list[str] = []
    mortgageable: list[str] = []
    for name in state.deeds_of(player):
        if value := building_sale_value(state, name):
            buildings += value
            built_on.append(name)
        if not state.deeds[name].mortgaged and (value := mortgage_amount(state, name)) > 0:
            mortgages += value
            mortgageable.append(name)
    return Raisable(state.cash(player), buildings, tuple(built_on), mortgages, tuple(mortgageable))


def raisable(state: GameState, player: str) -> int:
    """Cash a player could raise from the bank: half the buildings, then mortgages."""
    found = raisable_from(state, player)
    return found.buildings + found.mortgages


def short_of_cash(state: GameState, player: str, amount: int, why: str, creditor: str = "bank") -> str | None:
    """The refusal for a payment bigger than the player's cash, with the ways out."""
    if player in ACCOUNTS:
        return None
    cash = state.cash(player)
    if amount <= cash:
        return None
    money = state.edition.money
    missing = amount - cash
    can_raise = raisable(state, player)
    who = "" if creditor in ACCOUNTS else f" {creditor}"
    ways = "mortgaging, selling buildings or trading" if state.edition.sell_buildings else "mortgaging or trading"
    if can_raise >= missing:
        return (f"{player} has {money(cash)} but {why} costs {money(amount)}: raise {money(missing)} first "
                f"by {ways} (up to {money(can_raise)} can be raised)")
    return (f"{player} has {money(cash)} but {why} costs {money(amount)}, and selling and mortgaging "
            f"everything raises only {money(can_raise)}: trade for cash or declare "
            f"`bankrupt {player}{who} {amount}`")


def pay(state: GameState, payer: str, payee: str, amount: int, why: str) -> Transfer:
    """One checked leg: refused when a player payer is short of cash (`short_of_cash` says why)."""
    if payer in ACCOUNTS or amount <= state.accounts[payer]:
        return Transfer(payer, payee, amount)
    raise Refusal(short_of_cash(state, payer, amount, why, payee))  # type: ignore[arg-type]


def legs(*transfers: Transfer | None) -> tuple[Transfer, ...]:
    """Transfers without the empty ones (zero amounts move nothing)."""
    return tuple(t for t in transfers if t is not None and t.amount > 0)


def bought_from_bank(state: GameState, player: str, refusal: str | None, cost: int, what: str) -> tuple[Transfer]:
    """A piece the player buys from the bank (a depot, a stadium, a skyscraper, the tower): refused while an
    auction is open, for a player out of the game, or for the rule's own reason; else the one leg paying it."""
    refuse_if(auction_open(state), not_playing(state, player), refusal)
    return (pay(state, player, BANK, cost, what),)
