"""Houses, hotels, depots and mortgages from the table's keys: the player first, then only that player's deeds.

Only legal choices are offered (build_refusal, sell_refusal, mortgage_refusal ...); a deed the rules refuse is
shown greyed with the reason. A player alone in holding any such deed is not asked about.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from textual import work

from banker import commands as c
from banker.landing import top_level
from banker.rules.buildings import build_refusal, describe, may_build_on, sell_refusal
from banker.rules.deeds import lift_cost, mortgage_refusal, unmortgage_refusal
from banker.rules.depots import depot_refusal
from banker.rules.prices import building_sale_value, level_cost, mortgage_amount, sale_value
from screens.choice_screen import Choice, ChoiceScreen
from screens.table_host import OnTheTable

if TYPE_CHECKING:
    from collections.abc import Sequence



class DeedFlows(OnTheTable):
    """Mixed into the table screen; `game`, `banker`, `ask`, `pay` and `pick_player` come from it and TableFlows."""

    if TYPE_CHECKING:
        async def pick_player(self, title: str, accounts: bool = False, exclude: str = "", highlight: str = "",
                              among: Sequence[str] | None = None) -> str | None: ...

    def owned(self) -> list[tuple[str, str]]:
        """(player, deed) for every deed an active player holds, in board order."""
        state = self.game.state
        return [(h.owner, name) for name, h in state.deeds.items() if h.owner in state.active_players]

    async def pick_owned_deed(self, who: str, which: Callable[[str], str], choices: list[Choice], nothing: str) -> Any:
        """`who` asks for the player (the one whose turn it is comes highlighted), `which(player)` for one of
        that player's deeds; each choice's value is (player, deed). Refused deeds come last, greyed."""
        if not choices:
            self.notify(nothing, severity="warning", markup=False)
            return None
        owners = list(dict.fromkeys(choice.value[0] for choice in choices))
        player = owners[0] if len(owners) == 1 else await self.pick_player(who, among=owners)
        if player is None:
            return None
        mine = sorted((ch for ch in choices if ch.value[0] == player), key=lambda ch: ch.refusal is not None)
        return await self.ask(ChoiceScreen(which(player), mine))

    @work(exclusive=True, exit_on_error=False)
    async def action_build(self) -> None:
        """Houses, hotels and skyscrapers on streets, and train depots on railroads where the edition has them."""
        state, money = self.game.state, self.game.money
        choices = []
        for player, deed in self.owned():
            if state.deed(deed).kind != "street" or may_build_on(state, player, deed):
                continue
            level = state.deeds[deed].level
            if level >= top_level(state, deed):
                continue
            cost = level_cost(state, deed, level + 1)
            label = f"{deed}: {describe(level)} → {describe(level + 1)} for {money(cost)}"
            choices.append(Choice(label, (player, deed), build_refusal(state, player, deed, 1)))
        depots = self.depot_choices()
        picked = await self.pick_owned_deed("Who builds?", lambda player: f"{player} builds on which deed?",
                                      choices + depots,
                                      "nothing to build on: no player holds enough of a colour group yet")
        if picked and any(picked == choice.value for choice in depots):
            await self.pay(c.BuildDepot(picked[0], picked[1]))
        elif picked:
            await self.pay(c.Build(picked[0], picked[1], 1))

    def depot_choices(self) -> list[Choice]:
        """Every railroad a player holds without a train depot; the ones the rules refuse greyed with why."""
        state, money = self.game.state, self.game.money
        if not state.edition.has_depots:
            return []
        return [Choice(f"{deed}: a train depot for {money(state.edition.depot_cost)}, rent x2",
                       (player, deed), depot_refusal(state, player, deed))
                for player, deed in self.owned() if state.deed(deed).kind == "railroad" and not state.deeds[deed].depot]

    @work(exclusive=True, exit_on_error=False)
    async def action_sell(self) -> None:
        state, money = self.game.state, self.game.money
        choices = []
        for player, deed in self.owned():
            holding = state.deeds[deed]
            if holding.depot:
                label = f"{deed}: the train depot, +{money(building_sale_value(state, deed))}"
                choices.append(Choice(label, (player, deed), sell_refusal(state, player, deed, 1)))
            level = holding.level
            if not level:
                continue
            value = sale_value(state, deed, level, level - 1)
            label = f"{deed}: {describe(level)} → {describe(level - 1)}, +{money(value)}"
            choices.append(Choice(label, (player, deed), sell_refusal(state, player, deed, 1)))
        picked = await self.pick_owned_deed("Who sells a building?", lambda player: f"{player} sells from which deed?",
                                      choices, "no deed has buildings to sell")
        if picked:
            self.banker.act(c.SellBuildings(picked[0], picked[1], 1))

    @work(exclusive=True, exit_on_error=False)
    async def action_depot(self) -> None:
        """A train depot on a railroad (Mega): only the railroads without one, refused ones greyed with why."""
        state = self.game.state
        if not state.edition.has_depots:
            self.notify(f"{state.edition.name} has no train depots", severity="warning", markup=False)
            return
        word = state.edition.term("railroad")
        picked = await self.pick_owned_deed("Who builds a train depot?",
                                      lambda player: f"{player} builds a train depot on which {word}?",
                                      self.depot_choices(), f"no player holds a {word} without a depot")
        if picked:
            await self.pay(c.BuildDepot(picked[0], picked[1]))

    @work(exclusive=True, exit_on_error=False)
    async def action_mortgage(self) -> None:
        state, money = self.game.state, self.game.money
        choices = [Choice(f"{deed}: +{money(mortgage_amount(state, deed))}", (player, deed),
                          mortgage_refusal(state, player, deed))
                   for player, deed in self.owned() if not state.deeds[deed].mortgaged]
        picked = await self.pick_owned_deed("Who mortgages a deed?", lambda player: f"{player} mortgages which deed?",
                                      choices, "no unmortgaged deed is owned by a player")
        if picked:
            self.banker.act(c.Mortgage(picked[0], picked[1]))

    @work(exclusive=True, exit_on_error=False)
    async def action_unmortgage(self) -> None:
        state, money = self.game.state, self.game.money
        choices = [Choice(f"{deed}: pay {money(lift_cost(state, deed))}", (player, deed),
                          unmortgage_refusal(state, player, deed))
                   for player, deed in self.owned() if state.deeds[deed].mortgaged]
        picked = await self.pick_owned_deed("Who lifts a mortgage?", lambda player: f"{player} lifts which mortgage?",
                                      choices, "no deed is mortgaged")
        if picked:
            await self.pay(c.Unmortgage(picked[0], picked[1]))
