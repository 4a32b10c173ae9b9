"""Research interfaces (the `rl` extra): observation tensors and strings, a PettingZoo AEC
environment, a Gymnasium single-agent environment and OpenSpiel games (`import
kleos.rl.openspiel`). docs/research.md documents them.

Importing this package registers a Gymnasium id for every registered game with an observation
encoding, named by its spec: "kleos/Ilium-v0", "kleos/Elysium-v0"
(`gymnasium.make("kleos/Ilium-v0", players=3, opponents="random")`; without importing it
first, `gymnasium.make("kleos.rl:kleos/Ilium-v0")` imports it).
"""

from __future__ import annotations

import gymnasium

from kleos.core.registry import game_class, game_ids
from kleos.rl.encode import Encoder
from kleos.rl.gym_env import KleosGymEnv, gym_env
from kleos.rl.pettingzoo_env import KleosAECEnv, pettingzoo_env


def gym_ids() -> dict[str, str]:
    """The Gymnasium id of every registered game with an observation encoding, with its game
    id (`GameSpec.gym_id`)."""
    classes = [game_class(game_id) for game_id in game_ids()]
    return {cls.spec.gym_id: cls.game_id for cls in classes if cls.encoding is not None}


def register_gymnasium() -> None:
    """Register the Gymnasium id of every game registered now (again: a no-op)."""
    for env_id, game_id in gym_ids().items():
        if env_id not in gymnasium.registry:
            gymnasium.register(
                id=env_id, entry_point="kleos.rl.gym_env:KleosGymEnv", kwargs={"game": game_id}
            )


register_gymnasium()

__all__ = [
    "Encoder",
    "KleosAECEnv",
    "KleosGymEnv",
    "gym_env",
    "gym_ids",
    "pettingzoo_env",
    "register_gymnasium",
]
