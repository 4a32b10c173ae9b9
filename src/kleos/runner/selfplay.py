"""Self-play for training data: a line-up plays a tournament's schedule — every seat rotation
of shared deals (see `kleos.runner.tournament`), so that every agent plays every seat equally
often — on any backend, and the games are written to a folder: one record per game, named as
a tournament names them, and a summary `selfplay.json` (the tournament's JSON, plus what a
collector adds).

A collector turns each game into training data: its batch function runs in the workers beside
each game (it returns the game's report and a payload), and the collector is handed the
payloads here in the order of the schedule, whatever order the workers finish them in — so
the data is the same for any backend and number of jobs. `kleos.rl.selfplay_tensors` has the
one that writes observation tensors (it needs numpy, so the runner never imports it).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, Protocol, TypeVar

from kleos.core.errors import ConfigError
from kleos.runner.backends import Backend, Play, ProcessBackend
from kleos.runner.standings import GameReport
from kleos.runner.tournament import (
    GameTask,
    Progress,
    Tournament,
    play_batch,
    play_scheduled,
    prepare_tournament,
)
from kleos.session import Setup

P = TypeVar("P")

SUMMARY = "selfplay.json"
"""The summary's file name in the output folder."""


class Collector(Protocol[P]):
    """What turns each game into training data (see the module's docstring)."""

    def batch_function(self) -> Play[GameTask, tuple[GameReport, P]]:
        """The function the workers run on a batch of games (picklable by reference): each
        game's report and payload."""
        ...

    def add(self, index: int, payload: P) -> None:
        """Take the payload of game `index` of the schedule (called in order: 0, 1, 2, …)."""
        ...

    def close(self) -> dict[str, Any]:
        """Finish the data; what the summary says of it (JSON-ready)."""
        ...


@dataclass
class SelfPlay:
    """A finished self-play run: its games as a tournament, and what the collector wrote."""

    out_dir: Path
    tournament: Tournament
    backend: str
    collected: dict[str, Any] | None = None

    def to_json(self) -> dict[str, Any]:
        """The summary: the tournament's JSON (records given relative to the folder), the
        backend, and the collector's part under 'tensors' (None without one)."""
        data = self.tournament.to_json(base=self.out_dir)
        data["backend"] = self.backend
        data["tensors"] = self.collected
        return data


class _InOrder(Generic[P]):
    """Hands payloads that arrive in any order to a collector in schedule order."""

    def __init__(self, collector: Collector[P]) -> None:
        self.collector = collector
        self.next = 0
        self.waiting: dict[int, P] = {}

    def put(self, index: int, payload: P) -> None:
        self.waiting[index] = payload
        while self.next in self.waiting:
            self.collector.add(self.next, self.waiting.pop(self.next))
            self.next += 1


def check_out_dir(out_dir: Path) -> None:
    """Refuse a folder that already holds files: a run never mixes with an older one."""
    if out_dir.exists() and (not out_dir.is_dir() or any(out_dir.iterdir())):
        raise ConfigError(f"{out_dir} already exists and is not an empty folder; choose a new one")


def run_selfplay(
    setup: Setup,
    games: int,
    seed: int,
    out_dir: Path,
    *,
    jobs: int = 1,
    backend: Backend | None = None,
    collector: Collector[Any] | None = None,
    on_game: Progress | None = None,
) -> SelfPlay:
    """Play `games` games of a setup (rounded up to whole deals) between the agents of its
    line-up, by `backend` (default: `jobs` worker processes; the caller closes a backend it
    gives), writing a record per game and `selfplay.json` into `out_dir` (new or empty), and
    handing each game to `collector`, if any."""
    check_out_dir(out_dir)
    own = backend is None
    runner = ProcessBackend(jobs) if backend is None else backend
    try:
        tournament, tasks = prepare_tournament(setup, games, seed, runner.jobs, out_dir)
        out_dir.mkdir(parents=True, exist_ok=True)
        reports: list[GameReport] = []
        if collector is None:
            seconds = play_scheduled(
                tasks, play_batch, runner, lambda _, new: reports.extend(new), on_game
            )
        else:
            in_order = _InOrder(collector)

            def collect(first: int, results: list[tuple[GameReport, Any]]) -> None:
                for index, (report, payload) in enumerate(results, first):
                    reports.append(report)
                    in_order.put(index, payload)

            seconds = play_scheduled(tasks, collector.batch_function(), runner, collect, on_game)
    finally:
        if own:
            runner.close()
    tournament.finish(reports, seconds)
    run = SelfPlay(out_dir, tournament, runner.name)
    if collector is not None:
        run.collected = collector.close()
    summary = out_dir / SUMMARY
    summary.write_text(json.dumps(run.to_json(), indent=2) + "\n", encoding="utf-8")
    return run
