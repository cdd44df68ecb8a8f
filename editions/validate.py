"""Validation of an edition's TOML data into a frozen `Edition`: every error names the file, the field and the
problem, so a typo in a hand-written edition is easy to find."""

from __future__ import annotations

from typing import Any

from .model import Card, Deed, Edition, HoldingKind, Planning, Space

SPACE_TYPES = {
    "go", "street", "railroad", "utility", "tax", "chance", "community_chest",
    "jail", "free_parking", "go_to_jail", "auction", "bus_ticket", "birthday_gift",
    "district", "planning_permission", "industry_tax",
}
TAX_TYPES = {"tax", "industry_tax"}
MONEY_STYLES = {"plain", "millions"}
MORTGAGE_VALUES = {"printed", "rent_value"}
VALUATIONS = {"list_price", "rent_value"}
BUILD_NEEDS = {"whole_group", "all_but_one"}
AWARDS = {"rent", "tax", "jail"}  # the table events that can earn a holding from the bank
WINNER_BY = {"net_worth", "cash"}
DEED_TYPES = {"street", "railroad", "utility", "district"}
DISTRICT_BLOCKS = 8  # Monopoly City: 0-8 blocks, one rent value for each
DECKS = {"chance", "community_chest"}
CARD_EFFECTS = {
    "collect", "pay", "pay_each_player", "collect_each_player", "repairs",
    "jail_free", "jail", "advance", "advance_nearest", "back",
}


class EditionError(ValueError):
    """An edition file that cannot be used; the message names file, field and problem."""


def _fail(source: str, where: str, problem: str) -> EditionError:
    return EditionError(f"{source}: {where}: {problem}")


class _Reader:
    """Typed access to a TOML table that reports the exact field on failure."""

    def __init__(self, source: str, table: dict[str, Any], where: str) -> None:
        self.source, self.table, self.where = source, table, where
        self.read: set[str] = set()

    def done(self) -> None:
        """Refuse keys nobody read: a typo like `amout` must not silently become 0."""
        unknown = sorted(set(self.table) - self.read)
        if unknown:
            known = ", ".join(sorted(self.read))
            raise _fail(self.source, self._path(unknown[0]), f"unknown field (known here: {known})")

    def _path(self, key: str) -> str:
        return f"{self.where}.{key}" if self.where else key

    def get(self, key: str, kind: type, default: Any = ...) -> Any:
        self.read.add(key)
        if key not in self.table:
            if default is ...:
                raise _fail(self.source, self._path(key), "is missing")
            return default
        value = self.table[key]
        if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
            raise _fail(self.source, self._path(key), f"must be a whole number, not {value!r}")
        if kind is not int and not isinstance(value, kind):
            raise _fail(self.source, self._path(key), f"must be {kind.__name__}, not {value!r}")
        return value

    def amount(self, key: str, default: Any = ...) -> int:
        value = self.get(key, int, default)
        if value < 0:
            raise _fail(self.source, self._path(key), f"must not be negative, not {value}")
        return value

    def amounts(self, key: str, length: int | None = None) -> tuple[int, ...]:
        values = self.get(key, list)
        if not values or any(isinstance(v, bool) or not isinstance(v, int) or v < 0 for v in values):
            raise _fail(self.source, self._path(key), f"must be a list of whole amounts, not {values!r}")
        if length is not None and len(values) != length:
            raise _fail(self.source, self._path(key), f"must have {length} values, has {len(values)}")
        return tuple(values)


def parse_edition(data: dict[str, Any], edition_id: str, source: str) -> Edition:
    """Validate raw TOML data into an Edition, or raise EditionError naming the field."""
    top = _Reader(source, data, "")
    rules = _Reader(source, top.get("rules", dict), "rules")
    spaces_raw = top.get("spaces", list)
    spaces: list[Space] = []
    deeds: dict[str, Deed] = {}
    for index, entry in enumerate(spaces_raw):
        where = f"spaces[{index}]"
        if not isinstance(entry, dict):
            raise _fail(source, where, "must be a table")
        row = _Reader(source, entry, where)
        name = row.get("name", str).strip()
        if not name:
            raise _fail(source, f"{where}.name", "must not be empty")
        kind = row.get("type", str)
        if kind not in SPACE_TYPES:
            raise _fail(source, f"{where}.type", f"unknown space type {kind!r} (one of {sorted(SPACE_TYPES)})")
        spaces.append(Space(index, name, kind, row.amount("amount", 0)))
        if kind in TAX_TYPES and spaces[-1].amount <= 0:
            raise _fail(source, f"{where}.amount", "a tax space needs a positive amount")
        if kind in DEED_TYPES:
            if name in deeds:
                raise _fail(source, f"{where}.name", f"deed {name!r} appears twice")
            price = row.amount("price")
            mortgage = row.amount("mortgage", 0 if kind == "district" else ...)
            if kind == "district":
                deeds[name] = Deed(
                    name, kind, index, row.get("group", str), price, 0, row.amounts("rent", DISTRICT_BLOCKS + 1),
                    skyscraper_cost=row.amount("skyscraper_cost"), residential_cost=row.amount("residential_cost"),
                    industrial_cost=row.amount("industrial_cost"),
                )
            elif kind == "street":
                rent = row.amounts("rent")
                if len(rent) not in (6, 7):
                    raise _fail(source, f"{where}.rent", f"must have 6 values, has {len(rent)} "
                                "(base, 1-4 houses, hotel; a 7th for a skyscraper)")
                skyscraper_cost = row.amount("skyscraper_cost", 0)
                if (len(rent) == 7) != bool(skyscraper_cost):
                    raise _fail(source, f"{where}.skyscraper_cost",
                                "a skyscraper needs both a 7th rent value and a skyscraper_cost")
                deeds[name] = Deed(
                    name, kind, index, row.get("group", str), price, mortgage, rent,
                    row.amount("house_cost"), row.amount("hotel_cost"), skyscraper_cost,
                )
            else:
                deeds[name] = Deed(name, kind, index, kind, price, mortgage)
        row.done()
    if len(spaces) < 4:
        raise _fail(source, "spaces", f"a board needs its spaces in order, found {len(spaces)}")
    if spaces[0].type != "go":
        raise _fail(source, "spaces[0].type", "the first space must be GO")
    railroads = _Reader(source, top.get("railroads", dict, {}), "railroads")
    utilities = _Reader(source, top.get("utilities", dict, {}), "utilities")
    railroad_count = sum(d.kind == "railroad" for d in deeds.values())
    utility_count = sum(d.kind == "utility" for d in deeds.values())
    railroad_rent = railroads.amounts("rent", railroad_count) if railroad_count else ()
    utility_multipliers = utilities.amounts("dice_multipliers", utility_count) if utility_count else ()

    space_names = {s.name for s in spaces}
    cards: list[Card] = []
    for index, entry in enumerate(top.get("cards", list, [])):
        where = f"cards[{index}]"
        if not isinstance(entry, dict):
            raise _fail(source, where, "must be a table")
        row = _Reader(source, entry, where)
        deck = row.get("deck", str)
        if deck not in DECKS:
            raise _fail(source, f"{where}.deck", f"unknown deck {deck!r} (one of {sorted(DECKS)})")
        effect = row.get("effect", str)
        if effect not in CARD_EFFECTS:
            raise _fail(source, f"{where}.effect", f"unknown effect {effect!r} (one of {sorted(CARD_EFFECTS)})")
        card = Card(
            deck=deck, key=row.get("key", str), title=row.get("title", str), effect=effect,
            amount=row.amount("amount", 0), per_house=row.amount("per_house", 0),
            per_hotel=row.amount("per_hotel", 0), per_skyscraper=row.amount("per_skyscraper", 0),
            per_depot=row.amount("per_depot", 0), coins=row.amount("coins", 0), target=row.get("target", str, ""),
            kind=row.get("kind", str, ""), rent_multiplier=row.amount("rent_multiplier", 1),
            dice_multiplier=row.amount("dice_multiplier", 0), spaces=row.amount("spaces", 0),
        )
        row.done()
        if effect in {"collect", "pay", "pay_each_player", "collect_each_player"} and card.amount <= 0:
            raise _fail(source, f"{where}.amount", f"a {effect} card needs a positive amount")
        if effect == "advance" and card.target not in space_names:
            raise _fail(source, f"{where}.target", f"no space named {card.target!r} on this board")
        if effect == "advance_nearest" and card.kind not in {"railroad", "utility"}:
            raise _fail(source, f"{where}.kind", "must be 'railroad' or 'utility'")
        cards.append(card)

    holdings = _holdings(source, top.get("holdings", dict, {}))
    build_needs = rules.get("build_needs", str, "whole_group")
    if build_needs not in BUILD_NEEDS:
        raise _fail(source, "rules.build_needs", f"must be one of {sorted(BUILD_NEEDS)}, not {build_needs!r}")
    skyscrapers = rules.amount("skyscrapers", 0)
    if skyscrapers and not any(d.skyscraper_cost for d in deeds.values()):
        raise _fail(source, "rules.skyscrapers", "the bank has skyscrapers but no street takes one")
    depots = rules.amount("depots", 0)
    depot_cost = railroads.amount("depot_cost", 0)
    depot_sellback = railroads.amount("depot_sellback", 0)
    if bool(depots) != bool(depot_cost):
        raise _fail(source, "railroads.depot_cost", "train depots need both rules.depots and railroads.depot_cost")
    choices = {}
    for key, allowed, default in (("money_style", MONEY_STYLES, "plain"),
                                  ("mortgage_value", MORTGAGE_VALUES, "printed"),
                                  ("valuation", VALUATIONS, "list_price")):
        where = top if key == "money_style" else rules
        choices[key] = where.get(key, str, default)
        if choices[key] not in allowed:
            raise _fail(source, key if key == "money_style" else f"rules.{key}",
                        f"must be one of {sorted(allowed)}, not {choices[key]!r}")
    hazards = _plannings(source, top.get("hazards", list, []), "hazards")
    bonuses = _plannings(source, top.get("bonuses", list, []), "bonuses")
    winner_by = rules.get("winner_by", str, "net_worth")
    if winner_by not in WINNER_BY:
        raise _fail(source, "rules.winner_by", f"must be one of {sorted(WINNER_BY)}, not {winner_by!r}")
    min_players = rules.get("min_players", int, 2)
    max_players = rules.get("max_players", int, 8)
    if not 2 <= min_players <= max_players:
        raise _fail(source, "rules.max_players", "players must allow at least 2 and max >= min")
    terms = top.get("terms", dict, {})
    edition = Edition(
        id=edition_id,
        name=top.get("name", str),
        currency=top.get("currency", str, "$"),
        min_players=min_players,
        max_players=max_players,
        starting_cash=rules.amount("starting_cash"),
        go_salary=rules.amount("go_salary"),
        jail_fine=rules.amount("jail_fine"),
        houses=rules.amount("houses"),
        hotels=rules.amount("hotels"),
        auction_min_bid=max(1, rules.amount("auction_min_bid", 1)),
        mortgage_interest_pct=rules.amount("mortgage_interest_pct", 10),
        group_rent_multiplier=rules.amount("group_rent_multiplier", 2),
        mortgage_breaks_group_rent=rules.get("mortgage_breaks_group_rent", bool),
        railroad_rent=railroad_rent,
        utility_multipliers=utility_multipliers,
        spaces=tuple(spaces),
        deeds=deeds,
        cards=tuple(cards),
        skyscrapers=skyscrapers,
        depots=depots,
        depot_cost=depot_cost,
        depot_sellback=depot_sellback,
        build_needs=build_needs,
        speed_die=rules.get("speed_die", bool, False),
        speed_die_house_rule=rules.get("speed_die_house_rule", bool, True),
        sell_buildings=rules.get("sell_buildings", bool, True),
        mr_monopoly=rules.get("mr_monopoly", bool, False),
        final_rent_round=rules.get("final_rent_round", bool, False),
        winner_by=winner_by,
        bankruptcy_auction=rules.get("bankruptcy_auction", bool, True),
        bankruptcy_interest=rules.get("bankruptcy_interest", bool, True),
        no_loans=rules.get("no_loans", bool, True),
        money_style=choices["money_style"],
        mortgage_value=choices["mortgage_value"],
        valuation=choices["valuation"],
        timed_auctions=rules.get("timed_auctions", bool, False),
        smallest_note=max(1, rules.amount("smallest_note", 1)),
        stadiums=rules.amount("stadiums", 0),
        towers=rules.amount("towers", 0),
        max_blocks=rules.amount("max_blocks", 0),
        stadium_cost=rules.amount("stadium_cost", 0),
        stadium_go_bonus=rules.amount("stadium_go_bonus", 0),
        tower_cost=rules.amount("tower_cost", 0),
        hazard_clear_per_block=rules.amount("hazard_clear_per_block", 0),
        hazards=hazards,
        bonuses=bonuses,
        holdings=holdings,
        terms={str(k): str(v) for k, v in terms.items()},
        about=top.get("about", str, ""),
        rulebook=top.get("rulebook", str, "") or rulebook_named_in(top.get("about", str, "")),
        raw=data,
    )
    for reader in (rules, railroads, utilities, top):
        reader.done()
    return edition


def _plannings(source: str, rows: list[Any], where: str) -> dict[str, Planning]:
    """`[[hazards]]` / `[[bonuses]]`: Monopoly City's planning-permission buildings."""
    found: dict[str, Planning] = {}
    for index, entry in enumerate(rows):
        if not isinstance(entry, dict):
            raise _fail(source, f"{where}[{index}]", "must be a table")
        row = _Reader(source, entry, f"{where}[{index}]")
        planning = Planning(row.get("name", str), row.amount("blocks"))
        row.done()
        found[planning.name] = planning
    return found


def _holdings(source: str, table: dict[str, Any]) -> dict[str, HoldingKind]:
    """`[holdings.<key>]` tables: the countable things of an edition, each with its bank supply."""
    kinds: dict[str, HoldingKind] = {}
    for key, entry in table.items():
        where = f"holdings.{key}"
        if not isinstance(entry, dict):
            raise _fail(source, where, "must be a table")
        row = _Reader(source, entry, where)
        kind = HoldingKind(
            key=key, name=row.get("name", str), plural=row.get("plural", str), word=row.get("word", str),
            supply=row.amount("supply"), start=row.amount("start", 0), max_held=row.amount("max_held", 0),
            json_key=row.get("json_key", str, key),
            taken_on=row.get("taken_on", str, ""),
            awarded_for=tuple(row.get("awarded_for", list, [])),
        )
        row.done()
        unknown = sorted(set(kind.awarded_for) - AWARDS)
        if unknown:
            raise _fail(source, f"{where}.awarded_for", f"unknown {unknown[0]!r} (one of {sorted(AWARDS)})")
        if kind.supply <= 0:
            raise _fail(source, f"{where}.supply", "the bank must hold at least one")
        if kind.max_held and kind.start > kind.max_held:
            raise _fail(source, f"{where}.start", f"more than max_held ({kind.max_held})")
        kinds[key] = kind
    return kinds


def rulebook_named_in(about: str) -> str:
    """The rulebook an edition's description names ("... (rulebook 003)", "rulebook (000)"): the rulebook of a game
    file written before editions said it in a field of their own."""
    import re

    found = re.search(r"rulebook \(?(\d{3})\b", about)
    return found.group(1) if found else ""
