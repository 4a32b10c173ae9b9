"""The real `kleos serve`, in its own process group, for the tests that need a process."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx

KLEOS = [str(Path(sys.executable).parent / "kleos")]
"""The installed command, beside this interpreter."""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class Server:
    """`kleos serve` in its own process group, on a free port, with a data folder (and its
    log beside it) and, optionally, another database and `extra` command-line flags."""

    def __init__(
        self, data: Path, database_url: str | None = None, extra: list[str] | None = None
    ) -> None:
        self.data = data
        self.database_url = database_url
        self.extra = list(extra or [])
        self.log_path = data.parent / f"server-{data.name}.log"
        self.port = free_port()
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        command = [*KLEOS, "serve", "--port", str(self.port), "--data-dir", str(self.data),
                   "--ai-workers", "1", "--ai-move-seconds", "0",
                   "--requests-per-minute", "1000000"]  # fmt: skip
        if self.database_url is not None:
            command += ["--database-url", self.database_url]
        command += self.extra
        self.log = self.log_path.open("ab")
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

    def stop(self) -> None:
        """Kill the server if it still runs (a test's clean-up)."""
        if self.process is not None and self.process.poll() is None:
            self.kill()
