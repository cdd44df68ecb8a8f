"""What the table waits for before the next roll, in the words a person reads.

The state keeps each `Wait` and `Debt` as plain data; this says what each one means and how to settle it
("Baltic Avenue is for sale: buy Bob Baltic, or auction Baltic"). It is what a refused roll names, what
`state --json` lists under "waiting", and what the app opens.
"""

from __future__ import annotations

from typing import Any, Protocol

from .events import BANK
from .frozen import Frozen, frozen


@frozen
class Wait(Frozen):
    """Something a landing (or a card, a ride, the speed die) left for the table to decide before the next roll.

    `kind`: buy-or-auction, card, choice, move, speed-die, jail-send, trap or free-house (a debt is a `Debt`);
    `detail` says which card deck, which choice (tax, gift, auction-space, utility, rent-dodge, steal, bus-ticket),
    which move (ride) or which speed-die face (mr, bus).
    """

    player: str
    kind: str
    space: str
    detail: str = ""


@frozen
class Debt(Frozen):
    """A payment fixed when it fell due that the player could not make from cash: paid by `settle`, or ended by a
    bankruptcy. Nobody is overdrawn meanwhile."""

    player: str
    creditor: str  # a player, or "bank"
    amount: int
    why: str


class Table(Protocol):
    """What the sentences read of a game's state (banker.state.GameState), named here so this module sits below
    the state it describes (the state's `state --json` lists these rows)."""

    edition: Any
    auction: Any
    tokens: Any
    waiting: tuple[Wait, ...]
    debts: tuple[Debt, ...]

    def position(self, player: str) -> int: ...

DECKS = {"chance": "Chance", "community_chest": "Community Chest"}
KINDS = ("buy-or-auction", "card", "choice", "debt", "move", "speed-die", "jail-send", "trap", "free-house")


def _q(name: str) -> str:
    """A name as the command language takes it (quoted when it holds a space)."""
    return f'"{name}"' if any(ch.isspace() for ch in name) else name


def _deed_word(state: Table, name: str) -> str:
    """The shortest way to name a deed at the table: its first word when that names it alone ("Baltic")."""
    from .errors import Refusal
    from .names import match  # only when something waits: `banker state` of a quiet table never loads it

    first = name.split()[0] if name.split() else name
    try:
        if match(first, state.edition.deed_names, "deed") == name:
            return first
    except Refusal:
        pass
    return _q(name)


def wait_text(state: Table, wait: Wait) -> str:
    """The sentence for one thing the table waits for: what it is, then the line that settles it."""
    p, space = _q(wait.player), wait.space
    match wait.kind, wait.detail:
        case "buy-or-auction", _:
            if state.auction is not None and state.auction.deed == space:
                return f"the auction of {space} is open: bid <player> <amount>, then sold"
            deed = _deed_word(state, space)
            return f"{space} is for sale: buy {p} {deed}, or auction {deed}"
        case "card", deck:
            return f"{wait.player} is on {space}: say the {DECKS.get(deck, deck)} card drawn: card {p} {deck} <card>"
        case "choice", "gift":
            return f"{wait.player} is on {space}: gift {p} (the cash), or gift {p} ticket"
        case "choice", "auction-space":
            if state.auction is not None:
                return f"the auction of {state.auction.deed} is open: bid <player> <amount>, then sold"
            return f"{wait.player} is on {space}: {wait.player} picks an unowned deed: auction <deed>"
        case "choice", "utility":
            deed = _deed_word(state, space)
            return f"{wait.player} is on {space}: throw the dice for the rent: rent {p} {deed} <dice total>"
        case "choice", "rent-dodge":
            deed = _deed_word(state, space)
            return f"{wait.player} is on {space} and holds the Rent Dodge card: rent {p} {deed}, or dodge {p} {deed}"
        case "choice", "steal":
            return f"{wait.player} is on {space}: steal a coin: parking {p} <player>"
        case "choice", "bus-ticket":
            return f"{wait.player} is on {space}: ticket {p} (or ticket {p} expire if it reads All Tickets Expire)"
        case "move", "ride":
            return f"{wait.player} rides the bus: move {p} <space> (forward, on the same side of the board)"
        case "move", _:
            return f"{wait.player} rolled triples and moves to any space: move {p} <space>"
        case "speed-die", detail:
            move = "Mr. Monopoly" if detail.partition(":")[0] == "mr" else "Bus"
            return f"then {wait.player}'s speed die {move} move, once {space} is settled"
        case "jail-send", _:
            return f"{wait.player} is Mr. Monopoly on {space}: jail {p} <player> sends another player instead"
        case "trap", _:
            return f"Mr. Monopoly ({wait.player}) landed on another token on {space}: trap {p} <player> [<deed>]"
        case "free-house", _:
            return (f"doubles while {wait.player} is Mr. Monopoly: a free house on any street (001:32): "
                    "place <street>, or place none")
    return f"{wait.player} on {space}: {wait.kind} {wait.detail}".strip()


def debt_text(state: Table, debt: Debt) -> str:
    money = state.edition.money
    to = "the bank" if debt.creditor == BANK else debt.creditor
    creditor = "" if debt.creditor == BANK else f" {_q(debt.creditor)}"
    return (f"{debt.player} owes {to} {money(debt.amount)} ({debt.why}): settle {_q(debt.player)} once the cash is "
            f"raised, or bankrupt {_q(debt.player)}{creditor} {debt.amount}")


def waiting_json(state: Table) -> list[dict[str, Any]]:
    """`state --json`'s "waiting": empty exactly when the table may roll (debts first: they stop every roll)."""
    rows = [{"player": d.player, "kind": "debt", "space": _debt_space(state, d.player), "text": debt_text(state, d)}
            for d in state.debts]
    rows += [{"player": w.player, "kind": w.kind, "space": w.space, "text": wait_text(state, w)}
             for w in state.waiting]
    if state.tokens is not None and state.tokens.anywhere:
        who = state.tokens.anywhere
        rows.append({"player": who, "kind": "move", "space": _debt_space(state, who),
                     "text": wait_text(state, Wait(who, "move", _debt_space(state, who), "triples"))})
    return rows


def _debt_space(state: Table, player: str) -> str:
    if state.tokens is None:
        return ""
    return state.edition.spaces[state.position(player)].name


def first_waiting(state: Table) -> str | None:
    """The sentence a refused roll names: the first thing the table waits for, or None."""
    if state.debts:
        return debt_text(state, state.debts[0])
    if state.waiting:
        return wait_text(state, state.waiting[0])
    return None
