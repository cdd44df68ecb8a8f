"""The table with the tokens followed: the dice typed on the table roll for whoever's roll it is, the board
follows the token, and the offers of each space reached open as `l` opens them."""

from __future__ import annotations

from textual import work
from textual.binding import Binding
from textual.widgets.input import Selection
from textual.worker import WorkerState

from banker import commands as c
from banker import events as ev
from banker.describe import AWAITED, describe
from banker.landing import landing_offers
from banker.offers import CARD
from banker.rules.tokens import ride_targets, sharing_space
from screens.choice_screen import Choice, ChoiceScreen, offer_label
from screens.command_bar import CommandBar
from screens.table_words import table_words

# Priority bindings: the app runs them as it reads each key, before it sends the next one on, so the bar has the
# focus before a pasted "34"'s second digit is read (a handler on the screen ran after it had gone to the board).
# One row in the key panel: the other faces are `system`, which the panel leaves out.
DICE_KEYS = [Binding(face, f"dice('{face}')", "Roll: type the dice, e.g. 34", show=False, priority=True,
                     key_display="1-6", system=face != "1") for face in "123456"]


class TokenFlows:
    """Mixin for the table screen (see table_flows.TableFlows for the shared helpers)."""

    def action_dice(self, face: str) -> None:
        """A die's face typed on the table starts the dice in the command bar (a game that follows tokens)."""
        bar = self.query_one(CommandBar)  # type: ignore[attr-defined]
        bar.value = face
        bar.selection = Selection.cursor(len(bar.value))
        self.set_focus(bar)  # type: ignore[attr-defined]  # now, not after the keys already read

    @work(exclusive=True, group="roll", exit_on_error=False)
    async def roll_flow(self, command: c.Roll) -> None:
        """Roll, show where the token went, then what the landing left waiting, one after another (issue 25):
        the roll itself charged what the landing made certain (rent, tax, GO), so nothing else opens."""
        outcome = self.banker.act(command, quiet=True, draw=False)  # type: ignore[attr-defined]
        if outcome is None:
            return
        if self.decision_waits():  # its dialog hides the table: the table is drawn after the dialog's first frame
            self.call_after_refresh(self.banker.show_state)  # type: ignore[attr-defined]
        else:
            self.banker.show_state()  # type: ignore[attr-defined]
        self.banker.toast_outcome(outcome)  # type: ignore[attr-defined]
        for ignored in (e for e in outcome.events if isinstance(e, ev.SpeedDieIgnored)):  # 002:10, 000:62
            self.banker.toast(describe(ignored, self.game.money), title="Rule",  # type: ignore[attr-defined]
                              severity="warning", timeout=12)
        moves = [e for e in outcome.events if isinstance(e, ev.TokenMoved) and e.player == command.player]
        state = self.game.state  # type: ignore[attr-defined]
        if state.tokens is not None:
            self.show_space(state.position(command.player))  # type: ignore[attr-defined]
        await self.follow_waiting({e.position: e.how for e in moves})

    def still_deciding(self) -> str | None:
        """What a followed table waits for before the next roll, in the table's words (None: a roll may come)."""
        state = self.game.state  # type: ignore[attr-defined]
        if state.tokens is None:
            return None
        if state.auction is not None:
            return f"the auction of {state.auction.deed} is still open"
        if state.debts:
            debt = state.debts[0]
            return f"{debt.player} still owes {state.edition.money(debt.amount)}"
        if state.waiting:
            wait = state.waiting[0]
            return f"{wait.player} is still deciding on {wait.space}"
        if state.tokens.anywhere:
            return f"{state.tokens.anywhere} still has a token to place"
        return None

    def flow_running(self) -> bool:
        """A flow of the table (a roll, a key's dialogs) is under way: started, or between two dialogs."""
        return any(worker.node is self and worker.state in (WorkerState.PENDING, WorkerState.RUNNING)
                   for worker in self.app.workers)  # type: ignore[attr-defined]

    def show_waiting(self) -> None:
        """What waits comes back on screen by itself, unless a dialog or a flow that opens one is under way
        (issue 36: never a blank table)."""
        if self.is_current and not self.flow_running() and self.decision_waits():  # type: ignore[attr-defined]
            if self.game.state.auction is not None:  # type: ignore[attr-defined]
                self.banker.show_open_auction()  # type: ignore[attr-defined]
            else:
                self.wait_flow()  # type: ignore[attr-defined]

    def decision_waits(self) -> bool:
        """What follow_waiting opens a dialog for: an auction, a debt, a decision, a token to place anywhere."""
        state = self.game.state  # type: ignore[attr-defined]
        return (state.auction is not None or bool(state.debts) or any(w.kind != "speed-die" for w in state.waiting)
                or bool(state.tokens is not None and state.tokens.anywhere))

    async def where_to(self, player: str, ride: bool) -> dict[int, str] | None:
        """Triples move anywhere; a bus ticket rides forward on the same side of the board (000:80): only the spaces
        the rules allow are offered. Returns where the token went (and how), or None when cancelled or refused."""
        state = self.game.state  # type: ignore[attr-defined]
        spaces, here = state.edition.spaces, state.position(player)
        targets = ride_targets(state, player) if ride else [p for p in range(len(spaces)) if p != here]
        title = (f"Where does {player}'s bus ticket go? (forward, this side of the board)" if ride
                 else f"{player} rolled triples: where does the token go?")
        target = await self.ask(ChoiceScreen(title, [Choice(spaces[p].name, p, number=p)  # type: ignore[attr-defined]
                                                     for p in targets]))
        if target is None:
            return None
        outcome = self.banker.act(c.MoveToken(player, target))  # type: ignore[attr-defined]
        if outcome is None:
            return None
        self.show_space(target)  # type: ignore[attr-defined]
        return {e.position: e.how for e in outcome.events if isinstance(e, ev.TokenMoved) and e.player == player}

    async def decide_landing(self, position: int, player: str, title: str) -> None:
        """What waits on a followed landing opens with only its choices (issue 27): the player and the space are
        the ledger's, so no list of them is shown; a card drawn goes straight to the cards."""
        offers = [o for o in landing_offers(self.game.state, player, position)  # type: ignore[attr-defined]
                  if o.actionable or o.refusal]
        if not any(o.actionable for o in offers):  # nothing to pick here: the full dialog says why
            await self.landings(position, player, fixed=True, title=title)  # type: ignore[attr-defined]
            return
        offer = offers[0] if len(offers) == 1 and offers[0].needs == CARD else await self.ask(  # type: ignore[attr-defined]
            ChoiceScreen(title, [Choice(table_words(offer_label(o.label, o.refusal)), o, o.refusal) for o in offers]))
        if offer is not None:
            await self.landings(position, player, offer=offer, fixed=True)  # type: ignore[attr-defined]

    async def follow_waiting(self, how: dict[int, str] | None = None) -> None:
        """Open what the table waits for, one decision after another, until nothing waits or the banker backs out
        (`l` opens it again). A debt opens raise-money with the debt filled in."""
        for _ in range(12):
            state = self.game.state  # type: ignore[attr-defined]
            if state.auction is not None:
                return  # the auction screen is up; what still waits opens once it is closed (app.auction_closed)
            if state.debts:
                self.banker.pay_or_raise(c.Settle(state.debts[0].player))  # type: ignore[attr-defined]
                return
            wait = next((w for w in state.waiting if w.kind != "speed-die"), None)
            mover = state.tokens.anywhere if state.tokens is not None else ""
            if wait is None and not mover:
                return
            before = (state.waiting, state.debts, self.game.head)  # type: ignore[attr-defined]
            if wait is None or wait.kind == "move":  # triples, or a bus-ticket ride: where does the token go?
                moved = await self.where_to(wait.player if wait else mover, ride=wait is not None)
                if moved is None:
                    return
                how = moved
                continue
            position = state.position(wait.player)
            self.show_space(position)  # type: ignore[attr-defined]
            if wait.kind == "trap" and sharing_space(state, wait.player):
                await self.trap_here_flow(wait.player)  # type: ignore[attr-defined]  # 001:33 he traps one
            elif wait.kind == "free-house":  # 001:32 doubles while there is a Mr. Monopoly
                await self.free_house_flow()  # type: ignore[attr-defined]
            else:
                moved = (how or {}).get(position)
                title = (f"{wait.player} ({moved}) lands on {wait.space}" if moved
                         else f"{wait.player} on {wait.space}: {AWAITED.get(wait.kind, wait.kind)}")
                # the dialog hides the table (drawing it dimmed beneath cost a third of a roll): its cash is said here
                title += f" · {wait.player} has {state.edition.money(state.cash(wait.player))}"
                await self.decide_landing(position, wait.player, title)
            after = self.game.state  # type: ignore[attr-defined]
            if (after.waiting, after.debts, self.game.head) == before:  # type: ignore[attr-defined]
                return  # the banker backed out: `l` opens it again
