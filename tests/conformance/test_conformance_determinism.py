"""A game is determined by (config, seed, actions); records replay it exactly."""

from __future__ import annotations

import dataclasses
import random
import tempfile
from pathlib import Path

import pytest
from harness import (
    SEEDS,
    SETUPS,
    Setup,
    play_to_end,
    random_action,
    same_future,
    setup_id,
    snapshot,
)
from hypothesis import given, settings

import kleos
from kleos.core.records import (
    Move,
    Record,
    RecordWriter,
    new_record,
    parse_record,
    read_record,
    replay,
    result_json,
    write_record,
)


def record_of(game: kleos.Game, moves: list[Move], state: kleos.State) -> Record:
    """The record of a game played so far."""
    record = new_record(game, [f"seat {p}" for p in range(game.players)])
    result = result_json(state.outcome()) if state.is_terminal() else None
    return dataclasses.replace(record, moves=tuple(moves), result=result)


def trace(setup: Setup, seed: int) -> tuple[list[object], list[object], str]:
    """What a seeded random game shows move by move (the spectator's and the decider's
    views, every view at the start and the end), its events, and its record text."""
    game = setup.make(seed)
    state = game.new_initial_state()
    rng = random.Random(seed)
    views: list[object] = [snapshot(state)]
    events: list[object] = []
    moves = []
    while not state.is_terminal():
        player = state.current_player
        assert player is not None
        action = random_action(state, rng)
        events.append(state.apply(action, player=player))
        moves.append(Move(player, str(action)))
        views.append((state.view(None), state.view(player)))
    views.append(snapshot(state))
    return views, events, "\n".join(record_of(game, moves, state).lines())


@pytest.mark.parametrize("setup", SETUPS, ids=setup_id)
@settings(max_examples=3, deadline=None)
@given(seed=SEEDS)
def test_same_seed_and_actions_give_identical_games(setup: Setup, seed: int) -> None:
    """Two runs agree on every view, every event and the record, move by move."""
    assert trace(setup, seed) == trace(setup, seed)


@pytest.mark.parametrize("setup", SETUPS, ids=setup_id)
def test_initial_state_depends_on_the_seed_only(setup: Setup) -> None:
    """One game makes identical initial states; different seeds make different games."""
    game = setup.make(11)
    first, second = game.new_initial_state(), game.new_initial_state()
    assert snapshot(first) == snapshot(second)
    assert same_future(first, second, seed=0)
    assert same_future(first, setup.new_state(11), seed=0)
    others = [setup.new_state(seed) for seed in range(12, 20)]
    assert not all(same_future(first, other, seed=0) for other in others)


@pytest.mark.parametrize("setup", SETUPS, ids=setup_id)
@settings(max_examples=5, deadline=None)
@given(seed=SEEDS)
def test_record_replays_to_the_same_game(setup: Setup, seed: int) -> None:
    """Written move by move, read back and replayed: the same moves, events and final state."""
    with tempfile.TemporaryDirectory() as folder:
        check_record_replays(setup, seed, Path(folder) / "game.jsonl")


def check_record_replays(setup: Setup, seed: int, path: Path) -> None:
    """Play a seeded random game with a `RecordWriter`, then replay the file."""
    game = setup.make(seed)
    state = game.new_initial_state()
    writer = RecordWriter(path, game, [f"seat {p}" for p in range(game.players)])
    rng = random.Random(seed)
    moves, events = [], []
    while not state.is_terminal():
        player = state.current_player
        assert player is not None
        action = random_action(state, rng)
        events.append(state.apply(action, player=player))
        moves.append(Move(player, str(action)))
        writer.move(player, str(action))
    writer.finish(state.outcome())
    record = read_record(path)
    assert record == record_of(game, moves, state)
    replayed = replay(path)
    assert [move for move, _ in replayed.steps] == moves
    assert [step_events for _, step_events in replayed.steps] == events
    assert snapshot(replayed.state) == snapshot(state)
    assert replayed.state.outcome() == state.outcome()
    assert replayed.game.config == game.config


@pytest.mark.parametrize("setup", SETUPS, ids=setup_id)
def test_record_text_round_trips(setup: Setup, tmp_path: Path) -> None:
    """`Record.lines`, `write_record`, `RecordWriter` and `parse_record` agree on one text."""
    game = setup.make(21)
    state = game.new_initial_state()
    writer_path = tmp_path / "writer.jsonl"
    writer = RecordWriter(writer_path, game, [f"seat {p}" for p in range(game.players)])
    moves = []
    for action in play_to_end(state.clone(), random.Random(21)):
        player = state.current_player
        assert player is not None
        state.apply(action)
        moves.append(Move(player, str(action)))
        writer.move(player, str(action))
    writer.finish(state.outcome())
    record = record_of(game, moves, state)
    text = "".join(line + "\n" for line in record.lines())
    assert parse_record(text) == record
    write_record(tmp_path / "whole.jsonl", record)
    assert (tmp_path / "whole.jsonl").read_text(encoding="utf-8") == text
    assert writer_path.read_text(encoding="utf-8") == text


@pytest.mark.parametrize("setup", SETUPS, ids=setup_id)
def test_unfinished_record_replays_to_the_same_position(setup: Setup, tmp_path: Path) -> None:
    """A record stopped mid-game (no result) replays to the very same position."""
    game = setup.make(31)
    state = game.new_initial_state()
    path = tmp_path / "unfinished.jsonl"
    writer = RecordWriter(path, game, [f"seat {p}" for p in range(game.players)])
    rng = random.Random(31)
    for _ in range(25):
        if state.is_terminal():
            break
        player = state.current_player
        assert player is not None
        action = random_action(state, rng)
        state.apply(action)
        writer.move(player, str(action))
    writer.finish(None)
    replayed = replay(read_record(path))
    assert read_record(path).result is None
    assert snapshot(replayed.state) == snapshot(state)
    assert same_future(replayed.state, state, seed=1)
