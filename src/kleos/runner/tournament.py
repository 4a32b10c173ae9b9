"""Tournaments: a line-up of agents plays every seat rotation of shared deals, in parallel.

Deal i is the game seeded with `deal_seed(seed, i)`. Each deal is played once per rotation
of the line-up: in rotation r the agent at line-up position k sits in seat (k + r) % P, so
every agent sits in every seat once per deal, and every line-up meets the same deals. The
agent at position k gets the seed `agent_seed(seed, i, k)` in all rotations of deal i (its
position, not its seat: a line-up such as 'random,random,random' would otherwise play the
same game in every rotation). The number of games is rounded up to whole deals. Every game
is fully determined by its task, so the results depend neither on the backend that runs the
games (`kleos.runner.backends`: worker processes or Ray) nor on its number of jobs.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, TypeVar

from kleos.agents import AgentSpec, agent_spec, make_agent
from kleos.core.errors import ConfigError
from kleos.core.records import new_record, result_json, write_record
from kleos.core.registry import make
from kleos.core.rng import derive_seed
from kleos.runner.backends import Backend, OnBatch, Play, ProcessBackend
from kleos.runner.loop import play_game
from kleos.runner.match import Listener
from kleos.runner.standings import GameReport, Standing, standings

R = TypeVar("R")

Progress = Callable[[int], None]
"""Called with the number of games finished so far: 0 once the games (and workers) start."""


@dataclass(frozen=True)
class GameTask:
    """Everything a worker needs to play one game (small and cheap to pickle)."""

    game_id: str
    variants: tuple[str, ...]
    deal: int
    rotation: int
    seed: int
    seats: tuple[str, ...]
    agent_seeds: tuple[int, ...]
    record: Path | None


@dataclass
class Tournament:
    """A finished tournament: every game in (deal, rotation) order and the standings."""

    game_id: str
    players: int
    seed: int
    variants: tuple[str, ...]
    lineup: tuple[str, ...]
    requested: int
    """The number of games asked for, before rounding up to whole deals."""
    jobs: int
    records_dir: Path | None = None
    reports: list[GameReport] = field(default_factory=list)
    table: list[Standing] = field(default_factory=list)
    """One standing per distinct spec, in order of first appearance in the line-up."""
    seconds: float = 0.0

    @property
    def games(self) -> int:
        """The number of games played."""
        return len(self.reports)

    @property
    def deals(self) -> int:
        """The number of distinct deals, each played in every rotation."""
        return self.games // self.players

    @property
    def games_per_s(self) -> float:
        """Games played per second of wall-clock time, start-up of the workers included."""
        return self.games / self.seconds if self.seconds > 0 else 0.0

    def to_json(self, base: Path | None = None) -> dict[str, Any]:
        """The tournament as JSON-ready data; the records folder is given relative to `base`."""
        records = None
        if self.records_dir is not None:
            records = str(_relative(self.records_dir, base))
        return {
            "game": self.game_id,
            "players": self.players,
            "variants": list(self.variants),
            "seed": self.seed,
            "games": self.games,
            "requested_games": self.requested,
            "deals": self.deals,
            "lineup": list(self.lineup),
            "records": records,
            "timing": {
                "jobs": self.jobs,
                "seconds": self.seconds,
                "games_per_s": self.games_per_s,
            },
            "agents": [standing.to_json() for standing in self.table],
            "games_detail": [report.to_json() for report in self.reports],
        }

    def finish(self, reports: Sequence[GameReport], seconds: float) -> None:
        """Take the played games (in any order) and the time they took; rank the agents."""
        self.seconds = seconds
        self.reports = sorted(reports, key=lambda report: (report.deal, report.rotation))
        self.table = standings(self.reports, list(dict.fromkeys(self.lineup)))


def _relative(path: Path, base: Path | None) -> Path:
    if base is not None:
        try:
            return path.resolve().relative_to(base.resolve())
        except ValueError:
            pass
    return path.resolve()


def canonical_spec(text: str) -> str:
    """The spec's one written form: levels expanded, options sorted ('easy' -> 'heuristic')."""
    parsed = agent_spec(text)
    return str(AgentSpec(parsed.name, tuple(sorted(parsed.options))))


def deal_seed(seed: int, deal: int) -> int:
    """The game seed of deal `deal` of a tournament started with `seed`."""
    return derive_seed(seed, "deal", deal)


def agent_seed(seed: int, deal: int, position: int) -> int:
    """The seed of the agent at line-up `position` in every rotation of deal `deal`."""
    return derive_seed(seed, "deal", deal, "agent", position)


def rounded_games(games: int, players: int) -> int:
    """`games` rounded up to whole deals: a multiple of `players`, one game per rotation."""
    return math.ceil(games / players) * players


def schedule(
    game_id: str,
    lineup: Sequence[str],
    games: int,
    seed: int,
    variants: Sequence[str] = (),
    records_dir: Path | None = None,
) -> list[GameTask]:
    """Every game of the tournament, in (deal, rotation) order; `games` is rounded up."""
    players = len(lineup)
    deals = rounded_games(games, players) // players
    width = len(str(deals - 1))
    tasks = []
    for deal in range(deals):
        for rotation in range(players):
            positions = [(seat - rotation) % players for seat in range(players)]
            record = None
            if records_dir is not None:
                name = f"{game_id}-{players}p-seed{seed}-deal{deal:0{width}d}-rot{rotation}.jsonl"
                record = records_dir / name
            tasks.append(
                GameTask(
                    game_id=game_id,
                    variants=tuple(variants),
                    deal=deal,
                    rotation=rotation,
                    seed=deal_seed(seed, deal),
                    seats=tuple(lineup[k] for k in positions),
                    agent_seeds=tuple(agent_seed(seed, deal, k) for k in positions),
                    record=record,
                )
            )
    return tasks


def play_task(task: GameTask, listeners: Sequence[Listener] = ()) -> GameReport:
    """Play one scheduled game and sum it up; `listeners` are told of every move."""
    start = time.perf_counter()
    game = make(task.game_id, players=len(task.seats), seed=task.seed, variants=task.variants)
    agents = [make_agent(spec, s) for spec, s in zip(task.seats, task.agent_seeds, strict=True)]
    result = play_game(game, agents, listeners=listeners, seat_names=task.seats)
    outcome = result.outcome
    assert outcome is not None
    if task.record is not None:
        # Written whole once the game is over: one write instead of a flush per move, which
        # would cost a third of a random game and make the workers queue for the disk.
        record = new_record(game, task.seats)
        moves = tuple(result.moves)
        write_record(task.record, replace(record, moves=moves, result=result_json(outcome)))
    return GameReport(
        deal=task.deal,
        rotation=task.rotation,
        seed=task.seed,
        seats=task.seats,
        scores=tuple(outcome.scores),
        winners=tuple(outcome.winners),
        returns=outcome.returns(),
        steps=len(result.moves),
        seconds=time.perf_counter() - start,
        record=task.record.name if task.record is not None else None,
    )


def play_batch(tasks: Sequence[GameTask]) -> list[GameReport]:
    """Play several games in one worker task, so that short games are not swamped by overhead."""
    return [play_task(task) for task in tasks]


def prepare_tournament(
    game_id: str,
    lineup: Sequence[str],
    games: int,
    seed: int,
    variants: Sequence[str],
    jobs: int,
    records_dir: Path | None,
) -> tuple[Tournament, list[GameTask]]:
    """Check a tournament's config; the tournament, still unplayed, and its scheduled games."""
    if games < 1:
        raise ConfigError(f"the number of games must be at least 1, not {games}")
    players = len(lineup)
    variants = tuple(variants)
    make(game_id, players=players, seed=seed, variants=variants)  # refuse a bad config early
    specs = tuple(canonical_spec(text) for text in lineup)
    tournament = Tournament(game_id, players, seed, variants, specs, games, jobs, records_dir)
    return tournament, schedule(game_id, specs, games, seed, variants, records_dir)


def play_scheduled(
    tasks: Sequence[GameTask],
    play: Play[GameTask, R],
    backend: Backend,
    on_batch: OnBatch[R],
    on_game: Progress | None = None,
) -> float:
    """Run the games through `play` on `backend` and tell `on_batch` of each batch's results
    (see `kleos.runner.backends`); the seconds they took, the backend's start-up excluded."""
    done = 0

    def batch(first: int, results: list[R]) -> None:
        nonlocal done
        on_batch(first, results)
        done += len(results)
        if on_game is not None:
            on_game(done)

    backend.start()
    start = time.perf_counter()
    backend.run(play, tasks, batch, None if on_game is None else lambda: on_game(0))
    return time.perf_counter() - start


def run_tournament(
    game_id: str,
    lineup: Sequence[str],
    games: int,
    seed: int,
    *,
    variants: Sequence[str] = (),
    jobs: int = 1,
    backend: Backend | None = None,
    records_dir: Path | None = None,
    on_game: Progress | None = None,
) -> Tournament:
    """Play a tournament of `game_id` between the agents of `lineup` (one per seat).

    `games` is rounded up to a multiple of the number of players (whole deals). The games
    are played by `backend` (see `kleos.runner.backends`; the caller closes it), by default
    by `jobs` worker processes (so a script calling this with `jobs` > 1 needs the usual
    `if __name__ == "__main__":` guard); with `records_dir`, one record per game is written
    there. The results are the same for any backend and any number of jobs.
    """
    own = backend is None
    runner = ProcessBackend(jobs) if backend is None else backend
    try:
        tournament, tasks = prepare_tournament(
            game_id, lineup, games, seed, variants, runner.jobs, records_dir
        )
        reports: list[GameReport] = []
        seconds = play_scheduled(
            tasks, play_batch, runner, lambda _, new: reports.extend(new), on_game
        )
    finally:
        if own:
            runner.close()
    tournament.finish(reports, seconds)
    return tournament
