"""`kleos tournament`: the standings table, the JSON, records and chart, and bad input."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from typer.testing import Result

import kleos

Cli = Callable[..., Result]

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def without_timings(data: dict[str, Any]) -> dict[str, Any]:
    """A tournament's JSON without the wall-clock figures, which vary from run to run."""
    data = dict(data, timing=None)
    data["games_detail"] = [dict(game, seconds=None) for game in data["games_detail"]]
    return data


def test_tournament_shows_standings_and_saves_json_records_and_chart(
    cli: Cli, tmp_path: Path
) -> None:
    out = tmp_path / "out" / "t.json"
    result = cli("tournament", "ilium", "--players", "3", "--agents", "random,random,random",
                 "--games", "7", "--seed", "5", "--json", str(out))  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "7 games rounded up to 9, a multiple of 3" in result.output
    assert "Ilium · 3 players · 9 games (3 deals × 3 seat rotations)" in result.output
    for label in ("Agent", "Games", "Wins", "Win %", "95% CI", "Score", "Rank", "μ", "σ"):
        assert label in result.output
    assert "Throughput:" in result.output and "games/s" in result.output
    data = json.loads(out.read_text())
    assert (data["game"], data["players"], data["games"], data["seed"]) == ("ilium", 3, 9, 5)
    assert data["requested_games"] == 7 and data["records"] == "t-records"
    [agent] = data["agents"]
    assert {"name", "games", "wins", "win_rate", "ci_low", "ci_high", "mean_score", "mean_rank",
            "rating"} <= set(agent)  # fmt: skip
    assert set(agent["rating"]) == {"mu", "sigma", "ordinal"}
    assert agent["name"] == "random" and agent["games"] == 27
    assert agent["wins"] == pytest.approx(9) and agent["mean_rank"] == pytest.approx(2)
    assert agent["ci_low"] < agent["win_rate"] < agent["ci_high"]
    assert len(data["games_detail"]) == 9
    assert {"deal", "rotation", "seed", "agents", "scores", "winners", "returns", "ranks",
            "steps", "seconds", "record"} <= set(data["games_detail"][0])  # fmt: skip
    assert set(data["timing"]) == {"jobs", "seconds", "games_per_s"}
    for game in data["games_detail"]:
        verified = kleos.replay(out.parent / "t-records" / game["record"])
        assert list(verified.state.outcome().scores) == game["scores"]
    assert out.with_suffix(".png").read_bytes().startswith(PNG_SIGNATURE)


def test_same_seed_gives_the_same_json_with_one_or_two_jobs(cli: Cli, tmp_path: Path) -> None:
    data = []
    for jobs in ("1", "2"):
        out = tmp_path / jobs / "t.json"
        result = cli("tournament", "elysium", "--agents", "random,random", "-n", "6",
                     "--seed", "11", "--jobs", jobs, "--json", str(out))  # fmt: skip
        assert result.exit_code == 0, result.output
        data.append(json.loads(out.read_text()))
    assert data[1]["timing"]["jobs"] == 2
    assert without_timings(data[0]) == without_timings(data[1])


def test_chart_and_records_paths_can_be_chosen(cli: Cli, tmp_path: Path) -> None:
    result = cli("tournament", "ilium", "--agents", "random,random", "-n", "2", "--seed", "1",
                 "--json", str(tmp_path / "t.json"), "--records", str(tmp_path / "games"),
                 "--chart", str(tmp_path / "charts" / "win.png"))  # fmt: skip
    assert result.exit_code == 0, result.output
    assert len(list((tmp_path / "games").glob("*.jsonl"))) == 2
    assert (tmp_path / "charts" / "win.png").read_bytes().startswith(PNG_SIGNATURE)
    assert json.loads((tmp_path / "t.json").read_text())["records"] == "games"


def test_without_json_everything_goes_to_a_new_timestamped_folder(
    cli: Cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    for _ in range(2):
        result = cli("tournament", "ilium", "--agents", "random,random", "-n", "2")
        assert result.exit_code == 0, result.output
    folders = sorted((tmp_path / "tournaments").iterdir())
    assert len(folders) == 2
    for folder in folders:
        names = {path.name for path in folder.iterdir()}
        assert names == {"tournament.json", "tournament.png", "records"}
        assert len(list((folder / "records").glob("*.jsonl"))) == 2


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--agents", "random,robot"], "unknown agent 'robot'"),
        (["--agents", "random,random:depth=3"], "agent 'random' has no option 'depth'"),
        (["--agents", "random,,random"], "has an empty entry"),
        (["--players", "3", "--agents", "random,random"], "2 seats are named but --players is 3"),
        (["--agents", "random,random,random,random,random"], "Ilium is for 2 to 4 players"),
        (["--players", "5", "--agents", "random,random,random,random,random"], "not 5"),
        (["--agents", "random,random", "--games", "0"], "--games must be at least 1"),
        (["--agents", "random,random", "--jobs", "0"], "--jobs must be at least 1"),
        (["--agents", "random,random", "--variant", "night"], "Ilium has no variant 'night'"),
    ],
)
def test_bad_tournaments_are_one_line_on_stderr_with_exit_code_2(
    cli: Cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: list[str], message: str
) -> None:
    monkeypatch.chdir(tmp_path)
    result = cli("tournament", "ilium", *args)
    assert result.exit_code == 2
    assert result.stderr.startswith("error: ") and message in result.stderr
    assert result.stderr.count("\n") == 1
    assert "Traceback" not in result.output
    assert not (tmp_path / "tournaments").exists()


def test_missing_agents_is_a_usage_error(cli: Cli) -> None:
    result = cli("tournament", "ilium")
    assert result.exit_code == 2
    assert "--agents" in result.output and "Traceback" not in result.output
