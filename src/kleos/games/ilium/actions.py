"""Ilium's atomic decisions (docs/ilium.md §13): each declared once, as a small frozen value with
one canonical text, and the action table of a board (ids, parsing and JSON through its
`ActionSpace`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

from kleos.core.actions import ActionSpace, action
from kleos.games.ilium.board import TYPES, Board


@action("play {value}")
@dataclass(frozen=True, slots=True)
class PlayCard:
    """D1, Strategic Expeditions: play a card of this value."""

    value: int


@action("place {path}:{space}")
@dataclass(frozen=True, slots=True)
class PlaceGroup:
    """D2: place this turn's group on an empty space."""

    path: str
    space: int
    slot: int = field(default=-1, compare=False, repr=False)


@action("cube {path}:{space}")
@dataclass(frozen=True, slots=True)
class PlaceCube:
    """D3: place a supply cube on an empty space of this turn's path."""

    path: str
    space: int
    slot: int = field(default=-1, compare=False, repr=False)


@action("no more cubes")
@dataclass(frozen=True, slots=True)
class StopCubes:
    """D3: place no more cubes this turn."""


@action("site {site}")
@dataclass(frozen=True, slots=True)
class ChooseSite:
    """D4: the majority player digs at this site; the qualifying second takes at the other."""

    site: str
    index: int = field(default=-1, compare=False, repr=False)


@action("take {artifact}")
@dataclass(frozen=True, slots=True)
class ChooseToken:
    """D5: among the lowest tokens of a site, take one of this type."""

    artifact: str
    index: int = field(default=-1, compare=False, repr=False)


@action("{end} game", end=lambda end: "end" if end else "continue")
@dataclass(frozen=True, slots=True)
class EndGameOffer:
    """D6: end the game now (all five 4s are excavated), or continue to the last card."""

    end: bool


IliumAction = (
    PlayCard | PlaceGroup | PlaceCube | StopCubes | ChooseSite | ChooseToken | EndGameOffer
)


EXAMPLES = "play 2, place p12:3, cube p12:4, no more cubes, site HIS, take Coins, end game"
"""Shown when text names no action."""


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
        self.space = ActionSpace(self.all, "Ilium", EXAMPLES)
        self.place_base = self.space.ids[self.place[0]]
        """The integer of the placement on slot 0; slot s has `place_base + s`."""


@cache
def action_table(board: Board) -> ActionTable:
    """The action table of a board, built once per board."""
    return ActionTable(board)
