"""One in-process server per test module (SQLite in a temporary folder), and helpers to play
through its API."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from kleos.server.app import create_app
from kleos.server.settings import Settings


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    folder: Path = tmp_path_factory.mktemp("server")
    settings = Settings(
        data_dir=folder,
        ai_workers=1,
        ai_move_seconds=0,
        ai_games_per_hour=10_000,
        games_per_minute=10_000,
    )
    with TestClient(create_app(settings)) as test_client:
        yield test_client


def create(
    client: TestClient, game: str, seats: list[str], open: list[int] | None = None, **options: Any
) -> dict[str, Any]:
    """Create a game (`open`: the seats anyone may join); its creation answer (id, seats with
    tokens and links)."""
    body = {"game": game, "seats": seats, "options": options, "open": open or []}
    response = client.post("/api/games", json=body)
    assert response.status_code == 201, response.json()
    created: dict[str, Any] = response.json()
    return created


def envelope(client: TestClient, game_id: str, token: str | None = None) -> dict[str, Any]:
    params = {"token": token} if token else {}
    response = client.get(f"/api/games/{game_id}", params=params)
    assert response.status_code == 200, response.json()
    found: dict[str, Any] = response.json()
    return found


def wait_for(client: TestClient, game_id: str, token: str | None, until: Any) -> dict[str, Any]:
    """Poll the envelope until `until(envelope)` holds (AI seats think in other processes)."""
    deadline = time.monotonic() + 60
    while True:
        found = envelope(client, game_id, token)
        if until(found):
            return found
        assert time.monotonic() < deadline, "the game did not move on"
        time.sleep(0.02)


def my_turn_or_over(found: dict[str, Any]) -> bool:
    return bool(found["legal_actions"]) or found["is_terminal"]
