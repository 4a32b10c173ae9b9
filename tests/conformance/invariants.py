"""Per-game conservation laws: the one game-specific hook of the conformance suite.

Each registered game has an entry `game_id -> check(state, previous)` that asserts the game's
invariants on `state`; `previous` is the state before the last move (None at the start), for
laws about change ("cubes never come back"). A test fails while a registered game has none.
"""

from __future__ import annotations

from collections.abc import Callable

from elysium_invariants import check_elysium
from ilium_invariants import check_ilium

from kleos.core.protocol import State

Check = Callable[[State, State | None], None]

INVARIANTS: dict[str, Check] = {
    "elysium": check_elysium,
    "ilium": check_ilium,
}
