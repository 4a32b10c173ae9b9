"""Fuzzing every boundary: random and mutated action text, forged action objects, integer ids,
records, board JSON and configs. Whatever comes in, the result is valid or a `KleosError` with a
short message, and a state given bad input is unchanged."""

from __future__ import annotations

import copy
import dataclasses
import json
import os
import random
import tempfile
from functools import cache
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import kleos
from kleos.core.records import Record, read_record, replay
from kleos.games.elysium.cards import card_set_for, default_card_data
from kleos.games.elysium.schema import check_card_data
from kleos.games.ilium.board import board_data, board_from_json, load_board
from played import random_game_record

SHORT = 400
"""The longest message a refusal may have."""
GAME_IDS = kleos.game_ids()
EXAMPLES = int(os.environ.get("KLEOS_FUZZ_EXAMPLES", "150"))
"""Examples per fuzz test: enough for every run of the suite; raise it for a long campaign."""
FUZZ = settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])

JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=False)
    | st.text(max_size=12),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=12,
)
"""Any JSON value, small."""
ODD_VALUES = (
    JSON_VALUES
    | st.floats()
    | st.binary(max_size=8)
    | st.tuples(st.integers(), st.text(max_size=4))
    | st.just(object())
    | st.integers(min_value=-(10**30), max_value=10**30)
)
"""Values a forged object or a careless caller may hold."""


def short_refusal(error: kleos.KleosError) -> None:
    message = str(error)
    assert 0 < len(message) <= SHORT, f"{len(message)} characters: {message[:200]}…"


@cache
def positions(game_id: str) -> tuple[kleos.State, ...]:
    """A few positions of a seeded random game, to throw input at."""
    state = kleos.make(game_id, seed=11).new_initial_state()
    rng = random.Random(11)
    found = []
    for ply in range(400):
        if state.is_terminal():
            break
        if ply % 40 == 0:
            found.append(state.clone())
        state.apply(rng.choice(state.legal_actions()))
    return tuple(found)


def fingerprint(state: kleos.State) -> Any:
    return (
        [state.view(p) for p in (*range(state.game.players), None)],
        state.legal_actions(),
        state.current_player,
    )


def apply_or_refuse(state: kleos.State, action: Any) -> None:
    """Apply `action` to a copy of `state`: it plays, or it is refused briefly and the copy is
    unchanged."""
    trial = state.clone()
    before = fingerprint(trial)
    try:
        trial.apply(action)
    except kleos.IllegalActionError as error:
        short_refusal(error)
        assert fingerprint(trial) == before


def legal_texts(game_id: str) -> list[str]:
    return sorted({str(a) for s in positions(game_id) for a in s.legal_actions()})


@st.composite
def mutated_text(draw: st.DrawFn, game_id: str) -> str:
    """A legal action's text, changed a little: characters inserted, dropped or replaced
    (by any Unicode), words swapped, case changed."""
    text = draw(st.sampled_from(legal_texts(game_id)))
    for _ in range(draw(st.integers(min_value=1, max_value=4))):
        where = draw(st.integers(min_value=0, max_value=len(text)))
        kind = draw(st.sampled_from(["insert", "drop", "replace", "swap", "case"]))
        piece = draw(st.text(min_size=1, max_size=3) | st.sampled_from(["٣", "\u00a0", " ", "9"]))
        if kind == "insert":
            text = text[:where] + piece + text[where:]
        elif kind == "drop":
            text = text[:where] + text[where + 1 :]
        elif kind == "replace":
            text = text[:where] + piece + text[where + 1 :]
        elif kind == "swap":
            text = " ".join(reversed(text.split(" ")))
        else:
            text = text.swapcase()
    return text


def check_text(game_id: str, text: str) -> None:
    """Parsing and applying `text` either works or is refused briefly, changing nothing."""
    for state in positions(game_id):
        game = state.game
        try:
            action = game.parse_action(state, text)
        except kleos.ActionParseError as error:
            short_refusal(error)
        else:
            assert game.action_from_id(game.action_id(action)) == action
        apply_or_refuse(state, text)


@FUZZ
@given(game_id=st.sampled_from(GAME_IDS), text=st.text(max_size=40))
def test_random_text_is_parsed_or_refused_briefly(game_id: str, text: str) -> None:
    check_text(game_id, text)


@FUZZ
@given(game_id=st.sampled_from(GAME_IDS), data=st.data())
def test_mutated_action_text_is_parsed_or_refused_briefly(
    game_id: str, data: st.DataObject
) -> None:
    check_text(game_id, data.draw(mutated_text(game_id)))


@FUZZ
@given(game_id=st.sampled_from(GAME_IDS), raw=st.binary(max_size=40))
def test_random_bytes_as_text_are_refused_briefly(game_id: str, raw: bytes) -> None:
    check_text(game_id, raw.decode("utf-8", errors="surrogateescape"))


ACTION_CLASSES = {
    game_id: sorted(kleos.make(game_id, seed=0).action_space.kinds.values(), key=str)
    for game_id in GAME_IDS
}
"""Each game's action classes, as its action space declares them."""


@FUZZ
@given(game_id=st.sampled_from(GAME_IDS), data=st.data())
def test_forged_action_objects_are_refused_briefly(game_id: str, data: st.DataObject) -> None:
    """Action classes built with any field values (unhashable, wrong types, huge) are either
    real actions or refused by `apply`, `action_id` and `explain_illegal`."""
    cls = data.draw(st.sampled_from(ACTION_CLASSES[game_id]))
    fields = [f for f in dataclasses.fields(cls) if f.init]
    values = [data.draw(ODD_VALUES) for _ in fields]
    forged = cls(*values)
    for state in positions(game_id):
        apply_or_refuse(state, forged)
        assert len(state.explain_illegal(forged)) <= SHORT
    try:
        state.game.action_id(forged)
    except kleos.ActionParseError as error:
        short_refusal(error)


@FUZZ
@given(game_id=st.sampled_from(GAME_IDS), value=ODD_VALUES)
def test_any_value_as_an_action_id_is_an_action_or_refused(game_id: str, value: Any) -> None:
    game = positions(game_id)[0].game
    try:
        action = game.action_from_id(value)
    except kleos.ActionParseError as error:
        short_refusal(error)
    else:
        assert game.action_id(action) == value


@cache
def finished_record(game_id: str) -> Record:
    return random_game_record(kleos.make(game_id, seed=4), 4)[1]


def load_bytes(raw: bytes) -> None:
    """Read and replay a record file's bytes: it verifies or is refused briefly."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "game.jsonl"
        path.write_bytes(raw)
        try:
            replay(read_record(path))
        except kleos.RecordError as error:
            short_refusal(error)


def set_at(value: Any, route: list[int], new: Any) -> Any:
    """`value` with the element at `route` (indices into dicts' keys and lists) replaced."""
    if not route or not isinstance(value, dict | list) or not value:
        return new
    keys = list(value) if isinstance(value, dict) else list(range(len(value)))
    key = keys[route[0] % len(keys)]
    changed = copy.copy(value)
    changed[key] = set_at(value[key], route[1:], new)
    return changed


@FUZZ
@given(
    game_id=st.sampled_from(GAME_IDS),
    line=st.integers(min_value=0, max_value=10**6),
    route=st.lists(st.integers(min_value=0, max_value=50), max_size=4),
    new=JSON_VALUES,
    drop=st.booleans(),
)
def test_records_with_a_changed_value_verify_or_are_refused(
    game_id: str, line: int, route: list[int], new: Any, drop: bool
) -> None:
    lines = [json.loads(text) for text in finished_record(game_id).lines()]
    index = line % len(lines) if line % 3 else 0  # the header, one time in three
    if drop and isinstance(lines[index], dict) and lines[index]:
        key = sorted(lines[index])[route[0] % len(lines[index]) if route else 0]
        lines[index] = {k: v for k, v in lines[index].items() if k != key}
    else:
        lines[index] = set_at(lines[index], route, new)
    load_bytes("".join(json.dumps(obj) + "\n" for obj in lines).encode())


@FUZZ
@given(
    game_id=st.sampled_from(GAME_IDS),
    cuts=st.lists(
        st.tuples(st.integers(min_value=0, max_value=10**6), st.binary(max_size=4)),
        min_size=1,
        max_size=4,
    ),
)
def test_records_with_changed_bytes_verify_or_are_refused(
    game_id: str, cuts: list[tuple[int, bytes]]
) -> None:
    raw = "\n".join(finished_record(game_id).lines()).encode()
    for where, piece in cuts:
        at = where % (len(raw) + 1)
        raw = raw[:at] + piece + raw[at + 1 :]
    load_bytes(raw)


@FUZZ
@given(raw=st.binary(max_size=200))
def test_random_bytes_are_no_record(raw: bytes) -> None:
    load_bytes(raw)


PROJECT_BOARD = board_data(Path(kleos.games.ilium.__file__).parent / "data" / "board.json")


@FUZZ
@given(
    route=st.lists(st.integers(min_value=0, max_value=50), min_size=1, max_size=4),
    new=JSON_VALUES,
    players=st.integers(min_value=2, max_value=4),
)
def test_mutated_boards_are_built_or_refused_and_play(
    route: list[int], new: Any, players: int
) -> None:
    """A changed board is refused briefly, or it makes a game that plays to its end."""
    data = set_at(PROJECT_BOARD, route, new)
    try:
        board_from_json(data)
        game = kleos.make("ilium", players=players, seed=1, board=data)
    except kleos.ConfigError as error:
        short_refusal(error)
        return
    state = game.new_initial_state()
    rng = random.Random(1)
    for _ in range(5_000):
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))
    assert state.is_terminal()


@FUZZ
@given(
    route=st.lists(st.integers(min_value=0, max_value=200), min_size=1, max_size=5),
    new=ODD_VALUES,
)
def test_mutated_card_sets_are_built_or_refused_and_deal(route: list[int], new: Any) -> None:
    """A changed card set is refused briefly (its problems listed, each short), or it makes a
    game that deals and plays."""
    data = set_at(default_card_data(), route, new)
    problems = check_card_data(data, full_set=False)
    assert all(isinstance(line, str) and 0 < len(line) <= 160 for line in problems)
    try:
        card_set_for(data)
        game = kleos.make("elysium", players=3, seed=1, card_set=json.loads(json.dumps(data)))
    except kleos.ConfigError as error:
        short_refusal(error)
        return
    assert not problems
    state = game.new_initial_state()
    rng = random.Random(1)
    for _ in range(200):
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))


@FUZZ
@given(raw=st.binary(max_size=200))
def test_random_bytes_are_no_board(raw: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "board.json"
        path.write_bytes(raw)
        try:
            load_board(path)
        except kleos.ConfigError as error:
            short_refusal(error)


@FUZZ
@given(
    game_id=st.sampled_from([*GAME_IDS, "chess"]) | ODD_VALUES,
    players=st.none() | ODD_VALUES | st.integers(min_value=0, max_value=5),
    seed=st.none() | ODD_VALUES | st.integers(min_value=0, max_value=2**64 + 1),
    variants=st.none()
    | ODD_VALUES
    | st.lists(st.sampled_from(["burial-vaults", "strategic-expeditions", "x"]), max_size=3),
    options=st.dictionaries(
        st.sampled_from(["families", "board", "card_set", "speed"]), ODD_VALUES, max_size=2
    ),
)
def test_any_config_makes_a_game_or_is_refused(
    game_id: Any, players: Any, seed: Any, variants: Any, options: dict[str, Any]
) -> None:
    """`make` with any arguments gives a game that deals, or a brief ConfigError."""
    try:
        game = kleos.make(game_id, players=players, seed=seed, variants=variants, **options)
    except kleos.ConfigError as error:
        short_refusal(error)
        return
    state = game.new_initial_state()
    assert state.legal_actions()
    assert kleos.core.make_from_config(json.loads(json.dumps(game.config.to_json()))).config == (
        game.config
    )
