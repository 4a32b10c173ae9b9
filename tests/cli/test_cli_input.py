"""The terminal refuses bad input with one short line and a non-zero status, and never shows
the seed while a game is played."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from typer.testing import Result

import kleos
from kleos.core.records import RecordWriter

Cli = Callable[..., Result]
SEED = 987_654_321_987
"""A seed that appears nowhere by chance."""


def test_play_never_shows_the_seed_before_the_game_is_over(cli: Cli, tmp_path: Path) -> None:
    """Neither the title, the board, the record's name nor its header in progress carry the
    seed; it is shown once the game is abandoned (or over)."""
    script = "1\n" * 4 + "quit\n"
    result = cli("play", "ilium", "--seed", str(SEED), "--records", str(tmp_path), input=script)
    assert result.exit_code == 0, result.output
    before, _, after = result.output.partition("Game abandoned after")
    assert str(SEED) not in before
    assert f"Seed: {SEED}" in after
    [path] = tmp_path.glob("*.jsonl")
    assert str(SEED) not in path.name
    assert kleos.read_record(path).config["seed"] == SEED  # written at the end
    assert not list((tmp_path / ".keys").glob("*"))


def test_play_shows_the_seed_when_the_game_is_over(cli: Cli, tmp_path: Path) -> None:
    result = cli("play", "ilium", "--seats", "random,random", "--seed", str(SEED),
                 "--records", str(tmp_path))  # fmt: skip
    assert result.exit_code == 0, result.output
    before, _, after = result.output.partition("Game over")
    assert str(SEED) not in before and f"Seed: {SEED}" in after


def test_end_of_input_abandons_the_game_with_a_non_zero_status(cli: Cli, tmp_path: Path) -> None:
    result = cli("play", "ilium", "--seed", "3", "--records", str(tmp_path), input="1\n")
    assert result.exit_code == 1, result.output
    assert "Game abandoned after" in result.output and "the input ended" in result.output
    assert "Traceback" not in result.output
    [path] = tmp_path.glob("*.jsonl")
    assert kleos.replay(path).state is not None


def test_a_long_input_line_is_refused_without_being_echoed_whole(cli: Cli, tmp_path: Path) -> None:
    for line in ("x" * 100_000, "9" * 100_000):
        result = cli("play", "ilium", "--seed", "3", "--records", str(tmp_path),
                     input=line + "\nquit\n")  # fmt: skip
        assert result.exit_code == 0, result.output
        assert "✗" in result.output
        assert len(result.output) < 20_000
        assert "Traceback" not in result.output


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (("play", "ilium", "--players", "0"), "Ilium is for 2 to 4 players, not 0"),
        (("play", "ilium", "--players", "9"), "Ilium is for 2 to 4 players, not 9"),
        (("play", "ilium", "--seats", "human,ismcts:time=nan"), "expected a finite number"),
        (("play", "ilium", "--seats", "human,ismcts:time=inf"), "expected a finite number"),
        (("play", "ilium", "--seats", "human,ismcts:time=1e9"), "at most 3600 seconds"),
        (("play", "ilium", "--seats", "human,ismcts:c=nan"), "expected a finite number"),
        (("play", "ilium", "--seats", "human,ismcts:temperature=nan"), "finite number"),
        (("play", "ilium", "--seats", "human,ismcts:puct=nan"), "expected a finite number"),
        (("play", "ilium", "--seats", "human,ismcts:puct=-1"), "puct must be a number from 0"),
        (("play", "ilium", "--seats", "human,ismcts:iterations=٣"), "expected a whole number"),
        (("play", "ilium", "--seed", "-1"), "seed must be a whole number"),
        (("bench", "ilium", "--seconds", "nan"), "--seconds must be more than 0"),
        (("bench", "ilium", "--seconds", "inf"), "--seconds must be more than 0"),
        (("bench", "ilium", "--seconds", "0"), "--seconds must be more than 0"),
    ],
)
def test_bad_arguments_are_one_line_errors(cli: Cli, args: tuple[str, ...], fragment: str) -> None:
    result = cli(*args)
    assert result.exit_code == 2, result.output
    assert fragment in result.stderr
    assert "Traceback" not in result.output


def test_replay_of_a_record_in_progress_says_so_and_unseal_completes_it(
    cli: Cli, tmp_path: Path
) -> None:
    """A sealed record (its writer never finished) is refused by replay with the reason;
    `--unseal` joins it with its kept seed, then replays it."""
    game = kleos.make("ilium", seed=SEED)
    state = game.new_initial_state()
    path = tmp_path / "game.jsonl"
    writer = RecordWriter(path, game, ["a", "b", "c"])
    for _ in range(5):
        player, action = state.current_player, state.legal_actions()[0]
        state.apply(action)
        writer.move(player, str(action))  # type: ignore[arg-type]
    refused = cli("replay", str(path))
    assert refused.exit_code == 1
    assert "holds no seed" in refused.stderr and "unseal" in refused.stderr
    result = cli("replay", "--unseal", str(path))
    assert result.exit_code == 0, result.output
    assert "Unsealed" in result.output and "✓ Verified: 5 moves" in result.output
    assert json.loads(path.read_text().splitlines()[0])["config"]["seed"] == SEED


def test_replay_notes_a_record_of_another_kleos(cli: Cli, tmp_path: Path) -> None:
    folder = tmp_path / "played"
    assert cli("play", "ilium", "--seats", "random,random", "--records", str(folder)).exit_code == 0
    [path] = folder.glob("*.jsonl")
    lines = path.read_text().splitlines()
    header = json.loads(lines[0])
    header["engine_version"] = "0.0.1"
    path.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n")
    result = cli("replay", "--quiet", str(path))
    assert result.exit_code == 0, result.output
    assert "Note: recorded by Kleos 0.0.1" in result.output
