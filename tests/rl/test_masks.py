"""Action masks over many random positions of both games, 2 to 4 players: every id a mask lets
through is legal, every legal action is let through, and an id it keeps out raises a clear
error and changes nothing (illegal="raise"), in the PettingZoo and the Gymnasium environment
alike."""

from __future__ import annotations

import random

import numpy as np
import pytest

from kleos.core.errors import IllegalActionError
from kleos.core.protocol import State
from kleos.core.serialize import state_to_text
from kleos.rl import KleosGymEnv, gym_env, pettingzoo_env

CONFIGS = [(g, n) for g in ("ilium", "elysium") for n in (2, 3, 4)]
EPISODES = 5
"""Random games played per config."""
ILLEGAL_TRIES = 3
"""Masked-out ids tried at each position."""


def check_mask(state: State, mask: np.ndarray) -> list[int]:
    """The mask is exactly the legal ids, each of which a copy of the state accepts; the ids."""
    game = state.game
    assert mask.dtype == np.int8 and mask.shape == (game.num_distinct_actions,)
    assert set(np.unique(mask)) <= {0, 1}
    ids = np.flatnonzero(mask).tolist()
    assert ids == state.legal_action_ids()
    assert sorted(game.action_id(a) for a in state.legal_actions()) == ids
    for i in ids:
        state.clone().apply_id(i)  # legal: no error
    return ids


@pytest.mark.parametrize(("game_id", "players"), CONFIGS)
def test_pettingzoo_masks_are_the_legal_ids(game_id: str, players: int) -> None:
    env = pettingzoo_env(game_id, players=players, seed=players, illegal="raise")
    rng = random.Random(players)
    size = env.game.num_distinct_actions
    positions = 0
    for episode in range(EPISODES):
        env.reset(seed=rng.getrandbits(32) if episode else None)
        for agent in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            state = env.game_state
            assert state is not None
            for other in env.agents:
                if other != agent or terminated or truncated:
                    assert not env.observe(other)["action_mask"].any()
            if terminated or truncated:
                env.step(None)
                continue
            ids = check_mask(state, obs["action_mask"])
            positions += 1
            if positions % 4 == 0:
                before = state_to_text(state)
                outside = [i for i in rng.sample(range(size), ILLEGAL_TRIES * 4) if i not in ids]
                for i in outside[:ILLEGAL_TRIES]:
                    with pytest.raises(
                        IllegalActionError, match=f"{agent} cannot play action {i}: "
                    ):
                        env.step(i)
                assert state_to_text(state) == before and env.agent_selection == agent
                assert np.array_equal(env.observe(agent)["observation"], obs["observation"])
            env.step(rng.choice(ids))
    assert positions > 50 * EPISODES


@pytest.mark.parametrize(("game_id", "players"), CONFIGS)
def test_gymnasium_masks_are_the_legal_ids(game_id: str, players: int) -> None:
    seat = players - 1
    env = gym_env(
        game_id, players=players, seat=seat, opponents="random", seed=players, illegal="raise"
    )
    rng = random.Random(players)
    size = env.game.num_distinct_actions
    for _ in range(EPISODES):
        play_checked(env, seat, size, rng)


def play_checked(env: KleosGymEnv, seat: int, size: int, rng: random.Random) -> None:
    """One game of the learner's random legal actions, every mask checked on the way."""
    _, info = env.reset()
    terminated = False
    while not terminated:
        state = env.game_state
        assert state is not None and state.current_player == seat
        ids = check_mask(state, info["action_mask"])
        assert np.array_equal(env.action_masks(), info["action_mask"].astype(bool))
        before = state_to_text(state)
        legal = set(ids)
        i = rng.choice([i for i in range(size) if i not in legal])
        with pytest.raises(IllegalActionError, match=f"seat {seat} cannot play action {i}: "):
            env.step(i)
        assert state_to_text(state) == before
        _, _, terminated, _, info = env.step(rng.choice(ids))
    assert not info["action_mask"].any()
