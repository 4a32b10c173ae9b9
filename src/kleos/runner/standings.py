"""Tournament standings: win rates with Wilson intervals, mean ranks and openskill ratings."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

Z_95 = 1.959963984540054
"""The standard normal quantile of a two-sided 95% interval."""


@dataclass(frozen=True)
class GameReport:
    """One finished tournament game, small enough to send back from a worker process."""

    deal: int
    rotation: int
    seed: int
    seats: tuple[str, ...]
    """The agent spec of each seat."""
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    returns: tuple[float, ...]
    """1 for a sole winner, 1/k for each of k winners sharing the victory, else 0."""
    steps: int
    seconds: float
    record: str | None
    """The record's file name inside the tournament's records folder."""
    reason: str = ""
    """Why the game ended, in words (`Outcome.reason`)."""

    @property
    def ranks(self) -> tuple[float, ...]:
        """Each seat's place (1 = best), see `ranks`."""
        return ranks(self.scores, self.winners)

    def to_json(self) -> dict[str, Any]:
        """The game as JSON-ready data."""
        return {
            "deal": self.deal,
            "rotation": self.rotation,
            "seed": self.seed,
            "agents": list(self.seats),
            "scores": list(self.scores),
            "winners": list(self.winners),
            "returns": list(self.returns),
            "ranks": list(self.ranks),
            "steps": self.steps,
            "seconds": self.seconds,
            "record": self.record,
            "reason": self.reason,
        }


@dataclass(frozen=True)
class Rating:
    """An openskill rating: skill estimate `mu`, its uncertainty `sigma`."""

    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        """A conservative skill figure, mu - 3 sigma (what openskill sorts leaderboards by)."""
        return self.mu - 3 * self.sigma


@dataclass(frozen=True)
class Standing:
    """How one distinct agent spec did over every seat it played."""

    name: str
    games: int
    wins: float
    ci_low: float
    ci_high: float
    mean_score: float
    mean_rank: float
    rating: Rating

    @property
    def win_rate(self) -> float:
        """Wins per game played (shared wins count 1/k)."""
        return self.wins / self.games if self.games else 0.0

    def to_json(self) -> dict[str, Any]:
        """The standing as JSON-ready data."""
        return {
            "name": self.name,
            "games": self.games,
            "wins": self.wins,
            "win_rate": self.win_rate,
            "ci_low": self.ci_low,
            "ci_high": self.ci_high,
            "mean_score": self.mean_score,
            "mean_rank": self.mean_rank,
            "rating": {
                "mu": self.rating.mu,
                "sigma": self.rating.sigma,
                "ordinal": self.rating.ordinal,
            },
        }


def wilson_interval(wins: float, games: int, z: float = Z_95) -> tuple[float, float]:
    """The Wilson score interval of a win rate; `wins` may be fractional (shared wins)."""
    if games <= 0:
        return 0.0, 1.0
    p = wins / games
    z2 = z * z
    denominator = 1 + z2 / games
    centre = (p + z2 / (2 * games)) / denominator
    half = z * math.sqrt(p * (1 - p) / games + z2 / (4 * games * games)) / denominator
    # Clamped so rounding never puts the observed rate outside its own interval.
    return max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half))


def ranks(scores: Sequence[int], winners: Sequence[int]) -> tuple[float, ...]:
    """Each seat's place, 1 = best: winners first, then by score; ties share the mean place.

    Winners come first even over an equal score, because a tie-break (Ilium's artifacts,
    Elysium's places) may have split players with the same score.
    """
    keys = [(p in winners, score) for p, score in enumerate(scores)]
    return tuple(
        1 + sum(other > key for other in keys) + (sum(other == key for other in keys) - 1) / 2
        for key in keys
    )


def rate(reports: Sequence[GameReport], names: Sequence[str]) -> dict[str, Rating]:
    """Openskill (Plackett-Luce) ratings of each name, updated game by game in order.

    Each game is rated as a free-for-all of one-player teams, one per seat, by `ranks`.
    A spec sitting in several seats of one game enters with its one rating in each of
    them, and moves by the *mean* of those seats' updates (mu, and sigma as variance):
    its games against itself then carry no net information about it, as they should,
    and a game never counts as more than one observation of a spec.
    """
    # Imported here so that starting `kleos` for other commands does not pay for it.
    from openskill.models import PlackettLuce  # noqa: PLC0415

    model = PlackettLuce()
    ratings = {name: Rating(model.mu, model.sigma) for name in names}
    for report in reports:
        teams = [
            [model.rating(mu=ratings[spec].mu, sigma=ratings[spec].sigma)] for spec in report.seats
        ]
        rated = model.rate(teams, ranks=list(report.ranks))
        for spec in set(report.seats):
            seats = [p for p, seat in enumerate(report.seats) if seat == spec]
            mu = sum(rated[p][0].mu for p in seats) / len(seats)
            variance = sum(rated[p][0].sigma ** 2 for p in seats) / len(seats)
            ratings[spec] = Rating(mu, math.sqrt(variance))
    return ratings


def standings(reports: Sequence[GameReport], names: Sequence[str]) -> list[Standing]:
    """One standing per name (in the given order), counting every seat it played."""
    ratings = rate(reports, names)
    table = []
    for name in names:
        games = 0
        wins = score = rank = 0.0
        for report in reports:
            places = report.ranks
            for p, spec in enumerate(report.seats):
                if spec == name:
                    games += 1
                    wins += report.returns[p]
                    score += report.scores[p]
                    rank += places[p]
        low, high = wilson_interval(wins, games)
        table.append(
            Standing(
                name=name,
                games=games,
                wins=wins,
                ci_low=low,
                ci_high=high,
                mean_score=score / games if games else 0.0,
                mean_rank=rank / games if games else 0.0,
                rating=ratings[name],
            )
        )
    return table
