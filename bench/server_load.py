"""Load on `kleos serve`: N concurrent 2-player Ilium games played by random clients over
WebSockets on loopback; actions/s, round-trip latency (send an act, receive the envelope of the
next state) p50/p95/p99, and errors.

    python bench/server_load.py [--games 200] [--seconds 20] [--processes 1|2] [--think 1.0]
                                [--database-url postgresql+psycopg://…]
    python bench/server_load.py --attack [--games 100] [--seconds 20] [--think 1.0]

With --think 0 the clients move at once (the server's throughput); with --think T each client
waits about T seconds before each move, as people do (the latency at that load).

Without --database-url the servers share a SQLite file. With two processes on PostgreSQL the
two seats of each game sit on different processes, so every move crosses LISTEN/NOTIFY; on
SQLite (no notifications) each game's seats sit on one process, the games split between them.
Each honest seat connects from its own loopback address (127.0.1.1, 127.0.1.2, …, 127.0.2.1, …)
and each game is created from its first seat's, so per-address limits never bind them; this
mode raises the server's per-address limits that exist (`kleos serve --help`) all the same, as
it measures the server's speed, not its limits. Prints one JSON line of figures.

--attack measures the server under attack, with its default limits (only `--ai-workers 1`):
two runs of a fresh server with the same settings, each `--seconds` long with the same honest
games (default 100, at --think 1.0): a quiet phase (honest clients only), then an attack phase
in which a child process (`bench/attacks.py`) runs, at once and each from its own address
127.0.9.N, bounded in count and stopping at the end:

1. slow_sockets: 300 idle TCP connections, and 50 sending a request head a byte a second;
2. non_reading_ws: 8 spectators of honest games that never read (a 4 KiB receive buffer);
3. analysis: games of two `random` AIs, their analysis asked for again and again once over;
4. open_listing: up to 200 open games created, `GET /api/games?limit=50` from 8 tasks;
5. ai_budgets: games of `ismcts:time=3600`, `ismcts:iterations=100000000` and `hard` seats;
6. joins: `POST /api/games/ID/join` on honest games' ids and random ids;
7. hostile: deeply nested, NaN, huge-integer and other hostile bodies to every JSON endpoint,
   10 MB bodies, samples, binary, oversize (> 16 KiB, > 1 MiB) and malformed WebSocket messages.

The server's peak RSS (its process group: the server and its AI workers) is sampled every
0.5 s. Prints one JSON object: per phase the honest actions/s, latency p50/p95/p99, errors
(any refusal or disconnect of an honest client) and RSS; per attack class the requests made
and their outcomes (statuses, close codes, what became of the sockets); and whether the aims
hold: p95 under attack at most twice the quiet p95, no honest error, peak RSS under attack at
most 1.5 times the quiet one. A benchmark, never a test.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import random
import re
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

import attacks
import httpx
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

KLEOS = str(Path(sys.executable).parent / "kleos")
UNLIMITED = {"--games-per-minute": 100_000, "--actions-per-minute": 10**7,
             "--joins-per-minute": 100_000, "--max-connections": 100_000,
             "--requests-per-minute": 10**7}  # fmt: skip
"""The load mode's limits: far above what it sends."""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def seat_address(k: int) -> str:
    """The loopback address of honest seat `k`: 127.0.1.1 … 127.0.1.250, 127.0.2.1, …"""
    return f"127.0.{1 + k // 250}.{1 + k % 250}"


def serve_flags() -> set[str]:
    """The options this `kleos serve` knows."""
    help_text = subprocess.run(
        [KLEOS, "serve", "--help"], capture_output=True, text=True,
        env={**os.environ, "COLUMNS": "300"}, check=False,
    ).stdout  # fmt: skip
    return set(re.findall(r"--[a-z][a-z-]+", help_text))


def start_server(
    data: Path, database_url: str | None, limits: dict[str, int]
) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    command = [KLEOS, "serve", "--port", str(port), "--data-dir", str(data), "--ai-workers", "1"]
    known = serve_flags()
    for flag, value in limits.items():
        if flag in known:
            command += [flag, str(value)]
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


class RssSampler(threading.Thread):
    """The summed VmRSS of a process group (the server and its AI workers), every 0.5 s."""

    def __init__(self, group: int) -> None:
        super().__init__(daemon=True)
        self.group, self.peak, self.first, self.last = group, 0, 0, 0
        self.halt = threading.Event()

    def run(self) -> None:
        while not self.halt.wait(0.5):
            self.last = group_rss(self.group)
            self.first = self.first or self.last
            self.peak = max(self.peak, self.last)

    def figures(self) -> dict[str, float]:
        mib = 2**20
        return {"rss_mib_start": round(self.first / mib, 1),
                "rss_mib_peak": round(self.peak / mib, 1),
                "rss_mib_end": round(self.last / mib, 1)}  # fmt: skip


def group_rss(group: int) -> int:
    total = 0
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            stat = Path(f"/proc/{pid}/stat").read_text()
            if int(stat.rsplit(")", 1)[1].split()[2]) != group:
                continue
            status = Path(f"/proc/{pid}/status").read_text()
        except (OSError, IndexError, ValueError):
            continue
        for line in status.splitlines():
            if line.startswith("VmRSS:"):
                total += int(line.split()[1]) * 1024
    return total


async def seat(
    url: str, game_id: str, token: str, address: str, stop: float, think: float, stats: dict
) -> None:
    """One player: on its turn, after `think` seconds, a random legal action; timing each round
    trip from sending the act to receiving the envelope of the next state. Any refusal, a
    disconnect or a silence of 10 s before the end is an error."""
    try:
        await play(url, game_id, token, address, stop, think, stats)
    except ConnectionClosed as exc:
        stats["errors"].append(f"closed {exc.rcvd.code if exc.rcvd else 'abnormal'}")
    except TimeoutError:
        stats["errors"].append("no envelope for 10 s")
    except Exception as exc:  # a refused or failed connection
        stats["errors"].append(type(exc).__name__)
    finally:
        stats["ready"].append(1)


async def play(
    url: str, game_id: str, token: str, address: str, stop: float, think: float, stats: dict
) -> None:
    ws_url = url.replace("http", "ws") + f"/api/games/{game_id}/ws?token={token}"
    rng = random.Random(token)
    sent_at: float | None = None
    sent_state = -1
    async with connect(ws_url, max_size=2**22, local_addr=(address, 0)) as ws:
        first = True
        while True:
            try:
                text = await asyncio.wait_for(ws.recv(), max(stop - time.perf_counter(), 0) + 10)
            except TimeoutError:
                if time.perf_counter() > stop:
                    return
                raise
            if first:
                stats["ready"].append(1)
                first = False
            message = json.loads(text)
            if message["type"] == "error":
                stats["errors"].append(f"error {message.get('status')}")
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


async def create_games(urls: list[str], games: int, errors: list[str]) -> list[tuple[str, dict]]:
    """The honest games, each created from its first seat's address."""
    created = []
    for i in range(games):
        home = urls[i % len(urls)]
        transport = httpx.AsyncHTTPTransport(local_address=seat_address(2 * i))
        async with httpx.AsyncClient(timeout=60, transport=transport) as http:
            body = {"game": "ilium", "seats": ["human", "human"]}
            response = await http.post(f"{home}/api/games", json=body)
        if response.status_code == 201:
            created.append((home, response.json()))
        else:
            errors.append(f"create {response.status_code}")
    return created


async def load(
    urls: list[str], games: int, seconds: float, think: float, split_seats: bool,
    attacker: Any = None,
) -> dict[str, Any]:  # fmt: skip
    """Play the games for `seconds`; with an attacker (the pipe to `attacks.child`), start it
    once every honest seat is connected, and add its outcomes."""
    stats: dict[str, list] = {"latency": [], "actions": [], "errors": [], "ready": []}
    created = await create_games(urls, games, stats["errors"])
    start = time.perf_counter()
    stop = start + seconds
    tasks = []
    for i, (home, game) in enumerate(created):
        for p, s in enumerate(game["seats"]):
            where = urls[(i + p) % len(urls)] if split_seats else home
            job = seat(where, game["id"], s["token"], seat_address(2 * i + p), stop, think, stats)
            tasks.append(asyncio.create_task(job))
    outcomes = None
    if attacker is not None:
        while len(stats["ready"]) < len(tasks) and time.perf_counter() < start + 10:
            await asyncio.sleep(0.05)
        attacker.send(([g["id"] for _, g in created], time.time() + stop - time.perf_counter()))
    await asyncio.gather(*tasks)
    elapsed = time.perf_counter() - start
    if attacker is not None:
        outcomes = await asyncio.to_thread(
            lambda: attacker.recv() if attacker.poll(attacks.GRACE + 30) else "no answer"
        )
    figures = summary(stats, elapsed)
    figures.update(games=games, processes=len(urls), think_s=think)
    if outcomes is not None:
        figures["attacks"] = outcomes
    return figures


def summary(stats: dict[str, list], elapsed: float) -> dict[str, Any]:
    latency = sorted(stats["latency"])

    def quantile(q: float) -> float | None:
        if not latency:
            return None
        return round(1000 * latency[min(len(latency) - 1, int(q * len(latency)))], 2)

    return {
        "actions": len(stats["actions"]),
        "seconds": round(elapsed, 2),
        "actions_per_s": round(len(stats["actions"]) / elapsed, 1),
        "latency_ms_p50": quantile(0.50),
        "latency_ms_p95": quantile(0.95),
        "latency_ms_p99": quantile(0.99),
        "latency_ms_mean": round(1000 * statistics.mean(latency), 2) if latency else None,
        "errors": len(stats["errors"]),
        "error_kinds": dict(Counter(stats["errors"])),
    }


def phase(args: argparse.Namespace, attack: bool) -> dict[str, Any]:
    """One run of a fresh server with default limits: honest games, with attackers or not."""
    folder = Path(tempfile.mkdtemp(prefix="kleos-attack."))
    process, url = start_server(folder, None, {})
    sampler = RssSampler(process.pid)
    sampler.start()
    attacker, child = None, None
    try:
        if attack:
            attacker, end = multiprocessing.get_context("spawn").Pipe()
            child = multiprocessing.get_context("spawn").Process(
                target=attacks.child, args=(end, url, args.attacks), daemon=True
            )
            child.start()
            attacker.recv()  # "ready"
        figures = asyncio.run(load([url], args.games, args.seconds, args.think, False, attacker))
        figures["server_alive"] = process.poll() is None
    finally:
        sampler.halt.set()
        sampler.join()
        if child is not None:
            child.join(timeout=10)
            if child.is_alive():
                child.kill()
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=30)
    figures.update(sampler.figures())
    return figures


def attack_report(args: argparse.Namespace) -> dict[str, Any]:
    quiet = phase(args, attack=False)
    attack = phase(args, attack=True)
    attacks_seen = attack.pop("attacks")
    p95_quiet, p95_attack = quiet["latency_ms_p95"], attack["latency_ms_p95"]
    growth = attack["rss_mib_peak"] - quiet["rss_mib_peak"]
    aims = {
        "p95_attack_le_2x_quiet": p95_quiet is not None and p95_attack is not None
        and p95_attack <= 2 * p95_quiet,
        "no_honest_errors": quiet["errors"] == 0 and attack["errors"] == 0,
        "rss_bounded_1_5x_quiet": attack["rss_mib_peak"] <= 1.5 * quiet["rss_mib_peak"],
        "rss_growth_mib_vs_quiet": round(growth, 1),
        "rss_growth_mib_during_attack": round(attack["rss_mib_peak"] - attack["rss_mib_start"], 1),
        "server_alive": attack["server_alive"],
    }  # fmt: skip
    return {"quiet": quiet, "attack": attack, "attacks": attacks_seen, "aims": aims}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=None, help="Default 200 (100 with --attack).")
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--processes", type=int, choices=(1, 2), default=1)
    parser.add_argument("--database-url", default=None)
    parser.add_argument(
        "--think", type=float, default=None,
        help="Mean seconds a client waits before its move (default 0; 1.0 with --attack).",
    )  # fmt: skip
    parser.add_argument(
        "--attack", action="store_true", help="Quiet phase, then attackers too (see above)."
    )
    parser.add_argument(
        "--attacks", default=",".join(attacks.ATTACKS),
        help="With --attack: the attack classes to run, comma-separated (default all).",
    )  # fmt: skip
    args = parser.parse_args()
    args.attacks = args.attacks.split(",")
    if unknown := set(args.attacks) - set(attacks.ATTACKS):
        parser.error(f"unknown attack classes: {', '.join(sorted(unknown))}")
    if args.attack:
        args.games = 100 if args.games is None else args.games
        args.think = 1.0 if args.think is None else args.think
        print(json.dumps(attack_report(args)))
        return
    args.games = 200 if args.games is None else args.games
    args.think = 0.0 if args.think is None else args.think
    folder = Path(tempfile.mkdtemp(prefix="kleos-load."))
    servers = [
        start_server(
            folder / f"data{i}" if args.database_url else folder, args.database_url, UNLIMITED
        )
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
