"""Running the server under uvicorn, as `kleos serve` does."""

from __future__ import annotations

import dataclasses
import logging
from pathlib import Path
from typing import Any

import uvicorn

from kleos.core.errors import ConfigError
from kleos.server.app import RedactTokens, create_app
from kleos.server.connections import BoundedH11Protocol
from kleos.server.settings import MAX_FRAME_BYTES, Settings

MAX_HEADER_BYTES = 16 * 1024
"""The largest request head (request line and headers) h11 buffers before refusing it."""


def server_settings(
    host: str,
    port: int,
    data_dir: Path | None,
    database_url: str | None,
    public_url: str | None,
    **limits: Any,
) -> Settings:
    """The settings `kleos serve` runs with; `limits` are other `Settings` fields by name."""
    if database_url is not None and not database_url.startswith(("sqlite", "postgresql")):
        raise ConfigError("--database-url is a sqlite:/// or postgresql+psycopg:// URL")
    defaults = Settings()
    known = {f.name for f in dataclasses.fields(Settings)}
    unknown = set(limits) - known
    if unknown:
        raise ConfigError(f"unknown server settings: {', '.join(sorted(unknown))}")
    return dataclasses.replace(
        defaults,
        data_dir=data_dir if data_dir is not None else defaults.data_dir,
        database_url=database_url,
        public_url=public_url or f"http://{host}:{port}",
        **limits,
    )


def run_server(settings: Settings, host: str, port: int) -> None:
    """Serve until interrupted; access logs never show a token. Connections are bounded:
    at most `max_connections` at once, idle ones closed, request heads and frames capped."""
    for name in ("uvicorn.access", "uvicorn.error"):  # WebSocket lines go to uvicorn.error
        logging.getLogger(name).addFilter(RedactTokens())
    uvicorn.run(
        create_app(settings),
        host=host,
        port=port,
        log_level="info",
        ws_max_size=MAX_FRAME_BYTES,
        ws_max_queue=4,
        ws_ping_interval=20,
        ws_ping_timeout=20,
        # Envelopes are a few KiB: compressing every frame costs the CPU moves need.
        ws_per_message_deflate=False,
        limit_concurrency=settings.max_connections,
        timeout_keep_alive=int(settings.keep_alive_seconds),
        h11_max_incomplete_event_size=MAX_HEADER_BYTES,
        proxy_headers=settings.forwarded_allow_ips is not None,
        forwarded_allow_ips=settings.forwarded_allow_ips,
        timeout_graceful_shutdown=5,
        http=BoundedH11Protocol,
    )
