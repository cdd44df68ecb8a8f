"""Text from a phone is hostile: it must not repaint the banker's terminal or read differently there.

A line holding a control or format character (C0 but tab, DEL, C1, bidi overrides such as U+202E,
zero-width characters, line separators, lone surrogates) is refused before anything is stored.
Whatever is printed from a phone is passed through `shown` anyway, so a line stored by an older
Banker cannot paint the terminal either: each such character is printed as its escape (\\u202e).
"""

from __future__ import annotations

import json
import re
import unicodedata
from typing import Any

HIDDEN = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}  # control, format, surrogate, private, unassigned, separators
ALLOWED = {"\t"}


def hidden(char: str) -> bool:
    return char not in ALLOWED and unicodedata.category(char) in HIDDEN


def character_refusal(text: str, what: str = "the line") -> str | None:
    """Why `text` cannot come from a phone, or None."""
    for char in text:
        if hidden(char):
            return (f"{what} holds an invisible or control character (U+{ord(char):04X}); "
                    "type it again with letters, digits and spaces only")
    return None


def _escape(char: str) -> str:
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def shown(text: Any) -> str:
    """`text` safe to print on a terminal: every hidden character as its escape."""
    return "".join(_escape(char) if hidden(char) else char for char in str(text))


def _json_escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    if code < 0x10000:
        return f"\\u{code:04x}"
    code -= 0x10000
    return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"


def json_shown(value: Any, indent: int | None = 2) -> str:
    """JSON for a terminal: the same document, hidden characters written as \\u escapes (still valid JSON)."""
    text = json.dumps(value, indent=indent, ensure_ascii=False)
    return re.sub(r"[^\t\n -~]", lambda m: _json_escape(m) if hidden(m.group()) else m.group(), text)
