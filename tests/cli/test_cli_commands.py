"""`kleos replay`, `simulate`, `bench` and `games`, and how every command refuses bad input."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
import typer.main
from typer.testing import Result

import kleos
from kleos.cli.main import app

Cli = Callable[..., Result]


@pytest.fixture
def record(cli: Cli, tmp_path: Path) -> Path:
    """A finished 3-player game between random seats."""
    folder = tmp_path / "played"
    result = cli("play", "ilium", "--seats", "random,random,random", "--seed", "5",
                 "--records", str(folder))  # fmt: skip
    assert result.exit_code == 0, result.output
    [path] = folder.glob("*.jsonl")
    return path


def test_replay_verifies_and_tells_the_story(cli: Cli, record: Path) -> None:
    result = cli("replay", str(record))
    assert result.exit_code == 0, result.output
    verified = kleos.replay(record)
    first = verified.steps[0][0]
    name = verified.game.player_name(first.player)
    assert f"✓ Verified: {len(verified.steps)} moves of Ilium" in result.output
    assert "Seats: Red: random, Yellow: random, Green: random" in result.output
    assert f"   1 {name}" in result.output and first.action in result.output
    assert "is full and is excavated." in result.output
    assert "Final scores" in result.output and "Majorities" in result.output
    winner = verified.game.player_name(verified.state.outcome().winners[0])
    assert f"{winner} ★" in result.output


def test_replay_quiet_prints_only_the_verdict_and_result(cli: Cli, record: Path) -> None:
    result = cli("replay", "--quiet", str(record))
    assert result.exit_code == 0, result.output
    lines = result.output.strip().splitlines()
    assert lines[0].startswith("✓ Verified:")
    assert lines[-1].startswith("Result: ")
    assert len(lines) <= 3 and "excavated" not in result.output
    outcome = kleos.replay(record).state.outcome()
    assert f"with {max(outcome.scores)} points" in lines[-1]


def test_replay_refuses_a_tampered_record_with_exit_code_1(
    cli: Cli, record: Path, tmp_path: Path
) -> None:
    lines = record.read_text().splitlines()
    result_line = json.loads(lines[-1])
    result_line["result"]["scores"][0] += 5
    tampered = tmp_path / "tampered.jsonl"
    tampered.write_text("\n".join([*lines[:-1], json.dumps(result_line)]) + "\n")
    result = cli("replay", str(tampered))
    assert result.exit_code == 1
    assert result.stderr.startswith("error: record's result")
    assert "Traceback" not in result.output and "Verified" not in result.output


def test_simulate_writes_one_record_per_game_and_sums_up(cli: Cli, tmp_path: Path) -> None:
    args = ("simulate", "ilium", "--games", "4", "--players", "2", "--seed", "9")
    result = cli(*args, "--records", str(tmp_path / "a"))
    assert result.exit_code == 0, result.output
    paths = sorted((tmp_path / "a").glob("*.jsonl"))
    assert [p.name for p in paths] == [f"ilium-2p-seed9-deal{i}.jsonl" for i in range(4)]
    for path in paths:
        assert kleos.replay(path).state.is_terminal()
    for label in ("Ilium · 2 players · 4 games", "Wins", "Win %", "Mean score", "series seed 9"):
        assert label in result.output
    assert "Steps per game: mean" in result.output and "games/s" in result.output
    assert "End reasons: every Assignment card has been played (4)" in result.output
    wins = [float(line.split()[2]) for line in result.output.splitlines() if "random" in line]
    assert sum(wins) == pytest.approx(4)
    again = cli(*args, "--records", str(tmp_path / "b"))
    assert again.exit_code == 0
    for path in paths:
        assert (tmp_path / "b" / path.name).read_text() == path.read_text()


def test_simulate_with_named_agents_and_a_variant(cli: Cli) -> None:
    result = cli("simulate", "ilium", "-n", "2", "--agents", "random,random,random,random",
                 "--seed", "1", "--variant", "burial-vaults")  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "Ilium · 4 players · 2 games · burial-vaults" in result.output


def test_bench_prints_every_figure(cli: Cli) -> None:
    result = cli("bench", "ilium", "--players", "2", "--seconds", "0.05")
    assert result.exit_code == 0, result.output
    for label in ("Random full games/s", "Steps/s", "Steps/game", "Median clone (µs)",
                  "Median legal_actions (µs)", "Traced peak (KiB)", "Max RSS (MiB)"):  # fmt: skip
        assert label in result.output


def test_bench_json(cli: Cli) -> None:
    result = cli("bench", "ilium", "--seconds", "0.05", "--json")
    assert result.exit_code == 0, result.output
    figures = json.loads(result.output)
    assert figures["game"] == "ilium" and figures["players"] == 3
    assert {"games_per_s", "steps_per_s", "steps_per_game", "clone_us", "legal_actions_us",
            "traced_peak_kib", "max_rss_mib"} <= set(figures)  # fmt: skip


def test_games_lists_players_and_variants(cli: Cli) -> None:
    result = cli("games")
    assert result.exit_code == 0
    assert "ilium" in result.output and "2–4" in result.output
    assert "strategic-expeditions" in result.output and "burial-vaults" in result.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["play", "chess"], "unknown game 'chess'"),
        (["play", "ilium", "--players", "5"], "Ilium is for 2 to 4 players, not 5"),
        (["play", "ilium", "--variant", "night"], "Ilium has no variant 'night'"),
        (["play", "ilium", "--seats", "human,robot,random"], "unknown agent 'robot'"),
        (["play", "ilium", "--players", "3", "--seats", "random,random"], "names 2 seats"),
        (["play", "ilium", "--seats", "random,,random"], "has an empty seat"),
        (["play", "ilium", "--seed", "-4"], "seed must be a whole number"),
        (["replay", "no/such/record.jsonl"], "no such record file"),
        (["simulate", "ilium", "--games", "0"], "--games must be at least 1"),
        (
            ["simulate", "ilium", "--players", "3", "--agents", "random"],
            "1 seats are named but --players is 3",
        ),
        (["simulate", "ilium", "--agents", "random,genius"], "unknown agent 'genius'"),
        (["bench", "ilium", "--seconds", "0"], "--seconds must be more than 0"),
        (["bench", "go"], "unknown game 'go'"),
        (["play", "ilium", "-o", "speed=2"], "Ilium has no option 'speed' (options: variants,"),
        (["play", "ilium", "-o", "board"], "an option is written name=value, not 'board'"),
        (["play", "ilium", "-o", "variants=night"], "Ilium has no variant 'night'"),
        (["simulate", "elysium", "-o", "families=zeus"], "takes exactly 5 different ids"),
        (["simulate", "elysium", "-o", "card_set=no/such.toml"], "no such file"),
    ],
)
def test_bad_input_is_one_line_on_stderr_with_exit_code_2(
    cli: Cli, args: list[str], message: str
) -> None:
    result = cli(*args)
    assert result.exit_code == 2
    assert result.stderr.startswith("error: ") and message in result.stderr
    assert result.stderr.count("\n") == 1
    assert "Traceback" not in result.output


def test_every_game_option_is_set_from_the_command_line(cli: Cli, tmp_path: Path) -> None:
    """`--option NAME=VALUE` reaches the game config (and its records): Elysium's families,
    Ilium's variants (as `--variant` does too); `play --help` lists each game's options."""
    families = "families=apollo+ares+zeus+hades+athena"
    result = cli("simulate", "elysium", "-n", "1", "-p", "2", "--seed", "3", "-o", families,
                 "--records", str(tmp_path / "e"))  # fmt: skip
    assert result.exit_code == 0, result.output
    [path] = (tmp_path / "e").glob("*.jsonl")
    game = kleos.replay(path).game
    assert game.families == ("zeus", "hades", "ares", "apollo", "athena")  # type: ignore[attr-defined]
    result = cli("simulate", "ilium", "-n", "1", "--seed", "3", "--variant", "burial-vaults",
                 "-o", "variants=strategic-expeditions",
                 "--records", str(tmp_path / "i"))  # fmt: skip
    assert result.exit_code == 0, result.output
    [path] = (tmp_path / "i").glob("*.jsonl")
    assert kleos.replay(path).game.config.variants == ("burial-vaults", "strategic-expeditions")
    shown = cli("play", "--help").output
    for game_id in kleos.game_ids():
        assert f"{game_id}:" in shown
    assert "families=random|recommended" in shown and "board=PATH" in shown
    listed = cli("games").output
    assert "Options" in listed and "card_set=PATH" in listed and "hephaestus" in listed


def test_no_flag_names_two_options_of_one_command() -> None:
    """`-o` is `--option` in every command, so no other option of a command may claim it (or
    any flag another option has): `selfplay` and `train` gave it to `--out` as well."""
    commands = typer.main.get_command(app).commands  # type: ignore[attr-defined]
    assert {"play", "selfplay", "train"} <= set(commands)
    for name, command in commands.items():
        flags = [flag for param in command.params for flag in param.opts + param.secondary_opts]
        clashes = sorted({flag for flag in flags if flags.count(flag) > 1})
        assert not clashes, f"kleos {name}: {clashes} name two options"


def test_selfplay_reads_dash_o_as_a_game_option(cli: Cli, tmp_path: Path) -> None:
    out = tmp_path / "data"
    result = cli("selfplay", "elysium", "--agents", "random,random", "-n", "2", "--out", str(out),
                 "-o", "families=apollo+ares+zeus+hades+athena")  # fmt: skip
    assert result.exit_code == 0, result.output
    [path, _] = sorted(out.glob("*.jsonl"))
    game = kleos.replay(path).game
    assert game.families == ("zeus", "hades", "ares", "apollo", "athena")  # type: ignore[attr-defined]


def test_malformed_option_is_a_usage_error_not_a_traceback(cli: Cli) -> None:
    result = cli("play", "ilium", "--players", "three")
    assert result.exit_code == 2
    assert "Traceback" not in result.output and "--players" in result.output


def test_serve_sets_the_servers_limits_from_its_flags(
    cli: Cli, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """`kleos serve`'s flags reach the server's settings (the server itself is not started)."""
    from kleos.server import run  # noqa: PLC0415 (the server is an extra)
    from kleos.server.settings import Settings  # noqa: PLC0415

    started: list[Settings] = []
    monkeypatch.setattr(run, "run_server", lambda settings, host, port: started.append(settings))
    flags = ["--data-dir", str(tmp_path), "--chat-burst", "3", "--chat-per-game", "50"]
    result = cli("serve", *flags, "--hints-per-minute", "2", "--hint-queue", "1")
    assert result.exit_code == 0, result.output
    (settings,) = started
    assert (settings.chat_burst, settings.chat_per_game) == (3, 50)
    assert (settings.hints_per_minute, settings.hint_queue) == (2, 1)
    assert cli("serve", "--hint-queue", "0").exit_code != 0
