"""Ilium's atomic decisions (§13), as small frozen values with one canonical text each."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

from kleos.core.inputs import whole_number
from kleos.games.ilium.board import TYPES, Board


@dataclass(frozen=True, slots=True)
class PlayCard:
    """D1, Strategic Expeditions: play a card of this value."""

    value: int

    def __str__(self) -> str:
        return f"play {self.value}"


@dataclass(frozen=True, slots=True)
class PlaceGroup:
    """D2: place this turn's group on an empty space."""

    path: str
    space: int
    slot: int = field(default=-1, compare=False, repr=False)

    def __str__(self) -> str:
        return f"place {self.path}:{self.space}"


@dataclass(frozen=True, slots=True)
class PlaceCube:
    """D3: place a supply cube on an empty space of this turn's path."""

    path: str
    space: int
    slot: int = field(default=-1, compare=False, repr=False)

    def __str__(self) -> str:
        return f"cube {self.path}:{self.space}"


@dataclass(frozen=True, slots=True)
class StopCubes:
    """D3: place no more cubes this turn."""

    def __str__(self) -> str:
        return "no more cubes"


@dataclass(frozen=True, slots=True)
class ChooseSite:
    """D4: the majority player digs at this site; the qualifying second takes at the other."""

    site: str
    index: int = field(default=-1, compare=False, repr=False)

    def __str__(self) -> str:
        return f"site {self.site}"


@dataclass(frozen=True, slots=True)
class ChooseToken:
    """D5: among the lowest tokens of a site, take one of this type."""

    artifact: str
    index: int = field(default=-1, compare=False, repr=False)

    def __str__(self) -> str:
        return f"take {self.artifact}"


@dataclass(frozen=True, slots=True)
class EndGameOffer:
    """D6: end the game now (all five 4s are excavated), or continue to the last card."""

    end: bool

    def __str__(self) -> str:
        return "end game" if self.end else "continue game"


IliumAction = (
    PlayCard | PlaceGroup | PlaceCube | StopCubes | ChooseSite | ChooseToken | EndGameOffer
)


class ActionTable:
    """Every action of one board, built once: ids, texts and the instances the engine hands out."""

    def __init__(self, board: Board) -> None:
        self.play = {v: PlayCard(v) for v in (1, 2, 3)}
        self.place = tuple(
            PlaceGroup(p.id, s, p.offset + s) for p in board.paths for s in range(p.spaces)
        )
        self.cube = tuple(
            PlaceCube(p.id, s, p.offset + s) for p in board.paths for s in range(p.spaces)
        )
        self.stop = StopCubes()
        self.site = tuple(ChooseSite(s.id, s.index) for s in board.sites)
        self.token = tuple(ChooseToken(t, i) for i, t in enumerate(TYPES))
        self.end = EndGameOffer(True)
        self.go_on = EndGameOffer(False)
        self.all: tuple[IliumAction, ...] = (
            *self.play.values(),
            *self.place,
            *self.cube,
            self.stop,
            *self.site,
            *self.token,
            self.end,
            self.go_on,
        )
        self.ids: dict[IliumAction, int] = {a: i for i, a in enumerate(self.all)}
        self.place_base = self.ids[self.place[0]]
        """The integer of the placement on slot 0; slot s has `place_base + s`."""
        self.by_text: dict[str, IliumAction] = {normalize(str(a).split()): a for a in self.all}


def normalize(words: list[str]) -> str:
    """Action words folded for lookup: lower case, single spaces, 'p12 3' read as 'p12:3'."""
    words = " ".join(words).lower().replace(":", " ").split()
    space = whole_number(words[2]) if len(words) == 3 else None
    if space is not None and words[0] in ("place", "cube"):
        return f"{words[0]} {words[1]}:{space}"
    return " ".join(words)


@cache
def action_table(board: Board) -> ActionTable:
    """The action table of a board, built once per board."""
    return ActionTable(board)
