"""How good the analysis chart's win chances are: rollouts against the learned evaluation.

    python bench/chances.py [--game ilium] [--players 3] [--games 60] [--agents heuristic,...]
                            [--samples 32] [--jobs 2] [--seed 2026]

Plays `--games` games (seats rotated, fresh deals: none of them was trained on) and judges
every position of each, as `kleos analyze` and the browser's chart do
(`kleos.runner.analysis.win_chances`), twice: by `--samples` guided rollouts from a
spectator's view (the chart without a model) and by the learned model (the shipped `default`,
or one on `KLEOS_WEIGHTS_PATH`). Each estimate is scored against the game's real result: the
Brier score (the squared error of the seats' chances, summed over the seats; lower is better)
and the log loss of the eventual winner's chance, over each third of the game and in all, and
the seconds an analysis of one game takes. A sharper estimate has a lower Brier score; an
estimate that knows nothing (1/players each) scores (players - 1) / players.
"""

from __future__ import annotations

import argparse
import math
import statistics
import tempfile
import time
from pathlib import Path

from kleos.agents.value import find_model
from kleos.core.records import read_record
from kleos.runner.analysis import win_chances
from kleos.runner.tournament import run_tournament
from kleos.session import Setup

THIRDS = ("opening", "middle", "end")


def scores(
    chances: list[tuple[float, ...]], result: tuple[float, ...]
) -> list[tuple[float, float]]:
    """Each position's Brier score and log loss of the winners' chance (final excluded)."""
    out = []
    for estimate in chances[:-1]:
        brier = sum((c - r) ** 2 for c, r in zip(estimate, result, strict=True))
        winner = sum(c * r for c, r in zip(estimate, result, strict=True))
        out.append((brier, -math.log(max(winner, 1e-3))))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="ilium")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--agents", default=None, help="line-up (default: heuristic seats)")
    parser.add_argument("--samples", type=int, default=32)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    seats = args.agents.split(",") if args.agents else ["heuristic"] * args.players
    setup = Setup.check(args.game, players=args.players, seats=seats)
    if find_model(setup.game(0)) is None:
        raise SystemExit(f"no learned model for {args.game} with {args.players} players")
    with tempfile.TemporaryDirectory() as folder:
        records = Path(folder)
        run_tournament(setup, args.games, args.seed, jobs=args.jobs, records_dir=records)
        paths = sorted(records.glob("*.json*"))
        judged: dict[str, list[list[tuple[float, float]]]] = {"rollouts": [], "learned": []}
        seconds: dict[str, list[float]] = {"rollouts": [], "learned": []}
        for path in paths:
            record = read_record(path)
            for learned in (False, True):
                start = time.perf_counter()
                by, chances = win_chances(record, args.samples, args.seed, learned=learned)
                seconds[by].append(time.perf_counter() - start)
                judged[by].append(scores(chances, chances[-1]))
    print(
        f"{setup.game(0).title} · {args.players} players · {len(paths)} games by "
        f"{','.join(seats)} · rollouts: {args.samples} a position · knowing nothing: Brier "
        f"{(args.players - 1) / args.players:.3f}, log loss {math.log(args.players):.3f}"
    )
    print(f"{'judged by':<10} {'part':<8} {'positions':>9} {'Brier':>7} {'log loss':>9}")
    for by, games in judged.items():
        for part, name in enumerate((*THIRDS, "all")):
            rows = [
                row
                for game in games
                for index, row in enumerate(game)
                if name == "all" or index * 3 // len(game) == part
            ]
            brier = statistics.fmean(r[0] for r in rows)
            loss = statistics.fmean(r[1] for r in rows)
            print(f"{by:<10} {name:<8} {len(rows):>9} {brier:>7.3f} {loss:>9.3f}")
        print(f"{by:<10} seconds per game analysed: {statistics.median(seconds[by]):.3f} (median)")


if __name__ == "__main__":
    main()
