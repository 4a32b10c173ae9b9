"""The PettingZoo AEC environment: PettingZoo's own API and seed tests, rewards, seeding,
truncation, rendering and its errors."""

from __future__ import annotations

import random
import warnings
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test  # type: ignore[import-untyped]

import kleos
from kleos.core.errors import ActionParseError, ConfigError, IllegalActionError
from kleos.rl import KleosAECEnv, pettingzoo_env
from kleos.rl.encode import Encoder
from kleos.rl.spaces import shares

CONFIGS = [(g, n) for g in ("ilium", "elysium") for n in (2, 3, 4)]


def finish(env: KleosAECEnv, rng: random.Random) -> list[str]:
    """Play random legal actions to the end; the agents in the order they acted."""
    order = []
    for agent in env.agent_iter():
        obs, _, terminated, truncated, _ = env.last()
        order.append(agent)
        if terminated or truncated:
            env.step(None)
        else:
            env.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
    return order


@pytest.mark.parametrize(("game_id", "players"), CONFIGS)
def test_pettingzoo_api_and_seed_tests_pass(game_id: str, players: int) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        # The one warning left: api_test knows the classic convention of a Dict observation
        # with an action mask only by a list of PettingZoo's own environments' names.
        warnings.filterwarnings("ignore", "Observation space for each agent probably", UserWarning)
        warnings.filterwarnings("ignore", "Observation is not a NumPy array", UserWarning)
        api_test(pettingzoo_env(game_id, players=players, seed=3, render_mode="ansi"))
        seed_test(lambda: pettingzoo_env(game_id, players=players, seed=3), num_cycles=500)


def test_spaces_are_fixed_objects_over_the_integer_action_space() -> None:
    env = pettingzoo_env("ilium", players=3, seed=1)
    game = env.game
    assert env.possible_agents == ["player_0", "player_1", "player_2"]
    for agent in env.possible_agents:
        space = env.observation_space(agent)
        assert space is env.observation_space(agent)
        assert env.action_space(agent) is env.action_space(agent)
        assert env.action_space(agent).n == game.num_distinct_actions
        assert space["observation"].shape == (Encoder(game).size,)
        assert space["observation"].dtype == np.float32
        assert space["action_mask"].shape == (game.num_distinct_actions,)
        assert space["action_mask"].dtype == np.int8


@pytest.mark.parametrize("game_id", ["ilium", "elysium"])
@pytest.mark.parametrize("reward", ["win", "score"])
def test_rewards_come_at_the_end_as_win_or_score_shares(game_id: str, reward: str) -> None:
    env = pettingzoo_env(game_id, players=3, seed=5, reward=reward)
    env.reset(seed=8)
    rng = random.Random(2)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        obs, cumulative, terminated, truncated, _ = env.last()
        totals[agent] += cumulative
        if terminated or truncated:
            assert terminated and not truncated
            env.step(None)
            continue
        assert cumulative == 0.0
        env.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
    assert env.game_state is not None
    outcome = env.game_state.outcome()
    expected = shares(outcome, "win" if reward == "win" else "score")
    assert [totals[a] for a in env.possible_agents] == pytest.approx(expected)
    assert sum(expected) == pytest.approx(1.0)
    if reward == "win":
        assert list(expected) == list(outcome.returns())
    else:
        total = sum(max(0, s) for s in outcome.scores)
        assert list(expected) == pytest.approx([max(0, s) / total for s in outcome.scores])


def test_score_shares_are_even_when_no_seat_scores() -> None:
    outcome = kleos.Outcome(scores=(0, 0, 0), winners=(0, 1, 2))
    assert shares(outcome, "score") == pytest.approx((1 / 3, 1 / 3, 1 / 3))
    assert shares(kleos.Outcome(scores=(-2, 6), winners=(1,)), "score") == (0.0, 1.0)


@pytest.mark.parametrize("game_id", ["ilium", "elysium"])
def test_a_seeded_reset_deals_the_game_kleos_make_deals(game_id: str) -> None:
    env = pettingzoo_env(game_id, players=3, seed=1)
    env.reset(seed=77)
    state = kleos.make(game_id, players=3, seed=77).new_initial_state()
    encoder = Encoder(env.game)
    for p, agent in enumerate(env.possible_agents):
        assert np.array_equal(env.observe(agent)["observation"], encoder.tensor(state, p))
    assert env.agent_selection == f"player_{state.current_player}"


def test_unseeded_resets_follow_the_series_of_the_last_seed() -> None:
    def run(env: KleosAECEnv, seed: int | None) -> list[str]:
        env.reset(seed=seed)
        return finish(env, random.Random(0))

    a = pettingzoo_env("ilium", players=3, seed=9)
    b = pettingzoo_env("ilium", players=3, seed=1)
    first = run(a, None)  # the constructor's seed, as if reset(seed=9)
    assert run(b, 9) == first
    assert run(a, None) == run(b, None)  # both the next game of seed 9's series
    assert run(a, None) != first
    assert run(a, 9) == first


def test_with_illegal_raise_an_illegal_id_raises_in_the_engines_words_and_changes_nothing() -> None:
    env = pettingzoo_env("ilium", players=3, seed=4, illegal="raise")
    env.reset()
    state = env.game_state
    assert state is not None
    agent = env.agent_selection
    before = (state.clone().legal_action_ids(), env.observe(agent)["observation"].copy())
    illegal = next(i for i in range(env.game.num_distinct_actions) if i not in before[0])
    with pytest.raises(IllegalActionError, match=rf"^{agent} cannot play action {illegal}: .+"):
        env.step(illegal)
    with pytest.raises(ActionParseError, match="whole numbers from 0 to"):
        env.step(env.game.num_distinct_actions)
    with pytest.raises(ActionParseError):
        env.step(None)
    assert env.agent_selection == agent
    assert state.legal_action_ids() == before[0]
    assert np.array_equal(env.observe(agent)["observation"], before[1])
    env.step(np.int64(before[0][0]))  # numpy integers are ids too


def test_max_cycles_truncates_after_that_many_decisions_per_seat() -> None:
    """PettingZoo's `max_cycles_test` needs a parallel form in which every agent acts each
    cycle; a turn-based game has none, so the AEC half of its check is made here: with
    `max_cycles=k`, the game stops (truncated, no reward) after k × players decisions."""
    env = pettingzoo_env("elysium", players=3, seed=2, max_cycles=4)
    env.reset()
    order = finish(env, random.Random(1))
    assert len(order) == 4 * 3 + 3
    assert sorted(order[-3:]) == env.possible_agents
    env.reset()
    for _ in range(12):
        obs, *_ = env.last()
        env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert all(env.truncations.values()) and not any(env.terminations.values())
    assert all(r == 0.0 for r in env.rewards.values())


def test_render_is_text_from_the_view_of_the_agent_to_act() -> None:
    env = pettingzoo_env("elysium", players=3, seed=6, render_mode="ansi")
    env.reset()
    text = env.render()
    assert isinstance(text, str)
    assert env.game_state is not None
    seat = env.possible_agents.index(env.agent_selection)
    assert env.game_state.view(seat)["decision"]["prompt"] in text
    assert "Legal actions" in text
    finish(env, random.Random(3))
    assert "Game over" in str(env.render())
    with pytest.warns(UserWarning, match="render_mode"):
        assert pettingzoo_env("ilium", players=2, seed=1).render() is None


def test_a_configured_game_can_be_given() -> None:
    game = kleos.make("ilium", players=4, seed=12)
    env = pettingzoo_env(game)
    env.reset()
    assert env.num_agents == 4 and env.game.config.seed == 12
    with pytest.raises(ConfigError, match="for 4 players"):
        pettingzoo_env(game, players=3)
    assert pettingzoo_env(game.without_seed()).game.config.seed is not None


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"reward": "points"}, "reward must be"),
        ({"max_cycles": 0}, "max_cycles must be"),
        ({"render_mode": "human"}, "render_mode must be"),
        ({"players": 5}, "2 to 4 players"),
        ({"colours": 3}, "no option 'colours'"),
    ],
)
def test_bad_options_are_refused_clearly(options: dict[str, Any], message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        pettingzoo_env("ilium", **options)


def test_a_step_before_reset_or_a_bad_seed_is_refused() -> None:
    env = pettingzoo_env("ilium", players=3, seed=1)
    with pytest.raises(ConfigError, match="reset"):
        env.observe("player_0")
    with pytest.raises(ConfigError, match="seed must be"):
        env.reset(seed=-1)


def test_by_default_an_illegal_id_ends_the_game_as_terminate_illegal_wrapper_does() -> None:
    """Every agent terminates; the offender gets -1 and the engine's words, the others 0; the
    game itself is unchanged and every mask is empty."""
    env = pettingzoo_env("ilium", players=3, seed=4)
    env.reset()
    state = env.game_state
    assert state is not None
    before = state.to_json()
    agent = env.agent_selection
    illegal = next(
        i for i in range(env.game.num_distinct_actions) if i not in state.legal_action_ids()
    )
    env.step(illegal)
    assert all(env.terminations.values())
    assert env.rewards == {a: (-1.0 if a == agent else 0.0) for a in env.possible_agents}
    assert env.infos[agent]["illegal"] == state.explain_illegal(env.game.action_from_id(illegal))
    assert state.to_json() == before
    assert not any(env.observe(a)["action_mask"].any() for a in env.possible_agents)
    while env.agents:
        env.step(None)
