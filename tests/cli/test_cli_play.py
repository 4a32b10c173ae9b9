"""`kleos play`: whole games between agents, a scripted human seat, and hotseat secrecy."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from typer.testing import Result

import kleos

Cli = Callable[..., Result]


def records_in(folder: Path) -> list[Path]:
    """The record files in a folder, sorted by name."""
    return sorted(folder.glob("*.jsonl"))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_all_agent_game_is_narrated_scored_and_recorded(
    cli: Cli, tmp_path: Path, players: int
) -> None:
    seats = ",".join(["random"] * players)
    result = cli("play", "ilium", "--seats", seats, "--seed", "7", "--records", str(tmp_path))
    assert result.exit_code == 0, result.output
    [path] = records_in(tmp_path)
    assert path.name.startswith(f"ilium-{players}p-") and "seed" not in path.name
    assert f"Record: {path}" in result.output.replace("\n", "")
    verified = kleos.replay(path)
    assert verified.state.is_terminal()
    outcome = verified.state.outcome()
    assert "is full and is excavated." in result.output
    assert "Scoring (tokens held after the donations):" in result.output
    assert "Final scores" in result.output
    winner = verified.game.player_name(outcome.winners[0])
    assert re.search(
        rf"{winner}.*(wins|share the victory) with {max(outcome.scores)} points", result.output
    )


def test_default_seats_are_a_human_then_random(cli: Cli, tmp_path: Path) -> None:
    result = cli("play", "ilium", "--seed", "7", "--records", str(tmp_path), input="quit\n")
    assert result.exit_code == 0, result.output
    assert "Red: you" in result.output
    assert "Yellow: random" in result.output and "Green: random" in result.output
    assert kleos.read_record(records_in(tmp_path)[0]).seats == ("human", "random", "random")


def test_human_entries_are_checked_refused_with_a_reason_and_asked_again(
    cli: Cli, tmp_path: Path
) -> None:
    script = [
        "999",  # no such option number
        "cube p01:1",  # a real action, but not legal before the group is placed
        "dig a hole",  # not an action at all
        "help",
        "board",
        "1",  # the first legal placement
        "NO MORE cubes",  # action text, case-insensitive
        "quit",
    ]
    result = cli(
        "play", "ilium", "--seats", "human,random,random", "--seed", "7",
        "--records", str(tmp_path), input="\n".join(script) + "\n",
    )  # fmt: skip
    out = result.output
    assert result.exit_code == 0, out
    assert "There is no option 999: choose a number from 1 to" in out
    assert "Place the group of 1 first; cubes go on the same path after it" in out
    assert "'dig a hole' is not an Ilium action" in out
    assert "abandon the game (its record is kept)" in out  # the help
    assert out.count("Red's secrets") >= 3  # shown, shown again by 'board', then for the cubes
    assert "Historian:" in out and "Next card of your deck:" in out
    assert "Red places 1 archaeologist on" in out
    assert "Game abandoned after" in out
    [path] = records_in(tmp_path)
    record = kleos.read_record(path)
    assert record.result is None
    red = [move.action for move in record.moves if move.player == 0]
    assert red[0].startswith("place ") and red[1] == "no more cubes"
    kleos.replay(record)


def test_input_that_ends_abandons_the_game_and_keeps_the_record(cli: Cli, tmp_path: Path) -> None:
    result = cli("play", "ilium", "--players", "2", "--seed", "3", "--records", str(tmp_path))
    assert result.exit_code == 1, result.output
    assert "Game abandoned after" in result.output
    assert "Traceback" not in result.output
    assert len(records_in(tmp_path)) == 1


def test_hotseat_passes_the_device_and_never_shows_the_other_humans_secrets(
    cli: Cli, tmp_path: Path
) -> None:
    # Every line answers a prompt: "1" picks the first option, or confirms a pass screen.
    result = cli(
        "play", "ilium", "--seats", "human,human", "--seed", "11",
        "--records", str(tmp_path), input="1\n" * 40,
    )  # fmt: skip
    assert result.exit_code == 1, result.output  # the scripted input ends first
    state = kleos.replay(records_in(tmp_path)[0]).state
    historian = {
        name: state.view(p)["private"]["historian"] for p, name in enumerate(["Red", "Yellow"])
    }
    screens = result.output.split("Pass the device to")
    assert len(screens) >= 4
    for screen in screens:
        deciders = set(re.findall(r"^(Red|Yellow) ›", screen, flags=re.MULTILINE))
        shown = set(re.findall(r"Historian: (\w+)", screen))
        assert len(deciders) <= 1
        if deciders:
            assert shown == {historian[deciders.pop()]}
        else:
            assert not shown
    for name in ("Red", "Yellow"):
        assert f"{name}, press Enter when only you can see the screen." in result.output
