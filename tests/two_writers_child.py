"""One of the two writers in tests/test_two_writers.py: many actions on a game file another process also writes.

Usage: two_writers_child.py GAME PLAYER COUNT. It opens the game, prints `ready`,
waits for a line on stdin (so both writers start together), then collects
1, 2, ... COUNT for PLAYER, one action each. A short sleep between Game's reload
and its append (BANKER_RACE_SLEEP seconds) widens the window in which the other
writer gets in first, so the retry path really runs. Prints one JSON line: the
action numbers it was given, how often the ledger said the game changed, and
how often Game gave up with "retry" (the child then retries, as a banker would).
"""

from __future__ import annotations

import json
import os
import random
import sys
import time
from typing import Any

from banker.errors import Refusal
from banker.game import Game
from banker.ledger import GameChanged, LedgerStore


def main() -> None:
    path, player, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
    pause = float(os.environ.get("BANKER_RACE_SLEEP", "0"))
    tally = {"changed": 0, "gave up": 0}
    append = LedgerStore.append

    def counting_append(store: LedgerStore, *args: Any, **kwargs: Any) -> Any:
        if pause:
            time.sleep(random.uniform(0, pause))
        try:
            return append(store, *args, **kwargs)
        except GameChanged:
            tally["changed"] += 1
            raise

    LedgerStore.append = counting_append  # type: ignore[method-assign]
    game = Game.open(path)
    print("ready", flush=True)
    sys.stdin.readline()
    actions = []
    for amount in range(1, count + 1):
        while True:
            try:
                actions.append(game.do(f"collect {player} {amount}").action)
                break
            except Refusal as refusal:
                if "the game changed" not in str(refusal) or "retry" not in str(refusal):
                    raise
                tally["gave up"] += 1
    game.close()
    print(json.dumps({"player": player, "actions": actions, **tally}), flush=True)


if __name__ == "__main__":
    main()
