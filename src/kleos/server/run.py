"""Running the server under uvicorn, as `kleos serve` does."""

from __future__ import annotations

import logging
from pathlib import Path

import uvicorn

from kleos.core.errors import ConfigError
from kleos.server.app import RedactTokens, create_app
from kleos.server.settings import Settings

MAX_FRAME_BYTES = 1024 * 1024
"""WebSocket messages past this are cut off by uvicorn (1009); past 16 KiB they are refused."""


def server_settings(
    host: str,
    port: int,
    data_dir: Path | None,
    database_url: str | None,
    public_url: str | None,
    ai_workers: int,
    games_per_minute: int = 30,
) -> Settings:
    """The settings `kleos serve` runs with."""
    if database_url is not None and not database_url.startswith(("sqlite", "postgresql")):
        raise ConfigError("--database-url is a sqlite:/// or postgresql+psycopg:// URL")
    defaults = Settings()
    return Settings(
        data_dir=data_dir if data_dir is not None else defaults.data_dir,
        database_url=database_url,
        public_url=public_url or f"http://{host}:{port}",
        ai_workers=ai_workers,
        games_per_minute=games_per_minute,
    )


def run_server(settings: Settings, host: str, port: int) -> None:
    """Serve until interrupted; access logs never show a token."""
    for name in ("uvicorn.access", "uvicorn.error"):  # WebSocket lines go to uvicorn.error
        logging.getLogger(name).addFilter(RedactTokens())
    uvicorn.run(
        create_app(settings),
        host=host,
        port=port,
        log_level="info",
        ws_max_size=MAX_FRAME_BYTES,
    )
