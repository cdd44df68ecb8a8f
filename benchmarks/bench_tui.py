"""Key press to the new cash on screen, on a 10,000-event game against a 10-event one (same run, same machine).

    python benchmarks/bench_tui.py [--events 10000] [--presses 200] [--rounds 2] [--gap 0.3]
                                   [--edition classic-us|mega|sore-losers|city] [--games DIR] [--ratios] [--dice]

Each sample is one key handed to the app as a terminal's input thread hands it (`Driver.send_message`),
timed until the first frame the app draws in which the current player's card shows the new cash: the
card's Digits widget has rendered the value the ledger now holds, and that frame has been turned into
the bytes a terminal would be sent (`render_segments`, which the headless driver otherwise skips). Two
keys alternate: `g` (the current player passes GO: one new event) and ctrl+z (undo: a marker event and
a state rebuild). The app runs as it does at the table: toasts (which Textual's test harness leaves
out unless asked), the footer, the game clock where the edition has one, and time between presses
(`--gap`, a quick banker's pace) in which toasts expire.
The ledger's cash is checked after every press.

Each round opens a fresh copy of both games (the small one first in odd rounds, the big one first in even
ones) and presses `--presses` keys on each after a few unrecorded warm-up presses (the first press after
opening is printed on its own). Figures are p50 / p95 / p99 per key and game; the ratios are the big game
against the small one (does the app slow down as the ledger grows?) and p99 against one 60 Hz frame
(16.7 ms: under 1.0, the new cash is on screen within the frame after the key). The SQLite append within each
press (its fsync the one wait on the disk) is timed too, and the rest (the app's own work) is shown beside it,
as a shared disk's fsync varies most from run to run. `--games DIR` keeps the
built games for reuse, so two versions of the code time the very same files (benchmarks/compare.py).

With `--dice` it times the followed turn instead (issue 27: p99 under 50 ms on a 10,000-event game): in games
that follow the tokens, the current player's dice are typed into the command bar (two digits and enter, handed
over at once as a quick typist's are) and timed until the frame that shows the last of what the roll brought
up within `--gap`: the landing's dialog (a modal screen) when one opens, else the roll's words on the table's
announcement line (until 2026-11-29 a toast, drawn a frame or two after the new cash: the frame whose line drew new
words is timed, and a toast still counts where one goes up). (Until
2026-11-27 it timed whichever came last, so a toast drawn under the dialog within the gap was timed instead of
the dialog, and one drawn after the gap was not: a faster app could time slower.) The dialog is then
closed with escape (as often as one opens) and the roll undone, so every press rolls from GO; the first
round of the dice is a warm-up, printed on its own and left out of the figures (until 2026-11-29 four rolls were:
the first Chance roll of each game, whose card dialog is built then, once per app start, made the p99); the dice
cycle so the token lands on a deed for sale, a tax, a Chance and Chest card, jail's visit and the railroad. Beside the
wall-clock times it shows the CPU time the app's process spent from the dice to that frame: on a machine shared
with other work the wall clock mostly measures the scheduler, the CPU time much less.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

from textual import events
from textual.widgets import Digits

from banker.game import Game
from editions import load_edition
from screens.app import make_app
from screens.player_card import PlayerCard, cash_digits

FRAME_MS = 1000 / 60  # one frame at 60 Hz
WARM_UP = 4  # unrecorded presses after opening (lazy imports, first layouts); the first one is printed
PLAYERS = ["Alice", "Bob", "Carol"]
CYCLE = ["go Alice", "pay Alice 150 Bob", "go Bob", "pay Bob 150 Carol", "go Carol", "pay Carol 150 Alice",
         "buy Alice Boardwalk", "mortgage Alice Boardwalk", "unmortgage Alice Boardwalk", "rent Bob Boardwalk",
         "undo", "redo", "collect Carol 25", "pay Carol 25", "jail Bob", "bail Bob"]


# Monopoly City: the same everyday lines on City's board and scale (GO M2m, jail fine M500k)
CITY_CYCLE = ["go Alice", "pay Alice 2m Bob", "go Bob", "pay Bob 2m Carol", "go Carol", "pay Carol 2m Alice",
              "buy Alice 'Diamond Hills'", "mortgage Alice 'Diamond Hills'", "unmortgage Alice 'Diamond Hills'",
              "rent Bob 'Diamond Hills'", "undo", "redo", "collect Carol 250k", "pay Carol 250k", "jail Bob",
              "bail Bob"]


def build_game(path: Path, events: int, edition: str = "classic-us", rules: tuple[str, ...] = ()) -> int:
    """A game of about `events` events: everyday payments, a deed bought once, undo and redo."""
    data = load_edition(edition)
    game = Game.create(path, data, PLAYERS, rules)
    cycle = CITY_CYCLE if data.max_blocks else CYCLE
    deed = "Diamond Hills" if data.max_blocks else "Boardwalk"
    index = 0
    while game.head[0] < events:
        line = cycle[index % len(cycle)]
        index += 1
        if line.startswith("buy Alice") and game.state.deeds[deed].owner != "bank":
            continue
        if line.startswith("go ") and game.state.tokens is not None:  # Banker pays GO itself when it follows
            line = f"collect {line.split()[1]} {data.go_salary}"
        if line.startswith("rent ") and game.state.tokens is not None:  # a rent answers a landing there (issue 35)
            line = f"pay Bob {data.go_salary // 4} Alice"
        game.do(line)
    count = game.head[0]
    game.close()
    return count


def prepared(keep: Path | None, folder: Path, events: int, edition: str, rules: tuple[str, ...] = ()) -> Path:
    """The built game of this size and edition, from `keep` when an earlier run built it there."""
    name = f"tui-{edition}{''.join('-' + rule for rule in rules)}-{events}.db"
    if keep is not None:
        keep.mkdir(parents=True, exist_ok=True)
        if not (keep / name).exists():
            build_game(keep / f"partial-{name}", events, edition, rules)
            (keep / f"partial-{name}").rename(keep / name)
        return keep / name
    build_game(folder / name, events, edition, rules)
    return folder / name


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


async def measure(path: Path, presses: int, gap: float) -> tuple[dict[str, list[float]], float, list[float]]:
    """Milliseconds from each key to the frame showing the new cash, by key; the first press; full GCs' times."""
    # its own remembered heads: the copies of a game share its key
    app = make_app(path, data=path.parent / f"data-{path.stem}", watch=False)
    times: dict[str, list[float]] = {}
    full_collections: list[float] = []  # how long each full collection took (ms)
    collecting = [0.0]

    def count_full(phase: str, info: dict) -> None:
        if info["generation"] != 2:
            return
        if phase == "start":
            collecting[0] = time.perf_counter()
        else:
            full_collections.append((time.perf_counter() - collecting[0]) * 1000)

    async with app.run_test(size=(120, 40), notifications=True, tooltips=True) as pilot:  # as at the table
        await pilot.pause()
        assert app.game is not None and app._driver is not None
        player = app.current_player
        card = next(c for c in app.screen.query(PlayerCard) if c.player == player)
        digits = card.query_one(Digits)
        rendered = [digits.value]  # the value the Digits widget last drew
        draw = digits._render_content

        def drawn() -> None:
            draw()
            rendered[0] = digits.value

        digits._render_content = drawn  # type: ignore[method-assign]
        wanted: list[str | None] = [None]
        shown_at: list[float] = []
        shown = asyncio.Event()
        display = app._display

        def frame(screen: object, renderable: object) -> None:
            """Every frame is encoded for a terminal as a real driver does; note the first with the new cash."""
            if renderable is not None and not app._batch_count:
                renderable.render_segments(app.console)  # type: ignore[attr-defined]
                if wanted[0] is not None and rendered[0] == wanted[0] and not shown_at:
                    shown_at.append(time.perf_counter())
                    shown.set()
            display(screen, renderable)  # type: ignore[arg-type]

        app._display = frame  # type: ignore[method-assign]
        store = app.game.store
        append = store.append
        committing: list[float] = []  # the SQLite append (its fsync included) within the press

        def timed_append(*args: object, **kwargs: object) -> object:
            began = time.perf_counter()
            try:
                return append(*args, **kwargs)  # type: ignore[arg-type]
            finally:
                committing.append((time.perf_counter() - began) * 1000)

        store.append = timed_append  # type: ignore[method-assign]
        first = 0.0
        for index in range(WARM_UP + presses):
            if index == WARM_UP:
                gc.callbacks.append(count_full)
            key = "g" if index % 2 == 0 else "ctrl+z"
            before, salary = app.game.state.cash(player), app.game.state.edition.go_salary
            expected = before + salary if key == "g" else before - salary
            wanted[0], shown_at[:], committing[:] = cash_digits(app.game.state, expected), [], []
            shown.clear()
            event = events.Key(key, "g" if key == "g" else None)
            event.set_sender(app)
            start = time.perf_counter()
            app._driver.send_message(event)
            await shown.wait()
            took = (shown_at[0] - start) * 1000
            wanted[0] = None
            if app.game.state.cash(player) != expected:
                raise SystemExit(f"the ledger says {app.game.state.cash(player)}, expected {expected}")
            if index == 0:
                first = took
            elif index >= WARM_UP:
                times.setdefault(key, []).append(took)
                times.setdefault(f"{key} commit", []).append(sum(committing))
                times.setdefault(f"{key} app", []).append(took - sum(committing))
            await pilot._wait_for_screen()
            await asyncio.sleep(gap)
        gc.callbacks.remove(count_full)
    return times, first, full_collections


DICE = ["12", "13", "14", "24", "25", "35", "45", "46", "56"]  # from GO: Baltic, Income Tax, Reading, Oriental,
# Chance, Vermont, Connecticut, jail's visit, St. Charles (no doubles: each press is one roll)
DICE_WARM_UP = len(DICE)  # unrecorded: each landing once, its dialog built the first time (printed on its own)


async def measure_dice(path: Path, presses: int, gap: float
                       ) -> tuple[list[float], list[float], dict[str, int], list[str], list[tuple[str, str, float]]]:
    """Milliseconds from typed dice to the frame showing the dialog, the announcement or the toast the roll brought
    up, and the CPU milliseconds this process spent in that time (which a busy machine's other work does not
    lengthen)."""
    from textual.screen import ModalScreen
    from textual.widgets._toast import Toast

    from screens.announcement import Announcement
    from screens.command_bar import CommandBar

    painted: list[tuple[str, object]] = []  # the words the announcement line drew since the last frame, and where
    draw_line = Announcement.render_lines

    def render_lines(line: Announcement, crop: object) -> object:
        painted.append((line.words.plain, line.region))
        return draw_line(line, crop)  # type: ignore[arg-type]

    def sent(renderable: object, region: object) -> bool:
        """Whether the frame sends the line's rows to the terminal: a partial update sends only the rows of the
        widgets it was told had changed, and the line is drawn for any update whose rows span it."""
        spans = getattr(renderable, "spans", None)
        return spans is None or any(region.y <= y < region.bottom for y, _, _ in spans)  # type: ignore[attr-defined]

    Announcement.render_lines = render_lines  # type: ignore[method-assign]

    # its own remembered heads: the copies of a game share its key
    app = make_app(path, data=path.parent / f"data-{path.stem}", watch=False)
    times: list[float] = []
    cpu: list[float] = []
    shown_what: dict[str, int] = {}
    kinds: list[str] = []  # what each timed roll brought up, beside its time
    first_times: list[tuple[str, str, float]] = []  # the warm-up: each landing's first roll (dice, what, ms)
    async with app.run_test(size=(120, 40), notifications=True, tooltips=True) as pilot:
        await pilot.pause()
        assert app.game is not None and app._driver is not None
        table = app.screen
        seen_toasts: set[str] = set()  # every toast and dialog drawn so far: only a first drawing counts
        seen_modals: set[int] = set()
        seen_words: set[str] = set()  # what the announcement line has drawn (a roll's words are new each time)
        last: list[tuple[float, float, str]] = []  # when a new toast or dialog was first drawn (wall, CPU), which
        started = [False]
        display = app._display

        def frame(screen: object, renderable: object) -> None:
            if renderable is not None and not app._batch_count:
                renderable.render_segments(app.console)  # type: ignore[attr-defined]
                if started[0]:
                    if isinstance(screen, ModalScreen) and id(screen) not in seen_modals:
                        seen_modals.add(id(screen))
                        last.append((time.perf_counter(), time.process_time(), type(screen).__name__))
                    drawn = screen._compositor.visible_widgets  # type: ignore[attr-defined]
                    toasts = {toast._notification.identity for toast in screen.query(Toast)  # type: ignore
                              if toast in drawn}  # mounted is not drawn: laid out in this frame
                    if toasts - seen_toasts:
                        seen_toasts.update(toasts)
                        last.append((time.perf_counter(), time.process_time(), "toast"))
                    new = [words for words, region in painted
                           if words and words not in seen_words and sent(renderable, region)]
                    if new:
                        seen_words.update(new)
                        last.append((time.perf_counter(), time.process_time(), "announcement"))
                painted.clear()
            display(screen, renderable)  # type: ignore[arg-type]

        app._display = frame  # type: ignore[method-assign]

        async def send(*names: str) -> None:
            for name in names:
                event = events.Key(name, name if len(name) == 1 else None)
                event.set_sender(app)
                app._driver.send_message(event)  # type: ignore[union-attr]

        for index in range(DICE_WARM_UP + presses):
            game = app.game
            player = game.state.whose_roll
            if game.state.position(player) != 0:
                raise SystemExit(f"{player} should roll from GO, not from {game.state.position(player)}")
            count = game.head[0]
            table.query_one(CommandBar).focus()
            await pilot.pause()
            seen_toasts.update(toast._notification.identity for toast in app.screen.query(Toast))  # type: ignore
            seen_words.clear()  # the same dice roll from GO each time: the same words, new since the undo's
            seen_words.update(line.words.plain for line in table.query(Announcement))
            last[:] = []
            seen_modals.clear()  # the app keeps its choice dialog: the same screen, drawn anew by this roll
            dice = DICE[index % len(DICE)]
            start, start_cpu = time.perf_counter(), time.process_time()
            started[0] = True
            await send(*dice, "enter")
            await asyncio.sleep(gap)
            for _ in range(100):  # a roll still held (the big game's first, behind the backup made at opening)
                if game.head[0] != count:
                    break
                await asyncio.sleep(0.05)
            started[0] = False
            if game.head[0] == count:
                notes = [str(toast._notification.message) for toast in app.screen.query(Toast)]  # type: ignore
                raise SystemExit(f"the dice {dice} wrote nothing: was the roll refused? (screen {app.screen!r}, "
                                 f"bar {table.query_one(CommandBar).value!r}, toasts {notes[-3:]})")
            # what the roll brought up: its dialog when one opens (the toast drawn under it later is not waited
            # for: the dialog is what the table answers), else its words on the announcement line (or a toast)
            shown = next((x for x in last if x[2] not in ("toast", "announcement")), last[0] if last else None)
            if index < DICE_WARM_UP and shown:  # each landing's first: its dialog built, printed on its own
                first_times.append((dice, shown[2], (shown[0] - start) * 1000))
            if index >= DICE_WARM_UP:  # a roll that brings up nothing is counted, not timed
                what = shown[2] if shown else "nothing"
                shown_what[what] = shown_what.get(what, 0) + 1
                if shown:
                    kinds.append(what)
                    times.append((shown[0] - start) * 1000)
                    cpu.append((shown[1] - start_cpu) * 1000)
            for _ in range(5):  # close what the roll opened (a second landing may follow the first)
                if not isinstance(app.screen, ModalScreen):
                    break
                await send("escape")
                await pilot.pause(0.05)
            while app.game.head[0] > count and app.game.state.position(player) != 0:
                app.act("undo", quiet=True)
                await pilot.pause()
            await pilot.pause(0.05)
    return times, cpu, shown_what, kinds, first_times


def main_dice(args: argparse.Namespace) -> int:
    """`--dice`: typed dice to the landing's toast or dialog, on followed games of 10 and `--events` events."""
    if load_edition(args.edition).speed_die:
        raise SystemExit("--dice types two dice: use an edition without the speed die (classic-us, classic-uk)")
    folder = Path(tempfile.mkdtemp(prefix="banker-bench-dice-"))
    games = {name: prepared(args.games, folder, size, args.edition, ("follow-tokens",))
             for name, size in (("small", 10), ("big", args.events))}
    print(f"python {sys.version.split()[0]}, edition {args.edition}, games that follow the tokens: "
          f"{args.rounds} rounds x {args.presses} rolls per game, {args.gap} s apart")
    samples: dict[str, list[float]] = {"small": [], "big": []}
    cpu: dict[str, list[float]] = {"small": [], "big": []}
    by_kind: dict[str, list[float]] = {}
    for number in range(args.rounds):
        for name in (["small", "big"] if number % 2 == 0 else ["big", "small"]):
            copy = folder / f"round{number}-{name}.db"
            shutil.copy(games[name], copy)
            times, spent, what, kinds, first = asyncio.run(measure_dice(copy, args.presses, args.gap))
            for kind, took in zip(kinds, times, strict=True):
                by_kind.setdefault(f"{name} game, {kind}", []).append(took)
            samples[name].extend(times)
            cpu[name].extend(spent)
            print(f"  round {number + 1}, {name} game: the last thing drawn was {what}; warm-up, each landing's "
                  "first roll (not in the figures): " + ", ".join(f"{dice} {kind} {ms:.0f} ms"
                                                                  for dice, kind, ms in first))
    print(f"\n{'game':<7} {'n':>4} {'p50':>9} {'p95':>9} {'p99':>9} {'max':>9}   p99 / 50 ms goal"
          f"   CPU p50 / p99 (this process)")
    ratios = {}
    for name, values in samples.items():
        p50, p95, p99 = (percentile(values, share) for share in (0.5, 0.95, 0.99))
        print(f"{name:<7} {len(values):>4} {p50:6.2f} ms {p95:6.2f} ms {p99:6.2f} ms {max(values):6.2f} ms   "
              f"x{p99 / 50:.2f}              {percentile(cpu[name], 0.5):6.2f} / {percentile(cpu[name], 0.99):6.2f} ms")
        ratios[f"dice p50/50ms {name}"] = p50 / 50
        ratios[f"dice p99/50ms {name}"] = p99 / 50
        ratios[f"dice CPU p99/50ms {name}"] = percentile(cpu[name], 0.99) / 50
    for kind, values in sorted(by_kind.items()):  # which of what a roll brings up is slow
        print(f"  {kind}: n {len(values)}, p50 {percentile(values, 0.5):.2f} ms, max {max(values):.2f} ms")
    ratios["dice p99 big/small"] = percentile(samples["big"], 0.99) / percentile(samples["small"], 0.99)
    if args.ratios:
        print("RATIOS " + json.dumps(ratios))
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=10_000)
    parser.add_argument("--presses", type=int, default=200, help="recorded presses per game and round (g, ctrl+z)")
    parser.add_argument("--rounds", type=int, default=2, help="each round opens fresh copies of both games")
    parser.add_argument("--gap", type=float, default=0.3, help="seconds between presses")
    parser.add_argument("--edition", default="classic-us", help="the edition both games are played on")
    parser.add_argument("--games", type=Path, help="a folder keeping the built games, reused by later runs")
    parser.add_argument("--ratios", action="store_true", help="end with one line `RATIOS {json}` (compare.py)")
    parser.add_argument("--dice", action="store_true", help="typed dice to the landing's toast or dialog")
    args = parser.parse_args()
    if args.dice:
        return main_dice(args)
    folder = Path(tempfile.mkdtemp(prefix="banker-bench-tui-"))
    started = time.perf_counter()
    games = {"small": prepared(args.games, folder, 10, args.edition),
             "big": prepared(args.games, folder, args.events, args.edition)}
    counts = {}
    for name, path in games.items():
        game = Game.open(path)
        counts[name] = game.head[0]
        game.close()
    print(f"python {sys.version.split()[0]}, edition {args.edition}: games of {counts['small']} and "
          f"{counts['big']:,} events ready in {time.perf_counter() - started:.1f} s ({folder}); "
          f"{args.rounds} rounds x {args.presses} presses per game, {args.gap} s apart")
    samples: dict[str, dict[str, list[float]]] = {"small": {}, "big": {}}
    for number in range(args.rounds):
        order = ["small", "big"] if number % 2 == 0 else ["big", "small"]
        for name in order:
            copy = folder / f"round{number}-{name}.db"
            shutil.copy(games[name], copy)
            times, first, full = asyncio.run(measure(copy, args.presses, args.gap))
            for key, values in times.items():
                samples[name].setdefault(key, []).extend(values)
            longest = f", the longest {max(full):.1f} ms" if full else ""
            print(f"  round {number + 1}, {name} game: first press {first:.1f} ms; {len(full)} full garbage "
                  f"collections during the recorded presses{longest}")
    ratios: dict[str, float] = {}
    print(f"\n{'key':<8} {'game':<7} {'n':>4} {'p50':>9} {'p95':>9} {'p99':>9} {'max':>9}   p99 / 60 Hz frame"
          f"   of which the commit p50 / p99; the rest p99")
    for key in ("g", "ctrl+z"):
        for name in ("small", "big"):
            values = samples[name][key]
            p50, p95, p99 = (percentile(values, share) for share in (0.5, 0.95, 0.99))
            commit, rest = samples[name][f"{key} commit"], samples[name][f"{key} app"]
            print(f"{key:<8} {name:<7} {len(values):>4} {p50:6.2f} ms {p95:6.2f} ms {p99:6.2f} ms "
                  f"{max(values):6.2f} ms   x{p99 / FRAME_MS:.2f}              "
                  f"{percentile(commit, 0.5):5.2f} / {percentile(commit, 0.99):5.2f} ms; "
                  f"{percentile(rest, 0.99):5.2f} ms")
            ratios[f"{key} p99/frame {name}"] = p99 / FRAME_MS
            ratios[f"{key} p99-commit/frame {name}"] = percentile(rest, 0.99) / FRAME_MS
        big, small = samples["big"][key], samples["small"][key]
        ratios[f"{key} p50 big/small"] = statistics.median(big) / statistics.median(small)
        ratios[f"{key} p99 big/small"] = percentile(big, 0.99) / percentile(small, 0.99)
        ratios[f"{key} p50/frame big"] = statistics.median(big) / FRAME_MS
    print("\nratios (p99-commit: the app's own part, the SQLite append within each press taken out):")
    for name, value in ratios.items():
        print(f"  {name:<30} x{value:.2f}")
    if args.ratios:
        print("RATIOS " + json.dumps(ratios))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
