"""The information model: what each player may see (spec §10, §10.1)."""

from __future__ import annotations

import json
import random

import pytest
from ilium_helpers import (
    BV,
    SE,
    VARIANT_COMBOS,
    finish_randomly,
    make,
    play,
    scenario,
)

from kleos.games.ilium.board import TYPES, parse_token

PUBLIC_KEYS = {
    "first_player",
    "turn",
    "sites",
    "paths",
    "hands",
    "current_turn",
    "excavation",
    "offer_used",
    "fours_on_sites",
    "removed_tokens",
    "majorities",
}


def public(view):
    return {k: v for k, v in view.items() if k not in ("viewer", "private")}


def midgame_states(players, variants, seed, count=6):
    """A few states along a random game."""
    state = make(players, variants, seed=seed).new_initial_state()
    rng = random.Random(seed)
    states = []
    while not state.is_terminal():
        if rng.random() < 0.08 and len(states) < count:
            states.append(state.clone())
        state.apply_unchecked(rng.choice(state.legal_actions()))
    return [*states, state]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_view_public_part_identical_for_every_player(players):
    """§10.1 items 1–9: the public part is the same for every viewer and for a spectator."""
    for state in midgame_states(players, (), seed=players):
        spectator = public(state.view(None))
        for p in range(players):
            assert public(state.view(p)) == spectator


def test_view_contains_the_listed_items():
    """§10.1: settings, turn and pending decision, sites, paths, hands, the turn so far, the
    offer flag and the removed tokens; the results once the game is over."""
    state = make(3, seed=1).new_initial_state()
    view = state.view(0)
    assert set(view["public"]) == PUBLIC_KEYS
    assert view["outcome"] is None and not view["is_terminal"]
    assert [seat["name"] for seat in view["seats"]] == ["Red", "Yellow", "Green"]
    assert [seat["colour"] for seat in view["seats"]] == ["red", "yellow", "green"]
    assert view["players"] == 3 and view["public"]["removed_tokens"] == []
    assert make(2).new_initial_state().view(None)["public"]["removed_tokens"]
    finished = finish_randomly(make(3, seed=2).new_initial_state())
    assert finished.view(None)["outcome"] == finished.outcome().to_json()


def test_static_info_holds_the_board_and_the_settings():
    """§1–§3: the board's sites (with coordinates) and paths (with their ends, shovel end first,
    and spaces), the closed sites of a 2-player game, the artifacts, decks and variants."""
    static = make(2, [SE], seed=1).static_info()
    board = static["data"]["board"]
    assert static["variants"] == [SE] and static["players"] == 2
    assert {s["id"] for s in board["sites"] if s["closed"]} == {"SIG", "ACH", "BES"}
    p12 = next(p for p in board["paths"] if p["id"] == "p12")
    assert p12["ends"][0] == p12["shovel_end"] and p12["spaces"] == 4 and p12["used"]
    assert not next(p for p in board["paths"] if p["id"] == "p01")["used"]
    assert static["data"]["artifact_types"] == list(TYPES)
    assert static["data"]["starting_deck"] == {"1": 12, "2": 12, "3": 3}
    four = make(4, seed=1).static_info()["data"]
    assert four["starting_deck"] == {"1": 8, "2": 8, "3": 3}
    assert four["removed_cards"] == {"1": 4, "2": 4}


def test_view_private_part_is_own_historian_and_top_card():
    """§10.1 items 10–11: a player's view adds only their own Historian and top card."""
    state = scenario(
        3, decks={0: [2, 3], 1: [1], 2: [2, 2]}, historians=["Bottles", "Coins", "Horses"]
    )
    assert state.view(0)["private"] == {"historian": "Bottles", "top_card": 3}
    assert state.view(1)["private"] == {"historian": "Coins", "top_card": 1}
    assert state.view(2)["private"] == {"historian": "Horses", "top_card": 2}
    play(state, "place p13:0", "no more cubes")
    assert state.view(1)["private"] == {"historian": "Coins", "top_card": None}
    assert state.view(None)["private"] == {}


@pytest.mark.parametrize("variants", VARIANT_COMBOS)
def test_view_hides_other_players_secrets(variants):
    """§10.1: a view never holds another's Historian or top card, any deck order below the top
    card, or the undealt Historians: resampling them leaves the view unchanged."""
    rng = random.Random(5)
    for state in midgame_states(3, variants, seed=5):
        for p in range(3):
            view = state.view(p)
            for _ in range(3):
                assert state.determinize(p, rng).view(p) == view


def test_determinize_resamples_what_the_viewer_cannot_see():
    """§10: others' Historians and deck orders are hidden, so they are resampled."""
    state = make(4, seed=3).new_initial_state()
    rng = random.Random(3)
    historians = {state.determinize(0, rng).historian for _ in range(30)}
    assert len(historians) > 1
    assert all(h[0] == state.historian[0] for h in historians)
    decks = {state.determinize(0, rng).deck[1] for _ in range(10)}
    assert len(decks) > 1
    own = {state.determinize(0, rng).deck[0][-1] for _ in range(10)}
    assert own == {state.deck[0][-1]}


def test_spectator_view_has_no_private_part():
    """§10.1: a spectator (None) sees only the public part."""
    state = make(3, [SE], seed=4).new_initial_state()
    assert state.view(None)["private"] == {}
    assert state.view(None)["viewer"] is None


def test_view_shows_pending_decision():
    """§10.1 item 2: the active player, the pending decision (kind and words) and its decider."""
    state = scenario(3, decks={0: [1, 1]})
    play(state, "place p13:3")
    view = state.view(2)
    assert (view["public"]["turn"], view["current_player"]) == (0, 0)
    assert view["decision"] == {
        "kind": "cube",
        "prompt": "Red may place a supply cube on p13 or choose 'no more cubes'",
    }
    current = view["public"]["current_turn"]
    assert current == {"card": 1, "path": "p13", "group_space": 3, "last_cube": None}
    play(state, "cube p13:1")
    assert state.view(2)["public"]["current_turn"]["last_cube"] == 1


def test_view_shows_excavation_in_progress():
    """§10.1 item 6: during an excavation, F, P2, whether P2 qualifies and F's chosen site."""
    state = scenario(
        3,
        decks={0: [2, 1]},
        groups=[(1, "p20", 3, 1)],
        stocks={"HIS": ["Coins-1", "Horses-1"], "THY": ["Bottles-2", "Armbands-2"]},
    )
    play(state, "place p20:0", "cube p20:1", "cube p20:2")
    assert state.view(2)["public"]["excavation"] == {
        "path": "p20",
        "first": 0,
        "second": 1,
        "second_qualifies": True,
        "site": None,
        "pending_takes": [],
    }
    play(state, "site THY")
    assert state.view(2)["public"]["excavation"] == {
        "path": "p20",
        "first": 0,
        "second": 1,
        "second_qualifies": True,
        "site": "THY",
        "pending_takes": [{"player": 0, "site": "THY"}, {"player": 1, "site": "HIS"}],
    }
    play(state, "take Armbands", "take Horses")
    assert state.view(2)["public"]["excavation"] is None


def test_view_shows_sites_paths_hands():
    """§10.1 items 3–5: site tokens, every space of every usable path, each hand in public."""
    state = scenario(
        3,
        stocks={"KAL": ["Coins-1", "Horses-3", "Bottles-5"]},
        groups=[(1, "p25", 2, 3)],
        cubes=[(1, "p25", 3)],
        hoards={2: ["Helmets-2", "Coins-1"]},
        cubes_left=[3, 2, 1],
    )
    view = state.view(0)
    public = view["public"]
    assert public["sites"]["KAL"] == ["Coins-1", "Horses-3", "Bottles-5"]
    assert public["paths"]["p25"] == [None, None, {"group": 1, "size": 3}, {"cube": 1}]
    assert public["hands"][2]["tokens"] == ["Coins-1", "Helmets-2"]
    assert [h["cubes"] for h in public["hands"]] == [3, 2, 1]
    assert [seat["cubes"] for seat in view["seats"]] == [3, 2, 1]
    assert (view["seats"][2]["tokens"], view["seats"][2]["artifacts"]) == (2, 3)


def test_two_player_view_lists_removed_tokens():
    """§3.2 step 6, §10.1 item 8: the 14 removed tokens are public in every 2-player view."""
    state = make(2, seed=8).new_initial_state()
    removed = state.view(None)["public"]["removed_tokens"]
    assert len(removed) == 14
    assert state.view(0)["public"]["removed_tokens"] == removed
    assert state.view(1)["public"]["removed_tokens"] == removed


def test_burial_vaults_view_lists_queue_and_variants():
    """§10.1 items 1 and 3: the variant flags and, in Burial Vaults, each site's queue."""
    state = make(3, [BV, SE], seed=2).new_initial_state()
    view = state.view(None)
    assert sorted(state.game.static_info()["variants"]) == sorted([BV, SE])
    for site in state.game.board.sites:
        assert view["public"]["sites"][site.id] == [
            f"{TYPES[c & 7]}-{c >> 3}" for c in state.stock[site.index]
        ]


def test_view_after_game_reveals_historians_donations_and_scores():
    """§10.1 item 9, §7 step 6: after the game every Historian, donation and score is public."""
    state = finish_randomly(make(4, seed=9).new_initial_state(), seed=9)
    final = state.view(None)["outcome"]
    assert [part["historian"] for part in final["breakdown"]] == [TYPES[h] for h in state.historian]
    assert final["scores"] == list(state.outcome().scores)
    assert final["winners"] == list(state.outcome().winners)
    for part in final["breakdown"]:
        assert {"donated", "majorities", "sets", "total", "artifacts"} <= set(part)
    assert state.view(None)["decision"] is None and state.view(None)["is_terminal"]


def test_views_are_json_ready():
    """§10.1: views are plain JSON data."""
    for variants in VARIANT_COMBOS:
        for state in midgame_states(2, variants, seed=11, count=3):
            for p in (None, 0, 1):
                view = state.view(p)
                assert json.loads(json.dumps(view)) == view


def test_no_chance_during_play():
    """§10: all chance happens at set-up; the same seed and actions give the same game."""
    a = make(3, [SE], seed=21).new_initial_state()
    b = make(3, [SE], seed=21).new_initial_state()
    rng = random.Random(21)
    while not a.is_terminal():
        action = rng.choice(a.legal_actions())
        assert a.apply(action) == b.apply(action)
        assert a.view(None) == b.view(None)
    assert b.is_terminal()


def test_view_majorities_are_the_seats_with_the_most_tokens_of_each_type():
    """§8.1 as the game stands: per type, every seat tied for the most tokens of it, and no
    seat while nobody holds one (before the Historians' donations, which are secret)."""
    state = make(3, seed=1).new_initial_state()
    state.hoard = [
        [parse_token("Coins-1"), parse_token("Coins-3"), parse_token("Horses-2")],
        [parse_token("Coins-2"), parse_token("Horses-5")],
        [parse_token("Coins-4"), parse_token("Coins-5"), parse_token("Bottles-1")],
    ]
    majorities = state.view(None)["public"]["majorities"]
    assert majorities == {
        "Coins": [0, 2],
        "Horses": [0, 1],
        "Armbands": [],
        "Bottles": [2],
        "Helmets": [],
    }
