"""The runner layer: the match session, the game loop on it, simulation, tournaments and
benchmarks."""

from kleos.runner.loop import AgentError, GameResult, play_game
from kleos.runner.match import Listener, Match, Step

__all__ = ["AgentError", "GameResult", "Listener", "Match", "Step", "play_game"]
