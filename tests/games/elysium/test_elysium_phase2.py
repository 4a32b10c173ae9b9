"""Phase II (§5.2): conditions, what may be taken, Citizens, dismissals, passes, turn order."""

from __future__ import annotations

import random

import pytest
from elysium_helpers import P1, P2, P3, at, decision, end_steps, of_kind, options, play, player_view

import kleos.games.elysium  # noqa: F401
from kleos.core.registry import make
from kleos.games.elysium.tables import condition_table
from kleos.games.elysium.vocabulary import BLACK, COLUMNS

HERMES = ("zeus", "hades", "hermes", "poseidon", "athena")


def meets(condition: tuple[str, ...], columns: list[str], black: bool = False) -> bool:
    mask = sum(1 << COLUMNS.index(c) for c in columns)
    return bool(condition_table(condition, black) >> mask & 1)


def test_conditions_example_a() -> None:
    # Ana has her blue and red columns left (Pediment side A: Q1 Y, Q2 B, Q3 G, Q4 R).
    agora = ["ZEU-01a", "ZEU-01b", "POS-05c", "ZEU-07a", "ZEU-05c", "ZEU-06a"]
    # [Y] no, [B] yes, [B, K] yes, [B, R] yes, [Y, K] no, [Y, B] no; the green Quest no.
    s = at(families=HERMES, agora=agora, columns={P1: ["blue", "red"]})
    assert options(s) == [
        "take ZEU-01b",
        "take ZEU-07a",
        "take POS-05c",
        "quest Q2",
        "quest Q4",
    ]
    assert meets((BLACK, BLACK), ["blue", "red"])
    # With Kerykeion: [Y, B] becomes [K, B], [Y] and [Y, K] too; the green Quest becomes [K].
    s = at(families=HERMES, agora=agora, columns={P1: ["blue", "red"]}, domains={P1: ["HER-06b"]})
    assert options(s) == [
        "take ZEU-01a",
        "take ZEU-01b",
        "take ZEU-05c",
        "take ZEU-06a",
        "take ZEU-07a",
        "take POS-05c",
        "quest Q1",
        "quest Q2",
        "quest Q3",
        "quest Q4",
    ]


def test_conditions_black_circles_and_two_circle_rules() -> None:
    assert meets((BLACK,), ["red"])
    assert not meets((BLACK,), [])
    assert meets((BLACK, BLACK), ["yellow", "green"])
    assert not meets((BLACK, BLACK), ["green"])
    # [B, K] needs blue plus another column: with blue alone it fails.
    assert meets(("blue", BLACK), ["blue", "yellow"])
    assert not meets(("blue", BLACK), ["blue"])
    assert not meets(("blue", BLACK), ["yellow", "green"])
    # One column left never meets a two-circle condition, even with Kerykeion.
    for condition in (("blue", "red"), ("blue", BLACK), (BLACK, BLACK)):
        for colour in COLUMNS:
            assert not meets(condition, [colour], black=True)
    # Kerykeion treats at most one circle as black.
    assert meets(("yellow", "blue"), ["blue", "red"], black=True)
    assert not meets(("yellow", "green"), ["blue", "red"], black=True)
    # Meeting a condition uses nothing up: only the dismissal removes a column.
    s = at(agora=["ZEU-07a", "ZEU-01a"], columns={P1: ["blue", "red", "green"]})
    play(s, "take ZEU-07a", "dismiss green")
    assert player_view(s, P1)["columns"] == ["blue", "red"]


def test_what_may_be_taken() -> None:
    # Identical card in the Domain: barred; the same design in the Elysium does not bar it.
    s = at(
        agora=["ZEU-01b", "ZEU-02b", "HEP-01b"],
        domains={P1: ["ZEU-01a"]},
        elysiums={P1: [{"cards": ["ZEU-02a"]}]},
    )
    assert options(s)[:2] == ["take ZEU-02b", "take HEP-01b"]
    assert "take ZEU-01b" not in options(s)
    # After 3 card takes no card may be taken (nor a Citizen); after a Quest no other Quest.
    s = at(agora=["ZEU-01b", "HEP-01b"], card_takes={P1: 3})
    assert options(s) == ["quest Q1", "quest Q2", "quest Q3", "quest Q4"]
    s = at(agora=["ZEU-01b", "HEP-01b"], quests={P1: "Q2"})
    assert options(s) == ["take ZEU-01b", "take HEP-01b"]
    # A Quest already taken by another player has left the Temple.
    s = at(agora=["ZEU-01b"], quests={P2: "Q2", P3: "Q3"})
    assert [o for o in options(s) if o.startswith("quest")] == ["quest Q1", "quest Q4"]
    # Oracle cards are not takeable without oracle access.
    s = at(
        families=("zeus", "apollo", "hades", "athena", "hephaestus"),
        agora=["ZEU-01b"],
        oracle=["HEP-01b", "ZEU-02b"],
    )
    assert [o for o in options(s) if o.startswith("take")] == ["take ZEU-01b"]


def test_citizen_example_c() -> None:
    # Cleo, 3rd turn: needs a card and her Quest; red and yellow columns; every card she meets
    # is identical to one in her Domain. She may take a Citizen or the yellow/red Quest.
    s = at(
        turn_index=6,
        card_takes={P1: 2},
        columns={P1: ["yellow", "red"]},
        domains={P1: ["ZEU-01a", "HEP-01a"]},
        agora=["HEP-01b", "ZEU-06a", "POS-01b"],
    )
    assert decision(s) == ("turn", P1)
    assert options(s) == ["quest Q1", "quest Q4", "take citizen"]
    top = s.draw[-1]
    events = play(s, "take citizen")
    assert {"kind": "citizen", "player": P1, "received": True} in events
    assert s.citizens[P1] == (top,)
    assert s.card_takes[P1] == 3
    assert decision(s) == ("dismiss_column", P1)
    assert options(s) == ["dismiss yellow", "dismiss red"]


def test_citizen_only_when_no_card_is_eligible() -> None:
    # One eligible card is enough to forbid the Citizen, even if others are barred.
    s = at(domains={P1: ["ZEU-01a"]}, agora=["ZEU-01b", "HEP-01a"], columns={P1: ["red"]})
    assert options(s) == ["take HEP-01a", "quest Q4"]
    # With no card eligible the Citizen is legal next to an eligible Quest; without an
    # eligible Quest it is the only option and is taken automatically.
    s = at(domains={P1: ["ZEU-01a"]}, agora=["ZEU-01b", "HEP-01b"], columns={P1: ["red"]})
    assert options(s) == ["quest Q4", "take citizen"]
    s = at(
        domains={P1: ["ZEU-01a"]},
        agora=["ZEU-01b", "HEP-01b"],
        columns={P1: ["red"]},
        quests={P2: "Q4"},
        turn_index=9,
        card_takes={P1: 2},
    )
    assert s.card_takes[P1] == 3
    assert len(s.citizens[P1]) == 1
    assert player_view(s, P1)["columns"] == []


def test_forced_pass_and_incomplete_quest_example_b() -> None:
    # Ben's 4th turn: three cards taken, only the yellow column, and the Quests left sit under
    # the green and red slots. Nothing is legal but the pass (his Ganymede may still be used,
    # which does not make the pass illegal).
    s = at(
        turn_index=9,
        card_takes={P1: 3, P2: 2, P3: 3},
        columns={P1: ["yellow"]},
        quests={P2: "Q1", P3: "Q2"},
        domains={P1: ["ZEU-02a"], P2: ["HEP-02a"]},
        agora=["ZEU-01a", "HEP-01a", "POS-01a"],
        gold={P1: 0},
    )
    assert options(s) == ["use ZEU-02a", "pass"]
    events = play(s, "pass")
    assert of_kind(events, "pass") == [{"kind": "pass", "player": P1}]
    assert not of_kind(events, "dismiss")
    assert player_view(s, P1)["columns"] == ["yellow"]
    assert player_view(s, P1)["passed"] is True
    # P2 takes its last card; P3 (done) passes; Phase III: Ben holds an Incomplete Quest, gets
    # the highest disc, 1 gold, 0 VP and 1 transfer.
    assert decision(s) == ("turn", P2)
    vp = s.vp[P1]
    events = play(s, "take HEP-01a", "dismiss red")
    assert of_kind(events, "income")[0]["quests"] == ["incomplete", "Q1", "Q2"]
    assert s.order == [P2, P3, P1]
    assert player_view(s, P1)["quest"] == "incomplete"
    assert (s.gold[P1], s.vp[P1]) == (1, vp)
    assert decision(s) == ("write", P2)
    end_steps(s, until=P1)
    assert decision(s) == ("write", P1)
    assert s.allowance == 1


def test_dismissal_after_every_take_but_not_after_a_pass() -> None:
    # Card take, Quest take and Citizen take are each followed by a dismissal.
    s = at(agora=["ZEU-01a", "HEP-01a"])
    play(s, "take ZEU-01a")
    assert decision(s) == ("dismiss_column", P1)
    assert options(s) == ["dismiss yellow", "dismiss blue", "dismiss green", "dismiss red"]
    s = at(agora=["ZEU-01a", "HEP-01a"])
    play(s, "quest Q3")
    assert decision(s) == ("dismiss_column", P1)
    s = at(agora=["ZEU-01b"], domains={P1: ["ZEU-01a"]})
    events = play(s, "take citizen")
    assert decision(s) == ("dismiss_column", P1)
    play(s, "dismiss green")
    assert player_view(s, P1)["columns"] == ["yellow", "blue", "red"]
    assert not of_kind(events, "dismiss")
    # With no column left, nothing is dismissed.
    s = at(agora=["ZEU-01b"], domains={P1: ["ZEU-01a"]}, columns={P1: []}, quests={P1: "Q1"})
    assert decision(s) == ("turn", P2)
    assert s.card_takes[P1] == 1


@pytest.mark.parametrize("players", [2, 3, 4])
def test_turn_order_and_four_rounds(players: int) -> None:
    s = make("elysium", players=players, seed=players).new_initial_state()
    order = list(s.order)  # type: ignore[attr-defined]
    rng = random.Random(players)
    acting = []
    income = None
    while income is None:
        events = s.apply(rng.choice(s.legal_actions()))
        for e in events:
            if e["kind"] in ("take", "quest", "citizen", "pass"):
                acting.append(e["player"])
            if e["kind"] == "income":
                income = e
    assert acting == order * 4
    view = s.view(None)
    for p, state in enumerate(view["public"]["players_state"]):
        assert state["card_takes"] == 3
        assert state["quest"] is not None
        assert (state["quest"] == "incomplete") == state["passed"], p


def test_single_option_decisions_are_automatic_and_not_recorded() -> None:
    # §17.1: P1's dismissal (one column left) and P2's Citizen take (no card eligible, no Quest
    # eligible) are applied automatically; only P1's take is in the history.
    s = at(
        agora=["ZEU-01a", "ZEU-01b"],
        domains={P2: ["ZEU-01c"]},
        columns={P1: ["yellow"], P2: ["red"]},
        quests={P2: "Q4"},
    )
    events = play(s, "take ZEU-01a")
    assert [e["kind"] for e in events if e["kind"] in ("take", "dismiss", "citizen")] == [
        "take",
        "dismiss",
        "citizen",
        "dismiss",
    ]
    assert s.view(None)["public"]["history"] == [[P1, "take ZEU-01a"]]
    assert decision(s) == ("turn", P3)
