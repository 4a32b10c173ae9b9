"""The training example runs (a few tiny iterations) and writes its curve: a PNG and its
numbers."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType

import pytest

EXAMPLE = Path(__file__).parents[2] / "examples" / "train_ilium.py"
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def load_example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("train_ilium", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_example_trains_a_few_iterations_and_draws_its_curve(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "curve" / "ilium.png"
    argv = ["--iterations", "3", "--games", "2", "--eval", "4", "--seed", "5", "--out", str(out)]
    result = load_example().main(argv)
    assert out.read_bytes().startswith(PNG_SIGNATURE) and out.stat().st_size > 10_000
    saved = json.loads(out.with_suffix(".json").read_text())
    assert saved == result
    assert (saved["iterations"], saved["games_per_iteration"], saved["seed"]) == (3, 2, 5)
    assert len(saved["win_share"]) == 3
    assert all(0.0 <= w <= 1.0 for w in saved["win_share"])
    assert 0.0 <= saved["evaluation_win_share"] <= 1.0 and saved["evaluation_games"] == 4
    assert "iteration    3/3" in capsys.readouterr().out


def test_the_example_is_reproducible_from_its_seed(tmp_path: Path) -> None:
    example = load_example()
    argv = ["--iterations", "2", "--games", "2", "--eval", "2", "--seed", "9"]
    first = example.main([*argv, "--out", str(tmp_path / "a.png")])
    second = example.main([*argv, "--out", str(tmp_path / "b.png")])
    assert first["win_share"] == second["win_share"]
    assert first["evaluation_win_share"] == second["evaluation_win_share"]
