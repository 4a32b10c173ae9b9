"""Shared by tests in every folder: a seeded random game played to its end, with its record."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence

import kleos
from kleos.core.protocol import Game, State
from kleos.core.records import Move, Record, new_record, result_json
from kleos.core.registry import game_class


def built_in_game_ids() -> list[str]:
    """The project's own games (the packages of `kleos.games`), whose regression data (golden
    playthroughs, perft lines) the project keeps; a plugin game keeps its own."""
    return [g for g in kleos.game_ids() if game_class(g).__module__.startswith("kleos.games.")]


def random_game_record(
    game: Game, seed: int, seats: Sequence[str] | None = None
) -> tuple[State, Record]:
    """Play `game` to its end with random legal moves (seeded); the final state and the
    complete record (seats named 'seat 0', 'seat 1', … unless given)."""
    state = game.new_initial_state()
    rng = random.Random(seed)
    moves = []
    while not state.is_terminal():
        player = state.current_player
        assert player is not None
        action = rng.choice(state.legal_actions())
        state.apply(action)
        moves.append(Move(player, str(action)))
    names = list(seats) if seats is not None else [f"seat {p}" for p in range(game.players)]
    record = dataclasses.replace(
        new_record(game, names), moves=tuple(moves), result=result_json(state.outcome())
    )
    return state, record
