"""Hostile state documents: real documents of every game, mutated at random (a value replaced,
a key dropped or added, a list cut short or grown), and hand-written hostile texts. Each one
becomes a working state or is refused with a short `StateDataError`; nothing else escapes."""

from __future__ import annotations

import builtins
import json
import pathlib
import random
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import kleos
from kleos.core.errors import StateDataError
from kleos.core.jsonstate import MAX_STATE_TEXT
from kleos.core.protocol import Game, State
from kleos.core.registry import game_class
from kleos.core.serialize import state_from_text, state_to_text

GAME_IDS = kleos.game_ids()
SHORT = 200
"""A refusal's message is shorter than this."""
FUZZ = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
MAX_PLIES = 5_000
"""No game lasts longer (as in the conformance harness)."""
JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=12),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=8,
)
"""Any JSON value, small."""
Path = tuple[str | int, ...]


@cache
def documents(game_id: str) -> tuple[tuple[Game, str], ...]:
    """Every 15th position of a seeded random game, at the fewest and the most players, with
    every variant on: each game with its document's JSON text."""
    cls = game_class(game_id)
    found = []
    for players in (cls.min_players, cls.max_players):
        game = kleos.make(game_id, players=players, seed=21, variants=cls.spec.variant_ids)
        state = game.new_initial_state()
        rng = random.Random(21)
        for ply in range(MAX_PLIES):
            if ply % 15 == 0 or state.is_terminal():
                found.append((game, state_to_text(state)))
            if state.is_terminal():
                break
            state.apply(rng.choice(state.legal_actions()))
    return tuple(found)


def places(value: Any, path: Path = ()) -> list[Path]:
    """The path of every value inside `value` (itself excluded)."""
    found: list[Path] = []
    items = value.items() if isinstance(value, dict) else enumerate(value)
    for key, inner in items:
        found.append((*path, key))
        if isinstance(inner, dict | list) and inner:
            found.extend(places(inner, (*path, key)))
    return found


def parent(document: Any, path: Path) -> Any:
    """The list or object that holds the value at `path`."""
    for key in path[:-1]:
        document = document[key]
    return document


MUTATIONS = ("swap", "swap", "borrow", "nudge", "nudge", "replace", "drop", "add", "cut", "grow")
"""Plausible changes (a leaf swapped with or copied from a leaf of its kind, an integer moved
by one, a flag flipped) weigh more: they pass the type checks and reach the cross-field rules."""


def kind_of(value: Any) -> type:
    """The JSON kind of a parsed value, as its Python type."""
    return type(value) if value is not None else type(None)


@st.composite
def mutated(draw: st.DrawFn, game_id: str) -> tuple[Game, dict[str, Any]]:
    """A real document with one to three mutations, nearly all in the game's own fields."""
    game, text = draw(st.sampled_from(documents(game_id)))
    document = json.loads(text)
    for _ in range(draw(st.integers(min_value=1, max_value=3))):
        every = places(document)
        inside = [path for path in every if path[0] == "state"]
        path = draw(st.sampled_from(inside if inside and draw(st.integers(0, 9)) else every))
        holder, key = parent(document, path), path[-1]
        value = holder[key]
        alike = [p for p in inside if kind_of(parent(document, p)[p[-1]]) is kind_of(value)]
        other = draw(st.sampled_from([p for p in alike if p[: len(path)] != path] or [path]))
        other_holder = parent(document, other)
        kind = draw(st.sampled_from(MUTATIONS))
        if kind == "borrow":
            holder[key] = json.loads(json.dumps(other_holder[other[-1]]))
        elif kind == "swap":  # `other` lies outside `value`: no cycle
            holder[key], other_holder[other[-1]] = other_holder[other[-1]], value
        elif kind == "nudge" and isinstance(value, bool):
            holder[key] = not value
        elif kind == "nudge" and isinstance(value, int):
            holder[key] = value + draw(st.sampled_from([-1, 1]))
        elif kind == "drop" and isinstance(holder, dict):
            del holder[key]
        elif kind == "add" and isinstance(value, dict):
            value[draw(st.text(max_size=8))] = draw(JSON_VALUES)
        elif kind == "cut" and isinstance(value, list):
            del value[draw(st.integers(min_value=0, max_value=len(value))) :]
        elif kind == "grow" and isinstance(value, list) and value:
            value.append(json.loads(json.dumps(draw(st.sampled_from(value)))))
        else:
            holder[key] = draw(JSON_VALUES)
    return game, document


def assert_short_refusal(error: StateDataError) -> None:
    assert 0 < len(str(error)) < SHORT, str(error)[:300]


def assert_works(state: State, seed: int) -> None:
    """An accepted state is a working one: its document round-trips, every seat sees it, each
    legal action applies, and a random game from it ends."""
    document = state.to_json()
    again = state.game.state_from_json(json.loads(json.dumps(document, allow_nan=False)))
    assert again.to_json() == document
    for player in (*range(state.game.players), None):
        json.dumps(state.view(player))
    for action in state.legal_actions():
        state.clone().apply(action)
    rng = random.Random(seed)
    for _ in range(MAX_PLIES):
        if state.is_terminal():
            state.outcome()
            return
        legal = state.legal_actions()
        assert legal, "a game that is not over has no legal action"
        state.apply(rng.choice(legal))
    raise AssertionError("the game does not end")


@pytest.mark.parametrize("game_id", GAME_IDS)
@FUZZ
@given(data=st.data())
def test_a_mutated_document_is_a_working_state_or_refused_briefly(
    game_id: str, data: st.DataObject
) -> None:
    game, document = data.draw(mutated(game_id))
    text = json.dumps(document)
    for read in (lambda: game.state_from_json(document), lambda: state_from_text(text)):
        try:
            state = read()
        except StateDataError as error:
            assert_short_refusal(error)
        else:
            assert_works(state, seed=data.draw(st.integers(min_value=0, max_value=99)))


def real_text(game_id: str) -> str:
    """A real document's text: a position early in a game."""
    return documents(game_id)[1][1]


def hostile_texts(game_id: str) -> list[object]:
    """Texts (and a few non-texts) no state could come from."""
    real = real_text(game_id)
    document = json.loads(real)
    deep = "[" * 100_000 + "]" * 100_000

    def edited(**changes: Any) -> str:
        return json.dumps({**document, **changes})

    return [
        "",
        "not JSON",
        real[:-1],
        "[1, 2]",
        "null",
        real.replace('"format":1', '"format":NaN', 1),
        real.replace('"format":1', '"format":Infinity', 1),
        '{"format": 1, "format": 1}',
        real[:-1] + ',"state":{}}',
        deep,
        '{"format": ' + deep + "}",
        " " * (MAX_STATE_TEXT + 1),
        '{"format": ' + "9" * 2_000_000 + "}",
        '{"format": ' + "9" * 5_000 + "}",
        edited(format=10**100),
        edited(format=True),
        edited(game="chess"),
        edited(config={**document["config"], "game": "chess"}),
        edited(config={**document["config"], "players": 99}),
        edited(config={**document["config"], "seed": -1}),
        edited(config={**document["config"], "options": {"no-such-option": 1}}),
        edited(config={**document["config"], "colour": "red"}),
        edited(state=[]),
        edited(state={}),
        real.encode()[:-5] + b"\xff\xfe",
        None,
        12,
    ]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_hostile_texts_are_refused_briefly(game_id: str) -> None:
    for text in hostile_texts(game_id):
        with pytest.raises(StateDataError) as error:
            state_from_text(text)
        assert_short_refusal(error.value)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_config_naming_a_file_is_refused_without_opening_it(
    game_id: str, monkeypatch: pytest.MonkeyPatch, tmp_path: pathlib.Path
) -> None:
    document = json.loads(real_text(game_id))
    named = tmp_path / "data.json"
    named.write_text("{}")

    def no_file(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("a state document made Kleos open a file")

    monkeypatch.setattr(builtins, "open", no_file)
    monkeypatch.setattr(pathlib.Path, "open", no_file)
    for option in game_class(game_id).spec.option_names:
        for path in (str(named), "/etc/passwd"):
            config = {**document["config"], "options": {option: path}}
            with pytest.raises(StateDataError) as error:
                state_from_text(json.dumps({**document, "config": config}))
            assert_short_refusal(error.value)
