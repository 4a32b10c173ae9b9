"""The outcome tells how a tie on the top total was broken (§11: gold, then a shared place)."""

from __future__ import annotations

from typing import Any

from elysium_helpers import P1, P2, P3, P4, at, end_steps

from kleos.core.protocol import Outcome

LAST_STEP: dict[str, Any] = {"epoch": 5, "start": "writing"}


def outcome_of(players: int, vp: dict[int, int], gold: dict[int, int]) -> Outcome:
    """The outcome of a game ended from epoch 5's Writing steps with these VP and gold."""
    s = at(players=players, **LAST_STEP, vp=vp, gold=gold)
    end_steps(s)
    assert s.is_terminal()
    assert s.view(None)["outcome"]["tiebreak"] == s.outcome().tiebreak
    return s.outcome()


def test_no_tie_for_the_top_says_nothing_even_with_ties_below():
    outcome = outcome_of(4, {P1: 10, P2: 10, P3: 10, P4: 12}, {P1: 3, P2: 5, P3: 3, P4: 0})
    assert outcome.winners == (P4,)
    assert outcome.tiebreak == ""


def test_a_tie_broken_by_gold_names_the_winner_and_each_tied_players_gold():
    outcome = outcome_of(3, {P1: 9, P2: 9, P3: 8}, {P1: 2, P2: 6, P3: 9})
    assert outcome.winners == (P2,)
    assert outcome.tiebreak == "P1 and P2 tie on 9 VP; P2 wins with the most gold (P2 6, P1 2)."


def test_a_tie_on_vp_and_gold_is_a_shared_victory():
    outcome = outcome_of(3, {P1: 9, P2: 9, P3: 8}, {P1: 2, P2: 2, P3: 9})
    assert outcome.winners == (P1, P2)
    assert outcome.tiebreak == "P1 and P2 tie on 9 VP and on gold (2 each), and share the victory."


def test_three_tied_on_vp_two_on_gold_share_and_the_third_is_named():
    outcome = outcome_of(4, {P1: 7, P2: 7, P3: 7, P4: 1}, {P1: 4, P2: 1, P3: 4, P4: 9})
    assert outcome.winners == (P1, P3)
    assert outcome.tiebreak == (
        "P1, P2 and P3 tie on 7 VP; P1 and P3 have the most gold (P1 4, P3 4, P2 1) "
        "and share the victory."
    )
