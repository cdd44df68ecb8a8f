"""The `banker` command's words, apart from the CLI: `banker GAME.db` opens the app without loading the CLI
(its argument parser and its commands were 4 ms of the app's first frame)."""

from __future__ import annotations

from collections.abc import Sequence

SUBCOMMANDS = {"new", "do", "run", "state", "ledger", "verify", "score", "editions", "help", "ask", "serve",
               "proposals", "phones", "league", "backup", "repair"}


def wants_the_app(args: Sequence[str]) -> bool:
    """`banker` alone or `banker GAME.db` opens the app (launched from screens/, not from the core)."""
    return not args or (args[0] not in SUBCOMMANDS and not args[0].startswith("-"))
