"""The tournament scheduler: a line-up of agents plays shared deals, in parallel — every seat
rotation of each deal in a tournament or self-play, each deal once in a simulation.

Deal i is the game seeded with `deal_seed(seed, i)`, the one seeding scheme of every batch.
In a rotating batch each deal is played once per rotation of the line-up: in rotation r the
agent at line-up position k sits in seat (k + r) % P, so every agent sits in every seat once
per deal, and every line-up meets the same deals. The agent at position k gets the seed
`agent_seed(seed, i, k)` in all rotations of deal i (its position, not its seat: a line-up
such as 'random,random,random' would otherwise play the same game in every rotation); a
rotating batch is rounded up to whole deals. Every game is fully determined by its task, so
the results depend neither on the backend that runs the games (`kleos.runner.backends`:
worker processes or Ray) nor on its number of jobs.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, TypeVar

from kleos.agents import make_agent
from kleos.core.errors import ConfigError
from kleos.core.records import new_record, result_json, write_record
from kleos.core.rng import derive_seed
from kleos.runner.backends import Backend, OnBatch, Play, ProcessBackend
from kleos.runner.standings import GameReport, Standing, standings
from kleos.session import Listener, Setup, play_game

T = TypeVar("T")
R = TypeVar("R")

Progress = Callable[[int], None]
"""Called with the number of games finished so far: 0 once the games (and workers) start."""


@dataclass(frozen=True)
class GameTask:
    """Everything a worker needs to play one game (small and cheap to pickle)."""

    setup: Setup
    """The config and this game's seats."""
    deal: int
    rotation: int
    seed: int
    agent_seeds: tuple[int, ...]
    record: Path | None

    @property
    def seats(self) -> tuple[str, ...]:
        """The agent spec of each seat."""
        return self.setup.seats


@dataclass
class Tournament:
    """A finished tournament: every game in (deal, rotation) order and the standings."""

    setup: Setup
    """The config and the line-up (position k's agent in `seats[k]`)."""
    seed: int
    requested: int
    """The number of games asked for, before rounding up to whole deals."""
    jobs: int
    records_dir: Path | None = None
    reports: list[GameReport] = field(default_factory=list)
    table: list[Standing] = field(default_factory=list)
    """One standing per distinct spec, in order of first appearance in the line-up."""
    seconds: float = 0.0

    @property
    def game_id(self) -> str:
        """The game's id."""
        return self.setup.game_id

    @property
    def players(self) -> int:
        """The number of players."""
        return self.setup.players

    @property
    def variants(self) -> tuple[str, ...]:
        """The variants."""
        return self.setup.variants

    @property
    def lineup(self) -> tuple[str, ...]:
        """The agent spec at each line-up position."""
        return self.setup.seats

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
            "options": dict(self.setup.options),
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
    setup: Setup,
    games: int,
    seed: int,
    records_dir: Path | None = None,
    *,
    rotate: bool = True,
) -> list[GameTask]:
    """Every game of a batch, in (deal, rotation) order: with `rotate`, each deal in every
    rotation of the setup's line-up and `games` rounded up to whole deals; without, each deal
    once with the seats as they are."""
    players = setup.players
    rotations = players if rotate else 1
    deals = rounded_games(games, players) // players if rotate else games
    width = len(str(deals - 1))
    tasks = []
    for deal in range(deals):
        for rotation in range(rotations):
            positions = [(seat - rotation) % players for seat in range(players)]
            record = None
            if records_dir is not None:
                turn = f"-rot{rotation}" if rotate else ""
                name = f"{setup.game_id}-{players}p-seed{seed}-deal{deal:0{width}d}{turn}.jsonl"
                record = records_dir / name
            tasks.append(
                GameTask(
                    setup=setup.with_seats([setup.seats[k] for k in positions]),
                    deal=deal,
                    rotation=rotation,
                    seed=deal_seed(seed, deal),
                    agent_seeds=tuple(agent_seed(seed, deal, k) for k in positions),
                    record=record,
                )
            )
    return tasks


def play_task(task: GameTask, listeners: Sequence[Listener] = ()) -> GameReport:
    """Play one scheduled game and sum it up; `listeners` are told of every move."""
    start = time.perf_counter()
    game = task.setup.game(task.seed)
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
        reason=outcome.reason,
    )


def play_batch(tasks: Sequence[GameTask]) -> list[GameReport]:
    """Play several games in one worker task, so that short games are not swamped by overhead."""
    return [play_task(task) for task in tasks]


def prepare_tournament(
    setup: Setup, games: int, seed: int, jobs: int, records_dir: Path | None
) -> tuple[Tournament, list[GameTask]]:
    """A tournament of a checked setup, still unplayed, and its scheduled games."""
    if games < 1:
        raise ConfigError(f"the number of games must be at least 1, not {games}")
    tournament = Tournament(setup, seed, games, jobs, records_dir)
    return tournament, schedule(setup, games, seed, records_dir)


def play_scheduled(
    tasks: Sequence[T],
    play: Play[T, R],
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
    setup: Setup,
    games: int,
    seed: int,
    *,
    jobs: int = 1,
    backend: Backend | None = None,
    records_dir: Path | None = None,
    on_game: Progress | None = None,
) -> Tournament:
    """Play a tournament of a setup between the agents of its line-up (one per seat).

    `games` is rounded up to a multiple of the number of players (whole deals). The games
    are played by `backend` (see `kleos.runner.backends`; the caller closes it), by default
    by `jobs` worker processes (so a script calling this with `jobs` > 1 needs the usual
    `if __name__ == "__main__":` guard); with `records_dir`, one record per game is written
    there. The results are the same for any backend and any number of jobs.
    """
    own = backend is None
    runner = ProcessBackend(jobs) if backend is None else backend
    try:
        tournament, tasks = prepare_tournament(setup, games, seed, runner.jobs, records_dir)
        reports: list[GameReport] = []
        seconds = play_scheduled(
            tasks, play_batch, runner, lambda _, new: reports.extend(new), on_game
        )
    finally:
        if own:
            runner.close()
    tournament.finish(reports, seconds)
    return tournament
