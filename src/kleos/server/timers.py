"""Move timers: a game created with one gives every human decision a deadline (live: seconds a
move; correspondence: days), kept in the database with the game so that it survives a restart.
Every process looks for decisions past their deadline once a `timer_tick_seconds`; the one whose
claim the database accepts (`store.expire`) acts — the seat is handed to the AI level chosen at
creation, or the game is abandoned — and every process shows it."""

from __future__ import annotations

import asyncio
import logging
from datetime import datetime

from kleos.server import store
from kleos.server.clock import successor
from kleos.server.moves import Moves
from kleos.server.seats import HUMAN, hand_over
from kleos.server.settings import Settings
from kleos.server.store import Store

LOG = logging.getLogger("kleos.server")
DUE_PAGE = 50
"""The most games one check acts on (the next check takes the rest)."""


class Timers:
    """The check that acts on decisions out of time, for one process."""

    def __init__(self, settings: Settings, store_: Store, moves: Moves) -> None:
        self.settings = settings
        self.store = store_
        self.moves = moves

    async def watch(self) -> None:
        """Check every `timer_tick_seconds`, until cancelled; a failed check (a database
        hiccup) is logged and the next one tries again."""
        while True:
            await asyncio.sleep(self.settings.timer_tick_seconds)
            try:
                await self.check()
            except Exception:  # the watch must outlive any one failure
                LOG.exception("checking the move timers failed")

    async def check(self) -> None:
        """Act on every decision whose deadline has passed."""
        moment = self.settings.clock()
        for game_id, state_id in await self.store.read(store.due, moment, DUE_PAGE):
            await self.expire(game_id, state_id, moment)

    async def expire(self, game_id: str, state_id: int, moment: datetime) -> None:
        """The decision at `state_id` ran out of time at `moment`: hand its seat to the AI or
        abandon the game, if this process's claim wins (another's may have)."""
        live = await self.moves.game(game_id)
        async with live.lock:
            await self.moves.catch_up(live)
            seat = live.match.current_player
            if seat is not None and live.kinds[seat] != HUMAN:
                seat = None  # an agent decides now: its stale deadline only goes
            level = None if live.timer is None else successor(live.timer)
            won = await self.store.write(store.expire, game_id, state_id, moment, seat, level)
            if not won or live.match.state_id != state_id:
                return
            live.deadline = None
            if seat is None:
                return
            live.timed_out[seat] = state_id
            if level is None:
                live.abandoned = True
            else:
                hand_over(live, seat, level)
            LOG.info("game %s: %s", game_id, live.timeout_words(seat))
        live.announce()
        self.moves.schedule_ai(live)
