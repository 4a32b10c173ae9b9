"""Kleos pure, Kleos compiled and OpenSpiel's C++ `hearts`, side by side on one core.

    python bench/builds.py [--game ilium] [--game elysium] [--rounds 7] [--seconds 1.0]
        [--search-seconds 1.0] [--seed 2026] [--cpu N]

(also `python bench/vs_openspiel.py --part builds`). The pure and the compiled build have the
same import names, so each runs in a worker process of its own environment (`.venv`,
`.venv-compiled`, or `--pure PYTHON` / `--compiled PYTHON`), every worker pinned to the same
core, and the parent asks them in turn, round after round: rounds interleave, so a noisy
machine slows every contender alike. Figures are medians over the rounds.

- steps/s: random legal play to the end of whole games, on the same deals in both builds —
  Kleos with ids (`legal_action_ids` and `apply_id`, each id checked: as an RL library or
  OpenSpiel drives it) and with objects (`legal_actions` and `apply_unchecked`, the engine's
  own fast path); hearts with `legal_actions` and `apply_action`, its chance outcomes sampled
  by their probabilities. A step is one player's decision.
  Aims: compiled Ilium 3p ≥ 2.0× hearts, compiled Elysium 4p ≥ 0.8× hearts.
- ISMCTS iterations/s from the opening (the `ismcts` agent's defaults). Aim: compiled ≥ 2.5×
  pure in both games.
- the median µs of `clone` and `legal_action_ids` over positions of random games, and the
  memory of a state (traced bytes per clone).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
import tracemalloc
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
PLAYERS = {"ilium": 3, "elysium": 4}
"""The player counts of the aims."""

# ----------------------------------------------------------------------------- the worker


def kleos_steps(
    game_id: str, players: int, seconds: float, seed: int, objects: bool
) -> dict[str, Any]:
    """Random whole games for about `seconds`: decisions and time. With `objects`, legal action
    objects and `apply_unchecked` (the engine's own fast path), else ids and `apply_id` (what
    an RL library or OpenSpiel sends, each id checked)."""
    import kleos  # noqa: PLC0415 - the worker's own build

    rng = random.Random(seed)
    decisions, games, start = 0, 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = kleos.make(game_id, players=players, seed=seed + games).new_initial_state()
        while not state.is_terminal():
            if objects:
                state.apply_unchecked(rng.choice(state.legal_actions()))
            else:
                state.apply_id(rng.choice(state.legal_action_ids()))
            decisions += 1
        games += 1
    return {"decisions": decisions, "games": games, "seconds": time.perf_counter() - start}


def hearts_steps(seconds: float, seed: int) -> dict[str, Any]:
    """Random whole games of OpenSpiel's C++ hearts for about `seconds`, chance sampled."""
    import pyspiel  # noqa: PLC0415 - OpenSpiel's

    game = pyspiel.load_game("hearts")
    rng = random.Random(seed)
    decisions, games, start = 0, 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, weights = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, weights)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                decisions += 1
        games += 1
    return {"decisions": decisions, "games": games, "seconds": time.perf_counter() - start}


def ismcts_rate(game_id: str, players: int, seconds: float, seed: int) -> dict[str, Any]:
    """ISMCTS iterations per second from the opening."""
    from kleos.runner.bench import ismcts_rate as rate  # noqa: PLC0415 - the worker's build
    from kleos.session import Setup  # noqa: PLC0415

    return {"per_s": rate(Setup.check(game_id, players=players), seconds, seed)}


def costs(game_id: str, players: int, seed: int) -> dict[str, Any]:
    """Median clone and legal_action_ids µs, and the traced bytes of a clone."""
    from kleos.runner.bench import median_us, random_games  # noqa: PLC0415 - the build's
    from kleos.session import Setup  # noqa: PLC0415

    _, _, _, samples = random_games(Setup.check(game_id, players=players), 0.5, seed)
    tracemalloc.start()
    before, _ = tracemalloc.get_traced_memory()
    clones = [state.clone() for state in samples]
    after, _ = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return {
        "clone_us": median_us(samples, lambda s: s.clone()),
        "legal_action_ids_us": median_us(samples, lambda s: s.legal_action_ids()),
        "bytes_per_state": (after - before) / len(clones),
    }


def serve() -> None:
    """The worker: one JSON request a line on stdin, one JSON answer a line on stdout."""
    import kleos  # noqa: PLC0415

    jobs: dict[str, Any] = {
        "kleos": kleos_steps,
        "hearts": hearts_steps,
        "ismcts": ismcts_rate,
        "costs": costs,
    }
    print(json.dumps({"build": kleos.core.build.build_name()}), flush=True)
    for line in sys.stdin:
        request = json.loads(line)
        print(json.dumps(jobs[request.pop("job")](**request)), flush=True)


# ----------------------------------------------------------------------------- the parent


class Worker:
    """A worker process of one environment's Python."""

    def __init__(self, python: str) -> None:
        self.python = python
        self.process = subprocess.Popen(
            [python, __file__, "--worker"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            text=True, cwd="/",
        )  # fmt: skip
        self.build = self.ask()["build"]

    def ask(self, **request: Any) -> dict[str, Any]:
        assert self.process.stdin is not None and self.process.stdout is not None
        if request:
            self.process.stdin.write(json.dumps(request) + "\n")
            self.process.stdin.flush()
        line = self.process.stdout.readline()
        if not line:
            raise SystemExit(f"a worker ({self.python}) died")
        answer: dict[str, Any] = json.loads(line)
        return answer

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait()


def median_rate(answers: list[dict[str, Any]]) -> float:
    return float(statistics.median(a["decisions"] / a["seconds"] for a in answers))


def compare(game_id: str, workers: dict[str, Worker], args: argparse.Namespace) -> None:
    players = PLAYERS[game_id]
    loops = [f"{name} {loop}" for name in workers for loop in ("ids", "objects")]
    steps: dict[str, list[dict[str, Any]]] = {name: [] for name in [*loops, "hearts"]}
    search: dict[str, list[float]] = {name: [] for name in workers}
    for k in range(args.rounds):
        seed = args.seed + k
        for loop in loops:
            name, kind = loop.split()
            request = {"game_id": game_id, "players": players, "seconds": args.seconds}
            found = workers[name].ask(job="kleos", seed=seed, objects=kind == "objects", **request)
            steps[loop].append(found)
        steps["hearts"].append(workers["pure"].ask(job="hearts", seconds=args.seconds, seed=seed))
        for name, worker in workers.items():
            found = worker.ask(job="ismcts", game_id=game_id, players=players,
                               seconds=args.search_seconds, seed=seed)  # fmt: skip
            search[name].append(found["per_s"])
    rate = {name: median_rate(answers) for name, answers in steps.items()}
    print(f"\n{game_id.title()}, {players} players (medians of {args.rounds} interleaved rounds)")
    for name, figure in rate.items():
        per_game = statistics.fmean(a["decisions"] / a["games"] for a in steps[name])
        ratio = figure / rate["hearts"]
        print(
            f"  {name:17} {figure:10,.0f} steps/s  {ratio:5.2f}× hearts ({per_game:.0f} steps/game)"
        )
    for name, rates in search.items():
        print(f"  {name:17} {statistics.median(rates):10,.0f} ISMCTS iterations/s")
    if "compiled" in workers:
        aim = 2.0 if game_id == "ilium" else 0.8
        for kind in ("ids", "objects"):
            ours = rate[f"compiled {kind}"]
            print(
                f"  compiled {kind}: {ours / rate['hearts']:.2f}× hearts' steps/s (aim ≥ {aim}×), "
                f"{ours / rate[f'pure {kind}']:.2f}× pure"
            )
        gain = statistics.median(search["compiled"]) / statistics.median(search["pure"])
        print(f"  compiled / pure ISMCTS iterations/s: {gain:.2f}× (aim ≥ 2.5×)")
    for name, worker in workers.items():
        found = worker.ask(job="costs", game_id=game_id, players=players, seed=args.seed)
        print(
            f"  {name:17} clone {found['clone_us']:.2f} µs, legal_action_ids "
            f"{found['legal_action_ids_us']:.2f} µs, {found['bytes_per_state']:,.0f} bytes/state"
        )


def pythons(args: argparse.Namespace) -> dict[str, str]:
    """The Python of each build to compare: the pure one always, the compiled one if built."""
    # Absolute (the workers run elsewhere), not resolved (a venv's python is a symlink).
    found = {"pure": os.path.abspath(args.pure or ROOT / ".venv" / "bin" / "python")}
    compiled = os.path.abspath(args.compiled or ROOT / ".venv-compiled" / "bin" / "python")
    if Path(compiled).exists():
        found["compiled"] = compiled
    else:
        print(f"(no compiled build at {compiled}: `make compiled` builds it)")
    return found


def run(args: argparse.Namespace) -> None:
    """Compare the builds and hearts for each game asked for."""
    allowed = sorted(os.sched_getaffinity(0))
    core = allowed[0] if args.cpu is None else args.cpu
    os.sched_setaffinity(0, {core})  # the workers inherit it
    workers = {name: Worker(python) for name, python in pythons(args).items()}
    try:
        builds = ", ".join(f"{name}: {worker.build}" for name, worker in workers.items())
        print(f"Workers pinned to core {core} ({builds})")
        for game_id in args.game or ["ilium", "elysium"]:
            compare(game_id, workers, args)
    finally:
        for worker in workers.values():
            worker.close()


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of this comparison (shared with bench/vs_openspiel.py)."""
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--seconds", type=float, default=1.0, help="random play per round")
    parser.add_argument("--search-seconds", type=float, default=1.0, help="ISMCTS per round")
    parser.add_argument("--pure", help="the pure build's Python (default: .venv's)")
    parser.add_argument(
        "--compiled", help="the compiled build's Python (default: .venv-compiled's)"
    )


def main() -> None:
    if sys.argv[1:] == ["--worker"]:
        serve()
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", choices=sorted(PLAYERS))
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--cpu", type=int, help="the core to run on (default: the first)")
    add_arguments(parser)
    run(parser.parse_args())


if __name__ == "__main__":
    main()
