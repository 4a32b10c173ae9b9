"""Observation encodings declared field by field: each field once, with its size, doc and writer.

A game declares its fields in order on a `Fields`, each with its name, its size and its doc for a
config (from the config's cached tables), and its writer: a function that appends the field's
non-zero entries, ascending, given the state, the context of one `encode` call (the entries so
far, the viewer, the config's tables) and the field's first index. `Fields.lay_out(tables)` lays
the fields of one config end to end (`VectorLayout`: the `EncodingField`s, starts, total size)
and `VectorLayout.encode` is the loop over the writers. Nothing keeps the two in step by hand,
so a field cannot be declared and never written, nor written at another field's offset by name.

Every entry lies in [0, 1] (so an observation space can declare it): a field scales a count by
a bound the game fixes, or, for a count the game does not bound, `saturate`s it.

`encode` does not check its writers (it is on the research path) unless a `checking()` block is
open: then it runs them one at a time, refuses an entry outside its own field, out of order,
zero or outside (0, 1], and counts the fields written, so that a test over many states shows
that no writer writes outside its field or its range and that every field is written.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Generic, NamedTuple, Protocol, TypeVar


def saturate(count: float, half: float) -> float:
    """A count the game does not bound (gold, VP, a power's amount), in [0, 1):
    `count / (count + half)`, 1/2 at `half` and 2/3 at twice it, so that more reads more and no
    entry reaches 1."""
    return count / (count + half)


class EncodingField(NamedTuple):
    """One field of a game's observation encoding: entries `start … start + size - 1`."""

    name: str
    start: int
    size: int
    doc: str


def lay_out(fields: Iterable[tuple[str, int, str]]) -> list[EncodingField]:
    """Encoding fields given as (name, size, doc), laid end to end from entry 0."""
    laid: list[EncodingField] = []
    start = 0
    for name, size, doc in fields:
        laid.append(EncodingField(name, start, size, doc))
        start += size
    return laid


class Entries(Protocol):
    """What the writers of one `encode` call append to: the non-zero entries so far (indices
    ascending, values). A game's context holds them with what its writers share (the viewer,
    the config's tables)."""

    indices: list[int]
    values: list[float]


TablesT = TypeVar("TablesT")
StateT = TypeVar("StateT")
EntriesT = TypeVar("EntriesT", bound=Entries)
Writer = Callable[[StateT, EntriesT, int], None]
"""Appends one field's entries (state, context, the field's first index), ascending, inside
the field: `start + offset` with `0 <= offset < size`."""


@dataclass(frozen=True)
class Field(Generic[TablesT, StateT, EntriesT]):
    """One declared field: its name, its size and doc for a config's tables, and its writer."""

    name: str
    size: int | Callable[[TablesT], int]
    """The number of entries; 0 leaves the field out of that config's layout."""
    doc: str | Callable[[TablesT], str]
    write: Writer[StateT, EntriesT]


class Fields(Generic[TablesT, StateT, EntriesT]):
    """A game's encoding fields in vector order, each declared once."""

    def __init__(self) -> None:
        self.declared: list[Field[TablesT, StateT, EntriesT]] = []

    def add(
        self,
        name: str,
        size: int | Callable[[TablesT], int],
        doc: str | Callable[[TablesT], str],
        write: Writer[StateT, EntriesT],
    ) -> None:
        """Declare the next field."""
        if any(f.name == name for f in self.declared):
            raise ValueError(f"encoding field {name!r} is declared twice")
        self.declared.append(Field(name, size, doc, write))

    def field(
        self,
        name: str,
        size: int | Callable[[TablesT], int],
        doc: str | Callable[[TablesT], str],
    ) -> Callable[[Writer[StateT, EntriesT]], Writer[StateT, EntriesT]]:
        """Declare the next field, written by the decorated function."""

        def declare(write: Writer[StateT, EntriesT]) -> Writer[StateT, EntriesT]:
            self.add(name, size, doc, write)
            return write

        return declare

    def lay_out(self, tables: TablesT) -> VectorLayout[StateT, EntriesT]:
        """The layout of one config: its fields end to end from entry 0, with their writers."""
        laid: list[tuple[EncodingField, Writer[StateT, EntriesT]]] = []
        start = 0
        for f in self.declared:
            size = f.size if isinstance(f.size, int) else f.size(tables)
            if size:
                doc = f.doc if isinstance(f.doc, str) else f.doc(tables)
                laid.append((EncodingField(f.name, start, size, doc), f.write))
                start += size
        return VectorLayout(laid)


TableT = TypeVar("TableT")


class AtStart(dict[int, TableT]):
    """A writer's table of vector indices for the start it is given, built on first use
    (`tables[start]`), so that a writer looks its entries up rather than adding its start to
    each one."""

    def __init__(self, build: Callable[[int], TableT]) -> None:
        super().__init__()
        self.build = build

    def __missing__(self, start: int) -> TableT:
        table = self[start] = self.build(start)
        return table


class VectorLayout(Generic[StateT, EntriesT]):
    """One config's vector: its fields (`EncodingField`s), size, and the writers that fill it."""

    __slots__ = ("fields", "size", "starts", "writers")

    def __init__(self, laid: list[tuple[EncodingField, Writer[StateT, EntriesT]]]) -> None:
        self.fields = tuple(f for f, _ in laid)
        self.size = sum(f.size for f in self.fields)
        self.starts = {f.name: f.start for f in self.fields}
        """Each field's first index, by name (for tests and readers; writers are given it)."""
        self.writers = tuple((write, f.start) for f, write in laid)

    def encode(self, state: StateT, entries: EntriesT) -> tuple[list[int], list[float]]:
        """The non-zero entries (indices ascending, values) the writers give for a state."""
        if _COUNTS:
            self._check(state, entries)
        else:
            for write, start in self.writers:
                write(state, entries, start)
        return entries.indices, entries.values

    def _check(self, state: StateT, entries: EntriesT) -> None:
        """Run the writers one at a time, refusing an entry outside its field, out of order,
        without its value, zero or above 1, and count the fields written (`checking`)."""
        last = -1
        for f, (write, start) in zip(self.fields, self.writers, strict=True):
            before = len(entries.indices)
            write(state, entries, start)
            if len(entries.values) != len(entries.indices):
                raise ValueError(f"field {f.name!r} wrote indices and values of unequal number")
            for i, v in zip(entries.indices[before:], entries.values[before:], strict=True):
                if not start <= i < start + f.size:
                    raise ValueError(
                        f"field {f.name!r} (entries {start}-{start + f.size - 1}) wrote entry {i}"
                    )
                if i <= last or not v:
                    raise ValueError(f"field {f.name!r} wrote {v!r} at entry {i} after {last}")
                if not 0 < v <= 1:
                    raise ValueError(f"field {f.name!r} wrote {v!r} at entry {i}, not in (0, 1]")
                last = i
            if len(entries.indices) > before:
                for counts in _COUNTS:
                    counts[f.name] += 1


_COUNTS: list[Counter[str]] = []
"""The counts of the open `checking()` blocks; none: `encode` runs its writers unchecked."""


@contextmanager
def checking() -> Iterator[Counter[str]]:
    """While open, every `VectorLayout.encode` checks each writer's entries (inside its own
    field, ascending, one value in (0, 1] each; ValueError names the field otherwise), and the
    yielded count grows by one for a field each time its writer writes (for tests)."""
    counts: Counter[str] = Counter()
    _COUNTS.append(counts)
    try:
        yield counts
    finally:
        _COUNTS.remove(counts)
