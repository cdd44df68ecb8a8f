"""The `banker` command: the app for `banker` / `banker GAME.db`, the core's CLI for the rest.

It lives here, not in `banker/`, so the headless core never imports the app.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

from banker.subcommands import wants_the_app


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if not wants_the_app(args):
        from banker import cli

        return cli.main(args)
    if len(args) > 1:
        print("banker: usage: banker [GAME.db]  (or banker new|do|run|state|ledger|verify|score|editions|ask|serve)",
              file=sys.stderr)
        return 2
    from screens.app import make_app

    make_app(Path(args[0]) if args else None).run()
    return 0
