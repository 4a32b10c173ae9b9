"""Simulations: many games between fixed seats, summed up (shown by `kleos simulate`) — a use
of the tournament scheduler without rotations, so they share its seeding and backends."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from kleos.core.errors import ConfigError
from kleos.runner.backends import Backend, ProcessBackend
from kleos.runner.standings import GameReport
from kleos.runner.tournament import Progress, play_batch, play_scheduled, schedule
from kleos.session import Setup


@dataclass
class SimulationSummary:
    """What a series of games came to, seat by seat."""

    setup: Setup
    seed: int
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
    def players(self) -> int:
        """The number of players."""
        return self.setup.players

    @property
    def agents(self) -> tuple[str, ...]:
        """The agent spec of each seat."""
        return self.setup.seats

    @property
    def mean_scores(self) -> list[float]:
        """The mean score of each seat."""
        return [total / self.games for total in self.score_totals] if self.games else []

    @property
    def games_per_s(self) -> float:
        """Games played per second of wall-clock time."""
        return self.games / self.seconds if self.seconds > 0 else 0.0

    def add(self, reports: Sequence[GameReport]) -> None:
        """Count finished games in."""
        for report in reports:
            self.games += 1
            self.steps.append(report.steps)
            for p, share in enumerate(report.returns):
                self.wins[p] += share
                self.score_totals[p] += report.scores[p]
            self.end_reasons[report.reason] += 1


def simulate(
    setup: Setup,
    games: int,
    seed: int,
    *,
    jobs: int = 1,
    backend: Backend | None = None,
    records_dir: Path | None = None,
    on_game: Progress | None = None,
) -> SimulationSummary:
    """Play `games` deals of a setup, each once with its seats as they are, by `backend`
    (default: `jobs` worker processes; the caller closes a backend it gives).

    Deal i is seeded like a tournament's (`deal_seed(seed, i)`, agents `agent_seed`), so a
    run is reproducible whatever runs it. With `records_dir`, one record per game is written
    there.
    """
    if games < 1:
        raise ConfigError(f"the number of games must be at least 1, not {games}")
    summary = SimulationSummary(setup, seed)
    summary.wins = [0.0] * setup.players
    summary.score_totals = [0.0] * setup.players
    tasks = schedule(setup, games, seed, records_dir, rotate=False)
    summary.record_paths = [task.record for task in tasks if task.record is not None]
    if records_dir is not None:
        records_dir.mkdir(parents=True, exist_ok=True)
    reports: list[GameReport] = []
    own = backend is None
    runner = ProcessBackend(jobs) if backend is None else backend
    try:
        summary.seconds = play_scheduled(
            tasks, play_batch, runner, lambda _, new: reports.extend(new), on_game
        )
    finally:
        if own:
            runner.close()
    summary.add(sorted(reports, key=lambda report: report.deal))
    return summary
