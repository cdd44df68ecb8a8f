"""Everyday money at the table: payments, GO, taxes, cards, jail and the pot."""

from __future__ import annotations

from editions import Card

from .. import commands as c
from .. import events as ev
from ..errors import Refusal
from ..events import BANK, POT
from ..state import HOTEL, SKYSCRAPER, GameState
from .awards import award_refusal, awards
from .checks import auction_open, not_in_notes, not_playing, refuse_if, same_player
from .debts import record_or_pay
from .money import legs, pay, short_of_cash
from .rent import Charge, plural, rent_charge

DECK_NAMES = {"chance": "Chance", "community_chest": "Community Chest"}


def payment(state: GameState, cmd: c.Pay) -> list[ev.Event]:
    refuse_if(auction_open(state))
    if cmd.payer == cmd.payee:
        raise Refusal(f"{cmd.payer} cannot pay themselves; name someone else")
    refuse_if(not_playing(state, cmd.payer), not_playing(state, cmd.payee), not_in_notes(state, cmd.amount))
    if cmd.payer == POT and cmd.amount > state.cash(POT):
        raise Refusal(f"the pot holds only {state.edition.money(state.cash(POT))}; take at most that")
    leg = pay(state, cmd.payer, cmd.payee, cmd.amount, f"paying {cmd.payee}")
    return [ev.CashPaid(cmd.memo, transfers=(leg,))]


def salary(state: GameState, cmd: c.Salary) -> list[ev.Event]:
    """GO's salary; in Monopoly City a stadium owner takes its bonus per stadium on top (004), as its own leg."""
    refuse_if(auction_open(state), not_playing(state, cmd.player), salary_refusal(state, cmd))
    paid = ev.Transfer(BANK, cmd.player, state.edition.go_salary)
    if not stadiums_of(state, cmd.player):  # the salary is all there is (an edition may make it 0: no leg)
        return [ev.SalaryCollected(cmd.player, "", transfers=(paid,) if paid.amount else ())]
    if cmd.by_token and state.position(cmd.player) == 0 and STADIUM_PASSING_ONLY in state.house_rules:
        return [ev.SalaryCollected(cmd.player, LANDED_ON_GO, transfers=(paid,))]
    return [ev.SalaryCollected(cmd.player, salary_basis(state, cmd.player),
                               transfers=legs(paid, stadium_bonus(state, cmd.player)))]


def salary_refusal(state: GameState, cmd: c.Salary) -> str | None:
    """003:114: no salary for a token in jail. 003:65: in a game that follows the tokens Banker pays GO with the
    move that passes it, so the banker's own `go` would pay it twice."""
    player = cmd.player
    if player in state.in_jail:
        return (f"{player} is in jail, and a player in jail collects no GO salary; once out (bail, usecard, or "
                f"doubles) the move that passes GO pays it")
    if state.tokens is not None and not cmd.by_token:
        return ("Banker pays GO itself when a token passes it in a game that follows the tokens; to correct the "
                f"ledger use pay/collect (collect {player} {state.edition.money(state.edition.go_salary)})")
    return None


def salary_basis(state: GameState, player: str, salary: int | None = None) -> str:
    """ "M2m salary + 1 stadium × M1m" when stadiums add to the salary; empty when the salary is all there is."""
    stadiums = stadiums_of(state, player)
    if not stadiums or not state.edition.stadium_go_bonus:
        return ""
    money = state.edition.money
    salary = state.edition.go_salary if salary is None else salary
    return f"{money(salary)} salary + {plural(stadiums, 'stadium')} × {money(state.edition.stadium_go_bonus)}"


STADIUM_PASSING_ONLY = "stadium-passing-only"  # the house rule: 004:201 "every time you pass GO", word for word
LANDED_ON_GO = "stadiums pay for passing GO only, a house rule"


def stadium_bonus(state: GameState, player: str) -> ev.Transfer:
    """004: "Collect M1m per stadium you own every time you pass GO" (zero without stadiums: no leg)."""
    return ev.Transfer(BANK, player, stadiums_of(state, player) * state.edition.stadium_go_bonus)


def stadiums_of(state: GameState, player: str) -> int:
    """The stadiums a player owns. The bank's supply counts the stadiums not on the board, so while it holds every
    one there is none to count (no walk of every deed at each GO before the first is built)."""
    if state.supply.get("stadiums", 0) >= state.edition.stadiums:
        return 0
    return sum(1 for d in state.deeds_of(player) if state.deeds[d].stadium)


def tax(state: GameState, cmd: c.Tax) -> list[ev.Event]:
    """The amount on the space, to the bank (or the pot); Mr. Monopoly collects it from the bank instead (001)."""
    refuse_if(auction_open(state), not_playing(state, cmd.player))
    space = next(s for s in state.edition.spaces if s.name == cmd.space)
    if space.type == "industry_tax" and not any(state.deeds[d].industrial for d in state.deeds_of(cmd.player)):
        raise Refusal(f"{cmd.player} owns no industrial blocks, so {cmd.space} costs nothing; carry on")
    charge = tax_charge(state, cmd.player, cmd.space)
    if cmd.player == state.mr_monopoly:
        return [ev.TaxCollected(cmd.player, cmd.space, charge.basis,
                                transfers=(ev.Transfer(BANK, cmd.player, charge.amount),))]
    leg = pay(state, cmd.player, state.fee_account, charge.amount, cmd.space)
    return [ev.TaxPaid(cmd.player, cmd.space, charge.basis, transfers=(leg,)), *awards(state, "tax", cmd.player)]


def tax_charge(state: GameState, player: str, space_name: str) -> Charge:
    """A tax or bill space costs the amount shown on it (City's Industry Tax: only with industrial blocks)."""
    space = next(s for s in state.edition.spaces if s.name == space_name)
    if space.type == "industry_tax":
        return Charge(space.amount, f"the amount shown on the space; {player} owns industrial blocks")
    return Charge(space.amount, "the amount shown on the space")


def jail_card_holder(state: GameState, deck: str) -> str | None:
    return next((p for p, decks in state.jail_cards.items() if deck in decks), None)


def draw_card(state: GameState, cmd: c.DrawCard) -> list[ev.Event]:
    """A card's money, fixed when it is drawn: what the player cannot pay from cash is recorded as a debt (a
    repairs card on the buildings held at the draw), and GO's salary comes before the rent a card moves to."""
    refuse_if(auction_open(state), not_playing(state, cmd.player))
    card = next(k for k in state.edition.cards if k.deck == cmd.deck and k.key == cmd.key)
    player, fees = cmd.player, state.fee_account
    transfers: list[ev.Transfer] = []
    debts: list[ev.Event] = []
    bases: list[str] = []
    why = f"the card \"{card.title}\""
    moves_on = card.effect in {"advance", "advance_nearest"} and not card.amount
    if cmd.passed_go and moves_on:  # GO is passed on the way: paid before the rent at the end of the move
        transfers += [ev.Transfer(BANK, player, state.edition.go_salary), stadium_bonus(state, player)]
        bases.append(": ".join(filter(None, ("passed GO", salary_basis(state, player)))))
    elif cmd.passed_go:
        raise Refusal(f"{why} does not pass GO; leave out `go`")

    def owe(payer: str, payee: str, amount: int) -> None:
        paid = record_or_pay(state, payer, payee, amount, why)
        (transfers if isinstance(paid, ev.Transfer) else debts).append(paid)  # type: ignore[arg-type]

    if card.effect == "collect":
        transfers.append(ev.Transfer(BANK, player, card.amount))
    elif card.effect == "pay":
        owe(player, fees, card.amount)
    elif card.effect == "pay_each_player":
        others = [p for p in state.active_players if p != player]
        if card.amount * len(others) <= state.cash(player):
            transfers += [ev.Transfer(player, p, card.amount) for p in others]
        else:
            debts += [ev.DebtRecorded(player, p, card.amount, why) for p in others]
    elif card.effect == "collect_each_player":
        others = [p for p in state.active_players if p != player]
        for other in others:
            owe(other, player, card.amount)
    elif card.effect == "repairs":
        repairs = repairs_charge(state, player, card)
        bases.append(repairs.basis)
        if repairs.amount:
            owe(player, fees, repairs.amount)
    elif card.effect == "jail_free":
        holder = jail_card_holder(state, card.deck)
        if holder:
            raise Refusal(f"the {DECK_NAMES[card.deck]} Get Out of Jail Free card is held by {holder}, "
                          "so it cannot be drawn; check the deck")
    elif card.effect == "jail" and player in state.in_jail:
        raise Refusal(f"{player} is already in jail")
    elif card.effect == "jail" and player == state.mr_monopoly:
        raise Refusal(f"{player} is Mr. Monopoly and sends another player to jail instead: jail {player} <player>")
    elif card.effect == "advance":
        if card.amount:
            transfers.append(ev.Transfer(BANK, player, card.amount))
        to_go = card.amount and card.target == state.edition.spaces[0].name
        if to_go and STADIUM_PASSING_ONLY in state.house_rules and stadiums_of(state, player):
            bases.append(LANDED_ON_GO)  # the card lands the token on GO: the wages only
        elif to_go:  # Advance to GO: the stadiums pay too (landing on GO counts as passing it, 003:65)
            transfers.append(stadium_bonus(state, player))
            bases.append(salary_basis(state, player, card.amount))
    elif card.effect == "advance_nearest":
        paying = state.copy(parts=())  # the rent is paid with the salary of the GO just passed
        for leg in transfers:
            paying.accounts[leg.payee] += leg.amount
            paying.accounts[leg.payer] -= leg.amount
        rent, rent_basis = _nearest_rent(paying, cmd, card.kind, card.rent_multiplier, card.dice_multiplier, why)
        for owed in rent:  # beyond the cash (the salary of the GO passed counted): a debt, the token still moves
            (transfers if isinstance(owed, ev.Transfer) else debts).append(owed)  # type: ignore[arg-type]
        bases.append(rent_basis)
    if cmd.deed and card.effect != "advance_nearest":
        raise Refusal(f"{why} does not take a deed; leave out {cmd.deed!r}")
    earned: list[ev.Event] = []
    if card.effect == "advance_nearest":  # 001: a coin each time you pay rent, by card too
        earned += [award for leg in rent if isinstance(leg, ev.Transfer) for award in awards(state, "rent", leg.payer)]
    if card.effect == "jail":
        earned += awards(state, "jail", player)
    for key in (k.key for k in state.edition.holdings.values() if k.awarded_for and card.coins):
        if award_refusal(state, key, player) is None:
            earned.append(ev.HoldingMoved(key, BANK, player, 1, "the card says so"))
    return [ev.CardDrawn(player, card.deck, card.key, card.title, cmd.passed_go, cmd.deed,
                         "; ".join(filter(None, bases)), transfers=legs(*transfers)), *debts, *earned]


def repairs_cost(state: GameState, player: str, card: Card) -> int:
    """What a repairs card costs the player now (its basis: `repairs_charge`)."""
    return repairs_charge(state, player, card).amount


def repairs_charge(state: GameState, player: str, card: Card) -> Charge:
    """A repairs card: so much per house, hotel, skyscraper and depot the player has ("4 houses × $25")."""
    counts = dict.fromkeys(("house", "hotel", "skyscraper", "depot"), 0)
    for deed in state.deeds_of(player):
        holding = state.deeds[deed]
        if holding.level == SKYSCRAPER:
            counts["skyscraper"] += 1
        elif holding.level == HOTEL:
            counts["hotel"] += 1
        else:
            counts["house"] += holding.level
        counts["depot"] += holding.depot
    rates = {"house": card.per_house, "hotel": card.per_hotel, "skyscraper": card.per_skyscraper,
             "depot": card.per_depot}
    money = state.edition.money
    basis = ", ".join(f"{plural(n, piece)} × {money(rates[piece])}" for piece, n in counts.items() if n)
    return Charge(sum(n * rates[piece] for piece, n in counts.items()), basis or "no buildings")


def _short(state: GameState, player: str, amount: int, why: str) -> str | None:
    return short_of_cash(state, player, amount, why)


def _nearest_rent(state: GameState, cmd: c.DrawCard, kind: str, rent_multiplier: int,
                  dice_multiplier: int, why: str) -> tuple[list[ev.Transfer | ev.Event], str]:
    word = state.edition.term(kind)
    if not cmd.deed or state.deed(cmd.deed).kind != kind:
        raise Refusal(f"say which {word} is nearest: card {cmd.player} {cmd.key} <{word}>"
                      + (" <dice total>" if kind == "utility" else ""))
    holding = state.deeds[cmd.deed]
    if holding.owner in (BANK, cmd.player) or holding.mortgaged or holding.owner in state.bankrupt:
        return [], ""
    if kind == "utility" and cmd.dice is None:
        raise Refusal(f"{cmd.deed} is owned: roll the dice and add the total: "
                      f"card {cmd.player} {cmd.key} \"{cmd.deed}\" <dice total>")
    rent = rent_charge(state, cmd.deed, cmd.dice, rent_multiplier, dice_multiplier)
    if cmd.player == state.mr_monopoly:  # 001: rent turns around for Mr. Monopoly, a card's rent too
        owed = record_or_pay(state, holding.owner, cmd.player, rent.amount, f"{why}, turned around for Mr. Monopoly")
        return [owed], f"{rent.basis}; Mr. Monopoly collects"
    return [record_or_pay(state, cmd.player, holding.owner, rent.amount, why)], rent.basis


def go_to_jail(state: GameState, cmd: c.GoToJail) -> list[ev.Event]:
    """Jail, with the coin going to jail earns; Mr. Monopoly sends another player instead (001)."""
    refuse_if(auction_open(state), not_playing(state, cmd.player))
    player = cmd.player
    if cmd.instead:
        if cmd.player != state.mr_monopoly:
            raise Refusal(f"only Mr. Monopoly sends someone else to jail; write `jail {cmd.player}`")
        refuse_if(not_playing(state, cmd.instead), same_player(cmd.player, cmd.instead, "send"))
        player = cmd.instead
    elif cmd.player == state.mr_monopoly:
        raise Refusal(f"{cmd.player} is Mr. Monopoly and sends another player to jail instead: "
                      f"jail {cmd.player} <player>")
    if player in state.in_jail:
        raise Refusal(f"{player} is already in jail")
    return [ev.JailEntered(player, keeps_turn=bool(cmd.instead)), *awards(state, "jail", player)]


def _in_jail(state: GameState, player: str) -> str | None:
    return None if player in state.in_jail else f"{player} is not in jail"


def bail(state: GameState, cmd: c.Bail) -> list[ev.Event]:
    refuse_if(auction_open(state), not_playing(state, cmd.player), _in_jail(state, cmd.player))
    leg = pay(state, cmd.player, state.fee_account, state.edition.jail_fine, "the jail fine")
    return [ev.JailLeft(cmd.player, "bail", transfers=(leg,))]


def use_jail_card(state: GameState, cmd: c.UseJailCard) -> list[ev.Event]:
    refuse_if(auction_open(state), not_playing(state, cmd.player), _in_jail(state, cmd.player))
    held = state.jail_cards[cmd.player]
    if not held:
        raise Refusal(f"{cmd.player} holds no Get Out of Jail Free card; `bail {cmd.player}` pays the fine")
    if cmd.deck and cmd.deck not in held:
        raise Refusal(f"{cmd.player} holds no {DECK_NAMES[cmd.deck]} Get Out of Jail Free card")
    return [ev.JailLeft(cmd.player, "card", cmd.deck or held[0])]


def rolled_out_refusal(state: GameState, player: str) -> str | None:
    """001:348 "Roll doubles ... you're free! Use the roll to move, and that's the end of your turn" (000:168 "you
    do not take another turn"): where Banker follows the tokens, the doubles are the roll itself. `doubles` then
    `roll` would make one throw two, the second keeping the turn as doubles out of jail."""
    if state.tokens is None:
        return None
    return (f"Banker follows the tokens here: type the doubles as the roll, roll {player} <die> <die>; "
            "doubles leave jail, move the token and end the turn (001:348)")


def rolled_out(state: GameState, cmd: c.RolledOut) -> list[ev.Event]:
    refuse_if(auction_open(state), not_playing(state, cmd.player), _in_jail(state, cmd.player),
              rolled_out_refusal(state, cmd.player))
    return [ev.JailLeft(cmd.player, "doubles")]


def collect_pot(state: GameState, cmd: c.CollectPot) -> list[ev.Event]:
    refuse_if(auction_open(state), not_playing(state, cmd.player))
    if not state.free_parking:
        raise Refusal("this game has no Free Parking jackpot (house rule off at game creation)")
    if state.cash(POT) == 0:
        raise Refusal("the Free Parking pot is empty; there is nothing to collect")
    return [ev.PotCollected(cmd.player, transfers=(ev.Transfer(POT, cmd.player, state.cash(POT)),))]
