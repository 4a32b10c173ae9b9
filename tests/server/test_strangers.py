"""A public server meets hostile strangers: each class of attack the server once fell to, as a
test — no code from the wire, AI budgets the server's, bounded analyses, workers that survive,
bounded connections, cheap listing, private seats, tokens out of URLs and logs, bounded
memory."""

from __future__ import annotations

import asyncio
import os
import re
import socket
import threading
import time
from collections.abc import Callable, Coroutine, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

import httpx
import pytest
import uvicorn
from conftest import create, envelope, wait_for
from dying import die_once, pid_then_sleep
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from websockets.sync.client import connect

from kleos.server import connections
from kleos.server.app import RedactTokens, create_app
from kleos.server.notify import Subscriber
from kleos.server.settings import Settings
from kleos.server.workers import Pool, WorkerFailure

T = TypeVar("T")
PACKAGE = Path(__file__).resolve().parents[2] / "src" / "kleos"


def run_async(work: Callable[[], Coroutine[Any, Any, T]]) -> T:
    """`asyncio.run(work())` in a thread of its own (the browser tests leave an event loop
    running in this one)."""
    with ThreadPoolExecutor(1) as thread:
        return thread.submit(lambda: asyncio.run(work())).result()


def a_server(tmp_path: Path, **limits: Any) -> TestClient:
    """A fresh in-process server with some limits changed."""
    return TestClient(
        create_app(
            Settings(
                data_dir=tmp_path,
                ai_workers=1,
                ai_move_seconds=0,
                ai_games_per_hour=10_000,
                **limits,
            )
        )
    )


# ------------------------------------------------------------------- 1. no code from the wire


def test_no_path_of_the_package_unpickles_anything() -> None:
    """States cross boundaries as JSON only; pickle stays inside Kleos's own process pools and
    Ray, where the standard library and Ray do the (un)pickling, never our code."""
    found = []
    for path in PACKAGE.rglob("*.py"):
        for number, line in enumerate(path.read_text().splitlines(), 1):
            if re.search(r"pickle\.loads?\(|Unpickler|load_state\b|dump_state\b", line):
                found.append(f"{path.relative_to(PACKAGE)}:{number}: {line.strip()}")
    assert found == []


# ------------------------------------------------------------------- 2. AI budgets


@pytest.mark.parametrize(
    "spec",
    ["ismcts:time=3600", "ismcts:iterations=100000000", "ismcts:iterations=0", "ismcts:time=-1"],
)
def test_an_ai_budget_past_the_servers_or_one_that_would_fail_is_refused(
    client: TestClient, spec: str
) -> None:
    refused = client.post("/api/games", json={"game": "ilium", "seats": ["human", spec]})
    assert refused.status_code == 422, refused.json()
    created = create(client, "ilium", ["human", "human"])
    token = created["seats"][1]["token"]
    replaced = client.post(
        f"/api/games/{created['id']}/seats/1/replace", json={"token": token, "level": spec}
    )
    assert replaced.status_code == 422
    assert envelope(client, created["id"], token)["viewer"] == 1  # the seat is still the human's


def test_a_failing_agent_is_replaced_by_a_safe_one_and_the_game_goes_on(tmp_path: Path) -> None:
    with a_server(tmp_path) as client:
        workers = client.app.state.hub.workers  # type: ignore[attr-defined]
        choose = workers.choose

        async def failing(game_id: str, config: Any, moves: Any, seat: int, spec: str, seed: int):
            if not spec.startswith("random"):
                raise WorkerFailure("RuntimeError: the agent broke")
            return await choose(game_id, config, moves, seat, spec, seed)

        workers.choose = failing
        created = create(client, "ilium", ["heuristic", "heuristic"])
        over = wait_for(client, created["id"], None, lambda e: e["is_terminal"])
        errors = [seat.get("agent_error", "") for seat in over["status"]]
        assert all("the agent broke" in e and "random plays on" in e for e in errors)


# ------------------------------------------------------------------- workers


def test_a_dead_worker_is_replaced_and_its_job_tried_once_more(tmp_path: Path) -> None:
    async def run() -> None:
        pool = Pool(1, 0)
        try:
            assert await pool.run(30, die_once, str(tmp_path / "died")) == "survived"
            with pytest.raises(WorkerFailure, match="died twice"):
                await pool.run(30, die_once, str(tmp_path / "never"), True)
        finally:
            pool.stop()

    run_async(run)


def test_a_job_past_its_time_fails_and_the_jobs_queued_behind_it_run_in_a_new_pool(
    tmp_path: Path,
) -> None:
    async def run() -> None:
        pool = Pool(1, 0)
        try:
            (tmp_path / "died").write_text("")  # die_once only says it survived
            stuck = pool.run(0.5, pid_then_sleep, str(tmp_path / "pid"))
            queued = pool.run(30, die_once, str(tmp_path / "died"))
            results = await asyncio.gather(stuck, queued, return_exceptions=True)
            assert isinstance(results[0], WorkerFailure) and "more than 0.5 s" in str(results[0])
            assert results[1] == "survived"
        finally:
            pool.stop()

    run_async(run)


def test_stopping_the_pool_kills_a_busy_worker(tmp_path: Path) -> None:
    async def run() -> int:
        pool = Pool(1, 0)
        marker = tmp_path / "pid"
        job = asyncio.ensure_future(pool.run(None, pid_then_sleep, str(marker)))
        while not marker.exists() or not marker.read_text():
            await asyncio.sleep(0.05)
        pool.stop()
        job.cancel()
        return int(marker.read_text())

    pid = run_async(run)
    deadline = time.monotonic() + 10
    while _alive(pid):
        assert time.monotonic() < deadline, "the busy worker kept searching"
        time.sleep(0.1)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    status = Path(f"/proc/{pid}/status")
    return status.exists() and "zombie" not in status.read_text()


# ------------------------------------------------------------------- analysis


def test_analyses_are_bounded_per_address_and_in_the_queue(tmp_path: Path) -> None:
    with a_server(tmp_path, analyses_per_hour=1, analysis_queue=1) as client:
        games = [create(client, "ilium", ["random", "random"])["id"] for _ in range(3)]
        for game_id in games:
            wait_for(client, game_id, None, lambda e: e["is_terminal"])
        first = client.get(f"/api/games/{games[0]}/analysis")
        assert first.status_code == 202 and first.json() == {"status": "running"}
        again = client.get(f"/api/games/{games[0]}/analysis")
        assert again.status_code in (200, 202)  # the same analysis, not a second one
        busy = client.get(f"/api/games/{games[1]}/analysis")
        assert busy.status_code == 429, busy.json()
        assert client.get(f"/api/games/{games[2]}/analysis").status_code == 429


# ------------------------------------------------------------------- connections


def test_a_client_that_does_not_read_is_dropped_not_buffered() -> None:
    async def run() -> Subscriber:
        subscriber = Subscriber(None, 3)
        for n in range(10):
            subscriber.send({"n": n})
        return subscriber

    subscriber = run_async(run)
    assert subscriber.queue.qsize() == 3 and subscriber.overflowed.is_set()


def test_a_binary_frame_closes_the_connection_with_a_clear_code(client: TestClient) -> None:
    created = create(client, "ilium", ["human", "human"])
    with client.websocket_connect(f"/api/games/{created['id']}/ws") as ws:
        assert ws.receive_json()["type"] == "envelope"
        ws.send_bytes(b"\x00\x01")
        with pytest.raises(WebSocketDisconnect) as closed:
            while True:
                ws.receive_json()
        assert closed.value.code == 1003


@pytest.fixture
def quick_server(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[int]:
    """A real uvicorn server with the bounded protocol, a 0.5 s request-head deadline and
    8 messages queued at most for a WebSocket client."""
    monkeypatch.setattr(connections, "HEAD_SECONDS", 0.5)
    monkeypatch.setattr(connections, "PER_ADDRESS", 8)
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    app = create_app(Settings(data_dir=tmp_path, ai_workers=1, send_queue=8))
    SERVED[port] = app
    config = uvicorn.Config(
        app, host="127.0.0.1", port=port, http=connections.BoundedH11Protocol, log_level="warning"
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.05)
    yield port
    server.should_exit = True
    thread.join(10)


SERVED: dict[int, Any] = {}
"""The app each quick server serves, by port."""


def test_a_real_websocket_client_that_never_reads_is_dropped(quick_server: int) -> None:
    base = f"http://127.0.0.1:{quick_server}"
    with httpx.Client(base_url=base) as http:
        created = http.post("/api/games", json={"game": "ilium", "seats": ["human", "human"]})
        game_id = created.json()["id"]
        watcher = socket.socket()
        watcher.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        watcher.connect(("127.0.0.1", quick_server))
        watcher.sendall(
            f"GET /api/games/{game_id}/ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\n"
            "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
            "Sec-WebSocket-Version: 13\r\n\r\n".encode()
        )  # and never reads a byte
        live = SERVED[quick_server].state.hub.moves.live.get(game_id)
        deadline = time.monotonic() + 90
        while not live.subscribers and time.monotonic() < deadline:
            time.sleep(0.05)
        assert live.subscribers, "the watcher never connected"
        # Every connection that comes and goes sends each watcher an envelope (the seats'
        # status): the watcher's buffers fill, then its queue, and it is dropped.
        comings = 0
        url = f"ws://127.0.0.1:{quick_server}/api/games/{game_id}/ws"
        while live.subscribers:
            assert time.monotonic() < deadline, f"still subscribed after {comings} visits"
            with connect(url) as visit:
                visit.recv()
            comings += 1
        watcher.close()


def _closed_within(sock: socket.socket, seconds: float) -> bool:
    sock.settimeout(seconds)
    try:
        return sock.recv(1024) == b""
    except TimeoutError:
        return False


def test_idle_and_trickling_sockets_are_closed_and_one_address_holds_few(quick_server: int) -> None:
    idle = socket.create_connection(("127.0.0.1", quick_server))
    trickling = socket.create_connection(("127.0.0.1", quick_server))
    for byte in b"GET /healthz HTTP/1.1\r\n":
        try:
            trickling.send(bytes([byte]))
        except OSError:
            break
        time.sleep(0.05)
    assert _closed_within(idle, 3) and _closed_within(trickling, 3)
    held = [socket.create_connection(("127.0.0.1", quick_server)) for _ in range(8)]
    extra = socket.create_connection(("127.0.0.1", quick_server))
    assert _closed_within(extra, 1)
    for sock in (*held, idle, trickling, extra):
        sock.close()
    time.sleep(0.2)
    with socket.create_connection(("127.0.0.1", quick_server)) as fresh:
        fresh.sendall(b"GET /healthz HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n")
        assert b"200 OK" in fresh.recv(4096)


# ------------------------------------------------------------------- listing and seats


def test_listing_is_paged_and_a_friends_seat_is_never_listed_or_joined(tmp_path: Path) -> None:
    with a_server(tmp_path, games_per_minute=1000) as client:
        open_ids = [create(client, "ilium", ["human", "human"], open=[1])["id"] for _ in range(55)]
        friend = create(client, "ilium", ["human", "human"])
        first = client.get("/api/games", params={"limit": 50}).json()
        assert len(first["games"]) == 50 and first["next"] is not None
        rest = client.get("/api/games", params={"after": first["next"]}).json()
        listed = [g["id"] for g in first["games"] + rest["games"]]
        assert listed == open_ids and rest["next"] is None
        assert client.get("/api/games", params={"limit": 51}).status_code == 422
        assert client.post(f"/api/games/{friend['id']}/join").status_code == 403
        # The friend's invite link still works: a stranger could not take the seat.
        assert envelope(client, friend["id"], friend["seats"][1]["token"])["viewer"] == 1


def test_joins_and_moves_are_rate_limited_per_address(tmp_path: Path) -> None:
    with a_server(tmp_path, joins_per_minute=2, actions_per_minute=3) as client:
        games = [create(client, "ilium", ["human", "human"], open=[0, 1])["id"] for _ in range(3)]
        statuses = [client.post(f"/api/games/{g}/join").status_code for g in games]
        assert statuses == [200, 200, 429]
        created = create(client, "ilium", ["human", "human"])
        tokens = [seat["token"] for seat in created["seats"]]
        answers = []
        for _ in range(4):
            found = envelope(client, created["id"])
            token = tokens[found["current_player"]]
            mine = envelope(client, created["id"], token)
            move = {"token": token, "state_id": mine["state_id"]}
            move["action"] = mine["legal_actions"][0]["id"]
            response = client.post(f"/api/games/{created['id']}/actions", json=move)
            answers.append(response.status_code)
        assert answers == [200, 200, 200, 429]


# ------------------------------------------------------------------- tokens


def test_a_token_in_a_header_or_the_first_websocket_message_takes_the_seat(
    client: TestClient,
) -> None:
    created = create(client, "ilium", ["human", "human"])
    game_id, token = created["id"], created["seats"][1]["token"]
    headers = {"authorization": f"Bearer {token}"}
    assert client.get(f"/api/games/{game_id}", headers=headers).json()["viewer"] == 1
    with client.websocket_connect(f"/api/games/{game_id}/ws") as ws:
        assert ws.receive_json()["envelope"]["viewer"] is None
        ws.send_json({"type": "hello", "token": token})
        while (message := ws.receive_json())["envelope"]["viewer"] is None:
            pass
        assert message["envelope"]["viewer"] == 1
    with client.websocket_connect(f"/api/games/{game_id}/ws") as ws:
        ws.receive_json()
        ws.send_json({"type": "hello", "token": "forged"})
        assert ws.receive_json()["type"] == "error"
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 1008


@pytest.mark.parametrize("key", ["token", "%74oken", "TOKEN", "%54%4F%4B%45%4E", "to%6Ben"])
def test_a_token_never_reaches_a_log_however_its_key_is_spelled(key: str) -> None:
    line = f'127.0.0.1 - "GET /api/games/abc?since=2&{key}=s3cret-Value HTTP/1.1" 200'
    assert "s3cret" not in RedactTokens.redact(line)
    assert "since=2" in RedactTokens.redact(line)


def test_api_docs_are_off_by_default_and_under_the_pages_headers(tmp_path: Path) -> None:
    with a_server(tmp_path) as client:
        assert client.get("/docs").status_code == 404
        assert client.get("/redoc").status_code == 404
        schema = client.get("/openapi.json").json()
        for model in ("Created", "OpenGames", "Sample", "Analysis", "Envelope", "Rematch"):
            assert model in schema["components"]["schemas"], model
        headers = client.get("/api/catalog").headers
        assert "frame-ancestors 'none'" in headers["content-security-policy"]
    with a_server(tmp_path, api_docs=True) as client:
        docs = client.get("/docs")
        assert docs.status_code == 200
        assert "frame-ancestors 'none'" in docs.headers["content-security-policy"]


# ------------------------------------------------------------------- memory


def test_idle_games_leave_memory_and_come_back_from_their_log(tmp_path: Path) -> None:
    with a_server(tmp_path, live_games=2, games_per_minute=100) as client:
        hub = client.app.state.hub  # type: ignore[attr-defined]
        ids = [create(client, "ilium", ["human", "human"])["id"] for _ in range(5)]
        before = envelope(client, ids[0])
        assert len(hub.moves.live) <= 2 and hub.moves.live.get(ids[0]) is not None
        for game_id in ids[1:]:
            envelope(client, game_id)
        assert len(hub.moves.live) <= 2 and hub.moves.live.get(ids[0]) is None
        assert envelope(client, ids[0]) == before


def test_games_of_ai_seats_only_are_few_per_address_and_ai_seats_keep_a_pace(
    tmp_path: Path,
) -> None:
    """A game with no human seat makes a hundred moves from one request: few such games per
    address, and an AI seat replies no sooner than `ai_move_seconds` after the last move."""
    limits = {"ai_games_per_hour": 2, "ai_move_seconds": 0.2}
    with TestClient(create_app(Settings(data_dir=tmp_path, ai_workers=1, **limits))) as client:
        body = {"game": "ilium", "seats": ["random", "random"]}
        started = time.monotonic()
        game_id = client.post("/api/games", json=body).json()["id"]
        wait_for(client, game_id, None, lambda e: e["state_id"] >= 3)
        assert time.monotonic() - started >= 3 * 0.2  # creation, then two replies
        statuses = [client.post("/api/games", json=body).status_code for _ in range(2)]
        assert statuses == [201, 429]
        assert create(client, "ilium", ["human", "random"])["id"]  # a human's game is not one


def test_every_api_request_of_an_address_counts_against_its_limit(tmp_path: Path) -> None:
    with TestClient(create_app(Settings(data_dir=tmp_path, requests_per_minute=5))) as client:
        statuses = [client.get("/api/catalog").status_code for _ in range(7)]
        assert statuses == [200] * 5 + [429] * 2
        assert "requests" in client.get("/api/games/any").json()["error"]
        assert client.get("/healthz").status_code == 200  # pages and health are not the API's
