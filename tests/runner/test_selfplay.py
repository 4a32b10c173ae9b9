"""Self-play: a tournament's schedule written as records and a summary, and its decisions as
`.npz` shards that agree with the records move by move."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from kleos.core.errors import ConfigError
from kleos.core.records import read_record, replay
from kleos.core.registry import game_class, make, make_from_config
from kleos.rl.encode import Encoder
from kleos.rl.selfplay_tensors import ShardWriter
from kleos.runner.selfplay import SUMMARY, run_selfplay
from kleos.runner.tournament import run_tournament
from kleos.session import Setup

STEP_ARRAYS = ("observations", "masks", "actions", "players", "game_index")


def without_timings(data: dict[str, Any]) -> dict[str, Any]:
    """A tournament's JSON without the wall-clock figures and the records folder's name."""
    data = dict(data, timing=None, records=None)
    data["games_detail"] = [dict(game, seconds=None) for game in data["games_detail"]]
    return data


def load_shards(out: Path) -> list[dict[str, np.ndarray]]:
    return [dict(np.load(path)) for path in sorted(out.glob("shard-*.npz"))]


def test_selfplay_is_a_tournament_written_to_a_folder(tmp_path: Path) -> None:
    out = tmp_path / "run"
    run = run_selfplay(Setup.check("ilium", seats=["random", "heuristic", "random"]), 5, 9, out)
    summary = json.loads((out / SUMMARY).read_text())
    assert summary == run.to_json()
    assert (summary["games"], summary["requested_games"], summary["records"]) == (6, 5, ".")
    assert (summary["backend"], summary["tensors"]) == ("processes", None)
    alike = run_tournament(
        Setup.check("ilium", seats=["random", "heuristic", "random"]), 5, 9, records_dir=out
    )
    assert without_timings(summary) | {"backend": None, "tensors": None} == without_timings(
        alike.to_json()
    ) | {"backend": None, "tensors": None}
    records = sorted(out.glob("*.jsonl"))
    assert [path.name for path in records] == sorted(g["record"] for g in summary["games_detail"])
    assert records[0].name == "ilium-3p-seed9-deal0-rot0.jsonl"
    for game in summary["games_detail"]:
        assert list(replay(out / game["record"]).state.outcome().scores) == game["scores"]


def test_the_folder_must_be_new_or_empty(tmp_path: Path) -> None:
    (tmp_path / "old.txt").write_text("x")
    with pytest.raises(ConfigError, match="already exists and is not an empty folder"):
        run_selfplay(Setup.check("ilium", seats=["random"] * 2), 2, 1, tmp_path)
    run_selfplay(Setup.check("ilium", seats=["random"] * 2), 2, 1, tmp_path / "new")
    with pytest.raises(ConfigError, match="already exists"):
        run_selfplay(Setup.check("ilium", seats=["random"] * 2), 2, 1, tmp_path / "new")


@pytest.mark.parametrize(("game_id", "games"), [("ilium", 6), ("elysium", 4)])
def test_tensor_shards_agree_with_the_records(tmp_path: Path, game_id: str, games: int) -> None:
    out = tmp_path / "run"
    game = make(game_id, players=2, seed=4)
    writer = ShardWriter(out, game, steps_per_shard=150)
    run = run_selfplay(
        Setup.check(game_id, seats=["random", "heuristic"]), games, 4, out, collector=writer
    )
    collected = run.to_json()["tensors"]
    assert collected == json.loads((out / SUMMARY).read_text())["tensors"]
    encoder = Encoder(game)
    assert collected["observation_size"] == encoder.size
    assert collected["num_distinct_actions"] == game.num_distinct_actions
    shards = load_shards(out)
    assert [shard["file"] for shard in collected["shards"]] == [
        f"shard-{i:05d}.npz" for i in range(len(shards))
    ]
    assert len(shards) > 1 and collected["steps"] == sum(r.steps for r in run.tournament.reports)
    numbers = []
    for shard, about in zip(shards, collected["shards"], strict=True):
        steps, count = len(shard["actions"]), len(shard["returns"])
        assert (steps, count) == (about["steps"], about["games"])
        assert steps <= 150 or count == 1
        assert shard["observations"].dtype == np.float32
        assert shard["observations"].shape == (steps, encoder.size)
        assert shard["masks"].dtype == np.int8
        assert shard["masks"].shape == (steps, game.num_distinct_actions)
        assert shard["actions"].dtype == np.int64 and shard["players"].dtype == np.int8
        assert shard["game_index"].dtype == np.int32 and shard["games"].dtype == np.int32
        assert shard["returns"].dtype == np.float32 and shard["returns"].shape == (count, 2)
        assert (shard["masks"][np.arange(steps), shard["actions"]] == 1).all()
        assert np.allclose(shard["returns"].sum(axis=1), 1.0)
        assert (np.diff(shard["game_index"]) >= 0).all()
        assert set(shard["game_index"]) == set(range(count))
        numbers.extend(shard["games"].tolist())
        for row, number in enumerate(shard["games"]):
            report = run.tournament.reports[number]
            at = shard["game_index"] == row
            assert shard["returns"][row].tolist() == pytest.approx(report.returns)
            check_game(out / str(report.record), {key: shard[key][at] for key in STEP_ARRAYS})
    assert numbers == list(range(games))


def check_game(record_path: Path, steps: dict[str, np.ndarray]) -> None:
    """A game's decisions are its record's moves, each seen from the deciding seat."""
    record = read_record(record_path)
    game = make_from_config(record.config)
    encoder = Encoder(game)
    state = game.new_initial_state()
    assert len(record.moves) == len(steps["actions"])
    for move, observation, mask, action, player in zip(
        record.moves,
        steps["observations"],
        steps["masks"],
        steps["actions"],
        steps["players"],
        strict=True,
    ):
        assert player == move.player == state.current_player
        assert np.array_equal(observation, encoder.tensor(state, move.player))
        assert np.flatnonzero(mask).tolist() == state.legal_action_ids()
        assert str(game.action_from_id(int(action))) == move.action
        state.apply(move.action)
    assert state.is_terminal()


def test_tensor_shards_are_the_same_for_any_number_of_jobs(tmp_path: Path) -> None:
    shards = []
    for jobs in (1, 2):
        out = tmp_path / f"jobs{jobs}"
        writer = ShardWriter(out, make("elysium", players=2, seed=3), steps_per_shard=300)
        run_selfplay(
            Setup.check("elysium", seats=["random", "heuristic"]),
            4,
            3,
            out,
            jobs=jobs,
            collector=writer,
        )
        shards.append(load_shards(out))
    assert len(shards[0]) == len(shards[1]) > 0
    for one, two in zip(*shards, strict=True):
        assert one.keys() == two.keys()
        for key in one:
            assert np.array_equal(one[key], two[key]), key


def test_a_game_without_an_encoding_is_refused_before_any_play(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(game_class("ilium"), "encoding", None)
    with pytest.raises(ConfigError, match="Ilium has no observation encoding"):
        ShardWriter(tmp_path, make("ilium", players=2, seed=1))
    with pytest.raises(ConfigError, match="steps per shard must be at least 1"):
        ShardWriter(tmp_path, make("elysium", players=2, seed=1), steps_per_shard=0)
