"""The registry of games and `make`, the one way to configure a game."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from kleos.core.errors import ConfigError
from kleos.core.protocol import Game, GameConfig
from kleos.core.rng import new_seed

_GAMES: dict[str, type[Game]] = {}


def register(game_class: type[Game]) -> type[Game]:
    """Register a game class under its `game_id` (usable as a class decorator)."""
    _GAMES[game_class.game_id] = game_class
    return game_class


def game_ids() -> tuple[str, ...]:
    """The ids of every registered game, sorted."""
    return tuple(sorted(_GAMES))


def game_class(game_id: str) -> type[Game]:
    """The class registered under `game_id`."""
    try:
        return _GAMES[game_id]
    except KeyError:
        known = ", ".join(game_ids()) or "none"
        raise ConfigError(f"unknown game '{game_id}' (games: {known})") from None


def make(
    game_id: str,
    players: int | None = None,
    seed: int | None = None,
    variants: Iterable[str] | None = (),
    **options: Any,
) -> Game:
    """Configure a game: `kleos.make("ilium", players=3, seed=7, variants=())`.

    Without a seed one is drawn from the system; it is kept in the config so the game
    can be replayed. Variants are stored sorted, so their order never matters.
    """
    cls = game_class(game_id)
    if variants is None:
        variants = ()
    if isinstance(variants, str):
        variants = [variants]
    variants = list(variants)
    if not all(isinstance(v, str) for v in variants):
        raise ConfigError(f"variants must be variant ids (strings), not {variants!r}")
    if players is None:
        players = cls.default_players
    if not isinstance(players, int) or isinstance(players, bool):
        raise ConfigError(f"players must be a whole number, not {players!r}")
    if seed is None:
        seed = new_seed()
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        raise ConfigError(f"seed must be a whole number of at least 0, not {seed!r}")
    config = GameConfig(
        game_id=game_id,
        players=players,
        seed=seed,
        variants=tuple(sorted(set(variants))),
        options=tuple(sorted(options.items())),
    )
    return cls(config)


def make_from_config(data: dict[str, Any]) -> Game:
    """Rebuild a game from `GameConfig.to_json()` data (as found in a record header)."""
    if not isinstance(data, dict):
        raise ConfigError("a game config must be a JSON object")
    unknown = set(data) - {"game", "players", "seed", "variants", "options"}
    if unknown:
        raise ConfigError(f"unknown config keys: {', '.join(sorted(unknown))}")
    variants = data.get("variants", [])
    options = data.get("options", {})
    if not isinstance(variants, list) or not all(isinstance(v, str) for v in variants):
        raise ConfigError("config 'variants' must be a list of variant ids")
    if not isinstance(options, dict):
        raise ConfigError("config 'options' must be an object")
    if data.get("seed") is None:
        raise ConfigError("config has no 'seed'")
    return make(
        str(data.get("game")),
        players=data.get("players"),
        seed=data["seed"],
        variants=variants,
        **options,
    )
