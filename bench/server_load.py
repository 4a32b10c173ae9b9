"""Load on `kleos serve`: N concurrent 2-player Ilium games played by random clients over
WebSockets on loopback; actions/s, round-trip latency (send an act, receive the envelope of the
next state) p50/p95/p99, and errors.

    python bench/server_load.py [--games 200] [--seconds 20] [--processes 1|2] [--think 1.0]
                                [--database-url postgresql+psycopg://…]

With --think 0 the clients move at once (the server's throughput); with --think T each client
waits about T seconds before each move, as people do (the latency at that load).

Without --database-url the servers share a SQLite file. With two processes on PostgreSQL the
two seats of each game sit on different processes, so every move crosses LISTEN/NOTIFY; on
SQLite (no notifications) each game's seats sit on one process, the games split between them.
Prints one JSON line of figures. A benchmark, never a test.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
from websockets.asyncio.client import connect

KLEOS = str(Path(sys.executable).parent / "kleos")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def start_server(data: Path, database_url: str | None) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    command = [KLEOS, "serve", "--port", str(port), "--data-dir", str(data), "--ai-workers", "1",
               "--games-per-minute", "100000"]  # fmt: skip
    if database_url:
        command += ["--database-url", database_url]
    process = subprocess.Popen(
        command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True
    )
    url = f"http://127.0.0.1:{port}"
    for _ in range(300):
        try:
            if httpx.get(f"{url}/healthz", timeout=1).status_code == 200:
                return process, url
        except httpx.HTTPError:
            time.sleep(0.1)
    raise SystemExit("kleos serve did not start")


async def seat(
    url: str, game_id: str, token: str, stop: float, think: float, stats: dict[str, list]
) -> None:
    """One player: on its turn, after `think` seconds, a random legal action; timing each round
    trip from sending the act to receiving the envelope of the next state."""
    ws_url = url.replace("http", "ws") + f"/api/games/{game_id}/ws?token={token}"
    rng = random.Random(token)
    sent_at: float | None = None
    sent_state = -1
    async with connect(ws_url, max_size=2**22) as ws:
        while True:
            message = json.loads(await ws.recv())
            if message["type"] == "error":
                stats["errors"].append(message["error"])
                sent_at = None
                continue
            envelope = message["envelope"]
            if sent_at is not None and envelope["state_id"] > sent_state:
                stats["latency"].append(time.perf_counter() - sent_at)
                stats["actions"].append(1)
                sent_at = None
            if envelope["is_terminal"] or time.perf_counter() > stop:
                return
            if envelope["legal_actions"] and sent_at is None:
                if think:
                    await asyncio.sleep(rng.uniform(0.5, 1.5) * think)
                choice = rng.choice(envelope["legal_actions"])["id"]
                sent_state = envelope["state_id"]
                sent_at = time.perf_counter()
                await ws.send(json.dumps({"type": "act", "state_id": sent_state, "action": choice}))


async def load(
    urls: list[str], games: int, seconds: float, think: float, split_seats: bool
) -> dict[str, object]:
    stats: dict[str, list] = {"latency": [], "actions": [], "errors": []}
    async with httpx.AsyncClient(timeout=60) as http:
        created = []
        for i in range(games):
            home = urls[i % len(urls)]
            body = {"game": "ilium", "seats": ["human", "human"]}
            created.append((home, (await http.post(f"{home}/api/games", json=body)).json()))
    start = time.perf_counter()
    stop = start + seconds
    tasks = []
    for i, (home, game) in enumerate(created):
        for p, s in enumerate(game["seats"]):
            where = urls[(i + p) % len(urls)] if split_seats else home
            tasks.append(seat(where, game["id"], s["token"], stop, think, stats))
    await asyncio.gather(*tasks)
    elapsed = time.perf_counter() - start
    latency = sorted(stats["latency"])

    def quantile(q: float) -> float:
        return round(1000 * latency[min(len(latency) - 1, int(q * len(latency)))], 2)

    return {
        "games": games,
        "processes": len(urls),
        "think_s": think,
        "actions": len(stats["actions"]),
        "seconds": round(elapsed, 2),
        "actions_per_s": round(len(stats["actions"]) / elapsed, 1),
        "latency_ms_p50": quantile(0.50),
        "latency_ms_p95": quantile(0.95),
        "latency_ms_p99": quantile(0.99),
        "latency_ms_mean": round(1000 * statistics.mean(latency), 2) if latency else None,
        "errors": len(stats["errors"]),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--processes", type=int, choices=(1, 2), default=1)
    parser.add_argument("--database-url", default=None)
    parser.add_argument(
        "--think", type=float, default=0.0, help="Mean seconds a client waits before its move."
    )
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="kleos-load."))
    servers = [
        start_server(folder / f"data{i}" if args.database_url else folder, args.database_url)
        for i in range(args.processes)
    ]
    try:
        split = bool(args.database_url) and args.processes > 1
        urls = [url for _, url in servers]
        figures = asyncio.run(load(urls, args.games, args.seconds, args.think, split_seats=split))
        figures["database"] = "postgresql" if args.database_url else "sqlite"
        print(json.dumps(figures))
    finally:
        for process, _ in servers:
            os.killpg(process.pid, signal.SIGTERM)
            process.wait(timeout=30)


if __name__ == "__main__":
    main()
