"""Seeded randomness: every chance event in Kleos comes from a `random.Random` made here."""

from __future__ import annotations

import random

SEED_BITS = 63
MAX_SEED = 2**64 - 1
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
