"""Research interfaces (the `rl` extra): observation tensors and strings, a PettingZoo AEC
environment, a Gymnasium single-agent environment and OpenSpiel games (`import
kleos.rl.openspiel`). docs/research.md documents them.

Importing this package registers the Gymnasium ids "kleos/Ilium-v0" and "kleos/Elysium-v0"
(`gymnasium.make("kleos/Ilium-v0", players=3, opponents="random")`; without importing it
first, `gymnasium.make("kleos.rl:kleos/Ilium-v0")` imports it).
"""

from __future__ import annotations

import gymnasium

from kleos.rl.encode import Encoder
from kleos.rl.gym_env import KleosGymEnv, gym_env
from kleos.rl.pettingzoo_env import KleosAECEnv, pettingzoo_env

GYM_IDS = {"kleos/Ilium-v0": "ilium", "kleos/Elysium-v0": "elysium"}
"""The Gymnasium ids this package registers, with their game ids."""


def register_gymnasium() -> None:
    """Register the Gymnasium ids (again: a no-op)."""
    for env_id, game_id in GYM_IDS.items():
        if env_id not in gymnasium.registry:
            gymnasium.register(
                id=env_id, entry_point="kleos.rl.gym_env:KleosGymEnv", kwargs={"game": game_id}
            )


register_gymnasium()

__all__ = [
    "GYM_IDS",
    "Encoder",
    "KleosAECEnv",
    "KleosGymEnv",
    "gym_env",
    "pettingzoo_env",
    "register_gymnasium",
]
