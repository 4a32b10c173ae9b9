"""The uniformly random agent: the baseline of every benchmark and tournament."""

from __future__ import annotations

from kleos.agents.base import Agent, Observation
from kleos.core.protocol import Action


class RandomAgent(Agent):
    """Picks a legal action uniformly at random."""

    spec = "random"

    def choose(self, observation: Observation) -> Action:
        """A uniformly random legal action."""
        return self.rng.choice(observation.legal_actions)
