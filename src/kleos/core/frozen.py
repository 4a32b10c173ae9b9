"""The base of the engine's frozen dataclasses."""

from __future__ import annotations

from dataclasses import fields
from typing import Any


class Frozen:
    """A frozen dataclass copies and pickles as a call of its class with its fields' values.

    The default sets the fields one by one on a bare object, which a frozen dataclass
    compiled by mypyc refuses."""

    def __reduce__(self) -> tuple[type[Any], tuple[Any, ...]]:
        return type(self), tuple(getattr(self, field.name) for field in fields(self))  # type: ignore[arg-type]
