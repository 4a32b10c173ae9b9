"""The registry of games and `make`, the one way to configure a game."""

from __future__ import annotations

import json
import warnings
from typing import Any

from kleos.core.errors import ConfigError
from kleos.core.inputs import as_index, echo, quoted
from kleos.core.protocol import Game, GameConfig
from kleos.core.rng import MAX_SEED, new_seed

CONFIG_KEYS = ("game", "players", "seed", "variants", "options")
ENTRY_POINTS = "kleos.games"
"""The entry-point group under which another distribution declares its games: each names a
module that registers its game on import (docs/contract.md)."""

_GAMES: dict[str, type[Game]] = {}
_plugins_loaded = False


def register(game_class: type[Game]) -> type[Game]:
    """Register a game class under its `game_id` (usable as a class decorator)."""
    _GAMES[game_class.game_id] = game_class
    return game_class


def load_plugins() -> None:
    """Import the game modules that other distributions declare (once per process). A plugin
    that fails to import is left out with a warning: it never stops Kleos from starting."""
    global _plugins_loaded
    if _plugins_loaded:
        return
    _plugins_loaded = True
    from importlib.metadata import entry_points  # noqa: PLC0415 - slow to import: only here

    for point in entry_points(group=ENTRY_POINTS):
        try:
            point.load()
        except Exception as exc:  # a broken plugin, whatever it raises
            warnings.warn(
                f"the game plugin {point.name!r} ({point.value}) failed to load: {exc!r}",
                RuntimeWarning,
                stacklevel=2,
            )


def game_ids() -> tuple[str, ...]:
    """The ids of every registered game (plugins included), sorted."""
    load_plugins()
    return tuple(sorted(_GAMES))


def game_class(game_id: object) -> type[Game]:
    """The class registered under `game_id`. Plugins are looked for only when no game of the
    package has that id, so that making a built-in game never pays for the scan of every
    installed distribution (tens of milliseconds)."""
    found = _GAMES.get(game_id) if isinstance(game_id, str) else None
    if found is None:
        load_plugins()
        found = _GAMES.get(game_id) if isinstance(game_id, str) else None
    if found is None:
        known = ", ".join(game_ids()) or "none"
        raise ConfigError(f"unknown game {quoted(game_id)} (games: {known})")
    return found


def make(
    game_id: str,
    players: int | None = None,
    seed: int | None = None,
    variants: Any = (),
    **options: Any,
) -> Game:
    """Configure a game: `kleos.make("ilium", players=3, seed=7, variants=())`.

    Without a seed one is drawn from the system; it is kept in the config so the game
    can be replayed. Variants are stored sorted, so their order never matters. Options are
    checked against the game's spec (`kleos.core.spec`); an option that names a file (a board,
    a card set) is read here, and the config keeps its data.
    """
    cls = game_class(game_id)
    read = {name: cls.spec.option(name).read_files(value) for name, value in options.items()}
    return _configure(cls, players, seed, variants, read)


def make_from_config(data: object) -> Game:
    """Rebuild a game from `GameConfig.to_json()` data (as found in a record header).

    Options are taken as data: no file an option might name is ever opened.
    """
    if not isinstance(data, dict):
        raise ConfigError("a game config must be a JSON object")
    unknown = set(data) - set(CONFIG_KEYS)
    if unknown:
        raise ConfigError(f"unknown config keys: {echo(', '.join(sorted(map(str, unknown))))}")
    variants, options = data.get("variants", []), data.get("options", {})
    if not isinstance(variants, list) or not all(isinstance(v, str) for v in variants):
        raise ConfigError("config 'variants' must be a list of variant ids")
    if not isinstance(options, dict):
        raise ConfigError("config 'options' must be an object")
    if data.get("seed") is None:
        raise ConfigError("config has no 'seed'")
    cls = game_class(data.get("game"))
    return _configure(cls, data.get("players"), data["seed"], variants, options)


def _configure(
    cls: type[Game], players: object, seed: object, variants: object, options: dict[str, Any]
) -> Game:
    """Check every part of a config and build the game."""
    if variants is None:
        variants = ()
    if isinstance(variants, str):
        variants = [variants]
    if not isinstance(variants, list | tuple | set | frozenset) or not all(
        isinstance(v, str) for v in variants
    ):
        raise ConfigError(f"variants must be a list of variant ids, not {quoted(variants)}")
    count = cls.default_players if players is None else as_index(players)
    if count is None:
        raise ConfigError(f"players must be a whole number, not {quoted(players)}")
    if seed is None:
        seed = new_seed()
    number = as_index(seed)
    if number is None or not 0 <= number <= MAX_SEED:
        raise ConfigError(f"seed must be a whole number from 0 to 2^64 − 1, not {quoted(seed)}")
    config = GameConfig(
        game_id=cls.game_id,
        players=count,
        seed=number,
        variants=tuple(sorted(set(variants))),
        options=tuple(sorted(_json_options(options).items())),
    )
    return cls(config)


def _json_options(options: dict[str, Any]) -> dict[str, Any]:
    """A fresh copy of the options as JSON data (what a record can store), or a ConfigError."""
    copied = {}
    for name, value in options.items():
        try:
            copied[name] = json.loads(json.dumps(value, allow_nan=False))
        except (TypeError, ValueError, RecursionError):
            raise ConfigError(
                f"option '{echo(name)}' must be JSON data (text, numbers, lists, objects), "
                f"not {quoted(value)}"
            ) from None
    return copied
