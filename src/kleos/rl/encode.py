"""Observations as arrays and strings for every research adapter, from `State.encode` (the
game's own encoding, which shows a seat nothing it may not see)."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from kleos.core.protocol import EncodingField, Game, PlayerId, State


class Encoder:
    """A game config's observation layout, and its tensors and strings."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.fields: tuple[EncodingField, ...] = game.encoding_fields()
        self.size = self.fields[-1].start + self.fields[-1].size

    def tensor(self, state: State, player: PlayerId | None) -> npt.NDArray[np.float32]:
        """What `player` may see as a float32 vector of `size` entries."""
        out = np.zeros(self.size, dtype=np.float32)
        self.fill(state, player, out)
        return out

    def fill(self, state: State, player: PlayerId | None, out: npt.NDArray[np.float32]) -> None:
        """Write the tensor into `out` (a float32 buffer of `size` entries)."""
        indices, values = state.encode(player)
        out.fill(0.0)
        out[indices] = values

    def observation_string(self, state: State, player: PlayerId | None) -> str:
        """What `player` sees now, as text (`State.observation_string`)."""
        return state.observation_string(player)

    def information_state_string(
        self, state: State, player: PlayerId | None, history: Sequence[int]
    ) -> str:
        """Everything `player` has seen, perfect recall (`State.information_state_string`)."""
        return state.information_state_string(player, history)
