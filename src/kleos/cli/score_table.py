"""The final breakdown on the terminal, in the game's own words (static info's `score_rows`)."""

from __future__ import annotations

from typing import Any

from rich import box
from rich.table import Table
from rich.text import Text


def score_table(view: dict[str, Any], rows: list[dict[str, Any]], seats: list[str]) -> Table:
    """One column per seat (`seats`: rich markup, winners starred), one row per score row; a row
    with `parts` (one figure per kind) is a heading over its parts, a row with `items` lists
    them in words under its figure."""
    final = view["outcome"]
    parts = final["breakdown"]
    table = Table(title="Final scores", box=box.SIMPLE_HEAVY)
    table.add_column("")
    for p, seat in enumerate(seats):
        table.add_column(seat + (" ★" if p in final["winners"] else ""), justify="right")
    for n, row in enumerate(rows):
        key = row["key"]
        before_total = n + 1 < len(rows) and rows[n + 1]["key"] == "total"
        if "parts" in row:
            table.add_row(row["label"], *("" for _ in parts))
            for i, part in enumerate(row["parts"]):
                last = i + 1 == len(row["parts"])
                table.add_row(
                    f"  {part['label']}",
                    *(_figure(b[key][part["key"]]) for b in parts),
                    end_section=last or before_total,
                )
            continue
        cells = [_figure(b[key]) for b in parts]
        if "items" in row:
            cells = [
                "\n".join([cell, *(f"[dim]{Text(i['text']).markup}[/]" for i in b[row["items"]])])
                for cell, b in zip(cells, parts, strict=True)
            ]
        if key == "total":
            cells = [f"[bold]{cell}[/]" for cell in cells]
        table.add_row(row["label"], *cells, end_section=before_total or key == "total")
    return table


def _figure(value: Any) -> str:
    """A breakdown figure as text: none for nothing."""
    return "none" if value is None else Text(str(value)).markup
