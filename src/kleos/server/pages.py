"""The browser client: static ES modules, SVG and CSS from the package, one page shell for
every page route. The client holds no rules: it draws `static_info()` and envelopes and sends
back action ids."""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter, FastAPI
from fastapi.responses import FileResponse
from fastapi.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

WEB = Path(__file__).resolve().parent / "web"
SHELL = WEB / "index.html"
HEADERS = {
    # Invite links carry a seat's token in the query: never send it on as a referrer.
    "referrer-policy": "no-referrer",
    "content-security-policy": (
        "default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; "
        "frame-ancestors 'none'; form-action 'self'"
    ),
    "x-content-type-options": "nosniff",
}

router = APIRouter(include_in_schema=False)


def _shell() -> FileResponse:
    return FileResponse(SHELL, media_type="text/html", headers=HEADERS)


@router.get("/")
async def home() -> FileResponse:
    """Home: create a game, join an open one."""
    return _shell()


@router.get("/my")
async def my_games() -> FileResponse:
    """The games whose tokens this browser holds."""
    return _shell()


@router.get("/games/{game_id}")
async def game_page(game_id: str) -> FileResponse:
    """A game: played with a seat's token, watched without one, replayed once it is over."""
    return _shell()


@router.get("/games/{game_id}/invite")
async def invite_page(game_id: str) -> FileResponse:
    """The invite links of a new game's seats."""
    return _shell()


class SecureStatic:
    """The static files with the pages' security headers."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message.setdefault("headers", [])
                message["headers"] = [
                    *message["headers"],
                    *((k.encode(), v.encode()) for k, v in HEADERS.items()),
                ]
            await send(message)

        await self.app(scope, receive, with_headers)


def install(app: FastAPI) -> None:
    """Serve the client: `/static/…` and the page routes."""
    app.include_router(router)
    app.mount("/static", SecureStatic(StaticFiles(directory=WEB)), name="static")
