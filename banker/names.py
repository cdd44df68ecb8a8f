"""Finding what the banker meant: case-insensitive names where a unique prefix is enough."""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from .errors import Refusal


@lru_cache(maxsize=8192)
def squash(text: str) -> str:
    """Lower case, letters and digits only: "St. Charles Place" -> "stcharlesplace" (any alphabet)."""
    return "".join(ch for ch in text.casefold() if ch.isalnum())


def match(word: str, candidates: Iterable[str], what: str, hint: str = "") -> str:
    """The one candidate `word` names exactly or by unique prefix; else a Refusal."""
    names = list(dict.fromkeys(candidates))
    key = squash(word)
    if not key:
        raise Refusal(f"{word!r} is not a {what} name{hint}")
    exact = [n for n in names if squash(n) == key]
    if len(exact) == 1:
        return exact[0]
    found = [n for n in names if squash(n).startswith(key)]
    if len(found) == 1:
        return found[0]
    by_words = [n for n in found if starts_word_by_word(word, n)]
    if len(by_words) == 1:  # "b&o" or "b. & o.": B. & O. Railroad, not Boardwalk
        return by_words[0]
    if not found:
        known = ", ".join(names) if len(names) <= 12 else ", ".join(names[:12]) + ", ..."
        raise Refusal(f"no {what} called {word!r}; known: {known}{hint}")
    raise Refusal(f"{word!r} could be {' or '.join(found[:6])}; type more of the {what} name")


def _words(text: str) -> list[str]:
    return "".join(ch if ch.isalnum() else " " for ch in text.casefold()).split()


def starts_word_by_word(word: str, name: str) -> bool:
    """Typed in two or more parts, each the start of the name's next word: "b&o" -> "B. & O. Railroad"."""
    typed, parts = _words(word), _words(name)
    if not 2 <= len(typed) <= len(parts):
        return False
    return all(p.startswith(t) for t, p in zip(typed, parts[: len(typed)], strict=True))
