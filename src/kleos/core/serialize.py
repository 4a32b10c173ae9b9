"""A state as bytes, hidden parts included — for a determinized copy handed to a remote bot,
for research tools that copy states across processes — read back by an unpickler that builds
nothing but Kleos's own classes, so bytes from elsewhere cannot run code.

A state's game is stored as its config (`Game.__reduce__`), so the bytes are small (about
3 KB) and the game's tables are rebuilt, or found cached, on loading.
"""

from __future__ import annotations

import io
import pickle
from typing import Any

from kleos.core.errors import StateDataError
from kleos.core.inputs import echo
from kleos.core.protocol import Outcome, State, restore_game

MAX_STATE_BYTES = 1024 * 1024
"""The largest serialized state read."""
GAMES = "kleos.games."
"""The bytes may name the classes of the game packages (states, actions, tuples, enums),
`Outcome` and `restore_game`: nothing that could read or write a file or run anything else."""


def dump_state(state: State) -> bytes:
    """The state as bytes (all of it: keep them where the state itself may be)."""
    return pickle.dumps(state, protocol=5)


def load_state(data: object) -> State:
    """The state `dump_state` wrote; anything else raises `StateDataError`."""
    if not isinstance(data, bytes | bytearray) or len(data) > MAX_STATE_BYTES:
        raise StateDataError(f"a state is read from at most {MAX_STATE_BYTES:,} bytes")
    try:
        state = _KleosOnly(io.BytesIO(data)).load()
    except StateDataError:
        raise
    except Exception as exc:  # malformed bytes fail in many ways
        raise StateDataError(f"these bytes are not a Kleos state ({type(exc).__name__})") from None
    if not isinstance(state, State):
        raise StateDataError("these bytes hold something other than a Kleos state")
    return state


class _KleosOnly(pickle.Unpickler):
    def find_class(self, module: str, name: str) -> Any:
        for allowed in (restore_game, Outcome):
            if (module, name) == (allowed.__module__, allowed.__qualname__):
                return allowed
        if module.startswith(GAMES) and not name.startswith("_"):
            found = super().find_class(module, name)
            if isinstance(found, type):
                return found
        raise StateDataError(f"a state never refers to {echo(module)}.{echo(name)}")
