"""`Match`: the one session every front end plays through — the terminal, tournaments and the
server. It holds the master state and the seats, counts a `state_id` up with every applied
action, hands each seat its envelope (its view, and its legal actions when it decides), takes
submissions made against a state id, tells listeners of every move, and feeds a record sink.

Refusals change nothing and each has its own type: `StaleStateError` (the state id is not the
current one), `GameOverError`, `NotYourTurnError`, `ActionParseError` (text or an id that names
no action) and `IllegalActionError` (an action not legal now).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from kleos.agents.base import Observation
from kleos.core.actions import action_json
from kleos.core.errors import (
    ActionParseError,
    GameOverError,
    IllegalActionError,
    NotYourTurnError,
    StaleStateError,
)
from kleos.core.inputs import as_index, echo
from kleos.core.protocol import Action, Event, Game, Outcome, PlayerId, State


class RecordSink(Protocol):
    """Where a match writes its record as it goes (`kleos.core.records.RecordWriter`)."""

    def move(self, player: PlayerId, action: str) -> None:
        """Append one move."""

    def finish(self, outcome: Outcome | None) -> object:
        """The game ended (or was abandoned: no outcome)."""


@dataclass(frozen=True)
class Step:
    """One applied move, as listeners see it: public (its `game` has no seed)."""

    ply: int
    player: PlayerId
    action: Action
    events: list[Event]
    game: Game
    state_id: int
    """The state id after the move."""


Listener = Callable[[Step], None]


class Match:
    """A game in play: its master state, seats, state id, listeners and record."""

    def __init__(
        self, game: Game, seats: Sequence[str], *, record: RecordSink | None = None
    ) -> None:
        if len(seats) != game.players:
            raise ValueError(f"{game.title} with {game.players} players needs {game.players} seats")
        self.game = game
        self.public_game = game.without_seed()
        """The handle players, agents and listeners are given."""
        self.seats = tuple(seats)
        self.state: State = game.new_initial_state()
        self.state_id = 0
        self.moves: list[tuple[PlayerId, str]] = []
        self.record = record
        self.listeners: list[Listener] = []

    @property
    def current_player(self) -> PlayerId | None:
        """Who must decide now; None once the game is over."""
        return self.state.current_player

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.state.is_terminal()

    def listen(self, listener: Listener) -> None:
        """Tell `listener` of every move from now on."""
        self.listeners.append(listener)

    def observation(self, seat: PlayerId) -> Observation:
        """What the seat's agent decides from (read-only; no seed)."""
        return Observation(self.state, seat)

    def envelope_for(self, seat: PlayerId | None) -> dict[str, Any]:
        """The seat's view envelope (None: a spectator) with the state id, and the legal
        actions (id, canonical text, a short label, JSON) when that seat decides."""
        envelope = self.state.view(seat)
        envelope["state_id"] = self.state_id
        deciding = seat is not None and seat == self.current_player
        envelope["legal_actions"] = (
            [self._choice(action) for action in self.state.legal_actions()] if deciding else []
        )
        return envelope

    def _choice(self, action: Action) -> dict[str, Any]:
        game = self.game
        return {
            "id": game.action_id(action),
            "text": str(action),
            "label": game.action_label(action),
            "short": game.action_short(action),
            "target": game.action_target(self.state, action),
            "action": action_json(action),
        }

    def check(self, seat: object, action: object, state_id: object) -> tuple[PlayerId, Action]:
        """The seat and the legal action a submission names, refused exactly as `submit`
        refuses it; nothing is applied (a server commits the move before applying it)."""
        if self.is_over:
            raise GameOverError(f"the game is over; {echo(action)} cannot be played")
        if as_index(state_id) != self.state_id:
            raise StaleStateError(
                f"that move was made against state {echo(state_id)}, but the game is at state "
                f"{self.state_id}: look at the game again and choose anew"
            )
        player = self.game.seat(seat)
        current = self.current_player
        assert current is not None
        if player != current:
            who = "a spectator" if player is None else self.game.player_name(player)
            raise NotYourTurnError(
                f"it is {self.game.player_name(current)}'s decision, not {who}'s"
            )
        chosen = self._resolve(action)
        if chosen not in self.state.legal_actions():
            raise IllegalActionError(self.state.explain_illegal(chosen))
        return current, chosen

    def submit(self, seat: object, action: object, state_id: object) -> list[Event]:
        """Apply `action` (an action, its text or its id) for `seat`, made against `state_id`.

        Returns the move's events, redacted for that seat. Every refusal changes nothing.
        """
        player, chosen = self.check(seat, action, state_id)
        return self.play(player, chosen)

    def play(self, player: PlayerId, chosen: Action) -> list[Event]:
        """Apply a submission `check` has accepted (nothing has moved since): its events,
        redacted for `player`."""
        events = self.state.apply_legal(chosen)
        self.state_id += 1
        text = str(chosen)
        self.moves.append((player, text))
        if self.record is not None:
            self.record.move(player, text)
            if self.is_over:
                self.record.finish(self.state.outcome())
                self.record = None
        step = Step(len(self.moves) - 1, player, chosen, events, self.public_game, self.state_id)
        for listener in self.listeners:
            listener(step)
        return self.events_for(player, events)

    def _resolve(self, action: object) -> Action:
        """The action that an action object, its text or its integer names."""
        if isinstance(action, str):
            return self.game.parse_action(self.state, action)
        index = as_index(action)
        if index is not None:
            return self.game.action_from_id(index)
        if not self.game.is_action(action):
            raise ActionParseError(f"{echo(action)} is not an action of {self.game.title}")
        return action

    def events_for(self, seat: PlayerId | None, events: Sequence[Event]) -> list[Event]:
        """A move's events as `seat` may see them (None: a spectator)."""
        return [e for e in (self.game.redact_event(event, seat) for event in events) if e]

    def close(self) -> None:
        """Finish the record of a game abandoned before its end (nothing once it is over)."""
        if self.record is not None:
            self.record.finish(self.state.outcome() if self.is_over else None)
            self.record = None
