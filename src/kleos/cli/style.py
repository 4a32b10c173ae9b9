"""Colours and small text helpers shared by every screen of the terminal front end."""

from __future__ import annotations

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

SEAT_STYLES = {"Red": "red", "Yellow": "yellow", "Green": "green", "Blue": "dodger_blue1"}
_PALETTE = ("red", "yellow", "green", "dodger_blue1", "magenta", "cyan")


def seat_style(name: str, index: int) -> str:
    """The rich style of a seat: its colour when it is named by one, else a palette entry."""
    return SEAT_STYLES.get(name, _PALETTE[index % len(_PALETTE)])


def seat_label(name: str, index: int) -> str:
    """A seat's name as rich markup in its colour."""
    return f"[bold {seat_style(name, index)}]{name}[/]"


def counting_progress(console: Console, label: str = "[bold]{task.description}") -> Progress:
    """The progress bar of long runs: label, bar, done/total and time, gone when finished."""
    return Progress(
        TextColumn(label),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=console,
        transient=True,
    )
