"""The core contract: protocol, errors, seeded randomness, registry and records."""

from kleos.core.errors import (
    ActionParseError,
    ConfigError,
    IllegalActionError,
    KleosError,
    RecordError,
)
from kleos.core.protocol import Action, Event, Game, GameConfig, Outcome, PlayerId, State
from kleos.core.records import Move, Record, RecordWriter, read_record, replay, write_record
from kleos.core.registry import game_class, game_ids, make, make_from_config, register
from kleos.core.rng import derive_seed, make_rng, new_seed

__all__ = [
    "Action",
    "ActionParseError",
    "ConfigError",
    "Event",
    "Game",
    "GameConfig",
    "IllegalActionError",
    "KleosError",
    "Move",
    "Outcome",
    "PlayerId",
    "Record",
    "RecordError",
    "RecordWriter",
    "State",
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
