"""A real PostgreSQL for the server tests: the one `.ci/run` starts (KLEOS_TEST_DATABASE_URL),
or a throwaway server on loopback started here as the recipe shows; None when neither can be
had, and the tests then skip saying so."""

from __future__ import annotations

import atexit
import os
import secrets
import shutil
import socket
import subprocess
import tempfile
from functools import cache
from pathlib import Path

import psycopg
from sqlalchemy import make_url

ENV = "KLEOS_TEST_DATABASE_URL"
WHY_NOT = (
    "no PostgreSQL: set KLEOS_TEST_DATABASE_URL to a postgresql+psycopg:// URL of a role that "
    "may create databases (.ci/run starts one), or install PostgreSQL and run as root"
)


@cache
def server_url() -> str | None:
    """The URL of a PostgreSQL server the tests may create databases on, or None."""
    return os.environ.get(ENV) or _start_throwaway()


def fresh_database() -> str:
    """A new, empty database on the test server; its URL."""
    base = server_url()
    assert base is not None
    name = "kleos_" + secrets.token_hex(6)
    admin = make_url(base).set(drivername="postgresql").render_as_string(hide_password=False)
    with psycopg.connect(admin, autocommit=True) as connection:
        connection.execute(f'CREATE DATABASE "{name}"')
    return make_url(base).set(database=name).render_as_string(hide_password=False)


def _start_throwaway() -> str | None:
    bins = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"))
    if not bins or os.geteuid() != 0 or shutil.which("runuser") is None:
        return None
    pgbin = bins[-1].parent
    root = Path(tempfile.mkdtemp(prefix="kleos-pg."))
    shutil.chown(root, "postgres", "postgres")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]

    def as_postgres(*command: str) -> None:
        subprocess.run(["runuser", "-u", "postgres", "--", *command], check=True,
                       capture_output=True)  # fmt: skip

    try:
        as_postgres(str(pgbin / "initdb"), "-D", f"{root}/data", "-U", "postgres",
                    "--auth=trust", "--no-sync", "-E", "UTF8", "--locale=C.UTF-8")  # fmt: skip
        options = f"-c listen_addresses=127.0.0.1 -p {port} -k {root} -c fsync=off"
        as_postgres(str(pgbin / "pg_ctl"), "-D", f"{root}/data", "-l", f"{root}/log", "-w",
                    "-t", "60", "start", "-o", options)  # fmt: skip
    except (subprocess.CalledProcessError, OSError):
        shutil.rmtree(root, ignore_errors=True)
        return None

    def stop() -> None:
        try:
            as_postgres(str(pgbin / "pg_ctl"), "-D", f"{root}/data", "-m", "fast", "-w", "stop")
        finally:
            shutil.rmtree(root, ignore_errors=True)

    atexit.register(stop)
    return f"postgresql+psycopg://postgres@127.0.0.1:{port}/postgres"
