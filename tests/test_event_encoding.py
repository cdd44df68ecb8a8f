"""The text the ledger stores for an event (and hashes) is `canonical(event.payload())`: sorted keys, no spaces,
UTF-8 kept, money legs as [payer, payee, amount]. `ledger.encode` writes it in one orjson call from the event's
own fields; it must give the very same text for every event, or a game's hashes would change with the encoder."""

from __future__ import annotations

import dataclasses

import pytest

from banker import events as ev
from banker.ledger import canonical, encode
from tests.test_frozen import sample


def events_made_by_frozen() -> list[type[ev.Event]]:
    return [cls for cls in ev.Event.registry.values() if dataclasses.is_dataclass(cls)]


@pytest.mark.parametrize("cls", events_made_by_frozen(), ids=lambda cls: cls.__name__)
def test_an_event_is_stored_as_its_canonical_payload(cls: type[ev.Event]) -> None:
    for salt in (1, 2):
        event = cls(**sample(cls, salt))
        assert encode(event) == canonical(event.payload())
        if cls is not ev.GameStarted:
            assert encode(ev.decode(cls.__name__, event.payload())) == encode(event), "as read back from the file"


def test_names_beyond_ascii_big_amounts_and_no_legs_are_written_as_json_writes_them() -> None:
    odd = ev.CashPaid("café — «M2m»", transfers=(ev.Transfer("Zoë", "Ωmega", 2**70), ev.Transfer("A", "B", 5)))
    assert encode(odd) == canonical(odd.payload())
    assert '"Zoë"' in encode(odd) and str(2**70) in encode(odd)
    plain = ev.SalaryCollected("Ann", "")
    assert encode(plain) == canonical(plain.payload()) == '{"basis":"","player":"Ann","transfers":[]}'
