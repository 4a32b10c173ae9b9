"""The glossary file's declared schema (Pydantic): imported when a glossary is first read, so
`import kleos` never pays for Pydantic (`kleos.core.help`)."""

from __future__ import annotations

import re
from typing import Annotated

from pydantic import ValidationError

from kleos.core.datamodel import Distinct, Rule, Table, problem_lines, text

MAX_TERM = 60
MAX_DEFINITION = 400
ENTRY_ID = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
MAX_ID = 40

entry_id = Rule(
    lambda value: (
        isinstance(value, str) and len(value) <= MAX_ID and bool(ENTRY_ID.fullmatch(value))
    ),
    f"must be 1 to {MAX_ID} lower-case letters or digits in words joined by '-'",
    {"type": "string", "pattern": f"^{ENTRY_ID.pattern}$", "maxLength": MAX_ID},
)


class EntryTable(Table):
    """One term: its id (the anchor #term-ID), the word as the rules write it, what it means."""

    id: Annotated[str, entry_id]
    term: Annotated[str, text(MAX_TERM)]
    definition: Annotated[str, text(MAX_DEFINITION)]


class GlossaryTable(Table):
    """A glossary file: its entries, in the order a rules page lists them."""

    entry: Annotated[list[EntryTable], Distinct("id"), Distinct("term")]


def parse_glossary(data: object) -> tuple[GlossaryTable | None, list[str]]:
    """The glossary that TOML `data` declares, or None and every problem, one line each."""
    try:
        return GlossaryTable.model_validate(data), []
    except ValidationError as error:
        return None, problem_lines(error, data, GlossaryTable)
