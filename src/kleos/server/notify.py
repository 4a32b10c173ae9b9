"""Who is told of a move: each live connection's bounded queue of outgoing messages, and (on
PostgreSQL) the LISTEN loop that hears the moves other server processes commit."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

import psycopg
from sqlalchemy import make_url

from kleos.core.protocol import PlayerId
from kleos.server.store import CHANNEL


class Subscriber:
    """A live connection: its seat (None: a spectator) and its outgoing messages. The queue
    is bounded: a client that does not read its messages is dropped (`overflowed`)."""

    def __init__(self, seat: PlayerId | None, size: int) -> None:
        self.seat = seat
        self.queue: asyncio.Queue[dict[str, Any]] = asyncio.Queue(size)
        self.overflowed = asyncio.Event()

    def send(self, message: dict[str, Any]) -> None:
        """Queue a message, or mark the connection for dropping if its queue is full."""
        try:
            self.queue.put_nowait(message)
        except asyncio.QueueFull:
            self.overflowed.set()


async def listen(
    database_url: str, ready: asyncio.Event, heard: Callable[[str], Awaitable[None]]
) -> None:
    """Call `heard(game_id)` for every move any process commits (PostgreSQL LISTEN/NOTIFY)."""
    url = make_url(database_url).set(drivername="postgresql")
    conninfo = url.render_as_string(hide_password=False)
    async with await psycopg.AsyncConnection.connect(conninfo, autocommit=True) as connection:
        await connection.execute(f"LISTEN {CHANNEL}")
        ready.set()
        async for notice in connection.notifies():
            await heard(notice.payload)
