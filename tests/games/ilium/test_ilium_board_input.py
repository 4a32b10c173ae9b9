"""Custom boards: malformed board data is refused with a ConfigError naming the fault, files
are read with a size bound, and a game keeps its board as data so its record names no file."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest
from ilium_helpers import write_board

import kleos
from kleos.core.records import replay
from kleos.games.ilium.board import MAX_BOARD_BYTES, board_data, board_from_json, load_board
from played import random_game_record

PROJECT_BOARD = board_data(Path(kleos.games.ilium.__file__).parent / "data" / "board.json")


def damaged(change: Any) -> dict[str, Any]:
    """The project's board data with one change applied."""
    data = copy.deepcopy(PROJECT_BOARD)
    change(data)
    return data


def set_site(field: str, value: Any) -> Any:
    return lambda data: data["sites"][0].__setitem__(field, value)


def set_path(field: str, value: Any) -> Any:
    return lambda data: data["paths"][0].__setitem__(field, value)


ID_RULE = "must be 1 to 16 ASCII letters, digits, '-' or '_'"
BAD_BOARDS = [
    (lambda data: data.clear(), "bad board: field 'sites': missing (and 1 more problem)"),
    (lambda data: data.__setitem__("sites", "SIG"), "field 'sites': must be a list, got 'SIG'"),
    (
        lambda data: data.__setitem__("paths", [{}] * 500),
        "field 'paths': must have at most 128 items, got 500",
    ),
    (lambda data: data["sites"].__setitem__(0, 7), "bad board: site #1: must be a table"),
    (
        lambda data: data.__setitem__("extra", 1),
        "field 'extra': unknown field (fields: name, note,",
    ),
    (set_site("id", 5), f"site #1: field 'id': {ID_RULE}, got 5"),
    (set_site("id", "S I G"), f"site S I G: field 'id': {ID_RULE}, got 'S I G'"),
    (set_site("id", "ACH"), "site ACH: field 'id': duplicate site id (ids are read without case)"),
    (set_site("id", "ach"), "site ACH: field 'id': duplicate site id"),
    (set_site("id", "SIĞ"), f"site SIĞ: field 'id': {ID_RULE}, got 'SIĞ'"),
    (
        set_site("numeral", "4"),
        "site SIG: field 'numeral': must be an integer from 0 to 50, got '4'",
    ),
    (
        set_site("numeral", True),
        "site SIG: field 'numeral': must be an integer from 0 to 50, got True",
    ),
    (set_site("numeral", 10**400), "field 'numeral': must be an integer from 0 to 50, got 1000"),
    (set_site("name", ["Cape"]), "site SIG: field 'name': must be printable text of 1 to 80"),
    (
        set_site("name", "Cape\nSigeion"),
        "site SIG: field 'name': must be printable text of 1 to 80",
    ),
    (set_site("x", [4]), "site SIG: field 'x': must be a number, got [4]"),
    (set_site("y", float("inf")), "site SIG: field 'y': must be a finite number, got inf"),
    (set_site("y", -2e6), "site SIG: field 'y': must be at least -1000000.0, got -2000000.0"),
    (
        set_site("colour", "red"),
        "site SIG: field 'colour': unknown field (fields: id, name, numeral,",
    ),
    (
        set_site("closed_in_two_player", "yes"),
        "site SIG: field 'closed_in_two_player': must be true or false, got 'yes'",
    ),
    (set_path("id", ["p01"]), f"path #1: field 'id': {ID_RULE}, got ['p01']"),
    (set_path("id", "p:1"), f"path p:1: field 'id': {ID_RULE}, got 'p:1'"),
    (set_path("id", "P02"), "path p02: field 'id': duplicate path id (ids are read without case)"),
    (set_path("a", ["SIG"]), f"path p01: field 'a': {ID_RULE}, got ['SIG']"),
    (set_path("a", "TROY"), "path p01: field 'a': no site 'TROY' on the board"),
    (set_path("b", "SIG"), "path p01: field 'b': must be another site than a, SIG"),
    (set_path("spaces", 2.0), "path p01: field 'spaces': must be an integer from 1 to 12, got 2.0"),
    (set_path("spaces", 0), "path p01: field 'spaces': must be an integer from 1 to 12, got 0"),
    (
        set_path("shovel_at", "HIS"),
        "path p01: field 'shovel_at': must be one of its sites SIG and ACH, got 'HIS'",
    ),
    (set_path("shovel_at", None), f"path p01: field 'shovel_at': {ID_RULE}, got None"),
]


@pytest.mark.parametrize(("change", "fragment"), BAD_BOARDS)
def test_malformed_boards_are_refused_naming_the_fault(change: Any, fragment: str) -> None:
    with pytest.raises(kleos.ConfigError) as refused:
        board_from_json(damaged(change))
    assert fragment in str(refused.value)
    assert len(str(refused.value)) <= 200


def test_board_files_are_read_with_a_size_bound(tmp_path: Path) -> None:
    """Devices, folders, missing files, oversized files, bad UTF-8 and JSON nested too deeply
    are refused before any board is built."""
    big = tmp_path / "big.json"
    big.write_bytes(b" " * (MAX_BOARD_BYTES + 1))
    latin = tmp_path / "latin.json"
    latin.write_bytes(b'{"sites": "\xff"}')
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000)
    cases = {
        "/dev/zero": "not a regular file",
        str(tmp_path): "not a regular file",
        str(tmp_path / "missing.json"): "no such file",
        str(big): "larger than",
        str(latin): "not UTF-8",
        str(deep): "nested too deeply",
    }
    for path, fragment in cases.items():
        with pytest.raises(kleos.ConfigError, match=fragment):
            load_board(path)
        with pytest.raises(kleos.ConfigError, match=fragment):
            kleos.make("ilium", board=path)


def test_a_game_keeps_its_board_as_data_and_its_record_names_no_file(tmp_path: Path) -> None:
    """`make(board=PATH)` reads the file once; the record replays after the file is gone."""
    path = Path(write_board(tmp_path, [("A", 25), ("B", 25)], [("q1", "A", "B", 3, "A")]))
    game = kleos.make("ilium", players=4, seed=2, board=str(path))
    assert isinstance(game.config.option("board"), dict)
    state, record = random_game_record(game, 2)
    path.unlink()
    assert str(path) not in "\n".join(record.lines())
    assert replay(record).state.outcome() == state.outcome()


def test_a_config_from_a_record_never_opens_a_file() -> None:
    """A board named by a path in a record's config is refused without reading it."""
    for board in ("/dev/zero", "board.json", 5):
        config = {"game": "ilium", "players": 3, "seed": 1, "options": {"board": board}}
        with pytest.raises(kleos.ConfigError, match="holds data, never a file name"):
            kleos.core.make_from_config(config)
