"""States as bytes: every state of every game round-trips (hidden parts included) through
`dump_state` / `load_state` and `copy.deepcopy`; bytes that would build anything but Kleos's
own classes are refused."""

from __future__ import annotations

import copy
import os
import pickle

import pytest
from harness import PLAYER_SETUPS, Setup, same_future, setup_id, snapshot, walk

from kleos.core.errors import StateDataError
from kleos.core.serialize import MAX_STATE_BYTES, dump_state, load_state
from kleos.games.ilium import board


@pytest.mark.parametrize("setup", PLAYER_SETUPS, ids=setup_id)
def test_states_round_trip_through_bytes_and_deepcopy(setup: Setup) -> None:
    for state in walk(setup, seed=12, every=23):
        data = dump_state(state)
        assert len(data) < 20_000
        for copied in (load_state(data), copy.deepcopy(state)):
            assert copied is not state and snapshot(copied) == snapshot(state)
            assert copied.game.config == state.game.config
            assert same_future(copied, state, seed=3)


class ReadsAFile:
    def __reduce__(self) -> tuple[object, ...]:
        return (board.load_board, ("/etc/passwd",))


class RunsACommand:
    def __reduce__(self) -> tuple[object, ...]:
        return (os.system, ("true",))


def test_bytes_that_are_no_state_are_refused() -> None:
    refused = [
        pickle.dumps(RunsACommand()),
        pickle.dumps(ReadsAFile()),
        pickle.dumps({"not": "a state"}),
        b"junk",
        b"",
        b"x" * (MAX_STATE_BYTES + 1),
        "text",
        None,
    ]
    for data in refused:
        with pytest.raises(StateDataError) as error:
            load_state(data)
        assert len(str(error.value)) < 200
