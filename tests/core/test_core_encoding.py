"""Encodings declared field by field (`kleos.core.encoding`): the layout derives from the
declarations, `encode` runs the writers in order, and a `checking()` block refuses a writer that
writes outside its own field."""

from __future__ import annotations

import pytest

from kleos.core.encoding import EncodingField, Fields, Writer, checking, saturate


class Entries:
    """A writers' context: the entries, and a config's player count as its tables."""

    def __init__(self) -> None:
        self.indices: list[int] = []
        self.values: list[float] = []


Toy = Fields[int, list[int], Entries]
"""Tables: the player count; a state: a score per seat."""


def toy(extra: Writer[list[int], Entries] | None = None) -> Toy:
    """Scores per seat, the leader one-hot, and an `extra` field (size 0 at 1 player)."""
    fields: Toy = Fields()

    @fields.field("scores", lambda n: n, "per seat, its score / 10")
    def _scores(state: list[int], c: Entries, start: int) -> None:
        for seat, score in enumerate(state):
            if score:
                c.indices.append(start + seat)
                c.values.append(score / 10)

    @fields.field("leader", lambda n: n, lambda n: f"the leader of {n}, one-hot")
    def _leader(state: list[int], c: Entries, start: int) -> None:
        c.indices.append(start + state.index(max(state)))
        c.values.append(1.0)

    fields.add("extra", lambda n: 2 if n > 1 else 0, "two more", extra or (lambda s, c, i: None))
    return fields


def test_the_layout_is_derived_from_the_declarations() -> None:
    vector = toy().lay_out(3)
    assert vector.fields == (
        EncodingField("scores", 0, 3, "per seat, its score / 10"),
        EncodingField("leader", 3, 3, "the leader of 3, one-hot"),
        EncodingField("extra", 6, 2, "two more"),
    )
    assert vector.size == 8 and vector.starts["leader"] == 3


def test_a_field_of_size_zero_is_left_out_of_that_config() -> None:
    assert [f.name for f in toy().lay_out(1).fields] == ["scores", "leader"]


def test_a_field_is_declared_once() -> None:
    fields = toy()
    with pytest.raises(ValueError, match="'leader' is declared twice"):
        fields.add("leader", 1, "again", lambda s, c, i: None)


def test_encode_runs_the_writers_in_order_each_from_its_own_start() -> None:
    vector = toy().lay_out(3)
    assert vector.encode([0, 5, 2], Entries()) == ([1, 2, 4], [0.5, 0.2, 1.0])


def test_checking_gives_the_same_entries_and_counts_the_fields_written() -> None:
    vector = toy().lay_out(3)
    with checking() as counts:
        assert vector.encode([0, 5, 2], Entries()) == ([1, 2, 4], [0.5, 0.2, 1.0])
        vector.encode([0, 0, 0], Entries())
    assert counts == {"scores": 1, "leader": 2}
    assert vector.encode([1, 0, 0], Entries()) == ([0, 3], [0.1, 1.0])
    assert counts == {"scores": 1, "leader": 2}


def outside(state: list[int], c: Entries, start: int) -> None:
    c.indices.append(start + 2)
    c.values.append(1.0)


def backwards(state: list[int], c: Entries, start: int) -> None:
    c.indices += [start + 1, start]
    c.values += [1.0, 1.0]


def zero(state: list[int], c: Entries, start: int) -> None:
    c.indices.append(start)
    c.values.append(0.0)


def unpaired(state: list[int], c: Entries, start: int) -> None:
    c.indices.append(start)


def above_one(state: list[int], c: Entries, start: int) -> None:
    c.indices.append(start)
    c.values.append(1.5)


def negative(state: list[int], c: Entries, start: int) -> None:
    c.indices.append(start)
    c.values.append(-0.5)


@pytest.mark.parametrize(
    ("writer", "message"),
    [
        (outside, r"'extra' \(entries 6-7\) wrote entry 8"),
        (backwards, r"'extra' wrote 1.0 at entry 6 after 7"),
        (zero, r"'extra' wrote 0.0 at entry 6"),
        (unpaired, r"'extra' wrote indices and values of unequal number"),
        (above_one, r"'extra' wrote 1.5 at entry 6, not in \(0, 1\]"),
        (negative, r"'extra' wrote -0.5 at entry 6, not in \(0, 1\]"),
    ],
)
def test_checking_refuses_a_writer_that_strays_from_its_field(
    writer: Writer[list[int], Entries], message: str
) -> None:
    vector = toy(writer).lay_out(3)
    vector.encode([1, 0, 0], Entries())  # unchecked: nothing looks
    with checking(), pytest.raises(ValueError, match=message):
        vector.encode([1, 0, 0], Entries())


def test_saturate_maps_any_count_into_the_unit_interval_in_order() -> None:
    """A count the game does not bound reads 1/2 at its half, grows with it, never reaches 1."""
    assert saturate(0, 10) == 0
    assert saturate(10, 10) == 0.5
    assert saturate(20, 10) == pytest.approx(2 / 3)
    values = [saturate(n, 3) for n in range(1000)]
    assert values == sorted(values) and values[-1] < 1
