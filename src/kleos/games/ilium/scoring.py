"""Donation (§7) and scoring (§8): majorities by token count, sets by artifacts, the winners."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from kleos.core.protocol import Outcome
from kleos.games.ilium.board import TYPES, TokenCode, token_text

MAJORITY_POINTS = 10
SHARED_MAJORITY_POINTS = 5
SET_POINTS = 10


def donate(hoard: Sequence[TokenCode], historian: int) -> tuple[list[TokenCode], TokenCode | None]:
    """The hoard after giving up the highest token of the Historian's type, and that token."""
    kept = list(hoard)
    mine = [code for code in kept if code & 7 == historian]
    if not mine:
        return kept, None
    donated = max(mine)
    kept.remove(donated)
    return kept, donated


def score(hoards: Sequence[Sequence[TokenCode]], historians: Sequence[int]) -> Outcome:
    """Apply the donations, score majorities and sets, and find the winners (§8.3)."""
    n = len(hoards)
    kept: list[list[TokenCode]] = []
    donated: list[TokenCode | None] = []
    for p in range(n):
        k, d = donate(hoards[p], historians[p])
        kept.append(k)
        donated.append(d)
    counts = [[0] * len(TYPES) for _ in range(n)]
    artifacts = [[0] * len(TYPES) for _ in range(n)]
    for p in range(n):
        for code in kept[p]:
            counts[p][code & 7] += 1
            artifacts[p][code & 7] += code >> 3
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
    return Outcome(scores=tuple(totals), winners=winners, breakdown=tuple(breakdown))
