"""The table with the tokens followed: the dice typed on the table roll for whoever's roll it is, the board
follows the token, and the offers of each space reached open as `l` opens them."""

from __future__ import annotations

from textual import work
from textual.binding import Binding
from textual.widgets.input import Selection

from banker import commands as c
from banker import events as ev
from banker.rules.tokens import sharing_space
from screens.command_bar import CommandBar

SETTLED_BY_THE_ROLL = ("go", "jail", "go_to_jail")  # GO's salary and jail are already in the roll's action
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

    @work(exclusive=True, group="roll")
    async def roll_flow(self, command: c.Roll) -> None:
        """Roll, show where the token went, then the offers of each space it reached, one after another."""
        outcome = self.banker.act(command)  # type: ignore[attr-defined]
        if outcome is None:
            return
        state = self.game.state  # type: ignore[attr-defined]
        moves = [e for e in outcome.events if isinstance(e, ev.TokenMoved) and e.player == command.player]
        reached = [e.position for e in moves]
        how = {e.position: e.how for e in moves}
        if state.tokens is not None and state.position(command.player) not in reached:
            reached.append(state.position(command.player))  # jail: the fold moved the token there
        if reached:
            self.show_space(reached[-1])  # type: ignore[attr-defined]
        if state.mr_monopoly == command.player and (others := sharing_space(state, command.player)):
            await self.trap_flow(command.player, others[0])  # type: ignore[attr-defined]  # 001: he traps them
        for position in reached:
            if command.player in self.game.state.in_jail:  # type: ignore[attr-defined]
                return
            if state.edition.spaces[position].type in SETTLED_BY_THE_ROLL:
                continue
            self.show_space(position)  # type: ignore[attr-defined]
            title = f"{command.player} ({how.get(position, 'moved')}) lands on {state.edition.spaces[position].name}"
            await self.landings(position, command.player, fixed=True, title=title)  # type: ignore[attr-defined]
