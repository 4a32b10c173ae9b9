"""Hidden information (§14): the draw pile by its size, Citizens by handles; determinize."""

from __future__ import annotations

import json
import random

from elysium_helpers import P1, P2, P3, at, play, snapshot

import kleos.games.elysium  # noqa: F401
from kleos.core.registry import make
from kleos.games.elysium import ElysiumState


def with_citizens() -> ElysiumState:
    s = at(
        start="writing",
        quests={P1: "Q3", P2: "Q1", P3: "Q2"},
        citizens={P1: 2, P2: 1},
        gold={P1: 9},
        domains={P1: ["ZEU-01a"]},
        elysiums={P1: [{"cards": ["HEP-01a", "HAD-01a"], "citizens": [1]}]},
    )
    play(s, "transfer citizen to 1")
    return s


def hidden_cards(s: ElysiumState) -> list[int]:
    cards = list(s.draw)
    for p in range(s.game.players):
        cards += list(s.citizens[p])
        for _, _, _, citizens in s.elysium[p]:
            cards += [c for c, _ in citizens]
    return cards


def test_view_shows_the_draw_pile_by_size_and_citizens_by_handles() -> None:
    s = with_citizens()
    view = s.view(None)
    assert view["public"]["draw_pile"] == len(s.draw)
    assert view["public"]["players_state"][P1]["citizens"] == [2]
    assert view["public"]["players_state"][P2]["citizens"] == [3]
    assert view["public"]["players_state"][P1]["elysium"][0]["citizens"] == [
        {"citizen": 4, "level": 1},
        {"citizen": 1, "level": 1},
    ]
    text = json.dumps(view)
    for c in hidden_cards(s):
        assert f'"{s.game.card(c).id}"' not in text
    # No player has private information: every seat sees the spectator's view.
    for p in range(3):
        assert s.view(p) == {**view, "viewer": p}


def test_determinize_keeps_the_view_and_reshuffles_hidden_cards() -> None:
    s = with_citizens()
    before = snapshot(s)
    faces = set()
    for seed in range(8):
        d = s.determinize(P2, random.Random(seed))
        assert snapshot(d) == before
        assert sorted(hidden_cards(d)) == sorted(hidden_cards(s))
        faces.add((tuple(d.draw), d.citizens[P1], d.elysium[P1]))
        # The copy is independent, plays on, and its chance is reseeded.
        assert d.chance_seed != s.chance_seed
        d.apply(d.legal_actions()[0])
        assert snapshot(s) == before
    assert len(faces) == 8


def test_determinize_during_random_play() -> None:
    g = make("elysium", players=4, seed=3, families=["zeus", "hades", "apollo", "hermes", "ares"])
    s = g.new_initial_state()
    rng = random.Random(3)
    steps = 0
    while not s.is_terminal():
        if steps % 25 == 0:
            d = s.determinize(s.current_player, random.Random(steps))
            assert d.view(s.current_player) == s.view(s.current_player)
            assert d.legal_actions() == s.legal_actions()
        s.apply(rng.choice(s.legal_actions()))
        steps += 1
    assert steps > 100
