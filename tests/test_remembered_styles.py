"""The app's stylesheet gives back what a place on the screen matched before (issue 27: typed dice to the dialog
under 50 ms). What it gives back must be what matching afresh gives, at every step of a followed turn: dialogs
opening and closing, the focus moving, the turn passing to another card, the screen narrowing, another theme."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from app_pilot import app_for, played_file
from screen_host import keys
from textual.app import App, ComposeResult
from textual.css.stylesheet import Stylesheet
from textual.dom import DOMNode
from textual.widgets import Input, Static

from screens.board_list import BoardList
from screens.choice_screen import ChoiceScreen
from screens.command_bar import CommandBar
from screens.remembered_styles import RememberingStylesheet

PLAYERS = ("Ann", "Ben", "Cy")


def styled_nodes(app: Any) -> list[DOMNode]:
    """The app, every node of every screen on the stack, and their scrollbars shown (Textual styles no other)."""
    nodes: list[DOMNode] = [app]
    for screen in app.screen_stack:
        for node in screen.walk_children(with_self=True):
            nodes.append(node)
            vertical, horizontal = node._vertical_scrollbar, node._horizontal_scrollbar  # not made here
            if vertical is not None and node.is_scrollable and node.show_vertical_scrollbar \
                    and node.scrollbar_size_vertical:
                nodes.append(vertical)
            if horizontal is not None and node.is_scrollable and node.show_horizontal_scrollbar \
                    and node.scrollbar_size_horizontal:
                nodes.append(horizontal)
    return nodes


def styles_of(node: DOMNode) -> tuple[object, ...]:
    components = {name: dict(styles.base._rules) for name, styles in node._component_styles.items()}
    return (dict(node.styles.base._rules), components, node._has_hover_style, node._has_focus_within,
            node._has_order_style, node._has_odd_or_even)


def assert_styles_are_matched_afresh(app: Any) -> None:
    """Each node's styles as given, then as Textual's own stylesheet matches them from the same sources."""
    nodes = [node for node in styled_nodes(app) if node.styles.base._rules]  # a scrollbar may be unstyled yet
    given = [styles_of(node) for node in nodes]
    afresh = app.stylesheet.copy()
    assert type(afresh) is Stylesheet
    afresh.parse()
    for node in nodes:
        afresh.apply(node)
    for node, before in zip(nodes, given, strict=True):
        assert before == styles_of(node), f"{node!r} was given other styles than matching afresh gives"


@pytest.mark.asyncio
async def test_remembered_styles_are_the_styles_matched_afresh(tmp_path: Path) -> None:
    path = played_file(tmp_path / "styles.db", "classic-us", PLAYERS, [], ("follow-tokens",))
    app = app_for(path)
    async with app.run_test(size=(120, 40)) as pilot:
        assert isinstance(app.stylesheet, RememberingStylesheet)
        # Ann to Reading Railroad (its offers, bought with 1), Ben to Chance (its card list, left with escape),
        # Cy to Connecticut (its offers open): each dialog opens over a table whose turn passed to the next card
        for typed in ("14", "1", "25", "escape", "45"):
            if typed in ("1", "escape"):
                await keys(pilot, typed)
            else:
                await pilot.press(*typed)
                await keys(pilot, "enter")
            assert_styles_are_matched_afresh(app)
        await keys(pilot, "escape")
        await pilot.resize_terminal(80, 24)  # the table's width classes change
        await pilot.pause()
        assert_styles_are_matched_afresh(app)
        app.theme = "textual-light"  # another theme: the app's classes change, and the rules
        await pilot.pause()
        assert_styles_are_matched_afresh(app)
        variables = app.get_css_variables()  # the rules alone change (the CSS read again, a colour changed)
        variables["primary"] = "#ff0000"
        app.stylesheet.set_variables(variables)
        app.stylesheet.reparse()
        for node in (app, *app.screen_stack):
            app.stylesheet.update(node)
        assert_styles_are_matched_afresh(app)
        await keys(pilot, "l")  # what waits, in the app's kept dialog: hidden while the theme and rules changed
        assert isinstance(app.screen, ChoiceScreen)
        assert_styles_are_matched_afresh(app)
        await keys(pilot, "escape")
        assert_styles_are_matched_afresh(app)  # the table, hidden under it meanwhile


@pytest.mark.asyncio
async def test_the_focus_coming_back_matches_no_rule_again(tmp_path: Path) -> None:
    path = played_file(tmp_path / "focus.db", "classic-us", PLAYERS, [], ("follow-tokens",))
    app = app_for(path)
    async with app.run_test(size=(120, 40)) as pilot:
        board, bar = app.screen.query_one(BoardList), app.screen.query_one(CommandBar)
        bar.focus()
        await pilot.pause()
        board.focus()
        await pilot.pause()
        matched: list[DOMNode] = []
        match = Stylesheet.apply

        def counted(self: Stylesheet, node: DOMNode, **kwargs: Any) -> None:
            matched.append(node)
            match(self, node, **kwargs)

        Stylesheet.apply = counted  # type: ignore[method-assign]
        try:
            bar.focus()
            await pilot.pause()
            board.focus()
            await pilot.pause()
        finally:
            Stylesheet.apply = match  # type: ignore[method-assign]
        assert matched == []
        assert_styles_are_matched_afresh(app)


class Fading(App[None]):
    """A widget whose background fades in with the focus: a transition is animated, not set."""

    CSS = "#box { background: blue; transition: background 500ms; } #box:focus { background: red; }"

    def __init__(self) -> None:
        super().__init__()
        self.stylesheet = RememberingStylesheet(variables=self.get_css_variables())

    def compose(self) -> ComposeResult:
        box = Static("box", id="box")
        box.can_focus = True
        yield box
        yield Input(id="other")


@pytest.mark.asyncio
async def test_a_remembered_transition_is_animated_as_textual_animates_it() -> None:
    app = Fading()
    async with app.run_test() as pilot:
        box, other = app.query_one("#box", Static), app.query_one("#other", Input)
        for _ in range(2):  # the second time the box takes the focus, its rules are remembered ones
            other.focus()
            await pilot.pause(0.6)
            box.focus()
            await pilot.pause()
            assert app.animator.is_being_animated(box.styles.base, "background")


@pytest.mark.asyncio
async def test_toasts_share_one_place_and_the_kept_styles_do_not_grow(tmp_path: Path) -> None:
    path = played_file(tmp_path / "toasts.db", "classic-us", PLAYERS, [], ("follow-tokens",))
    app = app_for(path)
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        app.toast("the first toast")
        await pilot.pause()
        kept = len(app.stylesheet.kept)
        for count in range(12):  # each toast has an id of its own, which no rule names
            app.toast(f"toast {count}")
            await pilot.pause()
        assert len(app.stylesheet.kept) == kept
        assert_styles_are_matched_afresh(app)
