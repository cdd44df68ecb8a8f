"""A phone speaks in its owner's voice (issue 14, part 4): on Bob's phone `pay Alice 50` is `pay Bob 50 Alice`.

The rulebooks make the Banker the one who looks after the Bank (003:29) and the players the ones who make
their own deals (003:184-186, "The amount is decided by the players making the deal"): a phone proposes its
owner's own actions, says what a line does before it is sent, and never moves other players' things alone.
The first tests read lines with the core's pure functions; the last ones go through a real `banker serve`.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator

import pytest
from conftest import NewGame, play

from banker.errors import Refusal
from banker.game import Game
from banker.language import USAGE
from banker.wallet import accept, list_pending, meaning_now, phone_meaning
from banker.wallet.client import Wallet
from banker.wallet.process import ServeProcess
from banker.wallet.voice import ACTING, phone_usage, read_phone_line


def full(game: Game, player: str, typed: str) -> str:
    return read_phone_line(game.state, player, typed).line


@pytest.mark.parametrize(("typed", "line"), [
    ("pay Alice 50", "pay Bob 50 Alice"),
    ("pay 50 Alice", "pay Bob 50 Alice"),
    ("pay 50", "pay Bob 50"),
    ("collect 20 Carol", "collect Bob 20 Carol"),
    ("collect Carol 20", "collect Bob 20 Carol"),
    ("buy Boardwalk", "buy Bob Boardwalk"),
    ("buy 'park place'", "buy Bob 'park place'"),
    ("mortgage Boardwalk", "mortgage Bob Boardwalk"),
    ("build Boardwalk 2", "build Bob Boardwalk 2"),
    ("rent Boardwalk", "rent Bob Boardwalk"),
    ("rent elec 8", "rent Bob elec 8"),
    ("trade Alice give Boardwalk get $200", "trade Bob Alice give Boardwalk get $200"),
    ("bankrupt Alice 2000", "bankrupt Bob Alice 2000"),
    ("bankrupt 2000", "bankrupt Bob 2000"),
    ("tax income", "tax Bob income"),
    ("card chest bank-error", "card Bob chest bank-error"),
    ("go", "go Bob"),
    ("bail", "bail Bob"),
    ("usecard chance", "usecard Bob chance"),
    ("bid 10", "bid Bob 10"),
])
def test_the_phone_s_owner_is_the_acting_player_and_is_left_out(game: Game, typed: str, line: str) -> None:
    assert full(game, "Bob", typed) == line


@pytest.mark.parametrize(("edition", "typed", "line"), [
    ("mega", "ride", "ride Bob"),
    ("mega", "ticket", "ticket Bob"),
    ("mega", "gift ticket", "gift Bob ticket"),
    ("mega", "depot reading", "depot Bob reading"),
    ("sore-losers", "cashin", "cashin Bob"),
    ("sore-losers", "coin", "coin Bob"),
    ("sore-losers", "jail Alice", "jail Bob Alice"),  # as Mr. Monopoly, Bob sends Alice (001)
    ("sore-losers", "parking Alice", "parking Bob Alice"),
    ("city", "spin 2", "spin Bob 2"),
])
def test_each_edition_s_verbs_speak_for_the_owner_too(new_game: NewGame, edition: str, typed: str,
                                                      line: str) -> None:
    assert full(new_game(edition), "Bob", typed) == line


def test_every_verb_whose_first_word_is_a_player_speaks_for_the_owner(game: Game) -> None:
    """The phone's usage of every such verb leaves the acting player out; the others read as the banker's."""
    for verb, usage in USAGE.items():
        acting = usage.split()[1:2] in (["<player>"], ["<payer>"], ["<a>"], ["<mr-monopoly>"])
        assert (verb in ACTING) == acting, verb
        if acting:
            assert not phone_usage(verb).startswith(f"{verb} {usage.split()[1]}"), (verb, phone_usage(verb))
    assert {"auction", "sold", "place", "final", "clock", "undo", "redo"}.isdisjoint(ACTING)


def test_the_owner_s_own_name_typed_first_means_the_same(game: Game) -> None:
    """`pay Bob 50 Alice` typed by Bob is Bob paying Alice, never Bob paying Bob."""
    assert full(game, "Bob", "pay Bob 50 Alice") == "pay Bob 50 Alice"
    assert full(game, "Bob", "pay bob 50") == "pay Bob 50"  # to the bank
    assert full(game, "Bob", "buy BOB boardwalk") == "buy Bob boardwalk"
    assert full(game, "Bob", "buy b&o") == "buy Bob b&o"  # the start of a name is not the name: B. & O. Railroad
    assert phone_meaning(game.state, "Bob", "pay Bob 50 Alice").text == "Bob pays Alice $50 (pay)"


def test_the_meaning_is_the_ledger_s_words_and_nothing_is_written(game: Game) -> None:
    head = game.head
    meaning = phone_meaning(game.state, "Bob", "pay Alice 50")
    assert (meaning.line, meaning.text) == ("pay Bob 50 Alice", "Bob pays Alice $50 (pay)")
    assert game.head == head and game.state.cash("Bob") == 1500
    assert game.do(meaning.line).summary == meaning.text  # the same words the ledger records


@pytest.mark.parametrize(("verb", "says"), [
    ("undo", "only the banker can undo; ask the banker"),
    ("redo", "only the banker can redo; ask the banker"),
    ("clock 60", "only the banker starts or stops the game clock; ask the banker"),
])
def test_undo_redo_and_the_clock_are_the_banker_s_alone(game: Game, verb: str, says: str) -> None:
    with pytest.raises(Refusal) as refusal:
        phone_meaning(game.state, "Bob", verb)
    assert str(refusal.value) == says


def test_a_line_in_the_wrong_shape_gets_the_phone_s_usage(game: Game) -> None:
    with pytest.raises(Refusal) as refusal:
        phone_meaning(game.state, "Bob", "buy")
    assert str(refusal.value) == "on your phone write buy <deed> (you are Bob: leave your name out)"
    with pytest.raises(Refusal, match=r"pay <amount> \(to the bank\)  \|  pay <player\|pot> <amount>"):
        phone_meaning(game.state, "Bob", "pay Alice fifty")
    with pytest.raises(Refusal, match="no deed called 'Nowhere'"):  # not a shape problem: the parser's own words
        phone_meaning(game.state, "Bob", "buy Nowhere")
    with pytest.raises(Refusal, match="pay Alice 50"):  # the example names another player at this table
        phone_meaning(game.state, "Bob", "  ")


def test_a_trade_between_two_other_players_is_refused_on_a_phone(game: Game) -> None:
    """003:186: "The amount is decided by the players making the deal" — not by a third phone."""
    play(game, "buy alice boardwalk")
    with pytest.raises(Refusal) as refusal:
        phone_meaning(game.state, "Carol", "trade Alice Bob give boardwalk get $200")
    assert str(refusal.value) == (
        "\"trade between Alice and Bob: Alice hands Boardwalk to Bob; Bob pays Alice $200 (trade)\" moves "
        "Alice's and Bob's money and deeds, not yours: a phone proposes only what its owner pays, gives or gets; "
        "ask the banker")
    assert phone_meaning(game.state, "Alice", "trade Bob give boardwalk get $200").line == (
        "trade Alice Bob give boardwalk get $200")


@pytest.mark.parametrize(("who", "typed", "names"), [
    ("Carol", "collect Alice 50 Bob", "Alice's and Bob's money"),
    ("Carol", "pay Alice 50 Bob", "Alice's and Bob's money"),
    ("Bob", "go Alice", "Alice's money"),
    ("Bob", "buy Alice boardwalk", "Alice's money and deeds"),
])
def test_a_line_that_moves_only_other_players_things_is_refused(game: Game, who: str, typed: str,
                                                                 names: str) -> None:
    with pytest.raises(Refusal, match=f"moves {names}, not yours"):
        phone_meaning(game.state, who, typed)


def test_sold_from_a_phone_only_when_its_owner_wins(game: Game) -> None:
    """`sold` names no player: the events decide. The high bidder pays and takes the deed (003:151)."""
    play(game, "auction boardwalk", "bid alice 10")
    with pytest.raises(Refusal, match="moves Alice's money and deeds, not yours"):
        phone_meaning(game.state, "Bob", "sold")
    assert phone_meaning(game.state, "Alice", "sold").text == "Boardwalk sold at auction to Alice for $10"
    assert phone_meaning(game.state, "Bob", "bid 11").line == "bid Bob 11"


def test_the_owner_may_ask_for_the_rent_from_the_payer(game: Game) -> None:
    """003:83: "the owner must ask you for the rent": Bob's phone may name the payer, as Bob gets paid."""
    play(game, "buy bob boardwalk")
    meaning = phone_meaning(game.state, "Bob", "rent Alice boardwalk")
    assert (meaning.line, meaning.text) == ("rent Alice boardwalk",
                                           "Alice pays Bob $50 rent for Boardwalk (no houses)")


def test_another_player_s_move_that_moves_nothing_is_still_theirs(game: Game) -> None:
    play(game, "jail alice")
    with pytest.raises(Refusal, match="that is Alice's to propose, not yours: on your phone you are Bob"):
        phone_meaning(game.state, "Bob", "doubles Alice")
    assert phone_meaning(game.state, "Alice", "doubles").text == "Alice rolls doubles and leaves jail"


def test_an_auction_may_be_asked_for_and_the_banker_decides(game: Game) -> None:
    meaning = phone_meaning(game.state, "Bob", "auction baltic")
    assert (meaning.line, meaning.text) == ("auction baltic", "auction opened for Baltic Avenue")


def test_the_banker_sees_a_queued_line_s_meaning_or_why_it_would_be_refused_now(game: Game) -> None:
    assert meaning_now(game.state, "pay Bob 50 Alice") == "Bob pays Alice $50 (pay)"
    play(game, "buy alice boardwalk")
    assert meaning_now(game.state, "buy Bob boardwalk") == (
        "the rules would refuse it now: Boardwalk is not for sale: Alice owns it")


# -- over HTTP, against a real `banker serve` --------------------------------------------------------


@pytest.fixture
def served(game: Game) -> Iterator[Wallet]:
    server = ServeProcess(game.store.path, host="127.0.0.1", port=0)
    wallet = Wallet(server.start())
    yield wallet
    server.stop()


def seen(wallet: Wallet, wanted: Callable[[dict], bool], timeout: float = 5) -> dict:
    """The server's first document that satisfies `wanted` (its watcher polls five times a second)."""
    deadline = time.monotonic() + timeout
    while not wanted(document := wallet.document()):
        assert time.monotonic() < deadline, "the wallet server never showed it"
        time.sleep(0.05)
    return document


def synced(wallet: Wallet, game: Game) -> dict:
    """Once the server has seen the game's latest action: its checks use that state."""
    return seen(wallet, lambda document: document["head"]["events"] == game.head[0])


def test_http_pay_alice_50_from_bob_s_phone_is_bob_paying_alice(served: Wallet, game: Game) -> None:
    served.claim("Bob")
    status, body = served.meaning("Bob", "pay Alice 50")
    assert (status, body) == (200, {"line": "pay Bob 50 Alice", "meaning": "Bob pays Alice $50 (pay)"})
    assert list_pending(game.store.path) == []  # the meaning queues nothing

    status, body = served.propose("Bob", "pay Alice 50")
    assert status == 201
    proposal = body["proposal"]
    assert (proposal["player"], proposal["line"], proposal["meaning"]) == (
        "Bob", "pay Bob 50 Alice", "Bob pays Alice $50 (pay)")
    assert [p.line for p in list_pending(game.store.path)] == ["pay Bob 50 Alice"]
    document = seen(served, lambda d: any(p["id"] == proposal["id"] for p in d["proposals"]))
    waiting = next(p for p in document["proposals"] if p["id"] == proposal["id"])
    assert waiting["meaning"] == "Bob pays Alice $50 (pay)"  # the phone's own list shows it too

    decided = accept(game, proposal["id"])
    assert (decided.status, decided.outcome) == ("accepted", "Bob pays Alice $50 (pay)")
    assert (game.state.cash("Bob"), game.state.cash("Alice")) == (1450, 1550)


def test_http_a_rules_refusal_shows_at_once_and_is_not_queued(served: Wallet, game: Game) -> None:
    served.claim("Bob")
    play(game, "buy alice boardwalk")
    synced(served, game)
    head = game.head
    for ask in (served.meaning, served.propose):
        status, body = ask("Bob", "buy boardwalk")
        assert (status, body) == (422, {"error": "Boardwalk is not for sale: Alice owns it"})
    assert list_pending(game.store.path) == [] and game.head == head


def test_http_a_cross_player_line_is_refused_and_not_queued(served: Wallet, game: Game) -> None:
    served.claim("Carol")
    play(game, "buy alice boardwalk")
    synced(served, game)
    head = game.head
    for ask in (served.meaning, served.propose):
        status, body = ask("Carol", "trade Alice Bob give boardwalk get $200")
        assert status == 422 and set(body) == {"error"}
        assert "moves Alice's and Bob's money and deeds, not yours" in body["error"]
        status, body = ask("Carol", "undo")
        assert (status, body) == (422, {"error": "only the banker can undo; ask the banker"})
    assert list_pending(game.store.path) == [] and game.head == head



def test_a_phone_is_not_told_to_name_the_owner_of_a_deed_it_does_not_own(game: Game) -> None:
    """The banker's way out ("name Bob") is not the phone's: a phone speaks only for its owner."""
    game.do("buy bob boardwalk")
    with pytest.raises(Refusal) as caught:
        phone_meaning(game.state, "Alice", "mortgage boardwalk")
    assert str(caught.value) == "Boardwalk belongs to Bob, not Alice: only Bob can propose that, or trade for it first"
