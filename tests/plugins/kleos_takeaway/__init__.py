"""Take-away, a small game shipped as a Kleos plugin: importing this registers it (the
`kleos.games` entry point of `kleos_takeaway-1.0.dist-info` names this module).

A pile of counters (option `pile`, 1–40, default 30); 2 to 4 players take 1 to `max_take`
counters in turn (option `max_take`, 2–4, default 3), never as many as the move before unless
nothing else is left. Each seat is dealt a secret hand of 3 of 30 numbered cards; cards 1–10 are
stars. Whoever takes the last counter scores 5 (variant `misere`: everyone else scores 5), plus
the stars in their hand; the highest score wins, ties share.
"""

from kleos_takeaway.actions import Take
from kleos_takeaway.game import MISERE, SPEC, TakeAway
from kleos_takeaway.state import DECK, HAND, LAST_COUNTER, STARS, TakeAwayState, stars

__all__ = [
    "DECK",
    "HAND",
    "LAST_COUNTER",
    "MISERE",
    "SPEC",
    "STARS",
    "Take",
    "TakeAway",
    "TakeAwayState",
    "stars",
]
