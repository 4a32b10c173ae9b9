"""Fuzzing the Elysium card-set boundary: any bytes as a card-set file, any mutation of the real
data — the result is a card set or a short ConfigError, never another exception; and a set that
passes can be played to the end."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import kleos
from kleos.core.errors import ConfigError
from kleos.games.elysium.cards import card_set_data, card_set_for

MESSAGE_LIMIT = 400
SOURCE = resources.files("kleos.games.elysium").joinpath("data").joinpath("cards.toml")
FILE_BYTES = SOURCE.read_bytes()
with resources.as_file(SOURCE) as _path:
    VALID_JSON = json.dumps(card_set_data(_path))
"""The package's card-set data, as JSON text to copy from for each example."""

Draw = Callable[..., Any]

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.sampled_from([0, 1, 3, -1, 999, 1000, 2**63, -(2**63) - 1, 10**4000])
    | st.floats()
    | st.text(max_size=20)
    | st.sampled_from(["", " ", "zeus", "ZEU-01a", "zeu-01a", "Q1", "q1", "é", "a b", "\x1b[2J"]),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
"""Any JSON value, with the numbers and words a card set holds or nearly holds."""


def containers(data: Any) -> list[dict[str, Any] | list[Any]]:
    """Every table and array in the data (the data included)."""
    found: list[dict[str, Any] | list[Any]] = []
    stack = [data]
    while stack:
        value = stack.pop()
        if isinstance(value, dict | list):
            found.append(value)
            stack.extend(value.values() if isinstance(value, dict) else value)
    return found


def pick(draw: Draw, items: list[Any]) -> Any:
    """One of the items, as hypothesis draws it."""
    return items[draw(st.integers(0, len(items) - 1))]


def delete_key(data: Any, draw: Draw) -> None:
    """Delete a key of some table."""
    tables = [c for c in containers(data) if isinstance(c, dict) and c]
    if tables:
        table = pick(draw, tables)
        del table[pick(draw, list(table))]


def replace_value(data: Any, draw: Draw) -> None:
    """Replace a value anywhere by any JSON value."""
    target = pick(draw, [c for c in containers(data) if c])
    key = pick(draw, list(target) if isinstance(target, dict) else list(range(len(target))))
    target[key] = draw(json_values)


def truncate_list(data: Any, draw: Draw) -> None:
    """Cut the end off some array (possibly all of it)."""
    arrays = [c for c in containers(data) if isinstance(c, list) and c]
    if arrays:
        array = pick(draw, arrays)
        del array[draw(st.integers(0, len(array) - 1)) :]


def duplicate_id_in_other_case(data: Any, draw: Draw) -> None:
    """Give a family code, quest, design or card id the id of another, its case swapped."""
    slots = id_slots(data)
    ids = [table[key] for table, key in slots if isinstance(table.get(key), str)]
    if ids:
        table, key = pick(draw, slots)
        table[key] = pick(draw, ids).swapcase()


def id_slots(data: Any) -> list[tuple[dict[str, Any], str]]:
    """Every (table, key) that holds a family code or a quest, design or card id."""
    slots = []
    for kind, key in (("family", "code"), ("quest", "id"), ("design", "id")):
        for table in tables_in(data, kind):
            slots.append((table, key))
            slots += [(card, "id") for card in tables_in(table, "copies")]
    return slots


def tables_in(parent: Any, key: str) -> list[dict[str, Any]]:
    """The tables of the array `parent[key]`, if there is such an array."""
    value = parent.get(key) if isinstance(parent, dict) else None
    return [t for t in value if isinstance(t, dict)] if isinstance(value, list) else []


MUTATIONS = [delete_key, replace_value, truncate_list, duplicate_id_in_other_case]


def build_or_refuse(make: Callable[[], Any]) -> Any:
    """The result of `make`, or None when it raises a ConfigError with a short message."""
    try:
        return make()
    except ConfigError as exc:
        assert len(str(exc)) <= MESSAGE_LIMIT, str(exc)
        return None


def play_to_the_end(data: dict[str, Any], seed: int) -> None:
    """A random game with the card set, which the validator accepted, runs to its end."""
    game = kleos.make("elysium", players=2 + seed % 3, seed=seed, card_set=data)
    state = game.new_initial_state()
    rng = random.Random(seed)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    state.outcome()


@pytest.fixture(scope="module")
def card_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The file each example writes its bytes to (one per module: examples share it)."""
    return tmp_path_factory.mktemp("fuzz") / "cards.toml"


patches = (
    st.binary(max_size=8)
    | st.text(max_size=8).map(str.encode)
    | st.sampled_from(
        [
            *(b"[", b"]", b"{", b"}", b"=", b",", b'"', b"\n", b"\n[[design]]\n", b"\n[[quest]]\n"),
            *(
                b"1e400",
                b"nan",
                b"-inf",
                b"1979-05-27",
                b"07:32:00",
                b"0x" + b"f" * 20,
                b"9" * 5000,
            ),
        ]
    )
)
"""Bytes to write over part of a card-set file: anything, text, or a piece of TOML."""


def damaged_file(draw: Draw) -> bytes:
    """The package's file with a few bytes changed, inserted or cut."""
    content = bytearray(FILE_BYTES)
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(content)))
        cut = draw(st.integers(0, 40))
        content[at : at + cut] = draw(patches)
    return bytes(content)


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_any_bytes_as_a_card_set_file_give_a_set_or_a_short_error(
    card_file: Path, data: st.DataObject
) -> None:
    content = (
        data.draw(st.binary(max_size=300)) if data.draw(st.booleans()) else damaged_file(data.draw)
    )
    card_file.write_bytes(content)
    read = build_or_refuse(lambda: card_set_data(card_file))
    if read is not None:  # data that was read builds, also as a game config copies it
        assert build_or_refuse(lambda: card_set_for(json.loads(json.dumps(read)))) is not None


@settings(max_examples=300, deadline=None)
@given(st.data(), st.integers(0, 2**16))
def test_mutated_card_data_gives_a_set_or_a_short_error(data: st.DataObject, seed: int) -> None:
    cards = json.loads(VALID_JSON)
    for _ in range(data.draw(st.integers(1, 3))):
        data.draw(st.sampled_from(MUTATIONS))(cards, data.draw)
    if build_or_refuse(lambda: card_set_for(cards)) is not None:
        play_to_the_end(cards, seed)
