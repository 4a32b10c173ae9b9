"""End of the game and final scoring (§9.1, §11): Chronos, Legends, tiles, Ares, places."""

from __future__ import annotations

from typing import Any

import pytest
from elysium_helpers import P1, P2, P3, P4, at, end_steps, play

from kleos.games.elysium import ElysiumState
from kleos.games.elysium.scoring import ares_vp

ARES = ("zeus", "ares", "apollo", "hades", "hephaestus")
LAST_STEP: dict[str, Any] = {"epoch": 5, "start": "writing"}


def finish(s: ElysiumState) -> list[dict[str, Any]]:
    """End every remaining Writing step of epoch 5 and return the score breakdown."""
    end_steps(s)
    assert s.is_terminal()
    return [dict(b) for b in s.outcome().breakdown]


@pytest.mark.parametrize(
    ("pp", "vp"),
    [
        ([7, 7, 3, 0], [12, 12, 4, 0]),  # Example F
        ([5, 5, 5, 1], [9, 9, 9, 2]),
        ([1, 2, 3, 4], [2, 4, 8, 16]),
        ([2, 0, 2, 2], [9, 0, 9, 9]),
        ([0, 0, 0, 0], [0, 0, 0, 0]),
    ],
)
def test_ares_ranking_with_shared_ties_rounded_down(pp: list[int], vp: list[int]) -> None:
    assert ares_vp(pp, (16, 8, 4, 2)) == vp


def test_ares_example_f_in_a_game() -> None:
    s = at(players=4, families=ARES, **LAST_STEP, pp={P1: 7, P2: 7, P3: 3, P4: 0})
    assert [b["ares"] for b in finish(s)] == [12, 12, 4, 0]
    # Two players: only 16 and 8 can score.
    s = at(players=2, families=ARES, **LAST_STEP, pp={P1: 3, P2: 3})
    assert [b["ares"] for b in finish(s)] == [12, 12]
    s = at(players=3, families=ARES, **LAST_STEP, pp={P1: 1, P2: 2, P3: 2})
    assert [b["ares"] for b in finish(s)] == [4, 12, 12]


def test_chronos() -> None:
    # P1 keeps Hera (2 VP per Legend of 3+), Daphne (2 VP per Level Legend), Thesauros (1 VP
    # per 2 gold) and Persephone (no Citizen penalty) in the Domain. P2's Spartoi gives 1 PP per
    # Legend of 2+ before the PP ranking, tying P3. P3's Hera is in the Elysium: no power.
    s = at(
        families=ARES,
        **LAST_STEP,
        domains={P1: ["ZEU-06a", "APO-07a", "HEP-07a", "HAD-06a"], P2: ["ARE-07a"]},
        elysiums={
            P1: [
                {"cards": ["ZEU-01a", "HEP-01a", "APO-01a"]},
                {"cards": ["HAD-01a", "HAD-04a"], "citizens": [3]},
                {"cards": ["APO-04a", "HEP-04a"]},
            ],
            P2: [{"cards": ["ZEU-01b", "ZEU-04b"]}, {"cards": ["HEP-02b", "HAD-02b"]}],
            P3: [{"cards": ["ZEU-06b"]}],
        },
        gold={P1: 7, P2: 0, P3: 0},
        vp={P1: 0, P2: 0, P3: 0},
        pp={P2: 1, P3: 3},
    )
    b = finish(s)
    assert b[P1]["chronos"] == 2 * 2 + 2 * 2 + 3
    assert (b[P1]["legends"], b[P1]["citizens"], b[P1]["citizens_in_elysium"]) == (12, 0, 1)
    assert b[P1]["total"] == 12 + 11
    assert (b[P2]["pp"], b[P2]["ares"], b[P2]["legends"], b[P2]["total"]) == (3, 12, 5, 17)
    assert (b[P3]["chronos"], b[P3]["legends"], b[P3]["total"]) == (0, 0, 12)


def test_final_scoring_order() -> None:
    # Legends (single cards removed), bonus tiles, VP tokens, Citizens: P1 wins the Zeus tile
    # (5) and the level-1 tile (3) in the last Writing step.
    s = at(
        **LAST_STEP,
        quests={P1: "Q3", P2: "Q2", P3: "Q1"},
        domains={P1: ["ZEU-06a", "HEP-02a"]},
        elysiums={
            P1: [
                {"cards": ["ZEU-01a", "ZEU-04a"]},
                {"cards": ["HAD-01a"], "citizens": [1], "type": "level"},
                {"cards": ["HEP-04a", "HAD-04a", "ATH-04a", "POS-04a"]},
                {"cards": ["ZEU-07a", "HEP-06a", "HAD-06a", "POS-06a", "ATH-06a"]},
                {"cards": ["POS-01a"]},
                {"cards": ["ATH-01a"], "citizens": [2], "type": "family"},
            ]
        },
        gold={P1: 4, P2: 0, P3: 0},
        vp={P1: 10},
    )
    play(s, "transfer ZEU-06a to 1", "transfer HEP-02a to 2")
    b = finish(s)[P1]
    assert [(x["type"], x["cards"], x["vp"]) for x in b["legend_list"]] == [
        ("family", 3, 6),
        ("level", 3, 4),
        ("level", 4, 8),
        ("level", 5, 12),
        ("family", 2, 3),
    ]
    assert b["legends"] == 33
    assert (b["family_tiles"], b["level_tiles"]) == (5, 3)
    assert (b["vp_tokens"], b["ares"], b["chronos"]) == (10, 0, 0)
    assert (b["citizens_in_elysium"], b["citizens"]) == (2, -4)
    assert b["total"] == 33 + 8 + 10 - 4
    assert b["gold"] == 4 - 3 - 1


def test_tiebreak_by_gold_and_shared_places() -> None:
    s = at(
        players=4,
        **LAST_STEP,
        vp={P1: 10, P2: 10, P3: 10, P4: 12},
        gold={P1: 3, P2: 5, P3: 3, P4: 0},
    )
    finish(s)
    outcome = s.outcome()
    assert outcome.scores == (10, 10, 10, 12)
    assert [b["place"] for b in outcome.breakdown] == [3, 2, 3, 1]
    assert outcome.winners == (P4,)
    s = at(players=3, **LAST_STEP, vp={P1: 9, P2: 9, P3: 8}, gold={P1: 2, P2: 2, P3: 9})
    finish(s)
    outcome = s.outcome()
    assert [b["place"] for b in outcome.breakdown] == [1, 1, 3]
    assert outcome.winners == (P1, P2)
    assert outcome.returns() == (0.5, 0.5, 0.0)
