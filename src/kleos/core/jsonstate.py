"""A state as JSON, hidden parts included: the one way a state crosses a trust boundary (a
sample handed to a remote bot, OpenSpiel's `serialize`, a file). Nothing in it is executable:
a document is plain data, read strictly by `Fields`, and becomes a state the rules could reach
or raises a short `StateDataError`.

A document is `{"format", "game", "rules_version", "config", "state"}`: `config` is the game's
`GameConfig.to_json()` (its seed included: keep a master state's document where the state
itself may be), `state` the game's own fields (`State._to_json`, `Game._state_from_json`).
"""

from __future__ import annotations

import builtins
import json
from collections.abc import Callable, Iterator
from typing import Any, TypeVar

from kleos.core.errors import StateDataError
from kleos.core.inputs import echo

STATE_FORMAT = 1
"""The version of the document's shape; a game's own fields are versioned by `rules_version`."""
MAX_STATE_TEXT = 1024 * 1024
"""The longest state document read, in characters."""
T = TypeVar("T")


class Fields:
    """One JSON object read strictly: each key read once, by type and range; a key it does not
    read is refused by `done`. Errors name the path to the value (`state.hoard[2]`)."""

    def __init__(self, data: object, path: str = "state") -> None:
        if not isinstance(data, dict):
            raise StateDataError(f"{path} is a JSON object, not {_kind(data)}")
        self.data: dict[str, Any] = data
        self.path = path
        self.read: set[str] = set()

    def _get(self, key: str) -> Any:
        if key not in self.data:
            raise StateDataError(f"{self.path} has no '{key}'")
        self.read.add(key)
        return self.data[key]

    def has(self, key: str) -> bool:
        """Whether the object holds `key` (for optional fields)."""
        return key in self.data

    def int(self, key: str, low: builtins.int, high: builtins.int) -> builtins.int:
        """An integer from `low` to `high` (both included)."""
        return as_int(self._get(key), low, high, f"{self.path}.{key}")

    def bool(self, key: str) -> builtins.bool:
        """true or false."""
        value = self._get(key)
        if not isinstance(value, bool):
            raise StateDataError(f"{self.path}.{key} is true or false, not {_kind(value)}")
        return value

    def str(
        self,
        key: builtins.str,
        limit: builtins.int = 200,
        choices: tuple[builtins.str, ...] | None = None,
    ) -> builtins.str:
        """Text of at most `limit` characters, one of `choices` when they are given."""
        return as_str(self._get(key), f"{self.path}.{key}", limit, choices)

    def list(self, key: builtins.str, low: builtins.int = 0, high: builtins.int = 10_000) -> Items:
        """A list of `low` to `high` items, to be read item by item."""
        return Items(self._get(key), f"{self.path}.{key}", low, high)

    def ints(
        self,
        key: builtins.str,
        low: builtins.int,
        high: builtins.int,
        count: tuple[builtins.int, builtins.int] = (0, 10_000),
    ) -> builtins.list[builtins.int]:
        """A list of `count[0]` to `count[1]` integers, each from `low` to `high`."""
        return self.list(key, *count).ints(low, high)

    def object(self, key: builtins.str) -> Fields:
        """A nested object, read strictly in its turn."""
        return Fields(self._get(key), f"{self.path}.{key}")

    def raw(self, key: builtins.str) -> Any:
        """The value as parsed, for a reader of its own (a `random.Random` state, a config)."""
        return self._get(key)

    def done(self) -> None:
        """Refuse the keys nobody read: a document holds nothing the state does not."""
        extra = sorted(set(self.data) - self.read)
        if extra:
            raise StateDataError(f"{self.path} has unknown fields: {echo(', '.join(extra))}")


class Items:
    """A JSON list read strictly, item by item."""

    def __init__(self, data: object, path: str, low: int = 0, high: int = 10_000) -> None:
        if not isinstance(data, list):
            raise StateDataError(f"{path} is a list, not {_kind(data)}")
        if not low <= len(data) <= high:
            size = f"{low}" if low == high else f"{low} to {high}"
            raise StateDataError(f"{path} holds {size} items, not {len(data)}")
        self.data: list[Any] = data
        self.path = path

    def __len__(self) -> int:
        return len(self.data)

    def each(self, read: Callable[[Any, str], T]) -> list[T]:
        """Every item through `read(value, path)`."""
        return [read(value, f"{self.path}[{i}]") for i, value in enumerate(self.data)]

    def ints(self, low: int, high: int) -> list[int]:
        """Every item an integer from `low` to `high`."""
        return self.each(lambda value, path: as_int(value, low, high, path))

    def lists(self, low: int = 0, high: int = 10_000) -> Iterator[Items]:
        """Every item a list of `low` to `high` items."""
        for i, value in enumerate(self.data):
            yield Items(value, f"{self.path}[{i}]", low, high)

    def objects(self) -> Iterator[Fields]:
        """Every item an object."""
        for i, value in enumerate(self.data):
            yield Fields(value, f"{self.path}[{i}]")


def as_int(value: object, low: int, high: int, path: str) -> int:
    """`value` if it is an integer from `low` to `high` (true and false are not integers)."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise StateDataError(f"{path} is an integer, not {_kind(value)}")
    if not low <= value <= high:
        raise StateDataError(f"{path} is {low} to {high}, not {echo(value)}")
    return value


def as_str(
    value: object, path: str, limit: int = 200, choices: tuple[str, ...] | None = None
) -> str:
    """`value` if it is text of at most `limit` characters (one of `choices`, if given)."""
    if not isinstance(value, str):
        raise StateDataError(f"{path} is text, not {_kind(value)}")
    if len(value) > limit:
        raise StateDataError(f"{path} is at most {limit} characters")
    if choices is not None and value not in choices:
        raise StateDataError(f"{path} is not '{echo(value)}' but one of {', '.join(choices)}")
    return value


def check(condition: bool, message: str) -> None:
    """Refuse a document whose fields disagree with each other (a cross-field rule)."""
    if not condition:
        raise StateDataError(message)


def random_state_to_json(state: tuple[Any, ...]) -> list[Any]:
    """A `random.Random().getstate()` as JSON data."""
    version, internal, gauss = state
    return [version, list(internal), gauss]


def random_state_from_json(value: object, path: str) -> tuple[Any, ...]:
    """A `random.Random` state read strictly (version 3: 624 words and a position)."""
    items = Items(value, path, 3, 3)
    version, internal, gauss = items.data
    as_int(version, 3, 3, f"{path}[0]")
    words = Items(internal, f"{path}[1]", 625, 625)
    values = words.each(lambda v, p: as_int(v, 0, 2**32 - 1, p))
    as_int(values[-1], 0, 624, f"{path}[1][624]")
    if gauss is not None and not isinstance(gauss, float):
        raise StateDataError(f"{path}[2] is a number or null")
    return (3, tuple(values), gauss)


def parse_state_text(text: object) -> dict[str, Any]:
    """A state document's JSON text (or bytes) parsed strictly: bounded in size, no NaN or
    infinities, no key given twice."""
    if isinstance(text, bytes | bytearray):
        try:
            text = bytes(text).decode()
        except UnicodeDecodeError:
            raise StateDataError("a state document is UTF-8 JSON text") from None
    if not isinstance(text, str):
        raise StateDataError(f"a state document is JSON text, not {_kind(text)}")
    if len(text) > MAX_STATE_TEXT:
        raise StateDataError(f"a state document is at most {MAX_STATE_TEXT:,} characters")
    try:
        data = json.loads(text, object_pairs_hook=_unique_keys, parse_constant=_no_constant)
    except StateDataError:
        raise
    except RecursionError:
        raise StateDataError("a state document does not nest so deeply") from None
    except ValueError as exc:
        raise StateDataError(f"a state document is JSON text ({echo(str(exc))})") from None
    if not isinstance(data, dict):
        raise StateDataError(f"a state document is a JSON object, not {_kind(data)}")
    return data


def state_text(document: dict[str, Any]) -> str:
    """A state document as compact JSON text."""
    return json.dumps(document, separators=(",", ":"), allow_nan=False)


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    found: dict[str, Any] = {}
    for key, value in pairs:
        if key in found:
            raise StateDataError(f"a state document gives '{echo(key)}' twice")
        found[key] = value
    return found


def _no_constant(name: str) -> None:
    raise StateDataError(f"a state document holds no {name}")


def _kind(value: object) -> str:
    """The JSON kind of a parsed value, for messages."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true/false"
    names = {int: "an integer", float: "a number", str: "text", list: "a list", dict: "an object"}
    return names.get(type(value), type(value).__name__)
