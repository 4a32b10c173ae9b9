"""A clock a test moves on instead of waiting (the server's `Settings.clock`)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta


class ManualClock:
    """The time in UTC, standing still until `advance` moves it on."""

    def __init__(self, start: datetime = datetime(2026, 12, 2, 12, 0, tzinfo=UTC)) -> None:
        self.moment = start

    def __call__(self) -> datetime:
        return self.moment

    def advance(self, **delta: float) -> None:
        """Move on by a `timedelta(**delta)`: `advance(seconds=31)`, `advance(days=3)`."""
        self.moment += timedelta(**delta)


def parse_time(text: str) -> datetime:
    """An envelope's ISO 8601 time (`…Z`)."""
    assert text.endswith("Z"), text
    return datetime.fromisoformat(text.removesuffix("Z") + "+00:00")
