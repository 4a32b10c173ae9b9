"""Which build of the engine runs: pure Python, or the hot modules compiled by mypyc.

`COMPILED` is the one list of the modules a compiled build compiles (setup.py reads it from
this file, which imports nothing but the standard library)."""

from __future__ import annotations

from importlib.machinery import EXTENSION_SUFFIXES
from importlib.util import find_spec

COMPILED = (
    "kleos.core.frozen",
    "kleos.core.rng",
    "kleos.core.state",
    "kleos.games.evaluation",
    "kleos.games.ilium.state",
    "kleos.games.ilium.board",
    "kleos.games.ilium.tables",
    "kleos.games.ilium.rules",
    "kleos.games.ilium.scoring",
    "kleos.games.ilium.ai",
    "kleos.games.ilium.bound",
    "kleos.games.ilium.encoding",
    "kleos.games.elysium.state",
    "kleos.games.elysium.cards",
    "kleos.games.elysium.tables",
    "kleos.games.elysium.scoring",
    "kleos.games.elysium.tasks",
    "kleos.games.elysium.machine",
    "kleos.games.elysium.effects",
    "kleos.games.elysium.legends",
    "kleos.games.elysium.rules",
    "kleos.games.elysium.ai",
    "kleos.games.elysium.bound",
    "kleos.games.elysium.encoding",
    "kleos.agents.ismcts",
)
"""The modules on the hot path of play and search."""


def compiled_modules() -> list[str]:
    """The modules of `COMPILED` that run compiled here (extension modules)."""
    found = []
    for name in COMPILED:
        spec = find_spec(name)
        origin = "" if spec is None or spec.origin is None else spec.origin
        if origin.endswith(tuple(EXTENSION_SUFFIXES)):
            found.append(name)
    return found


def compiled() -> bool:
    """Whether the engine running is the compiled build (every hot module compiled)."""
    return len(compiled_modules()) == len(COMPILED)


def build_name() -> str:
    """The build in words, for benchmark headers: 'compiled (mypyc, 22 modules)' or 'pure
    Python' (or how many modules are compiled, if only some are)."""
    count = len(compiled_modules())
    if count == len(COMPILED):
        return f"compiled (mypyc, {count} modules)"
    return "pure Python" if count == 0 else f"partly compiled ({count} of {len(COMPILED)})"
