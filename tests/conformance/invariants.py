"""Per-game conservation laws: the one game-specific hook of the conformance suite.

Each registered game has a `check(state, previous)` that asserts the game's invariants on
`state`; `previous` is the state before the last move (None at the start), for laws about change
("cubes never come back"). The built-in games' are here; a game from elsewhere (a plugin) brings
its own as `check_invariants` in an `invariants` module beside its game class, so it joins the
suite without an edit here. A test fails while a registered game has none.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable

from elysium_invariants import check_elysium
from ilium_invariants import check_ilium

from kleos.core.protocol import State
from kleos.core.registry import game_class

Check = Callable[[State, State | None], None]

BUILT_IN: dict[str, Check] = {
    "elysium": check_elysium,
    "ilium": check_ilium,
}


def invariants_for(game_id: str) -> Check | None:
    """The conservation laws of a registered game, or None if it has none."""
    if game_id in BUILT_IN:
        return BUILT_IN[game_id]
    package = game_class(game_id).__module__.rpartition(".")[0]
    try:
        module = importlib.import_module(f"{package}.invariants")
    except ModuleNotFoundError:
        return None
    check: Check | None = getattr(module, "check_invariants", None)
    return check
