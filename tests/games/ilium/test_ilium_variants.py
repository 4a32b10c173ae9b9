"""The variants: Strategic Expeditions and Burial Vaults, alone and combined (spec §9)."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest
from ilium_helpers import (
    BV,
    RED,
    SE,
    YELLOW,
    hoard,
    kinds,
    make,
    only,
    options,
    play,
    random_playout,
    scenario,
    stock,
)

import kleos
from kleos.games.ilium import BURIAL_VAULTS, STRATEGIC_EXPEDITIONS, Ilium


def test_variant_ids():
    """§9: the variants are 'strategic-expeditions' and 'burial-vaults'; others are refused."""
    assert (STRATEGIC_EXPEDITIONS, BURIAL_VAULTS) == (SE, BV)
    assert set(Ilium.spec.variant_ids) == {SE, BV}
    assert make(3, [SE]).strategic and not make(3, [SE]).burial_vaults
    assert make(3, [BV]).burial_vaults and not make(3, [BV]).strategic
    with pytest.raises(kleos.ConfigError, match="no variant 'fast'"):
        make(3, ["fast"])


def test_variants_combine():
    """§9 [ruling]: the variants are independent flags and can be combined, in any order."""
    game = make(3, [BV, SE], seed=4)
    assert game.strategic and game.burial_vaults
    assert game.config.variants == make(3, [SE, BV], seed=4).config.variants
    state = game.new_initial_state()
    assert options(state) == ["play 1", "play 2", "play 3"]
    assert "top_card" not in state.view(state.turn)["private"]
    for s in random_playout(state, random.Random(4)):
        assert s.phase_name != "token"
    assert state.is_terminal()


def test_strategic_card_choice_distinct_values_ascending():
    """§9.1: the player chooses among the distinct values still held, ascending; the card
    is then removed for the rest of the game, publicly."""
    state = scenario(variants=[SE], decks={RED: [2, 1, 3, 1, 2, 1]})
    assert state.current_player == RED
    assert options(state) == ["play 1", "play 2", "play 3"]
    events = play(state, "play 3")
    assert events[0] == {"kind": "card", "player": RED, "value": 3, "chosen": True}
    assert state.card == 3
    assert state.view(YELLOW)["public"]["hands"][RED]["deck"] == {"1": 3, "2": 2, "3": 0}
    assert options(state)[0] == "place p01:0"


def test_strategic_single_value_played_automatically():
    """§9.1, §13 D1: with one distinct value left the card is played without asking."""
    state = scenario(variants=[SE], decks={RED: [2, 2]})
    assert state.card == 2
    assert all(text.startswith("place ") for text in options(state))
    assert state.view(None)["public"]["hands"][RED]["deck"] == {"1": 0, "2": 1, "3": 0}


def test_strategic_has_no_top_card():
    """§9.1, §10.1 item 11: in Strategic Expeditions there is no top card to peek at."""
    state = make(2, [SE], seed=3).new_initial_state()
    for p in range(2):
        assert state.view(p)["private"] == {"historian": state.view(p)["private"]["historian"]}


def test_strategic_four_player_still_removes_cards():
    """§9.1: with 4 players the four 1s and four 2s are still removed at set-up."""
    state = make(4, [SE], seed=1).new_initial_state()
    for p in range(4):
        assert Counter(state.deck[p]) == {1: 8, 2: 8, 3: 3}
        assert state.view(None)["public"]["hands"][p]["deck"] == {"1": 8, "2": 8, "3": 3}


def test_strategic_end_rules_unchanged():
    """§9.1: everything else is unchanged, including how the game ends."""
    for seed in range(6):
        players = 2 + seed % 3
        state = make(players, [SE], seed=seed).new_initial_state()
        for _ in random_playout(state, random.Random(seed)):
            pass
        assert state.end_reason in ("cards", "offer")
        if state.end_reason == "cards":
            assert all(deck == () for deck in state.deck)


def test_burial_vaults_equal_values_in_random_order():
    """§9.2: each site is sorted by value; equal values are in a uniformly random order."""
    orders = Counter()
    for seed in range(40):
        state = make(3, [BV], seed=seed).new_initial_state()
        standard = make(3, seed=seed).new_initial_state()
        for site, plain in zip(state.stock, standard.stock, strict=True):
            values = [c >> 3 for c in site]  # a token's code is value * 8 + type
            assert values == sorted(values)
            assert sorted(site) == sorted(plain)
            assert list(plain) == sorted(plain)
            for a, b in itertools.pairwise(site):
                if a >> 3 == b >> 3 and a != b:
                    orders[a & 7 < b & 7] += 1
    assert orders[True] > 50
    assert orders[False] > 50


def test_burial_vaults_view_shows_the_queue():
    """§9.2, §10.1 item 3: the order at each site is fixed and visible to everyone."""
    state = scenario(variants=[BV], stocks={"HIS": ["Helmets-1", "Coins-1", "Bottles-2"]})
    assert stock(state, "HIS") == ["Helmets-1", "Coins-1", "Bottles-2"]
    assert state.view(YELLOW)["public"]["sites"]["HIS"] == ["Helmets-1", "Coins-1", "Bottles-2"]


def test_burial_vaults_takes_first_in_queue_without_choice():
    """§9.2: a taker takes the site's first remaining token; no type choice is made."""
    state = scenario(
        variants=[BV],
        decks={RED: [3, 1]},
        groups=[(YELLOW, "p22", 3, 1)],
        stocks={"THY": ["Helmets-1", "Coins-1", "Horses-2"], "RHO": ["Bottles-2", "Armbands-2"]},
    )
    events = play(state, "place p22:0", "cube p22:1", "cube p22:2")
    assert [e["token"] for e in only(events, "take")] == ["Bottles-2", "Helmets-1"]
    assert stock(state, "THY") == ["Coins-1", "Horses-2"]
    assert state.turn == YELLOW


def test_burial_vaults_site_choice_still_applies():
    """§9.2: the site choice of §5.3 still applies."""
    state = scenario(
        variants=[BV],
        decks={RED: [2, 1]},
        groups=[(YELLOW, "p22", 3, 1)],
        stocks={"THY": ["Helmets-1", "Coins-1"], "RHO": ["Bottles-2", "Armbands-2"]},
    )
    play(state, "place p22:0", "cube p22:1", "cube p22:2")
    assert (state.current_player, options(state)) == (RED, ["site THY", "site RHO"])
    events = play(state, "site THY")
    assert kinds(events)[:3] == ["site", "take", "take"]
    assert hoard(state, RED) == ["Helmets-1"]
    assert hoard(state, YELLOW) == ["Bottles-2"]


def test_burial_vaults_never_asks_token_type():
    """§9.2, §13 D5: in Burial Vaults no token-type decision ever comes up."""
    for seed in range(8):
        state = make(2 + seed % 3, [BV], seed=seed).new_initial_state()
        phases = {s.phase_name for s in random_playout(state, random.Random(seed))}
        assert "token" not in phases
        assert state.is_terminal()
