"""The 21 effect primitives of §12, one test each, with their edge cases."""

from __future__ import annotations

from elysium_helpers import (
    P1,
    P2,
    P3,
    P4,
    advance,
    at,
    card,
    decision,
    domain,
    end_steps,
    grant,
    of_kind,
    options,
    play,
    player_view,
)

ARES = ("zeus", "ares", "poseidon", "athena", "hephaestus")
HERMES = ("zeus", "hades", "hermes", "athena", "poseidon")
ALL_QUESTS = ["quest Q1", "quest Q2", "quest Q3", "quest Q4"]
APOLLO = ("zeus", "hades", "apollo", "athena", "hephaestus")


def test_primitive_gain_gold() -> None:
    s = at(agora=["HEP-01a", "ZEU-01a"])
    events = play(s, "take HEP-01a", by=P1)
    assert s.gold[P1] == 4 + 2
    assert {"kind": "gain", "player": P1, "resource": "gold", "n": 2} in events
    assert decision(s) == ("dismiss_column", P1)


def test_primitive_gain_vp() -> None:
    s = at(agora=["ZEU-01a", "HEP-01a"], vp={P1: 3})
    play(s, "take ZEU-01a")
    assert s.vp[P1] == 3 + 2
    assert s.gold[P1] == 4


def test_primitive_gain_pp() -> None:
    s = at(families=ARES, agora=["ARE-01a", "ZEU-01a"])
    play(s, "take ARE-01a")
    assert s.pp[P1] == 2
    assert s.pp[P2] == s.pp[P3] == 0


def test_primitive_gain_per() -> None:
    # Nike: 1 VP, plus 1 VP per Legend of 2 or more cards; Citizens count as cards, single
    # cards do not count, and the counter is read when the power resolves.
    s = at(
        domains={P1: ["ZEU-05a"]},
        agora=["HEP-01a"],
        vp={P1: 0},
        elysiums={
            P1: [
                {"cards": ["ZEU-01a", "ZEU-04a"]},
                {"cards": ["HEP-02a"]},
                {"cards": ["HAD-01a"], "citizens": [1], "type": "level"},
            ]
        },
    )
    assert "use ZEU-05a" in options(s)
    play(s, "use ZEU-05a")
    assert s.vp[P1] == 1 + 2
    assert "use ZEU-05a" not in options(s)


def test_primitive_share_gift() -> None:
    # P1 holds disc 3: the opponents choose in disc order after P1, wrapping round (P2, P3).
    # P3's Aegis does not matter: a gift is not an attack.
    s = at(order=[P2, P3, P1], player=P1, agora=["ATH-01a", "ZEU-01a"], domains={P3: ["ATH-04a"]})
    play(s, "take ATH-01a", by=P1)
    assert (s.gold[P1], s.vp[P1]) == (4 + 2, 3 + 1)
    assert decision(s) == ("gift_choice", P2)
    assert options(s) == ["gift 2 gold", "gift 1 vp"]
    play(s, "gift 2 gold", by=P2)
    assert decision(s) == ("gift_choice", P3)
    play(s, "gift 1 vp", by=P3)
    assert (s.gold[P2], s.vp[P2]) == (6, 1)
    assert (s.gold[P3], s.vp[P3]) == (4, 2 + 1)
    assert decision(s) == ("dismiss_column", P1)


def test_primitive_opponents_lose() -> None:
    # Cyclopes: discard 1 card or lose 2 gold. P2 may discard a face-up card, a Citizen or pay;
    # P3 has Aegis and is skipped; P4 has 1 gold and no card: it pays in part (all it has).
    s = at(
        players=4,
        agora=["POS-04a", "ZEU-01a"],
        domains={P2: ["ZEU-02a"], P3: ["ATH-04a"]},
        citizens={P2: 2},
        gold={P4: 1},
    )
    earliest = s.citizens[P2][0]
    play(s, "take POS-04a", by=P1)
    assert decision(s) == ("attack_payment", P2)
    assert options(s) == ["discard ZEU-02a", "discard citizen", "lose 2 gold"]
    events = play(s, "discard citizen", by=P2)
    # The earliest Citizen goes face up to the discard pile: its face is now public.
    revealed = s.game.card(earliest).id
    assert {"kind": "discard", "player": P2, "card": revealed, "citizen": True} in events
    assert s.view(None)["public"]["discard"][-1] == revealed
    assert player_view(s, P2)["citizens"] == [2]
    assert {"kind": "immune", "player": P3} in events
    assert {"kind": "lose", "player": P4, "resource": "gold", "n": 1} in events
    assert (s.gold[P2], s.gold[P3], s.gold[P4]) == (4, 4, 0)
    assert decision(s) == ("dismiss_column", P1)


def test_primitive_opponents_lose_prefers_fully_payable_options() -> None:
    # With 1 gold and cards, only the discard is fully payable, so gold is not offered.
    # An opponent with nothing at all to pay is skipped without a decision.
    s = at(
        agora=["POS-04a", "ZEU-01a"],
        domains={P2: ["ZEU-02a", "HEP-02a"]},
        gold={P2: 1, P3: 0},
    )
    s.turned[card(s, "HEP-02a")] = True  # P2 used Cabeiri this epoch
    play(s, "take POS-04a")
    assert decision(s) == ("attack_payment", P2)
    assert options(s) == ["discard ZEU-02a", "discard HEP-02a"]
    events = play(s, "discard HEP-02a")
    assert domain(s, P2) == ["ZEU-02a"]
    assert s.turned[card(s, "HEP-02a")] is False  # a discarded card loses its turned state
    assert s.view(None)["public"]["discard"][-1] == "HEP-02a"
    assert not [e for e in events if e.get("player") == P3 and e["kind"] != "dismiss"]
    assert decision(s) == ("dismiss_column", P1)


def test_primitive_steal_gold() -> None:
    # Autolycus steals up to 2: an opponent with 0 gold may be chosen; Aegis holders may not.
    s = at(
        players=4,
        families=HERMES,
        agora=["HER-02a", "ZEU-01a"],
        domains={P4: ["ATH-04a"]},
        gold={P2: 0, P3: 1},
    )
    play(s, "take HER-02a")
    assert decision(s) == ("steal_target", P1)
    assert options(s) == ["steal from P2", "steal from P3"]
    events = play(s, "steal from P2")
    assert {"kind": "steal", "player": P1, "victim": P2, "n": 0} in events
    assert s.gold[P1] == 4

    s = at(players=4, families=HERMES, agora=["HER-02a"], domains={P4: ["ATH-04a"]}, gold={P3: 1})
    play(s, "take HER-02a", "steal from P3")
    assert (s.gold[P1], s.gold[P3]) == (5, 0)


def test_primitive_immune_to_attacks() -> None:
    # Aegis: skipped by opponents_lose, never a steal target (the only other opponent is then
    # chosen automatically), but still chooses a gift.
    s = at(families=HERMES, agora=["POS-01a", "HER-02a"], domains={P2: ["ATH-04a"]})
    events = play(s, "take POS-01a")
    assert {"kind": "immune", "player": P2} in events
    assert (s.gold[P1], s.gold[P2], s.gold[P3]) == (5, 4, 3)
    s = at(families=HERMES, agora=["HER-02a"], domains={P2: ["ATH-04a"]})
    events = play(s, "take HER-02a")
    assert {"kind": "steal", "player": P1, "victim": P3, "n": 2} in events
    assert (s.gold[P1], s.gold[P2], s.gold[P3]) == (6, 4, 2)
    s = at(players=2, families=HERMES, agora=["HER-02a"], domains={P2: ["ATH-04a"]})
    events = play(s, "take HER-02a")
    assert not of_kind(events, "steal")
    assert (s.gold[P1], s.gold[P2]) == (4, 4)


def test_primitive_take_citizen() -> None:
    # Shades: an extra Citizen (not a card take, no extra dismissal), then 2 gold.
    s = at(agora=["HAD-02a", "ZEU-01a"])
    top = s.draw[-1]
    events = play(s, "take HAD-02a")
    assert s.citizens[P1] == (top,)
    assert player_view(s, P1)["citizens"] == [1]
    assert s.card_takes[P1] == 1
    assert s.gold[P1] == 6
    assert {"kind": "extra_citizens", "player": P1, "n": 1} in events
    assert decision(s) == ("dismiss_column", P1)
    play(s, "dismiss yellow")
    assert decision(s) == ("turn", P2)
    # Both piles empty: the draw does not happen, and the rest of the power still resolves.
    s = at(agora=["HAD-02a", "ZEU-01a"])
    s.draw.clear()
    s.discard.clear()
    events = play(s, "take HAD-02a")
    assert s.citizens[P1] == ()
    assert s.gold[P1] == 6
    assert {"kind": "extra_citizens", "player": P1, "n": 0} in events


def test_primitive_immediate_transfer() -> None:
    # Charon in Phase II: any Domain card (Charon itself included) or stop; static Legend
    # discounts (Cerberus) and per-transfer gains (Themis) do not apply.
    s = at(
        agora=["HAD-01a", "ZEU-01a"], domains={P1: ["HAD-07a", "ZEU-04a"]}, gold={P1: 2}, vp={P1: 1}
    )
    play(s, "take HAD-01a")
    assert decision(s) == ("immediate_transfer_choice", P1)
    # Cerberus costs 3 (2 in a Writing step), more than P1's 2 gold: not offered.
    assert options(s) == ["transfer ZEU-04a to new", "transfer HAD-01a to new", "stop"]
    events = play(s, "transfer ZEU-04a to new")
    assert {
        "kind": "transfer",
        "player": P1,
        "card": "ZEU-04a",
        "legend": 1,
        "cost": 2,
        "immediate": True,
    } in events
    assert (s.gold[P1], s.vp[P1]) == (0, 1)
    assert decision(s) == ("dismiss_column", P1)
    # Copied by Petasos in a Writing step: no allowance used, a pending discount applies
    # (Asphodel), the static Cerberus discount and Themis' gain do not.
    s = at(
        families=("zeus", "hades", "hermes", "athena", "hephaestus"),
        start="writing",
        quests={P1: "Q1"},
        domains={P1: ["HER-07a", "HAD-07a", "ZEU-04a", "ZEU-03a"], P2: ["HAD-01a"]},
        gold={P1: 1},
    )
    grant(s, P1, "HAD-03a")
    assert s.allowance == 2 + 1
    play(s, "use HER-07a")
    assert decision(s) == ("immediate_transfer_choice", P1)
    assert options(s) == ["transfer ZEU-03a to new", "transfer ZEU-04a to new", "stop"]
    events = play(s, "transfer ZEU-04a to new")
    assert of_kind(events, "transfer")[0]["cost"] == 1
    assert (s.gold[P1], s.vp[P1]) == (0, 1)
    assert player_view(s, P1)["pending"]["transfer_discounts"] == []
    # Back in the step: the allowance is untouched, and Cerberus' discount applies again.
    assert decision(s) == ("write", P1)
    assert s.allowance == 3
    assert "transfer ZEU-03a to new" in options(s)


def test_primitive_extra_transfer() -> None:
    # Before the step: Muses (Eleusis) and a Thanatos copied by Petasos in Phase II add up.
    families = ("zeus", "hades", "hermes", "apollo", "hephaestus")
    s = at(
        families=families,
        domains={P1: ["HER-07a", "APO-03a", "ZEU-03a"], P2: ["HAD-04a"]},
        agora=["ZEU-01a", "ZEU-02a"],
        turn_index=9,
        card_takes={P1: 2, P2: 3, P3: 3},
        quests={P1: "Q1", P2: "Q2", P3: "Q3"},
    )
    play(s, "use HER-07a")
    assert player_view(s, P1)["pending"]["extra_transfer"] == 1
    play(s, "take ZEU-01a", "dismiss red")
    assert decision(s) == ("order_eleusis", P1)
    play(s, "resolve APO-03a")
    assert decision(s) == ("write", P1)
    assert s.allowance == 2 + 1 + 1
    assert player_view(s, P1)["pending"]["extra_transfer"] == 0
    # During the step: Thanatos adds 1 at once.
    s3 = at(
        start="writing",
        quests={P1: "Q1", P2: "Q2", P3: "Q3"},
        domains={P1: ["HAD-04a"], P2: ["HEP-01a"]},
    )
    assert s3.allowance == 2
    play(s3, "use HAD-04a")
    assert s3.allowance == 3
    assert player_view(s3, P1)["pending"]["extra_transfer"] == 0
    # After the step it is lost: P2's step is not affected either.
    play(s3, "end step")
    assert decision(s3) == ("write", P2)
    before = s3.allowance
    grant(s3, P1, "HAD-04a")
    assert s3.allowance == before
    assert player_view(s3, P1)["pending"]["extra_transfer"] == 0


def test_primitive_transfer_discount() -> None:
    # Two pending one-shot discounts both apply to the next matching transfer and are both
    # used up by it.
    s = at(
        start="writing",
        quests={P1: "Q3", P2: "Q1", P3: "Q2"},
        domains={P1: ["ZEU-06a", "ZEU-01a"]},
        gold={P1: 2},
    )
    assert options(s) == ["transfer ZEU-01a to new", "end step"]
    grant(s, P1, "HAD-03a")
    grant(s, P1, "HAD-03a")
    assert len(player_view(s, P1)["pending"]["transfer_discounts"]) == 2
    assert options(s) == ["transfer ZEU-01a to new", "transfer ZEU-06a to new", "end step"]
    events = play(s, "transfer ZEU-06a to new")
    assert of_kind(events, "transfer")[0]["cost"] == 3 - 2
    assert player_view(s, P1)["pending"]["transfer_discounts"] == []
    events = play(s, "transfer ZEU-01a to new")
    assert of_kind(events, "transfer")[0]["cost"] == 1
    assert s.gold[P1] == 0
    # A pending discount is used up even when a static one (Hypnos, Citizens only) already
    # makes the cost 0, which never goes below 0; Hypnos never discounts a card.
    s = at(
        start="writing",
        quests={P1: "Q3", P2: "Q1", P3: "Q2"},
        domains={P1: ["HAD-05a", "ZEU-01a"]},
        citizens={P1: 1},
        gold={P1: 1},
        elysiums={P1: [{"cards": ["ZEU-02a", "HEP-02a"]}]},
    )
    assert options(s) == ["transfer ZEU-01a to new", "transfer citizen to 1", "end step"]
    grant(s, P1, "HAD-03a")
    events = play(s, "transfer citizen to 1")
    assert of_kind(events, "transfer")[0]["cost"] == 0
    assert s.gold[P1] == 1
    assert player_view(s, P1)["pending"]["transfer_discounts"] == []
    events = play(s, "transfer ZEU-01a to new")
    assert of_kind(events, "transfer")[0]["cost"] == 1


def test_primitive_per_transfer_gain() -> None:
    # Themis: +1 VP after each level 2 or 3 transfer (its own included), none for level 1 or a
    # Citizen, and none once Themis has left the Domain.
    s = at(
        start="writing",
        quests={P1: "Q3"},
        domains={P1: ["ZEU-04a", "HEP-04a", "ZEU-01a", "ZEU-06a"]},
        citizens={P1: 1},
        gold={P1: 20},
        vp={P1: 0},
        elysiums={P1: [{"cards": ["HEP-01a", "HAD-01a"]}]},
    )
    grant(s, P1, "HAD-04a")
    grant(s, P1, "HAD-04a")
    assert s.allowance == 5
    play(s, "transfer ZEU-01a to new")
    assert s.vp[P1] == 0
    play(s, "transfer citizen to 1")
    assert s.vp[P1] == 0
    play(s, "transfer HEP-04a to new")
    assert s.vp[P1] == 1
    play(s, "transfer ZEU-04a to new")
    assert s.vp[P1] == 2
    play(s, "transfer ZEU-06a to new")
    assert s.vp[P1] == 2
    # Hippolyta: +1 PP after every transfer, Citizens included.
    s = at(
        families=("zeus", "ares", "hades", "athena", "hephaestus"),
        start="writing",
        quests={P1: "Q3"},
        domains={P1: ["ARE-06a", "ZEU-01a"]},
        citizens={P1: 1},
        gold={P1: 20},
        elysiums={P1: [{"cards": ["HEP-01a", "HAD-01a"]}]},
    )
    play(s, "transfer citizen to 1", "transfer ZEU-01a to new")
    assert s.pp[P1] == 2


def test_primitive_citizen_no_penalty() -> None:
    def final(keep_persephone: bool) -> dict[str, int]:
        elysium = [{"cards": ["ZEU-01a", "HEP-01a"], "citizens": [1, 1]}]
        if not keep_persephone:
            elysium.append({"cards": ["HAD-06a"]})
        s = at(
            epoch=5,
            start="writing",
            quests={P1: "Q1", P2: "Q2", P3: "Q3"},
            domains={P1: ["HAD-06a"] if keep_persephone else []},
            elysiums={P1: elysium},
            gold={P1: 0, P2: 0, P3: 0},
        )
        end_steps(s)
        assert s.is_terminal()
        breakdown: dict[str, int] = s.outcome().breakdown[P1]  # type: ignore[assignment]
        return breakdown

    kept = final(True)
    assert kept["citizens_in_elysium"] == 2
    assert kept["citizens"] == 0
    banked = final(False)
    assert banked["citizens"] == -4
    assert kept["total"] - banked["total"] == 4


def test_primitive_ignore_condition() -> None:
    # Pan: the next take ignores its condition (cards and Quests); identical cards stay barred.
    s = at(
        families=HERMES,
        domains={P1: ["HER-05a", "ZEU-01a"]},
        agora=["ZEU-01b", "ZEU-02a", "POS-01b"],
        columns={P1: ["yellow"]},
    )
    assert options(s) == ["use HER-05a", "quest Q1", "take citizen"]
    play(s, "use HER-05a")
    assert player_view(s, P1)["pending"]["ignore_condition"] == 1
    assert options(s) == ["take ZEU-02a", "take POS-01b", *ALL_QUESTS]
    play(s, "quest Q4")
    assert player_view(s, P1)["pending"]["ignore_condition"] == 0
    # Used up by a Citizen take too (no card is eligible: the only one is identical).
    s = at(
        families=HERMES,
        domains={P1: ["HER-05a", "ZEU-01a"]},
        agora=["ZEU-01b"],
        columns={P1: ["red"]},
        card_takes={P1: 1},
        quests={P1: "Q1"},
    )
    assert options(s) == ["use HER-05a", "take citizen"]
    # With Pan used, the Citizen is the only option: it is taken automatically (§17.1).
    events = play(s, "use HER-05a")
    assert of_kind(events, "citizen") == [{"kind": "citizen", "player": P1, "received": True}]
    assert player_view(s, P1)["pending"]["ignore_condition"] == 0
    assert s.card_takes[P1] == 2


def test_primitive_keep_column() -> None:
    # Talaria (Instantaneous) skips the dismissal of its own take.
    s = at(families=HERMES, agora=["HER-01a", "ZEU-01a"])
    events = play(s, "take HER-01a")
    assert {"kind": "keep_column", "player": P1} in events
    assert player_view(s, P1)["columns"] == ["yellow", "blue", "green", "red"]
    assert player_view(s, P1)["pending"]["keep_column"] == 0
    assert decision(s) == ("turn", P2)
    # Two pending keep_column (Dolos copying P2's Talaria, then Talaria taken) skip one
    # dismissal only, and are both used up by it.
    s = at(
        families=HERMES,
        domains={P1: ["HER-04a"], P2: ["HER-01b"]},
        agora=["HER-01a", "ZEU-01a", "ZEU-02b", "POS-01a", "POS-02a"],
    )
    play(s, "use HER-04a")
    assert player_view(s, P1)["pending"]["keep_column"] == 1
    events = play(s, "take HER-01a")
    assert of_kind(events, "keep_column") == [{"kind": "keep_column", "player": P1}]
    assert player_view(s, P1)["pending"]["keep_column"] == 0
    assert player_view(s, P1)["columns"] == ["yellow", "blue", "green", "red"]
    assert decision(s) == ("turn", P2)
    advance(s, lambda s: decision(s) == ("turn", P1))
    play(s, next(o for o in options(s) if o.startswith(("take", "quest"))))
    assert decision(s) == ("dismiss_column", P1)


def test_primitive_treat_circle_black() -> None:
    # Kerykeion with blue and red columns: [Y, B] becomes [K, B]; [Y, G] needs two treated
    # circles and stays out of reach; the Quest under the yellow slot becomes [K].
    s = at(
        families=HERMES,
        domains={P1: ["HER-06b"]},
        agora=["ZEU-06a", "ZEU-06c", "ZEU-01a"],
        columns={P1: ["blue", "red"]},
    )
    assert options(s) == ["take ZEU-01a", "take ZEU-06a", *ALL_QUESTS]
    s = at(families=HERMES, agora=["ZEU-06a", "ZEU-06c", "ZEU-01a"], columns={P1: ["blue", "red"]})
    assert options(s) == ["quest Q2", "quest Q4", "take citizen"]


def test_primitive_oracle_access() -> None:
    # Pythia (static): every card take may come from the Oracle, condition applies; the take
    # counts and a column is dismissed.
    s = at(
        families=APOLLO,
        domains={P1: ["APO-05a"]},
        agora=["ZEU-01a"],
        oracle=["HEP-01a", "ZEU-07a"],
        columns={P1: ["yellow", "red"]},
    )
    assert options(s)[:3] == ["take ZEU-01a", "take HEP-01a", "quest Q1"]
    events = play(s, "take HEP-01a")
    assert {"kind": "take", "player": P1, "card": "HEP-01a", "source": "oracle"} in events
    assert s.card_takes[P1] == 1
    assert s.oracle == [card(s, "ZEU-07a")]
    assert decision(s) == ("dismiss_column", P1)
    # Cassandra (one-shot): used up by the next card take, even from the Agora.
    s = at(
        families=APOLLO,
        domains={P1: ["APO-01a"]},
        agora=["ZEU-01a", "ZEU-02b"],
        oracle=["HEP-01b"],
        turn_index=0,
    )
    assert "take HEP-01b" not in options(s)
    play(s, "use APO-01a")
    assert "take HEP-01b" in options(s)
    play(s, "take ZEU-01a", "dismiss red")
    assert player_view(s, P1)["pending"]["oracle_access"] == 0
    # A Quest take does not use it; a Citizen take does.
    s = at(
        families=APOLLO,
        domains={P1: ["APO-01a", "ZEU-01a"]},
        agora=["ZEU-01b"],
        oracle=["ZEU-01c"],
        card_takes={P1: 1},
    )
    play(s, "use APO-01a", "quest Q1", "dismiss red")
    assert player_view(s, P1)["pending"]["oracle_access"] == 1
    s = at(
        families=APOLLO,
        domains={P1: ["APO-01a", "ZEU-01a"]},
        agora=["ZEU-01b"],
        oracle=["ZEU-01c"],
        card_takes={P1: 1},
    )
    play(s, "use APO-01a", "take citizen")
    assert player_view(s, P1)["pending"]["oracle_access"] == 0


def test_primitive_oracle_take_free() -> None:
    # Asclepius: a mandatory choice among Oracle cards not identical to a Domain card; no
    # condition, no dismissal, not a card take. The extra card's Instantaneous resolves, and
    # its Trigger (ringed) cannot be used in this window, only in the next.
    s = at(
        families=APOLLO,
        domains={P1: ["APO-06a", "ZEU-01a"]},
        agora=["ZEU-02a"],
        oracle=["ZEU-01b", "HEP-05a", "HEP-01a"],
        columns={P1: ["yellow"]},
        turn_index=9,
        card_takes={P1: 2, P2: 3, P3: 3},
        quests={P1: "Q1", P2: "Q2", P3: "Q3"},
    )
    play(s, "use APO-06a")
    assert decision(s) == ("oracle_free_card", P1)
    assert options(s) == ["oracle HEP-01a", "oracle HEP-05a"]
    events = play(s, "oracle HEP-05a")
    assert {"kind": "oracle_card", "player": P1, "card": "HEP-05a"} in events
    assert player_view(s, P1)["domain"][-1] == {
        "card": "HEP-05a",
        "turned": False,
        "ring": True,
        "notes": ["ring: its Trigger is unused"],
    }
    # Back in the turn, Pandora cannot be used, so the Citizen is the only option and is taken
    # automatically: that take is P1's third, the extra card did not count. The next window is
    # P1's Writing step, where Pandora's Trigger may be used.
    assert of_kind(events, "citizen") == [{"kind": "citizen", "player": P1, "received": True}]
    assert s.card_takes[P1] == 3
    assert decision(s) == ("write", P1)
    assert "use HEP-05a" in options(s)
    # An Instantaneous extra card resolves at once.
    s = at(families=APOLLO, domains={P1: ["APO-06a"]}, agora=["ZEU-02a"], oracle=["HEP-01a"])
    play(s, "use APO-06a")
    assert s.gold[P1] == 6
    assert domain(s, P1) == ["APO-06a", "HEP-01a"]
    # Nothing qualifies: the power is spent and does nothing.
    s = at(families=APOLLO, domains={P1: ["APO-06a", "ZEU-01a"]}, agora=["ZEU-02a"], oracle=[])
    play(s, "use APO-06a")
    assert decision(s) == ("turn", P1)
    assert domain(s, P1) == ["APO-06a", "ZEU-01a"]
    assert player_view(s, P1)["domain"][0]["ring"] is False


def test_primitive_oracle_swap() -> None:
    s = at(families=APOLLO, agora=["APO-02a", "ZEU-01a", "ZEU-02a"], oracle=["HEP-01a", "HEP-02a"])
    play(s, "take APO-02a")
    assert s.gold[P1] == 5
    # Two decisions of the same player: the Agora card (or no swap), then the Oracle card.
    assert decision(s) == ("oracle_swap_choice", P1)
    assert options(s) == ["swap out ZEU-01a", "swap out ZEU-02a", "no swap"]
    play(s, "swap out ZEU-02a")
    assert decision(s) == ("oracle_swap_target", P1)
    assert options(s) == ["swap in HEP-01a", "swap in HEP-02a"]
    events = play(s, "swap in HEP-01a")
    assert {"kind": "swap", "player": P1, "agora": "ZEU-02a", "oracle": "HEP-01a"} in events
    assert s.view(None)["public"]["agora"] == ["ZEU-01a", "HEP-01a"]
    assert s.view(None)["public"]["oracle"] == ["ZEU-02a", "HEP-02a"]
    assert decision(s) == ("dismiss_column", P1)
    # With one Oracle card the second decision has one option: it is applied at once.
    s = at(families=APOLLO, agora=["APO-02a", "ZEU-01a", "ZEU-02a"], oracle=["HEP-01a"])
    play(s, "take APO-02a", "swap out ZEU-01a")
    assert s.view(None)["public"]["agora"] == ["HEP-01a", "ZEU-02a"]
    assert s.view(None)["public"]["oracle"] == ["ZEU-01a"]
    assert decision(s) == ("dismiss_column", P1)
    # Declining leaves both rows as they were.
    s = at(families=APOLLO, agora=["APO-02a", "ZEU-01a"], oracle=["HEP-01a", "HEP-02a"])
    play(s, "take APO-02a", "no swap")
    assert s.view(None)["public"]["agora"] == ["ZEU-01a"]
    assert s.view(None)["public"]["oracle"] == ["HEP-01a", "HEP-02a"]
    assert decision(s) == ("dismiss_column", P1)
    # An empty Oracle: nothing to decide.
    s = at(families=APOLLO, agora=["APO-02a", "ZEU-01a"], oracle=[])
    play(s, "take APO-02a")
    assert decision(s) == ("dismiss_column", P1)


def test_primitive_copy_power() -> None:
    # Dolos copies an Instantaneous power of level ≤ 2 in any Domain (its own included, not
    # itself); the copier gains, and the target's opponents are the copier's opponents.
    s = at(
        families=HERMES,
        domains={P1: ["HER-04a", "ZEU-01a", "HER-07a"], P2: ["POS-01a", "POS-06a", "HER-04b"]},
        agora=["ZEU-02a"],
    )
    play(s, "use HER-04a")
    assert decision(s) == ("copy_target", P1)
    assert options(s) == ["copy ZEU-01a", "copy POS-01a"]
    events = play(s, "copy POS-01a")
    assert {"kind": "copy", "player": P1, "card": "POS-01a"} in events
    assert (s.gold[P1], s.gold[P2], s.gold[P3]) == (5, 3, 3)
    # Petasos (any window, up to level 3, Instantaneous/Activate/Trigger): the target keeps
    # its ring and turned state, used or not; copy_power cards are never targets.
    s = at(
        families=HERMES,
        domains={P1: ["HER-07a", "ZEU-02a"], P2: ["ZEU-05a", "HER-04b", "POS-06a"]},
        agora=["ZEU-01a"],
        vp={P1: 0},
    )
    s.turned[card(s, "ZEU-02a")] = True
    s.ring[card(s, "ZEU-05a")] = False
    play(s, "use HER-07a")
    assert options(s) == ["copy ZEU-02a", "copy ZEU-05a", "copy POS-06a"]
    play(s, "copy ZEU-02a")
    assert s.vp[P1] == 1
    assert s.turned[card(s, "ZEU-02a")] is True
    assert s.ring[card(s, "ZEU-05a")] is False
    s = at(
        families=HERMES,
        domains={P1: ["HER-07a", "ZEU-02a"], P2: ["ZEU-05a"]},
        agora=["ZEU-01a"],
        vp={P1: 0},
    )
    play(s, "use HER-07a", "copy ZEU-05a")
    assert s.vp[P1] == 1
    assert s.ring[card(s, "ZEU-05a")] is True
    assert s.turned[card(s, "ZEU-02a")] is False
    # No target: the power is spent all the same.
    s = at(families=HERMES, domains={P1: ["HER-04a"], P2: ["HER-07b"]}, agora=["ZEU-01a"])
    play(s, "use HER-04a")
    assert decision(s) == ("turn", P1)
    assert s.turned[card(s, "HER-04a")] is True
