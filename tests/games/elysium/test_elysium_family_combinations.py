"""Every combination of 5 of the 8 families plays to a correct final score (issue: Elysium)."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

import kleos
from kleos.games.elysium.cards import load_card_set

FAMILY_IDS = [f.id for f in load_card_set().families]
COMBINATIONS = list(combinations(FAMILY_IDS, 5))
SCORE_PARTS = (
    "legends",
    "family_tiles",
    "level_tiles",
    "ares",
    "vp_tokens",
    "chronos",
    "citizens",
)


def test_there_are_56_family_combinations() -> None:
    """§3: choose 5 of the 8 families."""
    assert len(COMBINATIONS) == 56


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_family_combination_plays_to_a_consistent_final_score(players: int) -> None:
    """Each combination, at each player count, reaches the end; the total is the sum of its parts
    (§11) and the places follow (total, gold) (§11, result for engines)."""
    for n, families in enumerate(COMBINATIONS):
        game = kleos.make("elysium", players=players, seed=n, families=list(families))
        state = game.new_initial_state()
        rng = random.Random(n)
        while not state.is_terminal():
            state.apply_unchecked(rng.choice(state.legal_actions()))
        outcome = state.outcome()
        assert state.view(None)["public"]["families"] == sorted(families, key=FAMILY_IDS.index)
        for p, part in enumerate(outcome.breakdown):
            assert outcome.scores[p] == part["total"] == sum(part[k] for k in SCORE_PARTS)
            ahead = sum(
                1
                for q, other in enumerate(outcome.breakdown)
                if (other["total"], other["gold"]) > (part["total"], part["gold"])
            )
            assert part["place"] == 1 + ahead
            if "ares" not in families:
                assert part["ares"] == 0 and part["pp"] == 0
        assert outcome.winners == tuple(
            p for p, b in enumerate(outcome.breakdown) if b["place"] == 1
        )
