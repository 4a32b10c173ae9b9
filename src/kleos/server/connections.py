"""Connections a stranger can hold are bounded: uvicorn's HTTP protocol (h11) with a deadline
for each request head — an idle socket, or one trickling its headers a byte at a time, is
closed after `HEAD_SECONDS` — and at most `PER_ADDRESS` connections from one address at once
waiting for or sending a request. (uvicorn's own `timeout_keep_alive` only closes sockets idle
between requests, and `limit_concurrency` counts every socket, so without this a few hundred
idle sockets from one address would take the server from everyone.)"""

from __future__ import annotations

import asyncio
from collections import Counter
from typing import Any, ClassVar

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

HEAD_SECONDS = 10.0
"""The longest a client may take to send a whole request head."""
PER_ADDRESS = 64
"""HTTP connections one address may hold at once (WebSockets are counted by `ws.py`)."""


class BoundedH11Protocol(H11Protocol):
    """h11 with a deadline on every request head and a cap on connections per address."""

    by_address: ClassVar[Counter[str]] = Counter()

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._address = self.client[0] if self.client else "unknown"
        self._counted = False
        self._head_timer: asyncio.TimerHandle | None = None
        if self.by_address[self._address] >= PER_ADDRESS:
            transport.close()
            return
        self.by_address[self._address] += 1
        self._counted = True
        self._arm()

    def _arm(self) -> None:
        self._disarm()
        self._head_timer = self.loop.call_later(HEAD_SECONDS, self._head_too_slow)

    def _disarm(self) -> None:
        if self._head_timer is not None:
            self._head_timer.cancel()
            self._head_timer = None

    def _uncount(self) -> None:
        if self._counted:
            self._counted = False
            self.by_address[self._address] -= 1
            if self.by_address[self._address] <= 0:
                del self.by_address[self._address]

    def _head_too_slow(self) -> None:
        self._head_timer = None
        if not self.transport.is_closing():
            self.transport.close()

    def handle_events(self) -> None:
        scope = self.scope
        super().handle_events()
        if self.scope is not scope:  # a whole request head has arrived
            self._disarm()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if not self.transport.is_closing() and self.conn.our_state is h11.IDLE:
            self._arm()  # the next request's head has its own deadline

    def handle_websocket_upgrade(self, event: Any) -> None:
        self._disarm()
        self._uncount()  # from now on the WebSocket protocol has the socket
        super().handle_websocket_upgrade(event)

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        self._uncount()
        super().connection_lost(exc)
