"""The analysis of a finished game: the search's judgement of each decision, and each
player's estimated win chance after every move (the browser's analysis chart)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import kleos
from kleos.agents.value import write_model
from kleos.agents.weights import WEIGHTS_PATH
from kleos.core.protocol import PlayerId, State
from kleos.runner.analysis import analyze_record, win_chances
from models import random_arrays
from played import random_game_record


@pytest.mark.parametrize("game_id", ["ilium", "elysium"])
def test_win_chances_start_even_end_at_the_result_and_always_share_one_win(
    game_id: str,
) -> None:
    game = kleos.make(game_id, players=3, seed=11)
    final, record = random_game_record(game, seed=2)
    judged, chances = win_chances(record, samples=4, seed=1, learned=False)
    assert judged == "rollouts" and len(chances) == len(record.moves) + 1
    assert all(abs(sum(row) - 1) < 1e-3 and min(row) >= 0 for row in chances)
    assert chances[-1] == final.outcome().returns()
    again = win_chances(record, samples=4, seed=1, learned=False)
    assert again == (judged, chances)  # seeded: reproducible


def test_win_chances_resample_from_a_spectators_view_only(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = kleos.make("ilium", players=2, seed=3)
    _, record = random_game_record(game, seed=4)
    state_class = type(game.new_initial_state())
    asked: list[object] = []
    original = state_class.determinize

    def spy(self: State, player: PlayerId | None, rng: random.Random) -> State:
        asked.append(player)
        return original(self, player, rng)

    monkeypatch.setattr(state_class, "determinize", spy)
    win_chances(record, samples=2, learned=False)
    assert asked and set(asked) == {None}


@pytest.mark.parametrize("game_id", ["ilium", "elysium"])
def test_win_chances_come_from_the_learned_model_of_the_config_from_a_spectators_view(
    game_id: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With a model for the config, each chance is its judgement of what a spectator sees
    (the encodings are asked for no seat's view) and a finished game counts its result."""
    game = kleos.make(game_id, players=3, seed=12)
    monkeypatch.setenv(WEIGHTS_PATH, str(tmp_path))
    write_model(tmp_path / "default-3p.npz", game, random_arrays(game, seed=1), {})
    final, record = random_game_record(game, seed=3)
    state_class = type(game.new_initial_state())
    asked: list[object] = []
    original = state_class.encode

    def spy(self: State, player: object) -> tuple[list[int], list[float]]:
        asked.append(player)
        return original(self, player)

    monkeypatch.setattr(state_class, "encode", spy)
    assert win_chances(record, samples=2)[0] == "rollouts"  # the chart's default
    judged, chances = win_chances(record, learned=True)
    assert judged == "learned" and len(chances) == len(record.moves) + 1
    assert all(abs(sum(row) - 1) < 1e-3 and min(row) >= 0 for row in chances)
    assert chances[-1] == final.outcome().returns()
    assert len({tuple(row) for row in chances}) > 2  # the judgement follows the game
    assert asked and set(asked) == {None}


def test_the_analysis_marks_every_decision_with_a_choice() -> None:
    game = kleos.make("ilium", players=2, seed=5)
    _, record = random_game_record(game, seed=6)
    _, moves = analyze_record(record, "ismcts:iterations=8")
    assert moves and all(m.options > 1 for m in moves)
    assert {m.mark for m in moves} <= {"", "!", "?", "??"}
    assert all(m.loss >= 0 and 0 <= m.best_win_rate <= 1 for m in moves)
