"""Each game's chat: short lines of text from its seats (spectators read it), kept in the
database, pushed to every live connection of every process. Bounded: `chat_burst` messages a
seat in `chat_window` seconds, `chat_per_game` a game."""

from __future__ import annotations

from typing import Any

from sqlalchemy.exc import IntegrityError

from kleos.core.errors import KleosError
from kleos.core.protocol import PlayerId
from kleos.server import store
from kleos.server.clock import iso
from kleos.server.db import ChatRow
from kleos.server.live import LiveGame
from kleos.server.seats import ForbiddenError, RateLimiter
from kleos.server.settings import Settings
from kleos.server.store import Store

PAGE = 100
"""The most messages one read answers."""
ATTEMPTS = 3
"""Tries at numbering a message when another process numbers one at the same time."""


class ChatFullError(KleosError):
    """The game's chat holds as many messages as a game keeps."""


def message_json(row: ChatRow) -> dict[str, Any]:
    """A chat message as the API gives it."""
    return {"number": row.number, "seat": row.seat, "text": row.text, "at": iso(row.created_at)}


class Chat:
    """The chats of one process's games."""

    def __init__(self, settings: Settings, store_: Store) -> None:
        self.settings = settings
        self.store = store_
        self.by_seat = RateLimiter(
            "chat messages from one seat", settings.chat_burst, settings.chat_window
        )

    async def post(self, live: LiveGame, seat: PlayerId | None, text: str) -> dict[str, Any]:
        """Keep a (checked) message from `seat` and push it to every connection."""
        if seat is None:
            raise ForbiddenError("spectators read the chat; the players write in it")
        self.by_seat.hit(f"{live.id}/{seat}")
        most = self.settings.chat_per_game
        for attempt in range(ATTEMPTS):
            try:
                row = await self.store.write(
                    store.add_chat, live.id, seat, text, self.settings.clock(), most
                )
                break
            except IntegrityError:  # another process numbered its message alike first
                if attempt == ATTEMPTS - 1:
                    raise ChatFullError("the chat is busy; send the message again") from None
        if row is None:
            raise ChatFullError(f"this game's chat is full ({most} messages)")
        message = message_json(row)
        self.push(live, [message])
        return message

    async def since(self, live: LiveGame, number: int) -> list[dict[str, Any]]:
        """The messages after `number`, oldest first, at most a `PAGE`."""
        rows = await self.store.read(store.chat_since, live.id, number, PAGE)
        return [message_json(row) for row in rows]

    async def heard(self, live: LiveGame) -> None:
        """Another process kept a message of this game: push what this one has not."""
        self.push(live, await self.since(live, live.chat_number))

    @staticmethod
    def push(live: LiveGame, messages: list[dict[str, Any]]) -> None:
        """Send each connection the messages it has not been sent yet."""
        for message in messages:
            if message["number"] > live.chat_number:
                live.chat_number = message["number"]
                for subscriber in list(live.subscribers):
                    subscriber.send({"type": "chat", "message": message})
