"""People's names for their seats: a display name is untrusted text, so it is read strictly
(trimmed, NFC, 1 to 24 characters, no control, format or separator character) and always
shown as text; an AI seat is named by its level ("hard AI")."""

from __future__ import annotations

import unicodedata

from kleos.agents.spec import LEVELS
from kleos.server.seats import HUMAN

MAX_NAME = 24
"""The most characters a display name has."""
LEVEL_NAMES = frozenset(("random", *LEVELS))
"""Agent specs an AI seat is named after ("hard AI"); any other spec is just "AI"."""
REFUSED_CATEGORIES = frozenset(("Zl", "Zp"))
"""Line and paragraph separators, refused beside every C* category (control, format —
bidirectional overrides, zero-width characters —, surrogates, private use, unassigned)."""


def parse_name(text: str) -> str:
    """A display name as typed, trimmed and in NFC; raises ValueError saying what is wrong."""
    name = unicodedata.normalize("NFC", text.strip())
    if not name:
        raise ValueError("a name has at least one character besides spaces")
    if len(name) > MAX_NAME:
        raise ValueError(f"a name has at most {MAX_NAME} characters (this one has {len(name)})")
    for position, char in enumerate(name, 1):
        category = unicodedata.category(char)
        if category.startswith("C") or category in REFUSED_CATEGORIES:
            raise ValueError(
                f"a name has no control or invisible characters (U+{ord(char):04X} at "
                f"character {position})"
            )
    return name


def seat_name(kind: str, name: str | None) -> str | None:
    """What a seat is called beside its colour: a human's display name (None if they chose
    none), an AI's level ("hard AI")."""
    if kind == HUMAN:
        return name
    return f"{kind} AI" if kind in LEVEL_NAMES else "AI"
