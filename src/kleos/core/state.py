"""A position of a game (`State`, the base every game's state extends) and what it yields:
its views' game-specific parts and its outcome. Compiled in the compiled build, with each game's
state class: the rules read and write the fields of a native object."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Generic, NamedTuple, TypeAlias

from mypy_extensions import mypyc_attr
from typing_extensions import TypeVar  # with a default (PEP 696): a bare `State` stays valid

from kleos.core.actions import Action
from kleos.core.decision import Decision
from kleos.core.errors import (
    ActionParseError,
    ArgumentError,
    ConfigError,
    IllegalActionError,
    SeatError,
)
from kleos.core.frozen import Frozen
from kleos.core.inputs import echo
from kleos.core.jsonstate import STATE_FORMAT
from kleos.core.rng import SEED_BITS

if TYPE_CHECKING:
    from kleos.core.protocol import Game

PlayerId: TypeAlias = int
Event: TypeAlias = dict[str, Any]
"""What happened during `apply`: a small JSON-ready dict with at least a "kind" key."""
GameT = TypeVar("GameT", bound="Game", default="Game", covariant=True)
"""The class of a state's game handle: a game's state class names its own. Covariant, so that
a state of one game is a `State`; only the engine sets the handle, always of its own class."""
DecisionT = TypeVar(
    "DecisionT", bound="Decision[Any, Any]", default="Decision[Any, Any]", covariant=True
)
"""The class of a state's pending decision: a game's state class names its own (covariant too)."""


@dataclass(frozen=True)
class Outcome(Frozen):
    """The result of a finished game."""

    scores: tuple[int, ...]
    winners: tuple[PlayerId, ...]
    breakdown: tuple[Mapping[str, Any], ...] = field(default=())
    """Per player, how the score was made (game-specific keys, JSON-ready)."""
    reason: str = ""
    """Why the game ended, in words ("Red took the end-game option")."""
    tiebreak: str = ""
    """How a tie on the top score was broken, in words ('' when nobody tied for the top)."""

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
            "reason": self.reason,
            "tiebreak": self.tiebreak,
        }


class ViewParts(NamedTuple):
    """What a game puts in a view envelope; `State.view` adds the keys every game shares."""

    public: dict[str, Any]
    """What everyone sees, game-specific; static data is referred to by id."""
    private: dict[str, Any]
    """The viewer's own secrets, game-specific (dropped for spectators)."""
    seats: list[dict[str, Any]]
    """Per seat, the public figures a scoreboard shows."""
    decision: str
    """The kind of the pending decision ('' once the game is over)."""
    prompt: str
    """The pending decision in words ('' once the game is over)."""


@mypyc_attr(allow_interpreted_subclasses=True)
class State(ABC, Generic[GameT, DecisionT]):
    """One position of a game. Subclasses implement the fast path and the queries.

    A game's state class names its game and decision classes as this class's parameters
    (`State[Ilium, IliumDecision]`) and never annotates `game` or `decision` again: mypyc
    would report a field annotated twice to the garbage collector twice, and a collection
    could then clear a game still in use (tests/conformance/test_conformance_gc.py).

    The public methods take `object` wherever they check a caller's value themselves (a seat,
    an id, a generator): a compiled method would refuse a wrong type before its checks run."""

    __slots__ = ("_events", "decision", "game")
    shared_slots: ClassVar[tuple[str, ...]] = ()
    """Slots whose containers a clone shares copy-on-write: the engine replaces them whole,
    never changes them in place (the conformance suite checks every other slot)."""

    def __init__(self, game: GameT) -> None:
        self.game = game
        self._events: list[Event] | None = None

    decision: DecisionT | None
    """The pending decision (`kleos.core.decision`): its kind, the player who makes it and what
    it needs; None once the game is over. This class holds its slot, which each game's state
    sets."""

    @property
    def current_player(self) -> PlayerId | None:
        """Who must decide now (not always whose turn it is); None once the game is over."""
        decision = self.decision
        return None if decision is None else decision.player

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

    def view(self, player: object) -> dict[str, Any]:
        """The view envelope of `player` (None: a spectator): JSON-ready, the same top-level
        keys for every game (docs/contract.md, `kleos/core/data/envelope.schema.json`).

        Anything but a seat of this game or None raises `SeatError`.
        """
        seat = self.game.seat(player)
        parts = self._view(seat)
        game = self.game
        over = self.is_terminal()
        return {
            "game": game.game_id,
            "rules_version": game.rules_version,
            "players": game.players,
            "viewer": seat,
            "seats": [
                {"seat": p, "name": game.player_name(p), "colour": game.seat_colour(p), **figures}
                for p, figures in enumerate(parts.seats)
            ],
            "current_player": self.current_player,
            "decision": None if over else {"kind": parts.decision, "prompt": parts.prompt},
            "is_terminal": over,
            "outcome": self.outcome().to_json() if over else None,
            "public": parts.public,
            "private": parts.private if seat is not None else {},
        }

    @abstractmethod
    def _view(self, player: PlayerId | None) -> ViewParts:
        """The game's parts of the view of a checked seat (or None)."""

    def determinize(self, player: object, rng: object) -> State:
        """A full state consistent with `view(player)`, hidden parts resampled from `rng`.

        The copy carries its own game handle, freshly seeded from `rng`: nothing in it leads
        back to the master seed. A bad seat raises `SeatError`, an `rng` that is not a
        `random.Random` raises `ArgumentError`.
        """
        seat = self.game.seat(player)
        if not isinstance(rng, random.Random):
            raise ArgumentError(f"determinize resamples from a random.Random, not {echo(rng)}")
        new = self._determinize(seat, rng)
        new.game = self.game.with_seed(rng.getrandbits(SEED_BITS))
        return new

    @abstractmethod
    def _determinize(self, player: PlayerId | None, rng: random.Random) -> State:
        """The resampled copy for a checked seat (its game is replaced by `determinize`)."""

    def explain_illegal(self, action: object) -> str:
        """Why `action` is not legal here, in words a player understands."""
        if not self.game.is_action(action):
            return f"{echo(action)} is not an action of {self.game.title}"
        return self._explain_illegal(action)

    def _explain_illegal(self, action: Action) -> str:
        """Why an action of this game is not legal here."""
        return f"'{action}' is not a legal action now"

    def apply(self, action: Action | str, player: object = None) -> list[Event]:
        """Apply a legal action (or the action its text names) and return its events.

        With `player`, also check that this player is the one who must decide.
        Raises `IllegalActionError` (its subclass `ActionParseError` for text or an object that
        is no action of this game) and changes nothing when the action is not legal, the seat
        does not exist or does not decide now.
        """
        game = self.game
        if isinstance(action, str):
            action = game.parse_action(self, action)
        elif not game.is_action(action):
            raise ActionParseError(f"{echo(action)} is not an action of {game.title}")
        try:
            seat = game.seat(player)
        except SeatError as exc:
            raise IllegalActionError(str(exc)) from None
        if self.is_terminal():
            raise IllegalActionError(f"the game is over; '{action}' cannot be played")
        current = self.current_player
        if seat is not None and seat != current:
            assert current is not None
            raise IllegalActionError(
                f"it is {game.player_name(current)}'s decision, not {game.player_name(seat)}'s"
            )
        return self.apply_legal(self._legal(action))

    def apply_legal(self, action: Action) -> list[Event]:
        """Apply an action already checked to be legal now (one of `legal_actions()`), and
        return its events: `apply` without the checks, for a caller that has made them."""
        events: list[Event] = []
        self._events = events
        try:
            self.apply_unchecked(action)
        finally:
            self._events = None
        return events

    def encode(self, player: object) -> tuple[list[int], list[float]]:
        """What `player` (None: a spectator) may see, as the non-zero entries (indices
        ascending, values) of a float vector of `game.encoding_size()` entries laid out as
        `game.encoding_fields()` documents. Like `view`, it shows nothing the seat may not
        see: it is the same for every determinization of the seat's information."""
        seat = self.game.seat(player)
        encoding = self.game.encoding
        if encoding is None:
            raise ConfigError(f"{self.game.title} has no observation encoding")
        indices, values = encoding.encode(self, seat)
        return indices, values

    def to_json(self) -> dict[str, Any]:
        """The whole state, hidden parts included, as a versioned JSON document that
        `game.state_from_json` reads back (`kleos.core.jsonstate`). It holds the game's config
        with its seed: keep a master state's document where the state itself may be."""
        game = self.game
        return {
            "format": STATE_FORMAT,
            "game": game.game_id,
            "rules_version": game.rules_version,
            "config": game.config.to_json(),
            "state": self._to_json(),
        }

    def _to_json(self) -> dict[str, Any]:
        """The game's own fields of the state as JSON data."""
        raise ConfigError(f"{self.game.title} has no JSON state codec")

    def legal_action_ids(self) -> list[int]:
        """The integers of the legal actions, ascending (the fast path for search and RL)."""
        space = self.game.action_space
        by_identity = space.ids_by_identity
        ids: list[int] = []
        for action in self.legal_actions():
            found = by_identity.get(id(action))
            ids.append(space.ids[action] if found is None else found)
        ids.sort()
        return ids

    def apply_id(self, action_id: object) -> None:
        """Apply the legal action with this integer, with no event data (the fast path for
        search and RL). An id that is not legal now raises `IllegalActionError` and changes
        nothing."""
        actions = self.game.action_space.all
        if type(action_id) is int and 0 <= action_id < len(actions):  # the usual case
            action = actions[action_id]
        else:  # any other integer type, or the error that says what an id is
            action = self.game.action_from_id(action_id)
        self.apply_unchecked(self._legal(action))

    def _legal(self, action: Action) -> Action:
        """The legal action equal to `action`, or `IllegalActionError` saying why there is
        none."""
        found = self._find_legal(action)
        if found is None:
            raise IllegalActionError(self.explain_illegal(action))
        return found

    def _find_legal(self, action: Action) -> Action | None:
        """The legal action equal to `action`, or None; a game may find it without listing
        every legal action."""
        return find_action(self.legal_actions(), action)

    def emit(self, kind: str, **data: Any) -> None:
        """Record an event, when someone is listening (`apply`, not `apply_unchecked`)."""
        if self._events is not None:
            data["kind"] = kind
            self._events.append(data)

    def __getstate__(self) -> dict[str, Any]:
        """The fields set, for copies and pickles: those of a compiled base and of an
        interpreted subclass alike (mypyc's own would keep the base's only)."""
        return {n: getattr(self, n) for n in field_names(type(self)) if hasattr(self, n)}

    def __setstate__(self, fields: dict[str, Any]) -> None:
        for name, value in fields.items():
            object.__setattr__(self, name, value)


def find_action(actions: Sequence[Action], action: Action) -> Action | None:
    """The one of `actions` equal to `action`, or None. They are the action space's own
    objects, found by identity; an equal object built elsewhere is compared field by field."""
    for candidate in actions:
        if candidate is action:
            return candidate
    for candidate in actions:
        if candidate == action:
            return candidate
    return None


def field_names(cls: type[State]) -> list[str]:
    """The fields of a state class and its bases, whether the class is interpreted (its
    `__slots__`) or compiled (mypyc keeps them in `__mypyc_attrs__`)."""
    names: list[str] = []
    for klass in cls.__mro__:
        declared = klass.__dict__.get("__mypyc_attrs__") or klass.__dict__.get("__slots__", ())
        names.extend([declared] if isinstance(declared, str) else declared)
    return [n for n in dict.fromkeys(names) if n not in ("__weakref__", "__dict__")]
