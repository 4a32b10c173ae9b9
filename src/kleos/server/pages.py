"""The browser client: static ES modules, SVG and CSS from the package, one page shell for
every page route. The client holds no rules: it draws `static_info()` and envelopes and sends
back action ids. The rules pages (`/rules/GAME`) are the one exception to the shell: each game's
rules text and glossary (`kleos.core.help`) rendered here into HTML, in the client's style."""

from __future__ import annotations

from functools import cache
from html import escape
from itertools import pairwise
from pathlib import Path

from fastapi import APIRouter, FastAPI
from fastapi.responses import FileResponse, HTMLResponse
from fastapi.staticfiles import StaticFiles
from markdown_it import MarkdownIt
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from kleos.core.errors import ConfigError
from kleos.core.help import key_of
from kleos.core.inputs import quoted
from kleos.core.protocol import Game
from kleos.core.registry import game_class, game_ids

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


RULES_SHELL = """<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="color-scheme" content="light dark">
  <title>{title} — Kleos</title>
  <link rel="icon" href="/static/favicon.svg" type="image/svg+xml">
  <link rel="stylesheet" href="/static/style.css">
  <script type="module" src="/static/rules.js"></script>
</head>
<body>
  <header class="top">
    <a class="brand" href="/">Kleos</a>
    <nav aria-label="Main">
      <a href="/">New game</a>
      <a href="/my">My games</a>
      <a href="/rules">Rules</a>
    </nav>
    <span class="spacer"></span>
    <button id="theme" type="button" aria-label="Dark theme" aria-pressed="false">Dark</button>
  </header>
  <main id="main" class="rules-page">
{body}
  </main>
</body>
</html>
"""
"""The rules pages' shell: the client's header and style, and `rules.js` for the theme."""


def _markdown() -> MarkdownIt:
    """CommonMark with tables, and no raw HTML: a game's text is shown, never run."""
    return MarkdownIt("commonmark", {"html": False}).enable("table")


def _rules_html(text: str) -> tuple[str, list[tuple[str, str]]]:
    """A rules text as HTML, each section heading with an id (`rules-…`), and the contents:
    the id and title of each section (##)."""
    parser = _markdown()
    tokens = parser.parse(text)
    contents = []
    for opening, inline in pairwise(tokens):
        if opening.type == "heading_open" and opening.tag in ("h2", "h3"):
            anchor = f"rules-{key_of(inline.content)}"
            opening.attrSet("id", anchor)
            if opening.tag == "h2":
                contents.append((anchor, inline.content))
    return parser.renderer.render(tokens, parser.options, {}), contents


def _page(title: str, body: str, status: int = 200) -> HTMLResponse:
    return HTMLResponse(RULES_SHELL.format(title=escape(title), body=body), status_code=status)


def _games_with_rules() -> list[type[Game]]:
    """Every registered game that has a rules text, in id order."""
    return [game_class(i) for i in game_ids() if game_class(i).rules_text() is not None]


def _rules_list() -> str:
    items = "".join(
        f'<li><a href="/rules/{escape(g.game_id)}">{escape(g.title)}</a> — '
        f"{escape(g.spec.summary)}</li>"
        for g in _games_with_rules()
    )
    return f'<ul class="rules-games">{items}</ul>'


@cache
def _rules_body(game_id: str) -> str:
    """The body of a game's rules page (a registered game that has rules): its contents, the
    rules and the glossary, each entry anchored `#term-ID`."""
    game = game_class(game_id)
    html, contents = _rules_html(game.rules_text() or "")
    entries = game.glossary().entries
    links = [*contents, *([("glossary", "Glossary")] if entries else [])]
    toc = "".join(f'<li><a href="#{a}">{escape(t)}</a></li>' for a, t in links)
    terms = "".join(
        f'<dt id="{escape(e.anchor)}">{escape(e.term)}</dt><dd>{escape(e.definition)}</dd>'
        for e in entries
    )
    glossary = (
        '<section class="panel glossary" id="glossary" aria-labelledby="glossary-title">'
        f'<h2 id="glossary-title">Glossary</h2><dl>{terms}</dl></section>'
        if entries
        else ""
    )
    return (
        f'<nav class="panel rules-contents" aria-label="Contents"><ol>{toc}</ol></nav>'
        f'<article class="panel rules" data-game="{escape(game_id)}">{html}</article>{glossary}'
    )


def _no_rules(problem: str) -> HTMLResponse:
    """The 404 page: what is missing, and the rules there are."""
    return _page(
        "No such rules",
        f'<div class="panel"><h1>No such rules</h1><p class="error">{escape(problem)}</p>'
        f"<p>The rules of every game:</p>{_rules_list()}</div>",
        404,
    )


@router.get("/rules")
async def rules_index() -> HTMLResponse:
    """The games whose rules can be read."""
    return _page("Rules", f'<div class="panel"><h1>Rules</h1>{_rules_list()}</div>')


@router.get("/rules/{game_id:path}")
async def rules_page(game_id: str) -> HTMLResponse:
    """A game's rules for players and its glossary; a clean 404 page for any other name."""
    try:
        game = game_class(game_id)
    except ConfigError:
        return _no_rules(f"There is no game {quoted(game_id)}.")
    if game.rules_text() is None:
        return _no_rules(f"{game.title} has no rules page.")
    return _page(f"Rules of {game.title}", _rules_body(game.game_id))


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
