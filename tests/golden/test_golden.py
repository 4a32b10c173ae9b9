"""The golden playthroughs: regenerated in memory, they must match the files byte for byte."""

from __future__ import annotations

import difflib
import re
from pathlib import Path

import pytest
from playthrough import GOLDEN_DIR, REGENERATE, golden_cases, golden_name, playthrough

GOLDEN_FILES = sorted(GOLDEN_DIR.glob("*.txt"))
NAME = re.compile(r"(?P<game>.+)-(?P<players>\d+)p\.txt")


def test_every_game_and_player_count_has_a_golden_file() -> None:
    """A registered game needs a golden playthrough for each of its player counts."""
    missing = [
        golden_name(game_id, players)
        for game_id, players in golden_cases()
        if not (GOLDEN_DIR / golden_name(game_id, players)).is_file()
    ]
    assert not missing, f"no golden playthrough {missing} in tests/golden: run {REGENERATE}"


def test_every_golden_file_belongs_to_a_registered_game() -> None:
    """A golden file of a game or player count that no longer exists is stale."""
    expected = {golden_name(game_id, players) for game_id, players in golden_cases()}
    stale = [path.name for path in GOLDEN_FILES if path.name not in expected]
    assert GOLDEN_FILES, "no golden files at all"
    assert not stale, f"stale golden files {stale}: delete them"


@pytest.mark.parametrize("path", GOLDEN_FILES, ids=lambda path: path.stem)
def test_golden_playthrough_is_unchanged(path: Path) -> None:
    """The engine still plays the recorded game exactly as the file shows it."""
    name = path.name
    match = NAME.fullmatch(name)
    assert match, f"{name} is not named <game>-<players>p.txt"
    expected = path.read_text(encoding="utf-8")
    actual = playthrough(match["game"], int(match["players"]))
    if actual != expected:
        diff = difflib.unified_diff(
            expected.splitlines(),
            actual.splitlines(),
            f"{name} (file)",
            f"{name} (engine)",
            n=2,
            lineterm="",
        )
        shown = "\n".join(line[:200] for line in list(diff)[:80])
        pytest.fail(
            f"{name} differs from the engine's playthrough. If the change is intended, "
            f"run {REGENERATE} and review the diff.\n{shown}"
        )
