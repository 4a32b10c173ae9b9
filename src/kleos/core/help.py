"""A game's help for players, package data beside the module that declares the game: its rules
in Markdown (`data/rules.md`) and its glossary (`data/glossary.toml`, one `[[entry]]` per term:
`id`, `term`, `definition`). Each is read once, when first asked for. A game without them has
no rules text and an empty glossary; a file that is there but malformed raises `ConfigError`
naming the problem.

    game.rules_text()                          # "# How to play Ilium\\n…", or None
    game.glossary().find("historian").definition
    game.static_info()["glossary"]             # {"historian": {"term", "definition"}, …}

Pages anchor an entry as `#term-ID` (`Entry.anchor`).
"""

from __future__ import annotations

import difflib
import re
import sys
import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources

from kleos.core.errors import ConfigError
from kleos.core.inputs import quoted

RULES_FILE = "data/rules.md"
GLOSSARY_FILE = "data/glossary.toml"
ANCHOR_PREFIX = "term-"
NEAR_MATCHES = 3


def key_of(word: str) -> str:
    """How a word is looked up: lower case, every run of other characters than letters and
    digits one '-' ("Value-4 token" -> "value-4-token", an entry's id)."""
    return re.sub(r"[^0-9a-z]+", "-", word.lower()).strip("-")


@dataclass(frozen=True)
class Entry:
    """One term of a glossary."""

    id: str
    term: str
    """The word as the rules write it ("Shovel end")."""
    definition: str
    """What it means, in one or two sentences."""

    @property
    def anchor(self) -> str:
        """The id of its element on the rules page (`#term-ID`)."""
        return ANCHOR_PREFIX + self.id


@dataclass(frozen=True)
class Glossary:
    """A game's terms, in the file's order."""

    entries: tuple[Entry, ...] = ()

    def find(self, word: str, owner: str = "the glossary") -> Entry:
        """The entry that `word` names, by its id or its term (case, spaces and dashes
        forgiven); a `ConfigError` naming the nearest terms otherwise (`owner` names the
        glossary in it: "Ilium's glossary")."""
        key = key_of(word)
        for entry in self.entries:
            if key in (entry.id, key_of(entry.term)):
                return entry
        if not self.entries:
            raise ConfigError(f"{owner} is empty: there is no term {quoted(word)}")
        terms = {key_of(e.term): e.term for e in self.entries}
        near = difflib.get_close_matches(key, list(terms), n=NEAR_MATCHES, cutoff=0.6)
        hint = (
            f"did you mean {' or '.join(terms[k] for k in near)}?"
            if near
            else f"the terms: {', '.join(e.term for e in self.entries)}"
        )
        raise ConfigError(f"{owner} has no term {quoted(word)}: {hint}")

    def to_json(self) -> dict[str, dict[str, str]]:
        """As JSON for a client (`static_info()["glossary"]`): id -> term and definition."""
        return {e.id: {"term": e.term, "definition": e.definition} for e in self.entries}


def parse_glossary(text: str, where: str = "the glossary") -> Glossary:
    """The glossary a TOML text declares; a `ConfigError` that starts with `where` and names
    every problem (at most five) otherwise."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(f"{where} is not valid TOML: {error}") from None
    from kleos.core.helpdata import parse_glossary as check  # noqa: PLC0415 - Pydantic: slow

    table, problems = check(data)
    if table is None:
        raise ConfigError(f"{where}: {'; '.join(problems[:5])}")
    ids = {entry.id: entry.term for entry in table.entry}
    for entry in table.entry:
        other = ids.get(key_of(entry.term), entry.term)
        if other != entry.term:
            raise ConfigError(
                f"{where}: the term {quoted(entry.term)} is looked up as the id of {quoted(other)}"
            )
    return Glossary(tuple(Entry(e.id, e.term, e.definition) for e in table.entry))


def package_of(game_class: type) -> str:
    """The package whose data holds a game's help: the package of the module that declares
    the game's spec (a subclass made elsewhere still finds it)."""
    declaring = next((c for c in game_class.__mro__ if "spec" in c.__dict__), game_class)
    module = sys.modules[declaring.__module__]
    return module.__package__ or declaring.__module__


@cache
def rules_of(package: str) -> str | None:
    """The rules text of the game in `package` (None when it has no `data/rules.md`)."""
    file = resources.files(package).joinpath(RULES_FILE)
    if not file.is_file():
        return None
    text = file.read_text(encoding="utf-8")
    if not text.strip():
        raise ConfigError(f"{package}: {RULES_FILE} is empty")
    return text


@cache
def glossary_of(package: str) -> Glossary:
    """The glossary of the game in `package` (empty when it has no `data/glossary.toml`)."""
    file = resources.files(package).joinpath(GLOSSARY_FILE)
    if not file.is_file():
        return Glossary()
    return parse_glossary(file.read_text(encoding="utf-8"), f"{package}: {GLOSSARY_FILE}")
