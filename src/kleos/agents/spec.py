"""Agent specs: 'name' or 'name:key=value:key=value', e.g. 'ismcts:iterations=800'."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from kleos.core.errors import ConfigError

LEVELS = {
    "easy": "heuristic",
    "medium": "ismcts:iterations=300",
    "hard": "ismcts:time=1.0",
}
"""Strength levels for players, as agent specs."""


@dataclass(frozen=True)
class AgentSpec:
    """A parsed agent spec: the agent's name and its options."""

    name: str
    options: tuple[tuple[str, Any], ...] = ()

    def __str__(self) -> str:
        return ":".join([self.name, *(f"{k}={v}" for k, v in self.options)])


def _value(text: str, kind: type, where: str) -> Any:
    try:
        if kind is bool:
            if text.lower() not in ("true", "false", "1", "0", "yes", "no"):
                raise ValueError(text)
            return text.lower() in ("true", "1", "yes")
        return kind(text)
    except ValueError:
        raise ConfigError(f"{where}: expected {kind.__name__}, got '{text}'") from None


def parse_spec(text: str, known: dict[str, dict[str, type]]) -> AgentSpec:
    """Parse a spec against the known agents and their typed options; levels expand first."""
    raw = text.strip()
    if raw.lower() in LEVELS:
        raw = LEVELS[raw.lower()]
    name, *parts = raw.split(":")
    name = name.strip().lower()
    if name not in known:
        names = ", ".join([*sorted(known), *LEVELS])
        raise ConfigError(f"unknown agent '{text}' (agents: {names})")
    options: dict[str, Any] = {}
    for part in parts:
        key, sep, value = part.partition("=")
        key = key.strip().lower()
        if not sep or not key:
            raise ConfigError(f"agent '{text}': options are written key=value, not '{part}'")
        if key not in known[name]:
            allowed = ", ".join(sorted(known[name])) or "none"
            raise ConfigError(f"agent '{name}' has no option '{key}' (options: {allowed})")
        options[key] = _value(value.strip(), known[name][key], f"agent '{text}', option {key}")
    return AgentSpec(name, tuple(options.items()))
