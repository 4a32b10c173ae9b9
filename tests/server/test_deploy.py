"""The deployment docs/deploy.md describes, run on loopback: two `kleos serve` processes on one
PostgreSQL behind Debian's nginx with the documented site file (docs/deploy/nginx.conf). A
whole game goes through nginx with the two seats on different processes; one process is
SIGKILLed midway and its seat reconnects through nginx to the other with no move lost; nginx
refuses big bodies, passes the client's address on, and logs no token."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import httpx
import pytest
from nginx import NGINX, SITE, Nginx
from nginx import WHY_NOT as NO_NGINX
from postgres import WHY_NOT, fresh_database, server_url
from processes import Server
from websockets.sync.client import ClientConnection, connect

import kleos
from kleos.core.records import parse_record

DOC = Path(__file__).resolve().parents[2] / "docs" / "deploy.md"
GAMES_PER_MINUTE = 10


def test_the_documented_site_file_is_the_tested_one() -> None:
    """docs/deploy.md shows docs/deploy/nginx.conf verbatim, so the two never drift."""
    doc = DOC.read_text()
    found = re.search(r"<!-- docs/deploy/nginx.conf[^>]*-->\n```nginx\n(.*?)```\n", doc, re.S)
    assert found is not None, "docs/deploy.md has no block marked as docs/deploy/nginx.conf"
    assert found.group(1) == SITE.read_text()


@pytest.fixture
def deployment(tmp_path: Path) -> Iterator[tuple[Nginx, list[Server]]]:
    if server_url() is None:
        pytest.skip(WHY_NOT)
    if not NGINX.exists():
        pytest.skip(NO_NGINX)
    database = fresh_database()
    proxy = Nginx(tmp_path / "nginx", [])
    flags = ["--public-url", proxy.url, "--forwarded-allow-ips", "127.0.0.1",
             "--games-per-minute", str(GAMES_PER_MINUTE)]  # fmt: skip
    servers = [Server(tmp_path / name, database, flags) for name in ("a", "b")]
    proxy.backends = [server.port for server in servers]
    try:
        for server in servers:
            server.start()
        proxy.start()
        yield proxy, servers
    finally:
        proxy.stop()
        for server in servers:
            server.stop()


def accepted(server: Server, source: str) -> int:
    """WebSocket connections the server accepted from this client address (as X-Forwarded-For
    named it: every connection reaches the server from nginx on 127.0.0.1)."""
    line = re.compile(rf'\s{re.escape(source)}:\d+ - "WebSocket /api/games/\S+" \[accepted\]')
    return len(line.findall(server.log_path.read_text(errors="replace")))


class Seat:
    """One human seat's WebSocket through nginx, from its own loopback address."""

    def __init__(self, seat: int, url: str, source: str) -> None:
        self.seat, self.url, self.source = seat, url, source
        self.ws: ClientConnection | None = None
        self.stack = ExitStack()
        self.latest: dict[str, Any] = {}

    def connect(self, servers: list[Server]) -> Server:
        """Connect through nginx; the process that took the connection."""
        before = [accepted(server, self.source) for server in servers]
        self.ws = self.stack.enter_context(
            connect(self.url, open_timeout=10, source_address=(self.source, 0))
        )
        self.latest = self.next()
        took = [s for s, n in zip(servers, before, strict=True) if accepted(s, self.source) > n]
        assert len(took) == 1, "no process, or two, logged the WebSocket"
        return took[0]

    def close(self) -> None:
        self.stack.close()
        self.ws = None

    def next(self) -> dict[str, Any]:
        assert self.ws is not None
        message = json.loads(self.ws.recv(timeout=30))
        assert message["type"] == "envelope", message
        found: dict[str, Any] = message["envelope"]
        return found

    def catch_up(self, state_id: int) -> None:
        while self.latest["state_id"] < state_id:
            self.latest = self.next()

    def act(self, action: int) -> None:
        assert self.ws is not None
        act = {"type": "act", "state_id": self.latest["state_id"], "action": action}
        self.ws.send(json.dumps(act))


def test_a_game_through_nginx_survives_losing_a_process(
    deployment: tuple[Nginx, list[Server]],
) -> None:
    proxy, servers = deployment
    created = httpx.post(f"{proxy.url}/api/games", json={"game": "ilium", "seats": ["human"] * 2})
    assert created.status_code == 201, created.text
    game_id = created.json()["id"]
    assert created.json()["seats"][0]["url"].startswith(f"{proxy.url}/games/{game_id}")
    tokens = [seat["token"] for seat in created.json()["seats"]]
    ws_url = f"ws://127.0.0.1:{proxy.port}/api/games/{game_id}/ws?token="
    seats = [Seat(p, ws_url + tokens[p], f"127.0.0.{4 + p}") for p in range(2)]
    try:
        # Round robin: the two seats land on different processes (retried if not).
        home = [seats[0].connect(servers), seats[1].connect(servers)]
        for _ in range(3):
            if home[0] is not home[1]:
                break
            seats[1].close()
            home[1] = seats[1].connect(servers)
        assert home[0] is not home[1], "nginx sent both seats to one process"

        rng = random.Random(7)
        made: dict[int, tuple[int, str]] = {}  # acknowledged moves: ply -> (seat, action text)
        state, dead = 0, None
        while True:
            for seat in seats:
                seat.catch_up(state)
            if seats[0].latest["is_terminal"]:
                break
            decider = next(seat for seat in seats if seat.latest["legal_actions"])
            choice = rng.choice(decider.latest["legal_actions"])
            decider.act(choice["id"])
            decider.catch_up(state + 1)  # an envelope past the move's state: acknowledged
            made[state] = (decider.seat, choice["text"])
            state += 1
            if dead is None and state >= 12 and decider is seats[0]:
                # Seat 0's move is acknowledged: SIGKILL its process and reconnect through
                # nginx, whose round robin tries the dead one next and must fail over to the
                # live one; the move is there.
                dead = home[0]
                dead.kill()
                seats[0].close()
                assert seats[0].connect(servers) is home[1]
                assert seats[0].latest["state_id"] == state
                home[0] = home[1]
        assert dead is not None and seats[1].latest["is_terminal"]
        final = seats[0].latest
    finally:
        for seat in seats:
            seat.close()

    record = parse_record(httpx.get(f"{proxy.url}/api/games/{game_id}/record").text)
    assert len(record.moves) == state == len(made)
    for ply, (seat_id, text) in made.items():
        assert (record.moves[ply].player, record.moves[ply].action) == (seat_id, text), ply
    assert kleos.replay(record).state.outcome().to_json() == final["outcome"]

    # A body over 64 KiB is refused.
    big = httpx.post(
        f"{proxy.url}/api/games",
        content=b" " * (65 * 1024),
        headers={"content-type": "application/json"},
    )
    assert big.status_code == 413

    # X-Forwarded-For reaches the server: its per-address limit counts each client apart.
    (live,) = [server for server in servers if server is not dead]
    body = {"game": "ilium", "seats": ["human", "human"]}
    with httpx.Client(transport=httpx.HTTPTransport(local_address="127.0.0.2")) as first:
        for _ in range(GAMES_PER_MINUTE):
            assert first.post(f"{proxy.url}/api/games", json=body).status_code == 201
        refused = first.post(f"{proxy.url}/api/games", json=body)
        assert refused.status_code == 429 and "error" in refused.json()  # the server's, in JSON
    with httpx.Client(transport=httpx.HTTPTransport(local_address="127.0.0.3")) as second:
        assert second.post(f"{proxy.url}/api/games", json=body).status_code == 201
    assert re.search(r'\s127\.0\.0\.3:\d+ - "POST /api/games', live.log_path.read_text())

    # nginx logged the game on both processes and the failover, and no token anywhere (nor
    # did the servers).
    proxy.stop()
    access = (proxy.logs / "kleos-access.log").read_text()
    assert f"upstream=127.0.0.1:{dead.port}/101" in access
    assert f"upstream=127.0.0.1:{dead.port}, 127.0.0.1:{live.port}/502, 101" in access
    logs = [*proxy.logs.iterdir(), *(server.log_path for server in servers)]
    for path in logs:
        text = path.read_text(errors="replace")
        assert not any(token in text for token in tokens), f"a token in {path.name}"
