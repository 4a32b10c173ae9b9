"""The OpenSpiel games: registration, OpenSpiel's own random simulation test, the game type,
the observer, serialization with hidden parts, ids, the end of a game and OpenSpiel's bots."""

from __future__ import annotations

import base64
import copy
import json
import os
import pickle
import random

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts
from open_spiel.python.observation import make_observation

import kleos.rl.openspiel as kos
from kleos.core.errors import ActionParseError, ConfigError, IllegalActionError, StateDataError
from kleos.rl.encode import Encoder, observation_string

GAMES = ("ilium", "elysium")


def load(game_id: str, **params: object) -> kos.KleosGame:
    game: kos.KleosGame = pyspiel.load_game(kos.short_name(game_id), params)
    return game


def play(state: kos.KleosState, moves: int, rng: random.Random) -> kos.KleosState:
    """Play up to `moves` random legal ids (fewer if the game ends)."""
    for _ in range(moves):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("players", [2, 3])
def test_openspiel_random_sim_test_passes(game_id: str, players: int) -> None:
    # OpenSpiel's serialize_game_and_state asks a SAMPLED_STOCHASTIC game for its RNG state,
    # which a Python game cannot give; states serialize on their own (tested below).
    game = load(game_id, players=players, seed=11)
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


@pytest.mark.parametrize("game_id", GAMES)
def test_both_games_are_registered_with_an_honest_type_and_info(game_id: str) -> None:
    assert kos.short_name(game_id) in pyspiel.registered_names()
    game = load(game_id, players=4, seed=1)
    kind = game.get_type()
    kleos_game = game.kleos_game
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.utility == pyspiel.GameType.Utility.CONSTANT_SUM
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert kind.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    assert (kind.min_num_players, kind.max_num_players) == (2, 4)
    assert kind.provides_information_state_string and not kind.provides_information_state_tensor
    assert kind.provides_observation_string and kind.provides_observation_tensor
    assert game.num_players() == 4
    assert (game.min_utility(), game.max_utility(), game.utility_sum()) == (0.0, 1.0, 1.0)
    assert game.num_distinct_actions() == kleos_game.num_distinct_actions
    assert game.max_game_length() == kleos_game.max_game_length()
    assert game.max_chance_outcomes() == 0
    default = load(game_id)
    assert default.num_players() == type(kleos_game).default_players


def test_parameters_reach_the_kleos_config_and_survive_the_game_string() -> None:
    game = load("ilium", players=2, variants="strategic-expeditions,burial-vaults", seed=5)
    assert game.kleos_game.config.variants == ("burial-vaults", "strategic-expeditions")
    again = pyspiel.load_game(str(game))
    assert str(again) == str(game) and "variants=burial-vaults+strategic-expeditions" in str(game)
    assert again.kleos_game.config == game.kleos_game.config
    elysium = load("elysium", families="recommended")
    assert elysium.kleos_game.config.option("families") == "recommended"
    with pytest.raises(ConfigError, match="no variant"):
        load("ilium", variants="nonsense")
    with pytest.raises(ConfigError, match="seed"):
        load("ilium", seed=-2)
    with pytest.raises(ConfigError, match="2 to 4 players"):
        load("elysium", players=5)
    with pytest.raises(pyspiel.SpielError, match="Unknown parameter"):
        load("ilium", families="recommended")


@pytest.mark.parametrize("game_id", GAMES)
def test_each_new_initial_state_is_a_new_deal_from_the_seed_sequence(game_id: str) -> None:
    game, twin = load(game_id, seed=3), load(game_id, seed=3)
    first, second = game.new_initial_state(), game.new_initial_state()
    assert str(first) != str(second)
    assert str(twin.new_initial_state()) == str(first)
    assert str(twin.new_initial_state()) == str(second)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_clone_is_cheap_independent_and_keeps_the_history(game_id: str) -> None:
    game = load(game_id, players=3, seed=2)
    state = play(game.new_initial_state(), 5, random.Random(1))
    assert set(vars(state)) == {"_core"}  # nothing else to deep-copy, the game least of all
    twin = state.clone()
    assert twin.history() == state.history() and str(twin) == str(state)
    assert twin.kleos_state is not state.kleos_state
    twin.apply_action(twin.legal_actions()[0])
    assert len(twin.history()) == len(state.history()) + 1
    assert str(twin) != str(state)


def test_copy_deepcopy_and_pickle_work_without_dragging_the_game_along() -> None:
    # OpenSpiel's own pickling of a SAMPLED_STOCHASTIC game asks for an RNG state a Python
    # game cannot give; these go through the state's clone and serialize() instead.
    game = load("ilium", players=2, seed=3, variants="burial-vaults")
    state = play(game.new_initial_state(), 4, random.Random(7))
    for twin in (copy.copy(state), copy.deepcopy(state)):
        assert twin.get_game() is game and twin.history() == state.history()
        assert str(twin) == str(state)
    data = pickle.dumps(state)
    assert len(data) < 20_000
    back = pickle.loads(data)
    assert str(back) == str(state) and back.history() == state.history()
    assert str(back.get_game()) == str(game)
    again = pickle.loads(pickle.dumps(game))  # the seed sequence goes on where it was
    assert str(again.new_initial_state()) == str(game.new_initial_state())


@pytest.mark.parametrize("game_id", GAMES)
def test_serialization_round_trips_with_the_hidden_parts_and_the_history(game_id: str) -> None:
    game = load(game_id, players=3, seed=4)
    state = play(game.new_initial_state(), 12, random.Random(2))
    text = state.serialize()
    assert json.loads(text)["moves"] == state.history()  # JSON, no pickle
    back = game.deserialize_state(text)
    assert back.history() == state.history() and back.moves == state.moves
    assert str(back) == str(state)  # every field of the Kleos state, hidden ones included
    if game_id == "ilium":
        assert back.kleos_state.deck == state.kleos_state.deck  # type: ignore[attr-defined]
        assert back.kleos_state.historian == state.kleos_state.historian  # type: ignore[attr-defined]
    rng_a, rng_b = random.Random(9), random.Random(9)
    play(state, 500, rng_a)
    play(back, 500, rng_b)
    assert state.returns() == back.returns() and state.history() == back.history()


class _Sneaky:
    def __reduce__(self) -> tuple[object, ...]:
        return (os.getcwd, ())


def test_deserialize_state_reads_json_only_never_a_pickle() -> None:
    game = load("ilium", players=2, seed=1)
    payload = base64.b64encode(pickle.dumps({"_core": _Sneaky()})).decode()
    with pytest.raises(StateDataError, match="JSON"):
        game.deserialize_state(f"history=\nmove_number=0\n__dict__={payload}")
    with pytest.raises(StateDataError):
        game.deserialize_state("nonsense")
    text = game.new_initial_state().serialize()
    document = json.loads(text)
    assert set(document) == {"moves", "state"} and document["state"]["game"] == "ilium"
    for bad in ({**document, "extra": 1}, {**document, "moves": [10**9]}, {"moves": []}):
        with pytest.raises(StateDataError):
            game.deserialize_state(json.dumps(bad))
    elysium = json.loads(load("elysium", players=2, seed=1).new_initial_state().serialize())
    with pytest.raises(StateDataError, match="game"):
        game.deserialize_state(json.dumps(elysium))


@pytest.mark.parametrize("game_id", GAMES)
def test_the_observer_gives_the_kleos_encoding_as_tensors_and_strings(game_id: str) -> None:
    game = load(game_id, players=3, seed=6)
    state = play(game.new_initial_state(), 8, random.Random(3))
    encoder = Encoder(game.kleos_game)
    size = encoder.size
    assert game.observation_tensor_shape() == [size] and game.observation_tensor_size() == size
    for player in range(3):
        expected = encoder.tensor(state.kleos_state, player)
        assert np.array_equal(np.asarray(state.observation_tensor(player), np.float32), expected)
        assert state.observation_string(player) == observation_string(state.kleos_state, player)
        info = state.information_state_string(player)
        assert info.startswith(f"seat {player} moves {','.join(map(str, state.moves))} sees ")
    observation = make_observation(game)
    observation.set_from(state, 1)
    assert observation.tensor.shape == (size,)
    assert [f.name for f in encoder.fields] == list(observation.dict)
    first = encoder.fields[0]
    assert observation.dict[first.name].shape == (first.size,)
    public = make_observation(
        game,
        pyspiel.IIGObservationType(perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE),
    )
    public.set_from(state, 1)
    assert np.array_equal(public.tensor, encoder.tensor(state.kleos_state, None))
    recall = make_observation(game, pyspiel.IIGObservationType(perfect_recall=True))
    assert recall.tensor is None and recall.string_from(state, 2).startswith("seat 2 moves ")
    with pytest.raises(ConfigError, match="SINGLE_PLAYER or NONE"):
        make_observation(
            game,
            pyspiel.IIGObservationType(
                perfect_recall=False, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS
            ),
        )


@pytest.mark.parametrize("game_id", GAMES)
def test_a_finished_game_is_terminal_with_win_shares(game_id: str) -> None:
    game = load(game_id, players=2, seed=8)
    state = play(game.new_initial_state(), 10_000, random.Random(4))
    assert state.is_terminal()
    assert state.current_player() == pyspiel.PlayerId.TERMINAL
    assert state.legal_actions() == [] and state.legal_actions(0) == []
    returns = state.returns()
    assert sum(returns) == pytest.approx(1.0) and all(r in (0.0, 0.5, 1.0) for r in returns)
    assert list(returns) == list(state.kleos_state.outcome().returns())
    assert state.rewards() == returns


@pytest.mark.parametrize("game_id", GAMES)
def test_ids_ascend_numpy_ints_are_accepted_and_illegal_ids_refused(game_id: str) -> None:
    game = load(game_id, players=3, seed=10)
    state = play(game.new_initial_state(), 3, random.Random(5))
    legal = state.legal_actions()
    assert legal == sorted(set(legal)) == state.kleos_state.legal_action_ids()
    player = state.current_player()
    assert state.legal_actions(player) == legal
    assert state.legal_actions((player + 1) % 3) == []
    before, history = str(state), state.history()
    illegal = next(a for a in range(game.num_distinct_actions()) if a not in legal)
    with pytest.raises(IllegalActionError):
        state.apply_action(illegal)
    with pytest.raises(ActionParseError, match="whole numbers from 0"):
        state.apply_action(game.num_distinct_actions())
    with pytest.raises(ActionParseError):
        state.apply_action(-5)
    assert str(state) == before and state.history() == history
    state.apply_action(np.int64(legal[0]))
    state.apply_action(np.int32(state.legal_actions()[-1]))
    assert state.history() == [*history, legal[0], state.moves[-1]]
    assert all(type(a) is int for a in state.history())


@pytest.mark.parametrize("game_id", GAMES)
def test_the_resampler_keeps_the_information_state_and_resamples_the_rest(game_id: str) -> None:
    game = load(game_id, players=3, seed=12)
    state = play(game.new_initial_state(), 6, random.Random(6))
    player = state.current_player()
    resampler = kos.Resampler(seed=1)
    copies = [resampler(state, player) for _ in range(6)]
    for sample in copies:
        assert sample.history() == state.history()
        assert sample.information_state_string(player) == state.information_state_string(player)
        assert sample.legal_actions() == state.legal_actions()
    assert len({str(c) for c in copies}) > 1  # the hidden parts differ
    sampled = state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert sampled.information_state_string(player) == state.information_state_string(player)


@pytest.mark.parametrize("game_id", GAMES)
def test_openspiel_ismcts_bot_plays_a_complete_game(game_id: str) -> None:
    game = load(game_id, players=2, seed=13)
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(1))
    bot = ismcts.ISMCTSBot(game, evaluator, 1.0, 4, random_state=np.random.RandomState(2))
    bot.set_resampler(kos.Resampler(seed=3))
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(bot.step(state))
    assert sum(state.returns()) == pytest.approx(1.0)


@pytest.mark.parametrize("game_id", GAMES)
def test_openspiel_mcts_bot_plays_a_complete_game(game_id: str) -> None:
    game = load(game_id, players=2, seed=14)
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(1))
    bot = mcts.MCTSBot(game, 1.0, 4, evaluator, random_state=np.random.RandomState(2))
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(bot.step(state))
    assert sum(state.returns()) == pytest.approx(1.0)


def test_from_kleos_wraps_a_kleos_state_of_the_same_config() -> None:
    game = load("ilium", players=2, seed=1)
    native = game.kleos_game.with_seed(99).new_initial_state()
    state = game.from_kleos(native)
    assert state.legal_actions() == native.legal_action_ids()
    other = load("ilium", players=3, seed=1).kleos_game.new_initial_state()
    with pytest.raises(ConfigError, match="not of the config"):
        game.from_kleos(other)
