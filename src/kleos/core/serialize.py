"""A state as JSON text, hidden parts included — for a determinized copy handed to a remote bot,
for research tools that copy states across processes, for files. The text is plain data read
strictly (`kleos.core.jsonstate`): text from anywhere becomes a state the rules could reach or
raises `StateDataError`, and nothing in it can run code. (Pickle is kept for processes Kleos
itself starts: its AI pool and Ray tasks.)
"""

from __future__ import annotations

from kleos.core.errors import ConfigError, StateDataError
from kleos.core.jsonstate import Fields, parse_state_text, state_text
from kleos.core.protocol import State
from kleos.core.registry import make_from_config


def state_to_text(state: State) -> str:
    """The state's JSON document as text (all of it: keep it where the state itself may be)."""
    return state_text(state.to_json())


def state_from_text(text: object) -> State:
    """The state `state_to_text` wrote, its game rebuilt from the document's config (as data:
    no file is opened); anything else raises `StateDataError`."""
    return state_from_document(parse_state_text(text))


def state_from_document(document: object) -> State:
    """The state a parsed JSON state document holds (`State.to_json`), its game rebuilt from
    the document's config; anything else raises `StateDataError`."""
    config = Fields(document, "document").object("config").data
    seed = config.get("seed")
    try:
        game = make_from_config({**config, "seed": 0 if seed is None else seed})
    except ConfigError as exc:
        raise StateDataError(f"document.config: {exc}") from None
    return game.state_from_json(document)
