"""Data files declared as Pydantic models: a strict base, the rules their fields share, and the
problem lines a `ValidationError` gives.

A data file is a tree of `Table`s: unknown fields, and values of the wrong type (true, 2.0 or "2"
for an integer), are refused. `whole`, `word`, `text`, `one_of` and `fixed` make `Annotated`
rules, each with its words ("must be ...") and its JSON Schema; `Distinct` refuses a list that
repeats an item. `problem_lines` says what a `ValidationError` found, one short line a problem,
naming the table by its id: "design ZEU-04: field 'level': must be 1, 2 or 3, got 4".
"""

from __future__ import annotations

import json
import string
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from types import UnionType
from typing import Annotated, Any, TypeGuard, Union, get_args, get_origin

from pydantic import (
    BaseModel,
    ConfigDict,
    GetCoreSchemaHandler,
    GetJsonSchemaHandler,
    ValidationError,
)
from pydantic.json_schema import JsonSchemaValue
from pydantic_core import CoreSchema, ErrorDetails, PydanticCustomError, core_schema

from kleos.core.inputs import echo, quoted

MAX_PROBLEM_LENGTH = 160
"""Characters of a problem line (longer lines are cut)."""
WORD_CHARACTERS = frozenset(string.ascii_letters + string.digits + "-_")


class Table(BaseModel):
    """A table of a data file: only its declared fields, each of exactly its type, never
    changed once read."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True, defer_build=True)


@dataclass(frozen=True)
class Rule:
    """An `Annotated` rule that replaces a field's own validation: the test a value must pass,
    what a problem line says of a value that fails ("must be ..."), and its JSON Schema."""

    test: Callable[[Any], bool]
    words: str
    schema: JsonSchemaValue

    def _check(self, value: Any) -> Any:
        if self.test(value):
            return value
        raise PydanticCustomError("rule", "{words}", {"words": self.words})

    def __get_pydantic_core_schema__(
        self, source: Any, handler: GetCoreSchemaHandler
    ) -> CoreSchema:
        return core_schema.no_info_plain_validator_function(self._check)

    def __get_pydantic_json_schema__(
        self, schema: CoreSchema, handler: GetJsonSchemaHandler
    ) -> JsonSchemaValue:
        return dict(self.schema)  # a copy: Pydantic adds the field's title and default to it


def whole(low: int, high: int) -> Rule:
    """An integer from `low` to `high` (never a bool, a float or text)."""
    return Rule(
        lambda value: type(value) is int and low <= value <= high,
        f"must be an integer from {low} to {high}",
        {"type": "integer", "minimum": low, "maximum": high},
    )


def word(max_length: int) -> Rule:
    """An id: 1 to `max_length` ASCII letters, digits, '-' or '_' (so action text can name it)."""
    return Rule(
        lambda value: (
            isinstance(value, str)
            and 0 < len(value) <= max_length
            and set(value) <= WORD_CHARACTERS
        ),
        f"must be 1 to {max_length} ASCII letters, digits, '-' or '_'",
        {"type": "string", "pattern": f"^[A-Za-z0-9_-]{{1,{max_length}}}$"},
    )


def text(max_length: int) -> Rule:
    """Printable text of 1 to `max_length` characters, not only spaces."""
    return Rule(
        lambda value: (
            isinstance(value, str)
            and len(value) <= max_length
            and value.isprintable()
            and bool(value.strip())
        ),
        f"must be printable text of 1 to {max_length} characters",
        {"type": "string", "minLength": 1, "maxLength": max_length},
    )


def one_of(values: Sequence[str | int]) -> Rule:
    """One of `values`, of its own type (so that true and 1.0 never pass for 1)."""
    *first, last = map(str, values)
    words = f"must be {', '.join(first)} or {last}" if first else f"must be {last}"
    return Rule(
        lambda value: type(value) in (str, int) and value in values,
        f"must be one of {', '.join(map(str, values))}" if len(first) > 2 else words,
        {"enum": list(values)},
    )


def fixed(expected: Any) -> Rule:
    """A value the engine fixes: a data file may state it, never change it."""
    shown = list(expected) if isinstance(expected, tuple) else expected
    return Rule(
        lambda value: _json(value) == _json(expected),
        f"must be {quoted(shown)} (the rules fix it)",
        {"const": shown},
    )


def _json(value: Any) -> str | None:
    """`value` as canonical JSON, which tells true from 1 and 2.0 from 2 (None: not JSON)."""
    try:
        return json.dumps(value, sort_keys=True)
    except (TypeError, ValueError, RecursionError):
        return None


@dataclass(frozen=True)
class Distinct:
    """A list whose items (or their field `key`) are all different."""

    key: str = ""

    def _check(self, items: Sequence[Any]) -> Sequence[Any]:
        seen = [getattr(item, self.key) if self.key else item for item in items]
        if len(set(seen)) < len(seen):
            what = f"item's {self.key}" if self.key else "item"
            raise PydanticCustomError("distinct", "must not repeat an {what}", {"what": what})
        return items

    def __get_pydantic_core_schema__(
        self, source: Any, handler: GetCoreSchemaHandler
    ) -> CoreSchema:
        return core_schema.no_info_after_validator_function(self._check, handler(source))

    def __get_pydantic_json_schema__(
        self, schema: CoreSchema, handler: GetJsonSchemaHandler
    ) -> JsonSchemaValue:
        return handler(schema) | ({} if self.key else {"uniqueItems": True})


def problem(where: str, field: str, message: str) -> str:
    """One problem line: "<where>: field '<field>': <message>" (without the parts that are
    empty), cut to MAX_PROBLEM_LENGTH characters."""
    line = ": ".join(part for part in (where, field and f"field '{field}'", message) if part)
    return line if len(line) <= MAX_PROBLEM_LENGTH else line[: MAX_PROBLEM_LENGTH - 1] + "…"


_WORDS = {
    "bool_type": "must be true or false",
    "string_type": "must be text",
    "int_type": "must be an integer",
    "float_type": "must be a number",
    "finite_number": "must be a finite number",
    "list_type": "must be a list",
    "dict_type": "must be a table",
    "model_type": "must be a table",
    "model_attributes_type": "must be a table",
    "greater_than_equal": "must be at least {ge}",
    "less_than_equal": "must be at most {le}",
}
"""What Pydantic's common errors say, as a problem line says it."""


def problem_lines(
    error: ValidationError,
    data: object,
    model: type[BaseModel],
    *,
    root: str = "",
    names: Mapping[str, str] = {},
) -> list[str]:
    """Every problem of `error`, raised validating `data` as `model`, one line each.

    A line names the innermost table that has an id ("design ZEU-04") or, for a table at the
    top of `data`, its key and place ("family bonus #3", items counted from 1), then the field
    from there ("effects[2].n"); `root` names `data` itself. `names` gives the word for a key's
    tables ("copies" -> "card") and for a tagged union's tag ("op" -> "primitive"). A table's
    unknown fields are one line: the first, how many more, and the table's fields.
    """
    lines: list[str] = []
    unknown: dict[tuple[str, str], tuple[int, str, str, type[BaseModel] | None]] = {}
    """(where, the table's path) -> its first unknown field: its line's index, where, the
    field, the table's model."""
    counts = Counter[int]()
    """The line's index -> how many unknown fields its table has."""
    for item in error.errors(include_url=False):
        loc, kind = item["loc"], item["type"]
        if kind.startswith("union_tag"):
            loc = (*loc, item.get("ctx", {}).get("discriminator", "").strip("'"))
        where, path, table = _locate(loc, data, model, root, names)
        field = ".".join(path)
        if kind == "extra_forbidden":
            first = unknown.setdefault(
                (where, ".".join(path[:-1])), (len(lines), where, field, table)
            )
            counts[first[0]] += 1
            if counts[first[0]] > 1:
                continue
        lines.append(problem(where, field, _message(item, names)))
    for index, where, field, table in unknown.values():
        known = [info.alias or name for name, info in table.model_fields.items()] if table else []
        fields = f" (fields: {', '.join(known)})" if known else ""
        more = f"; {counts[index] - 1} more unknown" if counts[index] > 1 else ""
        lines[index] = problem(where, field, f"unknown field{fields}{more}")
    return lines


def _message(item: ErrorDetails, names: Mapping[str, str]) -> str:
    kind, ctx, value = item["type"], item.get("ctx", {}), item.get("input")
    if kind in ("missing", "union_tag_not_found"):
        return "missing"
    if kind in ("too_short", "too_long"):
        side, bound = ("least", "min_length") if kind == "too_short" else ("most", "max_length")
        items = f"{ctx.get(bound)} item{'' if ctx.get(bound) == 1 else 's'}"
        return f"must have at {side} {items}, got {ctx.get('actual_length')}"
    if kind == "invalid_key":
        return f"field names are text, not {quoted(value)}"
    if kind == "union_tag_invalid":
        tag = ctx.get("discriminator", "").strip("'")
        found = value.get(tag) if isinstance(value, dict) else value
        return f"unknown {names.get(tag, tag)} {quoted(found)}"
    words = _WORDS.get(kind)
    if words is None:
        words = item["msg"].replace("Input should be", "must be", 1)
    else:
        words = words.format(**ctx)
    return f"{words}, got {quoted(value)}"


def _locate(
    loc: tuple[int | str, ...],
    data: object,
    model: type[BaseModel],
    root: str,
    names: Mapping[str, str],
) -> tuple[str, list[str], type[BaseModel] | None]:
    """Where a location is: the table it names, the field's path from there, and the model of
    the table that holds the field (if it is one)."""
    where, value, top = root, data, True
    path: list[str] = []
    kind: Any = model
    table = None
    for step in loc:
        kind = _bare(kind)
        if get_origin(kind) in (Union, UnionType):  # a tagged union: its tag is in `loc`
            kind = next((m for m in get_args(kind) if _has_tag(_bare(m), step)), None)
            if kind is not None:
                continue
        table = kind if _is_model(kind) else None
        if isinstance(step, int) and isinstance(value, list):
            kind = next(iter(get_args(kind)), None)
            key = path[-1] if path else ""
            item = value[step] if 0 <= step < len(value) else None
            table_id = item.get("id") if isinstance(item, dict) else None
            if top or (isinstance(table_id, str) and table_id):
                noun = names.get(key, key.replace("_", " "))
                shown = echo(table_id) if isinstance(table_id, str) and table_id else None
                where, path, top = f"{noun} {shown or f'#{step + 1}'}", [], False
            else:
                path[-1:] = [f"{key}[{step + 1}]"]
            value = item
            continue
        kind = _field_type(table, step)
        value = value.get(step) if isinstance(value, dict) else None
        if top and isinstance(value, dict) and _is_model(_bare(kind)) and isinstance(step, str):
            where, path, top = names.get(step, step.replace("_", " ")), [], False
        else:
            path.append(echo(step))
    return where, path, table


def _bare(kind: Any) -> Any:
    """A type without its `Annotated` rules."""
    while get_origin(kind) is Annotated:
        kind = get_args(kind)[0]
    return kind


def _is_model(kind: Any) -> TypeGuard[type[BaseModel]]:
    return isinstance(kind, type) and issubclass(kind, BaseModel)


def _field_type(table: type[BaseModel] | None, step: int | str) -> Any:
    """The type of the field `step` (its name or alias) of a model; None if there is none."""
    fields = table.model_fields.items() if table else ()
    return next((info.annotation for name, info in fields if step in (name, info.alias)), None)


def _has_tag(member: Any, tag: int | str) -> bool:
    """Whether a member of a tagged union is the one of `tag`: one of its fields is that
    literal."""
    if not _is_model(member):
        return False
    return any(get_args(info.annotation) == (tag,) for info in member.model_fields.values())
