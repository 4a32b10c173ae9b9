"""Views are JSON and leak nothing; `determinize` resamples; `clone` is independent."""

from __future__ import annotations

import json
import random

import pytest
from harness import (
    SETUPS,
    Setup,
    play_to_end,
    same_future,
    setup_id,
    snapshot,
    viewers,
    walk,
)

from kleos.core.protocol import State

RESAMPLES = 6
"""Determinizations tried per position and viewer."""


def assert_json_ready(value: object) -> None:
    """`value` is made of JSON types only: it survives a JSON round trip unchanged."""
    text = json.dumps(value, allow_nan=False)
    assert json.loads(text) == value, "the view holds something JSON turns into something else"


@pytest.mark.parametrize("setup", SETUPS, ids=setup_id)
def test_views_are_json_for_every_player_and_the_spectator(setup: Setup) -> None:
    """`view(p)` is a JSON-ready dict for every seat and for None, at every position."""
    for seed in range(2):
        for state in walk(setup, seed):
            for viewer in viewers(state):
                view = state.view(viewer)
                assert isinstance(view, dict)
                assert_json_ready(view)


def check_determinize(state: State, seed: int) -> None:
    """For every viewer: copies agree with what the viewer sees, differ in what it does not."""
    before = snapshot(state)
    public = state.view(None)
    for viewer in viewers(state):
        seen = state.view(viewer)
        copies = [
            state.determinize(viewer, random.Random(seed * 100 + k)) for k in range(RESAMPLES)
        ]
        for copy in copies:
            assert copy is not state
            assert copy.view(viewer) == seen, f"determinize({viewer}) changed what {viewer} sees"
            assert copy.view(None) == public, f"determinize({viewer}) changed the public view"
            assert copy.legal_actions() == state.legal_actions()
            assert copy.current_player == state.current_player
            assert copy.is_terminal() == state.is_terminal()
        again = state.determinize(viewer, random.Random(seed * 100))
        assert same_future(again, copies[0], seed), "determinize is not a function of the rng"
        if not state.is_terminal():
            assert not all(same_future(copy, state, seed) for copy in copies), (
                f"determinize({viewer}) resampled nothing: every copy has the real future"
            )
    assert snapshot(state) == before, "determinize changed the state"


@pytest.mark.parametrize("setup", SETUPS, ids=setup_id)
def test_determinize_leaks_nothing_and_resamples_the_hidden(setup: Setup) -> None:
    """A determinized copy shows its viewer (and the spectator) exactly the real view,
    while its hidden parts, and so its future, are resampled."""
    positions = [state.clone() for state in walk(setup, seed=8, every=17)]
    for state in (*positions[:4], positions[-1]):
        check_determinize(state, seed=8)


@pytest.mark.parametrize("setup", SETUPS, ids=setup_id)
def test_decider_view_survives_determinize_everywhere(setup: Setup) -> None:
    """At many positions, the deciding seat's copy shows it, and the spectator, nothing new."""
    for state in walk(setup, seed=9, every=5):
        seat = state.current_player if state.current_player is not None else 0
        copy = state.determinize(seat, random.Random(9))
        assert copy.view(seat) == state.view(seat)
        assert copy.view(None) == state.view(None)


@pytest.mark.parametrize("setup", SETUPS, ids=setup_id)
def test_clone_is_independent_of_the_original(setup: Setup) -> None:
    """A clone starts equal, and moves made on either side never reach the other."""
    for state in walk(setup, seed=10, every=23):
        original = state.clone()
        before = snapshot(original)
        copy = original.clone()
        assert copy is not original
        assert snapshot(copy) == before
        assert same_future(copy, original, seed=10, plies=40)
        play_to_end(copy, random.Random(10))
        assert snapshot(original) == before, "playing the clone changed the original"
        copy = original.clone()
        play_to_end(original, random.Random(11))
        assert snapshot(copy) == before, "playing the original changed the clone"
