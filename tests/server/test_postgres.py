"""The server on a real PostgreSQL: the same API, and two `kleos serve` processes sharing one
database — a move made through one reaches the other's clients (LISTEN/NOTIFY), and of two
racing moves against one state exactly one is accepted."""

from __future__ import annotations

import json
import random
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from conftest import create, envelope, my_turn_or_over, wait_for
from fastapi.testclient import TestClient
from postgres import WHY_NOT, fresh_database, server_url
from processes import Server
from websockets.sync.client import connect

import kleos
from kleos.core.records import parse_record
from kleos.server.app import create_app
from kleos.server.settings import Settings

pytestmark = pytest.mark.skipif(server_url() is None, reason=WHY_NOT)


def test_a_whole_game_on_postgresql(tmp_path: Path) -> None:
    settings = Settings(
        data_dir=tmp_path,
        database_url=fresh_database(),
        ai_workers=1,
        ai_move_seconds=0,
        ai_games_per_hour=10_000,
    )
    with TestClient(create_app(settings)) as client:
        created = create(client, "elysium", ["human", "random", "random"])
        game_id, token = created["id"], created["seats"][0]["token"]
        rng = random.Random(2)
        found = wait_for(client, game_id, token, my_turn_or_over)
        while not found["is_terminal"]:
            choice = rng.choice(found["legal_actions"])["id"]
            body = {"token": token, "state_id": found["state_id"], "action": choice}
            assert client.post(f"/api/games/{game_id}/actions", json=body).status_code == 200
            found = wait_for(client, game_id, token, my_turn_or_over)
        record = parse_record(client.get(f"/api/games/{game_id}/record").text)
        assert kleos.replay(record).state.outcome().to_json() == found["outcome"]


@pytest.fixture
def two_servers(tmp_path: Path) -> Iterator[tuple[Server, Server]]:
    url = fresh_database()
    servers = (Server(tmp_path / "a", url), Server(tmp_path / "b", url))
    for server in servers:
        server.start()
    yield servers
    for server in servers:
        server.stop()


def next_envelope(ws: Any) -> dict[str, Any]:
    message = json.loads(ws.recv(timeout=30))
    assert message["type"] == "envelope", message
    found: dict[str, Any] = message["envelope"]
    return found


def envelope_after(ws: Any, state_id: int) -> dict[str, Any]:
    """The first envelope of a state after `state_id`."""
    while (found := next_envelope(ws))["state_id"] <= state_id:
        pass
    return found


def test_two_processes_serve_one_game(two_servers: tuple[Server, Server]) -> None:
    a, b = two_servers
    created = httpx.post(f"{a.url}/api/games", json={"game": "ilium", "seats": ["human", "human"]})
    game_id = created.json()["id"]
    tokens = [seat["token"] for seat in created.json()["seats"]]
    path = f"/api/games/{game_id}/ws?token="
    with (
        connect(f"ws://127.0.0.1:{a.port}{path}{tokens[0]}") as on_a,
        connect(f"ws://127.0.0.1:{b.port}{path}{tokens[1]}") as on_b,
    ):
        sockets = {0: on_a, 1: on_b}
        latest = {seat: next_envelope(ws) for seat, ws in sockets.items()}
        for _ in range(12):
            decider = latest[0]["current_player"]
            if latest[decider]["state_id"] != latest[1 - decider]["state_id"]:
                latest[1 - decider] = next_envelope(sockets[1 - decider])
                continue
            choice = latest[decider]["legal_actions"][0]["id"]
            act = {"type": "act", "state_id": latest[decider]["state_id"], "action": choice}
            sockets[decider].send(json.dumps(act))
            # Both clients, one on each process, see the move (after any envelope a change
            # of status sent, such as a seat first joined).
            latest = {seat: envelope_after(ws, act["state_id"]) for seat, ws in sockets.items()}
            assert latest[0]["state_id"] == latest[1]["state_id"]
            assert latest[0]["public"] == latest[1]["public"]
    assert latest[0]["state_id"] >= 12


def race(servers: tuple[Server, Server], game_id: str, bodies: list[dict[str, Any]]) -> list[int]:
    """Post one move to each server at the same moment; the two statuses."""
    statuses: list[int] = []
    barrier = threading.Barrier(2)

    def post(server: Server, body: dict[str, Any]) -> None:
        barrier.wait()
        url = f"{server.url}/api/games/{game_id}/actions"
        statuses.append(httpx.post(url, json=body, timeout=30).status_code)

    threads = [
        threading.Thread(target=post, args=pair) for pair in zip(servers, bodies, strict=True)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return statuses


def test_of_two_racing_moves_exactly_one_is_accepted(two_servers: tuple[Server, Server]) -> None:
    a = two_servers[0]
    for round_ in range(5):
        body = {"game": "ilium", "seats": ["human", "human"]}
        created = httpx.post(f"{a.url}/api/games", json=body).json()
        game_id = created["id"]
        first = httpx.get(f"{a.url}/api/games/{game_id}").json()["current_player"]
        token = created["seats"][first]["token"]
        found = httpx.get(f"{a.url}/api/games/{game_id}", params={"token": token}).json()
        bodies = [
            {"token": token, "state_id": 0, "action": choice["id"]}
            for choice in found["legal_actions"][:2]
        ]
        statuses = race(two_servers, game_id, bodies)
        assert sorted(statuses) == [200, 409], (round_, statuses)
        for server in two_servers:
            assert httpx.get(f"{server.url}/api/games/{game_id}").json()["state_id"] == 1


def test_names_and_fresh_invite_links_reach_every_process(
    two_servers: tuple[Server, Server],
) -> None:
    a, b = two_servers
    body = {"game": "ilium", "seats": ["human", "human", "human"], "taken": [0], "name": "Alice"}
    created = httpx.post(f"{a.url}/api/games", json=body).json()
    game_id = created["id"]
    host, friend = created["seats"][0]["token"], created["seats"][1]["token"]
    assert httpx.get(f"{b.url}/api/games/{game_id}").json()["status"][0]["name"] == "Alice"
    invites = httpx.post(f"{a.url}/api/games/{game_id}/invites", json={"token": host}).json()
    fresh = {seat["seat"]: seat["token"] for seat in invites["seats"]}
    assert sorted(fresh) == [1, 2]
    named = {"token": fresh[2], "name": "Carol"}
    assert httpx.post(f"{a.url}/api/games/{game_id}/seats/2/name", json=named).status_code == 200

    def seen_on_b() -> bool:
        stale = httpx.get(f"{b.url}/api/games/{game_id}", params={"token": friend})
        names = [s["name"] for s in httpx.get(f"{b.url}/api/games/{game_id}").json()["status"]]
        return stale.status_code == 403 and names == ["Alice", None, "Carol"]

    deadline = time.monotonic() + 10  # b hears the change of seats (LISTEN/NOTIFY)
    while not seen_on_b():
        assert time.monotonic() < deadline, "the other process never heard of the new seats"
        time.sleep(0.05)
    mine = httpx.get(f"{b.url}/api/games/{game_id}", params={"token": fresh[1]}).json()
    assert mine["viewer"] == 1


def test_a_process_serves_what_others_committed_before_their_notice_arrives(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A seat whose process died reconnects to another one, which has the game in memory but
    has not yet heard (LISTEN/NOTIFY) of the last move, or of a fresh invite link: it serves
    what the database holds all the same."""
    url = fresh_database()
    with TestClient(create_app(Settings(data_dir=tmp_path / "a", database_url=url))) as a:

        async def deaf(url: str, ready: Any, heard: Any) -> None:
            ready.set()  # b listens, and no notice ever reaches it

        monkeypatch.setattr("kleos.server.hub.listen", deaf)
        with TestClient(create_app(Settings(data_dir=tmp_path / "b", database_url=url))) as b:
            body = {"game": "ilium", "seats": ["human"] * 3, "taken": [0]}
            created = a.post("/api/games", json=body).json()
            game_id, host = created["id"], created["seats"][0]["token"]
            assert b.get(f"/api/games/{game_id}").json()["state_id"] == 0  # b holds it now
            mover = created["seats"][envelope(a, game_id)["current_player"]]["token"]
            first = envelope(a, game_id, mover)
            act = {"token": mover, "state_id": 0, "action": first["legal_actions"][0]["id"]}
            assert a.post(f"/api/games/{game_id}/actions", json=act).status_code == 200
            assert b.get(f"/api/games/{game_id}").json()["state_id"] == 1
            with b.websocket_connect(f"/api/games/{game_id}/ws?token={mover}") as ws:
                assert ws.receive_json()["envelope"]["state_id"] == 1
            invites = a.post(f"/api/games/{game_id}/invites", json={"token": host}).json()
            friend = invites["seats"][0]  # a seat nobody has joined: its link is new
            mine = b.get(f"/api/games/{game_id}", params={"token": friend["token"]})
            assert mine.status_code == 200 and mine.json()["viewer"] == friend["seat"]
