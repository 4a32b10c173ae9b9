"""What an AI seat's worker process runs: rebuild the game from its log and choose a move.

It runs in the server's process pool, on the server side of the wall: it may use the seed to
rebuild the master state, and its agent still decides from an `Observation` only.
"""

from __future__ import annotations

from typing import Any

from kleos.agents import make_agent
from kleos.core.protocol import PlayerId
from kleos.core.registry import make_from_config
from kleos.runner.match import Match


def choose(
    config: dict[str, Any], moves: list[tuple[PlayerId, str]], seat: PlayerId, spec: str, seed: int
) -> str:
    """The canonical text of the move the agent `spec` makes for `seat` after `moves`."""
    game = make_from_config(config)
    match = Match(game, ["-"] * game.players)
    for state_id, (player, text) in enumerate(moves):
        match.submit(player, text, state_id)
    agent = make_agent(spec, seed)
    return str(agent.choose(match.observation(seat)))
