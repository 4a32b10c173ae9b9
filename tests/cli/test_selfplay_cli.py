"""`kleos selfplay` and the backends of `kleos tournament`: what is written, and bad input."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from typer.testing import Result

import kleos

Cli = Callable[..., Result]


def without_timings(data: dict[str, Any]) -> dict[str, Any]:
    """A tournament's JSON without the wall-clock figures and the records folder's name."""
    data = dict(data, timing=None, records=None)
    data["games_detail"] = [dict(game, seconds=None) for game in data["games_detail"]]
    return data


def test_selfplay_writes_records_shards_and_a_summary(cli: Cli, tmp_path: Path) -> None:
    out = tmp_path / "data"
    result = cli("selfplay", "ilium", "--agents", "random,heuristic", "--games", "3",
                 "--seed", "2", "--out", str(out), "--tensors", "--steps-per-shard", "100",
                 "--jobs", "2")  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "3 games rounded up to 4, a multiple of 2" in result.output
    summary = json.loads((out / "selfplay.json").read_text())
    shards = summary["tensors"]["shards"]
    assert f"Saved 4 records · {len(shards)} tensor shards" in result.output
    assert "and selfplay.json in" in result.output and "with 2 jobs (processes)" in result.output
    assert (summary["games"], summary["seed"], summary["backend"]) == (4, 2, "processes")
    for game in summary["games_detail"]:
        assert kleos.replay(out / game["record"]).state.is_terminal()
    steps = 0
    for about in shards:
        with np.load(out / about["file"]) as shard:
            assert len(shard["actions"]) == about["steps"]
            steps += about["steps"]
    assert steps == summary["tensors"]["steps"] == sum(g["steps"] for g in summary["games_detail"])


def test_selfplay_without_tensors_writes_records_only(cli: Cli, tmp_path: Path) -> None:
    out = tmp_path / "data"
    result = cli("selfplay", "elysium", "--agents", "random,random", "-n", "2", "--out", str(out))
    assert result.exit_code == 0, result.output
    assert "Saved 2 records and selfplay.json" in result.output
    assert sorted(path.suffix for path in out.iterdir()) == [".json", ".jsonl", ".jsonl"]
    assert json.loads((out / "selfplay.json").read_text())["tensors"] is None


def test_tournament_on_a_local_ray_gives_the_json_of_processes(
    cli: Cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    ray = pytest.importorskip("ray")
    monkeypatch.delenv("RAY_AUTH_MODE", raising=False)
    data = []
    for backend in ("ray", "processes"):
        out = tmp_path / f"{backend}.json"
        result = cli("tournament", "ilium", "--agents", "random,random,random", "-n", "6",
                     "--seed", "4", "-j", "2", "--backend", backend,
                     "--json", str(out))  # fmt: skip
        assert result.exit_code == 0, result.output
        assert "Throughput:" in result.output
        assert ("Starting 2 workers on a local Ray…" in result.output) == (backend == "ray")
        data.append(without_timings(json.loads(out.read_text())))
    assert data[0] == data[1]
    assert not ray.is_initialized()
    for path in sorted((tmp_path / "processes-records").iterdir()):
        assert (tmp_path / "ray-records" / path.name).read_text() == path.read_text()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--backend", "dask"], "unknown backend 'dask'; choose one of processes, ray"),
        (["--address", "auto"], "--address is a Ray cluster's: give it with --backend ray"),
        (["--jobs", "0"], "--jobs must be at least 1, not 0"),
        (["--agents", "random"], "Ilium is for 2 to 4 players, not 1"),
    ],
)
def test_selfplay_refuses_bad_input(
    cli: Cli, tmp_path: Path, args: list[str], message: str
) -> None:
    result = cli("selfplay", "ilium", "--agents", "random,random", "--out", str(tmp_path / "o"),
                 *args)  # fmt: skip
    assert result.exit_code == 2
    assert message in result.output
    assert not (tmp_path / "o").exists()


def test_selfplay_refuses_a_folder_in_use(cli: Cli, tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("mine")
    result = cli("selfplay", "ilium", "--agents", "random,random", "--out", str(tmp_path))
    assert result.exit_code == 2
    assert "already exists and is not an empty folder; choose a new one" in result.output


def test_missing_extras_are_named(
    cli: Cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)
    result = cli("tournament", "ilium", "--agents", "random,random", "-n", "2", "--backend",
                 "ray", "--json", str(tmp_path / "t.json"))  # fmt: skip
    assert result.exit_code == 2
    assert "the Ray backend needs the 'ray' package: pip install 'kleos[scale]'" in result.output
    for module in ("kleos.rl.selfplay_tensors", "kleos.rl.encode"):
        monkeypatch.delitem(sys.modules, module, raising=False)
    monkeypatch.setitem(sys.modules, "numpy", None)
    result = cli("selfplay", "ilium", "--agents", "random,random", "--out", str(tmp_path / "o"),
                 "--tensors")  # fmt: skip
    assert result.exit_code == 2
    assert "--tensors needs numpy: pip install 'kleos[rl]'" in result.output
