"""The app's stylesheet, which remembers what each place on the screen matched.

Textual matches every rule of the stylesheet against a widget whenever it is mounted or its classes, focus or
hover change, and again for each of its component classes (the board has a dozen). A typed roll does this for the
command bar losing the focus, the board taking it, and each widget of the dialog it opens: 6 ms of its 26.

Which rules match depends on the widget's place alone: the kind, id, classes and pseudo-classes of every node from
the app down to it. The same place always matches the same rules, so the outcome is kept, keyed by that place,
until the rules themselves change (another theme, the CSS read again), and given back without matching again.
"""

from __future__ import annotations

from typing import Any

from textual.app import App
from textual.css.stylesheet import RulesMap, Stylesheet
from textual.dom import DOMNode

APP_WIDE = frozenset({"dark", "light", "inline", "ansi", "nocolor"})  # a widget's are its app's (textual.widget)
Place = tuple[Any, ...]
Kept = tuple["RulesMap | None", bool, bool, bool, bool]  # the rules matched (None: none), then the node's flags


class RememberingStylesheet(Stylesheet):
    """Textual's stylesheet, which gives a place's matched rules back instead of matching them again."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.kept: dict[Place, Kept] = {}
        self.kept_for: object = None  # the rules the kept outcomes were matched against
        self.pseudo_classes_used: tuple[str, ...] = ()
        self.pseudo_classes_below: tuple[str, ...] = ()  # those that can differ from the app's below it
        self.styling: list[Any] | None = None  # [node, its place, the rules it was given] while it is styled

    def apply(self, node: DOMNode, *, animate: bool = False, cache: dict[tuple, RulesMap] | None = None) -> None:
        rules = self.rules
        if rules is not self.kept_for:
            self.kept.clear()
            self.kept_for = rules
            self.pseudo_classes_used = tuple(sorted(set().union(*(
                selector.pseudo_classes for rule in rules for selectors in rule.selector_set
                for selector in selectors.selectors))))
            self.pseudo_classes_below = tuple(name for name in self.pseudo_classes_used if name not in APP_WIDE)
        place = self.place(node)
        outer, self.styling = self.styling, [node, place, None]
        try:
            kept = self.kept.get(place)
            if kept is None:
                super().apply(node, animate=animate, cache=cache)
                self.kept[place] = (self.styling[2], node._has_hover_style, node._has_focus_within,
                                    node._has_order_style, node._has_odd_or_even)
                return
            matched, node._has_hover_style, node._has_focus_within, node._has_order_style, \
                node._has_odd_or_even = kept
            if matched is not None:
                self.give_rules(node, matched, animate)
            self.give_component_styles(node, place)
        finally:
            self.styling = outer

    def replace_rules(self, node: DOMNode, rules: RulesMap, animate: bool = False) -> None:  # type: ignore[override]
        """Textual's, noting the rules the node being styled was given."""
        styling = self.styling
        if styling is not None and styling[0] is node:
            styling[2] = rules
        Stylesheet.replace_rules(node, rules, animate=animate)

    def give_rules(self, node: DOMNode, rules: RulesMap, animate: bool) -> None:
        """Textual's replacing of the node's rules, setting only the rules that differ (the same kept value is
        the same object), and telling the node its styles changed as Textual does: its ancestors' may have.

        Without a transition in the old rules or the new, animating them is setting them (as Textual does, a node
        whose rules do not change is not told, when animating)."""
        base = node.styles.base
        now = base._rules
        if animate and ("transitions" in rules or "transitions" in now):
            self.replace_rules(node, rules, animate=True)
            return
        changed = [key for key in now.keys() | rules.keys() if now.get(key) is not rules.get(key)]
        if animate and not changed:
            return
        for key in changed:
            setattr(base, key, rules.get(key))
        node.notify_style_update()

    def give_component_styles(self, node: DOMNode, place: Place) -> None:
        """The styles of the node's component classes (the board's cursor, a list's highlight) the node had in
        this place before, else matched; refreshed when they differ from the ones it has."""
        given: dict[Place, dict[str, Any]] = node.__dict__.setdefault("remembered_component_styles", {})
        styles = given.get(place)
        if styles is None:
            self._process_component_classes(node)
            given[place] = dict(node._component_styles)
            return
        now = node._component_styles
        if now.keys() != styles.keys() or any(now[name] is not each for name, each in styles.items()):
            node._component_styles = dict(styles)
            node.refresh()

    def place(self, node: DOMNode) -> Place:
        """What the rules can see of the node: each node's kind, the id a rule names (a toast's own id is no part
        of its place: one place for every toast), its classes and the pseudo-classes any rule names, from the app
        down. A component class is placed under the widget being styled."""
        styling = self.styling
        if styling is not None and node._parent is styling[0] and type(node) is DOMNode:
            return (styling[1], frozenset(node._classes))
        path = node.css_path_nodes
        app_wide = isinstance(path[0], App)  # the theme's pseudo-classes are the app's, below it as at it
        used, below = self.pseudo_classes_used, self.pseudo_classes_below
        rules_map = self.rules_map
        place = []
        for each in path:
            checks = each._PSEUDO_CLASSES
            names = below if app_wide and each is not path[0] else used
            ident = each._id if each._id is not None and f"#{each._id}" in rules_map else None
            place.append((type(each), ident, frozenset(each._classes),
                          tuple([name for name in names if name in checks and checks[name](each)])))
        return tuple(place)
