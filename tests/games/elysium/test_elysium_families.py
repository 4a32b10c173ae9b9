"""Every design of the card set played through its power (§13), one test per family.

Each design has one scenario, registered under its design id. A scenario builds a position,
makes the power work and asserts what it did. For powers that act (Instantaneous, Activate,
Trigger, Eleusis, hooked Permanent) it returns the events, and `exercise` also checks that a
card of that design acted in them; static powers (Legend, Chronos, static Permanent) are
shown by comparing the same position with and without the card. A design counts as
exercised only once its scenario has passed. `test_every_design_is_exercised` fails if any
design of the card data has no scenario, and runs any scenario not run yet, so it holds
whatever tests were selected and in whatever order they ran.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from elysium_helpers import (
    P1,
    P2,
    P3,
    RECOMMENDED,
    acted,
    at,
    decision,
    end_steps,
    game,
    of_kind,
    options,
    play,
)

from kleos.core.protocol import Event
from kleos.games.elysium import ElysiumState
from kleos.games.elysium.cards import load_card_set

Scenario = Callable[[], list[Event]]
Played = tuple[ElysiumState, list[Event]]
SCENARIOS: dict[str, Scenario] = {}
EXERCISED: set[str] = set()
ACTING = ("instantaneous", "activate", "trigger", "eleusis")
"""Power types (with hooked Permanents) whose use shows in the events."""

QUESTS = {P1: "Q1", P2: "Q2", P3: "Q3"}
GAME = game()
"""Any game will do to name cards: every game holds the whole card set's action table."""
ARES = ("ares", "zeus", "hades", "athena", "hephaestus")
APOLLO = ("apollo", "zeus", "hades", "athena", "hephaestus")
HERMES = ("hermes", "zeus", "hades", "athena", "hephaestus")


def scenario(design_id: str) -> Callable[[Scenario], Scenario]:
    """Register the scenario of one design."""

    def register(fn: Scenario) -> Scenario:
        assert design_id not in SCENARIOS, design_id
        SCENARIOS[design_id] = fn
        return fn

    return register


def exercise(design_id: str) -> None:
    """Run a design's scenario; with an acting power, check that a card of it acted."""
    events = SCENARIOS[design_id]()
    design = next(d for d in load_card_set().designs if d.id == design_id)
    if design.power in ACTING or design.hook:
        assert design_id in acted(GAME.new_initial_state(), events), f"{design_id} did not act"
    EXERCISED.add(design_id)


def run_family(code: str) -> None:
    designs = [d.id for d in load_card_set().designs if d.id.startswith(code)]
    assert len(designs) == 7
    for design_id in designs:
        exercise(design_id)


# ---------------------------------------------------------------- scenario building blocks


def take(card: str, families: tuple[str, ...] = RECOMMENDED, **kw: Any) -> Played:
    """P1 takes `card` from the Agora at a Phase II turn."""
    kw.setdefault("agora", [card, "ZEU-02c"])
    s = at(families=families, **kw)
    return s, play(s, f"take {card}", by=P1)


def use(card: str, families: tuple[str, ...] = RECOMMENDED, **kw: Any) -> Played:
    """P1 uses `card` at a Phase II turn (or in the Writing step, with start='writing')."""
    domains = kw.pop("domains", {})
    domains[P1] = [card, *domains.get(P1, [])]
    kw.setdefault("agora", ["ZEU-02c", "HEP-02c"])
    if kw.get("start") == "writing":
        kw.setdefault("quests", QUESTS)
    s = at(families=families, domains=domains, **kw)
    return s, play(s, f"use {card}", by=P1)


def eleusis(card: str, partner: str, families: tuple[str, ...] = RECOMMENDED, **kw: Any) -> Played:
    """P1 resolves `card` first among two active Eleusis powers in the income step."""
    domains = kw.pop("domains", {})
    domains[P1] = [card, partner]
    s = at(families=families, start="income", quests=QUESTS, domains=domains, **kw)
    assert decision(s) == ("order_eleusis", P1)
    return s, play(s, f"resolve {card}", by=P1)


def hook(card: str, families: tuple[str, ...] = RECOMMENDED, **kw: Any) -> Played:
    """P1 takes Quest Q1 holding the hooked `card`."""
    domains = kw.pop("domains", {})
    domains[P1] = [card, *domains.get(P1, [])]
    s = at(families=families, domains=domains, agora=["ZEU-02c", "HEP-02c"], **kw)
    return s, play(s, "quest Q1", by=P1)


def writing(families: tuple[str, ...] = RECOMMENDED, **kw: Any) -> ElysiumState:
    """P1's Writing step."""
    return at(families=families, start="writing", quests=QUESTS, **kw)


def final(domain: list[str], families: tuple[str, ...] = RECOMMENDED, **kw: Any) -> Any:
    """P1's final score breakdown after the last Writing step of epoch 5."""
    kw.setdefault("gold", {})
    kw["gold"] = {P1: 0, P2: 0, P3: 0} | kw["gold"]
    s = at(families=families, epoch=5, start="writing", quests=QUESTS, domains={P1: domain}, **kw)
    end_steps(s)
    assert s.is_terminal()
    return s.outcome().breakdown[P1]


def gains(events: list[Event], player: int = P1) -> list[tuple[str, int]]:
    return [(e["resource"], e["n"]) for e in of_kind(events, "gain") if e["player"] == player]


# ------------------------------------------------------------------------------- Zeus


@scenario("ZEU-01")
def hebe() -> list[Event]:
    s, events = take("ZEU-01a", vp={P1: 0})
    assert s.vp[P1] == 2
    return events


@scenario("ZEU-02")
def ganymede() -> list[Event]:
    s, events = use("ZEU-02a", vp={P1: 0})
    assert s.vp[P1] == 1
    return events


@scenario("ZEU-03")
def iris() -> list[Event]:
    s, events = eleusis("ZEU-03a", "HEP-03a", vp={P1: 0})
    assert gains(events) == [("vp", 1), ("gold", 1)]
    assert s.vp[P1] == 1
    return events


@scenario("ZEU-04")
def themis() -> list[Event]:
    for kept, vp in ((["ZEU-04a"], 1), ([], 0)):
        s = writing(domains={P1: ["HEP-04a", *kept]}, gold={P1: 9}, vp={P1: 0})
        play(s, "transfer HEP-04a to new")
        assert s.vp[P1] == vp
    return []


@scenario("ZEU-05")
def nike() -> list[Event]:
    elysium = [{"cards": ["HEP-01a", "HAD-01a"]}, {"cards": ["ZEU-01a", "ZEU-04a"]}]
    s, events = use("ZEU-05a", vp={P1: 0}, elysiums={P1: elysium})
    assert s.vp[P1] == 1 + 2
    return events


@scenario("ZEU-06")
def hera() -> list[Event]:
    elysium = [
        {"cards": ["ZEU-01a", "ZEU-04a"], "citizens": [3]},
        {"cards": ["HEP-01a", "HAD-01a", "POS-01a"]},
        {"cards": ["ATH-01a", "ATH-04a"]},
    ]
    with_hera = final(["ZEU-06a"], elysiums={P1: elysium})
    without = final([], elysiums={P1: elysium})
    assert (with_hera["chronos"], without["chronos"]) == (2 * 2, 0)
    assert with_hera["total"] - without["total"] == 4
    return []


@scenario("ZEU-07")
def keraunos() -> list[Event]:
    s, events = hook("ZEU-07a", vp={P1: 0})
    assert s.vp[P1] == 2
    assert decision(s) == ("dismiss_column", P1)
    return events


# --------------------------------------------------------------------------- Poseidon


@scenario("POS-01")
def triton() -> list[Event]:
    s, events = take("POS-01a", gold={P3: 0})
    assert (s.gold[P1], s.gold[P2], s.gold[P3]) == (5, 3, 0)
    return events


@scenario("POS-02")
def hippocampus() -> list[Event]:
    s, events = use("POS-02a", gold={P2: 1})
    assert (s.gold[P1], s.gold[P2], s.gold[P3]) == (4, 0, 3)
    return events


@scenario("POS-03")
def nereids() -> list[Event]:
    s, events = eleusis("POS-03a", "HEP-03a", vp={P1: 5, P2: 5, P3: 0})
    assert (s.vp[P1], s.vp[P2], s.vp[P3]) == (5, 4, 0)
    return events


@scenario("POS-04")
def cyclopes() -> list[Event]:
    s, events = take("POS-04a", domains={P2: ["ZEU-01a"], P3: ["HEP-01a"]}, gold={P3: 1})
    assert options(s) == ["discard ZEU-01a", "lose 2 gold"]
    events += play(s, "lose 2 gold")
    # P3's 1 gold does not pay 2 in full, so discarding its only card is its only option.
    assert (s.gold[P2], s.gold[P3], s.domain[P3]) == (2, 1, ())
    assert s.view(None)["public"]["discard"][-1] == "HEP-01a"
    return events


@scenario("POS-05")
def scylla() -> list[Event]:
    s, events = use("POS-05a", start="writing", domains={P2: ["ZEU-01a"]}, vp={P2: 2, P3: 3})
    assert decision(s) == ("attack_payment", P2)
    assert options(s) == ["discard ZEU-01a", "lose 2 vp"]
    events += play(s, "discard ZEU-01a")
    assert s.vp[P3] == 1
    assert s.view(None)["public"]["discard"][-1] == "ZEU-01a"
    return events


@scenario("POS-06")
def charybdis() -> list[Event]:
    s, events = take("POS-06a", domains={P2: ["ZEU-01a", "HEP-01a"]}, citizens={P3: 1}, vp={P1: 0})
    assert s.vp[P1] == 1
    assert options(s) == ["discard ZEU-01a", "discard HEP-01a"]
    events += play(s, "discard HEP-01a")
    assert s.citizens[P3] == ()  # P3's only choice, a Citizen, was discarded automatically
    return events


@scenario("POS-07")
def triaina() -> list[Event]:
    s, events = hook("POS-07a", gold={P2: 0})
    assert (s.gold[P1], s.gold[P2], s.gold[P3]) == (4, 0, 3)
    return events


# ------------------------------------------------------------------------------ Hades


@scenario("HAD-01")
def charon() -> list[Event]:
    s, events = take("HAD-01a")
    assert options(s) == ["transfer HAD-01a to new", "stop"]
    events += play(s, "transfer HAD-01a to new")
    assert s.gold[P1] == 3
    assert s.view(None)["public"]["players_state"][P1]["elysium"][0]["cards"] == ["HAD-01a"]
    return events


@scenario("HAD-02")
def shades() -> list[Event]:
    s, events = take("HAD-02a")
    assert (len(s.citizens[P1]), s.gold[P1], s.card_takes[P1]) == (1, 6, 1)
    return events


@scenario("HAD-03")
def asphodel() -> list[Event]:
    s, events = eleusis("HAD-03a", "ZEU-03a", gold={P1: 0})
    assert decision(s) == ("write", P1)
    assert "transfer ZEU-03a to new" in options(s)
    cost = of_kind(play(s, "transfer ZEU-03a to new"), "transfer")[0]["cost"]
    assert cost == 0
    return events


@scenario("HAD-04")
def thanatos() -> list[Event]:
    s, events = use("HAD-04a", start="writing")
    assert s.allowance == 2 + 1
    return events


@scenario("HAD-05")
def hypnos() -> list[Event]:
    for kept, offered in ((["HAD-05a"], True), ([], False)):
        s = writing(
            domains={P1: ["ZEU-02a", *kept]},
            citizens={P1: 1},
            gold={P1: 0},
            elysiums={P1: [{"cards": ["HEP-04a", "POS-04a"]}]},
        )
        assert decision(s) == ("write", P1)
        assert ("transfer citizen to 1" in options(s)) is offered
    return []


@scenario("HAD-06")
def persephone() -> list[Event]:
    elysium = [{"cards": ["ZEU-01a", "HEP-01a"], "citizens": [1, 1, 1]}]
    kept = final(["HAD-06a"], elysiums={P1: elysium})
    banked = final([], elysiums={P1: elysium})
    assert (kept["citizens"], banked["citizens"]) == (0, -6)
    return []


@scenario("HAD-07")
def cerberus() -> list[Event]:
    for kept, allowance, cost in ((["HAD-07a"], 3, 0), ([], 2, 1)):
        s = writing(domains={P1: ["ZEU-01a", *kept]}, gold={P1: 9})
        assert s.allowance == allowance
        assert of_kind(play(s, "transfer ZEU-01a to new"), "transfer")[0]["cost"] == cost
    return []


# ------------------------------------------------------------------------------- Ares


@scenario("ARE-01")
def phobos() -> list[Event]:
    s, events = take("ARE-01a", ARES)
    assert s.pp[P1] == 2
    return events


@scenario("ARE-02")
def deimos() -> list[Event]:
    s, events = use("ARE-02a", ARES)
    assert s.pp[P1] == 1
    return events


@scenario("ARE-03")
def enyo() -> list[Event]:
    s, events = eleusis("ARE-03a", "ZEU-03a", ARES)
    assert s.pp[P1] == 1
    return events


@scenario("ARE-04")
def amazons() -> list[Event]:
    s, events = hook("ARE-04a", ARES)
    assert s.pp[P1] == 1
    return events


@scenario("ARE-05")
def eris() -> list[Event]:
    s, events = use("ARE-05a", ARES, pp={P2: 3})
    assert (s.pp[P1], s.pp[P2], s.pp[P3]) == (2, 2, 0)
    return events


@scenario("ARE-06")
def hippolyta() -> list[Event]:
    for kept, pp in ((["ARE-06a"], 2), ([], 0)):
        s = writing(
            ARES,
            domains={P1: ["ZEU-01a", *kept]},
            citizens={P1: 1},
            gold={P1: 9},
            elysiums={P1: [{"cards": ["ZEU-04a", "HEP-04a"]}]},
        )
        play(s, "transfer ZEU-01a to new", "transfer citizen to 1")
        assert s.pp[P1] == pp
    return []


@scenario("ARE-07")
def spartoi() -> list[Event]:
    elysium = [{"cards": ["ZEU-01a", "HEP-01a"]}, {"cards": ["ZEU-04a", "ZEU-06a"]}]
    kept = final(["ARE-07a"], ARES, elysiums={P1: elysium}, pp={P2: 1})
    banked = final([], ARES, elysiums={P1: elysium}, pp={P2: 1})
    assert (kept["pp"], kept["ares"]) == (2, 16)
    assert (banked["pp"], banked["ares"]) == (0, 0)
    return []


# ----------------------------------------------------------------------------- Apollo


@scenario("APO-01")
def cassandra() -> list[Event]:
    s, events = use("APO-01a", APOLLO, oracle=["ZEU-01a"])
    assert "take ZEU-01a" in options(s)
    events += play(s, "take ZEU-01a")
    assert {"kind": "take", "player": P1, "card": "ZEU-01a", "source": "oracle"} in events
    return events


@scenario("APO-02")
def hyacinthus() -> list[Event]:
    s, events = take("APO-02a", APOLLO, oracle=["ZEU-01a"])
    assert s.gold[P1] == 5
    events += play(s, "swap out ZEU-02c")  # one Oracle card: the swap-in is automatic
    assert s.view(None)["public"]["agora"] == ["ZEU-01a"]
    return events


@scenario("APO-03")
def muses() -> list[Event]:
    s, events = eleusis("APO-03a", "ZEU-03a", APOLLO)
    assert decision(s) == ("write", P1)
    assert s.allowance == 2 + 1
    return events


@scenario("APO-04")
def orpheus() -> list[Event]:
    for kept, allowance in ((["APO-04a"], 3), ([], 2)):
        s = writing(APOLLO, domains={P1: ["ZEU-01a", *kept]})
        assert s.allowance == allowance
    return []


@scenario("APO-05")
def pythia() -> list[Event]:
    for kept, offered in ((["APO-05a"], True), ([], False)):
        s = at(families=APOLLO, domains={P1: kept}, agora=["ZEU-02c"], oracle=["ZEU-01a"])
        assert ("take ZEU-01a" in options(s)) is offered
    return []


@scenario("APO-06")
def asclepius() -> list[Event]:
    s, events = use("APO-06a", APOLLO, oracle=["ZEU-06a", "HEP-01a"], columns={P1: ["red"]})
    assert options(s) == ["oracle ZEU-06a", "oracle HEP-01a"]
    events += play(s, "oracle ZEU-06a")
    assert "ZEU-06a" in [d["card"] for d in s.view(None)["public"]["players_state"][P1]["domain"]]
    assert (s.card_takes[P1], s.view(None)["public"]["players_state"][P1]["columns"]) == (
        0,
        ["red"],
    )
    return events


@scenario("APO-07")
def daphne() -> list[Event]:
    elysium = [
        {"cards": ["ZEU-01a", "HEP-01a"]},
        {"cards": ["ZEU-04a", "HAD-04a"]},
        {"cards": ["ZEU-02a", "ZEU-06a"]},
    ]
    kept = final(["APO-07a"], APOLLO, elysiums={P1: elysium})
    banked = final([], APOLLO, elysiums={P1: elysium})
    assert (kept["chronos"], banked["chronos"]) == (2 * 2, 0)
    return []


# ----------------------------------------------------------------------------- Athena


def gift_round(s: ElysiumState, first: str, second: str) -> list[Event]:
    """P2 then P3 choose their gifts."""
    assert decision(s) == ("gift_choice", P2)
    events = play(s, first)
    assert decision(s) == ("gift_choice", P3)
    return events + play(s, second)


@scenario("ATH-01")
def arachne() -> list[Event]:
    s, events = take("ATH-01a", vp={P1: 0, P2: 0, P3: 0})
    events += gift_round(s, "gift 2 gold", "gift 1 vp")
    assert (s.gold, s.vp) == ([6, 6, 4], [1, 0, 1])
    return events


@scenario("ATH-02")
def glaux() -> list[Event]:
    s, events = use("ATH-02a", vp={P1: 0, P2: 0, P3: 0})
    events += gift_round(s, "gift 1 vp", "gift 1 gold")
    assert (s.gold, s.vp) == ([5, 4, 5], [1, 1, 0])
    return events


@scenario("ATH-03")
def erichthonius() -> list[Event]:
    s, events = eleusis("ATH-03a", "HEP-03a", vp={P1: 0, P2: 0, P3: 0})
    events += gift_round(s, "gift 1 gold", "gift 1 gold")
    assert (s.gold, s.vp) == ([4 + 1 + 1, 5, 5], [1, 0, 0])
    return events


@scenario("ATH-04")
def aegis() -> list[Event]:
    for kept, gold, immune in ((["ATH-04a"], 4, True), ([], 3, False)):
        s, events = take("POS-01a", domains={P2: kept})
        assert s.gold[P2] == gold
        assert ({"kind": "immune", "player": P2} in events) is immune
    return []


@scenario("ATH-05")
def bellerophon() -> list[Event]:
    s, events = use("ATH-05a", vp={P1: 0, P2: 0, P3: 0})
    events += gift_round(s, "gift 3 gold", "gift 2 vp")
    assert (s.gold, s.vp) == ([7, 7, 4], [2, 0, 2])
    return events


@scenario("ATH-06")
def perseus() -> list[Event]:
    s, events = take("ATH-06a", vp={P1: 0, P2: 0, P3: 0})
    events += gift_round(s, "gift 3 vp", "gift 3 gold")
    assert (s.gold, s.vp) == ([7, 4, 7], [3, 3, 0])
    return events


@scenario("ATH-07")
def odysseus() -> list[Event]:
    for kept, gold, allowance in ((["ATH-07a"], 1, 3), ([], 0, 2)):
        s = writing(domains={P1: ["ZEU-02a", *kept]}, gold={P1: 0})
        assert decision(s) == ("write", P1)
        assert (s.gold[P1], s.allowance) == (gold, allowance)
    return []


# ----------------------------------------------------------------------------- Hermes


@scenario("HER-01")
def talaria() -> list[Event]:
    s, events = take("HER-01a", HERMES)
    assert s.view(None)["public"]["players_state"][P1]["columns"] == [
        "yellow",
        "blue",
        "green",
        "red",
    ]
    assert decision(s) == ("turn", P2)
    return events


@scenario("HER-02")
def autolycus() -> list[Event]:
    s, events = take("HER-02a", HERMES, gold={P3: 1})
    events += play(s, "steal from P3")
    assert (s.gold[P1], s.gold[P3]) == (5, 0)
    return events


@scenario("HER-03")
def maia() -> list[Event]:
    s, events = eleusis("HER-03a", "ZEU-03a", HERMES)
    assert options(s) == ["steal from P2", "steal from P3"]
    events += play(s, "steal from P2")
    assert (s.gold[P1], s.gold[P2]) == (5, 3)
    return events


@scenario("HER-04")
def dolos() -> list[Event]:
    s, events = use("HER-04a", HERMES, domains={P2: ["HEP-01a"]})
    assert s.gold[P1] == 6
    assert s.turned[s.game.actions.card_index["HER-04a"]]
    return events


@scenario("HER-05")
def pan() -> list[Event]:
    s, events = use("HER-05a", HERMES, agora=["ZEU-06a", "ZEU-02c"], columns={P1: ["red"]})
    assert "take ZEU-06a" in options(s)
    events += play(s, "take ZEU-06a")
    return events


@scenario("HER-06")
def kerykeion() -> list[Event]:
    for kept, offered in ((["HER-06b"], True), ([], False)):
        s = at(
            families=HERMES,
            domains={P1: kept},
            agora=["ZEU-06a", "ZEU-02c"],
            columns={P1: ["blue", "red"]},
        )
        assert ("take ZEU-06a" in options(s)) is offered
    return []


@scenario("HER-07")
def petasos() -> list[Event]:
    s, events = use("HER-07a", HERMES, start="writing", domains={P2: ["HEP-05a"]})
    assert s.gold[P1] == 4 + 4
    assert s.ring[s.game.actions.card_index["HEP-05a"]]
    return events


# ------------------------------------------------------------------------- Hephaestus


@scenario("HEP-01")
def cedalion() -> list[Event]:
    s, events = take("HEP-01a")
    assert s.gold[P1] == 6
    return events


@scenario("HEP-02")
def cabeiri() -> list[Event]:
    s, events = use("HEP-02a")
    assert s.gold[P1] == 5
    return events


@scenario("HEP-03")
def golden_maidens() -> list[Event]:
    s, events = eleusis("HEP-03a", "ZEU-03a")
    assert s.gold[P1] == 5
    return events


@scenario("HEP-04")
def talos() -> list[Event]:
    s, events = hook("HEP-04a")
    assert s.gold[P1] == 6
    return events


@scenario("HEP-05")
def pandora() -> list[Event]:
    s, events = use("HEP-05a")
    assert s.gold[P1] == 8
    return events


@scenario("HEP-06")
def forge_of_lemnos() -> list[Event]:
    for kept, gold, cost in ((["HEP-06a"], 1, 0), ([], 0, 1)):
        s = writing(domains={P1: ["ZEU-02a", *kept]}, gold={P1: 0})
        assert decision(s) == ("write", P1)
        assert s.gold[P1] == gold
        assert ("transfer ZEU-02a to new" in options(s)) is (cost == 0)
    return []


@scenario("HEP-07")
def thesauros() -> list[Event]:
    kept = final(["HEP-07a"], gold={P1: 7})
    banked = final([], gold={P1: 7})
    assert (kept["chronos"], banked["chronos"]) == (3, 0)
    return []


# ------------------------------------------------------------------------------ tests


def test_family_zeus() -> None:
    run_family("ZEU")


def test_family_poseidon() -> None:
    run_family("POS")


def test_family_hades() -> None:
    run_family("HAD")


def test_family_ares() -> None:
    run_family("ARE")


def test_family_apollo() -> None:
    run_family("APO")


def test_family_athena() -> None:
    run_family("ATH")


def test_family_hermes() -> None:
    run_family("HER")


def test_family_hephaestus() -> None:
    run_family("HEP")


def test_every_design_is_exercised() -> None:
    designs = {d.id for d in load_card_set().designs}
    assert len(designs) == 56
    assert set(SCENARIOS) == designs
    for design_id in sorted(designs - EXERCISED):
        exercise(design_id)
    assert designs == EXERCISED
