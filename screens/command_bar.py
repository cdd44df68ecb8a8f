"""The command bar: one typed line of the core's command language, with completion and history.

Completion follows the usage line of the verb typed (banker.language.USAGE): after `rent`
come players, then deeds. A name with spaces is quoted when the completion is taken
(tab or right arrow), so `rent bob "Park Place"` is what runs.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Callable

from textual.binding import Binding
from textual.geometry import Size
from textual.reactive import Reactive
from textual.suggester import Suggester, SuggestionReady
from textual.widgets import Input

from banker.events import BANK, POT
from banker.language import USAGE, how_to_roll
from banker.names import squash
from banker.state import GameState

WORD_LISTS = ("give", "get", "lift", "go")


def _placeholders(verb: str) -> list[str]:
    return re.findall(r"\[?<[^>]+>\]?(?:\.\.\.)?|\[?[a-z|]+\]?", USAGE[verb])[1:]


def candidates(state: GameState, verb: str, index: int) -> list[str]:
    """The names that may come as word `index` (1 = first after the verb) of a `verb` line."""
    players = [p for p in state.players if p not in state.bankrupt]
    deeds = list(state.edition.deeds)
    accounts = [BANK] + ([POT] if state.free_parking else [])
    slots = _placeholders(verb)
    slot = slots[index - 1] if index - 1 < len(slots) else (slots[-1] if slots and "..." in slots[-1] else "")
    if verb == "trade" and index > 2:
        return deeds + list(WORD_LISTS[:3]) + ["goojf:chance", "goojf:chest"]
    if "creditor" in slot:
        return players + [BANK]
    if "player|pot" in slot:
        return players + accounts[1:]
    if any(word in slot for word in ("player", "payer", "<a>", "<b>")):
        return players
    if "deed" in slot:
        return deeds
    if "space" in slot:
        return [s.name for s in state.edition.spaces if s.type == "tax"]
    if "chance|chest" in slot or "card" in slot:
        keys = list(dict.fromkeys(card.key for card in state.edition.cards))
        return ["chance", "chest"] + keys
    if verb == "card":
        return deeds + ["go"]
    return players + deeds


def _quote(name: str) -> str:
    return name if re.fullmatch(r"[\w.'-]+", name) else f'"{name}"'


def complete(line: str, state: GameState) -> tuple[str, str] | None:
    """(what to show after the typed line, the line once the completion is taken), or None."""
    if not line or line.endswith(" ") and line.count('"') % 2 == 0:
        return None
    open_quote = line.count('"') % 2 == 1
    start = line.rfind('"') + 1 if open_quote else line.rfind(" ") + 1
    word = line[start:]
    before = line[: start - 1] if open_quote else line[:start]
    try:
        done = shlex.split(before)
    except ValueError:
        return None
    if not word:
        return None
    if not done:
        names = list(USAGE)
    else:
        verbs = [v for v in USAGE if v.startswith(squash(done[0]))]
        if len(verbs) != 1 and done[0].casefold() not in USAGE:
            return None
        verb = done[0].casefold() if done[0].casefold() in USAGE else verbs[0]
        names = candidates(state, verb, len(done))
    for name in names:
        if name.casefold().startswith(word.casefold()) and len(name) > len(word):
            shown = line + name[len(word):]
            if open_quote:
                return shown + '" ', f'{before}"{name}" '
            return shown + " ", before + _quote(name) + " "
    return None


class CommandSuggester(Suggester):
    """Completes the last word of the line against the game's players, deeds and verbs."""

    def __init__(self, state: Callable[[], GameState | None]) -> None:
        super().__init__(use_cache=False, case_sensitive=True)
        self.state = state
        self.accepted: dict[str, str] = {}

    async def get_suggestion(self, value: str) -> str | None:
        state = self.state()
        found = complete(value, state) if state is not None else None
        if found is None:
            return None
        shown, accepted = found
        self.accepted[shown] = accepted
        return shown


def example_line(state: GameState | None) -> str:
    """A rent line in this game's own names: the second player and the board's last deed (rent Bob Boardwalk)."""
    if state is None or not state.players or not state.deeds:
        return "rent Bob Boardwalk"
    payer = state.players[1] if len(state.players) > 1 else state.players[0]
    deed = list(state.deeds)[-1]
    return f"rent {payer if ' ' not in payer else repr(payer)} {deed if ' ' not in deed else repr(deed)}"


def bar_hint(state: GameState | None) -> str:
    """The empty bar's placeholder: how to roll first where the tokens are followed, then a line of this game."""
    action = f"type an action, e.g. {example_line(state)} — tab completes, `help` lists them"
    dice = how_to_roll(state) if state is not None else ""
    return f"{dice} · or {action[5:]}" if dice else action


class CommandBar(Input):
    """Typed actions for bankers who prefer the keyboard; up and down walk the lines already run."""

    # Textual's input sets its virtual size to the text's width on every key, and the widget's virtual size lays
    # the whole screen out again (8-15 ms at the table, three times a typed roll). The bar's own size is fixed
    # (the whole width, 3 rows): its text scrolls inside it, which needs a repaint, not a layout.
    virtual_size = Reactive(Size(0, 0), repaint=True, layout=False)

    BINDINGS = [
        Binding("tab", "accept_completion", "Complete", show=False),
        Binding("up", "history(-1)", "Previous line", show=False),
        Binding("down", "history(1)", "Next line", show=False),
        Binding("escape", "leave", "Leave the bar", show=False),
    ]

    def __init__(self, state: Callable[[], GameState | None]) -> None:
        self.completer = CommandSuggester(state)
        super().__init__(placeholder=bar_hint(state()), suggester=self.completer, id="command-bar",
                         select_on_focus=False)  # a refused line stays to be corrected; dice typed keep going
        self.history: list[str] = []
        self.back = 0
        self.suggestion = ""  # the completion shown for the line as it stands (Input keeps its own privately)

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input is self:
            self.suggestion = ""  # as Input forgets its own on a change, until the suggester answers again

    def on_suggestion_ready(self, event: SuggestionReady) -> None:
        if event.value == self.value:
            self.suggestion = event.suggestion

    def remember(self, line: str) -> None:
        if line and (not self.history or self.history[-1] != line):
            self.history.append(line)
        self.back = 0

    def action_accept_completion(self) -> None:
        if self.suggestion and self.cursor_at_end:
            self.value = self.completer.accepted.get(self.suggestion, self.suggestion)
            self.cursor_position = len(self.value)
        else:
            self.screen.focus_next()

    def action_cursor_right(self, select: bool = False) -> None:
        if not select and self.cursor_at_end and self.suggestion:
            self.action_accept_completion()
            return
        super().action_cursor_right(select)

    def action_history(self, step: int) -> None:
        if not self.history:
            return
        self.back = max(-len(self.history), min(0, self.back + step))
        self.value = self.history[self.back] if self.back else ""
        self.cursor_position = len(self.value)

    def action_leave(self) -> None:
        self.screen.set_focus(None)
