"""Durability: the real `kleos serve` process, killed with SIGKILL in the middle of a game and
started again on the same data, has every acknowledged move, and the game finishes and replays.
"""

from __future__ import annotations

import json
import os
import random
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import connect

import kleos
from kleos.core.records import parse_record

KLEOS = [str(Path(sys.executable).parent / "kleos")]
"""The installed command, beside this interpreter."""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class Server:
    """`kleos serve` in its own process group, on a free port and a given data folder."""

    def __init__(self, data: Path) -> None:
        self.data = data
        self.port = free_port()
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        command = [*KLEOS, "serve", "--port", str(self.port), "--data-dir", str(self.data),
                   "--ai-workers", "1"]  # fmt: skip
        self.log = (self.data.parent / "server.log").open("ab")
        self.process = subprocess.Popen(
            command, stdout=self.log, stderr=self.log, start_new_session=True
        )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                if httpx.get(f"{self.url}/healthz", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                time.sleep(0.1)
        raise AssertionError("kleos serve did not start")

    def kill(self) -> None:
        """SIGKILL the server and its AI workers: no chance to clean up."""
        assert self.process is not None
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=10)
        self.log.close()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    running = Server(tmp_path / "data")
    yield running
    if running.process is not None and running.process.poll() is None:
        running.kill()


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
    log = (server.data.parent / "server.log").read_text()
    assert "WebSocket" in log and "token=…" in log
    assert token not in log and str(record.config["seed"]) not in log
