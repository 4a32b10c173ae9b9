"""One-ply lookahead with the game's evaluation (`Game.heuristics`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kleos.agents.base import Agent, Observation
from kleos.core.errors import ConfigError
from kleos.core.protocol import Action, Game, Heuristics, State


def heuristics_for(game: Game) -> Heuristics[Any]:
    """The game's heuristics (`evaluate`, `rollout_action`), or a ConfigError."""
    if game.heuristics is None:
        raise ConfigError(f"{game.title} has no heuristics for the search agents")
    return game.heuristics


def evaluate_all(heuristics: Heuristics[Any]) -> Callable[[State], list[float]]:
    """Every player's evaluation of a state: the game's `evaluate_all`, where it gives one
    (one pass for all the players), else its `evaluate` player by player."""
    shared: Callable[[State], list[float]] | None = getattr(heuristics, "evaluate_all", None)
    if shared is not None:
        return shared
    evaluate = heuristics.evaluate
    return lambda state: [evaluate(state, p) for p in range(state.game.players)]


class HeuristicAgent(Agent):
    """Tries each legal action on a determinized copy and keeps the best evaluation."""

    spec = "heuristic"

    def choose(self, observation: Observation) -> Action:
        """The action whose result the game's evaluation likes best (ties broken at random)."""
        legal = observation.legal_actions
        if len(legal) == 1:
            return legal[0]
        evaluate = heuristics_for(observation.game).evaluate
        state = observation.determinize(self.rng)
        best: list[Action] = []
        best_value = float("-inf")
        for action in legal:
            after = state.clone()
            after.apply_unchecked(action)
            value = evaluate(after, observation.player)
            if value > best_value:
                best, best_value = [action], value
            elif value == best_value:
                best.append(action)
        return self.rng.choice(best)
