"""Actions declared once: a frozen dataclass with a text template (`@action`) gives an action
kind its canonical text; the `ActionSpace` of a game config, built from the list of all its
actions, derives from them the integer ids, the parser of text, and the JSON form.

    @action("place {path}:{space}")
    @dataclass(frozen=True, slots=True)
    class PlaceGroup:
        path: str
        space: int

Action text is read regardless of case and spacing, and ':' may be written as a space
('place p12 3'): text is *folded* before it is looked up among the canonical texts.
"""

from __future__ import annotations

import dataclasses
import difflib
import re
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Protocol, TypeVar

from kleos.core.errors import ActionParseError
from kleos.core.inputs import action_words, echo

T = TypeVar("T")


class Action(Protocol):
    """A small frozen, hashable value; `str(action)` is its canonical text."""

    def __hash__(self) -> int: ...


SUGGESTIONS = 3
"""How many close legal actions a refusal of unknown text suggests."""


def action(template: str, **formats: Callable[[Any], str]) -> Callable[[type[T]], type[T]]:
    """Declare an action class (a frozen dataclass): `str(action)` is `template` filled with
    its compared fields, each shown by `formats[name]` (default `str`)."""

    def declare(cls: type[T]) -> type[T]:
        names = tuple(f.name for f in dataclasses.fields(cls) if f.compare)  # type: ignore[arg-type]
        unknown = set(re.findall(r"{(\w+)}", template)) ^ set(names)
        if unknown:
            raise TypeError(f"template {template!r} and the fields of {cls.__name__} differ")
        shown = [(name, formats.get(name, str)) for name in names]

        def text(self: object) -> str:
            return template.format_map({name: show(getattr(self, name)) for name, show in shown})

        cls.__str__ = text  # type: ignore[method-assign]
        cls.action_kind = _snake(cls.__name__)  # type: ignore[attr-defined]
        cls.action_fields = names  # type: ignore[attr-defined]
        return cls

    return declare


def _snake(name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


def fold(text: str) -> str:
    """Text as it is looked up: lower case, ':' read as a space, single spaces."""
    return " ".join(text.lower().replace(":", " ").split())


def action_json(action: Action) -> dict[str, Any]:
    """An action as JSON: its kind and its fields, e.g. {"kind": "place_group", "path": "p12",
    "space": 3}."""
    declared: Any = type(action)
    return {"kind": declared.action_kind, **{n: getattr(action, n) for n in declared.action_fields}}


def _kind(action: Action) -> str:
    declared: Any = type(action)
    return str(declared.action_kind)


class ActionSpace:
    """Every action of a game config, in id order, with their texts and JSON kinds."""

    def __init__(self, actions: Iterable[Action], title: str, examples: str) -> None:
        self.all: tuple[Action, ...] = tuple(actions)
        self.ids: dict[Action, int] = {a: i for i, a in enumerate(self.all)}
        self.ids_by_identity: dict[int, int] = {id(a): i for i, a in enumerate(self.all)}
        """`id(action)` of each action of `all` to its integer: a look-up that hashes no
        action. The games' legal actions are these very objects, which the space keeps alive,
        so no other object can have one of these identities."""
        self.texts: tuple[str, ...] = tuple(map(str, self.all))
        self.by_text: dict[str, Action] = {
            fold(t): a for t, a in zip(self.texts, self.all, strict=True)
        }
        if not len(self.ids) == len(self.by_text) == len(self.all):
            raise ValueError(f"{title} declares two actions alike (the same value or text)")
        self.kinds: dict[str, type] = {_kind(a): type(a) for a in self.all}
        self.title = title
        self.examples = examples
        """A few action texts, shown when text names no action."""

    def __len__(self) -> int:
        return len(self.all)

    def parse(self, text: object, legal: Sequence[Action] = ()) -> Action:
        """The action that text names; otherwise an `ActionParseError` that suggests the
        closest of the `legal` actions."""
        words = action_words(text, ActionParseError, self.title)
        found = self.by_text.get(fold(" ".join(words)))
        if found is not None:
            return found
        texts = {fold(str(a)): str(a) for a in legal}
        close = difflib.get_close_matches(fold(" ".join(words)), texts, n=SUGGESTIONS, cutoff=0.6)
        hint = f"; did you mean {' or '.join(repr(texts[c]) for c in close)}?" if close else ""
        raise ActionParseError(
            f"'{echo(text)}' is not {_article(self.title)} {self.title} action{hint} "
            f"(actions look like: {self.examples})"
        )

    def from_json(self, data: object) -> Action:
        """The action a JSON object (as `action_json` writes) names; else ActionParseError."""
        fields = dict(data) if isinstance(data, dict) else {}
        kind = fields.pop("kind", None)
        cls: Any = self.kinds.get(kind) if isinstance(kind, str) else None
        index = None
        if cls is not None and set(fields) == set(cls.action_fields):
            try:
                index = self.ids.get(cls(**fields))
            except (TypeError, ValueError):  # unhashable or wrong values
                index = None
        if index is None:
            raise ActionParseError(f"{echo(data)} is not {self.title} action JSON")
        return self.all[index]


def _article(word: str) -> str:
    return "an" if word[:1].lower() in "aeiou" else "a"
