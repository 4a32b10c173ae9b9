"""Take-away heuristics for search agents: the pile is small, so the game is solved.

`plan` plays the game out exactly: each mover takes what makes it the last taker (misère:
what keeps it from being the last), the fewest counters among equal choices. `evaluate`
projects the scores of that play, counting an opponent's unknown hand at the mean stars of a
hand; `rollout_action` plays the plan, with a little randomness.
"""

from __future__ import annotations

import random
from functools import cache

from kleos.core.protocol import PlayerId
from kleos_takeaway.actions import Take
from kleos_takeaway.state import DECK, HAND, LAST_COUNTER, STARS, TakeAwayState

WIN_VALUE = 100.0
"""What a won game is worth, in points of score lead."""
BONUS_MEAN = HAND * STARS / len(DECK)
"""The stars of an unknown hand, on average."""
ROLLOUT_EPSILON = 0.1
"""How often the rollout policy plays a uniformly random action."""


@cache
def plan(pile: int, players: int, max_take: int, misere: bool, before: int) -> tuple[int, int]:
    """The take the mover chooses with `pile` counters left after a take of `before`, and who
    then takes the last counter (relative to the mover: 0 is the mover, 1 the next seat)."""
    best_take, best_last = 0, 0
    takes = [t for t in range(1, min(pile, max_take) + 1) if t != before] or [1]
    for take in takes:
        after = 0 if take == pile else 1 + plan(pile - take, players, max_take, misere, take)[1]
        last = after % players
        if best_take == 0 or ((last == 0) != misere and (best_last == 0) == misere):
            best_take, best_last = take, last
    return best_take, best_last


def _plan_of(state: TakeAwayState) -> tuple[int, int]:
    """The plan of a position that is not over."""
    game = state.game
    return plan(state.pile, game.players, game.max_take, game.misere, state.last)


def evaluate(state: TakeAwayState, player: PlayerId) -> float:
    """`player`'s projected lead over the best opponent, plus WIN_VALUE for a projected win
    (half of it for a tie); a finished game is worth its real result."""
    game = state.game
    n = game.players
    if state.is_terminal():
        outcome = state.outcome()
        best = max(s for q, s in enumerate(outcome.scores) if q != player)
        return WIN_VALUE * outcome.returns()[player] + outcome.scores[player] - best
    last = (state.turn + _plan_of(state)[1]) % n
    scores = [float(state.bonus[q]) if q == player else BONUS_MEAN for q in range(n)]
    for q in range(n):
        scores[q] += LAST_COUNTER if (q == last) != game.misere else 0
    lead = scores[player] - max(s for q, s in enumerate(scores) if q != player)
    share = 1.0 if lead > 0 else 0.5 if lead == 0 else 0.0
    return WIN_VALUE * share + lead


def rollout_action(state: TakeAwayState, rng: random.Random) -> Take:
    """The plan's take (a uniformly random one ROLLOUT_EPSILON of the time)."""
    legal = state.legal_actions()
    if len(legal) == 1 or rng.random() < ROLLOUT_EPSILON:
        choice = rng.choice(legal)
    else:
        choice = state.game.takes[_plan_of(state)[0] - 1]
    assert isinstance(choice, Take)
    return choice
