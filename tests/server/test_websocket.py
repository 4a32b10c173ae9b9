"""Live play over WebSockets: envelopes pushed after every move, moves sent as `act` messages,
the same refusals as over HTTP, and a reconnecting client that continues exactly."""

from __future__ import annotations

import random
from contextlib import ExitStack
from pathlib import Path
from typing import Any

from conftest import create, envelope
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from kleos.server.app import create_app
from kleos.server.settings import MAX_MESSAGE_BYTES, Settings


def next_envelope(ws: WebSocketTestSession) -> dict[str, Any]:
    """The next envelope pushed (skipping nothing else: errors fail the test)."""
    message = ws.receive_json()
    assert message["type"] == "envelope", message
    found: dict[str, Any] = message["envelope"]
    return found


def until_mine(ws: WebSocketTestSession) -> dict[str, Any]:
    """Envelopes until the seat decides or the game is over."""
    while True:
        found = next_envelope(ws)
        if found["legal_actions"] or found["is_terminal"]:
            return found


def test_a_whole_game_is_played_over_a_websocket(client: TestClient) -> None:
    created = create(client, "elysium", ["human", "random", "random"])
    game_id, token = created["id"], created["seats"][0]["token"]
    rng = random.Random(3)
    with client.websocket_connect(f"/api/games/{game_id}/ws?token={token}") as ws:
        found = until_mine(ws)
        while not found["is_terminal"]:
            choice = rng.choice(found["legal_actions"])
            ws.send_json({"type": "act", "state_id": found["state_id"], "action": choice["id"]})
            found = until_mine(ws)
    assert found["outcome"]["reason"] == "the five epochs have been played"


def test_bad_messages_get_error_messages_and_the_game_goes_on(client: TestClient) -> None:
    created = create(client, "ilium", ["human", "human"])
    game_id = created["id"]
    decider = envelope(client, game_id)["current_player"]
    token = created["seats"][decider]["token"]
    with client.websocket_connect(f"/api/games/{game_id}/ws?token={token}") as ws:
        found = until_mine(ws)
        legal = found["legal_actions"][0]["text"]
        bad: list[tuple[str, int]] = [
            ("{not json", 400),
            ("[1, 2]", 400),
            ('{"type": "dance"}', 400),
            ("x" * (MAX_MESSAGE_BYTES + 1), 413),
            ('{"type": "act", "state_id": 7, "action": "' + legal + '"}', 409),
            ('{"type": "act", "state_id": 0, "action": "dig"}', 422),
            ('{"type": "act", "state_id": 0, "action": "cube p12:0"}', 422),
            ('{"type": "act", "state_id": 0, "action": [[[]]]}', 422),
        ]
        for text, status in bad:
            ws.send_text(text)
            reply = ws.receive_json()
            assert reply["type"] == "error" and reply["status"] == status, (text[:40], reply)
        ws.send_json({"type": "act", "state_id": 0, "action": legal})
        assert next_envelope(ws)["state_id"] == 1
    assert envelope(client, game_id)["state_id"] == 1


def test_a_client_that_reconnects_continues_exactly(client: TestClient) -> None:
    created = create(client, "ilium", ["human", "random", "random"])
    game_id, token = created["id"], created["seats"][0]["token"]
    url = f"/api/games/{game_id}/ws?token={token}"
    with client.websocket_connect(url) as ws:
        found = until_mine(ws)
        choice = found["legal_actions"][0]["id"]
        ws.send_json({"type": "act", "state_id": found["state_id"], "action": choice})
        found = until_mine(ws)
    with client.websocket_connect(url) as ws:
        again = next_envelope(ws)
    here = envelope(client, game_id, token)
    for key in ("state_id", "public", "private", "legal_actions"):
        assert again[key] == here[key] == found[key]


def test_spectators_watch_and_bad_tokens_are_turned_away(client: TestClient) -> None:
    created = create(client, "ilium", ["human", "human"])
    game_id = created["id"]
    with client.websocket_connect(f"/api/games/{game_id}/ws") as ws:
        watched = next_envelope(ws)
        assert watched["viewer"] is None and watched["private"] == {}
        ws.send_json({"type": "act", "state_id": watched["state_id"], "action": 0})
        assert ws.receive_json()["status"] == 403  # a spectator never decides
    with client.websocket_connect(f"/api/games/{game_id}/ws?token=wrong") as ws:
        assert ws.receive_json() == {
            "type": "error",
            "error": "this token belongs to no seat of this game",
        }
    with client.websocket_connect("/api/games/nope/ws") as ws:
        assert ws.receive_json()["type"] == "error"


def test_a_flood_of_connections_is_turned_away_and_the_game_goes_on(tmp_path: Path) -> None:
    settings = Settings(
        data_dir=tmp_path,
        ai_workers=1,
        ai_move_seconds=0,
        ai_games_per_hour=10_000,
        max_connections_per_game=3,
    )
    with TestClient(create_app(settings)) as limited:
        created = create(limited, "ilium", ["human", "human"])
        game_id = created["id"]
        url = f"/api/games/{game_id}/ws"
        with ExitStack() as stack:
            open_ones = [stack.enter_context(limited.websocket_connect(url)) for _ in range(3)]
            for ws in open_ones:
                assert next_envelope(ws)["state_id"] == 0
            with limited.websocket_connect(url) as extra:
                assert extra.receive_json() == {
                    "type": "error",
                    "error": "too many connections to this game",
                }
            decider = envelope(limited, game_id)["current_player"]
            token = created["seats"][decider]["token"]
            found = envelope(limited, game_id, token)
            body = {"token": token, "state_id": 0, "action": found["legal_actions"][0]["id"]}
            assert limited.post(f"/api/games/{game_id}/actions", json=body).status_code == 200
            for ws in open_ones:
                while (pushed := next_envelope(ws))["state_id"] == 0:
                    pass
                assert pushed["state_id"] == 1
