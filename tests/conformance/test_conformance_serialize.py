"""States as JSON documents: every position of a game of every registered game round-trips,
hidden parts included, through `State.to_json` / `Game.state_from_json` and through
`state_to_text` / `state_from_text`; some round-trip through `copy.deepcopy` (pickle's path)."""

from __future__ import annotations

import copy
import json

import pytest
from harness import PLAYER_SETUPS, Setup, future, setup_id, walk

from kleos.core.jsonstate import MAX_STATE_TEXT
from kleos.core.serialize import state_from_text, state_to_text

FUTURE_PLIES = 2
"""How far each copy is played on beside the original: every position is checked, so a short
future suffices to show that what a document leaves out changes nothing that comes next."""
DEEPCOPY_EVERY = 23
"""Deep copies are checked at every 23rd position: they do not go through the JSON codec."""


@pytest.mark.parametrize("setup", PLAYER_SETUPS, ids=setup_id)
def test_every_position_round_trips_through_json_text_and_deepcopy(setup: Setup) -> None:
    for ply, state in enumerate(walk(setup, seed=12, every=1)):
        document = state.to_json()
        text = state_to_text(state)
        assert len(text) < MAX_STATE_TEXT
        copies = [
            state_from_text(text),
            state.game.state_from_json(json.loads(json.dumps(document))),
        ]
        if ply % DEEPCOPY_EVERY == 0:
            copies.append(copy.deepcopy(state))
        # `same_future` for each copy, the original's future played once: a future begins and
        # ends with the `snapshot` (every view, the legal actions, who decides).
        expected = list(future(state, seed=3, plies=FUTURE_PLIES))
        for copied in copies:
            assert copied is not state and copied.game.config == state.game.config
            assert copied.to_json() == document
            assert list(future(copied, seed=3, plies=FUTURE_PLIES)) == expected
