"""Elysium in words: every event is told in a sentence, cards in full."""

from __future__ import annotations

import random

from elysium_helpers import P1, P2, at, play

import kleos.games.elysium  # noqa: F401
from kleos.core.protocol import Event
from kleos.core.registry import make
from kleos.games.elysium.present import card_text


def told(events: list[Event], game: object) -> dict[str, str]:
    """The first sentence of each kind of event."""
    sentences: dict[str, str] = {}
    for e in events:
        text = game.describe_event(e)  # type: ignore[attr-defined]
        assert text != str(e), e
        assert "{" not in text and "None" not in text, text
        if "player" in e:
            assert f"P{e['player'] + 1}" in text, text
        sentences.setdefault(e["kind"], text)
    return sentences


def test_every_event_is_told_in_words() -> None:
    events: list[Event] = []
    game = None
    for seed in range(6):
        game = make("elysium", players=2 + seed % 3, seed=seed)
        s = game.new_initial_state()
        rng = random.Random(seed)
        while not s.is_terminal():
            events += s.apply(rng.choice(s.legal_actions()))
    # Rarer events from scenarios: a reshuffle, an empty draw, a Citizen discarded.
    s = at(agora=["POS-04a", "ZEU-01b"], domains={P1: ["ZEU-01a"]}, citizens={P2: 1}, gold={P2: 0})
    events += play(s, "take POS-04a")
    s = at(agora=["ZEU-01b"], domains={P1: ["ZEU-01a"]})
    s.discard, s.draw = s.draw[:1], []
    events += play(s, "take citizen")
    s = at(agora=["ZEU-01b"], domains={P1: ["ZEU-01a"]})
    s.draw.clear()
    s.discard.clear()
    events += play(s, "take citizen")
    sentences = told(events, game)
    assert set(sentences) >= {
        "take",
        "quest",
        "citizen",
        "pass",
        "dismiss",
        "power",
        "gain",
        "income",
        "writing",
        "transfer",
        "end_step",
        "epoch",
        "scoring",
        "reshuffle",
        "discard",
        "family_tile",
        "level_tile",
    }
    assert sentences["reshuffle"] == (
        "The discard pile (1 cards) is shuffled into a new draw pile."
    )
    texts = [game.describe_event(e) for e in events]  # type: ignore[union-attr]
    assert "P1 takes a Citizen, but no card is left." in texts
    assert any("discards a Citizen, revealed as" in text for text in texts)


def test_scoring_is_told_per_player() -> None:
    s = at(epoch=5, start="writing", quests={P1: "Q1", P2: "Q2"}, gold={P1: 0, P2: 0, 2: 0})
    assert s.is_terminal()
    text = s.game.describe_event({"kind": "scoring", "outcome": s.outcome().to_json()})
    lines = text.splitlines()
    assert lines[0] == "Final scoring:"
    assert [line.split(":")[0].strip() for line in lines[1:4]] == ["P1", "P2", "P3"]
    assert lines[-1].endswith(("wins.", "share the victory."))


def test_card_text() -> None:
    g = make("elysium", players=3, seed=1)
    text = card_text(g.card(g.actions.card_index["HER-04c"]))  # type: ignore[attr-defined]
    assert text.startswith("HER-04c Dolos (Hermes L2; needs yellow + black; activate [actions]): ")
    text = card_text(g.card(g.actions.card_index["ZEU-07a"]))  # type: ignore[attr-defined]
    assert text == (
        "ZEU-07a Keraunos (Zeus L3; needs blue + red; permanent [on_take_quest]): "
        "Whenever you take a Quest, gain 2 VP."
    )
