"""The JSON Schema every view envelope satisfies (package data `data/envelope.schema.json`)."""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any


@cache
def envelope_schema() -> dict[str, Any]:
    """The view envelope's JSON Schema (draft 2020-12), as documented in docs/contract.md."""
    text = resources.files("kleos.core").joinpath("data/envelope.schema.json").read_text()
    schema: dict[str, Any] = json.loads(text)
    return schema
