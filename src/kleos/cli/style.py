"""Colours and small text helpers shared by every screen of the terminal front end."""

from __future__ import annotations

SEAT_STYLES = {"Red": "red", "Yellow": "yellow", "Green": "green", "Blue": "dodger_blue1"}
_PALETTE = ("red", "yellow", "green", "dodger_blue1", "magenta", "cyan")


def seat_style(name: str, index: int) -> str:
    """The rich style of a seat: its colour when it is named by one, else a palette entry."""
    return SEAT_STYLES.get(name, _PALETTE[index % len(_PALETTE)])


def seat_label(name: str, index: int) -> str:
    """A seat's name as rich markup in its colour."""
    return f"[bold {seat_style(name, index)}]{name}[/]"


def join_names(names: list[str]) -> str:
    """'A', 'A and B', 'A, B and C'."""
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
