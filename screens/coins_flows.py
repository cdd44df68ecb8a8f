"""Monopoly for Sore Losers on the table: coins, Mr. Monopoly's trap and free house, and his reversals.

Mixed into the table screen before `TableFlows` (rulebook 001). The landing offers come from
`banker.coins_landing`; here are what they ask next (which deed Mr. Monopoly steals), the
keys `o` (a player's coins: cash in 4 for Mr. Monopoly, or take one), `f` (doubles while there is
a Mr. Monopoly: a free house) and `T` (trap / release), Mr. Monopoly's jail (he sends another
player) and `s`, which only states the rule: buildings are never sold back. Every choice carries
the core's own refusal, greyed with its reason.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual import work

from banker import commands as c
from banker.coins_landing import (
    TRAP,
    Pick,
    coin_dots,
    coin_picks,
    free_house_picks,
    plays_sore_losers,
    send_to_jail_offers,
    steal_picks,
    trap_picks,
)
from banker.landing import Offer
from banker.rules.traps import allowed_traps, trap_refusal
from screens.choice_screen import Choice, ChoiceScreen, offer_label, seat
from screens.table_host import OnTheTable

if TYPE_CHECKING:
    pass


def choices_of(picks: list[Pick]) -> list[Choice]:
    return [Choice(p.label, p.command, p.refusal) for p in picks]


def offer_choices(offers: list[Offer]) -> list[Choice]:
    """Offers as a dialog's rows, each refusal said once (`offer_label`)."""
    return [Choice(offer_label(o.label, o.refusal), o.command, o.refusal) for o in offers]


class SoreLosersFlows(OnTheTable):
    """Mixed into the table screen; `game`, `banker`, `ask` and `pay` come from it and TableFlows."""

    def refused(self, reason: str) -> None:
        self.notify(reason, severity="warning", title="Not possible", timeout=8, markup=False)

    # -- landings: the trap, then the space ------------------------------------------------------

    async def run_offer(self, player: str, offer: Offer, position: int) -> int | None:
        if offer.needs == TRAP and isinstance(offer.command, c.Trap):
            if not await self.trap_flow(offer.command.mr_monopoly, offer.command.player):
                return None
            return await self.settle_after_trap(player, position, offer.command.player)
        return await super().run_offer(player, offer, position)  # type: ignore[misc]

    async def trap_here_flow(self, mr: str) -> bool:
        """Mr. Monopoly landed where other players stand: his token goes on top of one of them (001:33, "their
        token"). With several there the banker picks whom, each by his seat's number."""
        state = self.game.state
        here = allowed_traps(state, mr)
        if len(here) < 2:
            return bool(here) and await self.trap_flow(mr, here[0])
        space = state.edition.spaces[state.position(mr)].name
        rows = [Choice(f"trap {player}", player, number=seat(state.players, player)) for player in here]
        victim = await self.ask(ChoiceScreen(f"Mr. Monopoly ({mr}) lands on {', '.join(here[:-1])} and {here[-1]} "
                                             f"on {space}: trap whom?", rows,
                                             "his token goes on one of them; the others stay free"))
        return victim is not None and await self.trap_flow(mr, victim)

    async def trap_flow(self, mr: str, victim: str) -> bool:
        """Mr. Monopoly landed on `victim`: which deed he steals, if any (001: none from a complete set)."""
        state = self.game.state
        command = await self.ask(ChoiceScreen(
            f"Mr. Monopoly ({mr}) traps {victim}: steal a deed?", choices_of(steal_picks(state, mr, victim)),
            f"{victim} takes a coin and may not move until released; a deed in a complete set cannot be stolen"))
        return command is not None and self.banker.act(command) is not None

    async def settle_after_trap(self, player: str, position: int, victim: str) -> int | None:
        """The trap is done; the space Mr. Monopoly landed on is still to settle (rent, tax, a card ...)."""
        from screens.landing_screen import LandingScreen

        space = self.game.state.edition.spaces[position].name
        landing = await self.ask(LandingScreen(self.game, player, position, fixed=True,
                                               title=f"{victim} is trapped. Now {player} on {space} (esc: nothing)"))
        if landing is None:
            return None
        return await self.run_offer(landing.player, landing.offer, landing.position)

    async def card_flow(self, player: str, deck: str) -> c.Command | None:
        """A Go to Jail card drawn by Mr. Monopoly: he sends another player in his place (001)."""
        command = await super().card_flow(player, deck)  # type: ignore[misc]
        state = self.game.state
        if not (isinstance(command, c.DrawCard) and plays_sore_losers(state) and state.mr_monopoly == player):
            return command
        card = next(k for k in state.edition.cards if k.deck == command.deck and k.key == command.key)
        if card.effect != "jail":
            return command
        offers = send_to_jail_offers(state, player)
        return await self.ask(ChoiceScreen(f"{card.title}: Mr. Monopoly sends whom to jail instead?",
                                           offer_choices(offers)))

    def jail_choices(self, player: str) -> list[Choice]:
        state = self.game.state
        if plays_sore_losers(state) and state.mr_monopoly == player and player not in state.in_jail:
            return offer_choices(send_to_jail_offers(state, player))
        return super().jail_choices(player)  # type: ignore[misc]

    # -- keys --------------------------------------------------------------------------------------

    def action_sell(self) -> None:
        """Sore Losers: buildings are never sold back (001), so `s` says the rule instead of offering nothing."""
        state = self.game.state
        if state.edition.sell_buildings or state.edition.has_depots:
            super().action_sell()  # type: ignore[misc]
            return
        built = next((d for d, h in state.deeds.items() if h.level), None)
        from banker.rules.buildings import sell_refusal

        reason = sell_refusal(state, state.deeds[built].owner, built) if built else None
        self.refused(reason or f"buildings are never sold back in {state.edition.name}: "
                               f"they stay on their {state.edition.term('street')} for the rest of the game")

    @work(exclusive=True, exit_on_error=False)
    async def action_coins(self) -> None:
        """`o`: a player's coins: cash in 4 for the Mr. Monopoly token, or take one from the bank."""
        state = self.game.state
        if not plays_sore_losers(state):
            self.refused(f"{state.edition.name} has no sore-loser coins")
            return
        players = list(state.active_players)
        current = self.banker.current_player
        labels = [f"{p}  {coin_dots(state, p)}" + ("  (Mr. Monopoly)" if p == state.mr_monopoly else "")
                  for p in players]
        rows = [Choice(lb, p, number=seat(state.players, p)) for lb, p in zip(labels, players, strict=True)]
        player = await self.ask(ChoiceScreen("Whose sore loser coins?", rows,
                                             highlight=players.index(current) if current in players else 0))
        if player is None:
            return
        state = self.game.state
        mr = state.mr_monopoly
        hint = f"Mr. Monopoly: {mr}" if mr else "nobody is Mr. Monopoly yet"
        command = await self.ask(ChoiceScreen(f"{player}  {coin_dots(state, player)}",
                                              choices_of(coin_picks(state, player)), hint))
        if command is not None:
            self.banker.act(command)

    @work(exclusive=True, exit_on_error=False)
    async def action_free_house(self) -> None:
        """`f`: doubles while there is a Mr. Monopoly: one free house on any street (001)."""
        await self.free_house_flow()

    async def free_house_flow(self) -> None:
        """Which street the free house goes on (or none, when a followed table's doubles wait for it)."""
        state = self.game.state
        if not plays_sore_losers(state):
            self.refused(f"{state.edition.name} has no Mr. Monopoly free houses")
            return
        if not state.mr_monopoly:
            self.refused("nobody is Mr. Monopoly, so doubles place no free house")
            return
        choices = choices_of(free_house_picks(state))
        choices.sort(key=lambda ch: ch.refusal is not None)
        under = state.edition.spaces[self.board.cursor_row].name  # the street the board highlights comes first
        start = next((i for i, ch in enumerate(choices) if ch.value.deed == under and ch.refusal is None), 0)
        command = await self.ask(ChoiceScreen(
            "Doubles: a free house on which street?", choices,
            f"while {state.mr_monopoly} is Mr. Monopoly; any street, owned or not, no set needed", highlight=start))
        if command is not None:
            self.banker.act(command)

    @work(exclusive=True, exit_on_error=False)
    async def action_trap(self) -> None:
        """`T`: Mr. Monopoly landed on a player (trap, maybe steal a deed), or a trapped player is released."""
        state = self.game.state
        if not plays_sore_losers(state):
            self.refused(f"{state.edition.name} has no Mr. Monopoly")
            return
        picks = trap_picks(state)
        if not picks and state.mr_monopoly:  # the core's list is empty: say why for the player on his space, if any
            mr = state.mr_monopoly
            here = [p for p in state.active_players if p != mr and state.tokens is not None
                    and state.position(p) == state.position(mr)]
            self.refused(trap_refusal(state, mr, here[0]) or "" if here else
                         f"Mr. Monopoly ({mr}) has landed on nobody to trap, and nobody is trapped")
            return
        if not picks:
            self.refused("nobody is Mr. Monopoly and nobody is trapped: cash in 4 coins first (o)")
            return
        command = await self.ask(ChoiceScreen("Mr. Monopoly: trap or release", choices_of(picks),
                                              "trap: he landed on that player's space"))
        if isinstance(command, c.Trap):
            await self.trap_flow(command.mr_monopoly, command.player)
        elif command is not None:
            self.banker.act(command)
