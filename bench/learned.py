"""What the learned evaluation costs inside the search, against rollouts.

    python bench/learned.py [--game ilium] [--players 3] [--weights default] [--rounds 5]
                            [--iterations 1000] [--seed 2026]

For each game: the median µs of one `LearnedModel.evaluate` call (the seat to move's encoding,
the hidden layer, the value and the policy over the legal ids) and of the encoding alone, over
positions of random games; then ISMCTS iterations per second from the opening with
`value=rollout` (today's search), `value=learned` and `value=mix`, in interleaved rounds
(medians; a noisy machine slows every contender alike). The model is found by name
(`kleos.agents.weights`: `KLEOS_WEIGHTS_PATH`, then the shipped ones); the build measured is
the interpreter's that runs the script (`.venv-compiled/bin/python` for the compiled one).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import kleos
from kleos.agents import make_agent
from kleos.agents.base import Observation
from kleos.agents.ismcts import ISMCTSAgent
from kleos.agents.value import find_model
from kleos.core.protocol import State
from kleos.runner.bench import median_us

VALUES = ("rollout", "learned", "mix")


def positions(game_id: str, players: int, seed: int, count: int = 40) -> list[State]:
    """Positions of random games, `count` of them, none terminal."""
    rng = random.Random(seed)
    found: list[State] = []
    deal = 0
    while len(found) < count:
        state = kleos.make(game_id, players=players, seed=seed + deal).new_initial_state()
        deal += 1
        ply = 0
        while not state.is_terminal():
            if ply % 7 == 3:
                found.append(state.clone())
            state.apply_unchecked(rng.choice(state.legal_actions()))
            ply += 1
    return found[:count]


def iterations_per_s(game_id: str, players: int, spec: str, iterations: int, seed: int) -> float:
    """ISMCTS iterations per second from the opening of a seeded deal."""
    state = kleos.make(game_id, players=players, seed=seed).new_initial_state()
    seat = state.current_player
    assert seat is not None
    agent = make_agent(f"{spec}:iterations={iterations}:prune=false:reuse=false", seed)
    assert isinstance(agent, ISMCTSAgent)
    start = time.perf_counter()
    agent.search(Observation(state, seat), full=True)
    return agent.last_iterations / (time.perf_counter() - start)


def measure(game_id: str, args: argparse.Namespace) -> str:
    """One game's line of figures (or why it has none)."""
    game = kleos.make(game_id, players=args.players)
    model = find_model(game, args.weights)
    if model is None:
        return f"{game_id}: no model '{args.weights}' for {args.players} players; skipped"
    states = positions(game_id, args.players, args.seed)
    evaluate = median_us(states, lambda s: model.evaluate(s, s.current_player or 0))
    encode = median_us(states, lambda s: s.encode(s.current_player))
    rates: dict[str, list[float]] = {value: [] for value in VALUES}
    for round_ in range(args.rounds):
        for value in VALUES:
            spec = "ismcts"  # today's search: rollouts and the heuristic prior
            if value != "rollout":
                spec = f"ismcts:value={value}:prior=learned:weights={args.weights}"
            rates[value].append(
                iterations_per_s(game_id, args.players, spec, args.iterations, round_)
            )
    medians = {value: statistics.median(r) for value, r in rates.items()}
    return (
        f"{game_id} {args.players}p: evaluate {evaluate:.1f} µs (encode {encode:.1f} µs) · "
        + " · ".join(f"{value} {rate:,.0f} it/s" for value, rate in medians.items())
        + f" · learned/rollout {medians['learned'] / medians['rollout']:.2f}×"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", choices=["ilium", "elysium"])
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--weights", default="default")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--iterations", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    print(f"build: {'compiled' if kleos.compiled() else 'pure'} · weights {args.weights}")
    for game_id in args.game or ["ilium", "elysium"]:
        print(measure(game_id, args))


if __name__ == "__main__":
    main()
