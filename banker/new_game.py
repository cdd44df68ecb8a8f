"""A new game's table: the house rules Banker offers, who may sit at it, and the event the game starts with.

`Game.create` stores that event as the game's first; `banker new` and the new-game screen offer the same house
rules, and the screen asks `player_names_refusal` while the names are typed."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from editions import Edition

from . import events as ev
from .errors import Refusal
from .names import squash

RESERVED = {squash(ev.BANK), squash(ev.POT)}
HOUSE_RULES = {
    "free-parking": "Free Parking jackpot: taxes and fees go to a pot; `parking <player>` collects it",
    "timed-auctions": "auctions close on a 50-second countdown (Monopoly City's trading unit)",
    "speed-die": "the Speed Die (rulebook 002): 1,000 more each at the start, utility rent on all three dice",
    "follow-tokens": "Banker follows the tokens from the dice: `roll` moves them, pays GO when passed",
    "stadium-passing-only": "Monopoly City: a stadium pays for passing GO only, not for landing on it (004:201)",
}
SPEED_DIE_BONUS = 1000


def player_names_refusal(names: Sequence[str], edition: Edition) -> str | None:
    """Why these names cannot sit at the table, or None."""
    cleaned = [n.strip() for n in names]
    if any(not n for n in cleaned):
        return "a player name is empty; give every player a name"
    if not edition.min_players <= len(cleaned) <= edition.max_players:
        return f"{edition.name} takes {edition.min_players} to {edition.max_players} players, not {len(cleaned)}"
    for kind in edition.holdings.values():
        if kind.start * len(cleaned) > kind.supply:
            return (f"{edition.name} has {kind.supply} {kind.plural}, not enough for {kind.start} each "
                    f"for {len(cleaned)} players")
    keys = [squash(n) for n in cleaned]
    if any(not k for k in keys):
        return "a player name needs at least one letter or digit"
    if len(set(keys)) != len(keys):
        return "two players have the same name; give each a different one"
    if RESERVED & set(keys):
        return "\"bank\" and \"pot\" are the bank's own accounts; pick another player name"
    for a in keys:
        for b in keys:
            if a != b and b.startswith(a):
                return f"one name is the start of another ({a!r}); make them differ from the first letter"
    return None


def house_rules_refusal(rules: Sequence[str], edition: Edition) -> str | None:
    """Why these house rules cannot be played with this edition, or None."""
    unknown = [r for r in rules if r not in HOUSE_RULES]
    if unknown:
        return f"unknown house rule {unknown[0]!r}; known: {', '.join(HOUSE_RULES)}"
    if "speed-die" in rules and edition.speed_die:
        return f"{edition.name} already plays with the speed die; leave out --house-rule speed-die"
    if "speed-die" in rules and not edition.speed_die_house_rule:
        return (f"{edition.name} is not played with the speed die (rulebook 002 is for the classic board); "
                f"leave out --house-rule speed-die")
    if "stadium-passing-only" in rules and not edition.stadiums:
        return f"{edition.name} has no stadiums; leave out --house-rule stadium-passing-only"
    return None


def game_started(edition: Edition, players: Sequence[str], house_rules: Iterable[str] = ()) -> ev.GameStarted:
    """The first event of a new game: the edition, the players, the house rules and the starting cash paid out.
    Raises Refusal, saying why, when the table cannot start so (checked before any file is made)."""
    rules = tuple(sorted(set(house_rules)))
    if reason := house_rules_refusal(rules, edition) or player_names_refusal(players, edition):
        raise Refusal(reason)
    names = tuple(n.strip() for n in players)
    transfers = [ev.Transfer(ev.BANK, n, edition.starting_cash) for n in names if edition.starting_cash]
    if "speed-die" in rules:  # 002: "each player receives an extra 1000", its own leg in the ledger
        transfers += [ev.Transfer(ev.BANK, n, SPEED_DIE_BONUS) for n in names]
    return ev.GameStarted(edition.raw, edition.id, names, rules, transfers=tuple(transfers))
