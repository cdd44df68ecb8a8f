"""The screens reach the app through `screens.host.BankerHost` (issue 28): the app must hold all of it."""

from __future__ import annotations

import ast
from pathlib import Path

from screens.app import BankerApp
from screens.host import BankerHost

SCREENS = Path(__file__).resolve().parent.parent / "screens"


def test_the_app_holds_everything_the_screens_protocol_declares() -> None:
    app = BankerApp()
    fields = set(BankerHost.__annotations__)
    members = {name for name in vars(BankerHost) if not name.startswith("_")} - fields
    missing = sorted([name for name in fields if name not in vars(app)]
                     + [name for name in members if not hasattr(BankerApp, name)])
    assert not missing, f"BankerApp lacks {missing}"


def test_no_screen_but_the_command_imports_the_app_module() -> None:
    """Only `banker`'s entry point (launch.py) builds the app; a screen that imported screens/app.py would close a
    circle, since the app opens the screens."""
    importers = []
    for path in SCREENS.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.module == "screens.app":
                importers.append(path.name)
    assert sorted(importers) == ["launch.py"]
