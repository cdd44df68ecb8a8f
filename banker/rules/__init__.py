"""The rules: which events a command produces, or why it is refused.

`decide(state, command)` and `notices(before, after)` live in `deciding`, which loads every rule and the
command language's commands; they are loaded on first use, so a command that only reads a game (`banker state`,
`verify`) or a rule module used alone (`rules.rent` for `ask`) does not pay for them at start-up.
"""

from __future__ import annotations

from typing import Any

__all__ = ["DECIDERS", "decide", "notices"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from . import deciding

        globals().update({known: getattr(deciding, known) for known in __all__})  # asked once, then plain names
        return getattr(deciding, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
