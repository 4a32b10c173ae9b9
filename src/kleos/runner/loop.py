"""The one game loop: seats to agents, a record written as the game goes, listeners told."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from kleos.agents.base import Agent, Observation
from kleos.core.errors import KleosError
from kleos.core.protocol import Action, Event, Game, Outcome, PlayerId, State
from kleos.core.records import Move, RecordWriter


@dataclass(frozen=True)
class Step:
    """One applied move, as listeners see it (everything in it is public: its `game` is the
    handle without the master seed)."""

    ply: int
    player: PlayerId
    action: Action
    events: list[Event]
    game: Game


Listener = Callable[[Step], None]


@dataclass
class GameResult:
    """A finished (or abandoned) game."""

    game: Game
    state: State
    moves: list[Move] = field(default_factory=list)
    record_path: Path | None = None

    @property
    def outcome(self) -> Outcome | None:
        """The outcome, or None if the game was abandoned."""
        return self.state.outcome() if self.state.is_terminal() else None


class AgentError(KleosError):
    """An agent returned an action that is not legal."""


def play_game(
    game: Game,
    agents: Sequence[Agent],
    *,
    record_path: Path | None = None,
    listeners: Sequence[Listener] = (),
    seat_names: Sequence[str] | None = None,
) -> GameResult:
    """Play one game to the end. Each agent decides for its seat from an `Observation`.

    The record (if `record_path` is given) is written move by move, so a game stopped
    by Ctrl-C keeps every move made so far; it is sealed (its seed kept apart) until the game
    ends or is abandoned.
    """
    if len(agents) != game.players:
        raise KleosError(f"{game.title} with {game.players} players needs {game.players} seats")
    names = list(seat_names) if seat_names is not None else [a.name for a in agents]
    state = game.new_initial_state()
    writer = RecordWriter(record_path, game, names) if record_path is not None else None
    result = GameResult(game, state, record_path=record_path)
    public = game.without_seed()
    try:
        while not state.is_terminal():
            player = state.current_player
            assert player is not None
            action = agents[player].choose(Observation(state, player))
            try:
                events = state.apply(action, player=player)
            except KleosError as exc:
                raise AgentError(f"seat {player} ({names[player]}) chose badly: {exc}") from exc
            for agent in agents:
                agent.observe(player, action)
            result.moves.append(Move(player, str(action)))
            if writer is not None:
                writer.move(player, str(action))
            step = Step(len(result.moves) - 1, player, action, events, public)
            for listener in listeners:
                listener(step)
    finally:
        if writer is not None:
            writer.finish(state.outcome() if state.is_terminal() else None)
    return result
