"""Take-away's conservation laws, checked by the conformance suite after every move
(`check_invariants`, found beside the game class by `tests/conformance/invariants.py`)."""

from __future__ import annotations

from kleos.core.protocol import State
from kleos_takeaway.state import DECK, HAND, LAST_COUNTER, TakeAwayState


def check_invariants(state: State, previous: State | None) -> None:
    """Assert what a single state, and the step from the state before it, must show."""
    assert isinstance(state, TakeAwayState)
    game = state.game
    n = game.players
    assert 0 <= state.pile <= game.start_pile
    assert 0 <= state.turn < n
    cards = [card for hand in state.hands for card in hand]
    assert len(state.hands) == n and all(len(hand) == HAND for hand in state.hands)
    assert len(set(cards)) == len(cards) and set(cards) <= set(DECK)
    takes = [a.count for a in state.legal_actions()]  # type: ignore[attr-defined]
    assert all(1 <= t <= min(state.pile, game.max_take) for t in takes)
    assert state.last not in takes or takes == [1], "the last take repeated"
    assert state.is_terminal() == (state.pile == 0)
    if state.is_terminal():
        outcome = state.outcome()
        points = [s - b for s, b in zip(outcome.scores, state.bonus, strict=True)]
        assert set(points) <= {0, LAST_COUNTER}
        assert points.count(LAST_COUNTER) == (n - 1 if game.misere else 1)
        assert (points[state.turn] == 0) == game.misere
    if previous is not None:
        assert isinstance(previous, TakeAwayState)
        assert not previous.is_terminal(), "a move was made after the end"
        assert 1 <= previous.pile - state.pile <= game.max_take, "a take out of range"
        assert state.hands == previous.hands, "a hand changed"
        assert state.last == previous.pile - state.pile, "the last take is not the move's"
        passed = previous.turn if state.is_terminal() else (previous.turn + 1) % n
        assert state.turn == passed, "the turn did not pass to the next seat"
