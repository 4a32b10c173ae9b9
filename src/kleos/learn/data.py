"""Training examples: decisions from self-play shards (`kleos.rl.selfplay_tensors`) and
positions sampled from games of the default policy (`kleos.learn.positions`).

An example is one seat's observation of a position (sparse: the non-zero entries that
`State.encode` gives), the legal actions and the action chosen there (the policy's target),
and every seat's final win share in that seat's relative order, the seat first (the value's
target, as `kleos.agents.value` reads its output). An example seen by a spectator has no
choice (`actions` is -1) and teaches the value only. Examples are split into training and
validation by game, so that no game is on both sides.

The observations and legal actions are kept sparse (rows of a CSR-like layout): a million
Elysium examples would take 15 GB as dense rows; `batch` makes dense rows for a few at a time.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import numpy.typing as npt

from kleos.core.errors import ConfigError

VALIDATION_EVERY = 10
"""One game in this many (by its number in the schedule) is kept for validation."""
NO_CHOICE = -1
"""The action of an example that teaches the value only (a spectator's view)."""

Ints = npt.NDArray[np.int64]


@dataclass(frozen=True)
class Examples:
    """Examples as arrays: row i's observation is `values[offsets[i]:offsets[i + 1]]` at
    `indices[...]` (the rest is 0), its legal ids `legal[legal_offsets[i]:legal_offsets[i + 1]]`."""

    size: int
    """The observation's length (`Game.encoding_size`)."""
    action_count: int
    """The number of action ids (`Game.num_distinct_actions`)."""
    indices: npt.NDArray[np.int32]
    values: npt.NDArray[np.float32]
    offsets: Ints
    legal: npt.NDArray[np.int32]
    legal_offsets: Ints
    actions: Ints
    """The chosen action id, or `NO_CHOICE`."""
    shares: npt.NDArray[np.float32]
    """[rows, players] the final win shares, the viewer's first, then the seats after it."""
    games: Ints
    """Each row's game, unique over every source read (for the split)."""

    def __len__(self) -> int:
        return len(self.actions)

    def take(self, rows: Ints) -> Examples:
        """The examples of the rows given (indices, in that order)."""
        spots, counts = _spans(self.offsets, rows)
        legal_spots, legal_counts = _spans(self.legal_offsets, rows)
        return Examples(
            self.size,
            self.action_count,
            self.indices[spots],
            self.values[spots],
            row_offsets(counts),
            self.legal[legal_spots],
            row_offsets(legal_counts),
            self.actions[rows],
            self.shares[rows],
            self.games[rows],
        )

    def split(self) -> tuple[Examples, Examples]:
        """Training and validation examples: one game in `VALIDATION_EVERY` validates."""
        validation = self.games % VALIDATION_EVERY == VALIDATION_EVERY - 1
        return self.take(np.flatnonzero(~validation)), self.take(np.flatnonzero(validation))

    def batch(self, rows: Ints) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.bool_]]:
        """Dense observations [rows, size] and legal masks [rows, action_count] of the rows."""
        spots, counts = _spans(self.offsets, rows)
        observations = np.zeros((len(rows), self.size), dtype=np.float32)
        observations[np.repeat(np.arange(len(rows)), counts), self.indices[spots]] = self.values[
            spots
        ]
        legal_spots, legal_counts = _spans(self.legal_offsets, rows)
        masks = np.zeros((len(rows), self.action_count), dtype=bool)
        masks[np.repeat(np.arange(len(rows)), legal_counts), self.legal[legal_spots]] = True
        return observations, masks

    @classmethod
    def from_dense(
        cls,
        observations: npt.NDArray[np.float32],
        masks: npt.NDArray[np.bool_],
        actions: Ints,
        shares: npt.NDArray[np.float32],
        games: Ints,
    ) -> Examples:
        """Examples from dense rows of observations and legal masks."""
        where, column = np.nonzero(observations)
        legal_where, legal_column = np.nonzero(masks)
        rows = len(actions)
        return cls(
            observations.shape[1],
            masks.shape[1],
            column.astype(np.int32),
            observations[where, column].astype(np.float32),
            row_offsets(np.bincount(where, minlength=rows)),
            legal_column.astype(np.int32),
            row_offsets(np.bincount(legal_where, minlength=rows)),
            actions.astype(np.int64),
            shares.astype(np.float32),
            games.astype(np.int64),
        )

    @classmethod
    def concatenate(cls, parts: Sequence[Examples]) -> Examples:
        """The examples of every part, in order (their games must already be distinct)."""
        if not parts:
            raise ConfigError("no examples to train on")
        first = parts[0]
        return cls(
            first.size,
            first.action_count,
            np.concatenate([p.indices for p in parts]),
            np.concatenate([p.values for p in parts]),
            row_offsets(np.concatenate([np.diff(p.offsets) for p in parts])),
            np.concatenate([p.legal for p in parts]),
            row_offsets(np.concatenate([np.diff(p.legal_offsets) for p in parts])),
            np.concatenate([p.actions for p in parts]),
            np.concatenate([p.shares for p in parts]),
            np.concatenate([p.games for p in parts]),
        )


def row_offsets(counts: npt.NDArray[np.integer]) -> Ints:
    """Row offsets from row lengths."""
    out = np.zeros(len(counts) + 1, dtype=np.int64)
    np.cumsum(counts, out=out[1:])
    return out


def _spans(offsets: Ints, rows: Ints) -> tuple[Ints, Ints]:
    """The positions of the rows' entries, row after row, and each row's count."""
    starts, counts = offsets[rows], offsets[rows + 1] - offsets[rows]
    total = int(counts.sum())
    shift = np.repeat(starts - row_offsets(counts)[:-1], counts)
    return shift + np.arange(total, dtype=np.int64), counts


def relative_shares(
    returns: npt.NDArray[np.float32], players: npt.NDArray[np.integer]
) -> npt.NDArray[np.float32]:
    """Each row's returns rotated so that its viewer comes first (`returns[row]`: by seat)."""
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
        highest = offset
        for path in shards:
            with np.load(path, allow_pickle=False) as shard:
                rows = shard["game_index"].astype(np.int64)
                games = shard["games"].astype(np.int64)[rows] + offset
                parts.append(
                    Examples.from_dense(
                        shard["observations"],
                        shard["masks"].astype(bool),
                        shard["actions"],
                        relative_shares(shard["returns"][rows], shard["players"]),
                        games,
                    )
                )
                highest = max(highest, int(games.max()) + 1)
        offset = highest
    return Examples.concatenate(parts)
