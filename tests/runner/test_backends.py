"""Backends: Ray and worker processes play the same tasks to the same results.

One local Ray is started for the module; each test's Ray backend uses it (and leaves it running).
tests/cli/test_selfplay_cli.py runs `--backend ray` on a Ray of its own, started and shut down.
"""

from __future__ import annotations

import logging
import sys
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from kleos.core.errors import ConfigError
from kleos.core.registry import make
from kleos.rl.selfplay_tensors import ShardWriter
from kleos.runner import backends
from kleos.runner.backends import RAY_TEMP_DIR, ProcessBackend, RayBackend, open_backend
from kleos.runner.selfplay import run_selfplay
from kleos.runner.tournament import play_batch, run_tournament, schedule
from kleos.session import Setup

ray = pytest.importorskip("ray")

LINEUP = ["random", "random", "random"]


def without_timings(data: dict[str, Any]) -> dict[str, Any]:
    """A tournament's JSON without the wall-clock figures and the records folder's name."""
    data = dict(data, timing=None, records=None)
    data["games_detail"] = [dict(game, seconds=None) for game in data["games_detail"]]
    return data


@pytest.fixture(scope="module")
def ray_session() -> Iterator[None]:
    """One local Ray of two CPUs for the module (a Ray backend uses it and leaves it running)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("RAY_AUTH_MODE", "disabled")
        ray.init(
            address="local",
            num_cpus=2,
            include_dashboard=False,
            _temp_dir=RAY_TEMP_DIR,
            logging_level=logging.WARNING,
            log_to_driver=False,
        )
        yield
        ray.shutdown()


@pytest.fixture(scope="module")
def ray_backend(ray_session: None) -> Iterator[RayBackend]:
    """Two Ray workers (all the CPUs of the module's Ray), freed at the end."""
    with RayBackend(2) as backend:
        yield backend
    assert ray.is_initialized()


def test_ray_and_processes_give_the_same_json_and_records(
    tmp_path: Path, ray_backend: RayBackend
) -> None:
    for game, lineup, games in (("ilium", LINEUP, 12), ("elysium", ["random", "heuristic"], 4)):
        on_ray = run_tournament(
            Setup.check(game, seats=lineup),
            games,
            7,
            backend=ray_backend,
            records_dir=tmp_path / game / "ray",
        )
        here = run_tournament(
            Setup.check(game, seats=lineup), games, 7, jobs=2, records_dir=tmp_path / game / "p"
        )
        assert on_ray.jobs == here.jobs == 2
        assert without_timings(on_ray.to_json()) == without_timings(here.to_json())
        for path in sorted((tmp_path / game / "p").iterdir()):
            assert (tmp_path / game / "ray" / path.name).read_text() == path.read_text()


def test_selfplay_tensors_on_ray_are_those_of_processes(
    tmp_path: Path, ray_backend: RayBackend
) -> None:
    shards = []
    for name, backend in (("ray", ray_backend), ("processes", ProcessBackend(2))):
        out = tmp_path / name
        writer = ShardWriter(out, make("ilium", players=2, seed=6), steps_per_shard=200)
        run = run_selfplay(
            Setup.check("ilium", seats=["random"] * 2), 6, 6, out, backend=backend, collector=writer
        )
        assert run.backend == name
        shards.append([dict(np.load(path)) for path in sorted(out.glob("shard-*.npz"))])
    assert len(shards[0]) == len(shards[1]) > 1
    for one, two in zip(*shards, strict=True):
        assert one.keys() == two.keys()
        for key in one:
            assert np.array_equal(one[key], two[key]), key


def test_every_task_comes_back_once_with_the_index_of_its_batch(ray_backend: RayBackend) -> None:
    tasks = schedule(Setup.check("ilium", seats=["random"] * 2), 40, seed=5)
    for backend in (ray_backend, ProcessBackend(2), ProcessBackend(1)):
        seen: dict[int, int] = {}
        started: list[bool] = []

        def on_batch(first: int, reports: list[Any], seen: dict[int, int] = seen) -> None:
            for index, report in enumerate(reports, first):
                assert index not in seen
                seen[index] = report.seed

        backend.run(play_batch, tasks, on_batch, lambda started=started: started.append(True))
        assert seen == {i: task.seed for i, task in enumerate(tasks)}
        assert started == [True]


def test_a_backend_without_free_cpus_says_so(ray_backend: RayBackend) -> None:
    with pytest.raises(
        ConfigError, match=r"Ray started 0 of 1 workers in 0\.5 s; each needs a free"
    ):
        RayBackend(1, ready_timeout=0.5).start()
    assert (
        run_tournament(Setup.check("ilium", seats=["random"] * 2), 2, 1, backend=ray_backend).games
        == 2
    )


def test_an_error_in_a_worker_reaches_the_caller(ray_backend: RayBackend) -> None:
    tasks = schedule(Setup.check("ilium", seats=["random"] * 2), 2, seed=1)
    broken = [
        tasks[0],
        *(replace(task, setup=replace(task.setup, game_id="nope")) for task in tasks),
    ]
    with pytest.raises(ConfigError, match="nope"):
        ray_backend.run(play_batch, broken, lambda first, results: None)
    assert (
        run_tournament(Setup.check("ilium", seats=["random"] * 2), 2, 1, backend=ray_backend).games
        == 2
    )


def test_the_fork_server_gives_the_same_results(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    one = run_tournament(
        Setup.check("ilium", seats=LINEUP), 6, 21, jobs=1, records_dir=tmp_path / "a"
    )
    monkeypatch.setattr(backends, "_is_single_threaded", lambda: False)
    assert backends._pool_context().get_start_method() == "forkserver"
    two = run_tournament(
        Setup.check("ilium", seats=LINEUP), 6, 21, jobs=2, records_dir=tmp_path / "b"
    )
    assert without_timings(one.to_json()) == without_timings(two.to_json())


def test_backends_are_named_and_checked() -> None:
    assert isinstance(open_backend("processes", 2), ProcessBackend)
    ray_one = open_backend("ray", 3, "auto")
    assert isinstance(ray_one, RayBackend) and (ray_one.jobs, ray_one.address) == (3, "auto")
    with pytest.raises(ConfigError, match="unknown backend 'dask'; choose one of processes, ray"):
        open_backend("dask", 1)
    with pytest.raises(ConfigError, match="--address is a Ray cluster's"):
        open_backend("processes", 1, "auto")
    with pytest.raises(ConfigError, match="the number of jobs must be at least 1, not 0"):
        open_backend("ray", 0)


def test_a_cluster_address_where_nothing_listens_is_refused_at_once() -> None:
    with pytest.raises(ConfigError, match=r"no Ray cluster answers at ray://127\.0\.0\.1:1: "):
        backends._check_reachable("ray://127.0.0.1:1")
    backends._check_reachable("auto")  # left to Ray


def test_without_ray_the_error_names_the_scale_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)
    with pytest.raises(ConfigError, match=r"pip install 'kleos\[scale\]'"):
        RayBackend(1).start()
