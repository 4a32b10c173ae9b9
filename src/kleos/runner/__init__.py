"""The runner layer: the game loop, simulation and benchmarks."""

from kleos.runner.loop import AgentError, GameResult, Listener, Step, play_game

__all__ = ["AgentError", "GameResult", "Listener", "Step", "play_game"]
