"""What `kleos analyze` prints: every decision with the search's verdict, and a summary."""

from __future__ import annotations

from collections.abc import Sequence

from rich import box
from rich.console import Console
from rich.table import Table

from kleos.cli.style import seat_label
from kleos.core.protocol import Game
from kleos.core.records import Record
from kleos.runner.analysis import MoveAnalysis

MARK_STYLES = {"!": "green", "?": "yellow", "??": "bold red", "": ""}


def show_analysis(
    console: Console, game: Game, record: Record, moves: Sequence[MoveAnalysis], spec: str
) -> None:
    """A table of the decisions (forced moves left out) and each seat's average loss."""
    table = Table(
        title=f"{game.title} · {len(record.moves)} moves · judged by {spec}",
        box=box.SIMPLE_HEAD,
        caption="win rate: the search's estimate for the decider · "
        "! best · ? loses ≥ 5 points · ?? loses ≥ 15 points",
    )
    for header, justify in (
        ("Ply", "right"),
        ("Seat", "left"),
        ("Played", "left"),
        ("Win rate", "right"),
        ("", "left"),
        ("Search's best", "left"),
        ("Win rate", "right"),
        ("Options", "right"),
    ):
        table.add_column(header, justify=justify)  # type: ignore[arg-type]
    for m in moves:
        style = MARK_STYLES[m.mark]
        table.add_row(
            str(m.ply),
            seat_label(game.player_name(m.player), m.player),
            m.played,
            "untried" if m.played_win_rate is None else f"{m.played_win_rate:.0%}",
            f"[{style}]{m.mark}[/]" if style else m.mark,
            "" if m.played == m.best else m.best,
            f"{m.best_win_rate:.0%}",
            str(m.options),
        )
    console.print(table)
    for p in range(game.players):
        mine = [m for m in moves if m.player == p and m.played_win_rate is not None]
        if not mine:
            continue
        loss = sum(m.loss for m in mine) / len(mine)
        best = sum(1 for m in mine if m.mark == "!")
        mistakes = sum(1 for m in mine if m.mark == "??")
        console.print(
            f"{seat_label(game.player_name(p), p)} ({record.seats[p]}): {len(mine)} judged, "
            f"{best} best moves, {mistakes} mistakes, average loss {loss:.1%} win rate"
        )
