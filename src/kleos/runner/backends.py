"""Backends: how batches of tasks get run — here, in worker processes, or on Ray.

A backend is given a batch function (`play`: a list of tasks in, a list of results out, one per
task, e.g. `kleos.runner.tournament.play_batch`) and the task list, and hands each batch's
results back in the order of its tasks (`on_batch(first, results)`: the results of
`tasks[first : first + len(results)]`). Batches finish in any order, but every result is
determined by its task, so what a run computes does not depend on the backend or on `jobs`.

Both parallel backends share one dispatcher (`_dispatch`): batches of about `TASK_SECONDS` of
work, at most two per worker in flight. `ProcessBackend` runs them in a pool of worker
processes (or here, with one job); `RayBackend` runs them on `jobs` Ray actors, on a local Ray
started for the run or on a cluster (`address`). Ray is imported only by `RayBackend`: it is an
extra (`pip install 'kleos[scale]'`).

A function given to a parallel backend must be picklable by reference (a module-level function
of an importable module), and so must the tasks and results.
"""

from __future__ import annotations

import logging
import math
import multiprocessing
import os
import socket
import sys
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Iterable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from multiprocessing.context import BaseContext
from types import ModuleType, TracebackType
from typing import Any, ClassVar, Generic, Self, TypeVar

from kleos.agents.weights import WEIGHTS_PATH
from kleos.core.errors import ConfigError
from kleos.core.inputs import echo

T = TypeVar("T")
R = TypeVar("R")
H = TypeVar("H", bound=Hashable)

Play = Callable[[list[T]], list[R]]
"""A batch function: one result per task, in the order of the tasks."""
OnBatch = Callable[[int, list[R]], None]
"""Told of each finished batch: the index of its first task and its results."""

TASK_SECONDS = 0.1
"""How long a worker task should take: long enough to make its overhead negligible."""
BACKENDS = ("processes", "ray")
RAY_TEMP_DIR = "/tmp/kleos-ray"
"""Where a local Ray started by `RayBackend` keeps its sessions (logs, sockets)."""
CONNECT_SECONDS = 5.0
"""How long `RayBackend` waits for a cluster's address to answer."""
READY_SECONDS = 120.0
"""How long `RayBackend` waits for its workers: a cluster may have to add a node first."""
RAY_EXTRA = "the Ray backend needs the 'ray' package: pip install 'kleos[scale]'"


class Backend(ABC):
    """How batches of tasks get run by `jobs` workers. Use it as a context manager (or call
    `close`) when it holds resources: `run` starts them on first use, `close` frees them."""

    name: ClassVar[str]

    def __init__(self, jobs: int) -> None:
        if jobs < 1:
            raise ConfigError(f"the number of jobs must be at least 1, not {jobs}")
        self.jobs = jobs

    def start(self) -> None:  # noqa: B027 - optional hook
        """Get the workers ready (called by `run` too; doing it first keeps the start-up out
        of a measurement)."""

    def close(self) -> None:  # noqa: B027 - optional hook
        """Free the workers."""

    def __enter__(self) -> Self:
        self.start()
        return self

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()

    @abstractmethod
    def run(
        self,
        play: Play[T, R],
        tasks: Sequence[T],
        on_batch: OnBatch[R],
        on_start: Callable[[], None] | None = None,
    ) -> None:
        """Run every task through `play` in batches and tell `on_batch` of each; `on_start`
        is called once the workers have their first batches."""


def _timed(play: Play[T, R], batch: list[T]) -> tuple[list[R], float]:
    """Run one batch in a worker; its results and how long they took."""
    start = time.perf_counter()
    results = play(batch)
    return results, time.perf_counter() - start


def _batch_size(seconds_per_task: float | None, pending: int, jobs: int) -> int:
    """Tasks per batch: about `TASK_SECONDS` of work (one task until a time is known), but
    no more than a share of what is left, so that no worker idles at the end."""
    if seconds_per_task is None:
        return 1
    wanted = round(TASK_SECONDS / max(seconds_per_task, 1e-6))
    return max(1, min(wanted, math.ceil(pending / (2 * jobs))))


class _Workers(ABC, Generic[H]):
    """What `_dispatch` needs of a pool of workers: submit a batch, wait for some."""

    @abstractmethod
    def submit(self, batch: list[Any]) -> H:
        """Start a batch; a handle to wait on."""

    @abstractmethod
    def wait(self, running: Iterable[H]) -> list[tuple[H, tuple[list[Any], float]]]:
        """Wait until at least one running batch is done; the done ones with their results."""


def _dispatch(
    workers: _Workers[H],
    tasks: Sequence[T],
    jobs: int,
    on_batch: OnBatch[R],
    on_start: Callable[[], None] | None,
) -> None:
    """Keep up to two batches per worker in flight, sized from the time per task so far."""
    running: dict[H, int] = {}
    next_task = done = 0
    seconds = 0.0

    def fill() -> None:
        nonlocal next_task
        while next_task < len(tasks) and len(running) < 2 * jobs:
            per_task = seconds / done if done else None
            size = _batch_size(per_task, len(tasks) - next_task, jobs)
            running[workers.submit(list(tasks[next_task : next_task + size]))] = next_task
            next_task += size

    fill()  # with fork, the pool's workers are forked here, before any thread of the caller
    if on_start is not None:
        on_start()
    while running:
        for handle, (results, elapsed) in workers.wait(running):
            first = running.pop(handle)
            done += len(results)
            seconds += elapsed
            on_batch(first, results)
        fill()


class ProcessBackend(Backend):
    """Worker processes on this machine (`jobs` of them), or this process with one job."""

    name = "processes"

    def run(
        self,
        play: Play[T, R],
        tasks: Sequence[T],
        on_batch: OnBatch[R],
        on_start: Callable[[], None] | None = None,
    ) -> None:
        if self.jobs == 1:
            if on_start is not None:
                on_start()
            for index, task in enumerate(tasks):
                on_batch(index, play([task]))
            return
        with ProcessPoolExecutor(self.jobs, mp_context=_pool_context()) as pool:
            workers = _PoolWorkers(pool, play)
            try:
                _dispatch(workers, tasks, self.jobs, on_batch, on_start)
            except BaseException:
                pool.shutdown(wait=False, cancel_futures=True)
                raise


class _PoolWorkers(_Workers["Future[tuple[list[Any], float]]"]):
    def __init__(self, pool: ProcessPoolExecutor, play: Play[Any, Any]) -> None:
        self.pool = pool
        self.play = play

    def submit(self, batch: list[Any]) -> Future[tuple[list[Any], float]]:
        return self.pool.submit(_timed, self.play, batch)

    def wait(
        self, running: Iterable[Future[tuple[list[Any], float]]]
    ) -> list[tuple[Future[tuple[list[Any], float]], tuple[list[Any], float]]]:
        finished, _ = wait(running, return_when=FIRST_COMPLETED)
        return [(future, future.result()) for future in finished]


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
        context.set_forkserver_preload(["__main__", "kleos.runner.tournament"])
        return context
    return multiprocessing.get_context("spawn")


def _import_ray() -> ModuleType:
    """The `ray` module, imported only when the Ray backend is used."""
    try:
        import ray  # noqa: PLC0415 - an extra, and slow to import: only for this backend
    except ImportError as exc:
        raise ConfigError(RAY_EXTRA) from exc
    return ray


def _check_reachable(address: str) -> None:
    """Refuse at once a cluster address where nothing listens (Ray itself would retry for
    minutes); 'auto' and anything not of the form [ray://]host:port are left to Ray."""
    host, _, port = address.removeprefix("ray://").rpartition(":")
    if not host or not port.isdigit():
        return
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=CONNECT_SECONDS).close()
    except OSError as exc:
        raise ConfigError(f"no Ray cluster answers at {echo(address)}: {exc}") from None


class _RayWorker:
    """A Ray actor that runs batches (one at a time, in its own process)."""

    def ready(self) -> bool:
        """Answered once the actor's process is up (Kleos imported)."""
        return True

    def run(self, play: Play[Any, Any], batch: list[Any]) -> tuple[list[Any], float]:
        """One batch and how long it took."""
        return _timed(play, batch)


class RayBackend(Backend):
    """`jobs` Ray actors, each a worker process. Without `address`, a local Ray is started
    (`num_cpus=jobs`, no dashboard, sessions under `temp_dir`, `RAY_AUTH_MODE=disabled` unless
    set) and shut down by `close`; with one (`host:port`, `ray://host:port` or `auto`), the
    actors run on that cluster (`close` disconnects), whose nodes need this version of Kleos
    installed and, for records, a shared folder: the workers write them. A Ray already
    initialised in this process is used as it is and left running. Each worker holds a CPU
    while the backend is open: `start` fails after `ready_timeout` seconds without them."""

    name = "ray"

    def __init__(
        self,
        jobs: int,
        address: str | None = None,
        temp_dir: str = RAY_TEMP_DIR,
        ready_timeout: float = READY_SECONDS,
    ) -> None:
        super().__init__(jobs)
        self.address = address
        self.temp_dir = temp_dir
        self.ready_timeout = ready_timeout
        self._ray: ModuleType | None = None
        self._started_ray = False
        self._actors: list[Any] = []

    def start(self) -> None:
        if self._actors:
            return
        ray = self._ray = _import_ray()
        if not ray.is_initialized():
            quiet = {"logging_level": logging.WARNING, "log_to_driver": False}
            if self.address is not None:
                _check_reachable(self.address)
                ray.init(address=self.address, **quiet)
            else:
                os.environ.setdefault("RAY_AUTH_MODE", "disabled")
                ray.init(
                    address="local",
                    num_cpus=self.jobs,
                    include_dashboard=False,
                    _temp_dir=self.temp_dir,
                    **quiet,
                )
            self._started_ray = True
        # The learned models' folders reach the workers of any cluster (kleos.agents.weights).
        paths = {WEIGHTS_PATH: os.environ[WEIGHTS_PATH]} if WEIGHTS_PATH in os.environ else {}
        runtime = {"runtime_env": {"env_vars": paths}} if paths else {}
        actor = ray.remote(num_cpus=1, **runtime)(_RayWorker)
        self._actors = [actor.remote() for _ in range(self.jobs)]
        ready = [worker.ready.remote() for worker in self._actors]
        _, waiting = ray.wait(ready, num_returns=len(ready), timeout=self.ready_timeout)
        if waiting:
            free = ray.available_resources().get("CPU", 0)
            self.close()
            raise ConfigError(
                f"Ray started {len(ready) - len(waiting)} of {self.jobs} workers in "
                f"{self.ready_timeout:g} s; each needs a free CPU, and Ray has {free:g} free"
            )
        ray.get(ready)  # an actor that failed to start raises here

    def close(self) -> None:
        ray = self._ray
        if ray is None:
            return
        for worker in self._actors:
            ray.kill(worker)
        self._actors = []
        if self._started_ray:
            ray.shutdown()
            self._started_ray = False
        self._ray = None

    def run(
        self,
        play: Play[T, R],
        tasks: Sequence[T],
        on_batch: OnBatch[R],
        on_start: Callable[[], None] | None = None,
    ) -> None:
        self.start()
        assert self._ray is not None
        workers = _ActorWorkers(self._ray, self._actors, play)
        try:
            _dispatch(workers, tasks, self.jobs, on_batch, on_start)
        except BaseException:
            workers.cancel()
            raise


class _ActorWorkers(_Workers[Any]):
    """Batches sent to the least busy actor (two at most each: one running, one queued)."""

    def __init__(self, ray: ModuleType, actors: list[Any], play: Play[Any, Any]) -> None:
        self.ray = ray
        self.play = play
        self.load = dict.fromkeys(range(len(actors)), 0)
        self.actors = actors
        self.owner: dict[Any, int] = {}

    def submit(self, batch: list[Any]) -> Any:
        index = min(self.load, key=self.load.__getitem__)
        ref = self.actors[index].run.remote(self.play, batch)
        self.load[index] += 1
        self.owner[ref] = index
        return ref

    def wait(self, running: Iterable[Any]) -> list[tuple[Any, tuple[list[Any], float]]]:
        finished, _ = self.ray.wait(list(running), num_returns=1)
        out = []
        for ref in finished:
            self.load[self.owner.pop(ref)] -= 1
            out.append((ref, self.ray.get(ref)))
        return out

    def cancel(self) -> None:
        for ref in self.owner:
            self.ray.cancel(ref)


def open_backend(name: str, jobs: int, address: str | None = None) -> Backend:
    """The backend called `name` ('processes' or 'ray') with `jobs` workers; `address` is a Ray
    cluster's (the Ray backend only)."""
    if name == ProcessBackend.name:
        if address is not None:
            raise ConfigError("--address is a Ray cluster's: give it with --backend ray")
        return ProcessBackend(jobs)
    if name == RayBackend.name:
        return RayBackend(jobs, address)
    raise ConfigError(f"unknown backend '{echo(name)}'; choose one of {', '.join(BACKENDS)}")
