"""The Ilium board: dig sites, stone paths and their spaces, loaded once from package data."""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from kleos.core.errors import ConfigError

TYPES = ("Coins", "Horses", "Armbands", "Bottles", "Helmets")
"""The artifact types, in the spec's canonical order (§1)."""

TOKEN_VALUES = (1, 1, 2, 2, 2, 3, 3, 3, 4, 5)
"""The values of the ten tokens of each type."""

TokenCode = int
"""A token as `value * 8 + type`: sorting codes sorts by value, then by type order."""


def token_code(artifact: int, value: int) -> TokenCode:
    """The code of the token of type index `artifact` and `value`."""
    return value * 8 + artifact


def token_type(code: TokenCode) -> int:
    """The type index of a token."""
    return code & 7


def token_value(code: TokenCode) -> int:
    """The number of artifacts a token shows."""
    return code >> 3


def token_text(code: TokenCode) -> str:
    """A token as text, e.g. 'Coins-1'."""
    return f"{TYPES[code & 7]}-{code >> 3}"


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


def _require(cond: bool, message: str) -> None:
    if not cond:
        raise ConfigError(f"bad board: {message}")


def board_from_json(data: Any) -> Board:
    """Build and check a board from its JSON data (the format of `data/board.json`)."""
    _require(isinstance(data, dict), "expected a JSON object")
    raw_sites, raw_paths = data.get("sites"), data.get("paths")
    _require(isinstance(raw_sites, list) and bool(raw_sites), "'sites' must be a non-empty list")
    _require(isinstance(raw_paths, list) and bool(raw_paths), "'paths' must be a non-empty list")
    sites: list[Site] = []
    ids: dict[str, int] = {}
    for i, s in enumerate(raw_sites):
        _require(isinstance(s, dict), f"site {i} must be an object")
        sid, numeral = s.get("id"), s.get("numeral")
        _require(isinstance(sid, str) and sid not in ids, f"site {i} needs a unique string 'id'")
        _require(isinstance(numeral, int) and numeral >= 0, f"site {sid} needs a whole 'numeral'")
        ids[sid] = i
        sites.append(
            Site(
                i,
                sid,
                str(s.get("name", sid)),
                numeral,
                float(s.get("x", 0)),
                float(s.get("y", 0)),
                bool(s.get("closed_in_two_player", False)),
            )
        )
    paths: list[PathInfo] = []
    slot_path: list[int] = []
    path_ids: set[str] = set()
    for i, p in enumerate(raw_paths):
        _require(isinstance(p, dict), f"path {i} must be an object")
        pid, a, b, spaces, shovel = (p.get(k) for k in ("id", "a", "b", "spaces", "shovel_at"))
        _require(
            isinstance(pid, str) and pid not in path_ids, f"path {i} needs a unique string 'id'"
        )
        _require(
            a in ids and b in ids and a != b, f"path {pid} must join two different known sites"
        )
        _require(isinstance(spaces, int) and spaces >= 1, f"path {pid} needs at least one space")
        _require(shovel in (a, b), f"path {pid}: 'shovel_at' must be one of its two sites")
        assert isinstance(pid, str) and isinstance(spaces, int)
        path_ids.add(pid)
        other = b if shovel == a else a
        paths.append(
            PathInfo(i, pid, ids[a], ids[b], spaces, ids[shovel], ids[other], len(slot_path))
        )
        slot_path.extend([i] * spaces)
    return Board(tuple(sites), tuple(paths), tuple(slot_path))


def load_board(path: Path | None = None) -> Board:
    """The board in a JSON file, or the project's own board when `path` is None."""
    try:
        if path is None:
            text = resources.files("kleos.games.ilium").joinpath("data/board.json").read_text()
        else:
            text = Path(path).read_text(encoding="utf-8")
        data = json.loads(text)
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ConfigError(f"cannot read board {path}: {exc}") from None
    return board_from_json(data)
