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
from kleos.core.protocol import State
from kleos.core.registry import make


def _median_us(states: list[State], op: Callable[[State], object], repeat: int = 50) -> float:
    """The median over states of the mean time of `op(state)`, in microseconds."""
    times = []
    for state in states:
        start = time.perf_counter()
        for _ in range(repeat):
            op(state)
        times.append((time.perf_counter() - start) / repeat * 1e6)
    return statistics.median(times)


def random_games(
    game_id: str, players: int, seconds: float, seed: int, variants: tuple[str, ...] = ()
) -> tuple[int, int, float, list[State]]:
    """Play random games for about `seconds`; return games, steps, elapsed and sampled states."""
    rng = random.Random(seed)
    games = steps = 0
    samples: list[State] = []
    start = time.perf_counter()
    elapsed = 0.0
    while elapsed < seconds:
        game = make(game_id, players=players, seed=seed + games, variants=variants)
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


def ismcts_rate(
    game_id: str, players: int, seconds: float, seed: int = 0, variants: tuple[str, ...] = ()
) -> float:
    """Iterations per second of the default ISMCTS agent searching the opening position for
    `seconds` (the whole budget: no early stop)."""
    state = make(game_id, players=players, seed=seed, variants=variants).new_initial_state()
    player = state.current_player
    assert player is not None
    agent = ISMCTSAgent(random.Random(seed), time=seconds)
    start = time.perf_counter()
    agent.search(Observation(state, player), full=True)
    return agent.last_iterations / (time.perf_counter() - start)


def bench(
    game_id: str, players: int, seconds: float = 5.0, seed: int = 0, variants: tuple[str, ...] = ()
) -> dict[str, Any]:
    """Random full games/s, steps/s, median clone, legal_actions and legal_action_ids µs, the
    size of the action space, peak memory, ISMCTS iterations/s from the opening, and the
    observation encoding's costs (if the game has one)."""
    random_games(game_id, players, min(0.5, seconds), seed, variants)  # warm-up
    games, steps, elapsed, samples = random_games(game_id, players, seconds, seed, variants)
    tracemalloc.start()
    random_games(game_id, players, 0.2, seed, variants)
    _, traced_peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    figures = {
        "game": game_id,
        "players": players,
        "variants": list(variants),
        "games": games,
        "seconds": round(elapsed, 3),
        "games_per_s": round(games / elapsed, 1),
        "steps_per_s": round(steps / elapsed),
        "steps_per_game": round(steps / games, 1),
        "clone_us": round(_median_us(samples, lambda s: s.clone()), 2),
        "legal_actions_us": round(_median_us(samples, lambda s: s.legal_actions()), 2),
        "legal_action_ids_us": round(_median_us(samples, lambda s: s.legal_action_ids()), 2),
        "num_distinct_actions": samples[0].game.num_distinct_actions,
        "traced_peak_kib": round(traced_peak / 1024, 1),
        "max_rss_mib": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
        "ismcts_iterations_per_s": round(
            ismcts_rate(game_id, players, seconds / 2, seed, variants)
        ),
    }
    if samples[0].game.encoding is not None:
        figures.update(encoding_costs(samples))
    return figures


def encoding_costs(samples: list[State]) -> dict[str, float]:
    """Median µs of the research interfaces' observations of the seat to move: the encoding
    (`State.encode`), the observation string and the information-state string (with a
    history of 100 moves)."""
    history = list(range(100))

    def seat(state: State) -> int:
        return state.current_player if state.current_player is not None else 0

    return {
        "encode_us": round(_median_us(samples, lambda s: s.encode(seat(s))), 2),
        "observation_string_us": round(
            _median_us(samples, lambda s: s.observation_string(seat(s))), 2
        ),
        "information_state_string_us": round(
            _median_us(samples, lambda s: s.information_state_string(seat(s), history)), 2
        ),
    }
