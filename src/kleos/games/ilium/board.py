"""The Ilium board: dig sites, stone paths and their spaces, loaded once from package data."""

from __future__ import annotations

import os
from dataclasses import dataclass
from importlib import resources
from typing import Any

from kleos.core.errors import ConfigError
from kleos.core.inputs import echo_path, parse_json, read_bounded

TYPES = ("Coins", "Horses", "Armbands", "Bottles", "Helmets")
"""The artifact types, in the spec's canonical order (docs/ilium.md §1)."""

TOKEN_VALUES = (1, 1, 2, 2, 2, 3, 3, 3, 4, 5)
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


TOKEN_CODES = token_code(0, max(TOKEN_VALUES) + 1)
"""Every token code is below this."""
VALUE_OF: tuple[int, ...] = tuple(token_value(code) for code in range(TOKEN_CODES))
"""`token_value` as a table, for the loops of the hot path: `VALUE_OF[code]`."""
TYPE_OF: tuple[int, ...] = tuple(token_type(code) for code in range(TOKEN_CODES))
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
class Site:
    """A dig site; `numeral` is its number of paths and of starting tokens."""

    index: int
    id: str
    name: str
    numeral: int
    x: float
    y: float
    closed_in_two_player: bool


@dataclass(frozen=True)
class PathInfo:
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
class Board:
    """The static board: sites, paths and lookup tables."""

    sites: tuple[Site, ...]
    paths: tuple[PathInfo, ...]
    slot_path: tuple[int, ...]
    """For each slot, the index of its path."""

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


MAX_BOARD_BYTES = 1024 * 1024
"""The largest board file read."""
MAX_SITES, MAX_PATHS, MAX_SPACES, MAX_NUMERAL = 32, 128, 12, 50
"""Bounds of a board (the project's has 13 sites, 25 paths of 2 to 6 spaces, numerals 3 to 6;
no site can hold more than the 50 tokens)."""
_ID_CHARACTERS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-")


def _require(cond: bool, message: str) -> None:
    if not cond:
        raise ConfigError(f"bad board: {message}")


def _is_int(value: object, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _is_coordinate(value: object) -> bool:
    number = isinstance(value, int | float) and not isinstance(value, bool)
    return number and -1e6 <= value <= 1e6  # type: ignore[operator]


def _is_id(value: object) -> bool:
    """Ids appear in action text ('site HIS', 'place p12:3'): 1 to 16 letters, digits, _ or -."""
    return isinstance(value, str) and 0 < len(value) <= 16 and set(value) <= _ID_CHARACTERS


def board_from_json(data: Any) -> Board:
    """Build and check a board from its JSON data (the format of `data/board.json`).

    Anything malformed raises one `ConfigError` naming the site or path and the field at fault.
    """
    _require(isinstance(data, dict), "expected a JSON object")
    raw_sites, raw_paths = data.get("sites"), data.get("paths")
    _require(
        isinstance(raw_sites, list) and 0 < len(raw_sites) <= MAX_SITES,
        f"'sites' must be a list of 1 to {MAX_SITES} sites",
    )
    _require(
        isinstance(raw_paths, list) and 0 < len(raw_paths) <= MAX_PATHS,
        f"'paths' must be a list of 1 to {MAX_PATHS} paths",
    )
    sites: list[Site] = []
    ids: dict[str, int] = {}
    folded: set[str] = set()
    for i, s in enumerate(raw_sites):
        _require(isinstance(s, dict), f"site {i} must be an object")
        sid, numeral = s.get("id"), s.get("numeral")
        _require(_is_id(sid), f"site {i} needs an 'id' of 1 to 16 letters, digits, _ or -")
        assert isinstance(sid, str)
        _require(sid.lower() not in folded, f"site {i}: the id {sid} is used twice")
        folded.add(sid.lower())
        _require(
            _is_int(numeral, 0, MAX_NUMERAL), f"site {sid} needs a whole 'numeral' 0..{MAX_NUMERAL}"
        )
        name = s.get("name", sid)
        _require(isinstance(name, str) and len(name) <= 80, f"site {sid}: 'name' must be text")
        x, y = s.get("x", 0), s.get("y", 0)
        _require(_is_coordinate(x) and _is_coordinate(y), f"site {sid}: x and y must be numbers")
        closed = s.get("closed_in_two_player", False)
        _require(isinstance(closed, bool), f"site {sid}: 'closed_in_two_player' is true/false")
        assert isinstance(numeral, int)
        ids[sid] = i
        sites.append(Site(i, sid, name, numeral, float(x), float(y), closed))
    paths: list[PathInfo] = []
    slot_path: list[int] = []
    folded = set()
    for i, p in enumerate(raw_paths):
        _require(isinstance(p, dict), f"path {i} must be an object")
        pid, a, b, spaces, shovel = (p.get(k) for k in ("id", "a", "b", "spaces", "shovel_at"))
        _require(_is_id(pid), f"path {i} needs an 'id' of 1 to 16 letters, digits, _ or -")
        assert isinstance(pid, str)
        _require(pid.lower() not in folded, f"path {i}: the id {pid} is used twice")
        folded.add(pid.lower())
        _require(
            isinstance(a, str) and isinstance(b, str) and a in ids and b in ids and a != b,
            f"path {pid} must join two different known sites",
        )
        _require(_is_int(spaces, 1, MAX_SPACES), f"path {pid} needs 1 to {MAX_SPACES} 'spaces'")
        _require(shovel in (a, b), f"path {pid}: 'shovel_at' must be one of its two sites")
        assert isinstance(a, str) and isinstance(b, str) and isinstance(spaces, int)
        assert isinstance(shovel, str)
        other = b if shovel == a else a
        paths.append(
            PathInfo(i, pid, ids[a], ids[b], spaces, ids[shovel], ids[other], len(slot_path))
        )
        slot_path.extend([i] * spaces)
    return Board(tuple(sites), tuple(paths), tuple(slot_path))


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
