"""Data files declared as Pydantic models (`kleos.core.datamodel`): the strict base refuses what
is not exactly of its type, and a `ValidationError` becomes short problem lines that name the
table by its id and the field."""

from __future__ import annotations

from typing import Annotated, Any, Literal, Union

import pytest
from pydantic import Discriminator, Field, ValidationError

from kleos.core.datamodel import (
    MAX_PROBLEM_LENGTH,
    Distinct,
    Table,
    fixed,
    one_of,
    problem,
    problem_lines,
    text,
    whole,
    word,
)


class Spark(Table):
    kind: Literal["spark"]
    n: Annotated[int, whole(1, 9)]


class Gust(Table):
    kind: Literal["gust"]


class Item(Table):
    id: Annotated[str, word(8)]
    level: Annotated[int, one_of((1, 2, 3))] = 1
    name: Annotated[str, text(20)] = ""
    tags: Annotated[list[Annotated[str, one_of(("a", "b"))]], Distinct()] = Field(
        default_factory=list
    )
    parts: list[Annotated[Union[Spark, Gust], Discriminator("kind")]] = Field(  # noqa: UP007
        default_factory=list
    )


class Settings(Table):
    size: Annotated[int, fixed(4)] = 4
    flag: bool = False


class Book(Table):
    settings: Settings
    item: Annotated[list[Item], Field(max_length=3)]


def lines(data: Any) -> list[str]:
    with pytest.raises(ValidationError) as info:
        Book.model_validate(data)
    return problem_lines(info.value, data, Book, root="book", names={"kind": "part kind"})


def book(*items: dict[str, Any], **settings: Any) -> dict[str, Any]:
    return {"settings": settings, "item": list(items)}


def test_good_data_is_read_as_declared() -> None:
    parsed = Book.model_validate(book({"id": "A-1", "parts": [{"kind": "spark", "n": 2}]}))
    assert parsed.item[0].parts[0] == Spark(kind="spark", n=2)
    assert parsed.settings.size == 4


@pytest.mark.parametrize("value", [True, 2.0, "2", None, [2]])
def test_only_an_integer_is_an_integer(value: object) -> None:
    assert lines(book({"id": "A", "level": value})) == [
        f"item A: field 'level': must be 1, 2 or 3, got {value!r}"
    ]
    assert lines(book({"id": "A", "parts": [{"kind": "spark", "n": value}]})) == [
        f"item A: field 'parts[1].n': must be an integer from 1 to 9, got {value!r}"
    ]


def test_a_table_without_an_id_is_named_by_its_place() -> None:
    assert lines(book({"id": 5}, {"id": "B", "name": "x\ty"})) == [
        "item #1: field 'id': must be 1 to 8 ASCII letters, digits, '-' or '_', got 5",
        "item B: field 'name': must be printable text of 1 to 20 characters, got 'x\\ty'",
    ]


def test_missing_and_unknown_fields() -> None:
    assert lines({"item": [{"id": "A", "colour": 1, "size": 2}], "extra": 0}) == [
        "book: field 'settings': missing",
        "item A: field 'colour': unknown field (fields: id, level, name, tags, parts); 1 more "
        "unknown",
        "book: field 'extra': unknown field (fields: settings, item)",
    ]


def test_tagged_unions_name_the_tag_and_skip_it_in_the_field() -> None:
    parts = [{"kind": "storm"}, {"n": 1}, {"kind": "spark"}, {"kind": "gust", "n": 1}, 7]
    assert lines(book({"id": "A", "parts": parts})) == [
        "item A: field 'parts[1].kind': unknown part kind 'storm'",
        "item A: field 'parts[2].kind': missing",
        "item A: field 'parts[3].n': missing",
        "item A: field 'parts[4].n': unknown field (fields: kind)",
        "item A: field 'parts[5]': must be a table, got 7",
    ]


def test_lists_fixed_values_and_top_tables() -> None:
    found = lines(book(*[{"id": "A", "tags": ["a", "a"]}] * 4, size=5, flag="yes"))
    assert found == [
        "settings: field 'size': must be 4 (the rules fix it), got 5",
        "settings: field 'flag': must be true or false, got 'yes'",
        "book: field 'item': must have at most 3 items, got 4",
    ]
    assert lines(book({"id": "A", "tags": ["a", "a"]})) == [
        "item A: field 'tags': must not repeat an item, got ['a', 'a']"
    ]
    assert lines(book({"id": "A", "tags": ["c"]})) == [
        "item A: field 'tags[1]': must be a or b, got 'c'"
    ]


def test_problem_lines_are_short_and_plain_whatever_the_data() -> None:
    data = book({"id": "Z" * 100_000, "x" * 10_000: 1, "name": "\x1b[31m" * 1000}, size=[[[9] * 9]])
    found = lines(data)
    assert len(found) == 4
    for line in found:
        assert len(line) <= MAX_PROBLEM_LENGTH
        assert line.isprintable()
        assert "http" not in line and "Input should" not in line and "Traceback" not in line
    assert lines(7) == ["book: must be a table, got 7"]
    assert lines({1: 2, "settings": {}, "item": []}) == [
        "book: field '1': field names are text, not 1"
    ]


def test_problem_line_form() -> None:
    assert problem("design ZEU-04", "level", "must be 1, 2 or 3, got 4") == (
        "design ZEU-04: field 'level': must be 1, 2 or 3, got 4"
    )
    assert problem("card set", "", "bad") == "card set: bad"
    assert len(problem("x", "y", "z" * 1000)) == MAX_PROBLEM_LENGTH


def test_the_rules_are_in_the_json_schema() -> None:
    item = Book.model_json_schema()["$defs"]["Item"]
    assert item["additionalProperties"] is False
    assert item["required"] == ["id"]
    props = item["properties"]
    assert props["id"]["pattern"] == "^[A-Za-z0-9_-]{1,8}$"
    assert props["level"]["enum"] == [1, 2, 3]
    assert props["name"] == {
        "default": "",
        "maxLength": 20,
        "minLength": 1,
        "title": "Name",
        "type": "string",
    }
    assert props["tags"]["uniqueItems"] is True
    spark = Book.model_json_schema()["$defs"]["Spark"]["properties"]["n"]
    assert (spark["type"], spark["minimum"], spark["maximum"]) == ("integer", 1, 9)
    assert Settings.model_json_schema()["properties"]["size"]["const"] == 4
