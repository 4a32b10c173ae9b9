"""Simulations are the tournament scheduler without rotations: the same deals, any backend."""

from __future__ import annotations

from pathlib import Path

from kleos.core.records import read_record
from kleos.runner.simulate import simulate
from kleos.runner.tournament import agent_seed, deal_seed, schedule
from kleos.session import Setup


def test_a_simulation_plays_the_tournament_deals_once_each_with_fixed_seats(
    tmp_path: Path,
) -> None:
    """Game i is deal i of a tournament with the same seed; every seat keeps its agent."""
    setup = Setup.check("ilium", seats=["heuristic", "random"])
    summary = simulate(setup, 3, 11, records_dir=tmp_path)
    assert summary.games == 3 and sum(summary.wins) == 3
    for deal, path in enumerate(summary.record_paths):
        record = read_record(path)
        assert record.config["seed"] == deal_seed(11, deal)
        assert list(record.seats) == ["heuristic", "random"]
    tasks = schedule(setup, 3, 11, rotate=False)
    assert [t.agent_seeds for t in tasks] == [
        (agent_seed(11, d, 0), agent_seed(11, d, 1)) for d in range(3)
    ]


def test_a_simulation_is_the_same_with_any_number_of_jobs() -> None:
    """The results depend on the seed alone, not on how many workers play the games."""
    setup = Setup.check("elysium", seats=["random", "random"], options={"families": "recommended"})
    one, two = simulate(setup, 4, 5, jobs=1), simulate(setup, 4, 5, jobs=2)
    assert (one.wins, one.score_totals, one.steps) == (two.wins, two.score_totals, two.steps)
    assert one.end_reasons == two.end_reasons
