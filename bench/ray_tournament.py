"""Tournament throughput on Ray with 1 and 2 workers, and on worker processes for comparison.

    python bench/ray_tournament.py [--game ilium] [--agents heuristic,random,random]
                                   [--games 150] [--seed 2026] [--json]

Each measurement opens its backend first (a local Ray of `jobs` CPUs is started, its workers
made ready, and a few warm-up games played), then times one tournament of `--games` games on the
same seed: the figure is games per second of that tournament, the backend's start-up excluded.
Processes with 1 job play in this process (no worker). The four tournaments' results are checked
to be identical. The aim is a ratio of at least 1.7 for 2 Ray workers against 1; on a machine
whose 2 cores are busy with other work it may fall short.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from kleos.runner.backends import Backend, ProcessBackend, RayBackend
from kleos.runner.tournament import run_tournament
from kleos.session import Setup


def without_timings(data: dict[str, Any]) -> dict[str, Any]:
    """A tournament's JSON without its wall-clock figures."""
    data = dict(data, timing=None)
    data["games_detail"] = [dict(game, seconds=None) for game in data["games_detail"]]
    return data


def measure(backend: Backend, args: argparse.Namespace) -> tuple[float, dict[str, Any]]:
    """Games/s of one tournament on an opened, warmed-up backend; and its results."""
    setup = Setup.check(args.game, seats=args.agents.split(","))
    run_tournament(setup, 2 * setup.players * backend.jobs, args.seed + 1, backend=backend)
    tournament = run_tournament(setup, args.games, args.seed, backend=backend)
    return tournament.games_per_s, without_timings(tournament.to_json())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="ilium")
    parser.add_argument("--agents", default="heuristic,random,random")
    parser.add_argument("--games", type=int, default=150)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    figures: dict[str, dict[int, float]] = {"processes": {}, "ray": {}}
    results = []
    # Processes first: in a process that has not run Ray (whose threads stay) they fork.
    for name, make in (("processes", ProcessBackend), ("ray", RayBackend)):
        for jobs in (1, 2):
            with make(jobs) as backend:
                rate, result = measure(backend, args)
            figures[name][jobs] = rate
            results.append(result)
    assert all(result == results[0] for result in results), "the backends disagree"
    ratios = {name: rates[2] / rates[1] for name, rates in figures.items()}
    if args.json:
        print(json.dumps({"args": vars(args), "games_per_s": figures, "ratio": ratios}, indent=2))
        return
    print(f"{args.game} · {args.agents} · {args.games} games · seed {args.seed}")
    for name, rates in figures.items():
        print(
            f"{name:10} 1 worker {rates[1]:8.1f} games/s · 2 workers {rates[2]:8.1f} games/s · "
            f"ratio {ratios[name]:.2f}×"
        )
    verdict = "met" if ratios["ray"] >= 1.7 else "NOT met"
    print(f"Ray 2 workers against 1: {ratios['ray']:.2f}× (aim 1.7×: {verdict}); results identical")


if __name__ == "__main__":
    main()
