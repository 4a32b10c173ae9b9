"""The session layer every front end stands on (the terminal, the batch runners, the server):
`Setup`, a command's checked config and seats; `Match`, one game in play; and `play_game`,
the one game loop on it."""

from kleos.session.loop import AgentError, GameResult, play_game
from kleos.session.match import Listener, Match, Step
from kleos.session.setup import Setup, canonical_spec, options_from_texts

__all__ = [
    "AgentError",
    "GameResult",
    "Listener",
    "Match",
    "Setup",
    "Step",
    "canonical_spec",
    "options_from_texts",
    "play_game",
]
