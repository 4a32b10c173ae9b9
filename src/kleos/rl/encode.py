"""Observations as arrays and strings for every research adapter, from `State.encode` (the
game's own encoding, which shows a seat nothing it may not see)."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from kleos.core.protocol import EncodingField, Game, PlayerId, State
from kleos.runner.bench import median_us, seat_to_move


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


def observation_string(state: State, player: PlayerId | None) -> str:
    """What `player` sees now, as text: `State.encode`'s non-zero entries, `index:value` each
    (OpenSpiel's observation string)."""
    indices, values = state.encode(player)
    return " ".join(map("%d:%g".__mod__, zip(indices, values, strict=True)))


def information_state_string(state: State, player: PlayerId | None, history: Sequence[int]) -> str:
    """Everything `player` has seen (perfect recall), given the ids of every move made so far:
    the seat, those moves (every move of these games is public) and what it sees now
    (OpenSpiel's information-state string)."""
    moves = ",".join(map(str, history))
    return f"seat {player} moves {moves} sees {observation_string(state, player)}"


def string_costs(samples: list[State]) -> dict[str, float]:
    """Median µs of the strings of the seat to move, over sampled states (for `kleos bench`):
    the observation string and the information-state string with a history of 100 moves."""
    history = list(range(100))

    return {
        "observation_string_us": round(
            median_us(samples, lambda s: observation_string(s, seat_to_move(s))), 2
        ),
        "information_state_string_us": round(
            median_us(samples, lambda s: information_state_string(s, seat_to_move(s), history)), 2
        ),
    }
