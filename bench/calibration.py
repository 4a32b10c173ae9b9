"""How well a learned model's value is calibrated: predicted against actual win share.

    python bench/calibration.py [--game elysium] [--players 3] [--weights default]
                                [--games 3000] [--seed 99]

Plays `--games` new games of the game's guided default policy (`kleos.learn.positions`, the
positions `kleos train` samples, from a seed no shipped model was trained on), and for every
kept position asks the model for the viewer's own win share, from the decider's view and from
a spectator's. Prints the held-out value loss (cross-entropy against the real results; knowing
nothing scores ln players), the Brier score (summed over the seats) and the predicted against
the actual share in ten bins of the prediction. The model is found by name
(`KLEOS_WEIGHTS_PATH`, then the shipped ones).
"""

from __future__ import annotations

import argparse
import math

import numpy as np

from kleos.agents.value import find_model
from kleos.learn.fit import calibration
from kleos.learn.positions import sample_positions
from kleos.runner.backends import ProcessBackend
from kleos.session import Setup


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="elysium", choices=["ilium", "elysium"])
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--weights", default="default")
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=99)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    setup = Setup.check(args.game, players=args.players)
    game = setup.game(0)
    model = find_model(game, args.weights)
    if model is None:
        raise SystemExit(f"no model '{args.weights}' for {args.game} with {args.players} players")
    with ProcessBackend(args.jobs) as backend:
        examples = sample_positions(setup, args.games, args.seed, backend)
    predicted = np.zeros_like(examples.shares)
    for row in range(len(examples)):
        start, end = examples.offsets[row], examples.offsets[row + 1]
        h = model.hidden_of(examples.indices[start:end], examples.values[start:end])
        predicted[row] = model.relative_shares(h)
    actual = examples.shares
    loss = float(-(actual * np.log(np.maximum(predicted, 1e-12))).sum(axis=1).mean())
    brier = float(((predicted - actual) ** 2).sum(axis=1).mean())
    print(
        f"{args.game} {args.players}p, weights '{args.weights}': {len(examples):,} examples "
        f"from {args.games:,} games (seed {args.seed}, decider's and spectator's views)"
    )
    nothing = math.log(args.players)
    print(f"value loss {loss:.3f} (knowing nothing: {nothing:.3f}), Brier {brier:.3f}")
    print("| predicted | examples | mean predicted | actual |")
    print("|---|---:|---:|---:|")
    for row in calibration(predicted[:, 0], actual[:, 0]):
        print(
            f"| {row['low']:.1f}–{row['high']:.1f} | {row['decisions']:,} | "
            f"{row['predicted']:.3f} | {row['actual']:.3f} |"
        )


if __name__ == "__main__":
    main()
