"""Live play over a WebSocket: the seat's envelope after every move and status change, `act`
messages in. A seat's token comes in the first message (`{"type": "hello", "token": …}`),
or for old links in `?token=`; until then the connection is a spectator's.

Each connection is bounded: messages are text of at most 16 KiB (a binary frame closes it,
1003), counted against the address's and the seat's move limits, and its outgoing queue is
bounded — a client that does not read is dropped (1008) rather than buffered without end.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from fastapi import APIRouter, WebSocket
from starlette.websockets import WebSocketDisconnect

from kleos.core.errors import KleosError
from kleos.core.protocol import PlayerId
from kleos.server.errors import status_of
from kleos.server.hub import Hub
from kleos.server.live import LiveGame
from kleos.server.notify import Subscriber
from kleos.server.settings import MAX_MESSAGE_BYTES

router = APIRouter()
UNSUPPORTED_DATA = 1003
POLICY = 1008
TRY_LATER = 1013
CLOSE_SECONDS = 5.0
"""The longest a connection's closing may take."""


class Closed(Exception):
    """The connection is to be closed with a code and a reason."""

    def __init__(self, code: int, reason: str, error: str | None = None) -> None:
        super().__init__(reason)
        self.code, self.reason, self.error = code, reason, error


@router.websocket("/api/games/{game_id}/ws")
async def live_game(websocket: WebSocket, game_id: str, token: str | None = None) -> None:
    """Live play of one game for one seat (or a spectator)."""
    hub: Hub = websocket.app.state.hub
    client = websocket.client.host if websocket.client else "unknown"
    await websocket.accept()
    try:
        live = await hub.moves.game(game_id)
        seat = await hub.seats.seat_of(live, token if isinstance(token, str) else None)
    except KleosError as exc:
        await websocket.send_json({"type": "error", "error": str(exc)})
        await websocket.close(code=POLICY)
        return
    crowded = len(live.subscribers) >= hub.settings.max_connections_per_game
    if crowded or hub.sockets[client] >= hub.settings.websockets_per_address:
        whom = "this game" if crowded else "one address"
        await websocket.send_json({"type": "error", "error": f"too many connections to {whom}"})
        await websocket.close(code=TRY_LATER)
        return
    hub.sockets[client] += 1
    subscriber = Subscriber(seat, hub.settings.send_queue)
    live.subscribe(subscriber)
    live.announce()
    sender = asyncio.create_task(_send_all(websocket, subscriber))
    receiver = asyncio.create_task(_receive_all(websocket, hub, live, subscriber, client))
    dropped = asyncio.create_task(subscriber.overflowed.wait())
    closing: Closed | None = None
    try:
        done, _ = await asyncio.wait(
            (sender, receiver, dropped), return_when=asyncio.FIRST_COMPLETED
        )
        if dropped in done:
            raise Closed(POLICY, "messages were not read; reconnect to continue")
        for task in done:
            task.result()
    except Closed as closed:
        closing = closed
    except (WebSocketDisconnect, RuntimeError, OSError):
        pass  # the client went away
    finally:
        for task in (sender, receiver, dropped):
            task.cancel()
        live.subscribers.discard(subscriber)
        hub.sockets[client] -= 1
        if hub.sockets[client] <= 0:
            del hub.sockets[client]
        live.announce()
    if closing is not None:
        await _close(websocket, closing)


async def _close(websocket: WebSocket, closed: Closed) -> None:
    """Say why and close; a client that does not read may never take the close frame, so
    this waits `CLOSE_SECONDS` at most (the connection is already out of the game)."""
    try:
        async with asyncio.timeout(CLOSE_SECONDS):
            if closed.error is not None:
                await websocket.send_json({"type": "error", "error": closed.error})
            await websocket.close(code=closed.code, reason=closed.reason)
    except (RuntimeError, OSError, TimeoutError):
        pass


async def _send_all(websocket: WebSocket, subscriber: Subscriber) -> None:
    while True:
        message = await subscriber.queue.get()
        await websocket.send_json(message)


async def _receive_all(
    websocket: WebSocket, hub: Hub, live: LiveGame, subscriber: Subscriber, client: str
) -> None:
    first = True
    while True:
        message = await websocket.receive()
        if message["type"] == "websocket.disconnect":
            raise WebSocketDisconnect(message.get("code", 1000))
        text = message.get("text")
        if text is None:
            raise Closed(UNSUPPORTED_DATA, "messages are JSON text, not binary frames")
        reply = await _handle(hub, live, subscriber, client, text, first)
        first = False
        if reply is not None:
            subscriber.send(reply)


def _error(status: int, text: str) -> dict[str, Any]:
    return {"type": "error", "status": status, "error": text}


async def _handle(
    hub: Hub, live: LiveGame, subscriber: Subscriber, client: str, text: str, first: bool
) -> dict[str, Any] | None:
    """One client message: an error to send back, or None once it is done."""
    try:
        hub.seats.count_move(client, subscriber.seat, live.id)
    except KleosError as exc:
        return _error(status_of(exc), str(exc))
    if len(text.encode()) > MAX_MESSAGE_BYTES:
        return _error(413, f"messages are at most {MAX_MESSAGE_BYTES} bytes")
    try:
        message = json.loads(text)
    except (ValueError, RecursionError):
        return _error(400, "a message is a JSON object")
    kind = message.get("type") if isinstance(message, dict) else None
    if kind == "hello" and first and subscriber.seat is None:
        return await _hello(hub, live, subscriber, message.get("token"))
    if kind != "act":
        return _error(400, 'messages are {"type": "act", "state_id": …, "action": …}')
    try:
        await hub.moves.submit(
            live, subscriber.seat, message.get("action"), message.get("state_id")
        )
    except KleosError as exc:
        return _error(status_of(exc), str(exc))
    return None


async def _hello(
    hub: Hub, live: LiveGame, subscriber: Subscriber, token: object
) -> dict[str, Any] | None:
    """Take the seat a first message's token names (a bad token closes the connection)."""
    if token is None:
        return None
    if not isinstance(token, str) or len(token) > 100:
        raise Closed(POLICY, "a token is text")
    try:
        seat: PlayerId | None = await hub.seats.seat_of(live, token)
    except KleosError as exc:
        raise Closed(POLICY, "this token belongs to no seat of this game", str(exc)) from None
    subscriber.seat = seat
    live.arrived(subscriber)
    live.announce()
    return None
