"""The contract every game implements: a frozen `Game` factory and its `State`s."""

from __future__ import annotations

import json
import random
from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any, ClassVar, Protocol, TypeVar

from kleos.core.actions import Action as Action  # re-exported: every game names it here
from kleos.core.actions import ActionSpace
from kleos.core.encoding import EncodingField as EncodingField  # re-exported
from kleos.core.encoding import lay_out as lay_out  # re-exported
from kleos.core.errors import (
    ActionParseError,
    ConfigError,
    SeatError,
)
from kleos.core.help import Glossary, glossary_of, package_of, rules_of
from kleos.core.inputs import as_index, echo, quoted
from kleos.core.jsonstate import STATE_FORMAT, Fields, as_int, check
from kleos.core.rng import MAX_SEED
from kleos.core.spec import GameSpec
from kleos.core.state import Event as Event  # re-exported: the contract's names are here
from kleos.core.state import Outcome as Outcome
from kleos.core.state import PlayerId as PlayerId
from kleos.core.state import State as State
from kleos.core.state import ViewParts as ViewParts


@dataclass(frozen=True)
class GameConfig:
    """Everything that, with the actions, determines a game."""

    game_id: str
    players: int
    seed: int | None
    """The master seed; None in a handle given to a player or an agent (`Game.without_seed`)."""
    variants: tuple[str, ...] = ()
    options: tuple[tuple[str, Any], ...] = ()
    """Game-specific options, sorted by name; values are JSON data, never file names."""

    def master_seed(self) -> int:
        """The seed the game deals from; a handle without it refuses to deal."""
        if self.seed is None:
            raise ConfigError(
                "this game handle carries no seed (players and agents are never given it), "
                "so it cannot deal a game"
            )
        return self.seed

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


StateT = TypeVar("StateT", bound="State", contravariant=True)
GameT = TypeVar("GameT", bound="Game", contravariant=True)


class Heuristics(Protocol[StateT]):
    """What a game gives search agents (`Game.heuristics`): usually a module of the game.

    It may also give `evaluate_all(state) -> list[float]`, every player's `evaluate` at once,
    where the players' evaluations share work: the search judges its rollouts with it.
    """

    def evaluate(self, state: StateT, player: PlayerId) -> float:
        """How good the position is for `player` (higher is better; any scale)."""

    def rollout_action(self, state: StateT, rng: random.Random) -> Action:
        """A cheap, reasonable legal action for playouts."""


class Encoding(Protocol[StateT, GameT]):
    """What a game gives research interfaces (`Game.encoding`): usually a module of the game."""

    def fields(self, game: GameT) -> list[EncodingField]:
        """The layout of the observation vector, field by field, consecutive from 0."""

    def encode(self, state: StateT, player: PlayerId | None) -> tuple[list[int], list[float]]:
        """The non-zero entries of `player`'s observation vector (see `State.encode`)."""

    def max_game_length(self, game: GameT) -> int:
        """An upper bound on the number of decisions in a game of this config."""


class Game(ABC):
    """A frozen game configuration and the factory of its states."""

    spec: ClassVar[GameSpec]
    """What the game is, declared once (`kleos.core.spec`); the names below are copied from it."""
    game_id: ClassVar[str]
    title: ClassVar[str]
    rules_version: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    default_players: ClassVar[int]
    action_space: ActionSpace
    """Every action of this config with its id and text (`kleos.core.actions`); a game sets
    it in `__init__`, and the codecs below (text, ids) read it."""
    heuristics: ClassVar[Heuristics[Any] | None] = None
    """The game's heuristics for search agents, if it has them."""
    encoding: ClassVar[Encoding[Any, Any] | None] = None
    """The game's observation encoding for research interfaces, if it has one."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        spec = cls.__dict__.get("spec")
        if spec is not None:
            cls.game_id, cls.title, cls.rules_version = spec.id, spec.title, spec.rules_version
            cls.min_players, cls.max_players = spec.players
            cls.default_players = spec.default_players

    def __init__(self, config: GameConfig) -> None:
        self.config = config
        self.players = config.players
        """The number of players (read on every turn: an attribute, not a property)."""
        self.validate()

    @classmethod
    def check_players(cls, players: int) -> None:
        """Refuse a number of players this game is not for."""
        cls.spec.check_players(players)

    def validate(self) -> None:
        """Refuse a config its spec does not allow, with a `ConfigError` that says why (a game
        adds the rules that tie options together)."""
        cfg = self.config
        self.spec.check_players(cfg.players)
        self.spec.check(cfg.variants, dict(cfg.options))

    def option(self, name: str) -> Any:
        """The value of one of the spec's options as the game uses it (its default when the
        config does not give it)."""
        return self.spec.option(name).value(self.config.option(name))

    def seat(self, player: object) -> PlayerId | None:
        """`player` checked as a seat of this game (any integer type) or None (a spectator)."""
        if player is None:
            return None
        seat = as_index(player)
        if seat is None or not 0 <= seat < self.players:
            raise SeatError(
                f"there is no seat {quoted(player)}: seats are 0 to {self.players - 1} "
                "(None: a spectator)"
            )
        return seat

    def with_seed(self, seed: int | None) -> Game:
        """This game with another seed (None: none), sharing every static table with it."""
        twin = object.__new__(type(self))
        for name, value in self.__dict__.items():  # one by one: the twin keeps shared-key
            setattr(twin, name, value)  # attribute storage, as fast to read as the original's
        cfg = self.config
        twin.config = GameConfig(cfg.game_id, cfg.players, seed, cfg.variants, cfg.options)
        return twin

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled (and deep-copied) as its config: its tables are rebuilt or found cached."""
        return (restore_game, (type(self), self.config.to_json()))

    def without_seed(self) -> Game:
        """The handle players and agents are given: this game without its master seed."""
        return self.with_seed(None)

    def is_action(self, action: object) -> bool:
        """Whether `action` is one of this game's actions (a forged or foreign object is not)."""
        try:
            self.action_id(action)
        except ActionParseError:
            return False
        return True

    def has_variant(self, variant: str) -> bool:
        """Whether a variant is switched on."""
        return variant in self.config.variants

    @abstractmethod
    def new_initial_state(self) -> State:
        """The starting position, with set-up chance resolved from the config's seed."""

    def state_from_json(self, document: object) -> State:
        """The state a `State.to_json()` document of this game holds. Anything else — another
        game, rules version or config, a field of the wrong type or range, fields that
        disagree — raises `StateDataError` with a short message."""
        top = Fields(document, "document")
        top.int("format", STATE_FORMAT, STATE_FORMAT)
        top.str("game", choices=(self.game_id,))
        top.str("rules_version", choices=(self.rules_version,))
        config = top.object("config")
        seed = config.raw("seed")
        if seed is not None:
            as_int(seed, 0, MAX_SEED, "document.config.seed")
        expected = json.loads(json.dumps(self.config.to_json()))
        for key in ("game", "players", "variants", "options"):
            check(config.raw(key) == expected[key], f"document.config.{key} is not this game's")
        config.done()
        fields = top.object("state")
        top.done()
        state = self._state_from_json(fields, self.with_seed(seed))
        fields.done()
        return state

    def _state_from_json(self, fields: Fields, game: Game) -> State:
        """The state of `game` (this game with the document's seed) its fields describe."""
        raise ConfigError(f"{self.title} has no JSON state codec")

    def parse_action(self, state: State, text: str) -> Action:
        """The action that `text` names (case and spacing forgiven, ':' read as a space);
        raises `ActionParseError`, suggesting close legal actions, if it names none."""
        return self.action_space.parse(text, state.legal_actions())

    @property
    def num_distinct_actions(self) -> int:
        """The size of the integer action space."""
        return len(self.action_space)

    def action_id(self, action: object) -> int:
        """The stable integer of an action, in `range(num_distinct_actions)`.

        Anything that is not an action of this game raises `ActionParseError`.
        """
        try:
            found = self._action_id(action)
        except Exception:  # a forged action: unhashable fields, a hostile __eq__ or __hash__
            found = None
        if found is None:
            raise ActionParseError(f"{echo(action)} is not an action of {self.title}")
        return found

    def _action_id(self, action: Action) -> int | None:
        """The integer of an action, or None if it is not one of this game's."""
        return self.action_space.ids.get(action)

    def action_from_id(self, action_id: object) -> Action:
        """The action with a given integer (any integer type, numpy's included; not a bool).

        Raises `ActionParseError` for anything else or an integer out of range.
        """
        index = as_index(action_id)
        size = self.num_distinct_actions
        if index is None or not 0 <= index < size:
            raise ActionParseError(
                f"{self.title} action ids are whole numbers from 0 to {size - 1}, "
                f"not {quoted(action_id)}"
            )
        return self.action_space.all[index]

    def player_name(self, player: PlayerId) -> str:
        """How a seat is called in messages (the spec's `seat_names`)."""
        return self.spec.seat_name(player)

    def seat_colour(self, player: PlayerId) -> str:
        """The colour a front end gives a seat (the spec's `seat_colours`, CSS names)."""
        return self.spec.seat_colour(player)

    def static_info(self) -> dict[str, Any]:
        """JSON-ready data that never changes during a game and that a client needs to draw and
        explain it; views refer to it by id (docs/contract.md). Its `glossary` holds the terms of
        the game's rules, id -> term and definition (`Game.glossary`)."""
        return {
            "game": self.game_id,
            "title": self.title,
            "rules_version": self.rules_version,
            "players": self.players,
            "variants": list(self.config.variants),
            "seats": [
                {"seat": p, "name": self.player_name(p), "colour": self.seat_colour(p)}
                for p in range(self.players)
            ],
            "data": self._static_data(),
            "glossary": self.glossary().to_json(),
        }

    @classmethod
    def rules_text(cls) -> str | None:
        """The game's rules for players, in Markdown (`kleos.core.help`); None if it has none."""
        return rules_of(package_of(cls))

    @classmethod
    def glossary(cls) -> Glossary:
        """The terms of the game's rules in players' words (`kleos.core.help`)."""
        return glossary_of(package_of(cls))

    @abstractmethod
    def _static_data(self) -> dict[str, Any]:
        """The game-specific part of `static_info` (board, cards, tables)."""

    def encoding_fields(self) -> tuple[EncodingField, ...]:
        """The layout of `State.encode`'s vector, field by field."""
        if self.encoding is None:
            raise ConfigError(f"{self.title} has no observation encoding")
        return tuple(self.encoding.fields(self))

    def encoding_size(self) -> int:
        """The length of `State.encode`'s vector."""
        last = self.encoding_fields()[-1]
        return last.start + last.size

    def max_game_length(self) -> int:
        """An upper bound on the number of decisions in a game of this config, derived from
        the rules (for research interfaces that need one)."""
        if self.encoding is None:
            raise ConfigError(f"{self.title} has no observation encoding")
        length: int = self.encoding.max_game_length(self)
        return length

    def action_label(self, action: Action) -> str:
        """A legal action in plain words, for a button's accessible name (its text, unless a
        game says more)."""
        return str(action)

    def action_short(self, action: Action) -> str:
        """The few words a board's button shows on the element it acts on ("take", "dig
        here"); the label unless a game says less."""
        return self.action_label(action)

    def action_target(self, state: State, action: Action) -> str | None:
        """The static element a legal action in `state` acts on, as a board names it: a key
        such as 'space:p12:3', 'site:HIS', 'card:ZEU-01a', 'quest:Q2', 'column:2:red'
        (docs/contract.md); None when it acts on nothing drawn (a pass)."""
        return None

    def actions_on(self, state: State, target: str) -> list[Action]:
        """The actions of the game played on `target` in `state`, the likeliest meant first:
        the legal ones, then those of a kind legal now, then the rest (a game may order them
        better, knowing where the element lies)."""
        legal = set(state.legal_actions())
        kinds = {type(a) for a in legal}
        on = [a for a in self.action_space.all if self.action_target(state, a) == target]
        return sorted(on, key=lambda a: (a not in legal, type(a) not in kinds))

    def explain_target(self, state: State, target: str, player: PlayerId | None) -> str:
        """What `player` (None: a spectator) may do with the element `target` names now, or
        why nothing, in the game's words: the legal actions on it, or why the likeliest one
        is refused. It reads only what the views show everyone."""
        if state.is_terminal():
            return "the game is over"
        decider = state.current_player
        assert decider is not None
        if player != decider:
            who = "you watch this game" if player is None else "not your turn"
            return f"{who}: it is {self.player_name(decider)}'s decision"
        on = self.actions_on(state, target)
        legal = set(state.legal_actions())
        playable = [self.action_label(a) for a in on if a in legal]
        if playable:
            return "you may " + ", or ".join(playable)
        if not on:
            return f"nothing is played there now: {state.view(player)['decision']['prompt']}"
        return state.explain_illegal(on[0])

    def redact_event(self, event: Event, player: PlayerId | None) -> Event | None:
        """An event as `player` may see it (None: drop it). Events of the built-in games hold
        only what the view after the move shows everyone, so by default they pass unchanged."""
        return event

    def describe_event(self, event: Event) -> str:
        """One event in words."""
        return str(event)


def restore_game(cls: type[Game], config: dict[str, Any]) -> Game:
    """The game of class `cls` that a config (`GameConfig.to_json()`) describes."""
    return cls(
        GameConfig(
            game_id=config["game"],
            players=config["players"],
            seed=config["seed"],
            variants=tuple(config["variants"]),
            options=tuple(sorted(config["options"].items())),
        )
    )
