"""Debian's nginx for the tests, as a non-daemon process in a folder of its own, running the
site file docs/deploy.md documents (docs/deploy/nginx.conf) with its placeholders filled in."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import time
from pathlib import Path

import httpx
from processes import free_port

NGINX = Path("/usr/sbin/nginx")
WHY_NOT = f"no nginx at {NGINX}: apt-get install nginx (.ci/run does)"
SITE = Path(__file__).resolve().parents[2] / "docs" / "deploy" / "nginx.conf"
"""The documented site file."""

MAIN = """\
{user}
worker_processes 1;
pid {root}/nginx.pid;
error_log {root}/logs/error.log warn;
events {{
    worker_connections 256;
}}
http {{
    client_body_temp_path {root}/temp/body;
    proxy_temp_path {root}/temp/proxy;
    fastcgi_temp_path {root}/temp/fastcgi;
    uwsgi_temp_path {root}/temp/uwsgi;
    scgi_temp_path {root}/temp/scgi;
    include {root}/kleos.conf;
}}
"""
"""What Debian's /etc/nginx/nginx.conf is to the site file, with every path in the folder."""


def render(template: str, values: dict[str, str]) -> str:
    """The template with each `{{name}}` replaced; every placeholder must be given."""

    def value(match: re.Match[str]) -> str:
        return values[match.group(1)]

    text = re.sub(r"\{\{(\w+)\}\}", value, template)
    assert "{{" not in text, "a placeholder is left"
    return text


class Nginx:
    """nginx on a free loopback port (plain HTTP), proxying to the given backend ports."""

    def __init__(self, root: Path, backends: list[int]) -> None:
        self.root = root
        self.logs = root / "logs"
        self.port = free_port()
        self.backends = backends
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        for folder in ("logs", "temp"):
            (self.root / folder).mkdir(parents=True, exist_ok=True)
        site = render(
            SITE.read_text(),
            {
                "upstreams": " ".join(f"server 127.0.0.1:{port};" for port in self.backends),
                "listen": f"listen 127.0.0.1:{self.port};",
                "server_name": "localhost",
                "logs": str(self.logs),
            },
        )
        (self.root / "kleos.conf").write_text(site)
        # As root the workers would otherwise run as nobody, who cannot enter pytest's folders.
        user = "user root;" if os.geteuid() == 0 else ""
        (self.root / "nginx.conf").write_text(MAIN.format(user=user, root=self.root))
        command = [str(NGINX), "-p", str(self.root), "-c", str(self.root / "nginx.conf"),
                   "-e", str(self.logs / "error.log"), "-g", "daemon off;"]  # fmt: skip
        self.output = (self.root / "nginx.out").open("ab")
        self.process = subprocess.Popen(
            command, stdout=self.output, stderr=self.output, start_new_session=True
        )
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise AssertionError(f"nginx exited: {self.errors()}")
            try:
                if httpx.get(f"{self.url}/healthz", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                time.sleep(0.05)
        raise AssertionError(f"nginx did not start: {self.errors()}")

    def errors(self) -> str:
        return "".join(
            path.read_text(errors="replace")
            for path in (self.root / "nginx.out", self.logs / "error.log")
            if path.exists()
        )

    def stop(self) -> None:
        """Stop nginx (master and workers) if it runs: gracefully, its logs written."""
        if self.process is None or self.process.poll() is not None:
            return
        os.killpg(self.process.pid, signal.SIGQUIT)
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=10)
        self.output.close()
