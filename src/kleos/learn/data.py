"""Training examples from self-play shards (`kleos.rl.selfplay_tensors`).

Each decision of a shard is one example: the deciding seat's observation, its legal actions,
the action it chose (the policy's target) and every seat's final win share in that seat's
relative order, the decider first (the value's target, as `kleos.agents.value` reads its
output). Examples are split into training and validation by game, so that no game is on both
sides.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np
import numpy.typing as npt

from kleos.core.errors import ConfigError

VALIDATION_EVERY = 10
"""One game in this many (by its number in the schedule) is kept for validation."""


@dataclass(frozen=True)
class Examples:
    """Decisions as arrays, one row each."""

    observations: npt.NDArray[np.float32]
    masks: npt.NDArray[np.bool_]
    actions: npt.NDArray[np.int64]
    shares: npt.NDArray[np.float32]
    """[rows, players] the final win shares, the decider's first, then the seats after it."""
    games: npt.NDArray[np.int64]
    """Each row's game, unique over every folder read (for the split)."""

    def __len__(self) -> int:
        return len(self.actions)

    def take(self, rows: npt.NDArray[np.bool_]) -> Examples:
        """The examples of the selected rows."""
        return Examples(
            self.observations[rows],
            self.masks[rows],
            self.actions[rows],
            self.shares[rows],
            self.games[rows],
        )

    def split(self) -> tuple[Examples, Examples]:
        """Training and validation examples: one game in `VALIDATION_EVERY` validates."""
        validation = self.games % VALIDATION_EVERY == VALIDATION_EVERY - 1
        return self.take(~validation), self.take(validation)


def relative_shares(
    returns: npt.NDArray[np.float32], players: npt.NDArray[np.int8]
) -> npt.NDArray[np.float32]:
    """Each row's returns rotated so that its decider comes first (`returns[row]`: by seat)."""
    count = returns.shape[1]
    order = (players.astype(np.int64)[:, None] + np.arange(count)[None, :]) % count
    rotated: npt.NDArray[np.float32] = np.take_along_axis(returns, order, axis=1)
    return rotated


def read_shards(folders: list[Path]) -> Examples:
    """Every decision of the `shard-*.npz` files in the folders, in order."""
    parts: list[Examples] = []
    offset = 0
    for folder in folders:
        shards = sorted(folder.glob("shard-*.npz"))
        if not shards:
            raise ConfigError(f"{folder} holds no self-play shards (shard-*.npz)")
        for path in shards:
            with np.load(path, allow_pickle=False) as shard:
                rows = shard["game_index"].astype(np.int64)
                returns = shard["returns"][rows]
                parts.append(
                    Examples(
                        shard["observations"],
                        shard["masks"].astype(bool),
                        shard["actions"].astype(np.int64),
                        relative_shares(returns, shard["players"]),
                        shard["games"].astype(np.int64)[rows] + offset,
                    )
                )
        offset = int(max(p.games.max() for p in parts)) + 1
    return Examples(
        np.concatenate([p.observations for p in parts]),
        np.concatenate([p.masks for p in parts]),
        np.concatenate([p.actions for p in parts]),
        np.concatenate([p.shares for p in parts]),
        np.concatenate([p.games for p in parts]),
    )
