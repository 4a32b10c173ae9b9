"""Durability: the real `kleos serve` process, killed with SIGKILL in the middle of a game and
started again on the same data, has every acknowledged move, and the game finishes and replays.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from processes import Server
from websockets.sync.client import connect

import kleos
from kleos.core.records import parse_record


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    running = Server(tmp_path / "data")
    yield running
    running.stop()


def play(url: str, moves: int | None, rng: random.Random, made: list[int]) -> dict[str, Any]:
    """Make up to `moves` moves for the token's seat over a WebSocket (all, if None). A move
    counts as acknowledged once an envelope past its state id arrives; the state id of each
    acknowledged move goes into `made`."""
    sent: int | None = None
    with connect(url, open_timeout=10) as ws:
        while True:
            message = json.loads(ws.recv(timeout=60))
            assert message["type"] == "envelope", message
            found: dict[str, Any] = message["envelope"]
            if sent is not None and found["state_id"] > sent:
                made.append(sent)
                sent = None
            if found["is_terminal"] or (moves is not None and len(made) >= moves):
                return found
            if found["legal_actions"] and sent is None:
                choice = rng.choice(found["legal_actions"])["id"]
                sent = found["state_id"]
                ws.send(json.dumps({"type": "act", "state_id": sent, "action": choice}))


def test_a_game_survives_sigkill_with_every_acknowledged_move(server: Server) -> None:
    server.start()
    created = httpx.post(
        f"{server.url}/api/games", json={"game": "ilium", "seats": ["human", "random", "random"]}
    ).json()
    game_id, token = created["id"], created["seats"][0]["token"]
    ws_url = f"ws://127.0.0.1:{server.port}/api/games/{game_id}/ws?token={token}"
    rng = random.Random(5)
    made: list[int] = []
    before = play(ws_url, 8, rng, made)
    server.kill()
    server.start()
    after = httpx.get(f"{server.url}/api/games/{game_id}", params={"token": token}).json()
    assert after["state_id"] >= made[-1] + 1 and after["state_id"] >= before["state_id"]
    final = play(ws_url, None, rng, made)
    assert final["is_terminal"]
    record = parse_record(httpx.get(f"{server.url}/api/games/{game_id}/record").text)
    ours = [ply for ply, move in enumerate(record.moves) if move.player == 0]
    assert set(made) <= set(ours), "an acknowledged move is missing from the record"
    replayed = kleos.replay(record)
    assert replayed.state.outcome().to_json() == final["outcome"]
    server.kill()
    log = server.log_path.read_text()
    assert "WebSocket" in log and "token=…" in log
    assert token not in log and str(record.config["seed"]) not in log
