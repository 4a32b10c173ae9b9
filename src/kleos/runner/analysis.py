"""Move-by-move analysis of a finished game: what the search thinks of each decision."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

from kleos.agents import make_agent
from kleos.agents.base import Observation
from kleos.agents.heuristic import heuristics_for
from kleos.agents.ismcts import ISMCTSAgent
from kleos.agents.value import LearnedModel, find_model
from kleos.core.errors import ConfigError
from kleos.core.inputs import echo
from kleos.core.protocol import Action, Game, PlayerId, State
from kleos.core.records import Record, replay
from kleos.core.rng import derive_seed

DUBIOUS = 0.05
MISTAKE = 0.15
"""Win-rate losses (against the search's best move) that earn '?' and '??'."""


@dataclass(frozen=True)
class MoveAnalysis:
    """One decision of the game as the search sees it."""

    ply: int
    player: PlayerId
    played: str
    played_win_rate: float | None
    """None when the search never tried the played move."""
    best: str
    best_win_rate: float
    options: int
    iterations: int

    @property
    def loss(self) -> float:
        """How much win rate the played move gives up against the best one (0 if untried)."""
        if self.played_win_rate is None:
            return 0.0
        return max(0.0, self.best_win_rate - self.played_win_rate)

    @property
    def mark(self) -> str:
        """'!' for the search's best move, '?' dubious, '??' a mistake, '' otherwise."""
        if self.played_win_rate is None:
            return ""
        if self.played == self.best:
            return "!"
        if self.loss >= MISTAKE:
            return "??"
        return "?" if self.loss >= DUBIOUS else ""


def analyze_record(
    record: Record,
    spec: str = "ismcts:iterations=300",
    seed: int = 0,
    progress: Callable[[int, int], None] | None = None,
) -> tuple[Game, list[MoveAnalysis]]:
    """Verify the record, then search every decision with two or more options from the
    decider's own information (a determinized copy each iteration, never the true state)."""
    verified = replay(record)
    game = verified.game
    state = game.new_initial_state()
    results: list[MoveAnalysis] = []
    total = len(record.moves)
    for ply, move in enumerate(record.moves):
        legal = state.legal_actions()
        action = game.parse_action(state, move.action)
        if len(legal) > 1:
            agent = make_agent(spec, derive_seed(seed, "analyze", ply))
            if not isinstance(agent, ISMCTSAgent):
                raise ConfigError(f"analysis needs an ismcts spec, not '{echo(spec)}'")
            stats = agent.analyse(Observation(state, move.player))
            rates = {s.action: s.win_rate for s in stats if s.visits}
            best = stats[0]
            results.append(
                MoveAnalysis(
                    ply=ply,
                    player=move.player,
                    played=move.action,
                    played_win_rate=rates.get(action),
                    best=str(best.action),
                    best_win_rate=best.win_rate,
                    options=len(legal),
                    iterations=agent.last_iterations,
                )
            )
        state.apply(action, player=move.player)
        if progress is not None:
            progress(ply + 1, total)
    return game, results


def win_chances(
    record: Record, samples: int = 32, seed: int = 0, *, learned: bool = False
) -> tuple[str, list[tuple[float, ...]]]:
    """Each player's estimated chance of winning at the start and after every move, and how
    it was judged: 'learned' or 'rollouts'.

    The estimate sees what a spectator sees. Each of `samples` samples resamples the hidden
    parts from the public view and plays the game out with the guided rollout policy, and a
    player's chance is its share of those wins (a shared win counts 1/k). With `learned` and
    a learned model for the game's config (`kleos.agents.value`, the shipped `default`), it
    is instead the model's judgement of the spectator's observation: a hundred times faster,
    but measured less accurate than 32 rollouts in both games (`bench/chances.py`,
    docs/agents.md), so the chart does not use it. A finished game counts its real result.
    """
    game = replay(record).game
    model = find_model(game) if learned else None
    judge: Callable[[State], tuple[float, ...]]
    if model is not None:
        judge = partial(_judged, model)
    else:
        rollout = heuristics_for(game).rollout_action
        rng = random.Random(derive_seed(seed, "win-chances"))
        judge = partial(_chances, rollout=rollout, samples=samples, rng=rng)
    state = game.new_initial_state()
    chances = [judge(state)]
    for move in record.moves:
        state.apply(move.action, player=move.player)
        chances.append(judge(state))
    return ("rollouts" if model is None else "learned"), chances


def _judged(model: LearnedModel, state: State) -> tuple[float, ...]:
    if state.is_terminal():
        return state.outcome().returns()
    return tuple(round(share, 4) for share in model.public_shares(state))


def _chances(
    state: State,
    *,
    rollout: Callable[[State, random.Random], Action],
    samples: int,
    rng: random.Random,
) -> tuple[float, ...]:
    if state.is_terminal():
        return state.outcome().returns()
    totals = [0.0] * state.game.players
    for _ in range(samples):
        copy = state.determinize(None, rng)
        while not copy.is_terminal():
            copy.apply_unchecked(rollout(copy, rng))
        for player, share in enumerate(copy.outcome().returns()):
            totals[player] += share
    return tuple(round(total / samples, 4) for total in totals)
