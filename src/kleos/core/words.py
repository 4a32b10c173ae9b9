"""Sentences every game says the same way: a list of names in words, and how a tie on the top
score was broken."""

from __future__ import annotations

from collections.abc import Sequence


def join_words(words: Sequence[str]) -> str:
    """Words as a list in words ("Red, Yellow and Green")."""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def tiebreak_words(
    names: Sequence[str],
    scores: Sequence[int],
    unit: str,
    winners: Sequence[int],
    what: str,
    figures: Sequence[int],
) -> str:
    """How a tie on the top score (in `unit`, "points") was broken by the most `what`
    ("artifacts"), with each tied player's figure: "Red and Green tie on 40 points; Red wins
    with the most artifacts (Red 31, Green 27)."; '' when nobody tied for the top."""
    best = max(scores)
    tied = [p for p in range(len(scores)) if scores[p] == best]
    if len(tied) < 2:
        return ""
    ranked = sorted(tied, key=lambda p: (-figures[p], p))
    told = ", ".join(f"{names[p]} {figures[p]}" for p in ranked)
    start = f"{join_words([names[p] for p in tied])} tie on {best} {unit}"
    if len(winners) == len(tied):
        return f"{start} and on {what} ({figures[tied[0]]} each), and share the victory."
    if len(winners) == 1:
        return f"{start}; {names[winners[0]]} wins with the most {what} ({told})."
    return (
        f"{start}; {join_words([names[p] for p in winners])} have the most {what} ({told}) "
        "and share the victory."
    )
