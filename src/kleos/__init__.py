"""Kleos: rules engines, AI and play for the board games Ilium and Elysium."""

from kleos import games as games
from kleos.core import (
    Action,
    ActionParseError,
    ConfigError,
    Event,
    Game,
    GameConfig,
    IllegalActionError,
    KleosError,
    Outcome,
    PlayerId,
    Record,
    RecordError,
    State,
    game_ids,
    make,
    read_record,
    replay,
)
from kleos.core.version import ENGINE_VERSION as __version__

__all__ = [
    "Action",
    "ActionParseError",
    "ConfigError",
    "Event",
    "Game",
    "GameConfig",
    "IllegalActionError",
    "KleosError",
    "Outcome",
    "PlayerId",
    "Record",
    "RecordError",
    "State",
    "__version__",
    "game_ids",
    "games",
    "make",
    "read_record",
    "replay",
]
