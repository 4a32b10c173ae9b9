"""Per-game renderers, chosen by game id; each draws from view dicts only."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from rich.console import RenderableType
from rich.pretty import Pretty
from rich.table import Table

from kleos.cli.elysium_board import ElysiumRenderer
from kleos.cli.ilium_board import IliumRenderer
from kleos.core.protocol import Game


class Renderer(Protocol):
    """Draws one game's views for the terminal."""

    def board(self, view: dict[str, Any]) -> RenderableType:
        """Everything public: board, players, whose turn and what was revealed."""

    def private(self, view: dict[str, Any]) -> RenderableType | None:
        """The viewer's secrets (None when there are none or no viewer)."""

    def decision(self, view: dict[str, Any]) -> str:
        """The decision now asked, in words (rich markup)."""

    def final(self, view: dict[str, Any]) -> RenderableType | None:
        """The final table of a finished game (None while it is not over)."""


class GenericRenderer:
    """A fallback for games without their own renderer: the view as data, scores as a table."""

    def board(self, view: dict[str, Any]) -> RenderableType:
        """The public part of the view, pretty-printed."""
        return Pretty(view["public"])

    def private(self, view: dict[str, Any]) -> RenderableType | None:
        """The viewer's private part, pretty-printed."""
        return Pretty(view["private"]) if view.get("private") else None

    def decision(self, view: dict[str, Any]) -> str:
        """Who decides now."""
        decision = view["decision"]
        return "The game is over." if decision is None else f"{decision['prompt']}."

    def final(self, view: dict[str, Any]) -> RenderableType | None:
        """Scores and winners from the view's outcome."""
        final = view["outcome"]
        if not final or "scores" not in final:
            return None
        table = Table(title="Final scores")
        table.add_column("Seat")
        table.add_column("Score", justify="right")
        for seat, score in enumerate(final["scores"]):
            mark = " ★" if seat in final.get("winners", ()) else ""
            table.add_row(f"{seat + 1}{mark}", str(score))
        return table


RENDERERS: dict[str, Callable[[Game], Renderer]] = {
    "ilium": lambda game: IliumRenderer(game.static_info()),
    "elysium": lambda game: ElysiumRenderer(game.static_info()),
}
"""The renderer factory of each game id; games without one get `GenericRenderer`."""


def renderer_for(game: Game) -> Renderer:
    """The renderer registered for a game, or the generic one."""
    factory = RENDERERS.get(game.config.game_id)
    return GenericRenderer() if factory is None else factory(game)
