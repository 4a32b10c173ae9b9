"""Agent specs: 'name' or 'name:key=value:key=value', e.g. 'ismcts:iterations=800'."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from kleos.core.errors import ConfigError
from kleos.core.inputs import echo

LEVELS = {
    "easy": "heuristic",
    "medium": "ismcts:iterations=300",
    "hard": "ismcts:time=1.0:value=mix",
}
"""Strength levels for players, as agent specs."""


@dataclass(frozen=True)
class AgentSpec:
    """A parsed agent spec: the agent's name and its options."""

    name: str
    options: tuple[tuple[str, Any], ...] = ()

    def __str__(self) -> str:
        return ":".join([self.name, *(f"{k}={v}" for k, v in self.options)])


MAX_SPEC_TEXT = 200
"""No agent spec is longer."""
MAX_NUMBER_TEXT = 20
"""An option's number has at most this many characters."""


def _value(text: str, kind: type, where: str) -> Any:
    """An option's value of type `kind`: numbers finite and written in ASCII."""
    expected = {bool: "true or false", int: "a whole number", float: "a finite number"}
    try:
        if kind is bool:
            if text.lower() not in ("true", "false", "1", "0", "yes", "no"):
                raise ValueError(text)
            return text.lower() in ("true", "1", "yes")
        if kind in (int, float) and not (text.isascii() and len(text) <= MAX_NUMBER_TEXT):
            raise ValueError(text)
        value = kind(text)
        if kind is float and not math.isfinite(value):
            raise ValueError(text)
        return value
    except ValueError:
        wanted = expected.get(kind, kind.__name__)
        raise ConfigError(f"{where}: expected {wanted}, got '{echo(text)}'") from None


def parse_spec(text: str, known: dict[str, dict[str, type]]) -> AgentSpec:
    """Parse a spec against the known agents and their typed options; levels expand first."""
    if not isinstance(text, str) or len(text) > MAX_SPEC_TEXT:
        raise ConfigError(f"an agent spec is text of at most {MAX_SPEC_TEXT} characters")
    raw = text.strip()
    if raw.lower() in LEVELS:
        raw = LEVELS[raw.lower()]
    name, *parts = raw.split(":")
    name = name.strip().lower()
    if name not in known:
        names = ", ".join([*sorted(known), *LEVELS])
        raise ConfigError(f"unknown agent '{echo(text)}' (agents: {names})")
    options: dict[str, Any] = {}
    for part in parts:
        key, sep, value = part.partition("=")
        key = key.strip().lower()
        if not sep or not key:
            raise ConfigError(
                f"agent '{echo(text)}': options are written key=value, not '{echo(part)}'"
            )
        if key not in known[name]:
            allowed = ", ".join(sorted(known[name])) or "none"
            raise ConfigError(f"agent '{name}' has no option '{echo(key)}' (options: {allowed})")
        options[key] = _value(
            value.strip(), known[name][key], f"agent '{echo(text)}', option {key}"
        )
    return AgentSpec(name, tuple(options.items()))
