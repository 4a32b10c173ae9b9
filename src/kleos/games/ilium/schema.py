"""The structure of an Ilium board file, declared as Pydantic models, and the rules that tie its
sites and paths together, written by hand. `parse_board` returns the board and every problem;
`json_schema` is the declared structure for authors.

Declared (`BoardTable`): 1 to MAX_SITES sites and 1 to MAX_PATHS paths, with no other field.
Ids are 1 to MAX_ID_LENGTH ASCII letters, digits, '-' and '_' (action text names them); a
numeral is an integer from 0 to MAX_NUMERAL, a path has 1 to MAX_SPACES spaces; x and y are
finite numbers within ±MAX_COORDINATE. By hand, once the structure is right: site ids, and path
ids, unique whatever their case; a path joins two different sites of the board, and its shovel
end is one of them.
"""

# No `from __future__ import annotations`: Pydantic would evaluate each annotation from text.
from typing import Annotated, Any

from pydantic import Field, ValidationError

from kleos.core.datamodel import Table, problem, problem_lines, text, whole, word
from kleos.core.inputs import quoted

MAX_SITES, MAX_PATHS, MAX_SPACES, MAX_NUMERAL = 32, 128, 12, 50
"""Bounds of a board (the project's has 13 sites, 25 paths of 2 to 6 spaces, numerals 3 to 6;
no site can hold more than the 50 tokens)."""
MAX_ID_LENGTH = 16
"""Characters of a site's or a path's id ('site HIS', 'place p12:3')."""
MAX_COORDINATE = 1e6

Id = Annotated[str, word(MAX_ID_LENGTH)]
Coordinate = Annotated[float, Field(ge=-MAX_COORDINATE, le=MAX_COORDINATE, allow_inf_nan=False)]


class SiteTable(Table):
    """A dig site: its numeral is its number of paths and of starting tokens."""

    id: Id
    name: Annotated[str, text(80)] = ""
    """Its name; by default its id."""
    numeral: Annotated[int, whole(0, MAX_NUMERAL)]
    x: Coordinate = 0.0
    y: Coordinate = 0.0
    closed_in_two_player: bool = False


class PathTable(Table):
    """A stone path between sites a and b; its space 0 is next to site `shovel_at`."""

    id: Id
    a: Id
    b: Id
    spaces: Annotated[int, whole(1, MAX_SPACES)]
    shovel_at: Id


class BoardTable(Table):
    """A board: the content of a board JSON file."""

    name: Annotated[str, text(200)] = ""
    note: Annotated[str, text(2000)] = ""
    sites: Annotated[list[SiteTable], Field(min_length=1, max_length=MAX_SITES)]
    paths: Annotated[list[PathTable], Field(min_length=1, max_length=MAX_PATHS)]


NAMES = {"sites": "site", "paths": "path"}
"""How problem lines name a board's tables."""


def json_schema() -> dict[str, Any]:
    """The JSON Schema of a board file (the declared structure; the hand rules are not in it)."""
    return BoardTable.model_json_schema()


def parse_board(data: object) -> tuple[BoardTable | None, list[str]]:
    """The board of JSON data and every problem found (the table is None when the structure is
    wrong; the hand rules run once it is right). Never raises."""
    try:
        board = BoardTable.model_validate(data)
    except ValidationError as error:
        return None, problem_lines(error, data, BoardTable, names=NAMES)
    problems: list[str] = []
    for kind, tables in (("site", board.sites), ("path", board.paths)):
        seen: set[str] = set()
        for table in tables:
            if table.id.lower() in seen:
                message = f"duplicate {kind} id (ids are read without case)"
                problems.append(problem(f"{kind} {table.id}", "id", message))
            seen.add(table.id.lower())
    sites = {site.id for site in board.sites}
    for path in board.paths:
        where = f"path {path.id}"
        for field, end in (("a", path.a), ("b", path.b)):
            if end not in sites:
                problems.append(problem(where, field, f"no site {quoted(end)} on the board"))
        if path.a == path.b:
            problems.append(problem(where, "b", f"must be another site than a, {path.a}"))
        if path.shovel_at not in (path.a, path.b):
            message = f"must be one of its sites {path.a} and {path.b}"
            problems.append(problem(where, "shovel_at", f"{message}, got {quoted(path.shovel_at)}"))
    return board, problems
