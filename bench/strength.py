"""The AI strength targets, measured by `kleos tournament` (3 players, seats rotated).

    python bench/strength.py [--games 201] [--jobs 2] [--seed 2026] [--out strength/]
                             [--game ilium] [--only heuristic|ismcts-random|ismcts-heuristic]
                             [--time 1.0] [--options value=learned:prior=learned]

Runs each line-up, keeps every tournament's JSON, records and chart under `--out`, and prints
the first seat's win rate with its 95% interval against the target. A run whose JSON is already
in `--out` is read rather than played again, so a long measurement can be resumed.

The searching seat is the `hard` level (`ismcts:time=1.0:value=mix`). `--time` gives it another
budget per decision than its 1 s, and `--options` adds or overrides ISMCTS options (the rollout
search: `value=rollout`; the learned prior: `prior=learned`, with the model found as
`kleos.agents.weights` says); the build measured is the interpreter's that runs the script
(`.venv-compiled/bin/python` for the compiled one).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

from kleos.agents.spec import LEVELS

HARD = LEVELS["hard"]
TARGETS = {
    "heuristic": ("heuristic,random,random", 0.60),
    "ismcts-random": (f"{HARD},random,random", 0.80),
    "ismcts-heuristic": (f"{HARD},heuristic,heuristic", 0.50),
}


def line_up(key: str, seconds: float, options: str = "") -> str:
    """The agents of a line-up, the searching seat given `seconds` per decision and `options`
    (which override the level's own)."""
    searcher = HARD.replace("time=1.0", f"time={seconds:g}") + (f":{options}" if options else "")
    return TARGETS[key][0].replace(HARD, searcher)


def measure(game: str, key: str, args: argparse.Namespace) -> dict[str, object]:
    """Play (or read back) one line-up's tournament; the first seat's row of its JSON."""
    agents = line_up(key, args.time, args.options)
    searcher = agents.split(",")[0]
    tag = "".join(c if c.isalnum() else "-" for c in searcher) if "ismcts" in searcher else ""
    result = args.out / f"{game}-{key}{'-' + tag if tag else ''}.json"
    if not result.exists():
        kleos = [sys.executable, "-c", "from kleos.cli.main import app; app()"]
        command = [*kleos, "tournament", game, "--players", "3", "--agents", agents]
        command += ["--games", str(args.games), "--jobs", str(args.jobs), "--seed", str(args.seed)]
        subprocess.run([*command, "--json", str(result)], check=True)
    row: dict[str, object] = json.loads(result.read_text())["agents"][0]
    return row


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=201)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--out", type=Path, default=Path("strength"))
    parser.add_argument("--game", action="append", choices=["ilium", "elysium"])
    parser.add_argument("--only", action="append", choices=list(TARGETS))
    parser.add_argument("--time", type=float, default=1.0, help="ISMCTS seconds per decision")
    parser.add_argument("--options", default="", help="more ISMCTS options, e.g. value=learned")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    lines = []
    for game in args.game or ["ilium", "elysium"]:
        for key in args.only or list(TARGETS):
            row = measure(game, key, args)
            rate, low, high = (float(str(row[k])) for k in ("win_rate", "ci_low", "ci_high"))
            target = TARGETS[key][1]
            verdict = "met" if rate >= target else "NOT met"
            agents = line_up(key, args.time, args.options)
            lines.append(
                f"{game:8} {agents:38} {row['wins']:>6g}/{row['games']:<4} "
                f"{rate:6.1%}  95% CI {low:5.1%}–{high:5.1%}  target {target:.0%}: {verdict}"
            )
    print("\n".join(lines))


if __name__ == "__main__":
    main()
