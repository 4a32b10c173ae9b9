"""The value scale the game heuristics share: a lead plus a logistic chance to win."""

from __future__ import annotations

import math

from kleos.core.protocol import Outcome, PlayerId

WIN_VALUE = 100.0
"""What a won game is worth on the evaluation's scale (points of score lead)."""


def final_value(outcome: Outcome, player: PlayerId) -> float:
    """A finished game: WIN_VALUE per win share plus the lead over the best opponent."""
    best = max(s for q, s in enumerate(outcome.scores) if q != player)
    return WIN_VALUE * outcome.returns()[player] + outcome.scores[player] - best


def lead_value(lead: float, left: float, scale_start: float, scale_end: float) -> float:
    """A projected lead, plus WIN_VALUE times the chance it holds: a logistic whose spread
    shrinks from `scale_start` to `scale_end` as the share of the game `left` goes to 0."""
    scale = scale_end + (scale_start - scale_end) * left
    return WIN_VALUE / (1.0 + math.exp(-lead / scale)) + lead
