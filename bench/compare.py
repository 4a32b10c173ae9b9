"""`kleos bench` before and after a change, alternating on one machine, as medians and ratios.

    python bench/compare.py 0f47b12 --rounds 5 --game ilium:3 --game elysium:4

It checks the earlier commit out in a temporary git worktree and runs `kleos bench GAME
--players P --seconds S --json` from its source and from this checkout in turn (the same
interpreter and installed dependencies), then prints each figure's median and after/before.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]
FIGURES = (
    "games_per_s",
    "ismcts_iterations_per_s",
    "clone_us",
    "legal_actions_us",
    "legal_action_ids_us",
)
BENCH = (
    "import sys; from kleos.cli.main import app; "
    "sys.argv = ['kleos', 'bench', *sys.argv[1:]]; app()"
)


def bench(source: Path, game: str, players: str, seconds: float) -> dict[str, float]:
    """One `kleos bench` run of the code in `source`."""
    args = [game, "--players", players, "--seconds", str(seconds), "--json"]
    done = subprocess.run(
        [sys.executable, "-c", BENCH, *args],
        env={**os.environ, "PYTHONPATH": str(source)},
        capture_output=True,
        text=True,
        check=True,
    )
    figures: dict[str, float] = json.loads(done.stdout)
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("before", help="the earlier commit")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--game", action="append", help="GAME:PLAYERS (repeat)")
    args = parser.parse_args()
    games = [g.split(":") for g in args.game or ["ilium:3", "elysium:4"]]
    with tempfile.TemporaryDirectory() as tmp:
        tree = Path(tmp) / "before"
        subprocess.run(["git", "-C", str(HERE), "worktree", "add", "-q", str(tree), args.before],
                       check=True)  # fmt: skip
        try:
            runs: dict[tuple[str, str], list[dict[str, float]]] = {}
            for _ in range(args.rounds):
                for game, players in games:
                    for label, source in (("before", tree / "src"), ("after", HERE / "src")):
                        figures = bench(source, game, players, args.seconds)
                        runs.setdefault((game, label), []).append(figures)
        finally:
            subprocess.run(["git", "-C", str(HERE), "worktree", "remove", "--force", str(tree)],
                           check=True)  # fmt: skip
    for game, players in games:
        print(f"{game} {players}p, {args.rounds} alternating rounds")
        for name in FIGURES:
            before = statistics.median(r[name] for r in runs[(game, "before")])
            after = statistics.median(r[name] for r in runs[(game, "after")])
            ratio = after / before
            print(f"  {name:26} before {before:10.2f}  after {after:10.2f}  ratio {ratio:.3f}")


if __name__ == "__main__":
    main()
