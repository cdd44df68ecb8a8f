"""`python -m banker`: the command line without the app.

`verify GAME` goes straight to the one pass it needs: it never loads the rules, the
command language or the argument parser, which would cost it a third of its time on
a short game.
"""

import sys


def _run() -> int:
    args = sys.argv[1:]
    if len(args) == 2 and args[0] == "verify" and not args[1].startswith("-"):
        from .verify import main as verify_main

        return verify_main(args[1])
    from .cli import main

    return main()


raise SystemExit(_run())
