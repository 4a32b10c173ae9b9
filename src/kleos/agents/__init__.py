"""Agents: decision makers for seats, addressed by spec strings such as 'ismcts:time=1.0'."""

from __future__ import annotations

from kleos.agents.base import Agent, Observation
from kleos.agents.heuristic import HeuristicAgent
from kleos.agents.ismcts import ActionStats, ISMCTSAgent
from kleos.agents.random import RandomAgent
from kleos.agents.spec import LEVELS, AgentSpec, parse_spec
from kleos.core.rng import make_rng

AGENTS: dict[str, type[Agent]] = {
    "random": RandomAgent,
    "heuristic": HeuristicAgent,
    "ismcts": ISMCTSAgent,
}


def known_agents() -> dict[str, dict[str, type]]:
    """Each agent name with its typed options."""
    return {name: cls.options for name, cls in AGENTS.items()}


def agent_spec(text: str) -> AgentSpec:
    """Parse and check a spec (levels such as 'hard' expand to their spec)."""
    return parse_spec(text, known_agents())


def make_agent(spec: str, seed: int) -> Agent:
    """The agent named by `spec`, with an RNG seeded by `seed`."""
    parsed = agent_spec(spec)
    return AGENTS[parsed.name](make_rng(seed), **dict(parsed.options))


__all__ = [
    "AGENTS",
    "LEVELS",
    "ActionStats",
    "Agent",
    "AgentSpec",
    "HeuristicAgent",
    "ISMCTSAgent",
    "Observation",
    "RandomAgent",
    "agent_spec",
    "make_agent",
]
