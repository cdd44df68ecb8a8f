"""Declaring a bankruptcy: the debt (refused at once while it could be raised), the creditor's choice on
mortgaged deeds, a last confirmation. Used by the table's `x` and by the raise-money screen's `x`."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.app import App
from textual.screen import Screen

from banker import commands as c
from banker.errors import Refusal
from banker.events import BANK
from banker.game import Game
from banker.language import read_amount
from banker.rules.bankruptcy import mortgages_passing, solvent_refusal
from screens.amount_screen import AmountScreen
from screens.choice_screen import Choice, ChoiceScreen, kept_dialog


def debt_reader(game: Game, player: str, creditor: str) -> Callable[[str], int]:
    """Reads the debt and refuses it in the dialog while the player could still raise it."""
    state = game.state

    def read(word: str) -> int:
        debt = read_amount(word, state)
        if reason := solvent_refusal(state, player, creditor, debt):
            raise Refusal(reason)
        return debt

    return read


def debt_screen(game: Game, player: str, creditor: str, debt: int | None = None) -> AmountScreen:
    """Asks what the player owes; a debt the player could raise is refused in the dialog itself."""
    to = "the bank" if creditor == BANK else creditor
    return AmountScreen(f"What does {player} owe {to}?",
                        "the debt that cannot be paid; refused while selling and mortgaging would raise it",
                        value=debt, read=debt_reader(game, player, creditor))


def lift_screen(game: Game, player: str, creditor: str) -> ChoiceScreen | None:
    """A player creditor receiving mortgaged deeds: pay the interest now, or lift them at once (003:199, 000:207);
    the hint cites the game's own rulebook."""
    count, lift_now, interest_now = mortgages_passing(game.state, player)
    if creditor == BANK or not count:
        return None
    money, pct = game.money, game.state.edition.mortgage_interest_pct
    deeds = "deed" if count == 1 else "deeds"
    charged = game.state.edition.bankruptcy_interest
    keep = (f"pay {pct}% now: {money(interest_now)}, and {pct}% again when lifted later" if pct and charged
            else "keep them mortgaged: nothing now")
    lift = f"lift now (value + {pct}%): {money(lift_now)}" if pct else f"lift now: {money(lift_now)}"
    if charged:
        rule = (f"the new owner pays the {pct}% interest at once and may lift it then" if pct
                else "the new owner may lift the mortgage at any time")
    else:
        rule = "the new owner may lift the mortgages now or at any time later"
    book = game.state.edition.rulebook
    line = {"001": "001:75"}.get(book, book) if not charged else book
    return ChoiceScreen(f"{creditor} receives {count} mortgaged {deeds} from {player}",
                        [Choice(keep, False), Choice(lift, True)], f"{line}: {rule}" if line else rule)


async def ask_bankruptcy(app: App[Any], game: Game, player: str, creditor: str,
                         debt: int | None = None) -> c.Bankrupt | None:
    """The Bankrupt command the banker confirmed, or None when cancelled at any step."""

    async def ask(screen: Screen[Any]) -> Any:
        return await app.push_screen_wait(kept_dialog(app, screen))

    owed = await ask(debt_screen(game, player, creditor, debt))
    if owed is None:
        return None
    lift = False
    if (choice := lift_screen(game, player, creditor)) is not None:
        lift = await ask(choice)
        if lift is None:
            return None
    to = "the bank" if creditor == BANK else creditor
    how = ", lifting the mortgages now" if lift else ""
    sure = await ask(ChoiceScreen(f"Declare {player} bankrupt to {to}, owing {game.money(owed)}{how}?",
                                  [Choice("No, go back", False), Choice("Yes, declare it", True)]))
    return c.Bankrupt(player, creditor, owed, bool(lift)) if sure else None
