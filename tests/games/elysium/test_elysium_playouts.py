"""Random games from start to end: the invariants of the rules hold after every decision."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from elysium_helpers import acted as designs_acted

import kleos.games.elysium  # noqa: F401
from kleos.core.registry import make
from kleos.games.elysium import ElysiumState
from kleos.games.elysium.cards import load_card_set
from kleos.games.elysium.state import FAMILY, LEVEL, UNDETERMINED

SEEDS = range(16)
"""Enough seeds that random play reaches every acting design (12 do at present)."""
ACTING = {
    d.id
    for d in load_card_set().designs
    if d.power in ("instantaneous", "activate", "trigger", "eleusis") or d.hook
}


def check(s: ElysiumState) -> None:
    """The invariants of a position."""
    t = s.game.tables
    n = s.game.players
    cards = s.draw + s.discard + s.agora + s.oracle
    for p in range(n):
        cards += [*s.domain[p], *s.citizens[p]]
        designs = [s.game.card(c).design.id for c in s.domain[p]]
        assert len(designs) == len(set(designs)), "identical cards in a Domain"
        assert min(s.gold[p], s.vp[p], s.pp[p]) >= 0
        assert 0 <= s.card_takes[p] <= 3
        for kind, key, real, citizens in s.elysium[p]:
            cards += [*real, *(c for c, _ in citizens)]
            size = len(real) + len(citizens)
            if kind == UNDETERMINED:
                assert (len(real), citizens) == (1, ())
            elif kind == FAMILY:
                assert size <= 3 and {t.family[c] for c in real} == {key}
                assert len({t.level[c] for c in real}) == len(real)
            else:
                assert kind == LEVEL and size <= 5 and {t.level[c] for c in real} == {key}
                assert len({t.family[c] for c in real}) == len(real)
                assert {level for _, level in citizens} <= {key}
    assert len(cards) == len(set(cards)) == 105
    assert {s.game.card(c).design.family for c in cards} == set(s.families)
    assert len(s.agora) <= s.game.agora_size
    assert len(s.oracle) <= (4 if s.apollo else 0)
    assert s.ares or not any(s.pp)
    for holders in s.family_tiles:
        assert len(holders) == len(set(holders)) <= 2
    if not s.is_terminal():
        # A decision with a single option is applied automatically, never asked (§17.1).
        assert len(s.legal_actions()) >= 2


def play_out(players: int, seed: int, families: object) -> tuple[ElysiumState, Counter[str]]:
    s = make("elysium", players=players, seed=seed, families=families).new_initial_state()
    assert isinstance(s, ElysiumState)
    rng = random.Random(seed)
    acted: Counter[str] = Counter()
    check(s)
    while not s.is_terminal():
        acted.update(designs_acted(s, s.apply(rng.choice(s.legal_actions()))))
        check(s)
    return s, acted


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_keep_the_invariants(players: int) -> None:
    acted: Counter[str] = Counter()
    for seed in SEEDS:
        families = "recommended" if seed % 3 == 0 else None
        s, seen = play_out(players, seed, families)
        acted += seen
        view = s.view(None)
        json.dumps(view)
        assert (view["public"]["epoch"], view["public"]["phase"], view["decision"]) == (
            5,
            "over",
            None,
        )
        outcome = s.outcome()
        for p, part in enumerate(outcome.breakdown):
            assert part["total"] == outcome.scores[p]
            ahead = [
                q
                for q in range(players)
                if (outcome.scores[q], s.gold[q]) > (outcome.scores[p], s.gold[p])
            ]
            assert part["place"] == 1 + len(ahead)
        assert outcome.winners == tuple(
            p for p in range(players) if outcome.breakdown[p]["place"] == 1
        )
    assert acted


def test_random_games_exercise_every_acting_design() -> None:
    """Random play (all families over the seeds) uses every power that acts: Instantaneous,
    Activate, Trigger, Eleusis and hooks. The static powers are covered by the family tests."""
    acted: Counter[str] = Counter()
    for seed in SEEDS:
        acted += play_out(2 + seed % 3, 100 + seed, None)[1]
    assert set(acted) == ACTING
