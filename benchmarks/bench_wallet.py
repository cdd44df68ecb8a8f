"""Do eight phones slow the banker down? `Game.do` latency with 0 and with 8 live wallets, same run.

    python benchmarks/bench_wallet.py [--events 2000] [--blocks 12] [--block 25] [--phones 8] [--pause 0]

A real `banker serve` runs as its own process (as the app starts it) on 127.0.0.1. The phones are
a separate process holding 8 Server-Sent-Events channels, as 8 phones would be separate devices,
and recording when each wallet document arrives. Blocks of actions alternate without and with the
phones connected (ABBA order, so a drift in the machine's load hits both alike); the ratio is the
median (and p99) with phones over without. It also reports how long a change took to reach the
phones (the issue asks for under one second).
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_core import LINES, build_game, ms, p99  # noqa: E402

from banker.game import Game  # noqa: E402
from banker.wallet.client import LiveChannel, Wallet  # noqa: E402
from banker.wallet.process import ServeProcess  # noqa: E402

HEAD = re.compile(r'"head":\{"events":(\d+)')


def phones(url: str, count: int) -> int:
    """The phones' process. Commands on stdin: `open` (connect every phone, then print `ready`),
    `close` (hang up, print `closed`), `stop` (print every (phone, head seq, arrival time) and exit)."""
    wallet = Wallet(url)
    arrivals: list[tuple[int, int, float]] = []
    lock = threading.Lock()
    channels: list[LiveChannel] = []

    def listen(number: int, live: LiveChannel) -> None:
        while True:
            try:
                name, data = live.next(timeout=600, parse=False)
            except (OSError, ValueError):
                return
            if name != "wallet":
                return
            arrived = time.time()
            found = HEAD.search(data)
            with lock:
                arrivals.append((number, int(found.group(1)) if found else -1, arrived))

    for command in sys.stdin:
        command = command.strip()
        if command == "open":
            channels = [wallet.live(timeout=30) for _ in range(count)]
            for live in channels:
                live.next(timeout=30)  # the document sent on connecting
            for number, live in enumerate(channels):
                threading.Thread(target=listen, args=(number, live), daemon=True).start()
            print("ready", flush=True)
        elif command == "close":
            for live in channels:
                live.close()
            print("closed", flush=True)
        elif command == "stop":
            with lock:
                print(json.dumps(arrivals), flush=True)
            return 0
    return 0


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--events", type=int, default=2000, help="game size before measuring")
    parser.add_argument("--blocks", type=int, default=12, help="blocks of actions, half with phones (ABBA order)")
    parser.add_argument("--block", type=int, default=25, help="actions per block")
    parser.add_argument("--phones", type=int, default=8)
    parser.add_argument("--pause", type=float, default=0.0, help="seconds between actions (0: back to back)")
    parser.add_argument("--phones-url", help=argparse.SUPPRESS)  # internal: run as the phones' process
    args = parser.parse_args()
    if args.phones_url:
        return phones(args.phones_url, args.phones)

    folder = Path(tempfile.mkdtemp(prefix="banker-bench-wallet-"))
    path = folder / "game.db"
    build_game(path, args.events).close()
    server = ServeProcess(path, host="127.0.0.1", port=0)
    url = server.start()
    crowd = subprocess.Popen([sys.executable, __file__, "--phones-url", url, "--phones", str(args.phones)],
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    assert crowd.stdout is not None and crowd.stdin is not None

    def tell(command: str) -> str:
        crowd.stdin.write(command + "\n")  # type: ignore[union-attr]
        crowd.stdin.flush()  # type: ignore[union-attr]
        return crowd.stdout.readline().strip()  # type: ignore[union-attr]

    game = Game.open(path)
    samples: dict[bool, list[float]] = {False: [], True: []}
    done: dict[int, float] = {}
    watched: list[tuple[int, int]] = []  # (first, last) head seq of each block with phones
    print(f"python {sys.version.split()[0]}, {args.events:,}-event game, {args.blocks} blocks of {args.block} "
          f"actions, pause {args.pause} s; server {url}")
    try:
        game.do(LINES[0])  # warm up the kept connection
        count = 0
        for block in range(args.blocks):
            with_phones = block % 4 in (1, 2)  # A B B A A B B A ...
            if with_phones:
                assert tell("open") == "ready"
                time.sleep(0.3)
            first = game.head[0] + 1
            for _ in range(args.block):
                start = time.perf_counter()
                game.do(LINES[count % len(LINES)])
                samples[with_phones].append(time.perf_counter() - start)
                done[game.head[0]] = time.time()
                count += 1
                if args.pause:
                    time.sleep(args.pause)
            if with_phones:
                watched.append((first, game.head[0]))
                time.sleep(1.2)  # the last change reaches the phones before they hang up
                assert tell("close") == "closed"
        arrivals = json.loads(tell("stop"))
        crowd.wait(timeout=10)
    finally:
        game.close()
        server.stop()
        if crowd.poll() is None:
            crowd.kill()

    alone, crowded = samples[False], samples[True]
    print(f"{'Game.do latency':<24} {'median':>11} {'p99':>11}  ({len(alone)} + {len(crowded)} actions)")
    for label, values in (("no phones", alone), (f"{args.phones} phones live", crowded)):
        print(f"{label:<24} {ms(statistics.median(values))} {ms(p99(values))}")
    print(f"ratio {args.phones} phones / none: median x{statistics.median(crowded) / statistics.median(alone):.2f}, "
          f"p99 x{p99(crowded) / p99(alone):.2f}")

    delays = [arrived - done[seq] for _, seq, arrived in arrivals if seq in done]
    if delays:
        print(f"action -> phone: median {ms(statistics.median(delays))}, p99 {ms(p99(delays))}, "
              f"max {ms(max(delays))} ({len(delays)} documents)")
    every = all(any(seq == last for n, seq, _ in arrivals if n == phone) for _, last in watched
                for phone in range(args.phones))
    print(f"every phone received every block's last action: {every}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
