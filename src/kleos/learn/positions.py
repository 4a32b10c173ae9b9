"""Positions sampled from games of the default policy: cheap examples for a first model.

A search's self-play game costs seconds; a game of the game's fast guided rollout policy
(`Heuristics.rollout_action`, what the search's rollouts and the analysis chart play) costs a
millisecond or two. So `kleos train --positions N` first plays N such games, keeps
`PER_GAME` positions of each, drawn at random, and labels them with the game's result. Each
position gives two examples: the deciding seat's observation with the action it chose, and a
spectator's (what the analysis chart judges), which teaches the value only. Positions of one
game are strongly alike, so many games with a few positions each teach more than a few games
with all of theirs. The model fitted on them estimates the result of the guided policy's play
from a position: the quantity the chart's rollouts estimate, without their noise.

With a `Labels` search, each kept position is also searched from its decider's view
(`ISMCTSAgent.expected_shares`), and the value's target is a blend of that judgement and the
game's result (`Labels.share` of the search's). The search sees deeper than the guided policy
plays, and its judgement is a position's own where a result is shared by the whole game. The
search's view holds more than a spectator's, but its judgement is still an unbiased target
for the spectator's example (a mean of means), so both examples take the blend.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import numpy as np

from kleos.agents import make_agent
from kleos.agents.base import Observation
from kleos.agents.heuristic import heuristics_for
from kleos.agents.ismcts import ISMCTSAgent
from kleos.core.errors import ConfigError
from kleos.core.protocol import PlayerId, State
from kleos.core.rng import derive_seed
from kleos.learn.data import NO_CHOICE, Examples, row_offsets
from kleos.runner.backends import Backend
from kleos.runner.tournament import Progress, play_scheduled
from kleos.session import Setup

PER_GAME = 6
"""Positions kept of each game."""


@dataclass(frozen=True)
class Labels:
    """How positions are labelled beside their game's result: by a search's judgement."""

    search: str
    """An ismcts spec (with an iteration budget, so labels repeat on any machine)."""
    share: float = 0.5
    """The search's share of the value's target; the rest is the game's result."""

    def check(self) -> Labels:
        """These labels, or a ConfigError that says what is wrong."""
        agent = make_agent(self.search, 0)
        if not isinstance(agent, ISMCTSAgent) or agent.iterations is None:
            raise ConfigError(
                f"positions are labelled by an ismcts search with an iteration budget, not "
                f"'{self.search}'"
            )
        if not 0.0 <= self.share <= 1.0:
            raise ConfigError(f"the search's share of a label is from 0 to 1, not {self.share}")
        return self


@dataclass(frozen=True)
class PositionTask:
    """One game to play and sample: its number, the run's seed and how it is labelled."""

    setup: Setup
    number: int
    seed: int
    labels: Labels | None = None


def play_positions(tasks: list[PositionTask]) -> list[Examples]:
    """The examples of each task's game (a batch function for `kleos.runner.backends`)."""
    return [_sample(task) for task in tasks]


def _sample(task: PositionTask) -> Examples:
    game = task.setup.game(derive_seed(task.seed, "deal", task.number))
    rng = random.Random(derive_seed(task.seed, "play", task.number))
    policy = heuristics_for(game).rollout_action
    state = game.new_initial_state()
    seen: list[tuple[State, int]] = []
    while not state.is_terminal():
        action = policy(state, rng)
        seen.append((state.clone(), game.action_id(action)))
        state.apply_unchecked(action)
    result = state.outcome().returns()
    players = game.players
    indices: list[int] = []
    values: list[float] = []
    counts: list[int] = []
    legal: list[int] = []
    legal_counts: list[int] = []
    actions: list[int] = []
    shares: list[list[float]] = []

    def add(
        position: State,
        viewer: PlayerId | None,
        action: int,
        ids: list[int],
        returns: list[float],
    ) -> None:
        seat = 0 if viewer is None else viewer
        entries, entry_values = position.encode(viewer)
        indices.extend(entries)
        values.extend(entry_values)
        counts.append(len(entries))
        legal.extend(ids)
        legal_counts.append(len(ids))
        actions.append(action)
        shares.append([returns[(seat + k) % players] for k in range(players)])

    for spot in sorted(rng.sample(range(len(seen)), min(PER_GAME, len(seen)))):
        position, action = seen[spot]
        decider = position.current_player
        assert decider is not None
        returns = list(result)
        if task.labels is not None:
            returns = _blend(task, spot, position, decider, returns)
        add(position, decider, action, position.legal_action_ids(), returns)
        add(position, None, NO_CHOICE, [], returns)
    return Examples(
        game.encoding_size(),
        game.num_distinct_actions,
        np.asarray(indices, dtype=np.int32),
        np.asarray(values, dtype=np.float32),
        row_offsets(np.asarray(counts, dtype=np.int64)),
        np.asarray(legal, dtype=np.int32),
        row_offsets(np.asarray(legal_counts, dtype=np.int64)),
        np.asarray(actions, dtype=np.int64),
        np.asarray(shares, dtype=np.float32),
        np.full(len(actions), task.number, dtype=np.int64),
    )


def _blend(
    task: PositionTask, spot: int, position: State, decider: PlayerId, result: list[float]
) -> list[float]:
    """A position's value target: the labelling search's judgement blended with the result."""
    assert task.labels is not None
    agent = make_agent(task.labels.search, derive_seed(task.seed, "label", task.number, spot))
    assert isinstance(agent, ISMCTSAgent)
    judged = agent.expected_shares(Observation(position, decider))
    share = task.labels.share
    return [share * j + (1 - share) * r for j, r in zip(judged, result, strict=True)]


def sample_positions(
    setup: Setup,
    games: int,
    seed: int,
    backend: Backend,
    first_game: int = 0,
    on_game: Progress | None = None,
    labels: Labels | None = None,
) -> Examples:
    """The examples of `games` games of the default policy, numbered from `first_game`, played
    on the backend (and labelled by `labels`' search, if given); what the games are depends on
    `seed` only."""
    tasks = [PositionTask(setup, first_game + n, seed, labels) for n in range(games)]
    results: list[Examples | None] = [None] * games

    def take(first: int, batch: list[Examples]) -> None:
        results[first : first + len(batch)] = batch  # batches finish in any order

    play_scheduled(tasks, play_positions, backend, take, on_game)
    return Examples.concatenate([part for part in results if part is not None])
