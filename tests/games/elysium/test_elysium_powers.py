"""Powers (§8): Trigger rings, Activate once per epoch, windows, hooks, commitment."""

from __future__ import annotations

import pytest
from elysium_helpers import (
    P1,
    P2,
    P3,
    at,
    card,
    decision,
    end_steps,
    of_kind,
    options,
    play,
    player_view,
)

from kleos.core.errors import IllegalActionError

HERMES = ("zeus", "hades", "hermes", "athena", "hephaestus")

USED = "its Trigger is used"
UNUSED = "ring: its Trigger is unused"


def test_trigger_rings_once_per_acquisition() -> None:
    # P1 uses Pandora (ring off) in the Writing step; P2's Scylla makes P1 discard it. The draw
    # pile is empty, so Phase I reshuffles the discard pile: Pandora is dealt to the Agora,
    # P1 takes it again and it has a fresh ring, usable from P1's next window.
    s = at(
        families=("zeus", "poseidon", "hades", "athena", "hephaestus"),
        start="writing",
        quests={P1: "Q1", P2: "Q2", P3: "Q3"},
        domains={P1: ["HEP-05a", "ZEU-01a"], P2: ["POS-05a"]},
        agora=[],
        gold={P1: 0, P2: 0, P3: 0},
        vp={P1: 5},
    )
    s.draw.clear()
    s.discard.clear()
    assert options(s) == ["use HEP-05a", "end step"]
    play(s, "use HEP-05a")
    assert s.gold[P1] == 4
    assert "use HEP-05a" not in options(s)
    assert player_view(s, P1)["domain"][0] == {
        "card": "HEP-05a",
        "turned": False,
        "ring": False,
        "notes": [USED],
    }
    end_steps(s, until=P2)
    play(s, "use POS-05a")
    assert decision(s) == ("attack_payment", P1)
    assert options(s) == ["discard ZEU-01a", "discard HEP-05a", "lose 2 vp"]
    # Nobody has anything left to write: Phase IV, then Phase I of epoch 2.
    events = play(s, "discard HEP-05a")
    assert of_kind(events, "reshuffle") == [{"kind": "reshuffle", "cards": 1}]
    assert s.view(None)["public"]["agora"] == ["HEP-05a"]
    assert decision(s) == ("turn", P1)
    play(s, "take HEP-05a")
    assert player_view(s, P1)["domain"][-1] == {
        "card": "HEP-05a",
        "turned": False,
        "ring": True,
        "notes": [UNUSED],
    }
    assert s.ring[card(s, "HEP-05a")] is True


def test_trigger_card_transferred_keeps_no_ring() -> None:
    s = at(
        start="writing",
        quests={P1: "Q1", P2: "Q2", P3: "Q3"},
        domains={P1: ["HEP-05a", "ZEU-01a"]},
    )
    assert s.ring[card(s, "HEP-05a")] is True
    play(s, "transfer HEP-05a to new")
    assert s.ring[card(s, "HEP-05a")] is False
    assert "use HEP-05a" not in options(s)


def test_activate_once_per_epoch() -> None:
    # Ganymede used at P1's turn is turned: not usable again in the Writing step; Phase IV
    # straightens it for the next epoch.
    s = at(
        domains={P1: ["ZEU-02a"]},
        agora=["ZEU-01a", "HEP-01a"],
        turn_index=9,
        card_takes={P1: 3, P2: 3, P3: 3},
        quests={P2: "Q2", P3: "Q3"},
        vp={P1: 0},
    )
    assert options(s) == ["use ZEU-02a", "quest Q1", "quest Q4"]
    play(s, "use ZEU-02a")
    assert s.vp[P1] == 1
    assert options(s) == ["quest Q1", "quest Q4"]
    assert player_view(s, P1)["domain"] == [
        {"card": "ZEU-02a", "turned": True, "ring": False, "notes": ["turned: used this epoch"]}
    ]
    play(s, "quest Q1", "dismiss red")
    assert decision(s) == ("write", P1)
    assert options(s) == ["transfer ZEU-02a to new", "end step"]
    end_steps(s)
    assert (s.epoch, decision(s)) == (2, ("turn", P1))
    assert "use ZEU-02a" in options(s)


def test_windows_actions_legends_any() -> None:
    # Dolos [actions], Thanatos [legends], Ganymede [any]: at a Phase II turn only the actions
    # and any windows are open, in the Writing step only legends and any.
    s = at(
        families=HERMES,
        domains={P1: ["HER-04a", "HAD-04a", "ZEU-02a"], P2: ["HEP-02a"]},
        agora=["ZEU-01a", "HEP-01a"],
        turn_index=9,
        card_takes={P1: 3, P2: 3, P3: 3},
        quests={P2: "Q2", P3: "Q3"},
    )
    assert [o for o in options(s) if o.startswith("use")] == ["use ZEU-02a", "use HER-04a"]
    play(s, "quest Q1", "dismiss red")
    # P2 has everything but may still use Cabeiri before passing.
    assert options(s) == ["use HEP-02a", "pass"]
    play(s, "pass")
    assert decision(s) == ("write", P1)
    assert [o for o in options(s) if o.startswith("use")] == ["use ZEU-02a", "use HAD-04a"]
    # Not on another player's turn or step: P2's Cabeiri [any] is offered only to P2.
    end_steps(s, until=P2)
    assert [o for o in options(s) if o.startswith("use")] == ["use HEP-02a"]


def test_a_card_cannot_use_its_power_in_the_window_it_entered() -> None:
    # Ganymede taken on P1's last turn: usable in P1's Writing step (the next window).
    s = at(
        agora=["ZEU-02a", "HEP-01a"],
        turn_index=9,
        card_takes={P1: 2, P2: 3, P3: 3},
        quests={P1: "Q1", P2: "Q2", P3: "Q3"},
    )
    play(s, "take ZEU-02a", "dismiss red")
    assert decision(s) == ("write", P1)
    assert "use ZEU-02a" in options(s)
    # Pandora arriving during the Writing step (Petasos copying Asclepius) waits for the next
    # window, here the next epoch's first turn.
    s = at(
        families=("zeus", "hermes", "apollo", "athena", "hephaestus"),
        start="writing",
        quests={P1: "Q1", P2: "Q2", P3: "Q3"},
        domains={P1: ["HER-07a", "ZEU-01a"], P2: ["APO-06a"]},
        oracle=["HEP-05a"],
    )
    play(s, "use HER-07a", "copy APO-06a")
    assert "HEP-05a" in [d["card"] for d in player_view(s, P1)["domain"]]
    assert "use HEP-05a" not in options(s)
    with pytest.raises(IllegalActionError, match="entered the Domain during this window"):
        play(s, "use HEP-05a")
    end_steps(s)
    assert (s.epoch, decision(s)) == (2, ("turn", P1))
    assert "use HEP-05a" in options(s)


def test_on_take_quest_hooks_fire_in_the_order_chosen() -> None:
    # Keraunos (2 VP), Talos (2 gold) and Triaina (opponents lose 1 gold) fire after the tile
    # is placed and before the dismissal; the taker orders them.
    s = at(
        domains={P1: ["ZEU-07a", "HEP-04a", "POS-07a"], P2: ["ZEU-07b"]},
        agora=["ZEU-01a"],
        vp={P1: 0},
    )
    play(s, "quest Q2")
    assert decision(s) == ("order_hook", P1)
    assert options(s) == ["resolve ZEU-07a", "resolve POS-07a", "resolve HEP-04a"]
    events = play(s, "resolve HEP-04a")
    assert s.gold[P1] == 6
    assert options(s) == ["resolve ZEU-07a", "resolve POS-07a"]
    events += play(s, "resolve POS-07a")
    assert [(e["card"]) for e in of_kind(events, "power")] == ["HEP-04a", "POS-07a", "ZEU-07a"]
    assert (s.vp[P1], s.gold[P2], s.gold[P3]) == (2, 3, 3)
    assert decision(s) == ("dismiss_column", P1)
    # Another player's hook does not fire; P2's Keraunos fires only on P2's own Quest take.
    assert s.vp[P2] == 2


def test_no_hook_for_an_incomplete_quest() -> None:
    s = at(start="phase3", quests={P2: "Q1", P3: "Q2"}, domains={P1: ["ZEU-07a"]}, vp={P1: 0})
    assert s.view(None)["public"]["players_state"][P1]["quest"] == "incomplete"
    assert s.vp[P1] == 0


def test_using_a_power_is_committed_even_when_it_does_nothing() -> None:
    # Petasos with nothing to copy: the ring comes off all the same.
    s = at(families=HERMES, domains={P1: ["HER-07a"]}, agora=["ZEU-01a"])
    events = play(s, "use HER-07a")
    assert of_kind(events, "power") == [{"kind": "power", "player": P1, "card": "HER-07a"}]
    assert not of_kind(events, "copy")
    assert player_view(s, P1)["domain"] == [
        {"card": "HER-07a", "turned": False, "ring": False, "notes": [USED]}
    ]
    assert "use HER-07a" not in options(s)
