"""A rejected action raises `IllegalActionError` and leaves the state exactly as it was."""

from __future__ import annotations

import random

import pytest
from harness import (
    PLAYER_SETUPS,
    SETUPS,
    Setup,
    play_to_end,
    same_future,
    setup_id,
    snapshot,
    walk,
)

import kleos
from kleos.core.protocol import State

NOT_ACTIONS = (None, 0, "", "no such action", object(), (), 3.5)
"""Values that are no action of any game."""
SAMPLE = 120
"""Actions tried per position (the ids are sampled when the action space is larger)."""


def assert_refused(state: State, action: object, player: int | None = None) -> None:
    """Applying `action` (as `player`) raises an `IllegalActionError` that says something."""
    with pytest.raises(kleos.IllegalActionError) as error:
        state.apply(action, player=player)  # type: ignore[arg-type]
    assert isinstance(error.value, ValueError)
    assert str(error.value).strip(), "the error does not say what was wrong"


def illegal_actions(state: State, rng: random.Random) -> list[object]:
    """Actions of the game's action space that are not legal here: all of them in a small
    space, else a random sample of `SAMPLE` ids."""
    game = state.game
    legal = set(state.legal_actions())
    size = game.num_distinct_actions
    ids = range(size) if size <= SAMPLE else sorted(rng.sample(range(size), SAMPLE))
    return [a for a in map(game.action_from_id, ids) if a not in legal]


@pytest.mark.parametrize("setup", SETUPS, ids=setup_id)
def test_illegal_actions_raise_and_change_nothing(setup: Setup) -> None:
    """Actions of the action space that are not legal here (all of them, when the space is
    small) and values that are no action at all are refused, and nothing changes."""
    for seed in (1, 2):
        rng = random.Random(seed)
        for ply, state in enumerate(walk(setup, seed, every=6)):
            before, copy = snapshot(state), state.clone()
            refused = illegal_actions(state, rng)
            for action in refused:
                assert_refused(state, action)
            for action in NOT_ACTIONS:
                assert_refused(state, action)
            assert snapshot(state) == before
            if ply % 4 == 0:
                assert same_future(state, copy, seed, plies=30)


@pytest.mark.parametrize("setup", SETUPS, ids=setup_id)
def test_wrong_player_is_refused_and_changes_nothing(setup: Setup) -> None:
    """`apply(action, player=q)` by anyone but the current player (or no seat) is refused."""
    n = setup.players
    for state in walk(setup, seed=3, every=3):
        if state.is_terminal():
            break
        before = snapshot(state)
        action = state.legal_actions()[0]
        others = [q for q in range(n) if q != state.current_player]
        for player in (*others, n, n + 7, -1):
            assert_refused(state, action, player=player)
        assert snapshot(state) == before


@pytest.mark.parametrize("setup", PLAYER_SETUPS, ids=setup_id)
def test_the_right_player_may_name_themself(setup: Setup) -> None:
    """`apply(action, player=current_player)` plays the action like `apply(action)`."""
    named, anonymous = setup.new_state(4), setup.new_state(4)
    for action in play_to_end(setup.new_state(4), random.Random(4)):
        events = named.apply(action, player=named.current_player)
        assert anonymous.apply(action) == events
    assert named.is_terminal()
    assert snapshot(named) == snapshot(anonymous)


@pytest.mark.parametrize("setup", SETUPS, ids=setup_id)
def test_finished_game_refuses_every_action(setup: Setup) -> None:
    """Once the game is over, every action (by anyone) is refused and the outcome stays."""
    *_, state = walk(setup, seed=5, every=1_000)
    assert state.is_terminal()
    before, outcome = snapshot(state), state.outcome()
    game = state.game
    for action in illegal_actions(state, random.Random(5)):
        assert_refused(state, action)
    for player in range(setup.players):
        assert_refused(state, game.action_from_id(0), player=player)
    assert snapshot(state) == before
    assert state.outcome() == outcome
