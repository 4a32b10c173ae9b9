"""The story of a game: each move with who made it and its events told in words."""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Collection

from rich.console import Console, Group, RenderableType
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from kleos.cli.style import seat_style
from kleos.core.protocol import Event, Game, PlayerId
from kleos.session.match import Step

RECENT = 80
"""How many told moves are kept to be shown again after a hotseat screen clear."""


def _grid() -> Table:
    grid = Table.grid(padding=(0, 1))
    grid.add_column(justify="right", width=4, style="dim")
    grid.add_column(width=7, no_wrap=True)
    grid.add_column(width=15, no_wrap=True)
    grid.add_column(ratio=1)
    return grid


def move_lines(
    game: Game, ply: int, player: PlayerId, action: str, events: list[Event]
) -> RenderableType:
    """One move: its number, who made it, the action's text, and each event in words.

    One-line events stand beside the move; longer explanations (an excavation, the final
    scoring) follow it as an indented block, first line in bold.
    """
    name = game.player_name(player)
    row: list[RenderableType] = [str(ply + 1), Text(name, style=seat_style(name, player)), action]
    parts: list[RenderableType] = []
    grid = _grid()
    for event in events:
        description = game.describe_event(event)
        if "\n" not in description:
            grid.add_row(*row, description)
            row = ["", "", ""]
            continue
        if row[0]:
            grid.add_row(*row, "")
            row = ["", "", ""]
        headline, _, rest = description.partition("\n")
        parts += [grid, Padding(Text(headline, style="bold") + Text("\n" + rest), (0, 0, 0, 6))]
        grid = _grid()
    if row[0]:
        grid.add_row(*row, "")
    parts.append(grid)
    return Group(*(part for part in parts if not isinstance(part, Table) or part.row_count))


class Narrator:
    """A runner listener that tells each move as it is made, and remembers the recent ones.

    Moves of seats not in `humans` are followed by a pause of `delay` seconds, so a
    person can follow the agents.
    """

    def __init__(self, console: Console, delay: float = 0.0, humans: Collection[int] = ()):
        self.console = console
        self.delay = delay
        self.humans = frozenset(humans)
        self.told = 0
        """How many moves have been told."""
        self.recent: deque[tuple[int, RenderableType]] = deque(maxlen=RECENT)

    def __call__(self, step: Step) -> None:
        """Tell one move."""
        told = move_lines(step.game, step.ply, step.player, str(step.action), step.events)
        self.recent.append((self.told, told))
        self.told += 1
        self.console.print(told)
        if self.delay > 0 and step.player not in self.humans:
            time.sleep(self.delay)

    def retell(self, since: int) -> None:
        """Print again the recent moves from move number `since` on (after a screen clear)."""
        moves = [told for number, told in self.recent if number >= since]
        if moves:
            self.console.rule("[dim]Moves since your last decision[/]", style="dim")
            for told in moves:
                self.console.print(told)
