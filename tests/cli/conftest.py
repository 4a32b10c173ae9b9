"""The CLI tests run `kleos` in-process through typer's CliRunner."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from typer.testing import CliRunner, Result

from kleos.cli.main import app


@pytest.fixture
def cli() -> Callable[..., Result]:
    """`cli(*args, input=...)` runs the command line and returns its result."""
    runner = CliRunner()

    def run(*args: str, input: str | None = None) -> Result:
        return runner.invoke(app, list(args), input=input)

    return run
