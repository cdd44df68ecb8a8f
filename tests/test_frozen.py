"""`banker.frozen` makes the events and commands: they must answer equality, hashing, repr and changes exactly as
`dataclass(frozen=True)` did before (issue 15 changed how they are made, to compile half as much at start)."""

from __future__ import annotations

import dataclasses
import inspect

import pytest

from banker import commands as c
from banker import events as ev
from banker.frozen import Frozen, frozen


def made_by_frozen() -> list[type]:
    classes = [cls for module in (ev, c) for _, cls in inspect.getmembers(module, inspect.isclass)
               if dataclasses.is_dataclass(cls) and cls.__module__.startswith(module.__name__)]
    assert len(classes) > 100
    return classes


def twin(cls: type) -> type:
    """The same fields as a plain `dataclass(frozen=True)`: what the class answered before."""
    fields = [(f.name, f.type, dataclasses.field(default=f.default, kw_only=f.kw_only))
              if f.default is not dataclasses.MISSING else (f.name, f.type)
              for f in dataclasses.fields(cls)]
    return dataclasses.make_dataclass(cls.__name__, fields, frozen=True)


def sample(cls: type, salt: int) -> dict[str, object]:
    """Field values: the defaults where there are some, else a value of the field's type that `salt` changes."""
    values: dict[str, object] = {}
    for f in dataclasses.fields(cls):
        kind = str(f.type)
        if kind.startswith("int") or kind == "int":
            values[f.name] = 7 + salt
        elif kind == "bool":
            values[f.name] = bool(salt % 2)
        elif kind.startswith("tuple") or kind == "Transfers":
            values[f.name] = (ev.Transfer("Ann", "Ben", 10 + salt),) if f.name == "transfers" else (f"x{salt}",)
        elif "Items" in kind:
            values[f.name] = c.Items(cash=salt, deeds=("Boardwalk",))
        else:
            values[f.name] = f"{f.name}-{salt}"
    return values


@pytest.mark.parametrize("cls", made_by_frozen(), ids=lambda cls: cls.__name__)
def test_a_frozen_record_answers_as_its_frozen_dataclass_twin(cls: type) -> None:
    assert issubclass(cls, Frozen)
    reference = twin(cls)
    one, same, other = cls(**sample(cls, 1)), cls(**sample(cls, 1)), cls(**sample(cls, 2))
    assert one == same and hash(one) == hash(same) and not one != same
    assert (one == other) == (reference(**sample(cls, 1)) == reference(**sample(cls, 2)))
    assert hash(one) == hash(reference(**sample(cls, 1)))  # the hash of the fields' tuple, as dataclasses hashes
    assert repr(one) == repr(reference(**sample(cls, 1))).replace(f"types.{cls.__name__}", cls.__qualname__)
    assert one != reference(**sample(cls, 1)), "a record equals only its own class"
    for f in dataclasses.fields(cls):  # changes refused as a frozen dataclass refuses them
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(one, f.name, None)
        with pytest.raises(dataclasses.FrozenInstanceError):
            delattr(one, f.name)
    with pytest.raises(dataclasses.FrozenInstanceError):
        one.extra = 1  # type: ignore[attr-defined]
    assert dataclasses.replace(one) == one and dataclasses.replace(one) is not one
    assert parameters(cls) == parameters(reference), "made with the arguments, defaults and keywords as before"
    assert vars(one) == sample(cls, 1), "every field is set, to the value given"


def parameters(cls: type) -> list[tuple[str, object, object]]:
    return [(p.name, p.kind, p.default) for p in inspect.signature(cls).parameters.values()]


def test_a_trades_sides_compare_by_what_they_hold() -> None:
    """Items is made by `frozen` though it is no command: it compares by its fields, not by identity."""
    assert c.Items(cash=5, deeds=("Boardwalk",)) == c.Items(cash=5, deeds=("Boardwalk",))
    assert c.Trade("Ann", "Ben", c.Items(cash=5), c.Items()) == c.Trade("Ann", "Ben", c.Items(cash=5), c.Items())
    assert len({c.Items(cash=5), c.Items(cash=5), c.Items(cash=6)}) == 2


def test_frozen_refuses_a_field_it_would_not_set_as_dataclasses_would() -> None:
    class Listed(Frozen):
        names: list[str] = dataclasses.field(default_factory=list)

    with pytest.raises(TypeError, match="plain defaults only"):
        frozen(Listed)


def test_frozen_refuses_a_class_that_would_compare_by_identity() -> None:
    class Plain:
        amount: int

    with pytest.raises(TypeError, match="must subclass Frozen"):
        frozen(Plain)
