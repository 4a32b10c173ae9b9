"""People's names for their seats: a display name is untrusted text, so it is read strictly
(trimmed, NFC, 1 to 24 characters, no control, format or separator character) and always
shown as text; an AI seat is named by its level ("hard AI")."""

from __future__ import annotations

import unicodedata

from kleos.agents.spec import LEVELS
from kleos.server.seats import HUMAN

MAX_NAME = 24
"""The most characters a display name has."""
MAX_MESSAGE = 300
"""The most characters a chat message has."""
LEVEL_NAMES = frozenset(("random", *LEVELS))
"""Agent specs an AI seat is named after ("hard AI"); any other spec is just "AI"."""
REFUSED_CATEGORIES = frozenset(("Zl", "Zp"))
"""Line and paragraph separators, refused beside every C* category (control, format —
bidirectional overrides, zero-width characters —, surrogates, private use, unassigned)."""


def parse_name(text: str) -> str:
    """A display name as typed, trimmed and in NFC; raises ValueError saying what is wrong."""
    return parse_line(text, "a name", MAX_NAME)


def parse_line(text: str, what: str, most: int) -> str:
    """One line of untrusted text (`what`: "a name", "a message") as typed, trimmed and in NFC,
    1 to `most` characters, none of them a control, format or separator character; raises
    ValueError saying what is wrong and, for a character, which one and where."""
    line = unicodedata.normalize("NFC", text.strip())
    if not line:
        raise ValueError(f"{what} has at least one character besides spaces")
    if len(line) > most:
        raise ValueError(f"{what} has at most {most} characters (this one has {len(line)})")
    for position, char in enumerate(line, 1):
        category = unicodedata.category(char)
        if category.startswith("C") or category in REFUSED_CATEGORIES:
            raise ValueError(
                f"{what} has no control or invisible characters (U+{ord(char):04X} at "
                f"character {position})"
            )
    return line


def seat_name(kind: str, name: str | None) -> str | None:
    """What a seat is called beside its colour: a human's display name (None if they chose
    none), an AI's level ("hard AI")."""
    if kind == HUMAN:
        return name
    return f"{kind} AI" if kind in LEVEL_NAMES else "AI"
