"""Learning the search's evaluation: examples from shards, the fit, and `kleos train`."""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner, Result

import kleos
from kleos.agents.value import LearnedModel
from kleos.cli.main import app
from kleos.learn.data import NO_CHOICE, Examples, read_shards, relative_shares
from kleos.learn.fit import FitConfig, fit
from kleos.learn.positions import PER_GAME, Labels, sample_positions
from kleos.runner.backends import ProcessBackend
from kleos.session import Setup

Cli = Callable[..., Result]


@pytest.fixture
def cli() -> Cli:
    runner = CliRunner()

    def run(*args: str) -> Result:
        return runner.invoke(app, list(args))

    return run


def test_value_targets_put_the_decider_first() -> None:
    """A decision's target is every seat's win share from the decider's seat on."""
    returns = np.array([[0.0, 1.0, 0.0], [0.5, 0.0, 0.5]], dtype=np.float32)
    players = np.array([1, 2], dtype=np.int8)
    assert relative_shares(returns, players).tolist() == [[1.0, 0.0, 0.0], [0.5, 0.5, 0.0]]


def synthetic(rows: int, seed: int = 0) -> Examples:
    """Decisions whose winner and chosen action a feature decides: seat 0 of two wins when
    entry 3 is on, and the action is the index of the first entry on among 0..4."""
    rng = np.random.default_rng(seed)
    observations = (rng.random((rows, 20)) < 0.5).astype(np.float32)
    observations[:, 0] = 1.0 - observations[:, 1]
    wins = observations[:, 3]
    shares = np.stack([wins, 1 - wins], axis=1).astype(np.float32)
    actions = np.argmax(observations[:, :5] > 0, axis=1).astype(np.int64)
    masks = np.ones((rows, 5), dtype=bool)
    return Examples.from_dense(observations, masks, actions, shares, np.arange(rows))


def test_sparse_examples_give_back_their_dense_rows() -> None:
    """Examples keep rows sparse; a batch of any rows, in any order, is those rows dense."""
    examples = synthetic(50)
    rng = np.random.default_rng(3)
    observations = (rng.random((50, 20)) < 0.3) * rng.random((50, 20))
    masks = rng.random((50, 5)) < 0.5
    examples = Examples.from_dense(
        observations.astype(np.float32), masks, examples.actions, examples.shares, examples.games
    )
    rows = np.array([7, 0, 49, 7])
    dense, legal = examples.batch(rows)
    assert np.array_equal(dense, observations[rows].astype(np.float32))
    assert np.array_equal(legal, masks[rows])
    taken = examples.take(np.array([3, 1]))
    assert np.array_equal(taken.batch(np.array([1]))[0], observations[[1]].astype(np.float32))
    both = Examples.concatenate([taken, examples])
    assert len(both) == 52 and np.array_equal(both.batch(np.array([0]))[1], masks[[3]])


def test_a_fit_learns_what_decides_the_value_and_the_policy() -> None:
    """On data a feature decides, the fitted value is sure and calibrated and the policy
    agrees with the choices: far below the loss of knowing nothing (ln 2)."""
    fitted = fit(synthetic(3000), FitConfig(hidden=16, epochs=25, batch=128, seed=1))
    metrics = fitted.metrics
    assert metrics["value_loss"] < 0.1 * math.log(2)
    assert metrics["policy_agreement"] > 0.95
    assert metrics["validation_examples"] == 300 and metrics["training_examples"] == 2700
    for row in metrics["calibration"]:
        assert abs(row["predicted"] - row["actual"]) < 0.15, row
    assert fitted.arrays["w1"].shape == (20, 16) and fitted.arrays["wp"].shape == (16, 5)


def test_a_fit_is_reproducible_from_its_seed() -> None:
    """The same data and seed give the same weights."""
    first = fit(synthetic(400), FitConfig(hidden=8, epochs=3, seed=5))
    second = fit(synthetic(400), FitConfig(hidden=8, epochs=3, seed=5))
    for name, array in first.arrays.items():
        assert np.array_equal(array, second.arrays[name]), name


def test_too_few_games_to_validate_is_a_clear_error() -> None:
    with pytest.raises(kleos.ConfigError, match="too few games to train on"):
        fit(synthetic(5), FitConfig(epochs=1))


def test_examples_come_from_selfplay_shards(cli: Cli, tmp_path: Path) -> None:
    """Each decision of a shard is an example whose target starts with the decider's share."""
    out = tmp_path / "data"
    result = cli("selfplay", "ilium", "--agents", "heuristic,random,random", "--games", "6",
                 "--seed", "3", "--out", str(out), "--tensors")  # fmt: skip
    assert result.exit_code == 0, result.output
    examples = read_shards([out])
    summary = json.loads((out / "selfplay.json").read_text())
    assert len(examples) == summary["tensors"]["steps"]
    with np.load(next(out.glob("shard-*.npz"))) as shard:
        rows = shard["game_index"]
        decider = shard["players"][0]
        assert examples.shares[0, 0] == shard["returns"][rows[0], decider]
    assert np.allclose(examples.shares.sum(axis=1), 1.0)


def small_train(cli: Cli, out: Path, *args: str) -> Result:
    """`kleos train` of 2-player Ilium with tiny budgets, seed 4, and `args`."""
    return cli("train", "ilium", "--players", "2", "--out", str(out), *args, "--search",
               "ismcts:iterations=4", "--opponent", "random", "--evaluation-games", "2",
               "--epochs", "2", "--hidden", "8", "--seed", "4")  # fmt: skip


def test_train_runs_generations_and_writes_weights_a_report_and_a_curve(
    cli: Cli, tmp_path: Path
) -> None:
    """Two small generations: the second plays with the first's model; each generation's
    model loads, and the report holds its fit and its measurement."""
    out = tmp_path / "run"
    result = small_train(cli, out, "--games", "20", "--generations", "2")
    assert result.exit_code == 0, result.output
    report = json.loads((out / "report.json").read_text())
    assert report["plan"]["seed"] == 4 and len(report["generations"]) == 2
    first, second = report["generations"]
    assert first["selfplay_agent"] == "ismcts:iterations=4"
    assert second["selfplay_agent"].endswith("value=learned:prior=learned:weights=gen1")
    assert second["examples"] > first["examples"]
    game = kleos.make("ilium", players=2)
    for row in report["generations"]:
        model = LearnedModel.load(out / row["weights"], game)
        assert model.info.meta["generation"] == row["generation"]
        assert row["evaluation"]["games"] == 2 and row["fit"]["calibration"]
    assert (out / "curve.png").read_bytes().startswith(b"\x89PNG")
    assert "won" in result.output and "Saved the weights" in result.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--search", "heuristic"), "--search is an ismcts spec"),
        (("--search", "ismcts:value=learned"), "--search is an ismcts spec"),
        (("--opponent", "grandmaster"), "unknown agent"),
        (("--generations", "0"), "at least 1"),
        (("--positions", "5", "--label-search", "heuristic"), "labelled by an ismcts search"),
        (("--label-search", "ismcts:iterations=5"), "give positions too"),
        (("--positions", "5", "--label-search", "ismcts:time=1"), "with an iteration budget"),
        (
            ("--positions", "5", "--label-search", "ismcts:iterations=5", "--label-share", "1.5"),
            "share of a label is from 0 to 1",
        ),
    ],
)
def test_train_refuses_bad_input(
    cli: Cli, tmp_path: Path, args: tuple[str, ...], message: str
) -> None:
    result = cli("train", "ilium", "--out", str(tmp_path / "run"), *args)
    assert result.exit_code == 2 and message in result.output, result.output


def test_positions_of_the_default_policy_teach_the_deciders_and_a_spectators_value() -> None:
    """Each game gives PER_GAME positions, each seen by its decider (with the move made) and
    by a spectator (value only, seat 0 first); the games depend on the seed alone."""
    setup = Setup.check("ilium", players=3)
    with ProcessBackend(1) as one, ProcessBackend(2) as two:
        examples = sample_positions(setup, 4, 11, one, first_game=100)
        again = sample_positions(setup, 4, 11, two, first_game=100)
    assert len(examples) == 4 * PER_GAME * 2
    assert set(examples.games.tolist()) == {100, 101, 102, 103}
    decided = examples.actions != NO_CHOICE
    assert decided[::2].all() and not decided[1::2].any()
    assert np.allclose(examples.shares.sum(axis=1), 1.0)
    _, legal = examples.batch(np.arange(len(examples)))
    assert legal[np.flatnonzero(decided), examples.actions[decided]].all()
    assert not legal[~decided].any()
    for name in ("indices", "values", "actions", "shares", "games"):
        assert np.array_equal(getattr(examples, name), getattr(again, name)), name


def test_train_with_positions_alone_fits_and_measures_generation_0(
    cli: Cli, tmp_path: Path
) -> None:
    out = tmp_path / "run"
    result = small_train(cli, out, "--positions", "30", "--generations", "0")
    assert result.exit_code == 0, result.output
    report = json.loads((out / "report.json").read_text())
    (only,) = report["generations"]
    assert only["generation"] == 0 and only["examples"] == 30 * PER_GAME * 2
    assert only["fit"]["value_loss_knowing_nothing"] == pytest.approx(math.log(2))
    model = LearnedModel.load(out / only["weights"], kleos.make("ilium", players=2))
    assert model.info.meta["generation"] == 0


def test_positions_labelled_by_a_search_blend_its_judgement_with_the_result() -> None:
    """With labels, a position's value target is the search's share of its judgement plus
    the rest of the game's result: share 0 gives the results alone, the same games and
    observations either way, and the labels repeat from the seed."""
    setup = Setup.check("ilium", players=3)
    search = "ismcts:iterations=30"
    with ProcessBackend(1) as one:
        results = sample_positions(setup, 3, 11, one)
        none = sample_positions(setup, 3, 11, one, labels=Labels(search, 0.0).check())
        blended = sample_positions(setup, 3, 11, one, labels=Labels(search, 0.5).check())
        again = sample_positions(setup, 3, 11, one, labels=Labels(search, 0.5).check())
    assert np.array_equal(none.shares, results.shares)
    for name in ("indices", "values", "actions", "games"):
        assert np.array_equal(getattr(blended, name), getattr(results, name)), name
    assert np.array_equal(blended.shares, again.shares)
    assert np.allclose(blended.shares.sum(axis=1), 1.0)
    judged = 2 * blended.shares - results.shares  # the search's judgement, each in [0, 1]
    assert (judged > -1e-6).all() and (judged < 1 + 1e-6).all()
    assert not np.array_equal(blended.shares, results.shares)
