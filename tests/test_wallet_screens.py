"""The banker's side of the phones, played through keys at a small (phone-ish) terminal size:
the QR code screen with its server switch and new join code, and the proposals to accept or refuse."""

from __future__ import annotations

import pytest
from screen_host import Host, keys
from textual.geometry import Region
from textual.widgets import DataTable, Static

from banker.game import Game
from banker.wallet import join_code, list_pending, phone_meaning, propose, recent
from banker.wallet.claims import claim, claims
from screens.ledger_layout import qr_block
from screens.proposals_screen import ProposalsScreen
from screens.wallet_screen import WalletScreen

SMALL = (48, 36)  # narrow: the QR code (33 columns for a LAN URL) must still fit


class FakeServer:
    """Stands in for the child process: same surface as ServeProcess (start, stop, running, url)."""

    def __init__(self, path: object) -> None:
        self.path = path
        self.url = ""
        self.starts = 0

    @property
    def running(self) -> bool:
        return bool(self.url)

    def start(self) -> str:
        self.starts += 1
        self.url = f"http://192.168.1.20:8000/?code={join_code(self.path)}"  # type: ignore[arg-type]
        return self.url

    def stop(self) -> None:
        self.url = ""


def text_of(app: Host, selector: str) -> str:
    return str(app.screen.query_one(selector, Static).render())


@pytest.mark.asyncio
async def test_the_wallet_screen_starts_the_server_and_shows_its_qr_code(game: Game) -> None:
    server = FakeServer(game.store.path)
    app = Host(WalletScreen(game.store.path, server))  # type: ignore[arg-type]
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause(0.3)
        assert server.starts == 1
        assert text_of(app, "#wallet-url") == server.url
        assert text_of(app, "#wallet-qr") == str(qr_block(server.url))
        qr = app.screen.query_one("#wallet-qr", Static)
        assert qr.region.width <= SMALL[0] and qr.region.right <= SMALL[0]

        await keys(pilot, "s")  # stop: the code and the link disappear
        assert not server.running and text_of(app, "#wallet-url") == ""
        assert "stopped" in text_of(app, "#wallet-status")
        await keys(pilot, "s")
        await pilot.pause(0.3)
        assert server.starts == 2 and text_of(app, "#wallet-url") == server.url

        old = join_code(game.store.path)
        await keys(pilot, "n")
        assert join_code(game.store.path) != old
        server.start()  # the real server prints its new URL; the screen follows within half a second
        await pilot.pause(0.7)
        assert text_of(app, "#wallet-url").endswith(join_code(game.store.path))

        await keys(pilot, "escape")
        assert app.result is None and server.running  # leaving the screen keeps the phones live


@pytest.mark.asyncio
async def test_the_phones_screen_lists_the_claimed_names_and_frees_one_with_its_digit(game: Game) -> None:
    """A lost phone, or a player who swapped phones: the banker frees the name with one key."""
    path = game.store.path
    claim(path, game.state, "Bob")
    claim(path, game.state, "Alice")
    app = Host(WalletScreen(path, FakeServer(path)))  # type: ignore[arg-type]
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause(0.3)
        listed = text_of(app, "#wallet-phones")
        order = [c.player for c in claims(path)]  # the longest-held first
        assert f"1 {order[0]}, since" in listed and f"2 {order[1]}, since" in listed
        await keys(pilot, str(order.index("Alice") + 1))
        assert [c.player for c in claims(path)] == ["Bob"]
        assert "Alice" not in text_of(app, "#wallet-phones")
        await keys(pilot, "9")  # no ninth name: nothing happens
        await keys(pilot, "n")  # a new join code frees every name
        assert claims(path) == [] and "none yet" in text_of(app, "#wallet-phones")


@pytest.mark.asyncio
async def test_a_phone_s_control_characters_are_drawn_escaped_on_the_p_screen(game: Game) -> None:
    """A line stored by an older Banker, holding an escape sequence and a bidi override, cannot paint the screen."""
    import sqlite3

    propose(game.store.path, "Bob", "pay bob 5")  # makes the tables
    with sqlite3.connect(game.store.path) as connection:
        connection.execute("UPDATE wallet_proposal SET line = ? WHERE id = 1", ("pay Bob 5\x1b[2J\u202e",))
    app = Host(ProposalsScreen(game))
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        cell = str(app.screen.query_one(DataTable).get_row_at(0)[3])
        assert "\\x1b[2J\\u202e" in cell and "\x1b" not in cell and "\u202e" not in cell


@pytest.mark.asyncio
async def test_proposals_are_accepted_and_refused_with_one_key(game: Game) -> None:
    path = game.store.path
    first = propose(path, "Bob", "pay alice 50 bob")
    second = propose(path, "Carol", "buy carol boardwalk")
    app = Host(ProposalsScreen(game))
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        table = app.screen.query_one(DataTable)
        assert table.row_count == 2
        assert "2 waiting" in text_of(app, "#proposals-title")

        await keys(pilot, "a")  # the first, under the cursor
        assert game.state.cash("Bob") == 1550
        assert "Alice pays Bob $50" in text_of(app, "#proposals-last")
        assert table.row_count == 1

        await keys(pilot, "r")
        assert game.state.deeds["Boardwalk"].owner == "bank"
        assert "Refused Carol's" in text_of(app, "#proposals-last")
        assert table.row_count == 0 and "none waiting" in text_of(app, "#proposals-title")

        third = propose(path, "Alice", "pay alice 99999")  # arrives while the screen is open
        await pilot.pause(1.3)
        assert table.row_count == 1
        await keys(pilot, "a")
        assert "Refused by the rules" in text_of(app, "#proposals-last")
        await keys(pilot, "escape")
    statuses = {p.id: p.status for p in recent(path)}
    assert statuses == {first.id: "accepted", second.id: "refused", third.id: "failed"}
    assert list_pending(path) == []


@pytest.mark.asyncio
async def test_each_proposal_shows_what_it_does_above_the_line_that_runs(game: Game) -> None:
    """Bob's phone said `pay Alice 50`: the banker reads "Bob pays Alice $50" first, wrapped on a narrow
    terminal, then the full line; a line the rules would refuse now says why before `a` is pressed."""
    path = game.store.path
    game.do("buy bob boardwalk")
    for who, typed in (("Bob", "pay Alice 50"), ("Bob", "trade Alice give boardwalk get $200"), ("Carol", "pay 99")):
        propose(path, who, phone_meaning(game.state, who, typed).line)
    game.do("pay carol 1450")  # Carol can no longer pay 99
    app = Host(ProposalsScreen(game))
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        table = app.screen.query_one(DataTable)
        header, *rows = [strip.text for strip in table.render_lines(Region(0, 0, *table.size))]
        column = header.index("what it does")
        shown = " ".join(" ".join(row[column:].split()) for row in rows)  # that column, read top to bottom
        assert shown.startswith("Bob pays Alice $50 (pay) pay Bob 50 Alice trade between Bob and Alice: Bob hands "
                                "Boardwalk to Alice; Alice pays Bob $200 (trade) trade Bob Alice give boardwalk get "
                                "$200 the rules would refuse it now: Carol has $50 but paying bank costs $99")
        assert shown.rstrip().endswith("pay Carol 99")
        assert min(row.height for row in table.rows.values()) > 2  # a narrow terminal wraps each meaning


@pytest.mark.asyncio
async def test_the_phones_screen_tells_phones_apart_keeps_a_freed_name_and_allows_a_second(game: Game) -> None:
    """Each phone shows its address and when it was last seen; a freed name is kept for the phone that scans the
    pairing QR code; `a` then a digit lets that phone pick a second name (issue 37)."""
    from banker.wallet.claims import Phone, held

    path = game.store.path
    claim(path, game.state, "Bob", Phone("192.168.1.31", own=False))
    claim(path, game.state, "Alice", Phone("192.168.1.32", own=False))
    server = FakeServer(path)
    app = Host(WalletScreen(path, server))  # type: ignore[arg-type]
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause(0.3)
        listed = text_of(app, "#wallet-phones")
        assert "192.168.1.31" in listed and "192.168.1.32" in listed and "last seen" in listed
        order = [c.player for c in claims(path)]
        await keys(pilot, "a", str(order.index("Bob") + 1))
        assert [c.extra for c in claims(path) if c.player == "Bob"] == [1]
        assert text_of(app, "#wallet-pairing") == ""
        await keys(pilot, str(order.index("Alice") + 1))
        code = held(path)[0].code
        pairing = text_of(app, "#wallet-pairing")
        assert f"pairing code {code}" in pairing
        assert str(qr_block(f"{server.url}&pair={code}")) in pairing
        assert [c.player for c in claims(path)] == ["Bob"]
