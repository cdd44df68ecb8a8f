"""Finding what the banker meant: case-insensitive names where a unique prefix is enough."""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable
from functools import lru_cache

from .errors import Refusal
from .frozen import Frozen, frozen


@lru_cache(maxsize=8192)
def squash(text: str) -> str:
    """Lower case, letters and digits only: "St. Charles Place" -> "stcharlesplace" (any alphabet)."""
    return "".join(ch for ch in text.casefold() if ch.isalnum())


@frozen
class _Names(Frozen):
    """One list of candidates, squashed once: a line names a player, a deed or a verb without a walk of
    every name (the lists are the same few at every action: the players, the deeds, the verbs)."""

    names: tuple[str, ...]  # in their given order, each once
    exact: dict[str, tuple[str, ...]]  # squashed -> the names that squash to it
    keys: tuple[str, ...]  # the squashed names, sorted: those a key starts are side by side
    order: dict[str, tuple[int, ...]]  # squashed -> the places of its names in `names`
    found: dict[str, str]  # words as typed -> the one name they named (a table types the same few again and again)


@lru_cache(maxsize=512)
def _names(candidates: tuple[str, ...]) -> _Names:
    names = tuple(dict.fromkeys(candidates))
    places: dict[str, list[int]] = {}
    for place, name in enumerate(names):
        places.setdefault(squash(name), []).append(place)
    return _Names(names, {key: tuple(names[p] for p in at) for key, at in places.items()}, tuple(sorted(places)),
                  {key: tuple(at) for key, at in places.items()}, {})


def _starting_with(index: _Names, key: str) -> list[str]:
    """The names whose squashed form starts with `key`, in their given order."""
    keys = index.keys
    places: list[int] = []
    at = bisect_left(keys, key)
    while at < len(keys) and keys[at].startswith(key):
        places.extend(index.order[keys[at]])
        at += 1
    return [index.names[p] for p in sorted(places)]


_BY_IDENTITY: dict[int, tuple[tuple[str, ...], _Names]] = {}  # id of a tuple -> the tuple (kept alive), its index


def _index(candidates: Iterable[str]) -> _Names:
    """The index of a list of names. A tuple is looked up by identity first: the verbs, the players and an
    edition's deeds are the same tuple at every line, and looking one up by value hashes every name in it (at the
    table, with the caches cold after the last action's wait for the disk, each name costs a memory fetch)."""
    if type(candidates) is not tuple:
        return _names(tuple(candidates))
    kept = _BY_IDENTITY.get(id(candidates))
    if kept is not None and kept[0] is candidates:
        return kept[1]
    if len(_BY_IDENTITY) >= 64:  # the players after each bankruptcy, a test's many tables: keep a few
        _BY_IDENTITY.clear()
    index = _names(candidates)
    _BY_IDENTITY[id(candidates)] = (candidates, index)
    return index


def match(word: str, candidates: Iterable[str], what: str, hint: str = "") -> str:
    """The one candidate `word` names exactly or by unique prefix; else a Refusal."""
    kept = _BY_IDENTITY.get(id(candidates))  # `_index`'s first look, here: a line matches two or three words
    index = kept[1] if kept is not None and kept[0] is candidates else _index(candidates)
    named = index.found.get(word)
    if named is not None:
        return named
    key = squash(word)
    if not key:
        raise Refusal(f"{word!r} is not a {what} name{hint}")
    exact = index.exact.get(key, ())
    if len(exact) == 1:
        return _found(index, word, exact[0])
    found = _starting_with(index, key)
    if len(found) == 1:
        return _found(index, word, found[0])
    by_words = [n for n in found if starts_word_by_word(word, n)]
    if len(by_words) == 1:  # "b&o" or "b. & o.": B. & O. Railroad, not Boardwalk
        return _found(index, word, by_words[0])
    if not found:
        names = index.names
        known = ", ".join(names) if len(names) <= 12 else ", ".join(names[:12]) + ", ..."
        raise Refusal(f"no {what} called {word!r}; known: {known}{hint}")
    raise Refusal(f"{word!r} could be {' or '.join(found[:6])}; type more of the {what} name")


def _found(index: _Names, word: str, name: str) -> str:
    """`name`, kept as what `word` names in this list (a few hundred words at most: the typos are refused)."""
    if len(index.found) < 512:
        index.found[word] = name
    return name


def _words(text: str) -> list[str]:
    return "".join(ch if ch.isalnum() else " " for ch in text.casefold()).split()


def starts_word_by_word(word: str, name: str) -> bool:
    """Typed in two or more parts, each the start of the name's next word: "b&o" -> "B. & O. Railroad"."""
    typed, parts = _words(word), _words(name)
    if not 2 <= len(typed) <= len(parts):
        return False
    return all(p.startswith(t) for t, p in zip(typed, parts[: len(typed)], strict=True))
