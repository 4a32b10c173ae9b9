"""The browser client: static ES modules, SVG and CSS from the package, one page shell for
every page route. The client holds no rules: it draws `static_info()` and envelopes and sends
back action ids."""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter, FastAPI
from fastapi.responses import FileResponse
from fastapi.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

WEB = Path(__file__).resolve().parents[1] / "web"
"""The client's files: `kleos/web`, a folder of its own beside the server that hands it out."""
SHELL = WEB / "index.html"
HEADERS = {
    # Old invite links carry a seat's token in the query: never send it on as a referrer.
    "referrer-policy": "no-referrer",
    "content-security-policy": (
        "default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; "
        "frame-ancestors 'none'; form-action 'self'"
    ),
    "x-content-type-options": "nosniff",
}

router = APIRouter(include_in_schema=False)


DOCS_HEADERS = {
    **HEADERS,
    # `--api-docs` only (a development server): Swagger UI and ReDoc come from a CDN.
    "content-security-policy": (
        "default-src 'self'; script-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; "
        "style-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; img-src 'self' data: "
        "https://fastapi.tiangolo.com https://cdn.redoc.ly; worker-src blob:; "
        "object-src 'none'; base-uri 'none'; frame-ancestors 'none'"
    ),
}


def _shell() -> FileResponse:
    return FileResponse(SHELL, media_type="text/html")


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


class SecureHeaders:
    """Every HTTP answer — pages, static files, the API — with the security headers."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        chosen = DOCS_HEADERS if scope["path"] in ("/docs", "/redoc") else HEADERS
        extra = [(k.encode(), v.encode()) for k, v in chosen.items()]

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *extra]
            await send(message)

        await self.app(scope, receive, with_headers)


def install(app: FastAPI) -> None:
    """Serve the client: `/static/…` and the page routes, every answer with the headers."""
    app.include_router(router)
    app.mount("/static", StaticFiles(directory=WEB), name="static")
    app.add_middleware(SecureHeaders)
