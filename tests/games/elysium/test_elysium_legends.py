"""Transfers, Legend identity, Citizens in Legends and the bonus tiles (§6, §7)."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from elysium_helpers import (
    P1,
    P2,
    P3,
    at,
    decision,
    end_steps,
    grant,
    of_kind,
    options,
    play,
)

from kleos.core.errors import ConfigError
from kleos.core.registry import make
from kleos.games.elysium import ElysiumState
from kleos.games.elysium.vocabulary import CARDS_PER_EPOCH, MAX_LEGENDS_PER_PLAYER, ORACLE_SIZE

QUESTS = {P1: "Q3", P2: "Q2", P3: "Q1"}


def targets(s: ElysiumState, what: str) -> list[str]:
    """The destinations offered for one card (or 'citizen')."""
    prefix = f"transfer {what} to "
    return [o.removeprefix(prefix) for o in options(s) if o.startswith(prefix)]


def legends(s: ElysiumState, p: int) -> list[dict[str, Any]]:
    return [
        {k: legend[k] for k in ("type", "family", "level", "cards")}
        | {"citizens": [c["level"] for c in legend["citizens"]]}
        for legend in s.view(None)["public"]["players_state"][p]["elysium"]
    ]


def test_legend_identity_example_d() -> None:
    # Dan's Elysium holds Legend A = {Zeus L1}.
    s = at(
        start="writing",
        quests=QUESTS,
        domains={P1: ["HAD-01a", "ZEU-04a", "ZEU-06a"]},
        citizens={P1: 1},
        elysiums={P1: [{"cards": ["ZEU-01a"]}]},
        gold={P1: 20},
    )
    grant(s, P1, "HAD-04a")
    grant(s, P1, "HAD-04a")
    # Hades L1 may start a new Legend or join A (a Level Legend of level 1).
    assert targets(s, "HAD-01a") == ["new", "1"]
    assert targets(s, "citizen") == []
    play(s, "transfer HAD-01a to 1")
    assert legends(s, P1)[0]["type"] == "level"
    assert legends(s, P1)[0]["level"] == 1
    # Zeus L2 cannot join the Level Legend A: it starts Legend B.
    assert targets(s, "ZEU-04a") == ["new"]
    play(s, "transfer ZEU-04a to new")
    # Zeus L3 may join B, making it a Family Legend of Zeus.
    assert targets(s, "ZEU-06a") == ["new", "2"]
    play(s, "transfer ZEU-06a to 2")
    assert legends(s, P1)[1] == {
        "type": "family",
        "family": "zeus",
        "level": None,
        "cards": ["ZEU-04a", "ZEU-06a"],
        "citizens": [],
    }
    # A Citizen may join A (cost 1: a missing family) or B (cost 1: level 1 is missing).
    assert targets(s, "citizen") == ["1", "2"]
    gold = s.gold[P1]
    events = play(s, "transfer citizen to 2")
    assert of_kind(events, "transfer")[0]["cost"] == 1
    assert s.gold[P1] == gold - 1
    assert legends(s, P1)[1]["citizens"] == [1]
    # B is complete: Dan wins the first Zeus family tile.
    assert {"kind": "family_tile", "player": P1, "family": "zeus", "rank": 1} in events


def test_legend_identity_every_row_of_the_table() -> None:
    s = at(
        start="writing",
        quests=QUESTS,
        domains={P1: ["ZEU-03a", "ZEU-05a", "ATH-01a", "HAD-03a", "HEP-05a", "HEP-03a"]},
        citizens={P1: 1},
        gold={P1: 20},
        elysiums={
            P1: [
                {"cards": ["ZEU-01a"]},  # 1: undetermined, Zeus L1
                {"cards": ["ZEU-04a", "ZEU-06a"]},  # 2: Family Zeus, levels 2 and 3
                {"cards": ["HAD-01a", "HEP-02a"]},  # 3: Level 1, Hades and Hephaestus
                {  # 4: Level 1, full (4 cards and a Citizen)
                    "cards": ["ZEU-02a", "HAD-02a", "HEP-01a", "POS-01a"],
                    "citizens": [1],
                },
                {"cards": ["HEP-04a", "HEP-06a"], "citizens": [1]},  # 5: Family Hep, full
            ]
        },
    )
    # A new Legend is always possible. Undetermined {Zeus L1}: same family and another level
    # joins (Family), same level and another family joins (Level); same family and same level,
    # or both different, may not. A Family Legend takes its family's missing levels while it
    # has fewer than 3 cards; a Level Legend takes its level's new families while it has fewer
    # than 5 cards.
    assert targets(s, "ZEU-03a") == ["new", "2", "3"]  # Zeus L1
    assert targets(s, "ZEU-05a") == ["new", "1"]  # Zeus L2
    assert targets(s, "ATH-01a") == ["new", "1", "3"]  # Athena L1
    assert targets(s, "HAD-03a") == ["new", "1"]  # Hades L1 (Hades already in 3)
    assert targets(s, "HEP-05a") == ["new"]  # Hephaestus L2
    assert targets(s, "HEP-03a") == ["new", "1"]  # Hephaestus L1 (5 is full)
    # A Citizen joins only Legends of 2 or more cards that are not full.
    assert targets(s, "citizen") == ["2", "3"]
    play(s, "transfer ATH-01a to 1")
    assert legends(s, P1)[0] == {
        "type": "level",
        "family": None,
        "level": 1,
        "cards": ["ZEU-01a", "ATH-01a"],
        "citizens": [],
    }
    # Once fixed, the type never changes: Zeus L2 no longer fits Legend 1.
    assert targets(s, "ZEU-05a") == ["new"]


def test_citizens_in_legends() -> None:
    # A Citizen stands for the missing card: level 2 in a Family Legend holding levels 1 and 3,
    # level L in a Level Legend of level L. It counts as a card for size and bonuses, and real
    # cards may still join a Level Legend holding Citizens if their family is new.
    s = at(
        start="writing",
        quests=QUESTS,
        domains={P1: ["ZEU-03a", "HAD-04a"]},
        citizens={P1: 3},
        gold={P1: 20},
        elysiums={
            P1: [
                {"cards": ["ZEU-01a", "ZEU-06a"]},
                {"cards": ["HEP-04a"], "citizens": [2], "type": "level"},
            ]
        },
    )
    assert targets(s, "citizen") == ["1", "2"]
    handles = s.view(None)["public"]["players_state"][P1]["citizens"]
    events = play(s, "transfer citizen to 1")
    assert of_kind(events, "transfer")[0]["cost"] == 2
    assert {"kind": "family_tile", "player": P1, "family": "zeus", "rank": 1} in events
    elysium = s.view(None)["public"]["players_state"][P1]["elysium"]
    # The earliest Citizen went; in the Elysium it shows its handle and the level it stands for.
    assert elysium[0]["citizens"] == [{"citizen": handles[0], "level": 2}]
    events = play(s, "transfer citizen to 2")
    assert of_kind(events, "transfer")[0]["cost"] == 2
    assert {"kind": "level_tile", "player": P1, "level": 2, "taken_from": None} in events
    assert "2" not in targets(s, "ZEU-03a")
    assert targets(s, "HAD-04a") == ["new", "2"]
    play(s, "transfer HAD-04a to 2")
    assert legends(s, P1)[1] == {
        "type": "level",
        "family": None,
        "level": 2,
        "cards": ["HEP-04a", "HAD-04a"],
        "citizens": [2, 2],
    }
    # A Citizen never starts a Legend.
    assert "transfer citizen to new" not in options(s)


def test_family_bonus_first_and_second_tile() -> None:
    # Writing steps in disc order P1, P2, P3. P1 completes a Zeus Family Legend first (5 VP),
    # P2 second, with a Citizen (2 VP), P3 third (nothing). P1 completes a second Zeus Legend:
    # nothing more, one tile per family at most.
    s = at(
        start="writing",
        quests={P1: "Q3", P2: "Q2", P3: "Q1"},
        domains={P1: ["ZEU-06a", "ZEU-07a"], P3: ["ZEU-06b"]},
        citizens={P2: 1},
        gold={P1: 20, P2: 20, P3: 20},
        elysiums={
            P1: [{"cards": ["ZEU-01a", "ZEU-04a"]}, {"cards": ["ZEU-02a", "ZEU-05a"]}],
            P2: [{"cards": ["ZEU-01b", "ZEU-04b"]}],
            P3: [{"cards": ["ZEU-03a", "ZEU-05b"]}],
        },
    )
    events = play(s, "transfer ZEU-06a to 1")
    assert of_kind(events, "family_tile") == [
        {"kind": "family_tile", "player": P1, "family": "zeus", "rank": 1}
    ]
    events = play(s, "transfer ZEU-07a to 2")
    assert not of_kind(events, "family_tile")
    end_steps(s, until=P2)
    events = play(s, "transfer citizen to 1")
    assert of_kind(events, "family_tile") == [
        {"kind": "family_tile", "player": P2, "family": "zeus", "rank": 2}
    ]
    end_steps(s, until=P3)
    events = play(s, "transfer ZEU-06b to 1")
    assert not of_kind(events, "family_tile")
    assert s.view(None)["public"]["family_tiles"] == {"zeus": [P1, P2]}


def test_level_bonus_example_e() -> None:
    # Eva (P1) writes the first 2-card level-1 Level Legend: she takes the tile. Finn (P2)
    # writes one of 2 (a tie: Eva keeps it), then grows it to 3 and takes it from her.
    s = at(
        start="writing",
        quests={P1: "Q3", P2: "Q2", P3: "Q1"},
        domains={P1: ["HEP-01a"], P2: ["HAD-01b", "HEP-02b"]},
        gold={P1: 20, P2: 20},
        elysiums={P1: [{"cards": ["ZEU-01a"]}], P2: [{"cards": ["ZEU-01b"]}]},
    )
    events = play(s, "transfer HEP-01a to 1") + end_steps(s, until=P2)
    assert {"kind": "level_tile", "player": P1, "level": 1, "taken_from": None} in events
    events = play(s, "transfer HAD-01b to 1")
    assert not of_kind(events, "level_tile")
    events = play(s, "transfer HEP-02b to 1")
    assert {"kind": "level_tile", "player": P2, "level": 1, "taken_from": P1} in events
    assert s.view(None)["public"]["level_tiles"]["1"] == P2
    # Next: Finn holds the tile with 3 cards; Eva grows hers to 3 (a tie: Finn keeps it), then
    # to 4 and takes it back.
    s = at(
        start="writing",
        order=[P2, P1, P3],
        player=P2,
        quests={P1: "Q3", P2: "Q2", P3: "Q1"},
        domains={P1: ["HAD-01a", "ATH-01a"], P2: ["POS-01b"]},
        gold={P1: 20, P2: 20},
        elysiums={
            P1: [{"cards": ["ZEU-01a", "HEP-01a"]}],
            P2: [{"cards": ["ZEU-01b", "HAD-01b"]}],
        },
    )
    events = play(s, "transfer POS-01b to 1") + end_steps(s, until=P1)
    assert {"kind": "level_tile", "player": P2, "level": 1, "taken_from": None} in events
    events = play(s, "transfer HAD-01a to 1")
    assert not of_kind(events, "level_tile")
    events = play(s, "transfer ATH-01a to 1")
    assert {"kind": "level_tile", "player": P1, "level": 1, "taken_from": P2} in events
    assert s.view(None)["public"]["level_tiles"] == {"1": P1, "2": None, "3": None}


def test_family_legend_never_wins_a_level_bonus() -> None:
    s = at(
        start="writing",
        quests=QUESTS,
        domains={P1: ["ZEU-04a", "ZEU-06a"]},
        gold={P1: 20},
        elysiums={P1: [{"cards": ["ZEU-01a"]}]},
    )
    events = play(s, "transfer ZEU-04a to 1", "transfer ZEU-06a to 1")
    assert not of_kind(events, "level_tile")
    assert of_kind(events, "family_tile")
    assert s.view(None)["public"]["level_tiles"] == {"1": None, "2": None, "3": None}


def test_bonus_tiles_are_checked_after_an_immediate_transfer() -> None:
    # Charon in Phase II completes a Family Legend: the tile is won at once.
    s = at(
        agora=["HAD-01a", "ZEU-01a"],
        domains={P1: ["HAD-06a"]},
        elysiums={P1: [{"cards": ["HAD-02a", "HAD-04a"]}]},
    )
    events = play(s, "take HAD-01a", "transfer HAD-06a to 1")
    assert {"kind": "family_tile", "player": P1, "family": "hades", "rank": 1} in events
    assert decision(s) == ("dismiss_column", P1)


def test_transfers_need_gold() -> None:
    # A (card, destination) pair the player cannot pay is not offered.
    s = at(
        start="writing",
        quests=QUESTS,
        domains={P1: ["ZEU-01a", "ZEU-04a", "ZEU-06a"]},
        citizens={P1: 1},
        gold={P1: 1},
        elysiums={P1: [{"cards": ["HEP-04a", "HAD-04a"]}]},
    )
    assert options(s) == ["transfer ZEU-01a to new", "end step"]
    play(s, "transfer ZEU-01a to new")
    assert s.gold[P1] == 0
    end_steps(s)
    assert s.epoch == 2


APOLLO = ("apollo", "zeus", "hades", "athena", "hermes")
"""Apollo for the Oracle, Hermes for copied powers."""


def test_legend_bound_premises_hold_in_random_play() -> None:
    """The premises of `MAX_LEGENDS_PER_PLAYER` (35): in an epoch a player receives at most
    3 real cards by takes and the Oracle's cards as extra cards, and the Oracle only shrinks
    within an epoch; every Legend holds a real card."""
    for seed in range(30):
        s = make("elysium", players=2 + seed % 3, seed=seed, families=list(APOLLO))
        state = s.new_initial_state()
        assert isinstance(state, ElysiumState)
        rng = random.Random(seed)
        received: Counter[tuple[int, int]] = Counter()
        oracle = (state.epoch, len(state.oracle))
        while not state.is_terminal():
            for event in state.apply(rng.choice(state.legal_actions())):
                if event["kind"] in ("take", "oracle_card"):
                    received[(state.epoch, event["player"])] += 1
            if state.epoch == oracle[0]:
                assert len(state.oracle) <= oracle[1], "an Oracle card was added mid-epoch"
            oracle = (state.epoch, len(state.oracle))
            for legends in state.elysium:
                assert len(legends) <= MAX_LEGENDS_PER_PLAYER
                assert all(legend.cards for legend in legends), "a Legend without a real card"
        assert max(received.values()) <= CARDS_PER_EPOCH + ORACLE_SIZE


def test_positions_beyond_the_legend_bound_are_refused() -> None:
    cards = [c.id for c in at().game.card_set.cards if c.design.family in ("zeus", "hades")]
    with pytest.raises(ConfigError, match="more than 35 real cards"):
        at(domains={P1: cards[:20]}, elysiums={P1: [{"cards": [c]} for c in cards[20:36]]})
