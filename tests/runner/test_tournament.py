"""Tournaments: the seat rotations, shared deals, determinism for any --jobs, and the statistics."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from openskill.models import PlackettLuce

import kleos
from kleos.agents import AGENTS
from kleos.agents.base import Agent, Observation
from kleos.core.protocol import Action
from kleos.runner import backends
from kleos.runner.standings import GameReport, ranks, standings, wilson_interval
from kleos.runner.tournament import (
    agent_seed,
    deal_seed,
    rounded_games,
    run_tournament,
    schedule,
)
from kleos.session import Setup, canonical_spec


class FirstAgent(Agent):
    """Always the first legal action: a second, distinct agent for in-process tests."""

    spec = "first"
    options = {"patience": int}  # noqa: RUF012

    def choose(self, observation: Observation) -> Action:
        return observation.legal_actions[0]


@pytest.fixture
def first_agent(monkeypatch: pytest.MonkeyPatch) -> None:
    """Register `FirstAgent` (in this process only, so use it with jobs=1)."""
    monkeypatch.setitem(AGENTS, "first", FirstAgent)


def report(seats: tuple[str, ...], scores: tuple[int, ...], winners: tuple[int, ...]) -> GameReport:
    """A hand-made game result."""
    share = 1 / len(winners)
    returns = tuple(share if p in winners else 0.0 for p in range(len(seats)))
    return GameReport(0, 0, 0, seats, scores, winners, returns, 0, 0.0, None)


def without_timings(data: dict[str, Any]) -> dict[str, Any]:
    """A tournament's JSON without the wall-clock figures, which vary from run to run."""
    data = dict(data, timing=None)
    data["games_detail"] = [dict(game, seconds=None) for game in data["games_detail"]]
    return data


def test_every_agent_sits_in_every_seat_once_per_deal() -> None:
    lineup = ("a", "b", "c")
    tasks = schedule(Setup("ilium", (), (), lineup), 9, seed=4)
    assert [(t.deal, t.rotation) for t in tasks] == [(d, r) for d in range(3) for r in range(3)]
    for deal in range(3):
        rotations = [t for t in tasks if t.deal == deal]
        assert {t.seed for t in rotations} == {deal_seed(4, deal)}
        for k, spec in enumerate(lineup):
            seats = [t.seats.index(spec) for t in rotations]
            assert sorted(seats) == [0, 1, 2]
            for task, seat in zip(rotations, seats, strict=True):
                assert task.agent_seeds[seat] == agent_seed(4, deal, k)
    seat_counts = Counter((t.seats[p], p) for t in tasks for p in range(3))
    assert set(seat_counts.values()) == {3} and len(seat_counts) == 9
    assert tasks[0].seats == lineup and tasks[1].seats == ("c", "a", "b")


def test_deals_differ_and_a_repeated_agent_does_not_replay_one_game() -> None:
    tasks = schedule(Setup.check("ilium", seats=("random",) * 3), 6, seed=4)
    assert len({t.seed for t in tasks}) == 2
    assert len({t.agent_seeds for t in tasks}) == 6


def test_games_are_rounded_up_to_whole_deals() -> None:
    assert [rounded_games(n, 3) for n in (1, 3, 10, 12)] == [3, 3, 12, 12]
    assert len(schedule(Setup("ilium", (), (), ("a", "b", "c")), 10, seed=0)) == 12


def test_canonical_spec_expands_levels_and_sorts_options() -> None:
    assert canonical_spec(" easy ") == "heuristic"
    assert canonical_spec("Random") == "random"


@pytest.mark.parametrize(
    ("wins", "games", "low", "high"),
    [
        (0, 10, 0.0, 0.27753),
        (5, 10, 0.23659, 0.76341),
        (10, 10, 0.72247, 1.0),
        (2.5, 10, 0.08095, 0.55782),  # shared wins: 5 games won alone by half
        (30, 100, 0.21895, 0.39585),
    ],
)
def test_wilson_interval_matches_known_values(
    wins: float, games: int, low: float, high: float
) -> None:
    assert wilson_interval(wins, games) == pytest.approx((low, high), abs=5e-5)


def test_ranks_put_winners_first_and_share_tied_places() -> None:
    assert ranks((10, 10, 5), (0, 1)) == (1.5, 1.5, 3.0)
    assert ranks((10, 10, 5), (1,)) == (2.0, 1.0, 3.0)  # a tie-break split the score tie
    assert ranks((7, 3, 3, 9), (3,)) == (2.0, 3.5, 3.5, 1.0)


def test_standings_count_every_seat_with_shared_wins_and_tied_ranks() -> None:
    games = [
        report(("a", "a", "b"), (10, 10, 4), (0, 1)),
        report(("b", "a", "a"), (8, 6, 6), (0,)),
    ]
    a, b = standings(games, ["a", "b"])
    assert (a.name, a.games, a.wins, b.games, b.wins) == ("a", 4, 1.0, 2, 1.0)
    assert a.mean_score == pytest.approx(32 / 4) and b.mean_score == pytest.approx(6)
    assert a.mean_rank == pytest.approx((1.5 + 1.5 + 2.5 + 2.5) / 4)
    assert b.mean_rank == pytest.approx(2)
    assert (a.ci_low, a.ci_high) == wilson_interval(1.0, 4)
    assert a.win_rate == 0.25 and b.win_rate == 0.5
    assert a.rating.ordinal == pytest.approx(a.rating.mu - 3 * a.rating.sigma)


def test_ratings_favour_the_winner_and_self_play_moves_no_mu() -> None:
    games = [report(("a", "b", "c"), (9, 5, 1), (0,)) for _ in range(10)]
    a, b, c = standings(games, ["a", "b", "c"])
    assert a.rating.mu > b.rating.mu > c.rating.mu
    assert a.rating.sigma < 25 / 3
    [alone] = standings([report(("x", "x", "x"), (9, 5, 1), (0,))] * 5, ["x"])
    assert alone.rating.mu == pytest.approx(25.0)


def test_a_spec_in_two_seats_moves_by_the_mean_of_its_seats() -> None:
    model = PlackettLuce()
    game = report(("a", "a", "b"), (9, 1, 5), (0,))
    rated = model.rate([[model.rating()] for _ in range(3)], ranks=list(game.ranks))
    a, b = standings([game], ["a", "b"])
    assert a.rating.mu == pytest.approx((rated[0][0].mu + rated[1][0].mu) / 2)
    assert a.rating.sigma == pytest.approx(
        ((rated[0][0].sigma ** 2 + rated[1][0].sigma ** 2) / 2) ** 0.5
    )
    assert b.rating.mu == pytest.approx(rated[2][0].mu)


@pytest.mark.parametrize("fork", [True, False], ids=["fork-if-safe", "forkserver"])
def test_same_seed_same_results_for_any_number_of_jobs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fork: bool
) -> None:
    if not fork:
        monkeypatch.setattr(backends, "_is_single_threaded", lambda: False)
    lineup = ["random", "random", "random"]
    one = run_tournament(
        Setup.check("ilium", seats=lineup), 12, 21, jobs=1, records_dir=tmp_path / "a"
    )
    two = run_tournament(
        Setup.check("ilium", seats=lineup), 12, 21, jobs=2, records_dir=tmp_path / "b"
    )
    assert without_timings(one.to_json(tmp_path / "a")) == without_timings(
        two.to_json(tmp_path / "b")
    )
    for path in sorted((tmp_path / "a").iterdir()):
        assert (tmp_path / "b" / path.name).read_text() == path.read_text()
    other = run_tournament(Setup.check("ilium", seats=lineup), 12, 22)
    assert [r.scores for r in other.reports] != [r.scores for r in one.reports]


def test_records_replay_to_the_reported_results_on_shared_deals(tmp_path: Path) -> None:
    result = run_tournament(
        Setup.check("elysium", seats=["random"] * 2), 4, 8, records_dir=tmp_path
    )
    assert result.games == 4 and result.deals == 2
    for game in result.reports:
        assert game.record is not None
        verified = kleos.replay(tmp_path / game.record)
        assert verified.game.config.seed == deal_seed(8, game.deal)
        assert verified.state.outcome().scores == game.scores
        assert kleos.read_record(tmp_path / game.record).seats == game.seats
    [standing] = result.table
    assert standing.games == 8 and standing.wins == pytest.approx(4)


@pytest.mark.usefixtures("first_agent")
def test_distinct_specs_get_one_standing_each_in_lineup_order() -> None:
    result = run_tournament(
        Setup.check("ilium", seats=["random", "first:patience=2", "random"]), 5, 3
    )
    assert result.games == 6 and result.requested == 5
    assert result.lineup == ("random", "first:patience=2", "random")
    assert [(s.name, s.games) for s in result.table] == [("random", 12), ("first:patience=2", 6)]
    assert sum(s.wins for s in result.table) == pytest.approx(6)
    for game in result.reports:
        assert Counter(game.seats) == {"random": 2, "first:patience=2": 1}
        assert game.seats.index("first:patience=2") == (1 + game.rotation) % 3


@pytest.mark.parametrize(
    ("lineup", "games", "jobs", "message"),
    [
        (["random", "robot"], 2, 1, "unknown agent 'robot'"),
        (["random", "random:depth=2"], 2, 1, "agent 'random' has no option 'depth'"),
        (["random"] * 5, 5, 1, "Ilium is for 2 to 4 players, not 5"),
        (["random"] * 2, 0, 1, "the number of games must be at least 1"),
        (["random"] * 2, 2, 0, "the number of jobs must be at least 1"),
    ],
)
def test_bad_tournaments_are_refused(
    lineup: list[str], games: int, jobs: int, message: str
) -> None:
    with pytest.raises(kleos.ConfigError, match=message):
        run_tournament(Setup.check("ilium", seats=lineup), games, 0, jobs=jobs)
