"""The table's flows: each key asks what it needs in small dialogs, then runs one command.

Only legal choices are offered: every list is built with the core's pure checks
(build_refusal, sell_refusal, mortgage_refusal ...); a choice the rules refuse is shown
greyed with the reason. Payments go through `pay_or_raise`, so a player short of cash
gets the raise-money screen instead of a bare refusal.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from textual import work
from textual.screen import Screen

from banker import commands as c
from banker.amounts import read_amount
from banker.events import BANK, POT
from banker.landing import (
    CARD,
    DECK_NAMES,
    MOVE,
    PICK_DEED,
    SPEED_DIE_FACES,
    Offer,
    card_asks_passed_go,
    card_command,
    card_deeds,
    card_destination,
    card_needs_dice,
    card_refusal,
    deck_cards,
    has_holding_offers,
    holding_offers,
    move_alternatives,
    speed_die_offers,
    unowned_deeds,
)
from banker.offers import DICE
from banker.state import uses_speed_die
from screens.amount_screen import AmountScreen, dice_screen
from screens.choice_screen import Choice, ChoiceScreen, kept_dialog, seat
from screens.jail_flows import JailFlows

if TYPE_CHECKING:
    pass


class TableFlows(JailFlows):
    """Mixed into the table screen; `game` and `banker` come from it."""

    if TYPE_CHECKING:
        def show_current_card(self) -> None: ...


    async def ask(self, screen: Screen[Any]) -> Any:
        return await self.app.push_screen_wait(kept_dialog(self.app, screen))

    async def pick_player(self, title: str, accounts: bool = False, exclude: str = "",
                          highlight: str = "", among: Sequence[str] | None = None) -> str | None:
        """One of the players (`among` them only, when given), starting on the one whose turn it is."""
        state = self.game.state
        names = [p for p in (state.active_players if among is None else among) if p != exclude]
        if accounts:
            names += [a for a in (BANK, POT) if a != exclude and (a == BANK or state.free_parking)]
        if not names:
            return None
        money = self.game.money
        numbers = {BANK: 0, POT: len(state.players) + 1} | {p: seat(state.players, p) for p in state.players}
        choices = [Choice(f"{n}  {money(state.cash(n))}" if n in state.players else
                          (f"the pot  {money(state.cash(POT))}" if n == POT else "the bank"), n, number=numbers[n])
                   for n in names]
        wanted = highlight or self.banker.turn_player
        start = names.index(wanted) if wanted in names else 0
        return await self.ask(ChoiceScreen(title, choices, highlight=start))

    async def pay(self, command: c.Command) -> bool:
        """Run a paying command, through the raise-money screen when the payer is short."""
        return bool(self.banker.pay_or_raise(command))

    # -- landing -------------------------------------------------------------------

    def action_land(self) -> None:
        state = self.game.state
        waiting = state.debts or any(w.kind != "speed-die" for w in state.waiting)
        if state.tokens is not None and (waiting or state.tokens.anywhere):
            self.wait_flow()  # a followed game: `l` reopens what waits (issue 25), never a landing already settled
            return
        self.land_flow(None)

    @work(exclusive=True, exit_on_error=False)
    async def wait_flow(self) -> None:
        await self.follow_waiting()  # type: ignore[attr-defined]

    @work(exclusive=True, exit_on_error=False)
    async def land_flow(self, position: int | None) -> None:
        """One landing; a move (a card, the speed die, the Auction space) leads straight to the landing it causes."""
        await self.landings(position)

    async def landings(self, position: int | None, player: str = "", offer: Offer | None = None,
                       fixed: bool = False, title: str = "") -> None:
        """Landings one after another while the token moves on; `offer` given: already picked (the speed-die key);
        `fixed`: the player and the space are known (a roll Banker followed)."""
        from screens.landing_screen import LandingScreen

        player = player or self.banker.current_player
        while True:
            if offer is None:
                landing = await self.ask(LandingScreen(self.game, player, position, fixed, title))
                title = ""
                if landing is None:
                    return
                player, position, offer = landing.player, landing.position, landing.offer
            assert position is not None
            self.show_space(position)
            moved = await self.run_offer(player, offer, position)
            offer = None
            if moved is None:
                return
            position, fixed = moved, True
            self.show_space(position)
            self.notify(f"{player} moves to {self.game.state.edition.spaces[position].name}",
                        title="Move", markup=False)

    def show_space(self, position: int) -> None:
        """Keep the board's cursor on the space just landed on, so its new owner and rent are in view."""
        self.board.move_cursor(row=position)

    async def run_offer(self, player: str, offer: Offer, position: int) -> int | None:
        """Do the offer picked; returns where the token moved on to when that space needs settling."""
        command = offer.command
        destination = None
        if offer.needs == MOVE:
            return await self.move_flow(player, offer)
        if offer.needs == DICE and isinstance(command, c.Rent):
            dice = await self.ask(dice_screen(self.game.state,
                                              f"Rent for {command.deed}: what did {player}'s dice show?"))
            if dice is None:
                return None
            command = replace(command, dice=dice)
        elif offer.needs == PICK_DEED:
            command = await self.auction_pick(f"Auction space: which unowned deed does {player} put up?")
        elif offer.needs == CARD:
            command = await self.card_flow(player, offer.deck)
            if isinstance(command, c.DrawCard):
                card = next(k for k in self.game.state.edition.cards
                            if k.deck == command.deck and k.key == command.key)
                if self.game.state.tokens is None:  # a followed game's card settles where it sends the token
                    destination = card_destination(self.game.state, card, position, command.deed)
        if command is None:
            return None
        if isinstance(command, c.OpenAuction):
            self.banker.act(command)
            return None
        done = await self.pay(command)
        return destination if done else None

    async def move_flow(self, player: str, offer: Offer) -> int | None:
        """Show where the rules (rules/destinations) send the token and why; follow it (with the GO salary if passed)
        or take the alternative the rules give. Returns the space to land on next."""
        move = offer.move
        if move is None or move.target is None:
            return None
        state, target = self.game.state, move.target
        salary = self.game.money(state.edition.go_salary)
        what = SPEED_DIE_FACES.get(offer.question, "Auction space")
        choices = [Choice(f"move on to {target.name}" + (f" and collect {salary} for passing GO" if move.passes_go
                                                          else ""), "move")]
        if move.passes_go:
            choices.append(Choice(f"move on to {target.name}; the GO salary is already paid", "stay-paid"))
        choices += [Choice(o.label, o.command, o.refusal) for o in move_alternatives(state, player, offer.question)]
        answer = await self.ask(ChoiceScreen(f"{what[0].upper()}{what[1:]}: {player} moves on to {target.name}",
                                             choices, move.reason))
        if answer is None:
            return None
        if isinstance(answer, c.Command):
            self.banker.act(answer)
            return None
        if answer == "move" and move.passes_go and self.banker.act(c.Salary(player)) is None:
            return None
        return target.position

    @work(exclusive=True, exit_on_error=False)
    async def action_speed_die(self) -> None:
        """The speed die showed Mr. Monopoly or the Bus: move on from the space the board highlights."""
        state = self.game.state
        if not uses_speed_die(state):
            self.notify(f"{state.edition.name} is played without the speed die (house rule speed-die)",
                        severity="warning", markup=False)
            return
        player = self.banker.current_player
        position = self.board.cursor_row
        space = state.edition.spaces[position]
        offers = speed_die_offers(state, player, position)
        offer = await self.ask(ChoiceScreen(
            f"Speed die: {player} moves on from {space.name}",
            [Choice(o.label, o, None if o.actionable else o.label) for o in offers],
            "from the space the board highlights, once the landing there is settled"))
        if offer is not None:
            await self.landings(position, player, offer)

    async def card_flow(self, player: str, deck: str) -> c.DrawCard | None:
        state = self.game.state
        cards = deck_cards(state, deck)
        card = await self.ask(ChoiceScreen(f"{DECK_NAMES[deck]}: which card did {player} draw?",
                                           [Choice(k.title, k, card_refusal(state, player, k)) for k in cards]))
        if card is None:
            return None
        deed = ""
        followed = state.tokens is not None  # Banker knows the token: the nearest deed and GO are its to find
        if followed and card.effect == "advance_nearest":
            from banker.rules.tokens import nearest_deed

            deed = nearest_deed(state, player, card.kind)
        elif deeds := card_deeds(state, card):
            word = state.edition.term(card.kind)
            owners = {d: state.deeds[d].owner for d in deeds}
            deed = await self.ask(ChoiceScreen(f"Which {word} is nearest to {player}?",
                                               [Choice(f"{d}  ({'bank' if owners[d] == BANK else owners[d]})", d)
                                                for d in deeds]))
            if deed is None:
                return None
        passed_go = False
        if card_asks_passed_go(card) and not followed:
            salary = self.game.money(state.edition.go_salary)
            answer = await self.ask(ChoiceScreen(f"Did {player} pass GO on the way?",
                                                 [Choice("No", False), Choice(f"Yes: collect {salary}", True)]))
            if answer is None:
                return None
            passed_go = bool(answer)
        dice = None
        if card_needs_dice(state, player, card, deed):
            dice = await self.ask(dice_screen(state, f"{deed} is owned: roll the dice. What is the total?"))
            if dice is None:
                return None
        return card_command(player, card, deed, dice, passed_go)

    def action_go(self) -> None:
        self.banker.act(c.Salary(self.banker.current_player))

    @work(exclusive=True, exit_on_error=False)
    async def action_go_pick(self) -> None:
        player = await self.pick_player("Who passed GO?")
        if player:
            self.banker.act(c.Salary(player))

    def action_next_player(self) -> None:
        if self.game.state.tokens is not None:
            self.notify(f"Banker follows the rolls: it is {self.game.state.whose_roll}'s roll; type the dice",
                        markup=False)
            return
        self.banker.next_player()
        self.banker.show_state()
        self.show_current_card()

    # -- money between accounts ------------------------------------------------------

    def amount_reader(self) -> Callable[[str], int]:
        """Reads the amount box at this table (its money, and City's whole notes: refused in the box)."""
        state = self.game.state
        return lambda word: read_amount(word, state)

    @work(exclusive=True, exit_on_error=False)
    async def action_pay(self) -> None:
        payer = await self.pick_player("Who pays?", accounts=True)
        if payer is None:
            return
        payee = await self.pick_player(f"{payer} pays whom?", accounts=True, exclude=payer, highlight=BANK)
        if payee is None:
            return
        amount = await self.ask(AmountScreen(f"How much does {payer} pay {payee}?", read=self.amount_reader()))
        if amount is not None:
            await self.pay(c.Pay(payer, payee, amount, "pay"))

    @work(exclusive=True, exit_on_error=False)
    async def action_collect(self) -> None:
        payee = await self.pick_player("Who collects?")
        if payee is None:
            return
        payer = await self.pick_player(f"{payee} collects from?", accounts=True, exclude=payee, highlight=BANK)
        if payer is None:
            return
        amount = await self.ask(AmountScreen(f"How much does {payee} collect from {payer}?", read=self.amount_reader()))
        if amount is not None:
            await self.pay(c.Pay(payer, payee, amount, "collect"))

    # -- bus tickets ------------------------------------------------------------------------

    @work(exclusive=True, exit_on_error=False)
    async def action_holdings(self) -> None:
        """Bus tickets (and any holding the core has actions for): take one from the bank, or ride on one."""
        state = self.game.state
        if not has_holding_offers(state):
            self.notify(f"{state.edition.name} has nothing to take or use here", severity="warning", markup=False)
            return
        kinds = list(state.edition.holdings.values())
        player = await self.pick_player(f"Whose {kinds[0].plural}?" if len(kinds) == 1 else "Whose holdings?")
        if player is None:
            return
        state = self.game.state
        held = ", ".join(kind.count(state.count(kind.key, player)) for kind in state.edition.holdings.values())
        bank = ", ".join(kind.count(state.count(kind.key, BANK)) for kind in state.edition.holdings.values())
        offers = holding_offers(state, player)
        command = await self.ask(ChoiceScreen(f"{player} holds {held}", [Choice(o.label, o.command, o.refusal)
                                                                          for o in offers], f"the bank has {bank}"))
        if command is not None and self.banker.act(command) is not None and self.game.state.tokens is not None:
            await self.follow_waiting()  # type: ignore[attr-defined]  # a ride: where does the token go (000:80)

    # -- jail, auctions, bankruptcy --------------------------------------------------------

    async def pick_deed(self, title: str, choices: list[Choice], nothing: str) -> Any:
        if not choices:
            self.notify(nothing, severity="warning", markup=False)
            return None
        choices.sort(key=lambda ch: ch.refusal is not None)
        return await self.ask(ChoiceScreen(title, choices))

    async def auction_pick(self, title: str) -> c.OpenAuction | None:
        """Which deed the bank holds goes up for auction: a bankruptcy's deeds first."""
        state, money = self.game.state, self.game.money
        waiting = [Choice(f"{d}  (left by a bankruptcy)", d) for d in state.to_auction]
        rest = [Choice(f"{d}  (list price {money(state.deed(d).price)})", d)
                for d in unowned_deeds(state) if d not in state.to_auction]
        deed = await self.pick_deed(title, waiting + rest, "the bank holds no deed to auction")
        return c.OpenAuction(deed) if deed else None

    @work(exclusive=True, exit_on_error=False)
    async def action_auction(self) -> None:
        """Back to the auction left open (its countdown kept running), or a deed the bank holds put up."""
        if self.game.state.auction is not None:
            self.banker.show_open_auction()
            return
        command = await self.auction_pick("Auction which deed?")
        if command:
            self.banker.act(command)

    @work(exclusive=True, exit_on_error=False)
    async def action_raise_money(self) -> None:
        from screens.raise_money_screen import RaiseMoneyScreen

        player = await self.pick_player("Raise money for which player?")
        if player:
            await self.ask(RaiseMoneyScreen(self.game, None, None, player))

    @work(exclusive=True, exit_on_error=False)
    async def action_bankrupt(self) -> None:
        player = await self.pick_player("Who is bankrupt?")
        if player is None:
            return
        state = self.game.state
        creditors = [Choice("the bank", BANK, number=0)] + [Choice(p, p, number=seat(state.players, p))
                                                             for p in state.active_players if p != player]
        creditor = await self.ask(ChoiceScreen(f"{player} is bankrupt to whom?", creditors,
                                               "the player owed, or the bank for taxes, fines and the bank's debts"))
        if creditor is None:
            return
        from screens.bankruptcy_flow import ask_bankruptcy

        command = await ask_bankruptcy(self.app, self.game, player, creditor)
        if command is not None:
            self.banker.act(command)

    # -- other screens and undo ---------------------------------------------------------

    def open_screen(self, module: str, name: str) -> None:
        """Open a screen another part of the app provides; a missing one is a clear message."""
        import importlib

        try:
            screen_class = getattr(importlib.import_module(f"screens.{module}"), name)
        except (ImportError, AttributeError):
            self.notify(f"the {name} is not available in this build", severity="error", markup=False)
            return
        self.app.push_screen(screen_class(self.game), lambda _: self.banker.show_state())

    def action_trade(self) -> None:
        self.open_screen("trade_screen", "TradeScreen")

    def action_ledger(self) -> None:
        self.open_screen("ledger_screen", "LedgerScreen")

    def action_end_game(self) -> None:
        self.open_screen("end_screen", "EndScreen")

    def action_undo(self) -> None:
        if self.banker.act(c.Undo()) is not None:
            self.show_waiting()  # type: ignore[attr-defined]  # what the undone action had settled waits again

    def action_redo(self) -> None:
        if self.banker.act(c.Redo()) is not None:
            self.show_waiting()  # type: ignore[attr-defined]
