"""The core contract: protocol, errors, seeded randomness, registry and records."""

from kleos.core.errors import (
    ActionParseError,
    ArgumentError,
    ConfigError,
    GameOverError,
    IllegalActionError,
    KleosError,
    NotYourTurnError,
    RecordError,
    SeatError,
    StaleStateError,
)
from kleos.core.protocol import (
    Action,
    Event,
    Game,
    GameConfig,
    Outcome,
    PlayerId,
    State,
    ViewParts,
)
from kleos.core.records import Move, Record, RecordWriter, read_record, replay, write_record
from kleos.core.registry import game_class, game_ids, make, make_from_config, register
from kleos.core.rng import derive_seed, make_rng, new_seed

__all__ = [
    "Action",
    "ActionParseError",
    "ArgumentError",
    "ConfigError",
    "Event",
    "Game",
    "GameConfig",
    "GameOverError",
    "IllegalActionError",
    "KleosError",
    "Move",
    "NotYourTurnError",
    "Outcome",
    "PlayerId",
    "Record",
    "RecordError",
    "RecordWriter",
    "SeatError",
    "StaleStateError",
    "State",
    "ViewParts",
    "derive_seed",
    "game_class",
    "game_ids",
    "make",
    "make_from_config",
    "make_rng",
    "new_seed",
    "read_record",
    "register",
    "replay",
    "write_record",
]
