"""Attackers for `bench/server_load.py --attack`: one coroutine per attack class, each from its
own loopback address (127.0.9.N), each bounded in count and stopping by itself at the deadline.

They run in a child process of the benchmark (`child`), so their own work never delays the
honest clients' event loop; each class answers a Counter of outcomes: HTTP statuses ("429"),
WebSocket replies ("error 413", "close 1009") or what happened to a socket ("closed", "open").
"""

from __future__ import annotations

import asyncio
import base64
import contextvars
import json
import os
import random
import secrets
import socket
import struct
import time
from collections import Counter, defaultdict
from collections.abc import Awaitable, Callable
from typing import Any
from urllib.parse import urlsplit

import httpx
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

CLASSES = ("slow_sockets", "non_reading_ws", "analysis", "open_listing", "ai_budgets", "joins",
           "hostile")  # fmt: skip
IDLE_SOCKETS = 300
TRICKLING_SOCKETS = 50
NON_READERS = 8
LISTERS = 8
GRACE = 5.0
"""Seconds past the deadline a class may take to wind down before it is cancelled."""
CLASS: contextvars.ContextVar[str] = contextvars.ContextVar("CLASS", default="?")
MADE: Counter[str] = Counter()
"""Requests (and connections) made, per attack class."""
TALLIES: defaultdict[str, Counter[str]] = defaultdict(Counter)
"""Outcomes per attack class, kept even if the class is cancelled at the deadline."""


def made() -> None:
    MADE[CLASS.get()] += 1


def address(cls: str) -> str:
    """The loopback address of one attack class."""
    return f"127.0.9.{CLASSES.index(cls) + 1}"


def left(deadline: float) -> float:
    return deadline - time.time()


def client(url: str, cls: str, timeout: float = 5.0) -> httpx.AsyncClient:
    transport = httpx.AsyncHTTPTransport(local_address=address(cls))
    return httpx.AsyncClient(base_url=url, transport=transport, timeout=timeout)


async def request(
    http: httpx.AsyncClient, tally: Counter[str], method: str, path: str, **kw: Any
) -> httpx.Response | None:
    """One request; its status (or the exception's name) counted."""
    made()
    try:
        response = await http.request(method, path, **kw)
    except httpx.HTTPError as exc:
        tally[type(exc).__name__] += 1
        return None
    tally[str(response.status_code)] += 1
    return response


async def create(
    http: httpx.AsyncClient, tally: Counter[str], seats: list[str], **extra: Any
) -> dict[str, Any] | None:
    """A new Ilium game, or None (refused: the status counted as "create <status>")."""
    made()
    try:
        response = await http.post("/api/games", json={"game": "ilium", "seats": seats, **extra})
    except httpx.HTTPError as exc:
        tally[f"create {type(exc).__name__}"] += 1
        return None
    tally[f"create {response.status_code}"] += 1
    return response.json() if response.status_code == 201 else None


async def open_socket(url: str, cls: str, rcvbuf: int | None = None) -> socket.socket:
    """A raw non-blocking TCP socket to the server from the class's address."""
    made()
    parts = urlsplit(url)
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    if rcvbuf is not None:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
    sock.bind((address(cls), 0))
    sock.setblocking(False)
    await asyncio.get_running_loop().sock_connect(sock, (parts.hostname, parts.port))
    return sock


# ------------------------------------------------------------- 1. idle and trickling sockets


async def slow_sockets(url: str, honest: list[str], deadline: float) -> Counter[str]:
    """IDLE_SOCKETS connections that send nothing and TRICKLING_SOCKETS that send a request
    head one byte a second (slowloris): which ones the server closes, and after how long."""
    tally = TALLIES[CLASS.get()]
    closed_after: list[float] = []
    jobs = [_idle(url, deadline, tally, closed_after) for _ in range(IDLE_SOCKETS)]
    jobs += [_trickle(url, deadline, tally, closed_after) for _ in range(TRICKLING_SOCKETS)]
    await asyncio.gather(*jobs)
    if closed_after:
        tally["closed_after_s_min"] = round(min(closed_after), 1)
        tally["closed_after_s_max"] = round(max(closed_after), 1)
    return tally


async def _watch_close(sock: socket.socket, deadline: float) -> bool:
    """Whether the server closed the socket (EOF or reset) before the deadline."""
    loop = asyncio.get_running_loop()
    try:
        while True:
            data = await asyncio.wait_for(loop.sock_recv(sock, 4096), max(left(deadline), 0))
            if not data:
                return True
    except TimeoutError:
        return False
    except OSError:
        return True


async def _idle(url: str, deadline: float, tally: Counter[str], closed: list[float]) -> None:
    start = time.time()
    try:
        sock = await open_socket(url, "slow_sockets")
    except OSError as exc:
        tally[f"idle connect {type(exc).__name__}"] += 1
        return
    with sock:
        shut = await _watch_close(sock, deadline)
    tally["idle closed" if shut else "idle open at end"] += 1
    if shut:
        closed.append(time.time() - start)


async def _trickle(url: str, deadline: float, tally: Counter[str], closed: list[float]) -> None:
    start = time.time()
    try:
        sock = await open_socket(url, "slow_sockets")
    except OSError as exc:
        tally[f"trickle connect {type(exc).__name__}"] += 1
        return
    head = b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: " + b"a" * 100_000
    loop = asyncio.get_running_loop()
    with sock:
        watcher = asyncio.create_task(_watch_close(sock, deadline))
        for i in range(len(head)):
            if watcher.done() or left(deadline) <= 0:
                break
            try:
                await loop.sock_sendall(sock, head[i : i + 1])
            except OSError:
                break
            await asyncio.wait({watcher}, timeout=min(1.0, max(left(deadline), 0)))
        shut = await watcher
    tally["trickle closed" if shut else "trickle open at end"] += 1
    if shut:
        closed.append(time.time() - start)


# ------------------------------------------------------------- 2. WebSockets that never read


async def non_reading_ws(url: str, honest: list[str], deadline: float) -> Counter[str]:
    """NON_READERS spectators of busy honest games (two per game) that read their handshake
    and nothing more, on a 4 KiB receive buffer; at the end, what the server sent them."""
    tally = TALLIES[CLASS.get()]
    games = [honest[i // 2 % len(honest)] for i in range(NON_READERS)]
    results = await asyncio.gather(*(_non_reader(url, g, deadline) for g in games))
    for outcome, size in results:
        tally[outcome] += 1
        tally["kib_buffered_max"] = max(tally["kib_buffered_max"], size // 1024)
    return tally


async def _non_reader(url: str, game_id: str, deadline: float) -> tuple[str, int]:
    loop = asyncio.get_running_loop()
    try:
        sock = await open_socket(url, "non_reading_ws", rcvbuf=4096)
    except OSError as exc:
        return f"connect {type(exc).__name__}", 0
    with sock:
        key = base64.b64encode(os.urandom(16)).decode()
        head = (f"GET /api/games/{game_id}/ws HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                "Upgrade: websocket\r\nConnection: Upgrade\r\n"
                f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n")  # fmt: skip
        await loop.sock_sendall(sock, head.encode())
        reply = b""
        while b"\r\n\r\n" not in reply:
            chunk = await loop.sock_recv(sock, 1)  # byte by byte: the head, nothing more
            if not chunk:
                return "refused", 0
            reply += chunk
        if b" 101 " not in reply.split(b"\r\n")[0]:
            return f"handshake {reply.split()[1].decode()}", 0
        await asyncio.sleep(max(left(deadline), 0))
        return await _drain(sock)


async def _drain(sock: socket.socket) -> tuple[str, int]:
    """Read what the server kept for us (up to 2 s idle): whether it had closed the
    connection (a close frame or EOF) and how many bytes were waiting."""
    loop = asyncio.get_running_loop()
    data = b""
    try:
        while len(data) < 64 * 2**20:
            chunk = await asyncio.wait_for(loop.sock_recv(sock, 2**16), 2.0)
            if not chunk:
                return _close_of(data) or "closed (EOF)", len(data)
            data += chunk
            if _close_of(data):
                return _close_of(data) or "", len(data)
    except TimeoutError:
        return "open at end", len(data)
    except OSError:
        return "reset", len(data)
    return "open at end (over 64 MiB buffered)", len(data)


def _close_of(data: bytes) -> str | None:
    """'close CODE' if the server-to-client frames in `data` include a close frame."""
    i = 0
    while i + 2 <= len(data):
        opcode, length = data[i] & 0x0F, data[i + 1] & 0x7F
        i += 2
        if length == 126:
            length, i = struct.unpack("!H", data[i : i + 2])[0], i + 2
        elif length == 127:
            length, i = struct.unpack("!Q", data[i : i + 8])[0], i + 8
        if i + length > len(data):
            return None
        if opcode == 0x8:
            code = struct.unpack("!H", data[i : i + 2])[0] if length >= 2 else 1005
            return f"close {code}"
        i += length
    return None


# ------------------------------------------------------------- 3. analyses of throwaway games


async def analysis(url: str, honest: list[str], deadline: float) -> Counter[str]:
    """Games of two random AIs, created one every half second while allowed; once each is
    over, its analysis asked for every half second until the deadline."""
    tally = TALLIES[CLASS.get()]
    async with client(url, "analysis") as http:
        watchers = []
        for _ in range(40):
            if left(deadline) <= 0:
                break
            game = await create(http, tally, ["random", "random"])
            if game is not None:
                watchers.append(asyncio.create_task(_analyse(http, game["id"], deadline, tally)))
            await asyncio.sleep(0.5)
        await asyncio.gather(*watchers)
    return tally


async def _analyse(http: httpx.AsyncClient, game_id: str, deadline: float, tally: Counter) -> None:
    while left(deadline) > 0:
        response = await request(http, tally, "GET", f"/api/games/{game_id}")
        if response is not None and response.status_code == 200 and response.json()["is_terminal"]:
            break
        await asyncio.sleep(0.5)
    else:
        tally["game not over by the deadline"] += 1
        return
    tally["games over"] += 1
    while left(deadline) > 0:
        response = await request(http, tally, "GET", f"/api/games/{game_id}/analysis")
        if response is not None and response.status_code == 200:
            tally[f"analysis {response.json().get('status')}"] += 1
        await asyncio.sleep(0.5)


# ------------------------------------------------------------- 4. the open-game listing


async def open_listing(url: str, honest: list[str], deadline: float) -> Counter[str]:
    """Up to 200 open games created (with `"open": [1]` if the server knows the field) while
    LISTERS tasks ask `GET /api/games?limit=50` in a loop."""
    tally = TALLIES[CLASS.get()]
    async with client(url, "open_listing") as http:
        listers = [_list(http, deadline, tally) for _ in range(LISTERS)]
        await asyncio.gather(_open_games(http, deadline, tally), *listers)
    return tally


async def _open_games(http: httpx.AsyncClient, deadline: float, tally: Counter[str]) -> None:
    extra: dict[str, Any] = {"open": [1]}
    for _ in range(200):
        if left(deadline) <= 0:
            return
        response = await create(http, tally, ["human", "human"], **extra)
        if response is None and extra and tally["create 422"]:
            tally["open field refused: omitted"] += 1
            extra = {}
        elif response is None and tally["create 429"]:
            await asyncio.sleep(1.0)


async def _list(http: httpx.AsyncClient, deadline: float, tally: Counter[str]) -> None:
    while left(deadline) > 0:
        response = await request(http, tally, "GET", "/api/games", params={"limit": 50})
        if response is not None and response.status_code == 200:
            tally["listed_max"] = max(tally["listed_max"], len(response.json().get("games", [])))
        elif response is not None and response.status_code == 429:
            await asyncio.sleep(0.1)


# ------------------------------------------------------------- 5. the largest AI budgets


BUDGETS = {
    "time=3600": ["ismcts:time=3600", "ismcts:time=3600"],
    "iterations=1e8": ["ismcts:iterations=100000000", "ismcts:iterations=100000000"],
    "hard": ["hard", "hard"],
}


async def ai_budgets(url: str, honest: list[str], deadline: float) -> Counter[str]:
    """Games of two AIs with the largest budgets (a good server refuses them: 422) and of two
    `hard` seats, in turn, five a second, at most 300 tries."""
    tally = TALLIES[CLASS.get()]
    async with client(url, "ai_budgets") as http:
        for i in range(300):
            if left(deadline) <= 0:
                break
            name = list(BUDGETS)[i % len(BUDGETS)]
            made()
            try:
                response = await http.post(
                    "/api/games", json={"game": "ilium", "seats": BUDGETS[name]}
                )
                tally[f"{name} {response.status_code}"] += 1
            except httpx.HTTPError as exc:
                tally[f"{name} {type(exc).__name__}"] += 1
            await asyncio.sleep(0.2)
    return tally


# ------------------------------------------------------------- 6. joins


async def joins(url: str, honest: list[str], deadline: float) -> Counter[str]:
    """`POST /api/games/ID/join` in a loop from two tasks, on honest games' ids (a 200 there
    takes a seat from an honest player) and on random ids."""
    tally = TALLIES[CLASS.get()]
    rng = random.Random(9)

    async def loop(http: httpx.AsyncClient) -> None:
        while left(deadline) > 0:
            ours = rng.random() < 0.5
            game_id = rng.choice(honest) if ours else secrets.token_hex(16)
            response = await request(http, Counter(), "POST", f"/api/games/{game_id}/join")
            status = "error" if response is None else response.status_code
            tally[f"{'honest' if ours else 'random'} {status}"] += 1
            if status == 429:
                await asyncio.sleep(0.05)

    async with client(url, "joins") as http:
        await asyncio.gather(loop(http), loop(http))
    return tally


# ------------------------------------------------------------- 7. hostile bodies and messages


def raw(**fields: str) -> bytes:
    """A JSON object from raw value texts (which may be NaN, 5000 digits, …)."""
    return ("{" + ", ".join(f'"{k}": {v}' for k, v in fields.items()) + "}").encode()


def hostile_bodies(token: str) -> dict[str, bytes]:
    """Hostile JSON bodies by name: every one must get a 4xx, none a 500."""
    game, seats, t = '"ilium"', '["human", "human"]', f'"{token}"'
    return {
        "nested array": b"[" * 60_000,
        "nested object": b'{"a":' * 12_000,
        "nested option": raw(
            game=game, seats=seats, options=raw(board="[" * 20_000 + "]" * 20_000).decode()
        ),
        "NaN": raw(game=game, seats=seats, players="NaN"),
        "NaN option": raw(game=game, seats=seats, options='{"x": NaN}'),
        "NaN state_id": raw(token=t, state_id="NaN", action="0"),
        "Infinity": raw(token=t, state_id="Infinity", action="0"),
        "huge integer 5000 digits": raw(game=game, seats=seats, players="9" * 5000),
        "huge action id": raw(token=t, state_id="0", action="1" + "0" * 300),
        "1e400": raw(token=t, state_id="1e400", action="0"),
        "lone surrogate": raw(token=t, state_id="0", action='"\\ud800"'),
        "surrogate token": raw(token='"\\udfff"', level='"hard"'),
        "not JSON": b"\xff\xfe not json",
        "null": b"null",
        "empty": b"",
        "long token": raw(token='"' + "t" * 60_000 + '"', state_id="0", action="0"),
        "many seats": raw(game=game, seats="[" + ", ".join(['"human"'] * 8000) + "]"),
    }


HOSTILE_MESSAGES: dict[str, str | bytes] = {
    "binary frame": b"\x00\x01binary",
    "text > 16 KiB": '{"type": "act", "action": "' + "a" * 20_000 + '"}',
    "text > 1 MiB": '{"type": "act", "action": "' + "a" * (1_100_000) + '"}',
    "not JSON": "act now",
    "nested": "[" * 15_000,
    "no fields": '{"type": "act"}',
    "wrong types": '{"type": "act", "state_id": "x", "action": [1, 2]}',
    "NaN state_id": '{"type": "act", "state_id": NaN, "action": 0}',
    "huge action": '{"type": "act", "state_id": 0, "action": 1' + "0" * 4000 + "}",
    "5000-digit state_id": '{"type": "act", "state_id": 1' + "0" * 4999 + ', "action": 0}',
    "lone surrogate": '{"type": "act", "state_id": 0, "action": "\\ud800"}',
    "negative state": '{"type": "act", "state_id": -1, "action": -1}',
    "other type": '{"type": "chat", "text": "hi"}',
}


async def hostile(url: str, honest: list[str], deadline: float) -> Counter[str]:
    """Hostile bodies to every JSON endpoint, 10 MB bodies (declared and chunked), samples,
    and hostile WebSocket messages, to the class's own game (as a seat) and to honest games
    (as a spectator), in turn until the deadline."""
    tally = TALLIES[CLASS.get()]
    async with client(url, "hostile") as http:
        game = await create(http, tally, ["human", "human"])
        if game is None:
            return tally
        own, token = game["id"], game["seats"][0]["token"]
        await request(http, tally, "GET", f"/api/games/{own}", params={"token": token})  # joined
        paths = ["/api/games", f"/api/games/{own}/actions", f"/api/games/{own}/rematch",
                 f"/api/games/{own}/seats/0/replace", f"/api/games/{own}/join"]  # fmt: skip
        bodies = hostile_bodies(token)
        rounds: list[Callable[[], Awaitable[None]]] = [
            lambda: _bodies(http, paths, bodies, tally),
            lambda: _big_bodies(url, paths, tally),
            lambda: _samples(http, own, token, tally),
            lambda: _messages(url, own, token, tally),
            lambda: _messages(url, random.choice(honest), None, tally),
        ]
        while left(deadline) > 0:
            for job in rounds:
                if left(deadline) > 0:
                    await job()
    return tally


async def _bodies(
    http: httpx.AsyncClient, paths: list[str], bodies: dict[str, bytes], tally: Counter[str]
) -> None:
    headers = {"content-type": "application/json"}
    for name, body in bodies.items():
        for path in paths:
            response = await request(http, Counter(), "POST", path, content=body, headers=headers)
            status = "error" if response is None else str(response.status_code)
            tally[f"body {name} {status}"] += 1
            if status.startswith("5"):
                tally[f"500 at {path.split('/')[-1] or 'games'} ({name})"] += 1


async def _big_bodies(url: str, paths: list[str], tally: Counter[str]) -> None:
    """A 10 MB body, declared and then chunked, to each path: whether the server answered
    413 before it had all of it."""
    for path in paths:
        for chunked in (False, True):
            outcome = await _big_body(url, path, 10 * 2**20, chunked)
            tally[f"10 MB {'chunked' if chunked else 'declared'} {outcome}"] += 1


async def _big_body(url: str, path: str, size: int, chunked: bool) -> str:
    loop = asyncio.get_running_loop()
    try:
        sock = await open_socket(url, "hostile")
    except OSError as exc:
        return f"connect {type(exc).__name__}"
    framing = "Transfer-Encoding: chunked" if chunked else f"Content-Length: {size}"
    head = (f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            f"{framing}\r\n\r\n").encode()  # fmt: skip
    piece = b"[" * 65536
    if chunked:
        piece = b"%x\r\n%s\r\n" % (len(piece), piece)
    sent = 0
    with sock:
        await loop.sock_sendall(sock, head)
        reply = asyncio.create_task(loop.sock_recv(sock, 4096))
        while sent < size and not reply.done():
            send = asyncio.create_task(loop.sock_sendall(sock, piece))
            await asyncio.wait({send, reply}, timeout=5, return_when=asyncio.FIRST_COMPLETED)
            if not send.done():
                send.cancel()
                break
            if send.exception() is not None:
                break
            sent += 65536
        try:
            data = await asyncio.wait_for(reply, 5)
        except (TimeoutError, OSError):
            return f"no answer (sent {sent >> 20} MiB)"
    status = data.split(b" ")[1].decode() if data.startswith(b"HTTP/") else "closed"
    return f"{status} {'before the end' if sent < size else 'after all of it'}"


async def _samples(http: httpx.AsyncClient, game: str, token: str, tally: Counter[str]) -> None:
    for _ in range(10):
        response = await request(http, Counter(), "GET", f"/api/games/{game}/sample",
                                 params={"token": token})  # fmt: skip
        tally[f"sample {'error' if response is None else response.status_code}"] += 1


async def _messages(url: str, game: str, token: str | None, tally: Counter[str]) -> None:
    """Each hostile message on a fresh connection (as a seat, or a spectator): the reply."""
    who = "seat" if token else "spectator"
    query = f"?token={token}" if token else ""
    ws_url = url.replace("http", "ws") + f"/api/games/{game}/ws{query}"
    for name, message in HOSTILE_MESSAGES.items():
        outcome = await _message(ws_url, message)
        tally[f"ws {who} {name}: {outcome}"] += 1


async def _message(ws_url: str, message: str | bytes) -> str:
    made()
    try:
        async with connect(
            ws_url, max_size=2**24, local_addr=(address("hostile"), 0), open_timeout=5
        ) as ws:
            await asyncio.wait_for(ws.recv(), 5)  # the first envelope
            await ws.send(message)
            while True:
                reply = json.loads(await asyncio.wait_for(ws.recv(), 3))
                if reply["type"] == "error":
                    return f"error {reply.get('status')}"
    except TimeoutError:
        return "no reply"
    except ConnectionClosed as exc:
        return f"close {exc.rcvd.code if exc.rcvd else 'abnormal'}"
    except OSError as exc:
        return type(exc).__name__
    except Exception as exc:  # the handshake refused (e.g. 503, 429)
        return type(exc).__name__


# ------------------------------------------------------------- running them


ATTACKS = {
    "slow_sockets": slow_sockets,
    "non_reading_ws": non_reading_ws,
    "analysis": analysis,
    "open_listing": open_listing,
    "ai_budgets": ai_budgets,
    "joins": joins,
    "hostile": hostile,
}


async def run(
    url: str, honest: list[str], deadline: float, names: list[str]
) -> dict[str, dict[str, Any]]:
    """The attack classes `names` at once until the deadline; per class, the requests made
    and their outcomes."""

    async def bounded(name: str) -> Counter[str]:
        CLASS.set(name)
        try:
            return await asyncio.wait_for(
                ATTACKS[name](url, honest, deadline), left(deadline) + GRACE
            )
        except TimeoutError:
            TALLIES[name]["cancelled at the deadline"] += 1
        except Exception as exc:
            TALLIES[name][f"attacker crashed: {exc!r}"[:200]] += 1
        return TALLIES[name]

    results = await asyncio.gather(*(bounded(name) for name in names))
    return {
        name: {
            "requests": MADE[name],
            "outcomes": {
                k: v for k, v in sorted(result.items()) if not k.endswith(("_min", "_max"))
            },
            **{k: v for k, v in result.items() if k.endswith(("_min", "_max"))},
        }
        for name, result in zip(names, results, strict=True)
    }


def child(conn: Any, url: str, names: list[str]) -> None:
    """The attack process: 'ready', then wait for (honest game ids, deadline), then attack and
    send back the outcomes."""
    conn.send("ready")
    honest, deadline = conn.recv()
    conn.send(asyncio.run(run(url, honest, deadline, names)))
