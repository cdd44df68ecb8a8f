"""The `banker` command: the app for `banker` / `banker GAME.db`, the core's CLI for the rest.

It lives here, not in `banker/`, so the headless core never imports the app.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

from banker.subcommands import wants_the_app

RESTARTS = 3  # an error at every opening is not reopened for ever


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
    from screens.errors_kept import LOG_NAME, log_error

    path = Path(args[0]) if args else None
    app = make_app(path)
    app.run()
    for _ in range(RESTARTS):  # an error no screen caught: the game is reopened, as the last action left it
        if app.return_code != 1 or path is None or not path.exists():
            break
        log_error(app.data, RuntimeError(f"the app stopped on an error and reopened {path} (traceback on stderr)"))
        print(f"banker: an error closed the app; {path} is reopened as its last action left it "
              f"(logged in {app.data / LOG_NAME})", file=sys.stderr)
        app = make_app(path)
        app.reopened_after_error = True
        app.run()
    return 0 if app.return_code in (0, None) else 1
