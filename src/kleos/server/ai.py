"""What an AI seat's worker process runs: rebuild the game from its log and choose a move.

It runs in the server's process pool, on the server side of the wall: it may use the seed to
rebuild the master state, and its agent still decides from an `Observation` only.
"""

from __future__ import annotations

from typing import Any

from kleos.agents import make_agent
from kleos.core.protocol import PlayerId
from kleos.core.records import parse_record
from kleos.core.registry import make_from_config
from kleos.runner.analysis import analyze_record, win_chances
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


def analyse(record_text: str, spec: str, samples: int) -> dict[str, Any]:
    """A finished game's analysis: each player's estimated win chance at the start and after
    every move (`chances`), and the search's judgement of every decision with a choice
    (`moves`: the played and the best move, their win rates and a mark: '!', '?' or '??')."""
    record = parse_record(record_text)
    _, moves = analyze_record(record, spec)
    return {
        "spec": spec,
        "chances": [list(c) for c in win_chances(record, samples)],
        "moves": [
            {
                "ply": m.ply,
                "player": m.player,
                "played": m.played,
                "played_win_rate": m.played_win_rate,
                "best": m.best,
                "best_win_rate": m.best_win_rate,
                "loss": round(m.loss, 4),
                "mark": m.mark,
            }
            for m in moves
        ],
    }
