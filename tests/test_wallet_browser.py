"""Issue 37, part 3: a tap instead of a sentence, played in headless Chromium at 390x844 with two phones.

Each phone is its own browser context, reaching the real `banker serve` through a small relay that sends
from its own loopback address (127.0.0.2 for Ann's phone, 127.0.0.3 for Ben's), as two phones on the
Wi-Fi are two addresses. The banker accepts each proposal with the same core function as `P` then `a`.
Skipped where Chromium or Playwright is not installed (`apt-get install chromium`, `pip install playwright`).
The taps are counted: the rulebook's Banker pays and collects (003:29); a player buys the deed landed on
(003:60) or it is auctioned, and mortgages through the Bank (003:120).
"""

from __future__ import annotations

import shutil
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from banker.game import Game
from banker.wallet import accept, list_pending
from banker.wallet.claims import free, held
from editions import load_edition

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
playwright_api = pytest.importorskip("playwright.sync_api", reason="pip install playwright")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no Chromium: apt-get install chromium")
ROOT = Path(__file__).resolve().parent.parent


class Relay:
    """A TCP relay on 127.0.0.1 whose connections to the server leave from `source` (one phone's address)."""

    def __init__(self, server: tuple[str, int], source: str) -> None:
        self.server, self.source = server, source
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.socks: list[socket.socket] = []
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                inner, _ = self.listener.accept()
            except OSError:
                return
            outer = socket.create_connection(self.server, source_address=(self.source, 0))
            self.socks += [inner, outer]
            for a, b in ((inner, outer), (outer, inner)):
                threading.Thread(target=self._pump, args=(a, b), daemon=True).start()

    @staticmethod
    def _pump(a: socket.socket, b: socket.socket) -> None:
        try:
            while data := a.recv(65536):
                b.sendall(data)
        except OSError:
            pass
        finally:
            for sock in (a, b):
                try:
                    sock.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass

    def close(self) -> None:
        self.listener.close()
        for sock in self.socks:
            sock.close()


@pytest.fixture
def table(tmp_path: Path) -> Iterator[tuple[Game, str, subprocess.Popen[str]]]:
    game = Game.create(tmp_path / "table.db", load_edition("classic-us"), ["Ann", "Ben"], ["follow-tokens"])
    process = subprocess.Popen([sys.executable, "-m", "banker", "serve", str(game.store.path), "--host",
                                "127.0.0.1", "--port", "0"], cwd=ROOT, stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL, text=True)
    assert process.stdout is not None
    url = process.stdout.readline().removeprefix("wallet: ").strip()
    yield game, url, process
    process.terminate()
    process.wait(timeout=10)
    game.close()


class Phone:
    """One phone: a browser context at 390x844 behind its own relay; `tap` counts every tap."""

    def __init__(self, browser: Any, url: str, source: str) -> None:
        host, rest = url.removeprefix("http://").split("/", 1)
        name, port = host.rsplit(":", 1)
        self.relay = Relay((name, int(port)), source)
        self.page = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
        self.errors: list[str] = []
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.page.goto(f"http://127.0.0.1:{self.relay.port}/{rest}")
        self.taps = 0

    def tap(self, locator: Any) -> None:
        locator.click()
        self.taps += 1

    def button(self, name: str) -> Any:
        return self.page.get_by_role("button", name=name, exact=True)

    def close(self) -> None:
        self.page.context.close()
        self.relay.close()


def wait_for(check: Any, timeout: float = 10) -> Any:
    deadline = time.monotonic() + timeout
    while not (value := check()):
        assert time.monotonic() < deadline, "the condition did not hold in time"
        time.sleep(0.05)
    return value


def test_two_phones_claim_pay_buy_and_mortgage_by_taps(table: tuple[Game, str, Any]) -> None:
    game, url, _ = table
    with playwright_api.sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        ann, ben = Phone(browser, url, "127.0.0.2"), Phone(browser, url, "127.0.0.3")
        try:
            ann.tap(ann.button("Ann"))
            ann.page.wait_for_selector("#wallet:not([hidden])")
            ben.page.reload()
            ben.page.get_by_text("on a phone").wait_for()  # Ann's name looks held
            ben.tap(ben.page.locator("#names button", has_text="Ann"))
            ben.page.get_by_text("Ann is on another phone").wait_for()
            ben.tap(ben.button("Ben"))
            ben.page.wait_for_selector("#wallet:not([hidden])")
            assert (ann.taps, ben.taps) == (1, 2)

            # Pay by taps: Pay, Ben, 100, Send
            ann.taps = 0
            ann.tap(ann.button("Pay"))
            ann.tap(ann.page.locator("#sheet-pick button", has_text="Ben"))
            ann.tap(ann.page.locator("#sheet-keys .quick button", has_text="100"))
            ann.page.wait_for_selector("#sheet-send:not([disabled])")
            assert ann.page.inner_text("#sheet-means") == "Means: Ann pays Ben $100 (pay)"
            ann.tap(ann.page.locator("#sheet-send"))
            ann.page.wait_for_selector("#sheet", state="hidden")
            assert ann.taps == 4
            [paid] = wait_for(lambda: list_pending(game.store.path))
            assert paid.line == "pay Ann 100 Ben"
            assert accept(game, paid.id).status == "accepted"
            ben.page.get_by_text("Ann paid you $100").wait_for()

            # A followed landing, answered from the lander's phone: Buy, Send
            game.do("roll ann 1 2")
            ann.page.get_by_text("Baltic Avenue for $60").wait_for()
            assert ben.page.locator("#waits").inner_text() == ""  # only the lander's phone shows it
            ann.taps = 0
            ann.tap(ann.page.locator("#waits button", has_text="Buy"))
            ann.page.wait_for_selector("#sheet-send:not([disabled])")
            ann.tap(ann.page.locator("#sheet-send"))
            ann.page.wait_for_selector("#sheet", state="hidden")
            assert ann.taps == 2
            [bought] = wait_for(lambda: list_pending(game.store.path))
            assert accept(game, bought.id).status == "accepted"
            assert game.state.deeds["Baltic Avenue"].owner == "Ann"

            # A deed's mortgage by taps: the deed, its mortgage, Send
            ann.taps = 0
            deed = ann.page.locator("#deeds .deed", has_text="Baltic Avenue")
            deed.wait_for()
            ann.tap(deed)
            choice = ann.page.locator("#sheet-pick button", has_text="mortgage")
            choice.wait_for()
            assert ann.page.locator("#sheet-pick button", has_text="builds").count() == 0  # not the whole group
            ann.tap(choice)
            ann.page.wait_for_selector("#sheet-send:not([disabled])")
            ann.tap(ann.page.locator("#sheet-send"))
            ann.page.wait_for_selector("#sheet", state="hidden")
            assert ann.taps == 3
            [mortgaged] = wait_for(lambda: list_pending(game.store.path))
            assert accept(game, mortgaged.id).status == "accepted"
            assert game.state.deeds["Baltic Avenue"].mortgaged
            ann.page.locator("#deeds .deed.mortgaged").wait_for()

            # Ann's phone is lost: the banker frees her name; her new phone scans the pairing QR code and taps Ann
            free(game.store.path, "Ann")
            code = held(game.store.path)[0].code
            ann.page.get_by_text("The banker freed Ann").wait_for()
            ann.page.get_by_text("kept for a new phone").wait_for()  # the old phone's name list: Ann is kept
            new = Phone(browser, f"{url}&pair={code}", "127.0.0.4")
            try:
                new.tap(new.page.locator("#names button", has_text="Ann"))
                new.page.wait_for_selector("#wallet:not([hidden])")
                assert new.taps == 1 and new.page.inner_text("#me-name") == "Ann"
                assert new.errors == []
            finally:
                new.close()
            assert ann.errors == [] and ben.errors == []
        finally:
            ann.close()
            ben.close()
            browser.close()
