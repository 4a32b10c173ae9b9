"""Seeded randomness: every chance event in Kleos comes from a `random.Random` made here.

`below`, `choice` and `shuffle` draw exactly what `Random.randrange(n)`, `Random.choice` and
`Random.shuffle` draw from the same generator (so games, records and searches are the same
either way); the standard library's are Python code, and these compile with the engine, where
search calls them on every determinization and rollout."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Final, TypeVar

T = TypeVar("T")

SEED_BITS: Final = 63
MAX_SEED: Final = 2**64 - 1
"""Seeds are whole numbers from 0 to 2^64 − 1."""


def new_seed() -> int:
    """A fresh seed from the operating system, for games started without one."""
    return random.SystemRandom().getrandbits(SEED_BITS)


def make_rng(seed: int) -> random.Random:
    """The generator for `seed`; the same seed gives the same stream on every platform."""
    return random.Random(seed)


def derive_seed(seed: int, *labels: int | str) -> int:
    """A child seed for a labelled sub-stream (a game in a series, an agent's seat)."""
    rng = random.Random(f"{seed}/" + "/".join(str(label) for label in labels))
    return rng.getrandbits(SEED_BITS)


def below(rng: random.Random, n: int) -> int:
    """A whole number from 0 to `n` − 1 (`n` ≥ 1): what `rng.randrange(n)` draws."""
    if type(rng) is not random.Random:
        return rng.randrange(n)  # a subclass may draw otherwise: let it
    bits = n.bit_length()
    drawn = rng.getrandbits(bits)
    while drawn >= n:
        drawn = rng.getrandbits(bits)
    return drawn


def choice(rng: random.Random, items: Sequence[T]) -> T:
    """One of `items` (not empty): what `rng.choice(items)` picks."""
    if not items:
        raise IndexError("cannot choose from an empty sequence")
    return items[below(rng, len(items))]


def shuffle(rng: random.Random, items: list[Any]) -> None:
    """Shuffle `items` in place into the order `rng.shuffle(items)` gives."""
    for i in range(len(items) - 1, 0, -1):
        j = below(rng, i + 1)
        items[i], items[j] = items[j], items[i]
