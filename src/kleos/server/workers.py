"""The server's worker processes: a pool that plays AI seats and, apart from it, a pool that
analyses finished games at a lower priority, so a live game's AI move never waits behind an
analysis. A pool whose worker dies is replaced and the job tried once more; a move that takes
far past its budget counts as a failure and its pool is replaced. Stopping kills every worker:
none is left searching after the server ends.
"""

from __future__ import annotations

import asyncio
import functools
import multiprocessing
import os
from collections.abc import Coroutine
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from kleos.core.protocol import PlayerId
from kleos.core.records import Record
from kleos.server import ai
from kleos.server.settings import Settings

AI_NICENESS = 5
"""How much lower AI moves run than the server's own process (`nice`): a search never slows
the answers to people's moves."""
ANALYSIS_NICENESS = 15
"""How much lower analyses run (below AI moves)."""
OVERRUN = 3.0
"""A move may take this many times its budget (plus `GRACE` seconds) before its worker is
taken for stuck."""
GRACE = 10.0


class WorkerFailure(Exception):
    """A job failed in a worker (its agent raised, or it died twice, or overran)."""


class Pool:
    """A process pool that is replaced when one of its workers dies or hangs."""

    def __init__(self, size: int, niceness: int) -> None:
        self.size, self.niceness = size, niceness
        self.executor = self._new()

    def _new(self) -> ProcessPoolExecutor:
        return ProcessPoolExecutor(
            self.size,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=ai.start_worker,
            initargs=(self.niceness, os.getpid()),
        )

    async def run(self, timeout: float | None, work: Any, *args: Any) -> Any:
        """`work(*args)` in a worker; retried once in a new pool if the worker died."""
        for attempt in (1, 2):
            executor = self.executor
            future = asyncio.get_running_loop().run_in_executor(
                executor, functools.partial(work, *args)
            )
            try:
                return await asyncio.wait_for(future, timeout)
            except BrokenProcessPool:
                self._replace(executor)
                if attempt == 2:
                    raise WorkerFailure("its worker process died twice") from None
            except asyncio.CancelledError:
                task = asyncio.current_task()
                if task is not None and task.cancelling():
                    raise  # the server is stopping
                # The pool was replaced under this queued job (another job overran): again.
                if attempt == 2:
                    raise WorkerFailure("its pool was replaced twice") from None
            except TimeoutError:
                self._replace(executor)
                raise WorkerFailure(f"it took more than {timeout:g} s") from None
            except Exception as exc:
                raise WorkerFailure(f"{type(exc).__name__}: {exc}"[:200]) from None
        raise AssertionError("unreachable")

    def _replace(self, broken: ProcessPoolExecutor) -> None:
        if self.executor is broken:
            self.executor = self._new()
            _kill(broken)

    def stop(self) -> None:
        """Kill every worker and drop every queued job."""
        _kill(self.executor)


def _kill(executor: ProcessPoolExecutor) -> None:
    processes = list(getattr(executor, "_processes", {}).values())
    executor.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        process.kill()


class Workers:
    """The AI pool and the analysis pool of one server process."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.ai = Pool(settings.ai_workers, AI_NICENESS)
        self.analysis = Pool(1, ANALYSIS_NICENESS)

    async def choose(
        self,
        game_id: str,
        config: dict[str, Any],
        moves: list[tuple[PlayerId, str]],
        seat: PlayerId,
        spec: str,
        seed: int,
    ) -> str:
        """The move an AI seat makes (raises `WorkerFailure`)."""
        timeout = self.settings.max_think_seconds * OVERRUN + GRACE
        text: str = await self.ai.run(timeout, ai.choose, game_id, config, moves, seat, spec, seed)
        return text

    async def hint(
        self,
        game_id: str,
        config: dict[str, Any],
        moves: list[tuple[PlayerId, str]],
        seat: PlayerId,
        seed: int,
    ) -> dict[str, Any]:
        """The search's opinion of a seat's options, in the AI pool under the server's hint
        budget (raises `WorkerFailure`)."""
        timeout = self.settings.max_think_seconds * OVERRUN + GRACE
        spec = self.settings.hint_agent
        result: dict[str, Any] = await self.ai.run(
            timeout, ai.hint, game_id, config, moves, seat, spec, seed
        )
        return result

    async def analyse(self, record: Record) -> dict[str, Any]:
        """A finished game's analysis (raises `WorkerFailure`)."""
        settings = self.settings
        result: dict[str, Any] = await self.analysis.run(
            None, ai.analyse, record, settings.analysis_agent, settings.analysis_samples
        )
        return result

    def stop(self) -> None:
        """Kill both pools' workers."""
        self.ai.stop()
        self.analysis.stop()


class Background:
    """Tasks the server runs on its own (AI moves, analyses, listening), all cancelled when it
    stops."""

    def __init__(self) -> None:
        self.tasks: set[asyncio.Task[None]] = set()

    def run(self, work: Coroutine[Any, Any, None]) -> None:
        """Run `work` as a task of its own."""
        task = asyncio.get_running_loop().create_task(work)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    def cancel(self) -> None:
        """Cancel every task."""
        for task in list(self.tasks):
            task.cancel()
