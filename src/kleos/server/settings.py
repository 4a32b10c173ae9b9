"""How a server runs: where its data lives, its addresses and its limits.

Every limit a stranger can reach is here, with its default; `docs/api.md` lists them."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import platformdirs

from kleos.server.clock import Clock, utc_now

MAX_BODY_BYTES = 64 * 1024
"""The largest HTTP request body accepted."""
MAX_MESSAGE_BYTES = 16 * 1024
"""The largest WebSocket message accepted."""
MAX_FRAME_BYTES = 1024 * 1024
"""WebSocket messages past this are cut off by uvicorn (1009); past 16 KiB they are refused."""


@dataclass(frozen=True)
class Settings:
    """A server's settings; `database_url` None means SQLite in `data_dir`."""

    data_dir: Path = Path(platformdirs.user_data_dir("kleos"))
    database_url: str | None = None
    public_url: str = "http://127.0.0.1:8000"
    ai_workers: int = 2
    """Processes that play the AI seats (and analyse finished games)."""
    requests_per_minute: int = 1200
    """API requests one client address may make per minute, of every kind (past it, 429)."""
    games_per_minute: int = 30
    """Games one client address may create per minute."""
    listings_per_minute: int = 60
    """Pages of open games one client address may ask for per minute."""
    ai_games_per_hour: int = 10
    """Games with no human seat (AI against AI) one client address may create per hour."""
    ai_move_seconds: float = 0.3
    """The least time between a move and an AI seat's reply in the same game (a pace people
    can follow, and a bound on what one game of AI seats costs)."""
    joins_per_minute: int = 30
    """Open seats one client address may join per minute."""
    actions_per_minute: int = 600
    """Moves (and WebSocket messages) one address, and one seat, may send per minute."""
    max_connections_per_game: int = 64
    websockets_per_address: int = 32
    """Live connections one address may hold at once."""
    max_connections: int = 1000
    """Connections (HTTP and WebSocket) the server holds at once; past it, 503."""
    keep_alive_seconds: float = 5.0
    """An idle HTTP connection is closed after this long."""
    send_queue: int = 64
    """Messages waiting for one WebSocket client; a client that does not read is dropped."""
    max_think_seconds: float = 2.0
    """The most time an AI seat may think about one decision; specs asking more are refused."""
    max_iterations: int = 20_000
    """The most ISMCTS iterations an AI seat may spend on one decision."""
    analysis_agent: str = "ismcts:iterations=300"
    """The search that judges every decision of a finished game."""
    analysis_samples: int = 32
    """Rollouts behind each win-chance estimate of the analysis chart."""
    analysis_queue: int = 8
    """Analyses waiting for a worker at once; past it, 429."""
    analyses_per_hour: int = 20
    """Analyses one client address may start per hour."""
    live_games: int = 500
    """Games kept in memory; the least recently used beyond it are dropped (reloaded from
    their log when next asked for)."""
    hint_agent: str = "ismcts:iterations=1500:time=0.75:value=mix"
    """The search behind a seat's hint (its opinion of each option), capped by the server."""
    hints_per_minute: int = 6
    """Hints one seat may ask for per minute."""
    hint_queue: int = 4
    """Hints computed at once in one process; past it, 429."""
    chat_burst: int = 5
    """Chat messages one seat may send in `chat_window` seconds."""
    chat_window: float = 10.0
    chat_per_game: int = 1000
    """Chat messages one game keeps; past it, its chat is full (409)."""
    timer_tick_seconds: float = 1.0
    """How often the server looks for decisions that ran out of time."""
    clock: Clock = utc_now
    """The time in UTC for move timers and chat (a test moves its own on)."""
    api_docs: bool = False
    """Whether /docs and /redoc (the interactive OpenAPI pages) are served."""
    forwarded_allow_ips: str | None = None
    """Addresses of trusted front proxies whose X-Forwarded-For names the client (uvicorn's
    option); None trusts none."""

    @property
    def url(self) -> str:
        """The database URL: the given one, or the SQLite file in the data directory."""
        if self.database_url is not None:
            return self.database_url
        self.data_dir.mkdir(parents=True, exist_ok=True)
        return f"sqlite:///{self.data_dir / 'kleos.db'}"
