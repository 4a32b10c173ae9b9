"""`clone` is independent, for every game: a clone whose every slot is replaced, and every
mutable container reachable from it overwritten, leaves the original exactly as it was (its JSON
document, its legal actions and every seat's view). Slots a state declares `shared_slots`
(copy-on-write containers the engine only ever replaces) are replaced, not overwritten."""

from __future__ import annotations

import contextlib
import random
from typing import Any

import pytest
from harness import PLAYER_SETUPS, Setup, setup_id

from kleos.core.protocol import State
from kleos.core.state import field_names

SENTINEL = object()


def vandalise(value: Any, seen: set[int]) -> None:
    """Overwrite, in place, everything in every mutable container reachable from `value`
    (objects with a `__dict__` included), so that an original sharing one breaks."""
    if id(value) in seen or isinstance(value, str | bytes | int | float | type(None)):
        return
    seen.add(id(value))
    if isinstance(value, list):
        for index, item in enumerate(value):
            vandalise(item, seen)
            value[index] = SENTINEL
        value.append(SENTINEL)
    elif isinstance(value, dict):
        for key, item in list(value.items()):
            vandalise(item, seen)
            value[key] = SENTINEL
        value[SENTINEL] = SENTINEL
    elif isinstance(value, set):
        value.clear()
        value.add(SENTINEL)
    elif isinstance(value, tuple):
        for item in value:
            vandalise(item, seen)
    elif hasattr(value, "__dict__") and not isinstance(value, type):
        for name, item in list(vars(value).items()):
            vandalise(item, seen)
            with contextlib.suppress(AttributeError, TypeError):  # frozen: its own fields
                setattr(value, name, SENTINEL)


def positions(setup: Setup, seed: int) -> list[State]:
    """Positions from the start to the end of one random game."""
    state = setup.new_state(seed)
    rng = random.Random(seed)
    seen = [state.clone()]
    while not state.is_terminal():
        state.apply_unchecked(rng.choice(state.legal_actions()))
        if rng.random() < 0.15:
            seen.append(state.clone())
    return [*seen, state]


def seen(state: State) -> tuple[Any, ...]:
    """Everything the state shows: its document, legal actions and every seat's view."""
    viewers = [*range(state.game.players), None]
    return state.to_json(), state.legal_actions(), [state.view(p) for p in viewers]


@pytest.mark.parametrize("setup", PLAYER_SETUPS, ids=setup_id)
def test_a_clone_shares_nothing_the_original_can_see_changed(setup: Setup) -> None:
    for state in positions(setup, 17):
        before = seen(state)
        clone = state.clone()
        shared = type(state).shared_slots
        for name in field_names(type(clone)):
            if name == "game":
                continue  # the frozen game handle is shared by design
            try:
                value = getattr(clone, name)
            except AttributeError:
                continue
            if name not in shared:
                vandalise(value, set())
            with contextlib.suppress(TypeError):  # a compiled state's field keeps its type
                object.__setattr__(clone, name, SENTINEL)
        assert seen(state) == before, "the original changed with its clone"
