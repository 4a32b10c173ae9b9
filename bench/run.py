"""Benchmark a game engine: `python bench/run.py GAME [PLAYERS] [SECONDS]` (as `kleos bench`)."""

import json
import sys

from kleos.runner.bench import bench
from kleos.session import Setup

if __name__ == "__main__":
    game = sys.argv[1] if len(sys.argv) > 1 else "ilium"
    players = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    seconds = float(sys.argv[3]) if len(sys.argv) > 3 else 5.0
    print(json.dumps(bench(Setup.check(game, players=players), seconds), indent=2))
