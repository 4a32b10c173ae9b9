"""The Elysium evaluation where a decision is split in two: the swap (docs/elysium.md)."""

from __future__ import annotations

from elysium_helpers import P1, P2, at, decision, play

from kleos.games.elysium.ai import evaluate

APOLLO = ("zeus", "apollo", "hades", "athena", "hephaestus")


def test_a_half_made_swap_is_worth_its_deciders_best_oracle_card() -> None:
    s = at(families=APOLLO, agora=["APO-02a", "ZEU-01a", "ZEU-02a"], oracle=["HEP-01a", "APO-06b"])
    play(s, "take APO-02a", "swap out ZEU-01a")
    assert decision(s) == ("oracle_swap_target", P1)
    completions = []
    for action in s.legal_actions():
        after = s.clone()
        after.apply_unchecked(action)
        completions.append(after)
    best = max(completions, key=lambda after: evaluate(after, P1))
    assert evaluate(s, P1) == evaluate(best, P1)
    assert evaluate(s, P2) == evaluate(best, P2)
