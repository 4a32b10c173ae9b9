"""Seeded randomness: the same seed gives the same stream, everywhere and forever."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kleos.core import rng as kleos_rng
from kleos.core.rng import SEED_BITS, derive_seed, make_rng, new_seed

SEEDS = st.integers(min_value=0, max_value=2**SEED_BITS - 1)
LABELS = st.lists(st.one_of(st.integers(), st.text(alphabet="abcdefgh", max_size=5)), max_size=3)


def test_streams_are_pinned() -> None:
    """These values are part of every stored game: changing them breaks old records."""
    assert make_rng(7).random() == 0.32383276483316237
    assert make_rng(7).getrandbits(32) == 1390851128
    assert derive_seed(7, "seat", 1) == 1810616951899395867
    assert derive_seed(0) == 4958214416864038109


@settings(max_examples=50, deadline=None)
@given(seed=SEEDS)
def test_same_seed_same_stream(seed: int) -> None:
    """Two generators with one seed draw the same numbers; the next seed draws others."""
    a, b, c = make_rng(seed), make_rng(seed), make_rng(seed + 1)
    first = [a.random() for _ in range(5)]
    assert first == [b.random() for _ in range(5)]
    assert first != [c.random() for _ in range(5)]


@settings(max_examples=50, deadline=None)
@given(seed=SEEDS, labels=LABELS)
def test_derived_seeds_are_stable_seeds(seed: int, labels: list[int | str]) -> None:
    """A derived seed is a valid seed and a function of the seed and the labels."""
    child = derive_seed(seed, *labels)
    assert 0 <= child < 2**SEED_BITS
    assert child == derive_seed(seed, *labels)


def test_derived_seeds_separate_their_streams() -> None:
    """Different labels, label orders or parents give different children."""
    children = {
        derive_seed(1, "seat", 0),
        derive_seed(1, "seat", 1),
        derive_seed(1, 1, "seat"),
        derive_seed(2, "seat", 0),
        derive_seed(1, "game", 0),
        derive_seed(1),
    }
    assert len(children) == 6


def test_new_seeds_are_fresh_valid_seeds() -> None:
    """Seeds from the system are in range and do not repeat."""
    seeds = [new_seed() for _ in range(20)]
    assert all(isinstance(s, int) and 0 <= s < 2**SEED_BITS for s in seeds)
    assert len(set(seeds)) == len(seeds)


@settings(max_examples=60, deadline=None)
@given(seed=SEEDS, size=st.integers(min_value=1, max_value=300))
def test_below_choice_and_shuffle_draw_what_the_standard_library_draws(
    seed: int, size: int
) -> None:
    """The engine's draws equal `randrange`, `choice` and `shuffle` on the same generator, and
    leave it in the same state: games and records do not depend on which one ran."""
    ours, theirs = make_rng(seed), make_rng(seed)
    items = list(range(size))
    assert kleos_rng.below(ours, size) == theirs.randrange(size)
    assert kleos_rng.choice(ours, items) == theirs.choice(items)
    mine, yours = items[:], items[:]
    kleos_rng.shuffle(ours, mine)
    theirs.shuffle(yours)
    assert mine == yours and ours.getstate() == theirs.getstate()


def test_a_subclass_of_random_draws_its_own_way() -> None:
    """A generator whose class replaces how it draws is asked to draw itself."""

    class Fixed(random.Random):
        def randrange(self, *args: object, **kwargs: object) -> int:  # type: ignore[override]
            return 0

    assert kleos_rng.below(Fixed(1), 10) == 0
    assert kleos_rng.choice(Fixed(1), "abc") == "a"


def test_choice_refuses_an_empty_sequence() -> None:
    with pytest.raises(IndexError, match="empty"):
        kleos_rng.choice(make_rng(1), [])
