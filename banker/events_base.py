"""What every event is: a frozen, past-tense fact with its money legs, stored by its type's name and read back.

The events themselves are in `banker.events` (the table's money, deeds, buildings, jail and corrections) and in
the modules it gathers by what they record: `events_tokens` (the dice, the tokens, what waits), `events_coins`
(Sore Losers' Mr. Monopoly and coins), `events_districts` (Monopoly City's trading unit and districts).
"""

from __future__ import annotations

import dataclasses
from dataclasses import field
from functools import cache
from typing import Any, ClassVar

from .frozen import Frozen, frozen

BANK = "bank"
POT = "pot"
OUT = "out"  # holdings out of play for good (a used bus ticket)
ACCOUNTS = (BANK, POT)


@frozen
class Transfer(Frozen):
    payer: str
    payee: str
    amount: int


Transfers = tuple[Transfer, ...]


@frozen
class Event(Frozen):
    """Base of every event. `transfers` are the money legs of this event."""

    registry: ClassVar[dict[str, type[Event]]] = {}
    type: ClassVar[str] = "Event"  # the class's name, as the ledger stores it (an attribute: no call per event)
    transfers: Transfers = field(default=(), kw_only=True)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        Event.registry[cls.__name__] = cls
        cls.type = cls.__name__

    def payload(self) -> dict[str, Any]:
        """The JSON-ready body of the event (everything but its type)."""
        body: dict[str, Any] = {}
        for name in _field_order(type(self)):
            value = getattr(self, name)
            if name == "transfers":
                value = [[t.payer, t.payee, t.amount] for t in value]
            elif isinstance(value, tuple):
                value = list(value)
            body[name] = value
        return body


class EventDecodeError(ValueError):
    pass


@cache
def _field_order(cls: type[Event]) -> tuple[str, ...]:
    return tuple(f.name for f in dataclasses.fields(cls))


@cache
def _field_names(cls: type[Event]) -> frozenset[str]:
    return frozenset(f.name for f in dataclasses.fields(cls))


@cache
def _later_fields(cls: type[Event]) -> dict[str, Any]:
    """Fields with a default: a payload written before such a field was added reads as that default."""
    return {f.name: f.default for f in dataclasses.fields(cls)
            if f.name != "transfers" and f.default is not dataclasses.MISSING}


def decode(type_name: str, payload: dict[str, Any]) -> Event:
    """Rebuild an event from its stored type and payload; raises EventDecodeError. The payload is left as it is."""
    if not isinstance(payload, dict):
        raise EventDecodeError("payload is not an object")
    return decode_owned(type_name, dict(payload))


_new = object.__new__
_set = object.__setattr__


_LEGS: dict[tuple[str, str, int], Transfer] = {}  # the same legs come back all game long: one (frozen) object each


def _transfer(leg: Any) -> Transfer:
    payer, payee, amount = leg
    plain = type(payer) is str and type(payee) is str and type(amount) is int  # never True for 1: the fold checks
    if plain and (known := _LEGS.get((payer, payee, amount))) is not None:
        return known
    transfer = _new(Transfer)
    _set(transfer, "__dict__", {"payer": payer, "payee": payee, "amount": amount})
    if plain:
        if len(_LEGS) >= 4096:
            _LEGS.clear()
        _LEGS[payer, payee, amount] = transfer
    return transfer


def _shape(type_name: str) -> tuple[type[Event], frozenset[str], dict[str, Any]]:
    """An event type's class, field names and later fields' defaults, looked up once per type name."""
    cls = Event.registry.get(type_name)
    if cls is None:
        raise EventDecodeError(f"unknown event type {type_name!r}")
    shape = _SHAPES[type_name] = (cls, _field_names(cls), _later_fields(cls))
    return shape


_SHAPES: dict[str, tuple[type[Event], frozenset[str], dict[str, Any]]] = {}


def decode_owned(type_name: str, payload: dict[str, Any]) -> Event:
    """`decode` for a payload the caller hands over (fresh from the JSON decoder): it becomes the event's fields.

    A stored payload holds every field it had when written (see `payload`), so the keys are checked
    as a set and the frozen instance takes the dict as it is: replaying 100,000 events stays fast.
    """
    cls, names, later = _SHAPES.get(type_name) or _shape(type_name)
    if type(payload) is not dict and not isinstance(payload, dict):
        raise EventDecodeError("payload is not an object")
    keys = payload.keys()
    if keys != names:
        missing = names - keys
        if not (keys <= names and missing <= later.keys()):  # transfers is never a later field
            extra = sorted(keys - names)
            raise EventDecodeError(f"bad {type_name} payload: missing {sorted(missing)}, unknown {extra}")
        for name in missing:
            payload[name] = later[name]
    try:
        for name, value in payload.items():
            if type(value) is list:
                payload[name] = tuple(map(_transfer, value)) if name == "transfers" else tuple(value)
        if type(payload["transfers"]) is not tuple:
            raise TypeError("transfers is not a list")
    except (TypeError, ValueError) as error:
        raise EventDecodeError(f"bad {type_name} payload: {error}") from None
    event = _new(cls)
    _set(event, "__dict__", payload)
    return event
