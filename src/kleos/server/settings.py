"""How a server runs: where its data lives, its addresses and its limits."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import platformdirs

MAX_BODY_BYTES = 64 * 1024
"""The largest HTTP request body accepted."""
MAX_MESSAGE_BYTES = 16 * 1024
"""The largest WebSocket message accepted."""


@dataclass(frozen=True)
class Settings:
    """A server's settings; `database_url` None means SQLite in `data_dir`."""

    data_dir: Path = Path(platformdirs.user_data_dir("kleos"))
    database_url: str | None = None
    public_url: str = "http://127.0.0.1:8000"
    ai_workers: int = 2
    """Processes that play the AI seats."""
    games_per_minute: int = 30
    """Games one client address may create per minute."""
    max_connections_per_game: int = 64
    analysis_agent: str = "ismcts:iterations=300"
    """The search that judges every decision of a finished game."""
    analysis_samples: int = 32
    """Rollouts behind each win-chance estimate of the analysis chart."""

    @property
    def url(self) -> str:
        """The database URL: the given one, or the SQLite file in the data directory."""
        if self.database_url is not None:
            return self.database_url
        self.data_dir.mkdir(parents=True, exist_ok=True)
        return f"sqlite:///{self.data_dir / 'kleos.db'}"
