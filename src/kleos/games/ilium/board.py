"""The Ilium board: dig sites, stone paths and their spaces, loaded once from package data."""

from __future__ import annotations

import os
from dataclasses import dataclass
from importlib import resources
from typing import Any, Final

from kleos.core.errors import ConfigError
from kleos.core.frozen import Frozen
from kleos.core.inputs import echo_path, parse_json, read_bounded

TYPES: Final = ("Coins", "Horses", "Armbands", "Bottles", "Helmets")
"""The artifact types, in the spec's canonical order (docs/ilium.md §1)."""

TOKEN_VALUES: Final = (1, 1, 2, 2, 2, 3, 3, 3, 4, 5)
"""The values of the ten tokens of each type."""

TokenCode = int
"""A token as `value * 8 + type`: sorting codes sorts by value, then by type order."""


def token_code(artifact: int, value: int) -> TokenCode:
    """The code of the token of type index `artifact` and `value`."""
    return value * 8 + artifact


def token_value(code: TokenCode) -> int:
    """A token's value (its artifacts)."""
    return code >> 3


def token_type(code: TokenCode) -> int:
    """A token's artifact type (an index of `TYPES`)."""
    return code & 7


TOKEN_CODES: Final = token_code(0, max(TOKEN_VALUES) + 1)
"""Every token code is below this."""
VALUE_OF: Final[tuple[int, ...]] = tuple(token_value(code) for code in range(TOKEN_CODES))
"""`token_value` as a table, for the loops of the hot path: `VALUE_OF[code]`."""
TYPE_OF: Final[tuple[int, ...]] = tuple(token_type(code) for code in range(TOKEN_CODES))
"""`token_type` as a table, for the loops of the hot path: `TYPE_OF[code]`."""


def token_text(code: TokenCode) -> str:
    """A token as text, e.g. 'Coins-1'."""
    return f"{TYPES[token_type(code)]}-{token_value(code)}"


def parse_token(text: str) -> TokenCode:
    """The token named by text such as 'Coins-1'."""
    name, _, value = text.strip().partition("-")
    matches = [i for i, t in enumerate(TYPES) if t.lower() == name.lower()]
    if not matches or value not in {"1", "2", "3", "4", "5"}:
        raise ConfigError(
            f"'{text}' is not a token; write it like Coins-1 (types: {', '.join(TYPES)})"
        )
    return token_code(matches[0], int(value))


@dataclass(frozen=True)
class Site(Frozen):
    """A dig site; `numeral` is its number of paths and of starting tokens."""

    index: int
    id: str
    name: str
    numeral: int
    x: float
    y: float
    closed_in_two_player: bool


@dataclass(frozen=True)
class PathInfo(Frozen):
    """A stone path. Space 0 is the shovel space, next to site `shovel`."""

    index: int
    id: str
    a: int
    b: int
    spaces: int
    shovel: int
    other: int
    offset: int
    """The board-wide number (slot) of space 0; the path's slots are consecutive."""


@dataclass(frozen=True)
class Board(Frozen):
    """The static board: sites, paths and lookup tables."""

    sites: tuple[Site, ...]
    paths: tuple[PathInfo, ...]
    slot_path: tuple[int, ...]
    """For each slot, the index of its path."""

    def __hash__(self) -> int:
        """The slot paths' hash: equal boards have equal slot paths, and the tables cached per
        board (`tables_for`, `action_table`) look a board up on every `make` without hashing
        every site and path."""
        return hash(self.slot_path)

    @property
    def num_slots(self) -> int:
        """The number of spaces on the whole board."""
        return len(self.slot_path)

    def site_index(self, site_id: str) -> int:
        """The index of a site by id."""
        for site in self.sites:
            if site.id == site_id:
                return site.index
        raise ConfigError(f"no dig site '{site_id}' (sites: {', '.join(s.id for s in self.sites)})")

    def path_index(self, path_id: str) -> int:
        """The index of a path by id."""
        for path in self.paths:
            if path.id == path_id:
                return path.index
        raise ConfigError(f"no path '{path_id}' (paths: {self.paths[0].id}..{self.paths[-1].id})")


MAX_BOARD_BYTES: Final = 1024 * 1024
"""The largest board file read."""


def board_from_json(data: Any) -> Board:
    """Build a board from its JSON data (the format of `data/board.json`, checked by the sibling
    module `schema`).

    Anything malformed raises one `ConfigError` naming the site or path and the field at fault
    (the first problem, and how many more there are). The declared structure (Pydantic) is
    imported here, on the first board checked, so that `import kleos` never pays for it.
    """
    from kleos.games.ilium.schema import parse_board  # noqa: PLC0415 - slow: only here

    table, problems = parse_board(data)
    if table is None or problems:
        more = len(problems) - 1
        also = f" (and {more} more problem{'s' if more > 1 else ''})" if more else ""
        raise ConfigError(f"bad board: {problems[0]}{also}")
    ids = {site.id: i for i, site in enumerate(table.sites)}
    sites = tuple(
        Site(i, s.id, s.name or s.id, s.numeral, s.x, s.y, s.closed_in_two_player)
        for i, s in enumerate(table.sites)
    )
    paths: list[PathInfo] = []
    slot_path: list[int] = []
    for i, p in enumerate(table.paths):
        other = p.b if p.shovel_at == p.a else p.a
        shovel = ids[p.shovel_at]
        paths.append(
            PathInfo(i, p.id, ids[p.a], ids[p.b], p.spaces, shovel, ids[other], len(slot_path))
        )
        slot_path.extend([i] * p.spaces)
    return Board(sites, tuple(paths), tuple(slot_path))


def board_data(path: str | os.PathLike[str]) -> Any:
    """The JSON data of a board file (at most `MAX_BOARD_BYTES`), not yet checked."""
    return parse_json(
        read_bounded(path, MAX_BOARD_BYTES, "board", ConfigError),
        f"board {echo_path(path)}",
        ConfigError,
    )


def load_board(path: str | os.PathLike[str] | None = None) -> Board:
    """The board in a JSON file, or the project's own board when `path` is None."""
    if path is None:
        text = resources.files("kleos.games.ilium").joinpath("data/board.json").read_text()
        return board_from_json(parse_json(text, "the project's board", ConfigError))
    return board_from_json(board_data(path))
