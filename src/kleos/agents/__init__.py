"""Agents: decision makers for seats, addressed by spec strings such as 'random'."""

from __future__ import annotations

from kleos.agents.base import Agent, Observation
from kleos.agents.random import RandomAgent
from kleos.core.errors import ConfigError
from kleos.core.rng import make_rng

AGENTS: dict[str, type[Agent]] = {"random": RandomAgent}


def make_agent(spec: str, seed: int) -> Agent:
    """The agent named by `spec`, with an RNG seeded by `seed`."""
    name = spec.strip().lower()
    if name not in AGENTS:
        known = ", ".join(sorted(AGENTS))
        raise ConfigError(f"unknown agent '{spec}' (agents: {known})")
    return AGENTS[name](make_rng(seed))


__all__ = ["AGENTS", "Agent", "Observation", "RandomAgent", "make_agent"]
