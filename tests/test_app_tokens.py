"""A game that follows the tokens, played through the app's keys: the dice typed on the table roll for whoever's
roll it is, and the offers of the space reached open as `l` opens them. Checked against the ledger on disk.

Rulebooks: 003 = 003_bd567e81029bde2a.txt (US classic), 000 = 000_0633d1fb819bfb08.txt (Mega).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from app_pilot import app_for, on_disk, played_file, wait_until
from screen_host import keys
from textual.pilot import Pilot

from screens.announcement import Announcement
from screens.choice_screen import ChoiceScreen
from screens.player_card import PlayerCard
from screens.table_screen import TableScreen

PLAYERS = ("Ann", "Ben", "Cy")
SIZE = (120, 40)
FOLLOW = ("follow-tokens",)
# Sore Losers: Ann is Mr. Monopoly on Baltic Avenue, Ben stands on Vermont Avenue, and it is Cy's roll
BEN_ON_VERMONT = ["coin ann", "coin ann", "cashin ann", "roll ann 1 2", "auction baltic", "sold", "roll ben 2 2",
                  "place none", "roll ben 1 3", "auction vermont", "sold"]


async def dice(pilot: Pilot, typed: str) -> None:
    """The dice as the banker types them on the table, then enter."""
    await pilot.press(*typed)
    await keys(pilot, "enter")


@pytest.mark.asyncio
async def test_the_table_behind_a_rolls_dialog_is_drawn_once_the_dialog_is_up(tmp_path: Path) -> None:
    """A roll whose dialog comes next draws the table (hidden behind the dialog) after the dialog's first frame:
    it is drawn all the same, so what shows when the dialog closes is the table as it stands."""
    path = played_file(tmp_path / "roll.db", "classic-us", PLAYERS, [], FOLLOW)
    app = app_for(path)
    async with app.run_test(size=SIZE) as pilot:
        table = app.screen
        await dice(pilot, "14")  # Ann: GO + 5 = Reading Railroad, for sale
        await wait_until(pilot, lambda: isinstance(app.screen, ChoiceScreen), "the for-sale dialog")
        card = next(card for card in table.query(PlayerCard) if card.player == "Ann")
        await wait_until(pilot, lambda: "Reading Railroad" in str(card.query_one(".marks").render()),
                         "Ann's card drawn behind the dialog")
        assert str(table.query_one(Announcement).words).startswith("Ann rolls 1 and 4")


@pytest.mark.asyncio
async def test_typed_dice_move_the_token_and_open_the_offers_of_the_space(tmp_path: Path) -> None:
    path = played_file(tmp_path / "roll.db", "classic-us", PLAYERS, [], FOLLOW)
    app = app_for(path)
    async with app.run_test(size=SIZE) as pilot:
        await dice(pilot, "14")  # Ann: GO + 5 = Reading Railroad, for sale
        # issue 27: "A decision opens its dialog with only its choices: buy or auction"
        assert isinstance(app.screen, ChoiceScreen)
        assert app.screen.title_text == "Ann (rolled 5) lands on Reading Railroad · Ann has $1,500"
        labels = [choice.label for choice in app.screen.choices]
        assert [label.split(" (")[0] for label in labels] == ["buy Reading Railroad for $200",
                                                               "auction Reading Railroad"]
        await keys(pilot, "1")  # buy it
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen) and app.current_player == "Ben")
        await dice(pilot, "3 3")  # Ben: doubles to Vermont Avenue; he rolls again
        await keys(pilot, "escape")
        await wait_until(pilot, lambda: app.current_player == "Ben")
    with on_disk(path) as game:
        assert game.state.deeds["Reading Railroad"].owner == "Ann" and game.state.cash("Ann") == 1300
        assert game.state.position("Ben") == 6 and game.state_json()["roll"] == "Ben"


@pytest.mark.asyncio
async def test_a_roll_passing_go_pays_the_salary_with_no_key_pressed(tmp_path: Path) -> None:
    # 003: "Each time a player's token lands on or passes over GO ... the Banker pays that player a $200 salary"
    path = played_file(tmp_path / "go.db", "classic-us", PLAYERS, ["move ann 38 fix"], FOLLOW)
    app = app_for(path)
    async with app.run_test(size=SIZE) as pilot:
        await dice(pilot, "12")  # GO is passed; Mediterranean Avenue is for sale
        await keys(pilot, "escape")
        assert "on Mediterranean Avenue" in str(app.screen.query_one("#card-0 .marks").render())
    with on_disk(path) as game:
        assert game.state.cash("Ann") == 1700 and game.state.position("Ann") == 1


@pytest.mark.asyncio
async def test_dice_out_of_turn_are_refused_and_the_dice_typed_for_the_roller(tmp_path: Path) -> None:
    path = played_file(tmp_path / "turn.db", "classic-us", PLAYERS, [], FOLLOW)
    app = app_for(path)
    async with app.run_test(size=SIZE) as pilot:
        await keys(pilot, "colon")
        await pilot.press(*"roll ben 3 4")
        await keys(pilot, "enter")
        await wait_until(pilot, lambda: any("it is Ann's roll, not Ben's" in n.message for n in app.toasts_up()))
    with on_disk(path) as game:
        assert game.head[0] == 1


@pytest.mark.asyncio
async def test_mega_dice_with_mr_monopoly_charge_the_rent_then_open_the_next_landing(tmp_path: Path) -> None:
    # 000:56 "Move the sum of the white dice ... take the action for the space you land on. Then advance to the next
    # unowned property"; issue 25: the rent the landing makes certain is charged by the roll, nothing asked
    path = played_file(tmp_path / "mega.db", "mega", PLAYERS, ["buy ben baltic"], FOLLOW)
    app = app_for(path)
    async with app.run_test(size=SIZE) as pilot:
        await dice(pilot, "12mr")  # Baltic Avenue (Ben's: rent in the roll), then on to Arctic Avenue (for sale)
        assert app.screen.title_text == "Ann (speed die: Mr. Monopoly) lands on Arctic Avenue · Ann has $2,496"
        await keys(pilot, "1")  # buy it
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen))
    with on_disk(path) as game:
        assert game.state.position("Ann") == 4 and game.state.deeds["Arctic Avenue"].owner == "Ann"
        assert game.state.cash("Ben") == 2500 - 60 + 4  # Baltic Avenue unimproved, not a whole group


@pytest.mark.parametrize("size", [(120, 40), (80, 24)], ids=["120x40", "80x24"])
def test_table_with_tokens_followed(snap_compare: Any, tmp_path: Path, size: tuple[int, int]) -> None:
    path = played_file(tmp_path / "snap.db", "classic-us", PLAYERS,
                       ["roll ann 1 4", "buy ann reading", "roll ben 3 3", "auction oriental", "sold",
                        "roll ben 2 1", "auction connecticut", "sold"], FOLLOW)
    assert snap_compare(app_for(path), terminal_size=size)


@pytest.mark.asyncio
async def test_sore_losers_mr_monopoly_rolling_onto_a_token_offers_the_trap(tmp_path: Path) -> None:
    # 001: Mr. Monopoly landing on another player's space traps them
    lines = BEN_ON_VERMONT + ["roll cy 1 2", "auction baltic", "sold"]
    path = played_file(tmp_path / "trap.db", "sore-losers", PLAYERS, lines, FOLLOW)
    app = app_for(path)
    async with app.run_test(size=SIZE) as pilot:
        await dice(pilot, "23")  # Ann (Mr. Monopoly) ends on Vermont Avenue, where Ben stands
        assert app.screen.title_text == "Mr. Monopoly (Ann) traps Ben: steal a deed?"
        await keys(pilot, "1")
    with on_disk(path) as game:
        assert "Ben" in game.state.trapped


@pytest.mark.asyncio
async def test_mr_monopoly_landing_on_two_players_asks_which_one_he_traps(tmp_path: Path) -> None:
    # 001:33 "put the MR. MONOPOLY token on top of their token": one player; issue 36: with Ben and Cy both on
    # Vermont Avenue the trap went to Ben, the first, with nothing asked
    lines = BEN_ON_VERMONT + ["roll cy 3 5", "auction vermont", "sold"]  # Cy joins Ben there
    path = played_file(tmp_path / "trap.db", "sore-losers", PLAYERS, lines, FOLLOW)
    app = app_for(path)
    async with app.run_test(size=SIZE) as pilot:
        await dice(pilot, "23")  # Ann (Mr. Monopoly) ends on Vermont Avenue, where Ben and Cy stand
        await wait_until(pilot, lambda: isinstance(app.screen, ChoiceScreen))
        assert app.screen.title_text == "Mr. Monopoly (Ann) lands on Ben and Cy on Vermont Avenue: trap whom?"
        assert [(ch.number, ch.label) for ch in app.screen.choices] == [(2, "trap Ben"), (3, "trap Cy")]
        await keys(pilot, "3")  # Cy's seat
        await wait_until(pilot, lambda: app.screen.title_text == "Mr. Monopoly (Ann) traps Cy: steal a deed?")
        await keys(pilot, "1")
    with on_disk(path) as game:
        assert game.state.trapped == {"Cy"}


@pytest.mark.asyncio
async def test_sore_losers_doubles_with_a_mr_monopoly_open_the_free_house(tmp_path: Path) -> None:
    # 001:32 "whenever any player, including you, rolls doubles, place one free House on any street"
    lines = ["coin ann", "coin ann", "cashin ann", "roll ann 1 2", "auction baltic", "sold"]
    path = played_file(tmp_path / "free-house.db", "sore-losers", PLAYERS, lines, FOLLOW)
    app = app_for(path)
    async with app.run_test(size=SIZE) as pilot:
        await dice(pilot, "55")  # Ben: doubles to Just Visiting, while Ann is Mr. Monopoly
        assert isinstance(app.screen, ChoiceScreen)
        assert app.screen.title_text == "Doubles: a free house on which street?"
        labels = [choice.label for choice in app.screen.choices]
        assert labels[0].startswith("Mediterranean Avenue") and "no free house for these doubles" in labels
        await keys(pilot, "n", "o", "space", "f", "r", "e", "e", "enter")  # the table places none
        assert isinstance(app.screen, TableScreen)
    with on_disk(path) as game:
        assert game.state.waiting == () and game.state.bank_houses == 32


@pytest.mark.asyncio
async def test_triples_ask_where_the_token_goes_then_open_that_space(tmp_path: Path) -> None:
    # 000:62 "If you roll TRIPLE 1's, 2's, or 3's, move ahead to ANY space on the board"; issue 27: only legal spaces
    path = played_file(tmp_path / "triples.db", "mega", PLAYERS, [], FOLLOW)
    app = app_for(path)
    async with app.run_test(size=SIZE) as pilot:
        await dice(pilot, "222")
        assert app.screen.title_text == "Ann rolled triples: where does the token go?"
        assert len(app.screen.choices) == len(app.game.state.edition.spaces) - 1
        await keys(pilot, "3")  # row 3 at once (of 51: 30-39 are typed #30 and so on): Baltic Avenue, for sale
        await wait_until(pilot, lambda: "Baltic Avenue" in app.screen.title_text)
    with on_disk(path) as game:
        assert game.state.position("Ann") == 3 and game.state_json()["waiting"][0]["kind"] == "buy-or-auction"


@pytest.mark.asyncio
async def test_a_ride_offers_only_the_spaces_ahead_on_the_same_side(tmp_path: Path) -> None:
    # 000:80 "move forward to any space on the same side of the board"
    path = played_file(tmp_path / "ride.db", "mega", PLAYERS, ["ticket ann", "move ann 9 fix"], FOLLOW)
    app = app_for(path)
    async with app.run_test(size=SIZE) as pilot:
        await keys(pilot, "h", "1")  # Ann's holdings
        labels = [choice.label for choice in app.screen.choices]
        await keys(pilot, str(next(i for i, label in enumerate(labels, 1) if label.startswith("ride"))))
        await wait_until(pilot, lambda: app.screen.title_text.startswith("Where does Ann's bus ticket go?"))
        assert [choice.value for choice in app.screen.choices] == [10, 11, 12, 13]
        await keys(pilot, "number_sign", "1", "3", "enter")  # a row is picked by its space's number: 13, Jail
    with on_disk(path) as game:
        assert game.state.position("Ann") == 13 and game.state.count("bus_ticket", "Ann") == 0


@pytest.mark.asyncio
async def test_the_next_landing_opens_after_the_auction_is_closed_from_the_table_after_the_sale(tmp_path: Path) -> None:
    # issue 27: Mega's Mr. Monopoly move waits for the white dice's space; its landing opens only once the auction
    # of that space is closed, and is built from the table after the sale
    path = played_file(tmp_path / "sale.db", "mega", PLAYERS, [], FOLLOW)
    app = app_for(path)
    async with app.run_test(size=SIZE) as pilot:
        await dice(pilot, "12mr")  # Baltic Avenue is for sale; the Mr. Monopoly move waits for it
        assert app.screen.title_text == "Ann (rolled 3) lands on Baltic Avenue · Ann has $2,500"
        labels = [choice.label for choice in app.screen.choices]
        await keys(pilot, str(next(i for i, label in enumerate(labels, 1) if label.startswith("auction"))))
        await wait_until(pilot, lambda: type(app.screen).__name__ == "AuctionScreen")
        await keys(pilot, "s")  # sold, no bid: Baltic stays with the bank, and Mr. Monopoly moves on
        await pilot.pause()
        assert app.screen.title_text == "Ann on Arctic Avenue: buy or auction · Ann has $2,500"
    with on_disk(path) as game:
        assert game.state.position("Ann") == 4 and game.state.deeds["Baltic Avenue"].owner == "bank"


@pytest.mark.asyncio
async def test_the_card_drawn_is_found_by_typing_its_words(tmp_path: Path) -> None:
    # issue 27: "which card, searchable by typing ('hosp' finds Pay hospital fees)"
    path = played_file(tmp_path / "card.db", "classic-us", PLAYERS, [], FOLLOW)
    app = app_for(path)
    async with app.run_test(size=SIZE) as pilot:
        await dice(pilot, "11")  # Ann: Community Chest; the card drawn is asked at once
        assert app.screen.title_text.startswith("Community Chest: which card")
        await pilot.press(*"hosp")
        await keys(pilot, "enter")
    with on_disk(path) as game:
        assert game.state.cash("Ann") == 1500 - 100


@pytest.mark.asyncio
async def test_a_speed_die_typed_before_passing_go_is_ignored_with_a_toast_saying_so(tmp_path: Path) -> None:
    # 002:10 "Do not use the Speed Die until you pass GO for the first time": `342` is taken as `34` (issue 36)
    path = played_file(tmp_path / "speed.db", "classic-us", PLAYERS, [], ("speed-die", *FOLLOW))
    app = app_for(path)
    async with app.run_test(size=SIZE) as pilot:
        await dice(pilot, "342")  # Ann: GO + 7 = Chance; the 2 is left out
        said = "the speed die is not used before Ann has passed GO (002:10): ignored (it showed 2)"
        await wait_until(pilot, lambda: any(n.message == said and n.title == "Rule" for n in app.toasts_up()))
        assert not any("joins once" in n.message for n in app.toasts_up()), "not refused"
        await keys(pilot, "escape")
    with on_disk(path) as game:
        assert game.state.position("Ann") == 7 and game.state_json()["roll"] == "Ben"
        assert [w.kind for w in game.state.waiting] == ["card"]


@pytest.mark.asyncio
async def test_mr_monopoly_on_chance_is_offered_no_trap_of_the_players_on_go(tmp_path: Path) -> None:
    # 001:33 "when you land on the same space as another player": Ann (Mr. Monopoly) on Chance, Ben and Cy on GO
    # (issue 36: the landing dialog offered to trap both)
    path = played_file(tmp_path / "trap.db", "sore-losers", PLAYERS, ["coin ann", "coin ann", "cashin ann"], FOLLOW)
    app = app_for(path)
    async with app.run_test(size=SIZE) as pilot:
        await dice(pilot, "34")
        await wait_until(pilot, lambda: isinstance(app.screen, ChoiceScreen))
        labels = [choice.label for choice in app.screen.choices]  # type: ignore[attr-defined]
        assert not [label for label in labels if "trap" in label], labels
        await keys(pilot, "escape")
    with on_disk(path) as game:
        assert game.state.trapped == set() and [w.kind for w in game.state.waiting] == ["card"]


@pytest.mark.asyncio
async def test_a_refused_choice_says_its_refusal_once(tmp_path: Path) -> None:
    # 001:31 Mr. Monopoly on Go To Jail sends another player; Ben in jail already is greyed, the reason said once
    path = played_file(tmp_path / "send.db", "sore-losers", PLAYERS,
                       ["jail ben", "coin ann", "coin ann", "cashin ann", "move ann 27 fix"], FOLLOW)
    app = app_for(path)
    async with app.run_test(size=SIZE) as pilot:
        await dice(pilot, "12")  # Ann on Go To Jail
        await wait_until(pilot, lambda: isinstance(app.screen, ChoiceScreen))
        ben = next(ch for ch in app.screen.choices if "Ben" in ch.label)  # type: ignore[attr-defined]
        assert ben.refusal and ben.refusal not in ben.label, ben
        await keys(pilot, "escape")
