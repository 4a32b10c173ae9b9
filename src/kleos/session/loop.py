"""The one game loop: agents decide for their seats through a `Match`, which records the game
as it goes and tells listeners of every move."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from kleos.agents.base import Agent
from kleos.core.errors import KleosError
from kleos.core.protocol import Game, Outcome, State
from kleos.core.records import Move, RecordWriter
from kleos.session.match import Listener, Match


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
    writer = RecordWriter(record_path, game, names) if record_path is not None else None
    match = Match(game, names, record=writer)
    for listener in listeners:
        match.listen(listener)
    result = GameResult(game, match.state, record_path=record_path)
    try:
        while not match.is_over:
            player = match.current_player
            assert player is not None
            action = agents[player].choose(match.observation(player))
            try:
                match.submit(player, action, match.state_id)
            except KleosError as exc:
                raise AgentError(f"seat {player} ({names[player]}) chose badly: {exc}") from exc
            for agent in agents:
                agent.observe(player, action)
            result.moves.append(Move(player, match.moves[-1][1]))
    finally:
        match.close()
    return result
