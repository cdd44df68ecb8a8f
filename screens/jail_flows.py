"""The jail key: a way out for a player in jail (the fine, a card, doubles), or a player sent to jail."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual import work

from banker import commands as c
from banker.landing import DECK_NAMES
from banker.rules.table import rolled_out_refusal
from screens.choice_screen import Choice, ChoiceScreen
from screens.table_host import OnTheTable

OTHER = "another player"  # the jail dialog's row that picks someone else


class JailFlows(OnTheTable):
    """Mixed into the table's flows (`pick_player` comes from TableFlows)."""

    if TYPE_CHECKING:
        from collections.abc import Sequence

        async def pick_player(self, title: str, accounts: bool = False, exclude: str = "", highlight: str = "",
                              among: Sequence[str] | None = None) -> str | None: ...

    @work(exclusive=True, exit_on_error=False)
    async def action_jail(self) -> None:
        """Jail: with one player in jail, his way out at once (issue 36: `j` asked which of one); sending someone
        else is the last row. Otherwise the player first."""
        state = self.game.state
        jailed = [p for p in state.active_players if p in state.in_jail]
        if len(jailed) == 1:
            player = jailed[0]
            others = [p for p in state.active_players if p != player]
            choices = self.jail_choices(player) + ([Choice("another player goes to jail…", OTHER)] if others else [])
            command = await self.ask(ChoiceScreen(f"Jail: {player}", choices))
            if command == OTHER:
                player = await self.pick_player("Jail: which player goes?", among=others) or ""
                command = await self.ask(ChoiceScreen(f"Jail: {player}", self.jail_choices(player))) if player \
                    else None
            if command is not None:
                await self.pay(command)
            return
        player = await self.pick_player("Jail: which player?")
        if player is None:
            return
        command = await self.ask(ChoiceScreen(f"Jail: {player}", self.jail_choices(player)))
        if command is not None:
            await self.pay(command)

    def jail_choices(self, player: str) -> list[Choice]:
        """Leave jail (fine, card, doubles) or go; Sore Losers' Mr. Monopoly sends another player instead."""
        state, money = self.game.state, self.game.money
        if player in state.in_jail:
            choices = [Choice(f"pay the {money(state.edition.jail_fine)} fine and leave", c.Bail(player))]
            choices += [Choice(f"use the {DECK_NAMES[deck]} Get Out of Jail Free card", c.UseJailCard(player, deck))
                        for deck in dict.fromkeys(state.jail_cards[player])]
            choices.append(Choice("rolled doubles: leave without paying", c.RolledOut(player),
                                  refusal=rolled_out_refusal(state, player)))
            return choices
        return [Choice(f"{player} goes to jail", c.GoToJail(player))]

