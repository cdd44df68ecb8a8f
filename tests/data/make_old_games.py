"""Makes the game files of tests/test_old_game_files.py with an earlier Banker (kept for the record).

They were written by the code of commit 23f3aaa (before issue 15 changed the store, opening and verify):

    git worktree add /tmp/before 23f3aaa
    PYTHONPATH=/tmp/before python tests/data/make_old_games.py tests/data

For each edition it plays a game through that code's Game API (undo/redo, a bankruptcy, and past
2,000 events on the classic board so the file holds a stored snapshot), then stores beside the
file what that code printed: `banker state --json`, `banker verify`, and `state --json` after
undoing actions back past the snapshot (on a copy).
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from banker.errors import Refusal
from banker.game import Game
from editions import load_edition

PLAYERS = ["Alice", "Bob", "Carol", "Dan"]
CLASSIC = ["pay alice 10 bob", "pay bob 10 carol", "pay carol 10 alice", "rent alice board", "go bob",
           "pay bob 200", "rent bob park", "pay carol 70 bob", "undo", "redo", "collect dan 5", "pay dan 5 pot"]
GAMES = {
    # edition: (events to play past, opening lines, the cycle, the bankruptcy lines, house rules)
    "classic-us": (2300, ["buy carol boardwalk", "buy carol park", "buy alice baltic", "buy alice mediterranean",
                          "buy dan reading", "mortgage dan reading", "trade dan bob give reading get $10",
                          "build alice baltic", "build alice mediterranean", "undo"],
                   CLASSIC, ["pay dan 1400 carol", "bankrupt dan carol 300 lift"], ["free-parking"]),
    "classic-uk": (300, ["buy carol mayfair", "buy carol 'park lane'", "buy dan 'kings cross'"],
                   ["pay alice 10 bob", "rent alice mayfair", "go bob", "pay bob 200", "undo", "undo", "redo",
                    "pay carol 50 alice"],
                   ["pay dan 1300 alice", "bankrupt dan 500", "bid alice 10", "sold"], []),
    "mega": (300, ["buy carol boardwalk", "buy carol park", "buy carol reading", "ticket alice"],
             ["pay alice 10 bob", "depot carol reading", "rent alice board", "trade alice bob give ticket get $10",
              "sell carol reading", "go bob", "pay bob 200", "trade bob alice give ticket get $10", "undo", "redo",
              "pay carol 35 bob"],
             ["pay dan 2400 alice", "bankrupt dan alice 300"], []),
    "sore-losers": (300, ["buy carol boardwalk", "buy carol park"],
                    ["pay alice 10 bob", "rent alice board", "go bob", "pay bob 200",
                     "trade alice carol give coin get $10", "trade carol alice give coin get $10", "undo", "redo",
                     "pay carol 100 alice"],
                    ["pay dan 1450 alice", "bankrupt dan 400"], []),
    "city": (300, ["buy carol fortune", "buy carol diamond"],
             ["pay alice 100k bob", "spin alice 2", "rent alice diamond", "parking bob", "dodge bob fortune",
              "go bob", "mortgage carol fortune", "unmortgage carol fortune", "undo", "redo", "pay carol 350k bob",
              "pay bob 2m"],
             ["pay dan 37m alice", "bankrupt dan 2m"], []),
}
UNDOS = 400  # or back to the start, whichever comes first


def banker(*args: str) -> str:
    done = subprocess.run([sys.executable, "-m", "banker", *args], capture_output=True, text=True, check=True)
    return done.stdout


def play(path: Path, edition: str) -> None:
    events, opening, cycle, bankruptcy, rules = GAMES[edition]
    game = Game.create(path, load_edition(edition), PLAYERS, rules)
    for line in opening:
        game.do(line)
    step = 0
    while game.head[0] < events - 40:
        try:
            game.do(cycle[step % len(cycle)])
        except Refusal:
            pass
        step += 1
    for line in bankruptcy:
        game.do(line)
    for line in [line for line in cycle if line not in ("undo", "redo")] * 3:  # on without the bankrupt player
        try:
            game.do(line)
        except Refusal:
            pass
    game.close()


def main() -> int:
    out = Path(sys.argv[1])
    out.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp())
    for edition in GAMES:
        path = work / f"old-{edition}.db"
        play(path, edition)
        target = out / f"old-{edition}.banker"
        shutil.copy(path, target)
        (out / f"old-{edition}.state.json").write_text(banker("state", str(path), "--json"))
        (out / f"old-{edition}.verify.txt").write_text(banker("verify", str(path)).replace(str(path), "GAME"))
        undone = work / f"undone-{edition}.db"
        shutil.copy(path, undone)
        game = Game.open(undone)
        for _ in range(UNDOS):
            try:
                game.do("undo")
            except Refusal:  # back at the start
                break
        game.close()
        (out / f"old-{edition}.undone.json").write_text(banker("state", str(undone), "--json"))
        print(edition, target.stat().st_size, "bytes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
