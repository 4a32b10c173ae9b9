"""End-to-end fixtures: a live `kleos serve` app (uvicorn in a thread, SQLite in a temporary
folder) whose every request target is recorded, and Debian's chromium driven by Playwright;
every page's console is watched."""

from __future__ import annotations

import os
import re
import socket
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Page

from kleos.server.app import create_app
from kleos.server.settings import Settings

CHROMIUM = Path(os.environ.get("KLEOS_CHROMIUM", "/usr/bin/chromium"))
SCREENSHOTS = Path(__file__).resolve().parents[2] / "artifacts" / "screenshots"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class Access:
    """An ASGI wrapper that records every request's target (path and query string, HTTP and
    WebSocket alike): what an access log or a proxy in front of the server would see."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.targets: list[str] = []

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] in ("http", "websocket"):
            query = scope.get("query_string", b"").decode("latin-1")
            self.targets.append(scope["path"] + (f"?{query}" if query else ""))
        await self.app(scope, receive, send)


@pytest.fixture(scope="session")
def server_access() -> Access:
    """The request targets the live server has received (filled in once it runs)."""
    return Access(None)


@pytest.fixture(scope="session")
def live_server(tmp_path_factory: pytest.TempPathFactory, server_access: Access) -> Iterator[str]:
    """The server's base URL; AI seats and the analysis are kept quick for the tests."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    settings = Settings(
        data_dir=tmp_path_factory.mktemp("e2e"),
        public_url=base,
        ai_workers=1,
        ai_move_seconds=0,
        ai_games_per_hour=10_000,
        games_per_minute=10_000,
        analysis_agent="ismcts:iterations=16",
        analysis_samples=4,
    )
    server_access.app = create_app(settings)
    with serving(server_access, port):
        yield base


@contextmanager
def serving(app: Any, port: int) -> Iterator[None]:
    """Serve an ASGI app on 127.0.0.1:`port` in a thread while the block runs."""
    config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        assert thread.is_alive() and time.monotonic() < deadline, "the server did not start"
        time.sleep(0.05)
    yield
    server.should_exit = True
    thread.join(timeout=10)


@pytest.fixture(scope="session")
def base_url(live_server: str) -> str:
    return live_server


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    if not CHROMIUM.exists():
        pytest.fail(f"no chromium at {CHROMIUM}: `make test` installs Debian's package")
    return {
        **browser_type_launch_args,
        "executable_path": str(CHROMIUM),
        "args": ["--no-sandbox", "--disable-dev-shm-usage"],
    }


class Console:
    """Every console error and uncaught exception of the pages it watches."""

    def __init__(self) -> None:
        self.errors: list[str] = []

    def watch(self, page: Page) -> Page:
        page.on("console", self._message)
        page.on("pageerror", lambda error: self.errors.append(f"uncaught: {error}"))
        return page

    def _message(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            self.errors.append(f"{message.text} ({message.location.get('url', '')})")


@pytest.fixture
def console() -> Iterator[Console]:
    """Pages watched by this fixture must log no error by the end of the test."""
    watched = Console()
    yield watched
    assert watched.errors == [], "the browser console logged errors"


@pytest.fixture
def open_page(browser: Browser, base_url: str, console: Console) -> Iterator[Callable[..., Page]]:
    """New pages in their own browser contexts (separate storage: separate people)."""
    contexts: list[BrowserContext] = []

    def opener(width: int = 1280, theme: str = "light") -> Page:
        context = browser.new_context(
            base_url=base_url, viewport={"width": width, "height": 900}, color_scheme=theme
        )
        context.set_default_timeout(20_000)
        contexts.append(context)
        return console.watch(context.new_page())

    yield opener
    for context in contexts:
        context.close()


def page_url(url: str) -> str:
    """A page's address without its query or fragment (a seat's link without its token)."""
    return re.sub(r"[?#].*", "", url)


def screenshot(page: Page, name: str) -> Path:
    """Save a full-page screenshot as a test artifact (artifacts/ is ignored by git)."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path
