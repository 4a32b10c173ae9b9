"""Phase I, III and IV (§5.1, §5.3, §5.4): discs, income, Eleusis, Writing steps, resets."""

from __future__ import annotations

from elysium_helpers import (
    P1,
    P2,
    P3,
    P4,
    at,
    decision,
    domain,
    end_steps,
    grant,
    of_kind,
    options,
    play,
    player_view,
)

APOLLO = ("zeus", "hades", "hermes", "apollo", "hephaestus")

USED = "its Trigger is used"


def test_disc_reassignment_with_several_incomplete_quests() -> None:
    # Phase II order P4, P2, P1, P3. P3 took Q1 and P1 Q3; P4 and P2 passed: they get the
    # highest discs in their Phase II order (P4 before P2). The new order holds from now on.
    s = at(players=4, start="phase3", order=[P4, P2, P1, P3], quests={P1: "Q3", P3: "Q1"})
    assert s.order == [P3, P1, P4, P2]
    view = s.view(None)
    assert [view["seats"][p]["disc"] for p in (P1, P2, P3, P4)] == [2, 4, 1, 3]
    # Nobody had anything to write: epoch 2 begins with the new disc 1.
    assert view["public"]["epoch"] == 2
    assert decision(s) == ("turn", P3)


def test_income_per_quest_tile() -> None:
    # All players at once: Q1 0 VP/1 gold, Q2 0/2, Q3 1/2, Q4 1/3, Incomplete 0/1.
    s = at(
        players=4,
        start="phase3",
        quests={P1: "Q1", P2: "Q2", P3: "Q3", P4: "Q4"},
        vp={P1: 0, P2: 0, P3: 0, P4: 0},
        gold={P1: 0, P2: 0, P3: 0, P4: 0},
        domains={P1: ["ZEU-01a"], P2: ["ZEU-01b"], P3: ["ZEU-01c"], P4: ["HEP-01a"]},
    )
    assert s.gold == [1, 2, 2, 3]
    assert s.vp == [0, 0, 1, 1]
    # Lyres are the Writing allowance: 2, 2, 3, 3.
    allowances = []
    while decision(s)[0] == "write":
        allowances.append((s.current_player, s.allowance))
        play(s, "end step")
    assert allowances == [(P1, 2), (P2, 2), (P3, 3), (P4, 3)]
    # Two players: Q1•• 0/2/2, Q2•• 1/3/3; the Incomplete Quest 0/1/1.
    s = at(
        players=2,
        start="phase3",
        quests={P2: "Q1-2P"},
        vp={P1: 0, P2: 0},
        gold={P1: 0, P2: 0},
        domains={P1: ["ZEU-01a"], P2: ["ZEU-01b"]},
    )
    assert (s.gold, s.vp, s.order) == ([1, 2], [0, 0], [P2, P1])
    assert (s.current_player, s.allowance) == (P2, 2)
    play(s, "end step")
    assert (s.current_player, s.allowance) == (P1, 1)
    s = at(players=2, start="phase3", quests={P1: "Q2-2P"}, vp={P1: 0}, gold={P1: 0})
    assert (s.gold[P1], s.vp[P1]) == (3, 1)


def test_eleusis_needs_another_eleusis_card_and_the_player_orders_them() -> None:
    # Discs P3, P1, P2. P3 has three Eleusis cards, P1 one (inactive), P2 two.
    s = at(
        start="income",
        order=[P3, P1, P2],
        quests={P1: "Q1", P2: "Q2", P3: "Q3"},
        domains={
            P1: ["ZEU-03a"],
            P2: ["HEP-03a", "ZEU-03b"],
            P3: ["HAD-03a", "POS-03a", "ATH-03a"],
        },
        vp={P1: 5, P2: 5, P3: 5},
        gold={P1: 4, P2: 4, P3: 4},
    )
    assert decision(s) == ("order_eleusis", P3)
    assert options(s) == ["resolve POS-03a", "resolve HAD-03a", "resolve ATH-03a"]
    events = play(s, "resolve POS-03a")
    assert [(e["player"], e["n"]) for e in of_kind(events, "lose")] == [(P1, 1), (P2, 1)]
    assert options(s) == ["resolve HAD-03a", "resolve ATH-03a"]
    play(s, "resolve ATH-03a", "gift 1 gold", "gift 1 vp")
    assert player_view(s, P3)["pending"]["transfer_discounts"] == [
        {"n": 1, "levels": [1, 2, 3], "citizens": True}
    ]
    # P1's lone Iris does nothing; P2 chooses the order of its two.
    assert decision(s) == ("order_eleusis", P2)
    assert options(s) == ["resolve ZEU-03b", "resolve HEP-03a"]
    events = play(s, "resolve HEP-03a")
    assert [(e["kind"], e.get("card")) for e in events if e["kind"] == "power"] == [
        ("power", "HEP-03a"),
        ("power", "ZEU-03b"),
    ]
    assert (s.vp, s.gold) == ([5 - 1, 5 - 1 + 1 + 1, 5 + 1], [4 + 1, 4 + 1, 4 + 1])
    assert decision(s)[0] == "write"


def test_writing_allowance() -> None:
    # Quest lyres + each Legend power's extra_transfer + pending one-shots, fixed at the start:
    # Q3 (3) + Odysseus (1) + Cerberus (1) + Muses (1, Eleusis) = 6. Transferring Odysseus
    # does not lower it.
    s = at(
        families=("zeus", "hades", "athena", "apollo", "hephaestus"),
        start="income",
        quests={P1: "Q3", P2: "Q1", P3: "Q2"},
        domains={P1: ["APO-03a", "ZEU-03a", "ATH-07a", "HAD-07a"]},
        gold={P1: 20},
    )
    play(s, "resolve APO-03a")
    assert decision(s) == ("write", P1)
    assert s.allowance == 6
    assert s.view(None)["public"]["allowance"] == 6
    play(s, "transfer ATH-07a to new")
    assert s.allowance == 5
    assert options(s)[-1] == "end step"
    # Unused allowance is lost when the step ends (the others have nothing to write).
    play(s, "end step")
    assert (s.epoch, decision(s), s.view(None)["public"]["allowance"]) == (2, ("turn", P1), None)


def test_writing_steps_in_disc_order_and_end_step_is_always_legal() -> None:
    s = at(
        start="writing",
        order=[P2, P3, P1],
        player=P2,
        quests={P1: "Q3", P2: "Q1", P3: "Q2"},
        domains={P1: ["ZEU-01a"], P2: ["ZEU-01b"], P3: ["ZEU-01c"]},
    )
    writers = []
    while decision(s)[0] == "write":
        assert options(s)[-1] == "end step"
        writers.append(s.current_player)
        play(s, "end step")
    assert writers == [P2, P3, P1]
    # A step whose only option is end_step ends by itself (nobody here can pay or use).
    s = at(start="writing", quests={P1: "Q1", P2: "Q2", P3: "Q3"}, gold={P1: 0, P2: 0, P3: 0})
    assert s.epoch == 2
    assert decision(s)[0] == "turn"


def test_start_of_step_legend_effects() -> None:
    # Odysseus and Forge of Lemnos each give 1 gold at the start of the step, before the
    # first decision, so those 2 gold already pay for a transfer.
    s = at(
        start="writing",
        quests={P1: "Q1", P2: "Q2", P3: "Q3"},
        domains={P1: ["ATH-07a", "HEP-06a", "ZEU-04a"]},
        gold={P1: 0},
    )
    assert decision(s) == ("write", P1)
    assert s.gold[P1] == 2
    assert "transfer ZEU-04a to new" in options(s)


def test_legend_card_entering_during_the_step() -> None:
    # Petasos copies Asclepius in the Writing step: Forge of Lemnos arrives from the Oracle.
    # No allowance or start-of-step gold for it, but its discount applies to later transfers.
    s = at(
        families=("zeus", "hermes", "apollo", "athena", "hephaestus"),
        start="writing",
        quests={P1: "Q1", P2: "Q2", P3: "Q3"},
        domains={P1: ["HER-07a", "ZEU-01a"], P2: ["APO-06a"]},
        oracle=["HEP-06a", "ATH-07a"],
        gold={P1: 0},
    )
    assert options(s) == ["use HER-07a", "end step"]
    play(s, "use HER-07a", "copy APO-06a", "oracle HEP-06a")
    assert domain(s, P1) == ["HER-07a", "ZEU-01a", "HEP-06a"]
    assert (s.gold[P1], s.allowance) == (0, 2)
    assert options(s) == ["transfer ZEU-01a to new", "end step"]
    events = play(s, "transfer ZEU-01a to new")
    assert of_kind(events, "transfer")[0]["cost"] == 0


def test_legend_powers_in_a_step_example_g() -> None:
    # Gus: Cerberus (+1 transfer, -1 cost) and Quest 2 (2 lyres): allowance 3. Cerberus' own
    # transfer costs 3 - 1 = 2; after it the allowance stays 3 and the next two pay in full.
    s = at(
        start="writing",
        quests={P1: "Q2", P2: "Q1", P3: "Q3"},
        domains={P1: ["HAD-07a", "ZEU-01a", "ZEU-04a"]},
        gold={P1: 10},
    )
    assert s.allowance == 3
    costs = []
    for text in ("transfer HAD-07a to new", "transfer ZEU-01a to new", "transfer ZEU-04a to new"):
        costs += [e["cost"] for e in of_kind(play(s, text), "transfer")]
    assert costs == [2, 1, 2]
    assert s.gold[P1] == 5
    # The allowance is used up: the step ended by itself, and so did the others'.
    assert (s.epoch, decision(s)) == (2, ("turn", P1))


def test_phase4_resets() -> None:
    s = at(
        families=APOLLO,
        start="writing",
        quests={P1: "Q1", P2: "Q2", P3: "Q3"},
        domains={P1: ["ZEU-02a", "ZEU-05a"]},
        columns={P1: ["red"], P2: [], P3: ["blue", "green"]},
        agora=["ZEU-01a", "ZEU-01b", "HAD-01a", "HAD-01b", "HER-01a"],
        oracle=["HEP-01a", "HEP-01b", "APO-01a", "APO-02a"],
        gold={P1: 1},
    )
    play(s, "use ZEU-02a", "use ZEU-05a")
    for design in ("HAD-03a", "HER-01a", "HER-05a", "APO-01a", "HAD-04a"):
        grant(s, P1, design)
    pending = player_view(s, P1)["pending"]
    assert pending["keep_column"] == pending["ignore_condition"] == pending["oracle_access"] == 1
    assert pending["transfer_discounts"]
    draw = len(s.draw)
    play(s, "end step")
    # Epoch 2, Phase II: discs as reassigned (Q1, Q2, Q3), P1 to act.
    assert (s.epoch, s.order, decision(s)) == (2, [P1, P2, P3], ("turn", P1))
    view = s.view(None)
    for state in view["public"]["players_state"]:
        assert state["columns"] == ["yellow", "blue", "green", "red"]
        assert state["quest"] is None
        assert state["card_takes"] == 0
        assert state["passed"] is False
        assert state["pending"] == {
            "ignore_condition": 0,
            "keep_column": 0,
            "oracle_access": 0,
            "extra_transfer": 0,
            "transfer_discounts": [],
        }
    assert view["public"]["temple"] == ["Q1", "Q2", "Q3", "Q4"]
    # Activate cards are straightened; a used Trigger stays used.
    assert player_view(s, P1)["domain"] == [
        {"card": "ZEU-02a", "turned": False, "ring": False, "notes": []},
        {"card": "ZEU-05a", "turned": False, "ring": False, "notes": [USED]},
    ]
    assert "use ZEU-02a" in options(s)
    assert "use ZEU-05a" not in options(s)
    # Phase I with Apollo: the Agora's leftovers are discarded, the Oracle slides into the
    # Agora and counts toward its 10 cards, then 4 new Oracle cards are dealt.
    assert view["public"]["discard"][-5:] == ["ZEU-01a", "ZEU-01b", "HAD-01a", "HAD-01b", "HER-01a"]
    assert view["public"]["agora"][:4] == ["HEP-01a", "HEP-01b", "APO-01a", "APO-02a"]
    assert len(view["public"]["agora"]) == 10
    assert len(view["public"]["oracle"]) == 4
    assert view["public"]["draw_pile"] == draw - 6 - 4


def test_oracle_is_dealt_in_epoch_5_and_the_game_skips_phase4() -> None:
    s = at(families=APOLLO, epoch=4, start="writing", quests={P1: "Q1", P2: "Q2", P3: "Q3"})
    assert (s.epoch, len(s.oracle), len(s.agora)) == (5, 4, 10)
    s = at(
        families=APOLLO,
        epoch=5,
        start="writing",
        quests={P1: "Q1", P2: "Q2", P3: "Q3"},
        columns={P1: ["red"]},
        gold={P1: 0, P2: 0, P3: 0},
    )
    assert s.is_terminal()
    view = s.view(None)
    assert (view["public"]["epoch"], view["public"]["phase"], view["decision"]) == (5, "over", None)
    # Phase IV did not run: the dismissed columns were not returned.
    assert view["public"]["players_state"][P1]["columns"] == ["red"]
    end_steps(s)
    assert s.legal_actions() == ()
