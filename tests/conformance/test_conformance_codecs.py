"""Actions round-trip through their text, their `repr` and their integer id."""

from __future__ import annotations

import random

import pytest
from harness import PLAYER_SETUPS, SETUPS, Setup, game_namespace, setup_id, snapshot, walk

import kleos
from kleos.core.inputs import echo

BAD_TEXTS = (
    "",
    "   ",
    "xyzzy",
    "place",
    "place nowhere",
    "play 7",
    "take",
    "-1",
    "0",
    "\x00",
    "é" * 3,
    "place p12:3 please",
    "x" * 10_000,
)
"""Text that names no action of any game."""
BAD_IDS = (-1, None, "0", 1.5, [0])
"""Integers out of range, or no integer at all (the action space size is added per game)."""


@pytest.mark.parametrize("setup", SETUPS, ids=setup_id)
def test_action_space_is_a_bijection(setup: Setup) -> None:
    """`action_from_id` and `action_id` are inverse over `range(num_distinct_actions)`."""
    game = setup.make(0)
    namespace = game_namespace(game)
    actions = [game.action_from_id(i) for i in range(game.num_distinct_actions)]
    assert game.num_distinct_actions > 0
    assert len(set(actions)) == len(actions), "two ids name one action"
    assert len({str(a) for a in actions}) == len(actions), "two actions share one text"
    for i, action in enumerate(actions):
        assert game.action_id(action) == i
        copy = eval(repr(action), namespace)
        assert copy == action and hash(copy) == hash(action)
        assert game.action_id(copy) == i


@pytest.mark.parametrize("setup", SETUPS, ids=setup_id)
def test_legal_actions_round_trip_through_text_repr_and_id(setup: Setup) -> None:
    """Every legal action met in random games parses from its text and evaluates from its repr."""
    game = setup.make(0)
    namespace = game_namespace(game)
    for seed in range(2):
        for state in walk(setup, seed):
            legal = state.legal_actions()
            ids = [state.game.action_id(a) for a in legal]
            assert len(set(ids)) == len(ids), "two legal actions share an id"
            for action, action_id in zip(legal, ids, strict=True):
                assert action_id in range(game.num_distinct_actions)
                assert state.game.action_from_id(action_id) == action
                parsed = state.game.parse_action(state, str(action))
                assert parsed == action and type(parsed) is type(action)
                assert eval(repr(action), namespace) == action


@pytest.mark.parametrize("setup", SETUPS, ids=setup_id)
def test_rebuilt_actions_play_like_the_originals(setup: Setup) -> None:
    """An action rebuilt from its repr, its text or its id is as good as the one handed out,
    on the fast path too: equal actions must behave equally."""
    rng = random.Random(7)
    for state in walk(setup, seed=7, every=6):
        game = state.game
        namespace = game_namespace(game)
        legal = state.legal_actions()
        for action in rng.sample(legal, min(len(legal), 4)):
            expected = state.clone()
            expected.apply_unchecked(action)
            rebuilt = (
                eval(repr(action), namespace),
                game.parse_action(state, str(action)),
                game.action_from_id(game.action_id(action)),
            )
            for copy in rebuilt:
                played = state.clone()
                played.apply_unchecked(copy)
                assert snapshot(played) == snapshot(expected), f"{copy!r} plays unlike {action}"


@pytest.mark.parametrize("setup", PLAYER_SETUPS, ids=setup_id)
def test_unknown_action_text_raises_action_parse_error(setup: Setup) -> None:
    """Text that names no action raises `ActionParseError`, quoting the text."""
    state = setup.new_state(0)
    game = state.game
    for text in BAD_TEXTS:
        with pytest.raises(kleos.ActionParseError) as error:
            game.parse_action(state, text)
        message = str(error.value)
        assert isinstance(error.value, kleos.IllegalActionError)
        assert len(message) > 10
        assert echo(text.strip())[:20] in message, f"the message does not quote {text!r}"
    for not_text in (None, 5, b"play 1", ["play 1"]):
        with pytest.raises(kleos.ActionParseError):
            game.parse_action(state, not_text)  # type: ignore[arg-type]


@pytest.mark.parametrize("setup", PLAYER_SETUPS, ids=setup_id)
def test_bad_action_ids_raise_action_parse_error(setup: Setup) -> None:
    """Ids outside `range(num_distinct_actions)`, and non-actions given to `action_id`, raise."""
    game = setup.make(0)
    for bad in (*BAD_IDS, game.num_distinct_actions, game.num_distinct_actions + 1):
        with pytest.raises(kleos.ActionParseError) as error:
            game.action_from_id(bad)  # type: ignore[arg-type]
        assert str(error.value).strip()
    for not_action in (None, "play 1", object(), 0):
        with pytest.raises(kleos.ActionParseError):
            game.action_id(not_action)  # type: ignore[arg-type]


@pytest.mark.parametrize("setup", PLAYER_SETUPS, ids=setup_id)
def test_integer_fast_paths_agree_with_the_action_objects(setup: Setup) -> None:
    """`legal_action_ids` are the legal actions' ids, ascending; `apply_id` plays like `apply`;
    an id that is not legal now is refused and changes nothing."""
    rng = random.Random(3)
    for state in walk(setup, seed=3, every=3):
        game = state.game
        ids = state.legal_action_ids()
        assert ids == sorted(game.action_id(a) for a in state.legal_actions())
        assert ids == sorted(set(ids))
        illegal = next((i for i in range(game.num_distinct_actions) if i not in set(ids)), None)
        if illegal is not None:
            before = snapshot(state)
            with pytest.raises(kleos.IllegalActionError):
                state.apply_id(illegal)
            assert snapshot(state) == before
        if ids:
            chosen = rng.choice(ids)
            by_id, by_action = state.clone(), state.clone()
            by_id.apply_id(chosen)
            by_action.apply(game.action_from_id(chosen))
            assert snapshot(by_id) == snapshot(by_action)
