"""The board's declared structure (`kleos.games.ilium.schema`): the project's board passes, the
JSON Schema for authors is produced, and a malformed board lists every problem by site or path
and field."""

from __future__ import annotations

import copy
import json
from importlib import resources
from typing import Any

import jsonschema

from kleos.games.ilium.schema import json_schema, parse_board

PROJECT_BOARD = json.loads(
    resources.files("kleos.games.ilium").joinpath("data/board.json").read_text(encoding="utf-8")
)


def test_the_project_board_passes_with_its_name_and_note() -> None:
    board, problems = parse_board(copy.deepcopy(PROJECT_BOARD))
    assert problems == []
    assert board is not None
    assert (len(board.sites), len(board.paths)) == (13, 25)
    assert board.name.startswith("Ilium")


def test_the_json_schema_is_produced_and_accepts_the_project_board() -> None:
    schema = json_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    jsonschema.validate(PROJECT_BOARD, schema)
    site = schema["$defs"]["SiteTable"]
    assert site["additionalProperties"] is False
    assert site["required"] == ["id", "numeral"]
    assert schema["properties"]["paths"]["maxItems"] == 128


def test_every_problem_is_listed() -> None:
    data: dict[str, Any] = copy.deepcopy(PROJECT_BOARD)
    data["sites"][0]["numeral"] = True
    data["sites"][1]["closed_in_two_player"] = 1
    data["paths"][0]["spaces"] = "4"
    data["paths"][1]["colour"] = "grey"
    assert parse_board(data) == (
        None,
        [
            "site SIG: field 'numeral': must be an integer from 0 to 50, got True",
            "site ACH: field 'closed_in_two_player': must be true or false, got 1",
            "path p01: field 'spaces': must be an integer from 1 to 12, got '4'",
            "path p02: field 'colour': unknown field (fields: id, a, b, spaces, shovel_at)",
        ],
    )


def test_paths_must_join_two_sites_of_the_board() -> None:
    data: dict[str, Any] = copy.deepcopy(PROJECT_BOARD)
    data["paths"][0] |= {"a": "TROY", "b": "ACH", "shovel_at": "SIG"}
    data["paths"][1] |= {"a": "SIG", "b": "SIG", "shovel_at": "SIG"}
    data["sites"][2]["id"] = "sig"
    board, problems = parse_board(data)
    assert board is not None
    assert problems[:4] == [
        "site sig: field 'id': duplicate site id (ids are read without case)",
        "path p01: field 'a': no site 'TROY' on the board",
        "path p01: field 'shovel_at': must be one of its sites TROY and ACH, got 'SIG'",
        "path p02: field 'b': must be another site than a, SIG",
    ]
