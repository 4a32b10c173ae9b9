"""The agent protocol: an agent sees an `Observation`, never the master state."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from typing import Any, ClassVar, NoReturn

from kleos.core.errors import SeatError
from kleos.core.protocol import Action, Game, PlayerId, State


class Observation:
    """What a deciding player may use: the game, the legal actions, its view, and
    determinized copies of the state (hidden parts resampled from the caller's RNG).

    Read-only. Its `game` is a handle without the master seed, and every determinized copy
    carries its own freshly seeded handle, so nothing reachable from an observation by its
    public attributes leads back to the seed or the master state. (An agent running in the
    same Python process can still walk the interpreter's memory; only running it in another
    process, as the server does, closes that.)
    """

    __slots__ = ("_state", "game", "legal_actions", "player")

    _state: State
    game: Game
    player: PlayerId
    legal_actions: tuple[Action, ...]

    def __init__(self, state: State, player: PlayerId) -> None:
        seat = state.game.seat(player)
        if seat is None:
            raise SeatError("an observation belongs to a seat, not to a spectator")
        object.__setattr__(self, "_state", state)
        object.__setattr__(self, "game", state.game.without_seed())
        object.__setattr__(self, "player", seat)
        object.__setattr__(self, "legal_actions", state.legal_actions())

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise AttributeError(f"an Observation is read-only: '{name}' cannot be set")

    def __delattr__(self, name: str) -> NoReturn:
        raise AttributeError(f"an Observation is read-only: '{name}' cannot be deleted")

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
