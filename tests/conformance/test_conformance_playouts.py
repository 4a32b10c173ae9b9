"""Random playouts end, every position offers a decision, invariants and outcomes hold."""

from __future__ import annotations

import json
import math
import random

import pytest
from harness import MAX_PLIES, SEEDS, SETUPS, Setup, random_action, setup_id
from hypothesis import given, settings
from invariants import invariants_for

import kleos
from kleos.core.protocol import State


def check_position(state: State) -> None:
    """What every position owes its players: a decider and a decision, or an outcome."""
    n = state.game.players
    legal = state.legal_actions()
    if state.is_terminal():
        assert legal == ()
        assert state.current_player is None
        check_outcome(state)
    else:
        assert legal, "a position that is not terminal has no legal action"
        assert len(set(legal)) == len(legal), "legal actions repeat"
        assert state.current_player in range(n)
        assert state.legal_actions() == legal, "legal_actions is not deterministic"
        with pytest.raises(kleos.IllegalActionError):
            state.outcome()


def check_outcome(state: State) -> None:
    """Scores for every seat, some winners, returns that share one win."""
    n = state.game.players
    outcome = state.outcome()
    assert len(outcome.scores) == n
    assert outcome.winners, "nobody won"
    assert len(set(outcome.winners)) == len(outcome.winners)
    assert set(outcome.winners) <= set(range(n))
    assert list(outcome.winners) == sorted(outcome.winners)
    assert len(outcome.breakdown) in (0, n)
    returns = outcome.returns()
    assert len(returns) == n
    assert math.isclose(sum(returns), 1.0)
    assert all(returns[p] > 0 for p in outcome.winners)
    assert json.loads(json.dumps(outcome.to_json(), allow_nan=False)) == outcome.to_json()
    assert state.outcome() == outcome


def check_events(events: list[kleos.Event], game: kleos.Game) -> None:
    """Events are small JSON-ready dicts with a kind, and each can be told in words."""
    for event in events:
        assert isinstance(event, dict)
        assert isinstance(event["kind"], str)
        assert json.loads(json.dumps(event, allow_nan=False)) == event
        assert game.describe_event(event)


@pytest.mark.parametrize("setup", SETUPS, ids=setup_id)
@settings(max_examples=15, deadline=None)
@given(seed=SEEDS)
def test_random_playouts_reach_a_terminal_state(setup: Setup, seed: int) -> None:
    """Every position has legal actions or an outcome, the invariants hold after every move."""
    state = setup.new_state(seed)
    check = invariants_for(setup.game_id) or (lambda state, previous: None)
    rng = random.Random(seed)
    previous = None
    for _ in range(MAX_PLIES):
        check_position(state)
        check(state, previous)
        if state.is_terminal():
            return
        previous = state.clone()
        player = state.current_player
        events = state.apply(random_action(state, rng), player=player)
        check_events(events, state.game)
    raise AssertionError(f"{setup.id} seed {seed}: no end after {MAX_PLIES} plies")


@pytest.mark.parametrize("setup", SETUPS, ids=setup_id)
def test_fast_path_plays_the_same_game(setup: Setup) -> None:
    """`apply_unchecked` reaches the same positions as `apply`, for many seeds."""
    for seed in range(20):
        checked, unchecked = setup.new_state(seed), setup.new_state(seed)
        rng = random.Random(seed)
        while not checked.is_terminal():
            action = random_action(checked, rng)
            checked.apply(action)
            unchecked.apply_unchecked(action)
            assert unchecked.legal_actions() == checked.legal_actions()
            assert unchecked.current_player == checked.current_player
        assert unchecked.is_terminal()
        assert unchecked.view(None) == checked.view(None)
        assert unchecked.outcome() == checked.outcome()


def test_every_registered_game_has_invariants() -> None:
    """A game joins the registry together with its conservation laws."""
    missing = [game_id for game_id in kleos.game_ids() if invariants_for(game_id) is None]
    assert not missing, (
        f"no conservation invariants for {missing}: add them to tests/conformance/invariants.py "
        "(or, for a game from elsewhere, an `invariants` module beside its game class)"
    )
