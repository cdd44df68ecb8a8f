"""Monopoly City's flows on the table: the Build button and blocks, planning permission, railroads, the clock.

Mixed into the table screen before `TableFlows`: on a City board `b` is the trading unit's Build
button (spin, then blocks within the spin, or the free railroad; stadiums, skyscrapers, the Monopoly
Tower and clearing a hazard are on the same menu); other boards keep the classic build flow. Every
choice is built on the core's pure checks; refused ones are greyed with the core's reason.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from textual import work

from banker import commands as c
from banker.districts_landing import PLANNING, RAILROAD, is_city, planning_places
from banker.events import BANK
from banker.landing import Offer
from banker.language import draw_spin
from banker.rules.districts import blocks_refusal, spin_refusal
from banker.rules.rent import rent_due
from banker.rules.skyscrapers import skyscraper_refusal
from banker.rules.stadiums import stadium_refusal, tower_refusal
from screens.choice_screen import Choice, ChoiceScreen
from screens.city_marks import district_marks
from screens.table_host import OnTheTable
from screens.timing import timing

if TYPE_CHECKING:
    pass

KINDS = ("residential", "industrial")


class CityFlows(OnTheTable):
    """Mixed into the table screen; `game`, `banker`, `ask` and `pay` come from it and TableFlows."""

    # -- the Build button ----------------------------------------------------------------

    def action_build(self) -> None:
        if is_city(self.game.state):
            self.city_build()
        else:
            super().action_build()  # type: ignore[misc]  # TableFlows: houses, hotels, depots

    @work(exclusive=True, exit_on_error=False)
    async def city_build(self) -> None:
        """The current player's Build menu, again after each thing built while the spin allows more."""
        player = self.banker.current_player
        while True:
            state = self.game.state
            choices = self.build_menu(player)
            spin = state.spin
            left = spin.blocks_left if spin is not None and spin.player == player else 0
            hint = (f"{left} block{'s' if left != 1 else ''} left of this turn's spin" if left
                    else "pressing Build spins 1, 2 or 3 blocks, or a free railroad; once per turn")
            picked = await self.ask(ChoiceScreen(f"Build: {player}  ({self.game.money(state.cash(player))})",
                                                 choices, hint))
            if picked is None or not await self.build_choice(player, picked):
                return

    def build_menu(self, player: str) -> list[Choice]:
        state, money = self.game.state, self.game.money
        choices: list[Choice] = []
        spin = state.spin
        new_turn = self.banker.fresh_turn == player  # `n` brought the turn round: last turn's spin is spent
        followed = state.tokens is not None  # the rolls say when a turn is new (004:155): no `again` to offer
        mine = spin is not None and spin.player == player and not new_turn
        if mine and spin is not None and spin.blocks_left:
            choices.append(Choice(f"build blocks: {spin.blocks_left} left this turn", ("blocks",)))
        elif mine and spin is not None and spin.railroad:
            choices.append(Choice("place the free railroad of this turn's spin", ("railroad",)))
        refusal = spin_refusal(state, player)
        if refusal is not None and new_turn:
            choices.append(Choice("press Build: spin 1, 2 or 3 blocks or a railroad", ("spin", True)))
        else:
            choices.append(Choice("press Build: spin 1, 2 or 3 blocks or a railroad", ("spin", False), refusal))
        if refusal is not None and not new_turn and not followed:
            choices.append(Choice(f"a new turn of {player}'s (doubles): press Build again", ("spin", True)))
        districts = [d for d in state.deeds_of(player) if state.deed(d).kind == "district"]
        for deed in districts:
            if stadium_refusal(state, player, deed) is None:
                choices.append(Choice(f"a stadium on {deed}: {money(state.edition.stadium_cost)} "
                                      f"(+{money(state.edition.stadium_go_bonus)} at GO)", ("stadium", deed)))
        for deed in districts:
            if skyscraper_refusal(state, player, deed) is None:
                colour = state.deed(deed).group.replace("_", " ")
                choices.append(Choice(f"a skyscraper on {deed}: {money(state.deed(deed).skyscraper_cost)} "
                                      f"(doubles the {colour} rents)", ("skyscraper", deed)))
        for deed in districts:
            if tower_refusal(state, player, deed) is None:
                choices.append(Choice(f"the Monopoly Tower on {deed}: {money(state.edition.tower_cost)} "
                                      f"(doubles every district of {player}'s)", ("tower", deed)))
        for deed in districts:
            if hazard := state.deeds[deed].hazard:
                cost = state.edition.hazards[hazard].blocks * state.edition.hazard_clear_per_block
                choices.append(Choice(f"clear the {hazard} from {deed}: {money(cost)}", ("clear", deed)))
        return choices

    async def build_choice(self, player: str, picked: tuple) -> bool:
        """Do one menu choice; True: show the menu again (more can be built this turn)."""
        what = picked[0]
        if what == "spin":
            return await self.press_build(player, again=picked[1])
        if what == "blocks":
            return await self.blocks_flow(player)
        if what == "railroad":
            await self.railroad_flow(player)
            return False
        commands = {"stadium": c.BuildStadium, "skyscraper": c.BuildSkyscraper, "tower": c.BuildTower,
                    "clear": c.ClearHazard}
        await self.pay(commands[what](player, picked[1]))
        return True

    async def press_build(self, player: str, again: bool = False) -> bool:
        """Draw the spin (the core's draw), record it, show it spinning, then build within it."""
        from screens.spin_screen import SpinScreen

        result = draw_spin()
        if self.banker.act(c.SpinBuild(player, result, again)) is None:
            return False
        self.banker.fresh_turn = ""
        if not await self.ask(SpinScreen(player, result)):
            return False
        if result == "railroad":
            await self.railroad_flow(player)
            return False
        return await self.blocks_flow(player)

    async def blocks_flow(self, player: str) -> bool:
        """Blocks within the spin: which district and kind, then how many; again while blocks are left."""
        while True:
            state, money = self.game.state, self.game.money
            spin = state.spin
            if spin is None or spin.player != player or not spin.blocks_left:
                return True
            left = spin.blocks_left
            districts = [d for d in state.deeds_of(player) if state.deed(d).kind == "district"]
            if not districts:
                self.notify(f"{player} owns no district to build on; the spin's blocks go unused",
                            severity="warning", markup=False)
                return False
            choices = []
            for deed in districts:
                card, holding = state.deed(deed), state.deeds[deed]
                marks = district_marks(holding).plain or "no blocks"
                for kind in KINDS:
                    price = card.residential_cost if kind == "residential" else card.industrial_cost
                    label = f"{deed} ({marks}, rent {money(rent_due(state, deed))}): {kind} {money(price)} a block"
                    choices.append(Choice(label, (deed, kind), blocks_refusal(state, player, deed, kind, 1)))
            choices.sort(key=lambda ch: ch.refusal is not None)
            picked = await self.ask(ChoiceScreen(f"{player} builds: {left} block{'s' if left != 1 else ''} left "
                                                 f"this turn", choices, "residential blocks count for nothing "
                                                 "under a hazard; industrial ones always count"))
            if picked is None:
                return True
            deed, kind = picked
            count = await self.block_count(player, deed, kind, left)
            if count is None:
                continue
            if not await self.pay(c.BuildBlocks(player, deed, kind, count)):
                return True

    async def block_count(self, player: str, deed: str, kind: str, left: int) -> int | None:
        """How many blocks, with what each count costs and the rent after; asked only when more than one fits."""
        state, money = self.game.state, self.game.money
        holding, card = state.deeds[deed], state.deed(deed)
        most = min(left, state.edition.max_blocks - holding.blocks)
        if most <= 1:
            return 1
        price = card.residential_cost if kind == "residential" else card.industrial_cost
        choices = []
        for count in range(1, most + 1):
            after = state.copy()
            after.deeds[deed] = replace(holding, **{kind: getattr(holding, kind) + count})
            label = (f"{count} {kind} block{'s' if count != 1 else ''}: {money(price * count)} · rent "
                     f"{money(rent_due(state, deed))} → {money(rent_due(after, deed))}")
            choices.append(Choice(label, count, blocks_refusal(state, player, deed, kind, count)))
        return await self.ask(ChoiceScreen(f"How many {kind} blocks on {deed}?", choices))

    async def railroad_flow(self, player: str) -> None:
        """The railroad spin: one free railroad on any district without one."""
        state = self.game.state
        choices = []
        for deed, card in state.edition.deeds.items():
            if card.kind != "district" or state.deeds[deed].railroad:
                continue
            owner = state.deeds[deed].owner
            choices.append(Choice(f"{deed}  ({'unowned' if owner == BANK else owner})", deed))
        if not choices:
            self.notify("every district has a railroad already", severity="warning", markup=False)
            return
        deed = await self.ask(ChoiceScreen(f"{player}'s free railroad: on which district?", choices,
                                           "any district; landing on your own district with a railroad lets you "
                                           "ride to another one"))
        if deed is not None:
            self.banker.act(c.PlaceRailroad(player, deed))

    # -- landings: planning permission and the railroad --------------------------------------

    async def run_offer(self, player: str, offer: Offer, position: int) -> int | None:
        if offer.needs == PLANNING:
            await self.planning_flow(player, offer.question)
            return None
        if offer.needs == RAILROAD and offer.move is not None and offer.move.target is not None:
            target = offer.move.target
            here = self.game.state.edition.spaces[position].name
            go = await self.ask(ChoiceScreen(f"Railroad: {player} rides from {here} to {target.name}",
                                             [Choice(f"move on to {target.name}", True),
                                              Choice(f"stay on {here}", False)], offer.move.reason))
            return target.position if go else None  # the landing there is settled next
        return await super().run_offer(player, offer, position)  # type: ignore[misc]

    async def planning_flow(self, player: str, kind: str) -> None:
        """Planning Permission: which hazard or bonus building (the edition's names), then on which district."""
        state, money = self.game.state, self.game.money
        names = state.edition.hazards if kind == "hazard" else state.edition.bonuses
        per_block = state.edition.hazard_clear_per_block
        buildings = []
        for name, planning in names.items():
            size = f"{planning.blocks} block{'s' if planning.blocks != 1 else ''}"
            extra = f", {money(planning.blocks * per_block)} to clear" if kind == "hazard" else ""
            places = planning_places(state, player, kind, name)
            buildings.append(Choice(f"{name} ({size}{extra})", name,
                                    None if places else "no district takes it now"))
        word = "hazard" if kind == "hazard" else "bonus building"
        name = await self.ask(ChoiceScreen(f"Planning permission: which {word} does {player} build?", buildings,
                                           "free; " + ("it makes the district's residential blocks count for "
                                                       "nothing" if kind == "hazard" else
                                                       "it keeps hazards off the district")))
        if name is None:
            return
        from banker.rules.hazards import planning_refusal

        state = self.game.state
        choices = []
        for deed, card in state.edition.deeds.items():
            if card.kind != "district":
                continue
            holding = state.deeds[deed]
            owner = "unowned" if holding.owner == BANK else holding.owner
            marks = district_marks(holding).plain
            label = f"{deed}  ({owner}{', ' + marks if marks else ''}, rent {money(rent_due(state, deed))})"
            choices.append(Choice(label, deed, planning_refusal(state, player, deed, kind, name)))
        choices.sort(key=lambda ch: ch.refusal is not None)
        deed = await self.ask(ChoiceScreen(f"{player} builds a {name}: on which district?", choices))
        if deed is not None:
            self.banker.act(c.BuildPlanning(player, deed, kind, name))

    # -- the game clock ------------------------------------------------------------------------

    @work(exclusive=True, exit_on_error=False)
    async def action_clock(self) -> None:
        """Restart the game clock for another hour (or two), or stop it; the start goes into the ledger."""
        state = self.game.state
        choices = [Choice("another hour from now (clock 60)", 60), Choice("two hours from now (clock 120)", 120)]
        if state.clock is not None:
            choices.append(Choice("stop the game clock (clock off)", 0))
        title = "Restart the game clock?" if state.clock is not None else "Start a game clock?"
        minutes = await self.ask(ChoiceScreen(title, choices, "when it runs out the game ends and the score is shown"))
        if minutes is None:
            return
        started = timing(self.app).now().isoformat(timespec="seconds")
        self.banker.act(c.StartClock(minutes, started))
