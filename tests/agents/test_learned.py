"""The learned evaluation: its weights files, how they are found, and the search that uses it."""

from __future__ import annotations

import random
import zipfile
from pathlib import Path

import numpy as np
import pytest
from agent_helpers import positions

import kleos
from kleos.agents import make_agent, value
from kleos.agents.base import Observation
from kleos.agents.ismcts import ISMCTSAgent
from kleos.agents.value import ARRAYS, LearnedModel, find_model, write_model
from kleos.agents.weights import WEIGHTS_PATH, layout_signature
from kleos.core.errors import ConfigError
from models import random_arrays


@pytest.fixture
def weights_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder on `KLEOS_WEIGHTS_PATH`, for this test only."""
    monkeypatch.setenv(WEIGHTS_PATH, str(tmp_path))
    return tmp_path


@pytest.mark.parametrize(("game_id", "players"), [("ilium", 3), ("elysium", 2), ("elysium", 4)])
def test_a_model_judges_every_seat_and_its_shares_sum_to_one(
    game_id: str, players: int, tmp_path: Path
) -> None:
    """Written and read back, a model gives each seat a win share (summing to 1) and the seat
    to move a prior over exactly its legal ids (summing to 1)."""
    game = kleos.make(game_id, players=players)
    path = tmp_path / "m.npz"
    write_model(path, game, random_arrays(game), {"note": "test"})
    model = LearnedModel.load(path, game)
    assert model.info.meta["note"] == "test" and model.info.signature == layout_signature(game)
    for state in positions(game_id, players, seed=2, every=29):
        seat = state.current_player
        assert seat is not None
        shares, prior = model.evaluate(state, seat)
        assert len(shares) == players and sum(shares) == pytest.approx(1.0)
        assert sorted(prior) == sorted(state.legal_action_ids())
        assert sum(prior.values()) == pytest.approx(1.0)
        assert model.win_shares(state, seat) == pytest.approx(shares)


def test_a_model_reads_seats_relative_to_its_viewer(tmp_path: Path) -> None:
    """The value head's first output is the viewer's own share: a model whose head always
    favours relative seat 0 gives every viewer the largest share to itself."""
    game = kleos.make("ilium", players=3)
    arrays = random_arrays(game)
    arrays["wv"][:] = 0.0
    arrays["bv"][:] = [2.0, 0.0, 0.0]
    write_model(tmp_path / "m.npz", game, arrays, {})
    model = LearnedModel.load(tmp_path / "m.npz", game)
    state = game.new_initial_state()
    for viewer in range(3):
        shares = model.win_shares(state, viewer)
        assert max(range(3), key=shares.__getitem__) == viewer


def test_a_model_for_another_config_is_refused(tmp_path: Path) -> None:
    """Weights trained for 3 players (or without a variant) do not load into another layout."""
    three = kleos.make("ilium", players=3)
    write_model(tmp_path / "m.npz", three, random_arrays(three), {})
    for other in (
        kleos.make("ilium", players=4),
        kleos.make("ilium", players=3, variants=["burial-vaults"]),
    ):
        if layout_signature(other) == layout_signature(three):
            continue
        with pytest.raises(ConfigError, match="was trained for ilium with 3 players"):
            LearnedModel.load(tmp_path / "m.npz", other)


def test_a_broken_weights_file_is_refused_with_its_reason(tmp_path: Path) -> None:
    """A file that is not a model, holds a pickle, misses an array, has another shape or a
    value that is not finite gives a ConfigError naming the file, and runs nothing."""
    game = kleos.make("ilium", players=2)
    cases: dict[str, dict[str, object]] = {}
    good = random_arrays(game)
    cases["missing.npz"] = {k: v for k, v in good.items() if k != "wp"}
    cases["shape.npz"] = {**good, "wp": np.zeros((8, 3), dtype=np.float32)}
    cases["nan.npz"] = {**good, "bv": np.full(game.players, np.nan, dtype=np.float32)}
    write_model(tmp_path / "fine.npz", game, good, {})
    with np.load(tmp_path / "fine.npz") as data:
        meta = str(data["meta"])
    for name, arrays in cases.items():
        np.savez(tmp_path / name, meta=np.array(meta), **arrays)  # type: ignore[arg-type]
    np.savez(tmp_path / "format.npz", meta=np.array('{"format": "x"}'), **good)
    np.savez(tmp_path / "pickle.npz", meta=np.array([{"x": 1}], dtype=object), **good)
    (tmp_path / "text.npz").write_text("not a model")
    with zipfile.ZipFile(tmp_path / "empty.npz", "w"):
        pass
    expected = {
        "missing.npz": "not a weights file",
        "shape.npz": r"wp is \(8, 3\), not \(8, ",
        "nan.npz": "bv holds a value that is not finite",
        "format.npz": "not a weights file of format",
        "pickle.npz": "not a weights file",
        "text.npz": "not a weights file",
        "empty.npz": "not a weights file",
    }
    for name, message in expected.items():
        with pytest.raises(ConfigError, match=f"{name}: {message}"):
            LearnedModel.load(tmp_path / name, game)


def test_models_are_found_by_name_on_the_weights_path(weights_dir: Path) -> None:
    """`<name>-<players>p.npz` in a folder of KLEOS_WEIGHTS_PATH is found; no file: None; a
    name that is a path is refused."""
    game = kleos.make("ilium", players=2)
    assert find_model(game, "nothing-here") is None
    write_model(weights_dir / "trial-2p.npz", game, random_arrays(game), {"n": 1})
    model = find_model(game, "trial")
    assert model is not None and model.info.meta["n"] == 1
    assert find_model(kleos.make("ilium", players=3), "trial") is None
    for bad in ("../trial", "/etc/passwd", "Trial", ""):
        with pytest.raises(ConfigError, match="weights are named by a word"):
            find_model(game, bad)


def test_ismcts_with_a_learned_value_uses_the_model(weights_dir: Path) -> None:
    """With weights for the config, the search judges leaves and orders moves with the model
    (no rollouts), and plays a legal move reproducibly; without any, it falls back to
    rollouts and the heuristic prior and says so."""
    game = kleos.make("ilium", players=3, seed=4)
    write_model(weights_dir / "v-3p.npz", game, random_arrays(game), {})
    state = game.new_initial_state()
    seat = state.current_player
    assert seat is not None
    spec = "ismcts:iterations=60:value=learned:prior=learned:weights=v"
    choices = []
    for _ in range(2):
        agent = make_agent(spec, seed=9)
        assert isinstance(agent, ISMCTSAgent)
        choices.append(agent.choose(Observation(state, seat)))
        assert agent.learned_in_use
    assert choices[0] == choices[1] and choices[0] in state.legal_actions()
    other = make_agent("ismcts:iterations=20:value=learned:weights=v", seed=1)
    four = kleos.make("ilium", players=4, seed=4).new_initial_state()
    player = four.current_player
    assert isinstance(other, ISMCTSAgent) and player is not None
    assert other.choose(Observation(four, player)) in four.legal_actions()
    assert not other.learned_in_use


def test_ismcts_learned_prior_steers_the_root(weights_dir: Path) -> None:
    """A learned policy that is sure of one legal move, with an indifferent value, makes the
    search visit that move most."""
    game = kleos.make("ilium", players=3, seed=6)
    state = game.new_initial_state()
    seat = state.current_player
    assert seat is not None
    legal = state.legal_action_ids()
    favourite = legal[len(legal) // 2]
    arrays = random_arrays(game)
    arrays["wv"][:] = 0.0
    arrays["wp"][:] = 0.0
    arrays["bp"][:] = 0.0
    arrays["bp"][favourite] = 20.0
    write_model(weights_dir / "sure-3p.npz", game, arrays, {})
    agent = make_agent("ismcts:iterations=50:value=learned:prior=learned:weights=sure", seed=2)
    assert game.action_id(agent.choose(Observation(state, seat))) == favourite


def test_every_array_of_a_model_is_written(tmp_path: Path) -> None:
    """A written model holds exactly the arrays the search reads, and its meta."""
    game = kleos.make("elysium", players=3)
    write_model(tmp_path / "m.npz", game, random_arrays(game), {})
    with np.load(tmp_path / "m.npz", allow_pickle=False) as data:
        assert sorted(data.files) == sorted([*ARRAYS, "meta"])


@pytest.mark.parametrize(("game_id", "players"), [("ilium", 3), ("elysium", 3)])
def test_the_learned_search_never_sees_hidden_information(
    game_id: str, players: int, weights_dir: Path
) -> None:
    """Poison what the decider cannot see: the learned search, seeded alike, chooses alike."""
    game = kleos.make(game_id, players=players)
    write_model(weights_dir / f"peek-{players}p.npz", game, random_arrays(game, seed=3), {})
    spec = "ismcts:iterations=30:value=learned:prior=learned:weights=peek"
    for state in positions(game_id, players, seed=11, every=31):
        player = state.current_player
        assert player is not None
        poisoned = state.determinize(player, random.Random(7))
        assert poisoned.view(player) == state.view(player)
        real = make_agent(spec, seed=1).choose(Observation(state, player))
        fake = make_agent(spec, seed=1).choose(Observation(poisoned, player))
        assert real == fake, (real, fake)


def test_names_without_a_model_cost_no_memory(weights_dir: Path) -> None:
    """A stranger's seat spec may name any model: looking up names that have no file keeps
    nothing, and a model that exists is read once."""
    game = kleos.make("ilium", players=2)
    before = len(value._MODELS)
    for n in range(200):
        assert find_model(game, f"made-up-{n}") is None
    assert len(value._MODELS) == before
    write_model(weights_dir / "real-2p.npz", game, random_arrays(game), {})
    first = find_model(game, "real")
    assert first is not None and find_model(game, "real") is first
    assert len(value._MODELS) == before + 1
