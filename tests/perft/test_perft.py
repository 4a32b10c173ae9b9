"""Perft counts: the size of the game tree from seeded positions, as the perft files state."""

from __future__ import annotations

import pytest

from kleos.core.protocol import State
from kleos.core.registry import game_class
from perft import PerftCase, perft, read_cases
from played import built_in_game_ids

CASES = read_cases()


def perft_checked(state: State, depth: int) -> int:
    """`perft` on the checked path (`apply`), to cross-check the fast path."""
    if depth == 0:
        return 1
    total = 0
    for action in state.legal_actions():
        child = state.clone()
        child.apply(action)
        total += perft_checked(child, depth - 1)
    return total


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.where)
def test_perft_count(case: PerftCase) -> None:
    """The number of leaves at the depth is the expected count, on both paths."""
    state = case.position()
    assert perft(state, case.depth) == case.expected, case.where
    shallow = min(case.depth, 2)
    assert perft_checked(state, shallow) == perft(state, shallow)


def test_every_game_and_player_count_has_perft_cases() -> None:
    """A built-in game needs perft lines for each of its player counts."""
    covered = {(case.game_id, case.players) for case in CASES}
    missing = [
        f"{game_id} {players}p"
        for game_id in built_in_game_ids()
        for players in range(game_class(game_id).min_players, game_class(game_id).max_players + 1)
        if (game_id, players) not in covered
    ]
    assert not missing, f"no perft lines for {missing}: add them to tests/perft/<game>.perft"
