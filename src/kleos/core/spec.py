"""A game declares itself once: its `GameSpec` names it, bounds its players and types each of
its options, and every front end (`kleos.make`, the CLI, the server's catalog and create form,
OpenSpiel's parameters, the Gymnasium ids) is generated from it.

    spec = GameSpec(
        id="ilium", title="Ilium", rules_version="1", players=(2, 4), default_players=3,
        summary="Archaeologists race along routes to dig up artifacts.",
        variants=(Choice("burial-vaults", "Burial vaults", "…"),),
        options=(Data("board", "another board", "board JSON file", read_board),),
    )

An option's value lives in the config as JSON data, exactly as given (so records never
change); `Option.value` reads it back normalised, with its default when it was not given.
Variants are an option too (`Flags`, always named `variants`), kept in `GameConfig.variants`.
Rules that tie two options together (families that a custom card set lacks) stay the game's.
"""

from __future__ import annotations

import os
import re
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from kleos.core.errors import ConfigError
from kleos.core.inputs import as_index, echo, quoted

LIST_SEPARATOR = "+"
"""Separates the items of a list written as text ('burial-vaults+strategic-expeditions'); a
comma is read as one too."""
VARIANTS = "variants"
"""The name of the option that holds a game's variants."""
SEAT_COLOURS = ("red", "gold", "green", "royalblue")
"""Seat colours by default (CSS names), in seat order."""


@dataclass(frozen=True)
class Choice:
    """One value an option may take: its id, a label for a button, and a one-line doc."""

    id: str
    label: str
    doc: str = ""

    def describe(self) -> dict[str, str]:
        """As JSON for a front end."""
        return {"id": self.id, "label": self.label, "doc": self.doc}


@dataclass(frozen=True)
class Option(ABC):
    """One typed option of a game."""

    name: str
    doc: str
    """What the option does, in one line."""
    kind: ClassVar[str]

    @property
    @abstractmethod
    def default(self) -> Any:
        """The value when the option is not given."""

    @abstractmethod
    def check(self, value: object) -> None:
        """Refuse a value this option cannot take, with a `ConfigError` that says why."""

    def value(self, raw: object) -> Any:
        """A checked value (None: not given) as the game uses it."""
        return self.default if raw is None else raw

    @abstractmethod
    def from_text(self, text: str) -> Any:
        """The value a front end's text names ('' for the default: None)."""

    def to_text(self, value: object) -> str:
        """The text `from_text` reads back ('' for the default)."""
        return "" if value is None else str(value)

    def read_files(self, value: object) -> object:
        """The value with any file it names read into data (only `Data` reads files)."""
        return value

    @property
    @abstractmethod
    def usage(self) -> str:
        """How the option is written as text, e.g. 'pile=3..30' (for help texts)."""

    def describe(self) -> dict[str, Any]:
        """As JSON for a front end (the server's catalog): name, kind, doc, default, and what
        the kind adds (choices, range)."""
        return {"name": self.name, "kind": self.kind, "doc": self.doc, "default": self.default}

    def refuse(self, problem: str) -> ConfigError:
        """The error for a bad value of this option."""
        return ConfigError(f"option '{self.name}' {problem}")


@dataclass(frozen=True)
class Flags(Option):
    """Any set of switches: the variants (stored in `GameConfig.variants`, sorted)."""

    choices: tuple[Choice, ...] = ()
    kind: ClassVar[str] = "flags"

    @property
    def default(self) -> tuple[str, ...]:
        return ()

    @property
    def ids(self) -> tuple[str, ...]:
        """The ids of the choices."""
        return tuple(c.id for c in self.choices)

    def check(self, value: object) -> None:
        if not isinstance(value, list | tuple) or not all(isinstance(v, str) for v in value):
            raise self.refuse(f"is a list of ids, not {quoted(value)}")
        for item in value:
            if item not in self.ids:
                raise self.refuse(f"has no '{echo(item)}' ({_known(self.ids)})")

    def value(self, raw: object) -> tuple[str, ...]:
        return tuple(raw) if isinstance(raw, list | tuple) else ()

    def from_text(self, text: str) -> list[str]:
        return sorted(set(split_items(text)))

    def to_text(self, value: object) -> str:
        return LIST_SEPARATOR.join(self.value(value))

    @property
    def usage(self) -> str:
        return f"{self.name}=" + LIST_SEPARATOR.join(self.ids)

    def describe(self) -> dict[str, Any]:
        return {**super().describe(), "default": [], "choices": _choices(self.choices)}


@dataclass(frozen=True)
class Pick(Option):
    """Exactly `count` different choices, or one of the presets (the first is the default)."""

    choices: tuple[Choice, ...] = ()
    count: int = 1
    presets: tuple[Choice, ...] = ()
    kind: ClassVar[str] = "pick"

    @property
    def default(self) -> str | None:
        return self.presets[0].id if self.presets else None

    @property
    def preset_ids(self) -> tuple[str, ...]:
        """The ids of the presets."""
        return tuple(p.id for p in self.presets)

    def check(self, value: object) -> None:
        if isinstance(value, str) and value in self.preset_ids:
            return
        items = split_items(value) if isinstance(value, str) else value
        if not isinstance(items, list | tuple) or not all(isinstance(v, str) for v in items):
            presets = "".join(f" or '{p}'" for p in self.preset_ids)
            raise self.refuse(f"is a list of {self.count} ids{presets}, not {quoted(value)}")
        chosen = [v.lower() for v in items]
        known = [c.id for c in self.choices]
        unknown = [v for v in chosen if v not in known]
        if unknown:
            raise self.refuse(f"has no {echo(unknown)} ({_known(known)})")
        if len(set(chosen)) != self.count or len(chosen) != self.count:
            raise self.refuse(f"takes exactly {self.count} different ids, not {echo(chosen)}")

    def value(self, raw: object) -> str | tuple[str, ...] | None:
        """A preset's id, or the chosen ids in the order of the choices."""
        if raw is None:
            return self.default
        if isinstance(raw, str) and raw in self.preset_ids:
            return raw
        items = split_items(raw) if isinstance(raw, str) else list(raw)  # type: ignore[call-overload]
        known = [c.id for c in self.choices]
        return tuple(sorted((v.lower() for v in items), key=known.index))

    def from_text(self, text: str) -> str | list[str] | None:
        items = split_items(text)
        if not items:
            return None
        return items[0] if len(items) == 1 else items

    def to_text(self, value: object) -> str:
        if value is None or isinstance(value, str):
            return "" if value is None or value == self.default else value
        return LIST_SEPARATOR.join(self.value(value) or ())

    @property
    def usage(self) -> str:
        presets = "|".join(p.id for p in self.presets)
        picks = LIST_SEPARATOR.join(f"id{n + 1}" for n in range(min(self.count, 2)))
        more = LIST_SEPARATOR + "…" if self.count > 2 else ""
        return f"{self.name}={presets}{'|' if presets else ''}{picks}{more}"

    def describe(self) -> dict[str, Any]:
        return {
            **super().describe(),
            "choices": _choices(self.choices),
            "count": self.count,
            "presets": _choices(self.presets),
        }


@dataclass(frozen=True)
class Number(Option):
    """A whole number from `low` to `high`."""

    low: int = 0
    high: int = 0
    fallback: int = 0
    """The default."""
    kind: ClassVar[str] = "number"

    @property
    def default(self) -> int:
        return self.fallback

    def check(self, value: object) -> None:
        number = as_index(value)
        if isinstance(value, str) or number is None or not self.low <= number <= self.high:
            raise self.refuse(self._problem(value))

    def _problem(self, value: object) -> str:
        return f"is a whole number from {self.low} to {self.high}, not {quoted(value)}"

    def value(self, raw: object) -> int:
        return self.fallback if raw is None else int(raw)  # type: ignore[call-overload]

    def from_text(self, text: str) -> int | None:
        text = text.strip()
        if not text:
            return None
        try:
            return int(text)
        except ValueError:
            raise self.refuse(self._problem(text)) from None

    @property
    def usage(self) -> str:
        return f"{self.name}={self.low}..{self.high}"

    def describe(self) -> dict[str, Any]:
        return {**super().describe(), "low": self.low, "high": self.high}


@dataclass(frozen=True)
class Data(Option):
    """Structured data of the game's own (a board, a card set), the package's by default.

    `kleos.make` reads a file path given for it (`reader`) and the config keeps the data, so a
    record holds the data itself and never names a file; the game validates the data."""

    file: str = "file"
    """What kind of file a path names, in words ('a board JSON file')."""
    reader: Callable[[str | os.PathLike[str]], Any] | None = field(default=None, compare=False)
    kind: ClassVar[str] = "data"

    @property
    def default(self) -> None:
        return None

    def check(self, value: object) -> None:
        if not isinstance(value, dict):
            raise self.refuse(f"holds data, never a file name; got {quoted(value)}")

    def from_text(self, text: str) -> str | None:
        return text or None

    def read_files(self, value: object) -> object:
        if isinstance(value, str | os.PathLike) and self.reader is not None:
            return self.reader(value)
        return value

    @property
    def usage(self) -> str:
        return f"{self.name}=PATH"

    def describe(self) -> dict[str, Any]:
        return {**super().describe(), "file": self.file}


@dataclass(frozen=True)
class GameSpec:
    """What a game is, declared once."""

    id: str
    title: str
    rules_version: str
    players: tuple[int, int]
    """The fewest and most players."""
    default_players: int
    summary: str
    """The game in one line."""
    variants: tuple[Choice, ...] = ()
    options: tuple[Option, ...] = ()
    seat_names: tuple[str, ...] = ()
    """How each seat is called in messages (default: 'Player 1', 'Player 2', …)."""
    seat_colours: tuple[str, ...] = SEAT_COLOURS
    """The colour a front end gives each seat (CSS colour names)."""

    def seat_name(self, seat: int) -> str:
        """How a seat is called in messages."""
        return self.seat_names[seat] if seat < len(self.seat_names) else f"Player {seat + 1}"

    def seat_colour(self, seat: int) -> str:
        """The colour a front end gives a seat."""
        return self.seat_colours[seat % len(self.seat_colours)]

    def __post_init__(self) -> None:
        low, high = self.players
        if not re.fullmatch(r"[a-z][a-z0-9-]*", self.id):
            raise ValueError(f"a game id is lower-case letters, digits and '-', not {self.id!r}")
        if not 1 <= low <= self.default_players <= high:
            raise ValueError(
                f"{self.title}: players {self.players}, default {self.default_players}"
            )
        names = [o.name for o in self.options]
        if len(set(names)) != len(names) or VARIANTS in names:
            raise ValueError(f"{self.title} declares an option twice (or one named 'variants')")

    @property
    def variant_ids(self) -> tuple[str, ...]:
        """The ids of the variants."""
        return tuple(v.id for v in self.variants)

    @property
    def option_names(self) -> tuple[str, ...]:
        """The names of the options (variants apart)."""
        return tuple(o.name for o in self.options)

    @property
    def all_options(self) -> tuple[Option, ...]:
        """The variants (as `Flags`, when the game has any), then the options."""
        flags = (Flags(VARIANTS, "rules variants, any of them", self.variants),)
        return (flags if self.variants else ()) + self.options

    def option(self, name: str) -> Option:
        """The option with this name."""
        for option in self.all_options:
            if option.name == name:
                return option
        known = ", ".join(o.name for o in self.all_options) or "none"
        raise ConfigError(f"{self.title} has no option '{echo(name)}' (options: {known})")

    def check_players(self, players: int) -> None:
        """Refuse a number of players this game is not for."""
        low, high = self.players
        if not low <= players <= high:
            raise ConfigError(f"{self.title} is for {low} to {high} players, not {players}")

    def check(self, variants: tuple[str, ...], options: Mapping[str, Any]) -> None:
        """Refuse variants or option values the spec does not allow."""
        for variant in variants:
            if variant not in self.variant_ids:
                known = ", ".join(self.variant_ids) or "none"
                raise ConfigError(
                    f"{self.title} has no variant '{echo(variant)}' (variants: {known})"
                )
        for name, value in options.items():
            if name == VARIANTS:
                raise ConfigError(f"{self.title}'s variants are not an option of its config")
            option = self.option(name)
            if value is not None:  # None: not given
                option.check(value)

    def from_texts(self, texts: Mapping[str, str]) -> dict[str, Any]:
        """Option values from `name=text` pairs (a CLI's or OpenSpiel's), variants included;
        a default ('') is left out."""
        values = {}
        for name, text in texts.items():
            value = self.option(name).from_text(text)
            if value is not None and value != []:
                values[name] = value
        return values

    @property
    def gym_id(self) -> str:
        """The Gymnasium id of the game: 'kleos/Ilium-v0'."""
        words = re.split(r"[^A-Za-z0-9]+", self.title)
        return "kleos/" + "".join(w[:1].upper() + w[1:] for w in words) + "-v0"

    @property
    def usage(self) -> str:
        """The options as text, for help: 'variants=a+b; board=PATH'."""
        return "; ".join(o.usage for o in self.all_options) or "no options"

    def describe(self) -> dict[str, Any]:
        """As JSON for a front end (the server's catalog)."""
        low, high = self.players
        return {
            "id": self.id,
            "title": self.title,
            "summary": self.summary,
            "rules_version": self.rules_version,
            "min_players": low,
            "max_players": high,
            "default_players": self.default_players,
            "seats": [
                {"name": self.seat_name(p), "colour": self.seat_colour(p)} for p in range(high)
            ],
            "options": [o.describe() for o in self.all_options],
        }


def split_items(text: object) -> list[str]:
    """The items of a list written as text ('+' or ',' between them; '' for none)."""
    if not isinstance(text, str):
        raise ConfigError(f"a list is written as text, not {echo(text)}")
    return [item.strip() for item in text.replace(",", LIST_SEPARATOR).split("+") if item.strip()]


def _choices(choices: tuple[Choice, ...]) -> list[dict[str, str]]:
    return [c.describe() for c in choices]


def _known(ids: object) -> str:
    names = ", ".join(map(str, ids))  # type: ignore[call-overload]
    return f"choices: {names or 'none'}"
