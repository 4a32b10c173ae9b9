"""Benchmark the Ilium engine: `python bench/ilium.py [players] [seconds]` (same as `kleos bench`)."""

import json
import sys

from kleos.runner.bench import bench

if __name__ == "__main__":
    players = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    seconds = float(sys.argv[2]) if len(sys.argv) > 2 else 5.0
    print(json.dumps(bench("ilium", players, seconds), indent=2))
