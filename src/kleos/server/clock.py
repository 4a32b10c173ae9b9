"""The server's clock for move timers and chat — the time in UTC, given to the server in its
settings so that a test can move it on instead of waiting — and a move timer's arithmetic."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

from kleos.core.errors import KleosError

ABANDON = "abandon"
"""`on_timeout` for a game that ends, unfinished, when a seat runs out of time."""
Clock = Callable[[], datetime]
"""What tells the time: a callable answering an aware datetime in UTC."""


def utc_now() -> datetime:
    """The current time, in UTC."""
    return datetime.now(UTC)


class OutOfTimeError(KleosError):
    """A move made past its decision's deadline (its seat ran out of time), or in a game
    abandoned because a seat did."""


def per_move(timer: dict[str, Any]) -> timedelta:
    """The time a timer gives each decision."""
    if timer["mode"] == "live":
        return timedelta(seconds=int(timer["seconds"]))
    return timedelta(days=int(timer["days"]))


def successor(timer: dict[str, Any]) -> str | None:
    """The AI level that takes a seat whose player ran out of time (None: abandon)."""
    on_timeout: str = timer["on_timeout"]
    return None if on_timeout == ABANDON else on_timeout.removeprefix("ai:")


def iso(moment: datetime | None) -> str | None:
    """A moment as ISO 8601 text in UTC (`2026-12-02T05:00:00Z`), or None."""
    return None if moment is None else moment.astimezone(UTC).isoformat().replace("+00:00", "Z")
