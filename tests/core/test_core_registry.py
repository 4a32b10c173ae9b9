"""`kleos.make` and `make_from_config`: the one way to configure a game, and its refusals."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

import kleos
from kleos.core.registry import game_class, make_from_config
from kleos.core.rng import SEED_BITS

GAME_IDS = kleos.game_ids()


def test_ilium_is_registered() -> None:
    """The registry lists its games sorted; Ilium is one of them."""
    assert "ilium" in GAME_IDS
    assert list(GAME_IDS) == sorted(GAME_IDS)


def test_unknown_game_is_refused() -> None:
    """An unknown id raises `ConfigError` naming it and the games there are."""
    for bad in ("chess", "", "ILIUM ", None):
        with pytest.raises(kleos.ConfigError, match=r"unknown game .*\(games: .*ilium"):
            kleos.make(bad)  # type: ignore[arg-type]
        with pytest.raises(kleos.ConfigError, match="unknown game"):
            game_class(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_player_counts_outside_the_game_are_refused(game_id: str) -> None:
    """Too few or too many players: the message says how many the game is for."""
    cls = game_class(game_id)
    allowed = f"{cls.min_players} to {cls.max_players} players"
    for players in (cls.min_players - 1, cls.max_players + 1, 0, -2, 5, 1):
        if cls.min_players <= players <= cls.max_players:
            continue
        with pytest.raises(kleos.ConfigError, match=f"{allowed}, not {players}"):
            kleos.make(game_id, players=players, seed=1)
    for players in ("3", 3.0, True, [3]):
        with pytest.raises(kleos.ConfigError, match="players must be a whole number"):
            kleos.make(game_id, players=players, seed=1)  # type: ignore[arg-type]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_unknown_variant_is_refused(game_id: str) -> None:
    """The message names the variant asked for and lists the known ones."""
    cls = game_class(game_id)
    with pytest.raises(kleos.ConfigError, match="no variant 'turbo' \\(variants: ") as error:
        kleos.make(game_id, seed=1, variants=["turbo", *cls.spec.variant_ids])
    assert all(variant in str(error.value) for variant in cls.spec.variant_ids)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_unknown_option_is_refused(game_id: str) -> None:
    """The message names the option and lists the known ones."""
    cls = game_class(game_id)
    with pytest.raises(kleos.ConfigError, match="no option 'speed' \\(options: ") as error:
        kleos.make(game_id, seed=1, speed=2)
    assert all(option in str(error.value) for option in cls.spec.option_names)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_bad_seeds_are_refused(game_id: str) -> None:
    """Seeds are whole numbers from 0 to 2^64 − 1."""
    for seed in (-1, -(2**70), 2**64, 10**5000, 1.5, "7", True, [1]):
        with pytest.raises(kleos.ConfigError, match="seed must be a whole number from 0 to 2"):
            kleos.make(game_id, seed=seed)  # type: ignore[arg-type]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_defaults_are_kept_in_the_config(game_id: str) -> None:
    """Without players the default count is used; without a seed a fresh one is kept."""
    cls = game_class(game_id)
    game = kleos.make(game_id)
    assert game.players == cls.default_players
    assert cls.min_players <= cls.default_players <= cls.max_players
    assert isinstance(game.config.seed, int)
    assert 0 <= game.config.seed < 2**SEED_BITS
    assert game.game_id == game_id and game.config.game_id == game_id


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_variants_are_a_set(game_id: str) -> None:
    """Variant order and repetition never matter; a single variant may be given as a string."""
    variants = game_class(game_id).spec.variant_ids
    configs = {
        kleos.make(game_id, seed=3, variants=[*order, *order]).config
        for order in itertools.permutations(variants)
    }
    assert len(configs) == 1
    assert configs.pop().variants == tuple(sorted(variants))
    for variant in variants:
        assert kleos.make(game_id, seed=3, variants=variant).config.variants == (variant,)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_config_round_trips_through_json(game_id: str) -> None:
    """`make_from_config(config.to_json())` rebuilds the same config, for every player count
    and variant set."""
    cls = game_class(game_id)
    for players in range(cls.min_players, cls.max_players + 1):
        for size in range(len(cls.spec.variant_ids) + 1):
            for variants in itertools.combinations(cls.spec.variant_ids, size):
                game = kleos.make(game_id, players=players, seed=2**62 + players, variants=variants)
                assert make_from_config(game.config.to_json()).config == game.config


def good_config() -> dict[str, Any]:
    """A valid config of the first registered game, as stored in a record header."""
    return kleos.make(GAME_IDS[0], seed=5).config.to_json()


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"colour": "red"}, "unknown config keys: colour"),
        ({"variants": "burial-vaults"}, "'variants' must be a list of variant ids"),
        ({"variants": [1]}, "'variants' must be a list of variant ids"),
        ({"options": ["board"]}, "'options' must be an object"),
        ({"seed": None}, "config has no 'seed'"),
        ({"seed": "7"}, "seed must be a whole number"),
        ({"seed": -5}, "seed must be a whole number from 0 to 2\\^64 − 1, not -5"),
        ({"players": 99}, "not 99"),
        ({"players": "3"}, "players must be a whole number"),
        ({"game": "chess"}, "unknown game 'chess'"),
        ({"variants": ["turbo"]}, "no variant 'turbo'"),
        ({"options": {"speed": 2}}, "no option 'speed'"),
    ],
)
def test_bad_configs_are_refused(change: dict[str, Any], message: str) -> None:
    """Each kind of bad config data raises `ConfigError` saying what is wrong."""
    with pytest.raises(kleos.ConfigError, match=message):
        make_from_config({**good_config(), **change})


def test_configs_without_a_seed_or_an_object_are_refused() -> None:
    """A config is an object with a seed; a missing game reads as an unknown one."""
    without_seed = {k: v for k, v in good_config().items() if k != "seed"}
    with pytest.raises(kleos.ConfigError, match="config has no 'seed'"):
        make_from_config(without_seed)
    without_game = {k: v for k, v in good_config().items() if k != "game"}
    with pytest.raises(kleos.ConfigError, match="unknown game"):
        make_from_config(without_game)
    for not_object in (None, [], "ilium", 3):
        with pytest.raises(kleos.ConfigError, match="must be a JSON object"):
            make_from_config(not_object)  # type: ignore[arg-type]
