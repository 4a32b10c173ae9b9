"""Learned models for tests: random weights of the right shapes for a game's config."""

from __future__ import annotations

import numpy as np

from kleos.core.protocol import Game


def random_arrays(game: Game, hidden: int = 8, seed: int = 0) -> dict[str, np.ndarray]:
    """A model's arrays (`kleos.agents.value.ARRAYS`) for `game`, with random weights."""
    rng = np.random.default_rng(seed)
    shapes = {
        "w1": (game.encoding_size(), hidden),
        "b1": (hidden,),
        "wv": (hidden, game.players),
        "bv": (game.players,),
        "wp": (hidden, game.num_distinct_actions),
        "bp": (game.num_distinct_actions,),
    }
    return {name: rng.normal(size=shape).astype(np.float32) for name, shape in shapes.items()}
