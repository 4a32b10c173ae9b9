"""Durability: the real `kleos serve` process, killed with SIGKILL in the middle of a game and
started again on the same data, has every acknowledged move, and the game finishes and replays.
"""

from __future__ import annotations

import json
import random
import signal
import time
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


def writing_to(log: Path) -> set[int]:
    """The processes whose standard output is `log`: a server and every worker it started."""
    found = set()
    for out in Path("/proc").glob("[0-9]*/fd/1"):
        try:
            if (
                out.resolve() == log.resolve()
                and "zombie" not in (out.parent.parent / "status").read_text()
            ):
                found.add(int(out.parent.parent.name))
        except OSError:
            continue
    return found


@pytest.mark.parametrize("how", [signal.SIGTERM, signal.SIGKILL], ids=["SIGTERM", "SIGKILL"])
def test_no_worker_keeps_searching_once_the_server_is_stopped(
    server: Server, how: signal.Signals
) -> None:
    server.start()
    assert server.process is not None
    body = {"game": "ilium", "seats": ["ismcts:time=2", "ismcts:time=2"]}
    assert httpx.post(f"{server.url}/api/games", json=body).status_code == 201
    deadline = time.monotonic() + 30
    while len(writing_to(server.log_path)) < 3:  # the server, its resource tracker, a worker
        assert time.monotonic() < deadline, "no AI worker started"
        time.sleep(0.1)
    time.sleep(1)  # a search under way
    server.process.send_signal(how)
    server.process.wait(timeout=20)
    deadline = time.monotonic() + 10
    while left := writing_to(server.log_path):
        assert time.monotonic() < deadline, f"processes outlived their server: {left}"
        time.sleep(0.1)
