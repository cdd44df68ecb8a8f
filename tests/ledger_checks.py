"""Checks shared by the reliability tests: the table's invariants and the ledger read afresh.

Not a test module: the random-play, crash, fuzz and two-writer tests import it so
they all judge a game by the same rules. Every check holds for every edition
(classic, Mega, Sore Losers...): what differs between editions is read from the
edition data (its supplies, holdings and switches), never from its name.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Any

from banker import events as ev
from banker.fold import apply_in_place, fold, start, take_marker
from banker.ledger import LedgerStore, Record, decode_records
from banker.rules.coins import CASH_IN
from banker.rules.districts import SPINS
from banker.state import HOTEL, SKYSCRAPER, GameState, pieces
from editions import Card


def full_state(state: GameState) -> dict[str, Any]:
    """Everything the fold decides, including what `to_json` leaves out (bank cash, card decks, the auction queue).

    Every field of the state but its edition, read generically: a field an edition adds is compared too.
    """
    return {name: _plain(getattr(state, name)) for name in _field_names(GameState) if name != "edition"}


@cache
def _field_names(cls: type) -> tuple[str, ...]:
    return tuple(f.name for f in dataclasses.fields(cls))


_ATOMIC = frozenset({str, int, bool, float, type(None)})


@cache
def _frozen(cls: type) -> bool:
    return dataclasses.is_dataclass(cls) and cls.__dataclass_params__.frozen  # type: ignore[attr-defined]


def _plain(value: Any) -> Any:
    """A value as plain comparable data: sets sorted, containers and mutable dataclasses copied.

    Frozen dataclasses (a deed's Holding) are kept as they are: they compare field by field and never change.
    """
    kind = type(value)
    if kind in _ATOMIC or _frozen(kind):
        return value
    if kind is dict:
        return {key: item if type(item) in _ATOMIC or _frozen(type(item)) else _plain(item)
                for key, item in value.items()}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return (type(value).__name__, *(_plain(getattr(value, name)) for name in _field_names(type(value))))
    if isinstance(value, dict):
        return {key: _plain(item) for key, item in value.items()}
    if isinstance(value, (set, frozenset)):
        return sorted(value, key=repr)
    if isinstance(value, (list, tuple)):
        return [_plain(item) for item in value]
    return value


def top_level(state: GameState, deed: str) -> int:
    """The highest building level a deed of this edition takes: a skyscraper where it has a cost, else a hotel."""
    return SKYSCRAPER if state.deed(deed).skyscraper_cost else HOTEL


def table_problems(state: GameState) -> list[str]:
    """Every way the table breaks the bank's invariants (empty when the books hold)."""
    problems: list[str] = []
    edition = state.edition
    if sum(state.accounts.values()) != 0:
        problems.append(f"accounts sum to {sum(state.accounts.values())}, not zero")
    for account, cash in state.accounts.items():
        if account != ev.BANK and cash < 0:
            problems.append(f"{account} holds {cash}, below zero")
    if set(state.deeds) != set(edition.deeds):
        problems.append("the deeds on the table are not the edition's deeds")
    shown = state.to_json()
    problems += _deed_problems(state)
    problems += _building_supply_problems(state)
    problems += _holding_problems(state, shown)
    problems += _sore_losers_problems(state)
    problems += _city_problems(state)
    problems += token_problems(state, shown)
    listed = [p["name"] for player in shown["players"] for p in player["properties"]]
    if len(listed) != len(set(listed)):
        problems.append(f"a deed is listed under two players: {sorted(listed)}")
    for player in shown["players"]:
        for prop in player["properties"]:
            kinds = [prop["houses"] > 0, prop["hotel"], prop.get("skyscraper", False)]
            if sum(kinds) > 1:
                problems.append(f"{prop['name']} shows more than one kind of building: {prop}")
    for player in state.bankrupt:
        if state.accounts[player] or state.deeds_of(player) or state.jail_cards[player]:
            problems.append(f"{player} is bankrupt but still holds cash, deeds or cards")
        if any(counts.get(player) for counts in state.held.values()):
            problems.append(f"{player} is bankrupt but still holds {state.held}")
    held = [deck for decks in state.jail_cards.values() for deck in decks]
    if len(held) != len(set(held)):
        problems.append(f"a Get Out of Jail Free card is held twice: {held}")
    return problems


def _deed_problems(state: GameState) -> list[str]:
    """Each deed alone, then each built-on group: who may hold buildings where, and how even they stand."""
    problems: list[str] = []
    edition = state.edition
    owners = {ev.BANK, *state.players}
    for name, holding in state.deeds.items():
        kind = state.deed(name).kind
        if holding.owner not in owners:
            problems.append(f"{name} is held by {holding.owner!r}, neither the bank nor a player")
        if not 0 <= holding.level <= top_level(state, name):
            problems.append(f"{name} has building level {holding.level}")
        if holding.level and kind != "street" and not (edition.max_blocks and holding.level == SKYSCRAPER):
            problems.append(f"{name} has buildings but is a {kind}")
        if holding.improved and holding.owner == ev.BANK and edition.sell_buildings:
            problems.append(f"{name} has buildings or a depot but the bank holds it")
        if holding.level and holding.mortgaged and edition.sell_buildings:  # else they stay (001: mortgage allowed)
            problems.append(f"{name} is mortgaged with buildings on it")
        if holding.depot and (kind != "railroad" or not edition.has_depots):
            problems.append(f"{name} has a train depot but is a {kind} of {edition.id}")
        if holding.depot and holding.mortgaged:
            problems.append(f"{name} is mortgaged with a train depot on it")
    if not edition.sell_buildings:
        return problems  # buildings stay where they stand (Sore Losers): no group rule holds after a steal
    for name, holding in state.deeds.items():
        if not holding.level:
            continue
        group = state.group(name)
        owned = sum(state.deeds[d].owner == holding.owner for d in group)
        builders = {state.deeds[d].owner for d in group if state.deeds[d].level}
        if len(builders) > 1:
            problems.append(f"{name}'s group has buildings of several players: {sorted(builders)}")
        if holding.level == SKYSCRAPER and owned < len(group):
            problems.append(f"{name} has a skyscraper but {holding.owner} does not hold all of {group}")
        if edition.build_needs == "all_but_one":
            # 000: houses once all but one street is held; the group may stand uneven after the last
            # street comes in already built on (the banker is told to even it), so no evenness rule here
            if owned < max(len(group) - 1, min(2, len(group))):
                problems.append(f"{name} is built on but {holding.owner} holds only {owned} of {group}")
            continue
        if owned < len(group):
            problems.append(f"{name} is built on but {holding.owner} does not hold all of {group}")
        if any(state.deeds[d].mortgaged for d in group):
            problems.append(f"{name}'s group has buildings and a mortgaged deed")
        levels = [state.deeds[d].level for d in group]
        if max(levels) - min(levels) > 1:
            problems.append(f"{name}'s group is built unevenly: {levels}")
    return problems


def _building_supply_problems(state: GameState) -> list[str]:
    """Every building piece is in the bank or on a deed: bank supply + pieces standing == the edition's supply."""
    problems: list[str] = []
    start = state.edition.supplies()
    if set(state.supply) != set(start):
        problems.append(f"the bank's building kinds {sorted(state.supply)} are not the edition's {sorted(start)}")
    standing = dict.fromkeys(start, 0)
    for holding in state.deeds.values():
        for kind, count in pieces(holding.level).items():
            standing[kind] = standing.get(kind, 0) + count
        for kind, standing_here in (("depots", holding.depot), ("stadiums", holding.stadium),
                                    ("towers", holding.tower)):
            standing[kind] = standing.get(kind, 0) + int(standing_here)
    for kind, total in start.items():
        bank = state.supply.get(kind, 0)
        if bank < 0:
            problems.append(f"the bank holds {bank} {kind}, below zero")
        if bank + standing[kind] != total:
            problems.append(f"bank {kind} {bank} + {standing[kind]} on deeds != the edition's {total}")
    for kind in set(standing) - set(start):
        if standing[kind]:
            problems.append(f"{standing[kind]} {kind} stand on deeds but {state.edition.id} has none")
    return problems


def _holding_problems(state: GameState, shown: dict[str, Any]) -> list[str]:
    """Countable holdings (bus tickets, coins): players + bank + out of play == the supply; none negative or over."""
    problems: list[str] = []
    kinds = state.edition.holdings
    if set(state.held) != set(kinds):
        problems.append(f"holding kinds {sorted(state.held)} are not the edition's {sorted(kinds)}")
    accounts = {*state.players, ev.BANK, ev.OUT}
    for key, counts in state.held.items():
        kind = kinds.get(key)
        if set(counts) != accounts:
            problems.append(f"{key} is counted for {sorted(counts)}, not the players, bank and out")
        for account, count in counts.items():
            if type(count) is not int or count < 0:
                problems.append(f"{account} holds {count!r} {key}")
            elif kind is not None and kind.max_held and account in state.players and count > kind.max_held:
                problems.append(f"{account} holds {count} {key}, more than the {kind.max_held} allowed")
        if kind is not None and sum(counts.values()) != kind.supply:
            problems.append(f"{key} counts {counts} sum to {sum(counts.values())}, not the supply {kind.supply}")
        if kind is not None and shown["bank"].get(kind.json_key) != counts.get(ev.BANK):
            problems.append(f"state --json shows the bank with {shown['bank'].get(kind.json_key)} "
                            f"{kind.json_key}, the fold {counts.get(ev.BANK)}")
        for player in shown["players"] if kind is not None else ():
            if player.get(kind.json_key) != counts.get(player["name"]):
                problems.append(f"state --json shows {player['name']} with {player.get(kind.json_key)} "
                                f"{kind.json_key}, the fold {counts.get(player['name'])}")
    return problems


def _sore_losers_problems(state: GameState) -> list[str]:
    """Mr. Monopoly, the trap and the final round, where the edition's switches allow them (Sore Losers, 001).

    One token: at most one player under it, and only while someone holds it; Mr. Monopoly is an active player,
    never trapped or in jail (he sends another), and holds none of the pieces he cashed in (he collects none).
    Earned pieces (coins) only ever move between the bank and the players; a deed back with the bank is unmortgaged.
    """
    problems: list[str] = []
    edition, mr, trapped = state.edition, state.mr_monopoly, state.trapped
    if not edition.mr_monopoly and (mr or trapped):
        problems.append(f"{edition.id} has no Mr. Monopoly but {mr!r} holds him and {sorted(trapped)} are trapped")
    if state.final_round and not edition.final_rent_round:
        problems.append(f"{edition.id} has no final rent round but one was played")
    if mr and mr not in state.active_players:
        problems.append(f"Mr. Monopoly is {mr!r}, not an active player")
    if mr and (mr in trapped or mr in state.in_jail):
        problems.append(f"Mr. Monopoly ({mr}) is trapped or in jail")
    for kind in edition.holdings.values() if mr in state.players else ():
        if kind.awarded_for and state.count(kind.key, mr) > max(0, kind.max_held - CASH_IN):
            problems.append(f"Mr. Monopoly ({mr}) holds {state.count(kind.key, mr)} {kind.plural}")
    for kind in edition.holdings.values():
        if kind.awarded_for and state.held.get(kind.key, {}).get(ev.OUT):  # cashed in or returned: to the bank
            problems.append(f"{state.held[kind.key][ev.OUT]} {kind.plural} are out of play; earned ones never are")
    if len(trapped) > 1 or (trapped and not mr) or not trapped <= set(state.active_players):
        problems.append(f"trapped {sorted(trapped)} under Mr. Monopoly {mr!r}: one active player at most, under him")
    for name, holding in state.deeds.items():
        if holding.owner == ev.BANK and holding.mortgaged:
            problems.append(f"{name} is the bank's and mortgaged (a deed returns to the bank unmortgaged)")
    return problems


def _city_problems(state: GameState) -> list[str]:
    """Monopoly City's pieces, where the edition's switches allow them (`max_blocks`, hazards and bonuses, a
    rent-value mortgage), 004: 0 to 8 blocks a district, a hazard and a bonus building exclude each other, one
    skyscraper and one stadium per colour group, a mortgage that remembers what it paid, one player's Build spin
    of at most 3 blocks or a railroad. Nothing of these on a deed of an edition without blocks.
    """
    problems: list[str] = []
    edition, top = state.edition, state.edition.max_blocks
    per_group: dict[tuple[str, str], list[str]] = {}
    for name, holding in state.deeds.items():
        card = state.deed(name)
        city = {"residential": holding.residential, "industrial": holding.industrial, "hazard": holding.hazard,
                "bonus": holding.bonus, "stadium": holding.stadium, "railroad": holding.railroad,
                "tower": holding.tower}
        if not (top and card.kind == "district"):
            if any(city.values()):
                problems.append(f"{name} is a {card.kind} of {edition.id} but has {city}")
            continue
        if min(holding.residential, holding.industrial) < 0 or holding.blocks > top:
            problems.append(f"{name} has {holding.residential} residential and {holding.industrial} industrial "
                            f"blocks; a district takes 0 to {top}")
        if holding.level not in (0, SKYSCRAPER):
            problems.append(f"{name} has building level {holding.level}; a district takes blocks and a skyscraper")
        if holding.hazard and holding.bonus:
            problems.append(f"{name} has a {holding.hazard} and a {holding.bonus}; each keeps the other out")
        if (holding.hazard and holding.hazard not in edition.hazards) or (
                holding.bonus and holding.bonus not in edition.bonuses):
            problems.append(f"{name} has a planning building {edition.id} lacks: {holding.hazard!r} {holding.bonus!r}")
        for piece, here in (("skyscrapers", holding.level == SKYSCRAPER), ("stadiums", holding.stadium)):
            if here:
                per_group.setdefault((card.group, piece), []).append(name)
    for (group, piece), where in per_group.items():
        if len(where) > 1:
            problems.append(f"the {group} group has {len(where)} {piece} ({', '.join(where)}); one per colour group")
    for name, holding in state.deeds.items():
        paid = holding.mortgaged_for
        remembers = holding.mortgaged if edition.mortgage_value == "rent_value" else False
        if (paid > 0) != remembers or paid < 0:
            problems.append(f"{name} is {'' if holding.mortgaged else 'not '}mortgaged and remembers {paid} paid")
    spin = state.spin
    if spin is not None:
        most = max(int(result) for result in SPINS if result.isdigit())
        if not top or not 0 <= spin.blocks_left <= most or (spin.railroad and spin.blocks_left):
            problems.append(f"the Build spin {spin} does not fit {edition.id}: 0 to {most} blocks or a railroad")
        if spin.player not in state.active_players:  # a bankruptcy ends the bankrupt player's spin (the fold)
            problems.append(f"the Build spin is {spin.player!r}'s, not a player's still in the game")
    if state.clock is not None and not 1 <= state.clock.minutes <= 24 * 60:
        problems.append(f"the game clock runs {state.clock.minutes} minutes")
    return problems


FOLLOW_TOKENS = "follow-tokens"  # the house rule of a game whose tokens Banker moves from the dice
NO_GO = ("correction", "moved back")  # TokenMoved.how of the moves that never pass GO: `fix` and `back`


def jail_space(state: GameState) -> int:
    """The board index of the Jail space, read from the edition's board."""
    return next(s.position for s in state.edition.spaces if s.type == "jail")


def token_problems(state: GameState, shown: dict[str, Any] | None = None) -> list[str]:
    """The tokens of a game that follows them (issue 16): every active player's token on the board, a jailed one on
    the Jail space, whose roll it is an active player, a triples move pending only for an active player out of jail,
    doubles and failed jail rolls within what the rules count (a third doubles jails, a third failure leaves), and
    `state --json` showing the same. A game without the house rule has no tokens at all."""
    tokens, edition = state.tokens, state.edition
    if tokens is None:
        return [f"{edition.id} follows the tokens but the state has none"] if FOLLOW_TOKENS in state.house_rules else []
    if FOLLOW_TOKENS not in state.house_rules:
        return [f"tokens are followed but the game's house rules {sorted(state.house_rules)} do not say so"]
    problems: list[str] = []
    count, active = len(state.players), state.active_players
    if len(tokens.positions) != count or len(tokens.jail_rolls) != count:
        return [f"{len(tokens.positions)} tokens and {len(tokens.jail_rolls)} jail counts for {count} players"]
    size, jail = len(edition.spaces), jail_space(state)
    for player, position, failed in zip(state.players, tokens.positions, tokens.jail_rolls, strict=True):
        if player in active and (type(position) is not int or not 0 <= position < size):
            problems.append(f"{player}'s token is at {position!r}, off a board of {size} spaces")
        if player in state.in_jail and position != jail:
            problems.append(f"{player} is in jail but the token stands on {position}, not the Jail space {jail}")
        if not 0 <= failed <= 2 or (failed and player in active and player not in state.in_jail):
            problems.append(f"{player} has {failed} failed jail rolls ({'in' if player in state.in_jail else 'out of'}"
                            " jail); the third one leaves, leaving jail clears them")
    if tokens.roll not in state.players:
        return problems + [f"it is {tokens.roll!r}'s roll, not an active player's"]
    if active and state.whose_roll not in active:
        problems.append(f"it is {state.whose_roll!r}'s roll, not an active player's")
    if not 0 <= tokens.doubles <= 2:
        problems.append(f"{tokens.doubles} doubles in one turn: the third sends the token to jail")
    if tokens.anywhere and (tokens.anywhere not in active or tokens.anywhere in state.in_jail):
        problems.append(f"{tokens.anywhere!r} has a triples move pending (every roll waits for it) but is "
                        f"{'in jail' if tokens.anywhere in state.in_jail else 'not an active player'}")
    if not tokens.passed_go <= set(state.players):
        problems.append(f"passed GO: {sorted(tokens.passed_go)} are not all players")
    if any(not 0 <= position < size for position in tokens.positions):
        return problems  # state --json cannot name a space off the board
    shown = state.to_json() if shown is None else shown
    if active and shown.get("roll") != state.whose_roll:
        problems.append(f"state --json says it is {shown.get('roll')!r}'s roll, the fold {state.whose_roll!r}")
    for row, position in zip(shown["players"], tokens.positions, strict=True):
        if row.get("position") != position or row.get("space") != edition.spaces[position].name:
            problems.append(f"state --json shows {row['name']} at {row.get('position')} {row.get('space')!r}, "
                            f"the fold at {position}")
    if not problems and state.auction is None and not tokens.anywhere and tokens.roll in state.active_players:
        from banker import commands as c
        from banker.rules.tokens import roll_refusal

        refusal = roll_refusal(state, c.Roll(state.whose_roll, (1, 2)))
        waits = bool(state.waiting or state.debts)
        if waits != bool(refusal and "the table waits" in refusal) or waits != bool(state.to_json()["waiting"]):
            problems.append(f"waiting {state.waiting} {state.debts} but the roll's refusal is {refusal!r}")
    return problems


def _stadium_bonus(state: GameState, player: str) -> int:
    """004: M1m per stadium the player owns, on top of the salary each time GO is passed (0 elsewhere)."""
    return state.edition.stadium_go_bonus * sum(h.stadium for h in state.deeds.values() if h.owner == player)


def _from_bank(event: ev.Event, player: str) -> int:
    return sum(leg.amount for leg in event.transfers if leg.payer == ev.BANK and leg.payee == player)


def token_action_problems(before: GameState, events: Sequence[ev.Event], after: GameState) -> list[str]:
    """What one accepted action did to the tokens, replayed from the state before it (issue 16):

    - each TokenMoved names its space, a roll moves the token by the dice it says, and `passed_go` is true exactly
      when a forward move goes round past (or onto) GO; `fix` and `back` never pass;
    - the GO salary is paid exactly once per pass: in an action that rolls or moves a token, one SalaryCollected
      (salary + City's stadium bonus) per player per pass by a roll, a speed-die move or `move`, and none without
      a pass; a card's pass pays through the card's own legs (its amount or the salary, plus stadiums);
    - only whoever's roll it is rolls, never while a triples move is pending; doubles keep the turn (and count
      up), anything else hands it on; after the action every token stands where its moves (and jail) left it.
    """
    if events and isinstance(events[0], ev.MARKERS):
        return []  # undo and redo: the round trip checks them against the model
    moving = [e for e in events if isinstance(e, (ev.DiceRolled, ev.TokenMoved, ev.RollPassed, ev.JailRollFailed))]
    if before.tokens is None or after.tokens is None:
        return [f"{type(moving[0]).__name__} in a game that does not follow the tokens"] if moving else []
    edition, problems = before.edition, []
    spaces, jail = edition.spaces, jail_space(before)
    where = {p: before.position(p) for p in before.players}
    passes: Counter[str] = Counter()
    salaries: Counter[str] = Counter()
    card_passes: dict[str, bool] = {}
    backs = {e.player for e in events if isinstance(e, ev.CardDrawn) and _card(before, e).effect == "back"}
    for e in events:
        if isinstance(e, ev.TokenMoved):
            start = where[e.player]
            back = e.how in NO_GO or (e.how == "card" and e.player in backs)  # a card that sends it back
            wraps = not back and e.position < start and spaces[e.position].type != "go_to_jail"  # 003:114
            if not 0 <= e.position < len(spaces) or e.space != spaces[e.position].name:
                problems.append(f"{e.player}'s token moved to {e.position} {e.space!r}, not a space of the board")
            elif e.passed_go != wraps:
                problems.append(f"{e.player} moved {start} -> {e.position} ({e.how}): passed_go {e.passed_go}")
            home = edition.final_rent_round and all(h.owner != "bank" for h in before.deeds.values())
            reached = (start + int(e.how.split()[1])) % len(spaces) if e.how.startswith("rolled ") else e.position
            if home and start + int(e.how.split()[1]) >= len(spaces) if e.how.startswith("rolled ") else False:
                reached = 0  # 001:111 once every property is owned, a token stops on GO
            if e.how.startswith("rolled ") and reached != e.position:
                problems.append(f"{e.player} {e.how} from {start} but the token went to {e.position}")
            if e.how == "card":
                card_passes[e.player] = e.passed_go
            elif e.passed_go:
                passes[e.player] += 1
            where[e.player] = e.position
        elif isinstance(e, ev.JailEntered) or (isinstance(e, ev.CardDrawn) and _card(before, e).effect == "jail"):
            where[e.player] = jail
        elif isinstance(e, ev.SalaryCollected):
            salaries[e.player] += 1
            due = edition.go_salary + _stadium_bonus(before, e.player)
            if _from_bank(e, e.player) != due:
                problems.append(f"{e.player}'s GO salary paid {_from_bank(e, e.player)}, not {due}")
        elif isinstance(e, ev.CardDrawn) and _card(before, e).effect in ("advance", "advance_nearest"):
            card = _card(before, e)
            passed = card_passes.get(e.player, False)
            due = (card.amount or edition.go_salary) + _stadium_bonus(before, e.player) if passed else card.amount
            if (passed or not card.amount) and _from_bank(e, e.player) != due:
                problems.append(f"the card {card.key!r} paid {e.player} {_from_bank(e, e.player)} from the bank "
                                f"({'passing' if passed else 'not passing'} GO), not {due}")
    if moving and passes != salaries:
        problems.append(f"GO paid {dict(salaries)} for the passes {dict(passes)}: once per pass, never without one")
    problems += _roll_problems(before, events, after)
    for player in before.players:
        if after.position(player) != where[player]:
            problems.append(f"{player}'s token ended on {after.position(player)}; its moves left it on {where[player]}")
    return problems


def _roll_problems(before: GameState, events: Sequence[ev.Event], after: GameState) -> list[str]:
    """A roll is whoever's roll it is, never with a triples move pending; doubles keep the turn, the rest pass it."""
    rolled = next((e for e in events if isinstance(e, ev.DiceRolled)), None)
    if rolled is None:
        return []
    assert before.tokens is not None and after.tokens is not None
    player, problems = rolled.player, []
    if before.waiting or before.debts:  # issue 25: the table waits for what a landing needs
        problems.append(f"{player} rolled while the table waited for {before.waiting or before.debts}")
    if player != before.whose_roll or before.tokens.anywhere:
        problems.append(f"{player} rolled; it was {before.whose_roll}'s roll (triples pending: "
                        f"{before.tokens.anywhere!r})")
    first, second = rolled.dice[:2]
    triples = rolled.speed in ("1", "2", "3") and first == second == int(rolled.speed)
    steps = {first + second + (int(rolled.speed) if rolled.speed in ("1", "2", "3") else 0)}
    if player in before.in_jail:
        steps = {first + second}  # 000, 002: in jail only the white dice
    elif rolled.speed == "bus":
        steps |= {first, second}  # 002: the bus moves by one white die or both
    for e in events:
        if isinstance(e, ev.TokenMoved) and e.how.startswith("rolled ") and int(e.how.split()[1]) not in steps:
            problems.append(f"{player} rolled {rolled.dice} {rolled.speed} but the token {e.how}")
    keeps = (first == second and not triples and player not in before.in_jail and player not in after.in_jail
             and (before.tokens.doubles < 2 or player == before.mr_monopoly))  # 001:230 he never goes to jail
    home = after.edition.final_rent_round and all(h.owner != "bank" for h in after.deeds.values())
    keeps = keeps and not (home and after.position(player) == 0)  # 001:113 home on GO: it stops (issue 35)
    waiting_home = home and all(p == player or after.position(p) == 0 for p in after.active_players)  # 001:111
    if len(after.active_players) > 1 and (after.whose_roll == player) != keeps and not waiting_home:
        problems.append(f"{player} rolled {rolled.dice} {rolled.speed}: the roll is now {after.whose_roll}'s "
                        f"({'doubles keep' if keeps else 'the roll passes'})")
    if after.tokens.doubles != ((before.tokens.doubles + 1) % 3 if keeps else 0):  # Mr. Monopoly's third: anew
        problems.append(f"{after.tokens.doubles} doubles counted after {player} rolled {rolled.dice}")
    if triples != (after.tokens.anywhere == player):
        problems.append(f"{player} rolled {rolled.dice} {rolled.speed}; the triples move pending is "
                        f"{after.tokens.anywhere!r}")
    return problems


def expected_rent(state: GameState, deed: str, dice: int) -> int:
    """The rent for landing on an owned, unmortgaged deed, read from the edition's data (not from the rules' code).

    Streets: the deed's rent for its buildings (a skyscraper is the 7th value), unimproved rent multiplied for a
    whole group (x2 classic, x3 Mega; classic drops it when any of the group is mortgaged). Railroads: by how
    many the owner holds, doubled by a train depot. Utilities: the dice times 4/10(/20) by how many are held.
    Districts (an edition with blocks): the value of the blocks that count, doubled at most once.
    """
    card, holding, edition = state.deed(deed), state.deeds[deed], state.edition
    group = state.group(deed)
    owned = sum(state.deeds[d].owner == holding.owner for d in group)
    if edition.max_blocks and card.kind == "district":
        # City (004): the card's value for the blocks that count (a hazard voids the residential ones),
        # doubled once by a skyscraper in the group or the owner's Monopoly Tower, never by both
        counted = holding.industrial + (0 if holding.hazard else holding.residential)
        skyscraper = any(state.deeds[d].level == SKYSCRAPER for d in group)
        tower = any(h.tower and h.owner == holding.owner for h in state.deeds.values())
        return card.rent[counted] * (2 if skyscraper or tower else 1)
    if card.kind == "street":
        if holding.level:
            return card.rent[holding.level]
        broken = edition.mortgage_breaks_group_rent and any(state.deeds[d].mortgaged for d in group)
        return card.rent[0] * (edition.group_rent_multiplier if owned == len(group) and not broken else 1)
    if card.kind == "railroad":
        return edition.railroad_rent[owned - 1] * (2 if holding.depot else 1)
    return edition.utility_multipliers[owned - 1] * dice


def _card(state: GameState, drawn: ev.CardDrawn) -> Card:
    return next(k for k in state.edition.cards if k.deck == drawn.deck and k.key == drawn.card)


def expected_card_rent(state: GameState, drawn: ev.CardDrawn) -> list[ev.Transfer] | None:
    """The rent legs of a "nearest railroad" card (twice the rental, or as the card says), None for other cards.

    Nothing when the railroad is the bank's, the drawer's, mortgaged or a bankrupt's; Mr. Monopoly collects it
    from the owner instead of paying it (001)."""
    card = _card(state, drawn)
    if card.effect != "advance_nearest" or card.kind != "railroad":
        return None
    if not drawn.deed:  # 001:113 every property owned: the card stopped the token on GO, no rent (issue 35)
        return []
    owner = state.deeds[drawn.deed].owner
    if owner in (ev.BANK, drawn.player, *state.bankrupt) or state.deeds[drawn.deed].mortgaged:
        return []
    amount = expected_rent(state, drawn.deed, 0) * card.rent_multiplier
    payer, payee = (owner, drawn.player) if drawn.player == state.mr_monopoly else (drawn.player, owner)
    salary = sum(leg.amount for leg in drawn.transfers if leg.payer == ev.BANK and leg.payee == payer)
    if amount > state.cash(payer) + salary:  # beyond the cash: a debt recorded beside the card (issue 35)
        return []
    return [ev.Transfer(payer, payee, amount)]


EARNED_FOR = ("rent", "tax", "jail")  # what an edition's `awarded_for` may name


def earned(state: GameState, events: Sequence[ev.Event]) -> list[tuple[str, str, str]]:
    """The pieces (kind, player, reason) an action's events earn from the bank, read from the edition's
    `awarded_for` (001: a coin for paying rent, taxes or bills and for going to jail; none at the limit, none for
    Mr. Monopoly, none from an empty bank). Mr. Monopoly's reversed rent earns the owner who pays it."""
    reasons: list[tuple[str, str]] = []
    for e in events:
        if isinstance(e, ev.RentPaid):
            reasons.append(("rent", e.payer))
        elif isinstance(e, ev.RentReversed):
            reasons.append(("rent", e.owner))
        elif isinstance(e, ev.TaxPaid):
            reasons.append(("tax", e.player))
        elif isinstance(e, ev.JailEntered) or (isinstance(e, ev.CardDrawn) and _card(state, e).effect == "jail"):
            reasons.append(("jail", e.player))
        elif isinstance(e, ev.CardDrawn) and (rent := expected_card_rent(state, e)):
            reasons.append(("rent", rent[0].payer))
    return [(kind.key, player, reason) for reason, player in reasons for kind in state.edition.holdings.values()
            if reason in kind.awarded_for and player != state.mr_monopoly and state.count(kind.key, ev.BANK)
            and not (kind.max_held and state.count(kind.key, player) >= kind.max_held)]


def earned_in(events: Sequence[ev.Event]) -> list[tuple[str, str, str]]:
    """The pieces an action's events hand out from the bank for rent, tax or jail."""
    return [(e.kind, e.receiver, e.why) for e in events
            if isinstance(e, ev.HoldingMoved) and e.giver == ev.BANK and e.why in EARNED_FOR]


def expected_final_round(state: GameState) -> list[tuple[str, str, str, str, int]]:
    """The final rent round from this state (001): in turn order, each active player collects from the bank the rent
    on each of their unmortgaged deeds that pays any."""
    return [(player, deed, ev.BANK, player, expected_rent(state, deed, 0)) for player in state.active_players
            for deed in state.deeds_of(player) if not state.deeds[deed].mortgaged and expected_rent(state, deed, 0)]


def final_rents(events: Sequence[ev.Event]) -> list[tuple[str, str, str, str, int]]:
    """Who collected which final-round rent, from whom and how much, as the action's events say."""
    return [(e.player, e.deed, leg.payer, leg.payee, leg.amount)
            for e in events if isinstance(e, ev.FinalRentCollected) for leg in e.transfers]


def could_raise(state: GameState, player: str) -> int:
    """What the player could pay with, read from the edition's data (not the rules' code): cash, every building
    sold back at half its cost and every depot at its sell-back (where the edition sells them back), every
    unmortgaged deed mortgaged at its printed value or (City) its rent value. 003 "HELP! I'M IN DEBT!", 000:207:
    a player is bankrupt only for a debt above this."""
    edition, total = state.edition, state.cash(player)
    for deed in state.deeds_of(player):
        holding, card = state.deeds[deed], state.deed(deed)
        if edition.sell_buildings:
            costs = {HOTEL: card.hotel_cost, SKYSCRAPER: card.skyscraper_cost}
            total += sum(costs.get(level, card.house_cost) for level in range(1, holding.level + 1)) // 2
            total += edition.depot_sellback if holding.depot else 0
        if not holding.mortgaged:
            total += expected_rent(state, deed, 0) if edition.mortgage_value == "rent_value" else card.mortgage
    return total


def auction_queue_problems(state: GameState) -> list[str]:
    """Deeds a bankruptcy left to the bank are auctioned one after another at once (000:207): while any wait,
    an auction is open; an edition without bankruptcy auctions (Sore Losers) never queues any."""
    if state.to_auction and not state.edition.bankruptcy_auction:
        return [f"{state.to_auction} wait for an auction, but {state.edition.id} sells them at list price"]
    if state.to_auction and state.auction is None:
        return [f"{state.to_auction} wait for their bankruptcy auction but no auction is open"]
    return []


def action_problems(before: GameState, events: Sequence[ev.Event], after: GameState) -> list[str]:
    """What one accepted action may never do, judged from the state before it and after it: a bankruptcy over a
    debt the player could raise, a bankruptcy to the bank (bankruptcy_auction) that leaves its deeds without an
    open auction, a `sold` that leaves deeds waiting and no auction open, a trade of cash alone under no_loans."""
    problems: list[str] = []
    edition = before.edition
    for e in events:
        if isinstance(e, ev.PlayerWentBankrupt):
            can = could_raise(before, e.player)
            if e.debt <= 0 or can >= e.debt:
                problems.append(f"{e.player} went bankrupt over {e.debt} but could raise {can}")
            deeds = before.deeds_of(e.player)
            auctioned = after.auction.deed if after.auction else None
            if e.creditor == ev.BANK and edition.bankruptcy_auction and deeds and auctioned not in deeds:
                problems.append(f"{e.player}'s bankruptcy to the bank left {auctioned!r} at auction, not one of "
                                f"{deeds}")
            if (e.creditor != ev.BANK or not edition.bankruptcy_auction) and after.auction is not None:
                problems.append(f"{e.player}'s bankruptcy to {e.creditor} opened an auction of {auctioned}")
        if isinstance(e, ev.AuctionClosed) and after.to_auction and after.auction is None:
            problems.append(f"{e.deed} was sold and {after.to_auction} wait, but no auction is open")
        if isinstance(e, ev.TradeMade) and edition.no_loans and not any(
                isinstance(x, (ev.DeedHandedOver, ev.JailCardHandedOver))
                or (isinstance(x, ev.HoldingMoved) and x.giver in (e.first, e.second)) for x in events):
            problems.append(f"{e.first} and {e.second} traded cash alone: a loan, and {edition.id} has no_loans")
    return problems + token_action_problems(before, events, after) + auction_queue_problems(after)


def actions_of(records: Sequence[Record]) -> list[tuple[int, list[ev.Event]]]:
    """The ledger's rows grouped into actions, as the fold takes them."""
    actions: list[tuple[int, list[ev.Event]]] = []
    for record, event in decode_records(records):
        if actions and actions[-1][0] == record.action:
            actions[-1][1].append(event)
        else:
            actions.append((record.action, [event]))
    return actions


def fold_records(records: Sequence[Record]) -> GameState:
    return fold(actions_of(records))


class FoldAlong:
    """`fold_records` of a ledger that grows an action at a time, each action folded once.

    The fold's own pieces: `take_marker` counts the actions as `fold` does (an undo takes back the latest counted
    action, a redo puts the latest undone one back), `start` and `apply_in_place` make the states. The state after
    each regular action is kept, so an undo or a redo costs nothing.
    """

    def __init__(self) -> None:
        self.counted: list[int] = []
        self.redoable: list[int] = []
        self.after: dict[int, GameState] = {}  # action number -> the state once it is applied

    def feed(self, records: Sequence[Record]) -> GameState:
        """Take in whole actions' records (those after the last fed); the state the ledger folds to now."""
        for number, events in actions_of(records):
            first = events[0]
            if not self.counted:
                assert isinstance(first, ev.GameStarted) and len(events) == 1, "a game begins with GameStarted"
                self.counted.append(number)
                self.after[number] = start(first)
                continue
            latest = self.state
            marker, target = (first.type, first.action) if isinstance(first, ev.MARKERS) else ("", 0)
            if take_marker(self.counted, self.redoable, number, marker, target):
                state = latest.copy()
                for event in events:
                    apply_in_place(state, event)
                self.after[number] = state
        return self.state

    @property
    def state(self) -> GameState:
        return self.after[self.counted[-1]]


def without_action(records: Sequence[Record], action: int) -> GameState:
    """The state of a ledger in which this action never happened (its rows and any marker aimed at it dropped)."""
    kept = [(number, events) for number, events in actions_of(records)
            if number != action and not (isinstance(events[0], ev.MARKERS) and events[0].action == action)]
    return fold(kept)


def counted_events(records: Sequence[Record]) -> list[ev.Event]:
    """The events of the actions that count, read without the fold: an undo takes the latest counted action out,
    a redo puts the latest undone one back, a new action forgets what could be redone."""
    counted: list[tuple[int, list[ev.Event]]] = []
    undone: list[tuple[int, list[ev.Event]]] = []
    for number, events in actions_of(records):
        marker = events[0]
        if isinstance(marker, ev.ActionUndone):
            assert counted and counted[-1][0] == marker.action, f"action {number} undoes {marker.action}"
            undone.append(counted.pop())
        elif isinstance(marker, ev.ActionRedone):
            assert undone and undone[-1][0] == marker.action, f"action {number} redoes {marker.action}"
            counted.append(undone.pop())
        else:
            counted.append((number, events))
            undone.clear()
    return [e for _, events in counted for e in events]


def events_reading_problems(state: GameState, records: Sequence[Record]) -> list[str]:
    """Cash and tokens read straight from the stored events agree with the state (issue 16, after a kill): every
    account is the sum of the counted actions' legs; every token stands where its last TokenMoved put it, or on
    the Jail space when it went to jail (by Go To Jail, three doubles or a card) after that."""
    events = counted_events(records)
    cash: Counter[str] = Counter()
    for e in events:
        for leg in e.transfers:
            cash[leg.payer] -= leg.amount
            cash[leg.payee] += leg.amount
    problems = [f"{account} holds {held} but its legs sum to {cash[account]}"
                for account, held in state.accounts.items() if held != cash[account]]
    if state.tokens is None:
        return problems
    where = dict.fromkeys(state.players, 0)
    for e in events:
        if isinstance(e, ev.TokenMoved):
            where[e.player] = e.position
        elif isinstance(e, ev.JailEntered) or (isinstance(e, ev.CardDrawn) and _card(state, e).effect == "jail"):
            where[e.player] = jail_space(state)
    return problems + [f"{p}'s token is on {state.position(p)}; the events leave it on {where[p]}"
                       for p in state.players if state.position(p) != where[p]]


def replay_problems(live: GameState, replayed: GameState | Sequence[Record]) -> list[str]:
    """A replay of the ledger from its first event (its records, or their fold) gives the live state, every field."""
    folded = replayed if isinstance(replayed, GameState) else fold_records(replayed)
    expected, got = full_state(live), full_state(folded)
    if expected == got:
        return []
    return [f"the replayed ledger differs from the live state in {k}: {got[k]!r} != {expected[k]!r}"
            for k in expected if expected[k] != got[k]]


def records_of(path: Path) -> list[Record]:
    """Every stored event of a game file, read afresh."""
    store = LedgerStore.open(path)
    try:
        return store.records()
    finally:
        store.close()


def one_line(message: str) -> bool:
    """A refusal a terminal shows as one line: non-empty, no line break of any kind."""
    return bool(message.strip()) and len(message.splitlines()) == 1 and "\n" not in message
