"""Jobs for the worker-pool tests, importable by spawned worker processes."""

from __future__ import annotations

import os
import time
from pathlib import Path


def die_once(marker: str, always: bool = False) -> str:
    """Kill the worker the first time (or every time), then say it survived."""
    path = Path(marker)
    if always or not path.exists():
        path.write_text("died")
        os._exit(1)
    return "survived"


def pid_then_sleep(marker: str) -> None:
    """Write the worker's pid, then work for a long time (a busy search)."""
    Path(marker).write_text(str(os.getpid()))
    time.sleep(120)
