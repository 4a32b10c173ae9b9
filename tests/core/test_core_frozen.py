"""Frozen values (`kleos.core.frozen.Frozen`) copy and pickle as calls of their class, so a
state that holds them deep-copies and pickles the same, pure or compiled."""

from __future__ import annotations

import copy
import pickle

import pytest

from kleos.games.elysium.cards import Amount, Effect, load_card_set
from kleos.games.elysium.tasks import AskImmediate, ResolveEffect, StartEpoch
from kleos.games.ilium.board import load_board

EFFECT = Effect("share_gift", n=2, levels=frozenset({1, 3}), gifts=(Amount("gold", 1),))
VALUES = [
    EFFECT,
    StartEpoch(),
    AskImmediate(2, 3),
    ResolveEffect(1, EFFECT, 7),
    load_board(),
    load_card_set().families[0],
]


@pytest.mark.parametrize("value", VALUES, ids=lambda value: type(value).__name__)
def test_a_frozen_value_deep_copies_to_an_equal_value(value: object) -> None:
    copied = copy.deepcopy(value)
    assert copied == value and type(copied) is type(value)


@pytest.mark.parametrize("value", VALUES, ids=lambda value: type(value).__name__)
def test_a_frozen_value_pickles_to_an_equal_value(value: object) -> None:
    assert pickle.loads(pickle.dumps(value)) == value
