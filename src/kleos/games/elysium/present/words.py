"""Elysium's fixed words that every front end shows: the phases, the power types, the column
marks, the seats' figures and the final score's rows (static data), and the pending effects
and Legends as the views say them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kleos.games.elysium.rules import active_eleusis
from kleos.games.elysium.scoring import legend_name
from kleos.games.elysium.state import FAMILY, LEVEL, ElysiumState, Legend
from kleos.games.elysium.vocabulary import BLACK, COLUMNS

if TYPE_CHECKING:
    from kleos.games.elysium.game import Elysium

PHASE_WORDS = {
    "actions": "Phase II: actions",
    "income": "Phase III: income",
    "writing": "Phase III: writing the Legends",
    "over": "Game over",
}
"""Each value of the views' `phase`, as a phase's name."""
POWER_WORDS = {
    "instantaneous": "once, when taken",
    "permanent": "always on while in the Domain",
    "trigger": "once per game",
    "activate": "once per epoch",
    "eleusis": "at income, with another Eleusis card",
    "legend": "during your Writing step",
    "chronos": "scores at the end of the game",
}
"""When each type of power works (docs/elysium.md §8)."""
COLUMN_WORDS = {**{c: c for c in COLUMNS}, BLACK: "any column"}
"""A condition's colours in words: black asks for any column."""
COLUMN_MARKS = {"yellow": "Y", "blue": "B", "green": "G", "red": "R", BLACK: "∗"}
"""A letter per colour, so that no one needs to tell colours apart."""
FIGURES = (("gold", "gold"), ("vp", "VP"), ("pp", "PP"))
"""The seats' public figures a scoreboard shows, with their words (PP only with Ares)."""
SCORE_ROWS = (
    ("legends", "Legends"),
    ("family_tiles", "Family tiles"),
    ("level_tiles", "Level tiles"),
    ("ares", "Ares (PP rank)"),
    ("chronos", "Chronos"),
    ("vp_tokens", "VP tokens"),
    ("citizens", "Citizens"),
    ("total", "Total"),
    ("gold", "Gold (tie-break)"),
)
"""The final breakdown's rows (`outcome.breakdown` keys), in order, with their words."""
SCORE_ROW_ITEMS = {"legends": "legend_list"}
"""Rows whose figure is made of items (a breakdown list of objects, each with its `text`)."""


def static_words() -> dict[str, object]:
    """The words above as static data."""
    return {
        "phases": PHASE_WORDS,
        "power_kinds": POWER_WORDS,
        "column_words": COLUMN_WORDS,
        "column_marks": COLUMN_MARKS,
        "figures": [{"key": key, "label": label} for key, label in FIGURES],
        "score_rows": [
            {"key": key, "label": label}
            | ({"items": SCORE_ROW_ITEMS[key]} if key in SCORE_ROW_ITEMS else {})
            for key, label in SCORE_ROWS
        ],
    }


def pending_notes(s: ElysiumState, p: int) -> list[str]:
    """What is pending for seat `p` (effects waiting for their moment), in words."""
    notes = []
    if s.ignore[p]:
        notes.append("ignore the condition of the next card taken")
    if s.keep[p]:
        notes.append("keep a column at the next dismissal")
    if s.oracle_once[p]:
        notes.append("the next card may come from the Oracle")
    if s.extra[p]:
        notes.append(f"+{s.extra[p]} transfer{'s' if s.extra[p] > 1 else ''} this epoch")
    for d in s.discounts[p]:
        what = [f"a level {'/'.join(map(str, sorted(d.levels)))} card"] if d.levels else []
        what += ["a Citizen"] if d.citizens else []
        notes.append(f"the next transfer of {' or '.join(what)} costs {d.n} gold less")
    return notes


def domain_notes(s: ElysiumState, p: int, c: int) -> list[str]:
    """The state of the power of card `c` in seat `p`'s Domain, in words (turned, its Trigger
    used or not, an Eleusis card active or waiting for another)."""
    power = s.game.tables.power[c]
    notes = ["turned: used this epoch"] if s.turned[c] else []
    if power == "trigger":
        notes.append("ring: its Trigger is unused" if s.ring[c] else "its Trigger is used")
    if power == "eleusis":
        active = active_eleusis(s, p)
        notes.append("Eleusis active" if active else "Eleusis inactive: needs another")
    return notes


def citizen_note(game: Elysium) -> str:
    """What Citizens are, in a line beside them."""
    penalty = game.card_set.citizen_penalty_vp
    return (
        "Face down: nobody sees them. Jokers in Legends of 2 or more cards; "
        f"{penalty} VP each in the Elysium at the end."
    )


def legend_title(game: Elysium, legend: Legend) -> str:
    """A Legend's type in words ("Family Legend: Zeus", "Level Legend: level 2")."""
    kind, key = legend[0], legend[1]
    if kind in (FAMILY, LEVEL):
        return legend_name(game, kind, key)
    return "a single card (its type is set by the next card)"
