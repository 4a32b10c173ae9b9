"""Donation and scoring (docs/ilium.md §7, §8): majorities by token count, sets by artifacts,
the winners."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from kleos.core.protocol import Outcome
from kleos.core.words import tiebreak_words
from kleos.games.ilium.board import TYPE_OF, TYPES, VALUE_OF, TokenCode, token_text

MAJORITY_POINTS: Final = 10
SHARED_MAJORITY_POINTS: Final = 5
SET_POINTS: Final = 10


def donation(hoard: Sequence[TokenCode], historian: int) -> TokenCode | None:
    """The token a hoard gives up to its Historian: the highest of the Historian's type, if
    any (docs/ilium.md §7)."""
    return max((code for code in hoard if TYPE_OF[code] == historian), default=None)


def donate(hoard: Sequence[TokenCode], historian: int) -> tuple[list[TokenCode], TokenCode | None]:
    """The hoard after giving up the highest token of the Historian's type, and that token."""
    kept = list(hoard)
    donated = donation(kept, historian)
    if donated is not None:
        kept.remove(donated)
    return kept, donated


def highest(hoard: Sequence[TokenCode]) -> list[int]:
    """Per type, the value of the token a Historian of that type would take (0: none)."""
    tops = [0] * len(TYPES)
    for code in hoard:
        t = TYPE_OF[code]
        value = VALUE_OF[code]
        if value > tops[t]:
            tops[t] = value
    return tops


def tally(hoard: Sequence[TokenCode]) -> tuple[list[int], list[int]]:
    """Per type, a hoard's tokens (for the majorities) and artifacts (for the sets): docs/ilium.md
    §8.1, §8.2."""
    counts = [0] * len(TYPES)
    artifacts = [0] * len(TYPES)
    for code in hoard:
        t = TYPE_OF[code]
        counts[t] += 1
        artifacts[t] += VALUE_OF[code]
    return counts, artifacts


def score(
    hoards: Sequence[Sequence[TokenCode]], historians: Sequence[int], names: Sequence[str]
) -> Outcome:
    """Apply the donations, score majorities and sets, and find the winners (docs/ilium.md §8.3);
    the tie-break is told with the seats' `names`."""
    n = len(hoards)
    kept: list[list[TokenCode]] = []
    donated: list[TokenCode | None] = []
    for p in range(n):
        k, d = donate(hoards[p], historians[p])
        kept.append(k)
        donated.append(d)
    tallies = [tally(hoard) for hoard in kept]
    counts = [c for c, _ in tallies]
    artifacts = [a for _, a in tallies]
    majority = [[0] * len(TYPES) for _ in range(n)]
    for t in range(len(TYPES)):
        most = max(counts[p][t] for p in range(n))
        if most == 0:
            continue
        leaders = [p for p in range(n) if counts[p][t] == most]
        points = MAJORITY_POINTS if len(leaders) == 1 else SHARED_MAJORITY_POINTS
        for p in leaders:
            majority[p][t] = points
    totals, artifact_sums, breakdown = [], [], []
    for p in range(n):
        sets = min(artifacts[p])
        total = sum(majority[p]) + SET_POINTS * sets
        totals.append(total)
        artifact_sums.append(sum(artifacts[p]))
        gift = donated[p]
        part: dict[str, Any] = {
            "historian": TYPES[historians[p]],
            "donated": None if gift is None else token_text(gift),
            "tokens": {TYPES[t]: counts[p][t] for t in range(len(TYPES))},
            "artifacts_by_type": {TYPES[t]: artifacts[p][t] for t in range(len(TYPES))},
            "majorities": {TYPES[t]: majority[p][t] for t in range(len(TYPES))},
            "majority_points": sum(majority[p]),
            "sets": sets,
            "set_points": SET_POINTS * sets,
            "total": total,
            "artifacts": artifact_sums[p],
        }
        breakdown.append(part)
    best = max(totals)
    contenders = [p for p in range(n) if totals[p] == best]
    most_artifacts = max(artifact_sums[p] for p in contenders)
    winners = tuple(p for p in contenders if artifact_sums[p] == most_artifacts)
    return Outcome(
        scores=tuple(totals),
        winners=winners,
        breakdown=tuple(breakdown),
        tiebreak=tiebreak_words(names, totals, "points", winners, "artifacts", artifact_sums),
    )
