"""Tournaments: a line-up of agents plays every seat rotation of shared deals, in parallel.

Deal i is the game seeded with `deal_seed(seed, i)`. Each deal is played once per rotation
of the line-up: in rotation r the agent at line-up position k sits in seat (k + r) % P, so
every agent sits in every seat once per deal, and every line-up meets the same deals. The
agent at position k gets the seed `agent_seed(seed, i, k)` in all rotations of deal i (its
position, not its seat: a line-up such as 'random,random,random' would otherwise play the
same game in every rotation). The number of games is rounded up to whole deals. Every game
is fully determined by its task, so the results do not depend on `jobs`.
"""

from __future__ import annotations

import math
import multiprocessing
import os
import sys
import time
from collections import deque
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field, replace
from multiprocessing.context import BaseContext
from pathlib import Path
from typing import Any

from kleos.agents import AgentSpec, agent_spec, make_agent
from kleos.core.errors import ConfigError
from kleos.core.records import new_record, result_json, write_record
from kleos.core.registry import make
from kleos.core.rng import derive_seed
from kleos.runner.loop import play_game
from kleos.runner.standings import GameReport, Standing, standings

Progress = Callable[[int], None]
"""Called with the number of games finished so far: 0 once the games (and workers) start."""

TASK_SECONDS = 0.1
"""How long a worker task should take: long enough to make its overhead negligible."""


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


def play_task(task: GameTask) -> GameReport:
    """Play one scheduled game and sum it up."""
    start = time.perf_counter()
    game = make(task.game_id, players=len(task.seats), seed=task.seed, variants=task.variants)
    agents = [make_agent(spec, s) for spec, s in zip(task.seats, task.agent_seeds, strict=True)]
    result = play_game(game, agents, seat_names=task.seats)
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


def _is_single_threaded() -> bool:
    """Whether this process runs one OS thread only (native threads of libraries included)."""
    try:
        return len(os.listdir("/proc/self/task")) == 1
    except OSError:
        return False


def _pool_context() -> BaseContext:
    """Fork where that is safe: on Linux, from a process with no other thread (the workers
    then start at once, Kleos already imported). Else a fork server that imports Kleos once,
    else spawn. Forking a process with threads may deadlock a child on a lock held by one."""
    if sys.platform == "linux" and _is_single_threaded():
        return multiprocessing.get_context("fork")
    if "forkserver" in multiprocessing.get_all_start_methods():
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(["__main__", __name__])
        return context
    return multiprocessing.get_context("spawn")


def _batch_size(seconds_per_game: float | None, pending: int, jobs: int) -> int:
    """Games per task: about `TASK_SECONDS` of play (one game until a time is known), but
    no more than a share of what is left, so that no worker idles at the end."""
    if seconds_per_game is None:
        return 1
    wanted = round(TASK_SECONDS / max(seconds_per_game, 1e-6))
    return max(1, min(wanted, math.ceil(pending / (2 * jobs))))


def _play_here(tasks: Sequence[GameTask], on_game: Progress | None) -> list[GameReport]:
    reports = []
    if on_game is not None:
        on_game(0)
    for task in tasks:
        reports.append(play_task(task))
        if on_game is not None:
            on_game(len(reports))
    return reports


def _play_in_workers(
    tasks: Sequence[GameTask], jobs: int, on_game: Progress | None
) -> list[GameReport]:
    pending = deque(tasks)
    reports: list[GameReport] = []
    played_seconds = 0.0

    def collect(new: list[GameReport]) -> None:
        nonlocal played_seconds
        reports.extend(new)
        played_seconds += sum(report.seconds for report in new)
        if on_game is not None:
            on_game(len(reports))

    def submit(pool: ProcessPoolExecutor, running: set[Future[list[GameReport]]]) -> None:
        while pending and len(running) < 2 * jobs:
            per_game = played_seconds / len(reports) if reports else None
            size = _batch_size(per_game, len(pending), jobs)
            running.add(pool.submit(play_batch, [pending.popleft() for _ in range(size)]))

    with ProcessPoolExecutor(jobs, mp_context=_pool_context()) as pool:
        running: set[Future[list[GameReport]]] = set()
        try:
            submit(pool, running)  # with fork, the workers are forked here, before any thread
            if on_game is not None:
                on_game(0)
            while running:
                done, running = wait(running, return_when=FIRST_COMPLETED)
                for future in done:
                    collect(future.result())
                submit(pool, running)
        except BaseException:
            pool.shutdown(wait=False, cancel_futures=True)
            raise
    return reports


def run_tournament(
    game_id: str,
    lineup: Sequence[str],
    games: int,
    seed: int,
    *,
    variants: Sequence[str] = (),
    jobs: int = 1,
    records_dir: Path | None = None,
    on_game: Progress | None = None,
) -> Tournament:
    """Play a tournament of `game_id` between the agents of `lineup` (one per seat).

    `games` is rounded up to a multiple of the number of players (whole deals). With
    `jobs` > 1 the games are played by that many worker processes (so a script calling
    this needs the usual `if __name__ == "__main__":` guard); with `records_dir`, one
    record per game is written there.
    """
    if games < 1:
        raise ConfigError(f"the number of games must be at least 1, not {games}")
    if jobs < 1:
        raise ConfigError(f"the number of jobs must be at least 1, not {jobs}")
    players = len(lineup)
    variants = tuple(variants)
    make(game_id, players=players, seed=seed, variants=variants)  # refuse a bad config early
    specs = tuple(canonical_spec(text) for text in lineup)
    tournament = Tournament(game_id, players, seed, variants, specs, games, jobs, records_dir)
    tasks = schedule(game_id, specs, games, seed, variants, records_dir)
    start = time.perf_counter()
    reports = _play_in_workers(tasks, jobs, on_game) if jobs > 1 else _play_here(tasks, on_game)
    tournament.seconds = time.perf_counter() - start
    tournament.reports = sorted(reports, key=lambda report: (report.deal, report.rotation))
    tournament.table = standings(tournament.reports, list(dict.fromkeys(specs)))
    return tournament
