"""Analyses of finished games, computed once in the analysis pool and kept in the database;
bounded: one at a time per game, a queue of `analysis_queue`, `analyses_per_hour` started per
address."""

from __future__ import annotations

from typing import Any

from kleos.server import store
from kleos.server.live import LiveGame
from kleos.server.seats import ForbiddenError, RateLimiter, RateLimitError
from kleos.server.settings import Settings
from kleos.server.store import Store
from kleos.server.workers import Background, WorkerFailure, Workers


class BusyError(RateLimitError):
    """The server has as many analyses queued as it takes."""


class Analyses:
    """The analyses one process computes."""

    def __init__(
        self, settings: Settings, store_: Store, workers: Workers, background: Background
    ) -> None:
        self.settings = settings
        self.store = store_
        self.workers = workers
        self.background = background
        self.running: set[str] = set()
        self.started = RateLimiter(
            "analyses started from one address", settings.analyses_per_hour, 3600
        )

    async def of(self, live: LiveGame, client: str) -> dict[str, Any]:
        """A finished game's analysis: `{"status": "done", ...}` once computed, else
        `{"status": "running"}` while a worker computes it (started now if need be)."""
        if not live.match.is_over:
            raise ForbiddenError("a game is analysed once it is over")
        if live.analysis is None:
            live.analysis = await self.store.read(store.stored_analysis, live.id)
        if live.analysis is not None:
            return {"status": "done", **live.analysis}
        if live.id not in self.running:
            if len(self.running) >= self.settings.analysis_queue:
                raise BusyError("the server is busy analysing other games; ask again later")
            self.started.hit(client)
            self.running.add(live.id)
            self.background.run(self._analyse(live))
        return {"status": "running"}

    async def _analyse(self, live: LiveGame) -> None:
        try:
            result = await self.workers.analyse(live.record())
            await self.store.write(store.store_analysis, live.id, result)
            live.analysis = result
        except WorkerFailure:
            pass  # asked again, it is tried again
        finally:
            self.running.discard(live.id)
