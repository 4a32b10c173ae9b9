"""Ilium: the complete rules engine (spec: docs/ilium.md)."""

from kleos.games.ilium.actions import (
    ChooseSite,
    ChooseToken,
    EndGameOffer,
    IliumAction,
    PlaceCube,
    PlaceGroup,
    PlayCard,
    StopCubes,
)
from kleos.games.ilium.board import TYPES, Board, load_board
from kleos.games.ilium.game import BURIAL_VAULTS, COLOURS, STRATEGIC_EXPEDITIONS, Ilium
from kleos.games.ilium.state import IliumState

__all__ = [
    "BURIAL_VAULTS",
    "COLOURS",
    "STRATEGIC_EXPEDITIONS",
    "TYPES",
    "Board",
    "ChooseSite",
    "ChooseToken",
    "EndGameOffer",
    "Ilium",
    "IliumAction",
    "IliumState",
    "PlaceCube",
    "PlaceGroup",
    "PlayCard",
    "StopCubes",
    "load_board",
]
