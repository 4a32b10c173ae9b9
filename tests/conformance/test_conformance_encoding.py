"""Every game's observation encoding (the research interfaces' tensors): a fixed layout,
well-formed entries, nothing a seat may not see, and games no longer than the stated bound."""

from __future__ import annotations

import math
import random

import pytest

import kleos

CONFIGS = [(g, n) for g in ("ilium", "elysium") for n in (2, 3, 4)]


@pytest.mark.parametrize(("game_id", "players"), CONFIGS)
def test_the_encoding_fields_tile_the_vector_from_zero(game_id: str, players: int) -> None:
    game = kleos.make(game_id, players=players, seed=1)
    fields = game.encoding_fields()
    start = 0
    for field in fields:
        assert field.start == start and field.size > 0 and field.name and field.doc
        start += field.size
    assert game.encoding_size() == start
    assert len({f.name for f in fields}) == len(fields)


@pytest.mark.parametrize(("game_id", "players"), CONFIGS)
def test_an_encoding_shows_each_seat_only_what_it_may_see(game_id: str, players: int) -> None:
    """At every position of random games, each seat's (and a spectator's) encoding is the same
    for the true state and for a determinization of that seat's information."""
    game = kleos.make(game_id, players=players, seed=7)
    size = game.encoding_size()
    rng = random.Random(3)
    for _ in range(2):
        state = game.with_seed(rng.getrandbits(64)).new_initial_state()
        decisions = 0
        while not state.is_terminal():
            for seat in [None, *range(players)]:
                indices, values = state.encode(seat)
                assert indices == sorted(set(indices)) and len(indices) == len(values)
                assert all(0 <= i < size for i in indices)
                assert all(math.isfinite(v) and v != 0 for v in values)
                if decisions % 7 == 0:
                    copy = state.determinize(seat, rng)
                    assert copy.encode(seat) == (indices, values)
            state.apply_unchecked(rng.choice(state.legal_actions()))
            decisions += 1
        assert decisions <= game.max_game_length()


@pytest.mark.parametrize(("game_id", "players"), CONFIGS)
def test_an_encoding_changes_as_the_game_goes_on(game_id: str, players: int) -> None:
    game = kleos.make(game_id, players=players, seed=2)
    state = game.new_initial_state()
    seen = {tuple(state.encode(0)[0])}
    rng = random.Random(1)
    for _ in range(10):
        state.apply_unchecked(rng.choice(state.legal_actions()))
        seen.add(tuple(state.encode(0)[0]) + tuple(state.encode(0)[1]))
    assert len(seen) > 5
