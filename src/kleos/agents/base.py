"""The agent protocol: an agent sees an `Observation`, never the master state."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from typing import Any, ClassVar

from kleos.core.protocol import Action, Game, PlayerId, State


class Observation:
    """What a deciding player may use: the game, the legal actions, its view, and
    determinized copies of the state (hidden parts resampled from the caller's RNG)."""

    __slots__ = ("_state", "game", "legal_actions", "player")

    def __init__(self, state: State, player: PlayerId) -> None:
        self._state = state
        self.game: Game = state.game
        self.player = player
        self.legal_actions: tuple[Action, ...] = state.legal_actions()

    def view(self) -> dict[str, Any]:
        """The player's view (JSON-ready)."""
        return self._state.view(self.player)

    def determinize(self, rng: random.Random) -> State:
        """A full state consistent with the view, hidden parts resampled."""
        return self._state.determinize(self.player, rng)


class Agent(ABC):
    """A seat's decision maker, with its own seeded RNG and typed options."""

    spec = "agent"
    options: ClassVar[dict[str, type]] = {}
    """The options this agent accepts in its spec, with their types."""

    def __init__(self, rng: random.Random, **options: Any) -> None:
        self.rng = rng
        self.settings = options

    @property
    def name(self) -> str:
        """How this agent is shown in tables and records: its spec with options."""
        return ":".join([self.spec, *(f"{k}={v}" for k, v in self.settings.items())])

    @abstractmethod
    def choose(self, observation: Observation) -> Action:
        """One of `observation.legal_actions`."""

    def observe(self, player: PlayerId, action: Action) -> None:  # noqa: B027 - optional hook
        """Told of every move of the game as it is made (all moves are public)."""
