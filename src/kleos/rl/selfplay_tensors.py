"""Self-play training data as `.npz` shards (`kleos selfplay --tensors`; docs/research.md).

Every decision of every game: the deciding seat's observation (`Encoder.tensor`), its legal
actions as a mask over the game's action ids, the chosen action id and the seat; and every
game's final returns. A game is encoded in the worker that plays it (`play_tensor_batch`); its
decisions are read off a shadow state that follows the game move by move (a listener sees a
move after it is made, and the state before it is what the seat decided on), and travel back as
their non-zero entries (`State.encode`, what `Encoder.tensor` fills in) and legal ids.

`ShardWriter` gathers whole games, in schedule order, into `shard-00000.npz`, `shard-00001.npz`,
… of at most `steps_per_shard` decisions each (a longer game gets a shard of its own), written
compressed (`save_npz`) by a thread of its own, so that the workers are kept fed meanwhile.
Each shard holds:

- `observations` float32 [steps, observation size]
- `masks` int8 [steps, num_distinct_actions], 1 for each legal action
- `actions` int64 [steps], the chosen action id (its mask entry is 1)
- `players` int8 [steps], the deciding seat
- `game_index` int32 [steps], the step's game as a row of `returns` (and of `games`)
- `returns` float32 [shard games, players], each game's `Outcome.returns()` (they sum to 1)
- `games` int32 [shard games], each game's number in the schedule: deal × players + rotation
"""

from __future__ import annotations

import os
import zipfile
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from kleos.core.errors import ConfigError
from kleos.core.protocol import Game
from kleos.rl.encode import Encoder
from kleos.runner.backends import Play
from kleos.runner.standings import GameReport
from kleos.runner.tournament import GameTask, play_task
from kleos.session.match import Step

STEPS_PER_SHARD = 4096
FORMAT = "kleos-selfplay-tensors/1"


@dataclass(frozen=True)
class GameTensors:
    """One game's decisions, compact enough to send back from a worker: the observations and
    the legal actions as the non-zero entries of each step (the shard writer fills them in)."""

    observed: npt.NDArray[np.int32]
    """Every step's non-zero observation entries, one step after the other."""
    observed_values: npt.NDArray[np.float32]
    """Their values."""
    observed_counts: npt.NDArray[np.int32]
    """[steps] how many of `observed` are each step's."""
    legal: npt.NDArray[np.int32]
    """Every step's legal action ids, one step after the other."""
    legal_counts: npt.NDArray[np.int32]
    """[steps] how many of `legal` are each step's."""
    actions: npt.NDArray[np.int64]
    players: npt.NDArray[np.int8]
    returns: npt.NDArray[np.float32]
    """[players]"""

    @property
    def steps(self) -> int:
        """The number of decisions."""
        return len(self.actions)


class DecisionRecorder:
    """A listener that encodes each decision of one scheduled game on a shadow state."""

    def __init__(self, task: GameTask) -> None:
        self.game = task.setup.game(task.seed)
        self.state = self.game.new_initial_state()
        self.observed: list[int] = []
        self.observed_values: list[float] = []
        self.observed_counts: list[int] = []
        self.legal: list[int] = []
        self.legal_counts: list[int] = []
        self.actions: list[int] = []
        self.players: list[int] = []

    def __call__(self, step: Step) -> None:
        state = self.state
        assert state.current_player == step.player
        legal = state.legal_actions()
        index = legal.index(step.action)
        ids = [self.game.action_id(action) for action in legal]
        indices, values = state.encode(step.player)  # what Encoder.tensor fills in
        self.observed.extend(indices)
        self.observed_values.extend(values)
        self.observed_counts.append(len(indices))
        self.legal.extend(ids)
        self.legal_counts.append(len(ids))
        self.actions.append(ids[index])
        self.players.append(step.player)
        state.apply_unchecked(legal[index])

    def tensors(self, returns: tuple[float, ...]) -> GameTensors:
        """The game's decisions, once it is over."""
        return GameTensors(
            observed=np.asarray(self.observed, dtype=np.int32),
            observed_values=np.asarray(self.observed_values, dtype=np.float32),
            observed_counts=np.asarray(self.observed_counts, dtype=np.int32),
            legal=np.asarray(self.legal, dtype=np.int32),
            legal_counts=np.asarray(self.legal_counts, dtype=np.int32),
            actions=np.asarray(self.actions, dtype=np.int64),
            players=np.asarray(self.players, dtype=np.int8),
            returns=np.asarray(returns, dtype=np.float32),
        )


def play_tensor_batch(tasks: list[GameTask]) -> list[tuple[GameReport, GameTensors]]:
    """Play a batch of scheduled games (as `play_batch` does) and encode their decisions."""
    out = []
    for task in tasks:
        recorder = DecisionRecorder(task)
        report = play_task(task, listeners=(recorder,))
        out.append((report, recorder.tensors(report.returns)))
    return out


def save_npz(path: Path, arrays: dict[str, npt.NDArray[Any]]) -> None:
    """`np.savez_compressed` at zlib's fastest level: twice as fast on these mostly-zero arrays
    (the shard writer's main cost), for files about twice as large (still some 250 bytes a
    decision); `np.load` reads them alike."""
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=1) as archive:
        for key, array in arrays.items():
            with archive.open(f"{key}.npy", "w", force_zip64=True) as member:
                np.lib.format.write_array(member, array, allow_pickle=False)


def _dense(
    shape: tuple[int, int],
    dtype: type[np.generic],
    counts: list[npt.NDArray[np.int32]],
    columns: list[npt.NDArray[np.int32]],
    values: list[npt.NDArray[np.float32]] | None = None,
) -> npt.NDArray[Any]:
    """Rows of zeros with each row's entries set (to 1 without `values`): row i has the next
    `counts[i]` of `columns`, counts and columns being the games' lists laid end to end."""
    out = np.zeros(shape, dtype=dtype)
    rows = np.repeat(np.arange(shape[0]), np.concatenate(counts))
    out[rows, np.concatenate(columns)] = 1 if values is None else np.concatenate(values)
    return out


class ShardWriter:
    """The self-play collector (`kleos.runner.selfplay.Collector`) that writes the shards."""

    def __init__(self, out_dir: Path, game: Game, steps_per_shard: int = STEPS_PER_SHARD) -> None:
        if steps_per_shard < 1:
            raise ConfigError(f"the steps per shard must be at least 1, not {steps_per_shard}")
        self.encoder = Encoder(game)  # refuses a game without an encoding before any play
        self.out_dir = out_dir
        self.players = game.players
        self.actions = game.num_distinct_actions
        self.steps_per_shard = steps_per_shard
        self.pending: list[tuple[int, GameTensors]] = []
        self.pending_steps = 0
        self.shards: list[dict[str, Any]] = []
        self._thread = ThreadPoolExecutor(1, thread_name_prefix="kleos-shards")
        self._writing: Future[dict[str, Any]] | None = None

    def batch_function(self) -> Play[GameTask, tuple[GameReport, GameTensors]]:
        """What the workers run."""
        return play_tensor_batch

    def add(self, index: int, payload: GameTensors) -> None:
        """Take game `index`; write a shard first if the game would make it too long."""
        if self.pending and self.pending_steps + payload.steps > self.steps_per_shard:
            self.flush()
        self.pending.append((index, payload))
        self.pending_steps += payload.steps

    def flush(self) -> None:
        """Hand the games taken so far to the writing thread as the next shard (once the one
        before is written: no more than two shards are held at a time)."""
        if not self.pending:
            return
        pending, self.pending, self.pending_steps = self.pending, [], 0
        self._wait()
        self._writing = self._thread.submit(self._write, pending, len(self.shards))

    def _wait(self) -> None:
        """Wait for the shard being written (raising what went wrong with it)."""
        if self._writing is not None:
            writing, self._writing = self._writing, None
            self.shards.append(writing.result())

    def _write(self, pending: list[tuple[int, GameTensors]], number: int) -> dict[str, Any]:
        """Fill in and write shard `number` (in the writing thread: numpy and zlib mostly let
        the main thread run on); what the summary says of it."""
        games = [tensors for _, tensors in pending]
        counts = np.asarray([tensors.steps for tensors in games])
        steps = int(counts.sum())
        observations = _dense(
            (steps, self.encoder.size),
            np.float32,
            [tensors.observed_counts for tensors in games],
            [tensors.observed for tensors in games],
            [tensors.observed_values for tensors in games],
        )
        masks = _dense(
            (steps, self.actions),
            np.int8,
            [tensors.legal_counts for tensors in games],
            [tensors.legal for tensors in games],
        )
        arrays = {
            "observations": observations,
            "masks": masks,
            "actions": np.concatenate([tensors.actions for tensors in games]),
            "players": np.concatenate([tensors.players for tensors in games]),
            "game_index": np.repeat(np.arange(len(games), dtype=np.int32), counts),
            "returns": np.stack([tensors.returns for tensors in games]),
            "games": np.asarray([index for index, _ in pending], dtype=np.int32),
        }
        name = f"shard-{number:05d}.npz"
        partial = self.out_dir / f"{name}.partial"
        save_npz(partial, arrays)
        os.replace(partial, self.out_dir / name)
        return {"file": name, "games": len(games), "steps": steps}

    def close(self) -> dict[str, Any]:
        """Write the last shard and wait for it; the shards' layout, for the summary."""
        try:
            self.flush()
            self._wait()
        finally:
            self._thread.shutdown()
        return {
            "format": FORMAT,
            "observation_size": self.encoder.size,
            "num_distinct_actions": self.actions,
            "players": self.players,
            "steps_per_shard": self.steps_per_shard,
            "steps": sum(shard["steps"] for shard in self.shards),
            "fields": [
                {"name": f.name, "start": f.start, "size": f.size} for f in self.encoder.fields
            ],
            "shards": self.shards,
        }
