"""Editions as data: one TOML file per edition, validated into a frozen `Edition`.

The shipped files live beside this module. A user adds an edition by dropping a
`NAME.toml` into `user_editions_dir()` (see the README); it is listed and loaded
exactly like a shipped one. This module finds and loads the files; `model.py` holds
the frozen data and `validate.py` turns a file's data into it, naming the file, the
field and the problem of every error.
"""

from __future__ import annotations

from pathlib import Path

from .model import Card, Deed, Edition, HoldingKind, Planning, Space
from .validate import EditionError, parse_edition, rulebook_named_in

__all__ = [
    "SHIPPED_DIR", "Card", "Deed", "Edition", "EditionError", "HoldingKind", "Planning", "Space", "edition_files",
    "load_edition", "load_edition_file", "parse_edition", "rulebook_named_in", "user_editions_dir",
]

SHIPPED_DIR = Path(__file__).parent


def user_editions_dir() -> Path:
    """Where a user drops extra edition files (created on first use)."""
    from platformdirs import user_data_dir  # only where editions are listed or loaded by name: start-up stays lean

    return Path(user_data_dir("banker", appauthor=False)) / "editions"


def edition_files() -> dict[str, Path]:
    """Every edition file by id; a user's file of the same id overrides a shipped one."""
    found: dict[str, Path] = {}
    for folder in (SHIPPED_DIR, user_editions_dir()):
        if folder.is_dir():
            for path in sorted(folder.glob("*.toml")):
                found[path.stem] = path
    return found


def load_edition_file(path: Path) -> Edition:
    import tomllib  # a game file carries its edition as data: only `new` and the edition lists read TOML

    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as error:
        raise EditionError(f"{path}: cannot be read: {error}") from None
    except tomllib.TOMLDecodeError as error:
        raise EditionError(f"{path}: not valid TOML: {error}") from None
    return parse_edition(data, path.stem, str(path))


def load_edition(name: str) -> Edition:
    """Load by id (`classic-us`) or by a path to a .toml file."""
    if name.endswith(".toml") or "/" in name:
        return load_edition_file(Path(name))
    files = edition_files()
    if name not in files:
        raise EditionError(f"no edition named {name!r}; known editions: {', '.join(sorted(files))}")
    return load_edition_file(files[name])
