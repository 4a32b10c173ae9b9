"""The ASGI app: the hub started and stopped with it, request bodies bounded, tokens kept out
of the logs."""

from __future__ import annotations

import json
import logging
import re
from collections.abc import AsyncIterator, Awaitable, Callable, MutableMapping
from contextlib import asynccontextmanager
from typing import Any
from urllib.parse import unquote_plus

from fastapi import FastAPI

from kleos.core.build import build_name
from kleos.core.version import ENGINE_VERSION
from kleos.server import errors, pages
from kleos.server.api import router
from kleos.server.db import connect
from kleos.server.hub import Hub
from kleos.server.seats import RateLimiter, RateLimitError
from kleos.server.settings import MAX_BODY_BYTES, Settings
from kleos.server.store import Store
from kleos.server.why import router as why_router
from kleos.server.ws import router as ws_router

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


def create_app(settings: Settings | None = None) -> FastAPI:
    """The server app for `settings` (default: SQLite in the user's data directory)."""
    settings = settings or Settings()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        hub = Hub(settings, Store(connect(settings.url)))
        app.state.hub = hub
        await hub.start()
        log = logging.getLogger("uvicorn.error")
        log.info("Kleos %s, engine: %s", ENGINE_VERSION, build_name())
        try:
            yield
        finally:
            await hub.stop()
            hub.store.close()

    # The interactive pages load their scripts from a CDN: off unless asked for, and then
    # under the pages' own security headers (pages.py), so no script from elsewhere runs on
    # the origin that holds the seats' tokens.
    docs = settings.api_docs
    app = FastAPI(
        title="Kleos",
        version=ENGINE_VERSION,
        summary="Play Ilium and Elysium together: an authoritative game server.",
        lifespan=lifespan,
        docs_url="/docs" if docs else None,
        redoc_url="/redoc" if docs else None,
    )
    app.include_router(router)
    app.include_router(why_router)
    app.include_router(ws_router)
    pages.install(app)
    errors.install(app)
    app.add_middleware(BodyLimit)
    app.add_middleware(RequestLimit, limiter=RateLimiter("requests", settings.requests_per_minute))
    return app


class RequestLimit:
    """Refuse (429) an address's API requests past `requests_per_minute`, before any work."""

    def __init__(self, app: ASGIApp, limiter: RateLimiter) -> None:
        self.app = app
        self.limiter = limiter

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["path"].startswith("/api/"):
            client = scope.get("client")
            try:
                self.limiter.hit(client[0] if client else "unknown")
            except RateLimitError as exc:
                await _refuse(send, 429, str(exc))
                return
        await self.app(scope, receive, send)


class BodyLimit:
    """Refuse (413) a request body over `MAX_BODY_BYTES`, counted as it arrives."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope.get("headers", [])).get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > MAX_BODY_BYTES):
            await _too_large(send)
            return
        seen = 0

        async def counted() -> Message:
            nonlocal seen
            message = await receive()
            seen += len(message.get("body", b""))
            if seen > MAX_BODY_BYTES:
                raise BodyTooLarge
            return message

        try:
            await self.app(scope, counted, send)
        except BodyTooLarge:
            await _too_large(send)


class BodyTooLarge(Exception):
    """A streamed body grew past the limit."""


async def _too_large(send: Send) -> None:
    await _refuse(send, 413, f"request bodies are at most {MAX_BODY_BYTES} bytes")


async def _refuse(send: Send, status: int, error: str) -> None:
    """Answer a refusal before the app sees the request."""
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [(b"content-type", b"application/json")],
        }
    )
    await send({"type": "http.response.body", "body": json.dumps({"error": error}).encode()})


class RedactTokens(logging.Filter):
    """Log lines with the value of every `token` query parameter replaced — however its key
    is spelled (`%74oken`, `TOKEN`) — so no secret reaches a log."""

    PARAMETER = re.compile(r"([?&;])([^=&\s\"'#]+)=([^&\s\"'#]*)")

    @classmethod
    def redact(cls, text: str) -> str:
        """`text` with every token parameter's value replaced by an ellipsis."""

        def hide(match: re.Match[str]) -> str:
            if unquote_plus(match.group(2)).strip().lower() == "token":
                return f"{match.group(1)}{match.group(2)}=…"
            return match.group(0)

        return cls.PARAMETER.sub(hide, text)

    def filter(self, record: logging.LogRecord) -> bool:
        record.msg = self.redact(str(record.msg))
        if record.args:
            args = record.args if isinstance(record.args, tuple) else (record.args,)
            record.args = tuple(self.redact(a) if isinstance(a, str) else a for a in args)
        return True
