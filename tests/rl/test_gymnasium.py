"""The Gymnasium environment: Gymnasium's own checker, the registered ids, seeding of the deal
and of the opponents, rewards, illegal actions and rendering."""

from __future__ import annotations

import random
import warnings
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import kleos
import kleos.rl
from kleos.core.errors import ActionParseError, ConfigError, IllegalActionError, SeatError
from kleos.rl import KleosGymEnv, gym_env
from kleos.rl.encode import Encoder
from kleos.rl.gym_env import ILLEGAL_PENALTY


def checked(env: gymnasium.Env[Any, Any]) -> None:
    """Gymnasium's checker passes, and warns of nothing (every warning is an error here)."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_env(env, skip_render_check=True)


def play(
    env: KleosGymEnv, seed: int | None, pick: int = 0
) -> tuple[list[int], float, dict[str, Any]]:
    """Play a game choosing legal actions from a seeded RNG; the learner's actions, its final
    reward and last info."""
    rng = random.Random(pick)
    _, info = env.reset(seed=seed)
    actions = []
    while True:
        action = rng.choice(np.flatnonzero(info["action_mask"]).tolist())
        actions.append(action)
        _, reward, terminated, truncated, info = env.step(action)
        assert not truncated
        if terminated:
            return actions, float(reward), info
        assert reward == 0.0


@pytest.mark.parametrize("env_id", ["kleos/Ilium-v0", "kleos/Elysium-v0"])
def test_gymnasium_check_env_passes_with_the_default_arguments(env_id: str) -> None:
    """`check_env` steps with actions drawn from the whole action space, mask or not: by
    default an illegal id ends the episode with reward -1, and the observations lie in the
    declared [0, 1] box."""
    env = gymnasium.make(env_id)
    checked(env.unwrapped)
    env.close()


@pytest.mark.parametrize("game_id", ["ilium", "elysium"])
def test_gymnasium_check_env_passes_at_other_seats_and_player_counts(game_id: str) -> None:
    checked(gym_env(game_id, players=3))
    checked(gym_env(game_id, players=2, seat=1, opponents="random"))


@pytest.mark.parametrize(("env_id", "game_id"), list(kleos.rl.gym_ids().items()))
def test_the_registered_ids_make_checked_environments(env_id: str, game_id: str) -> None:
    kleos.rl.register_gymnasium()  # again: a no-op
    env = gymnasium.make(env_id, players=4, seat=3, opponents="random")
    assert isinstance(env.unwrapped, KleosGymEnv)
    assert env.unwrapped.game.game_id == game_id and env.unwrapped.seat == 3
    checked(env.unwrapped)
    _, info = env.reset(seed=3)
    obs, *_ = env.step(int(np.flatnonzero(info["action_mask"])[0]))
    assert obs.dtype == np.float32
    env.close()


def test_registering_twice_changes_nothing() -> None:
    spec = gymnasium.spec("kleos/Ilium-v0")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        kleos.rl.register_gymnasium()
    assert gymnasium.spec("kleos/Ilium-v0") == spec
    assert spec.entry_point == "kleos.rl.gym_env:KleosGymEnv"


def trace(env: KleosGymEnv, seed: int | None) -> tuple[list[int], float, list[int]]:
    """A game's learner actions, reward and final scores."""
    actions, reward, info = play(env, seed)
    return actions, reward, info["scores"]


@pytest.mark.parametrize("game_id", ["ilium", "elysium"])
def test_a_seed_makes_the_deal_and_the_opponents_reproducible(game_id: str) -> None:
    env = gym_env(game_id, players=3, seat=1, opponents="heuristic", seed=5)
    first = trace(env, 21)
    assert trace(gym_env(game_id, players=3, seat=1, seed=99), 21) == first
    assert trace(env, 21) == first
    following = trace(env, None)  # the next game of seed 21's series
    other = gym_env(game_id, players=3, seat=1)
    trace(other, 21)
    assert trace(other, None) == following
    assert following != first


def test_the_first_observation_is_the_seats_encoding_of_that_deal() -> None:
    env = gym_env("elysium", players=2, seat=0, opponents="random", seed=1)
    obs, info = env.reset(seed=40)
    state = kleos.make("elysium", players=2, seed=40).new_initial_state()
    if state.current_player == 0:  # nobody has moved yet
        assert np.array_equal(obs, Encoder(env.game).tensor(state, 0))
    assert env.game_state is not None and env.game_state.current_player == 0
    assert set(np.flatnonzero(info["action_mask"])) == set(env.game_state.legal_action_ids())
    assert np.array_equal(env.action_masks(), info["action_mask"].astype(bool))


@pytest.mark.parametrize("reward", ["win", "score"])
def test_the_reward_at_the_end_is_the_seats_share(reward: str) -> None:
    env = gym_env("ilium", players=3, seat=2, opponents="random", reward=reward)
    _, final, info = play(env, 31)
    assert env.game_state is not None
    outcome = env.game_state.outcome()
    assert info["scores"] == list(outcome.scores) and info["winners"] == list(outcome.winners)
    assert not info["action_mask"].any()
    if reward == "win":
        assert final == outcome.returns()[2]
    else:
        clipped = [max(0, s) for s in outcome.scores]
        assert final == pytest.approx(clipped[2] / sum(clipped))
    with pytest.raises(gymnasium.error.ResetNeeded):
        env.step(0)


def test_with_illegal_raise_an_illegal_id_raises_and_changes_nothing() -> None:
    env = gym_env("ilium", players=3, opponents="random", seed=3, illegal="raise")
    obs, info = env.reset()
    legal = np.flatnonzero(info["action_mask"]).tolist()
    assert env.game_state is not None
    before = env.game_state.legal_action_ids()
    illegal = next(i for i in range(env.game.num_distinct_actions) if i not in legal)
    with pytest.raises(IllegalActionError, match=rf"^seat 0 cannot play action {illegal}: .+"):
        env.step(illegal)
    with pytest.raises(ActionParseError, match="whole numbers"):
        env.step(-1)
    assert env.game_state.legal_action_ids() == before == legal
    assert np.array_equal(env._observation(), obs)
    env.step(legal[0])  # the game goes on


def test_by_default_an_illegal_id_ends_the_episode_in_the_engines_words() -> None:
    env = gym_env("elysium", players=3, opponents="random", seed=4)
    _, info = env.reset()
    assert env.game_state is not None
    before = env.game_state.to_json()
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated) == (ILLEGAL_PENALTY, True, False)
    assert info["illegal"] == env.game_state.explain_illegal(env.game.action_from_id(illegal))
    assert not info["action_mask"].any()
    assert env.game_state.to_json() == before  # the game itself is unchanged
    with pytest.raises(gymnasium.error.ResetNeeded):
        env.step(illegal)
    with pytest.raises(ActionParseError):  # no id at all still raises
        env.reset()
        env.step(10**6)


def test_opponents_may_differ_by_seat() -> None:
    env = gym_env("ilium", players=4, seat=1, opponents=["random", "heuristic", "random"])
    assert env.opponents == {0: "random", 2: "heuristic", 3: "random"}
    play(env, 2)


@pytest.mark.parametrize(
    ("options", "error", "message"),
    [
        ({"opponents": "grandmaster"}, ConfigError, "unknown agent"),
        ({"opponents": ["random"]}, ConfigError, "one per other seat"),
        ({"seat": 3}, SeatError, "no seat"),
        ({"illegal": "ignore"}, ConfigError, "illegal must be"),
        ({"reward": "points"}, ConfigError, "reward must be"),
        ({"render_mode": "rgb_array"}, ConfigError, "render_mode must be"),
    ],
)
def test_bad_options_are_refused_clearly(
    options: dict[str, Any], error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message):
        gym_env("ilium", players=3, **options)


def test_render_is_text_from_the_learners_view() -> None:
    env = gym_env("ilium", players=3, opponents="random", render_mode="ansi", seed=2)
    env.reset()
    text = env.render()
    assert isinstance(text, str) and "seat 0" in text and "Legal actions" in text
    assert env.game_state is not None
    assert env.game_state.view(0)["decision"]["prompt"] in text
