"""Speed and memory figures of a game engine (run by `kleos bench`; never a test)."""

from __future__ import annotations

import random
import resource
import statistics
import time
import tracemalloc
from collections.abc import Callable
from typing import Any

from kleos.agents.base import Observation
from kleos.agents.ismcts import ISMCTSAgent
from kleos.core.build import build_name
from kleos.core.protocol import State
from kleos.session import Setup


def median_us(states: list[State], op: Callable[[State], object], repeat: int = 50) -> float:
    """The median over states of the mean time of `op(state)`, in microseconds."""
    times = []
    for state in states:
        start = time.perf_counter()
        for _ in range(repeat):
            op(state)
        times.append((time.perf_counter() - start) / repeat * 1e6)
    return statistics.median(times)


def random_games(setup: Setup, seconds: float, seed: int) -> tuple[int, int, float, list[State]]:
    """Play random games for about `seconds`; return games, steps, elapsed and sampled states."""
    rng = random.Random(seed)
    games = steps = 0
    samples: list[State] = []
    start = time.perf_counter()
    elapsed = 0.0
    while elapsed < seconds:
        game = setup.game(seed + games)
        state = game.new_initial_state()
        n = 0
        while not state.is_terminal():
            state.apply_unchecked(rng.choice(state.legal_actions()))
            n += 1
            if games < 20 and n % 7 == 0:
                samples.append(state.clone())
        games += 1
        steps += n
        elapsed = time.perf_counter() - start
    return games, steps, elapsed, samples


def ismcts_rate(setup: Setup, seconds: float, seed: int = 0) -> float:
    """Iterations per second of the default ISMCTS agent searching the opening position for
    `seconds` (the whole budget: no early stop)."""
    state = setup.game(seed).new_initial_state()
    player = state.current_player
    assert player is not None
    agent = ISMCTSAgent(random.Random(seed), time=seconds)
    start = time.perf_counter()
    agent.search(Observation(state, player), full=True)
    return agent.last_iterations / (time.perf_counter() - start)


def bench(
    setup: Setup,
    seconds: float = 5.0,
    seed: int = 0,
    extra: Callable[[list[State]], dict[str, float]] | None = None,
) -> dict[str, Any]:
    """Random full games/s, steps/s, median clone, legal_actions and legal_action_ids µs, the
    size of the action space, peak memory, ISMCTS iterations/s from the opening, the
    observation encoding's cost (if the game has one), and what `extra` measures on the
    sampled states (the research interfaces' strings)."""
    random_games(setup, min(0.5, seconds), seed)  # warm-up
    games, steps, elapsed, samples = random_games(setup, seconds, seed)
    tracemalloc.start()
    random_games(setup, 0.2, seed)
    _, traced_peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    figures = {
        "game": setup.game_id,
        "build": build_name(),
        "players": setup.players,
        "variants": list(setup.variants),
        "options": dict(setup.options),
        "games": games,
        "seconds": round(elapsed, 3),
        "games_per_s": round(games / elapsed, 1),
        "steps_per_s": round(steps / elapsed),
        "steps_per_game": round(steps / games, 1),
        "clone_us": round(median_us(samples, lambda s: s.clone()), 2),
        "legal_actions_us": round(median_us(samples, lambda s: s.legal_actions()), 2),
        "legal_action_ids_us": round(median_us(samples, lambda s: s.legal_action_ids()), 2),
        "num_distinct_actions": samples[0].game.num_distinct_actions,
        "traced_peak_kib": round(traced_peak / 1024, 1),
        "max_rss_mib": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
        "ismcts_iterations_per_s": round(ismcts_rate(setup, seconds / 2, seed)),
    }
    if samples[0].game.encoding is not None:
        figures["encode_us"] = round(median_us(samples, lambda s: s.encode(seat_to_move(s))), 2)
        if extra is not None:
            figures.update(extra(samples))
    return figures


def seat_to_move(state: State) -> int:
    """The seat to move (seat 0 once the game is over)."""
    return state.current_player if state.current_player is not None else 0
