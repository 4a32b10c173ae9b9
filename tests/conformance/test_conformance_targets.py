"""Every legal action says what a board draws it on: a short label for the element's button and
a target key (or None), so that no front end switches over a game's action kinds."""

from __future__ import annotations

import re

import pytest
from harness import SETUPS, Setup, setup_id, walk

TARGET = re.compile(r"[a-z]+(:[^:\s]+)*")
"""A target key: a kind of element, then its ids ('space:p12:3', 'card:ZEU-01a', 'draw')."""
SHORT = 32
"""The most characters a short label may have (it sits on a card or beside a space)."""


@pytest.mark.parametrize("setup", SETUPS, ids=setup_id)
def test_every_legal_action_has_a_short_label_and_a_target_key(setup: Setup) -> None:
    """The short label is a few words; the target is None or a well-formed key, the same for a
    clone of the state (it depends on the position only)."""
    for state in walk(setup, 0):
        game = state.game
        for action in state.legal_actions():
            short = game.action_short(action)
            assert short and len(short) <= SHORT, (action, short)
            target = game.action_target(state, action)
            assert target is None or TARGET.fullmatch(target), (action, target)
            assert game.action_target(state.clone(), action) == target
