"""Self-play series: many games between agent specs, summed up (shown by `kleos simulate`)."""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from kleos.agents import make_agent
from kleos.core.errors import ConfigError
from kleos.core.registry import make
from kleos.core.rng import derive_seed
from kleos.runner.loop import GameResult, play_game

Progress = Callable[[int, GameResult], None]
"""Called after each game with the number of games finished and the game's result."""


@dataclass
class SimulationSummary:
    """What a series of games came to, seat by seat."""

    game_id: str
    players: int
    seed: int
    agents: tuple[str, ...]
    variants: tuple[str, ...]
    games: int = 0
    wins: list[float] = field(default_factory=list)
    """Per seat; a shared win counts 1/k for each of the k winners."""
    score_totals: list[float] = field(default_factory=list)
    steps: list[int] = field(default_factory=list)
    """The number of decisions of each game."""
    end_reasons: Counter[str] = field(default_factory=Counter)
    seconds: float = 0.0
    record_paths: list[Path] = field(default_factory=list)

    @property
    def mean_scores(self) -> list[float]:
        """The mean score of each seat."""
        return [total / self.games for total in self.score_totals] if self.games else []

    @property
    def games_per_s(self) -> float:
        """Games played per second of wall-clock time."""
        return self.games / self.seconds if self.seconds > 0 else 0.0


def game_seed(seed: int, index: int) -> int:
    """The seed of game `index` of a series started with `seed`."""
    return derive_seed(seed, index)


def simulate(
    game_id: str,
    players: int,
    games: int,
    seed: int,
    agents: Sequence[str] | None = None,
    variants: Sequence[str] = (),
    records_dir: Path | None = None,
    on_game: Progress | None = None,
) -> SimulationSummary:
    """Play `games` games of `game_id`, seat i played by `agents[i]` (default: all random).

    Game i is seeded with `game_seed(seed, i)` and its agents from that seed, so a run is
    reproducible. With `records_dir`, one record per game is written there.
    """
    if games < 1:
        raise ConfigError(f"the number of games must be at least 1, not {games}")
    specs = tuple(agents) if agents else ("random",) * players
    if len(specs) != players:
        raise ConfigError(f"{len(specs)} agents given for {players} players")
    variants = tuple(variants)
    make(game_id, players=players, seed=seed, variants=variants)  # refuse a bad config early
    for i, spec in enumerate(specs):
        make_agent(spec, i)
    summary = SimulationSummary(game_id, players, seed, specs, variants)
    summary.wins = [0.0] * players
    summary.score_totals = [0.0] * players
    width = len(str(games))
    start = time.perf_counter()
    for i in range(games):
        seed_i = game_seed(seed, i)
        game = make(game_id, players=players, seed=seed_i, variants=variants)
        seats = [make_agent(spec, derive_seed(seed_i, "seat", p)) for p, spec in enumerate(specs)]
        path = None
        if records_dir is not None:
            path = records_dir / f"{game_id}-{players}p-seed{seed}-game{i + 1:0{width}d}.jsonl"
            summary.record_paths.append(path)
        result = play_game(game, seats, record_path=path, seat_names=specs)
        outcome = result.outcome
        assert outcome is not None
        summary.games += 1
        summary.steps.append(len(result.moves))
        for p, share in enumerate(outcome.returns()):
            summary.wins[p] += share
            summary.score_totals[p] += outcome.scores[p]
        if result.outcome is not None:
            summary.end_reasons[result.outcome.reason] += 1
        summary.seconds = time.perf_counter() - start
        if on_game is not None:
            on_game(i + 1, result)
    return summary
