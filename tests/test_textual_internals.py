"""Textual's private names are used in one module, screens/textual_internals.py, and what each use relies on is
checked here: a Textual release that changes it fails these tests with a sentence naming the use (issue 34)."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

import pytest
import textual
from textual import widgets
from textual.app import App
from textual.screen import ModalScreen, Screen
from textual.scroll_view import ScrollView
from textual.widget import Widget
from textual.widgets import DataTable

SCREENS = Path(__file__).resolve().parent.parent / "screens"
INTERNALS = "textual_internals.py"


def parameters(function: object) -> list[str]:
    return list(inspect.signature(function).parameters)  # type: ignore[arg-type]


def test_datatable_still_draws_cells_and_lines_as_kept_drawing_table_expects() -> None:
    what = "screens/textual_internals.KeptDrawingTable overrides DataTable's"
    assert parameters(DataTable._render_cell) == [
        "self", "row_index", "column_index", "base_style", "width", "cursor", "hover"], f"{what} _render_cell"
    assert parameters(DataTable._render_line) == ["self", "y", "x1", "x2", "base_style"], f"{what} _render_line"
    assert parameters(DataTable._get_styles_to_render_cell) == [
        "self", "is_header_cell", "is_row_label_cell", "is_fixed_style_cell", "hover", "cursor",
        "show_cursor", "show_hover_cursor", "has_css_foreground_priority", "has_css_background_priority"], \
        f"{what} call to _get_styles_to_render_cell"
    assert parameters(DataTable._get_offsets) == ["self", "y"], f"{what} call to _get_offsets"
    table = DataTable()
    for name in ("_row_locations", "_column_locations", "_data", "_header_row_key", "_show_hover_cursor",
                 "_pseudo_class_state"):
        assert hasattr(table, name), f"{what} reading of DataTable.{name}"


def test_screen_still_draws_on_its_update_timer_as_frame_slots_expects() -> None:
    what = "screens/textual_internals.FrameSlots overrides Screen's"
    assert isinstance(inspect.getattr_static(Screen, "_update_timer"), property), f"{what} _update_timer property"
    assert parameters(Screen._on_timer_update) == ["self"], f"{what} use of _on_timer_update"


def textual_private_names() -> set[str]:
    """Every single-underscore name Textual's classes that the app builds on define (their methods and attributes)."""
    classes = [App, Screen, ModalScreen, Widget, ScrollView, DataTable]
    classes += [getattr(widgets, name) for name in widgets.__all__ if isinstance(getattr(widgets, name), type)]
    names: set[str] = set()
    for cls in classes:
        for klass in cls.__mro__:
            if klass.__module__.startswith("textual"):
                names |= {name for name in vars(klass) if name.startswith("_") and not name.startswith("__")}
    for instance in (Widget(), DataTable(), Screen()):  # what their __init__ sets: _bindings, _parent, _classes...
        names |= {name for name in vars(instance) if name.startswith("_") and not name.startswith("__")}
    return names


@pytest.mark.parametrize("path", sorted(p.name for p in SCREENS.glob("*.py") if p.name != INTERNALS))
def test_no_other_screen_module_uses_a_private_name_of_textual(path: str) -> None:
    """Outside screens/textual_internals.py: no private Textual module imported, and no Textual private name
    defined (an override) or read."""
    tree = ast.parse((SCREENS / path).read_text())
    private = textual_private_names()
    found: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("textual"):
            if any(part.startswith("_") for part in node.module.split(".")):
                found.append(f"imports {node.module}")
            found += [f"imports {alias.name}" for alias in node.names if alias.name.startswith("_")]
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name in private:
            found.append(f"defines {node.name}")
        elif isinstance(node, ast.Attribute) and node.attr in private:
            found.append(f"reads .{node.attr}")
    assert not found, f"screens/{path} {', '.join(found)}: move it to screens/{INTERNALS}, with a test here"


def test_the_textual_this_suite_passed_is_the_one_pyproject_allows() -> None:
    major = int(textual.__version__.split(".")[0])
    text = (SCREENS.parent / "pyproject.toml").read_text()
    assert f'"textual>={major}.' in text and f"<{major + 1}\"" in text, "pyproject.toml caps textual at its major"
