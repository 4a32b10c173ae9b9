"""What the agent tests share: the configurations they cover and positions from random games."""

from __future__ import annotations

import random

import kleos
from kleos.core.protocol import State

CONFIGS = [("ilium", 2), ("ilium", 3), ("ilium", 4), ("elysium", 2), ("elysium", 3), ("elysium", 4)]


def positions(
    game_id: str, players: int, seed: int, every: int, *, final: bool = False
) -> list[State]:
    """Every `every`-th position of one seeded random game (and its final one, if `final`)."""
    state = kleos.make(game_id, players=players, seed=seed).new_initial_state()
    rng = random.Random(seed)
    found = []
    ply = 0
    while not state.is_terminal():
        if ply % every == 0:
            found.append(state.clone())
        state.apply_unchecked(rng.choice(state.legal_actions()))
        ply += 1
    if final:
        found.append(state)
    return found
