"""The contract every game implements: a frozen `Game` factory and its `State`s."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, Protocol, TypeAlias

from kleos.core.errors import ConfigError, IllegalActionError

PlayerId: TypeAlias = int
Event: TypeAlias = dict[str, Any]
"""What happened during `apply`: a small JSON-ready dict with at least a "kind" key."""


class Action(Protocol):
    """A small frozen, hashable value; `str(action)` is its canonical text."""

    def __hash__(self) -> int: ...


@dataclass(frozen=True)
class GameConfig:
    """Everything that, with the actions, determines a game."""

    game_id: str
    players: int
    seed: int
    variants: tuple[str, ...] = ()
    options: tuple[tuple[str, Any], ...] = ()

    def option(self, name: str, default: Any = None) -> Any:
        """The value of one game-specific option."""
        return dict(self.options).get(name, default)

    def to_json(self) -> dict[str, Any]:
        """The config as JSON-ready data (as stored in a record header)."""
        return {
            "game": self.game_id,
            "players": self.players,
            "seed": self.seed,
            "variants": list(self.variants),
            "options": dict(self.options),
        }


@dataclass(frozen=True)
class Outcome:
    """The result of a finished game."""

    scores: tuple[int, ...]
    winners: tuple[PlayerId, ...]
    breakdown: tuple[Mapping[str, Any], ...] = field(default=())
    """Per player, how the score was made (game-specific keys, JSON-ready)."""

    def returns(self) -> tuple[float, ...]:
        """1 for each winner, shared among tied winners; 0 for everyone else."""
        share = 1.0 / len(self.winners)
        return tuple(share if p in self.winners else 0.0 for p in range(len(self.scores)))

    def to_json(self) -> dict[str, Any]:
        """The outcome as JSON-ready data."""
        return {
            "scores": list(self.scores),
            "winners": list(self.winners),
            "breakdown": [dict(b) for b in self.breakdown],
        }


class State(ABC):
    """One position of a game. Subclasses implement the fast path and the queries."""

    __slots__ = ("_events", "game")

    def __init__(self, game: Game) -> None:
        self.game = game
        self._events: list[Event] | None = None

    @property
    @abstractmethod
    def current_player(self) -> PlayerId | None:
        """Who must decide now (not always whose turn it is); None once the game is over."""

    @abstractmethod
    def legal_actions(self) -> tuple[Action, ...]:
        """Every legal action of `current_player`, in canonical order; empty when terminal."""

    @abstractmethod
    def apply_unchecked(self, action: Action) -> None:
        """Apply an action the caller knows to be legal (the fast path for search)."""

    @abstractmethod
    def clone(self) -> State:
        """An independent copy."""

    @abstractmethod
    def is_terminal(self) -> bool:
        """Whether the game is over."""

    @abstractmethod
    def outcome(self) -> Outcome:
        """The result; raises `IllegalActionError` before the game is over."""

    @abstractmethod
    def view(self, player: PlayerId | None) -> dict[str, Any]:
        """JSON-ready dict of what `player` may see (None: a spectator)."""

    @abstractmethod
    def determinize(self, player: PlayerId | None, rng: random.Random) -> State:
        """A full state consistent with `view(player)`, hidden parts resampled from `rng`."""

    def explain_illegal(self, action: Action) -> str:
        """Why `action` is not legal here, in words a player understands."""
        return f"'{action}' is not a legal action now"

    def apply(self, action: Action, player: PlayerId | None = None) -> list[Event]:
        """Apply a legal action and return the events it caused.

        With `player`, also check that this player is the one who must decide.
        Raises `IllegalActionError` and changes nothing when the action is not legal.
        """
        if self.is_terminal():
            raise IllegalActionError(f"the game is over; '{action}' cannot be played")
        current = self.current_player
        if player is not None and player != current:
            seats = self.game.players
            if not isinstance(player, int) or not 0 <= player < seats:
                raise IllegalActionError(f"there is no seat {player!r}: seats are 0 to {seats - 1}")
            assert current is not None
            raise IllegalActionError(
                f"it is {self.game.player_name(current)}'s decision, "
                f"not {self.game.player_name(player)}'s"
            )
        legal = self.legal_actions()
        try:
            canonical = legal[legal.index(action)]
        except ValueError:
            raise IllegalActionError(self.explain_illegal(action)) from None
        events: list[Event] = []
        self._events = events
        try:
            self.apply_unchecked(canonical)
        finally:
            self._events = None
        return events

    def emit(self, kind: str, **data: Any) -> None:
        """Record an event, when someone is listening (`apply`, not `apply_unchecked`)."""
        if self._events is not None:
            data["kind"] = kind
            self._events.append(data)


class Game(ABC):
    """A frozen game configuration and the factory of its states."""

    game_id: ClassVar[str]
    title: ClassVar[str]
    rules_version: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    default_players: ClassVar[int]
    known_variants: ClassVar[tuple[str, ...]] = ()
    known_options: ClassVar[tuple[str, ...]] = ()

    def __init__(self, config: GameConfig) -> None:
        self.config = config
        self.validate()

    def validate(self) -> None:
        """Refuse a config this game cannot play, with a `ConfigError` that says why."""
        cfg = self.config
        if not self.min_players <= cfg.players <= self.max_players:
            raise ConfigError(
                f"{self.title} is for {self.min_players} to {self.max_players} players, "
                f"not {cfg.players}"
            )
        for variant in cfg.variants:
            if variant not in self.known_variants:
                known = ", ".join(self.known_variants) or "none"
                raise ConfigError(f"{self.title} has no variant '{variant}' (variants: {known})")
        for name, _ in cfg.options:
            if name not in self.known_options:
                known = ", ".join(self.known_options) or "none"
                raise ConfigError(f"{self.title} has no option '{name}' (options: {known})")

    @property
    def players(self) -> int:
        """The number of players."""
        return self.config.players

    def has_variant(self, variant: str) -> bool:
        """Whether a variant is switched on."""
        return variant in self.config.variants

    @abstractmethod
    def new_initial_state(self) -> State:
        """The starting position, with set-up chance resolved from the config's seed."""

    @abstractmethod
    def parse_action(self, state: State, text: str) -> Action:
        """The action that `text` names; raises `ActionParseError` if it names none."""

    @property
    @abstractmethod
    def num_distinct_actions(self) -> int:
        """The size of the integer action space."""

    @abstractmethod
    def action_id(self, action: Action) -> int:
        """The stable integer of an action, in `range(num_distinct_actions)`."""

    @abstractmethod
    def action_from_id(self, action_id: int) -> Action:
        """The action with a given integer; raises `ActionParseError` if out of range."""

    def player_name(self, player: PlayerId) -> str:
        """How a seat is called in messages."""
        return f"Player {player + 1}"

    def describe_event(self, event: Event) -> str:
        """One event in words."""
        return str(event)
