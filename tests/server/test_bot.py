"""`kleos bot`: an agent plays a seat of a real server game through its invite link, deciding
from a sample the server draws from what the seat sees."""

from __future__ import annotations

import json
import subprocess
import threading
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from conftest import create
from fastapi.testclient import TestClient
from processes import KLEOS, Server
from websockets.sync.server import ServerConnection, serve

from kleos.agents import make_agent
from kleos.cli.bot import Invite, play_remote
from kleos.core.serialize import state_from_document


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    running = Server(tmp_path / "data")
    running.start()
    yield running
    running.stop()


@pytest.mark.parametrize("game", ["ilium", "elysium"])
def test_a_bot_plays_a_whole_game_through_its_invite_link(server: Server, game: str) -> None:
    seats = {"game": game, "seats": ["human", "random", "random"]}
    created = httpx.post(f"{server.url}/api/games", json=seats).json()
    url = created["seats"][0]["url"].replace("http://127.0.0.1:8000", server.url)
    done = subprocess.run(
        [*KLEOS, "bot", url, "--agent", "ismcts:iterations=20", "--seed", "1"],
        capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "Game over:" in done.stdout
    record = httpx.get(f"{server.url}/api/games/{created['id']}/record")
    assert record.status_code == 200
    assert any('"player": 0' in line for line in record.text.splitlines())


def test_a_bad_invite_link_is_a_clear_error() -> None:
    for url in (
        "http://127.0.0.1:9/nowhere",
        "http://127.0.0.1:9/games/abc",
        "ftp://x/games/a?token=t",
    ):
        done = subprocess.run([*KLEOS, "bot", url], capture_output=True, text=True, timeout=60)
        assert done.returncode == 2 and "error:" in done.stderr and "Traceback" not in done.stderr


def test_a_sample_is_the_seats_view_with_its_hidden_parts_resampled(client: TestClient) -> None:
    created = create(client, "ilium", ["human", "human", "human"])
    game_id, token = created["id"], created["seats"][1]["token"]
    truth = client.app.state.hub.moves.live.get(game_id).match.state  # type: ignore[attr-defined]
    historians = set()
    for _ in range(12):
        sample = client.get(f"/api/games/{game_id}/sample", params={"token": token}).json()
        state = state_from_document(sample["state"])
        assert sample["seat"] == 1 and state.view(1) == truth.view(1)
        assert state.game.config.seed != truth.game.config.seed
        historians.add(state.historian[0])
    assert len(historians) > 1, "the others' Historians are resampled, not the truth"
    assert client.get(f"/api/games/{game_id}/sample").status_code == 403


def test_a_hostile_server_cannot_put_terminal_escapes_on_the_bots_screen() -> None:
    """What a server says is printed escaped: no escape sequence, no rich markup reaches the
    terminal."""
    hostile = "\x1b]0;pwned\x07\x1b[2J[bold red]boom[/]"

    def handler(ws: ServerConnection) -> None:
        ws.recv()  # the bot's hello
        ws.send(json.dumps({"type": "error", "error": hostile}))
        ws.send(json.dumps({"type": "envelope", "envelope": {"is_terminal": True}}))

    with serve(handler, "127.0.0.1", 0) as fake:
        thread = threading.Thread(target=fake.serve_forever, daemon=True)
        thread.start()
        port = fake.socket.getsockname()[1]
        said: list[str] = []
        invite = Invite.parse(f"http://127.0.0.1:{port}/games/g#token=t")
        play_remote(invite, make_agent("random", 1), said.append)
        fake.shutdown()
    assert said and all("\x1b" not in line and "\x07" not in line for line in said)
    assert "\\x1b" in said[0] and "[bold red]" in said[0]
