"""Kleos side by side with its research adapters and OpenSpiel, in one process on one core.

    python bench/vs_openspiel.py [--game ilium] [--game elysium] [--part speed|search|match|builds]
        [--players 3] [--speed-games 200] [--rounds 7]
        [--positions 12] [--search-time 0.5]
        [--games 60] [--move-time 0.1] [--uct 1.0] [--options value=mix] [--seed 2026] [--cpu N]

Four parts (all by default):

- speed: random full games per second on the same deals (one seed sequence) — natively
  (legal action objects + `apply_unchecked`; ids + `apply_id`; ids + `apply_id` + the seat's
  observation tensor), through the OpenSpiel adapter (`python_kleos_*`: `legal_actions` +
  `apply_action`) and through the PettingZoo AEC environment (`last` + `step`). The id loops,
  the adapter and PettingZoo choose with the same RNG from the same ascending ids, so they play
  the very same games. Best of `--rounds` interleaved rounds. Aims: the OpenSpiel adapter
  ≥ 60% of native; a PettingZoo step ≤ 2× a native step with its encoding.
- search: ISMCTS iterations per second on the same positions (reached by random play through
  the adapter): Kleos `ismcts` (its defaults, and with random rollouts to the end as
  OpenSpiel's) against OpenSpiel's `ISMCTSBot` (random rollouts, the `Resampler`) given the
  same time. Aim: Kleos ≥ 4× OpenSpiel's.
- match: Kleos `ismcts:time=T` (with `--options`, e.g. `value=mix`) against OpenSpiel's
  `ISMCTSBot` (stopped at the same T per decision) in 2-player games, seats rotated (each
  deal played twice, once from each seat).
  Aim: Kleos's win share ≥ 80% over ≥ 60 games.
- builds: Kleos pure, Kleos compiled (`make compiled`) and OpenSpiel's C++ `hearts`, steps/s
  and ISMCTS iterations/s in interleaved rounds on one core (bench/builds.py says how).
"""

from __future__ import annotations

import argparse
import math
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from importlib.metadata import version

import builds
import numpy as np
import pyspiel  # type: ignore[import-not-found]
from open_spiel.python.algorithms import ismcts, mcts  # type: ignore[import-not-found]

import kleos
import kleos.rl.openspiel as kos
from kleos.agents import Observation, make_agent
from kleos.core.protocol import Game
from kleos.core.rng import SEED_BITS, derive_seed
from kleos.rl.encode import Encoder

# ------------------------------------------------------------------------------- helpers


def deal_seeds(seed: int, count: int) -> list[int]:
    """The deal seeds an adapter game with parameter `seed` draws, in order."""
    rng = random.Random(seed)
    return [rng.getrandbits(SEED_BITS) for _ in range(count)]


def pin_to_one_core(cpu: int | None) -> str:
    """Run on one core (the first this process may use, unless told which)."""
    if not hasattr(os, "sched_setaffinity"):
        return "one process (affinity not settable here)"
    allowed = sorted(os.sched_getaffinity(0))
    chosen = allowed[0] if cpu is None else cpu
    os.sched_setaffinity(0, {chosen})
    return f"one process pinned to core {chosen}"


class TimedISMCTSBot(ismcts.ISMCTSBot):  # type: ignore[misc]
    """OpenSpiel's `ISMCTSBot`, searching for `seconds` per decision instead of a fixed number
    of simulations (the loop of its `run_search`, without the debug assertion that recomputes
    the root's information-state key every simulation)."""

    def __init__(self, game: pyspiel.Game, seconds: float, uct_c: float, seed: int) -> None:
        evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed))
        super().__init__(
            game, evaluator, uct_c, max_simulations=1, random_state=np.random.RandomState(seed)
        )
        self.set_resampler(kos.Resampler(seed))
        self.seconds = seconds
        self.last_iterations = 0

    def run_search(self, state: pyspiel.State) -> list[tuple[int, float]]:
        self.reset()
        legal = state.legal_actions()
        self.last_iterations = 0
        if len(legal) == 1:
            return [(legal[0], 1.0)]
        self._root_node = self.create_new_node(state)
        deadline = time.perf_counter() + self.seconds
        done = 0
        while done == 0 or time.perf_counter() < deadline:
            self.run_simulation(self.sample_root_state(state))
            done += 1
        self.last_iterations = done
        policy: list[tuple[int, float]] = self.get_final_policy(state, self._root_node)
        return policy


# --------------------------------------------------------------------------------- speed


@dataclass
class Loop:
    """One way of playing random games: its name and a function (seeds, rng) -> decisions."""

    name: str
    play: Callable[[list[int], random.Random], int]
    best: float = math.inf
    decisions: int = 0


def native_objects(game: Game) -> Callable[[list[int], random.Random], int]:
    def play(seeds: list[int], rng: random.Random) -> int:
        decisions = 0
        for seed in seeds:
            state = game.with_seed(seed).new_initial_state()
            while not state.is_terminal():
                state.apply_unchecked(rng.choice(state.legal_actions()))
                decisions += 1
        return decisions

    return play


def native_ids(game: Game, encode: bool) -> Callable[[list[int], random.Random], int]:
    encoder = Encoder(game)
    buffer = np.zeros(encoder.size, np.float32)

    def play(seeds: list[int], rng: random.Random) -> int:
        decisions = 0
        for seed in seeds:
            state = game.with_seed(seed).new_initial_state()
            while not state.is_terminal():
                if encode:
                    encoder.fill(state, state.current_player, buffer)
                state.apply_id(rng.choice(state.legal_action_ids()))
                decisions += 1
        return decisions

    return play


def through_openspiel(
    game_id: str, players: int, seed: int
) -> Callable[[list[int], random.Random], int]:
    def play(seeds: list[int], rng: random.Random) -> int:
        game = pyspiel.load_game(kos.short_name(game_id), {"players": players, "seed": seed})
        decisions = 0
        for _ in seeds:
            state = game.new_initial_state()
            while not state.is_terminal():
                state.apply_action(rng.choice(state.legal_actions()))
                decisions += 1
        return decisions

    return play


def through_pettingzoo(game_id: str, players: int) -> Callable[[list[int], random.Random], int]:
    from kleos.rl.pettingzoo_env import pettingzoo_env  # noqa: PLC0415 - optional part

    env = pettingzoo_env(game_id, players=players, seed=0)

    def play(seeds: list[int], rng: random.Random) -> int:
        decisions = 0
        for seed in seeds:
            env.reset(seed=seed)
            for _ in env.agent_iter():
                obs, _, terminated, truncated, _ = env.last()
                if terminated or truncated:
                    env.step(None)
                else:
                    env.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
                    decisions += 1
        return decisions

    return play


def speed(game_id: str, args: argparse.Namespace) -> None:
    game = kleos.make(game_id, players=args.players, seed=0)
    seeds = deal_seeds(args.seed, args.speed_games)
    loops = [
        Loop("native: objects + apply_unchecked", native_objects(game)),
        Loop("native: ids + apply_id", native_ids(game, encode=False)),
        Loop("native: ids + apply_id + encoding", native_ids(game, encode=True)),
        Loop("OpenSpiel adapter", through_openspiel(game_id, args.players, args.seed)),
    ]
    try:
        loops.append(Loop("PettingZoo AEC env", through_pettingzoo(game_id, args.players)))
    except ImportError as exc:
        print(f"  (PettingZoo environment not available: {exc})")
    for _ in range(args.rounds):
        for loop in loops:
            start = time.perf_counter()
            loop.decisions = loop.play(seeds, random.Random(args.seed + 1))
            loop.best = min(loop.best, time.perf_counter() - start)
    print(
        f"\n{game.title}, {args.players} players: random full games, {len(seeds)} deals "
        f"(seed {args.seed}), best of {args.rounds} rounds"
    )
    rate = {loop.name: len(seeds) / loop.best for loop in loops}
    step = {loop.name: loop.best / loop.decisions * 1e6 for loop in loops}
    for loop in loops:
        print(
            f"  {loop.name:36} {rate[loop.name]:8.1f} games/s  {step[loop.name]:6.2f} µs/decision"
            f"  ({loop.decisions / len(seeds):.1f} decisions/game)"
        )
    objects, ids = rate[loops[0].name], rate[loops[1].name]
    adapter = rate["OpenSpiel adapter"]
    print(
        f"  OpenSpiel adapter: {adapter / ids:.0%} of native ids, {adapter / objects:.0%} of "
        "native objects (aim ≥ 60%)"
    )
    if "PettingZoo AEC env" in step:
        ratio = step["PettingZoo AEC env"] / step[loops[2].name]
        print(f"  PettingZoo step: {ratio:.2f}× a native step with its encoding (aim ≤ 2×)")


# -------------------------------------------------------------------------------- search


def positions(game: kos.KleosGame, count: int, rng: random.Random) -> list[kos.KleosState]:
    """Positions spread over whole games of random play, each with a real choice."""
    found = []
    for k in range(count):
        start = game.new_initial_state()
        probe = start.clone()
        moves = []
        while not probe.is_terminal():
            moves.append(rng.choice(probe.legal_actions()))
            probe.apply_action(moves[-1])
        state = start
        for move in moves[: int(len(moves) * (k + 0.5) / count)]:
            state.apply_action(move)
        while not state.is_terminal() and len(state.legal_actions()) < 2:
            state.apply_action(state.legal_actions()[0])
        if not state.is_terminal():
            found.append(state)
    return found


def search(game_id: str, args: argparse.Namespace) -> None:
    game = pyspiel.load_game(kos.short_name(game_id), {"players": args.players, "seed": args.seed})
    spots = positions(game, args.positions, random.Random(args.seed))
    budget = args.search_time
    kleos_specs = {
        "Kleos ismcts (defaults: guided rollouts, 6 plies)": f"ismcts:time={budget}:prune=false",
        "Kleos ismcts (random rollouts to the end)": (
            f"ismcts:time={budget}:prune=false:rollout=random:depth=0:prior=none"
        ),
    }
    rates: dict[str, float] = {}
    for name, spec in kleos_specs.items():
        iterations, seconds = 0, 0.0
        for k, state in enumerate(spots):
            agent = make_agent(spec, seed=k)
            start = time.perf_counter()
            agent.choose(Observation(state.kleos_state, state.current_player()))
            seconds += time.perf_counter() - start
            iterations += agent.last_iterations  # type: ignore[attr-defined]
        rates[name] = iterations / seconds
    iterations, seconds = 0, 0.0
    for k, state in enumerate(spots):
        bot = TimedISMCTSBot(game, budget, args.uct, seed=k)
        start = time.perf_counter()
        bot.step(state)
        seconds += time.perf_counter() - start
        iterations += bot.last_iterations
    openspiel = "OpenSpiel ISMCTSBot via the adapter (random rollouts)"
    rates[openspiel] = iterations / seconds
    print(
        f"\n{game.kleos_game.title}, {args.players} players: ISMCTS on {len(spots)} positions, "
        f"{budget:g} s each"
    )
    for name, rate in rates.items():
        ratio = "" if name == openspiel else f"  = {rate / rates[openspiel]:.1f}× OpenSpiel's"
        print(f"  {name:54} {rate:9.0f} iterations/s{ratio}")
    print("  (aim: Kleos ≥ 4× OpenSpiel's)")


# --------------------------------------------------------------------------------- match


@dataclass
class Side:
    """One side's figures over a match."""

    share: list[float] = field(default_factory=list)
    seconds: list[float] = field(default_factory=list)
    iterations: list[int] = field(default_factory=list)


def match(game_id: str, args: argparse.Namespace) -> None:
    players = 2
    game = pyspiel.load_game(kos.short_name(game_id), {"players": players, "seed": args.seed})
    template = game.kleos_game
    seeds = deal_seeds(args.seed, (args.games + 1) // 2)
    kleos_side, openspiel_side = Side(), Side()
    spec = f"ismcts:time={args.move_time:g}" + (f":{args.options}" if args.options else "")
    print(
        f"\n{template.title}, 2 players: Kleos {spec} against OpenSpiel "
        f"ISMCTSBot ({args.move_time:g} s per decision, uct_c {args.uct:g}), {args.games} games, "
        "seats rotated",
        flush=True,
    )
    for number in range(args.games):
        seed, seat = seeds[number // 2], number % 2
        state = game.from_kleos(template.with_seed(seed).new_initial_state())
        agent = make_agent(spec, seed=derive_seed(args.seed, number))
        bot = TimedISMCTSBot(game, args.move_time, args.uct, seed=number)
        while not state.is_terminal():
            player = state.current_player()
            searched = len(state.legal_actions()) > 1
            start = time.perf_counter()
            if player == seat:
                action_id = template.action_id(agent.choose(Observation(state.kleos_state, player)))
                side, iterations = kleos_side, agent.last_iterations  # type: ignore[attr-defined]
            else:
                action_id = int(bot.step(state))
                side, iterations = openspiel_side, bot.last_iterations
            if searched:
                side.seconds.append(time.perf_counter() - start)
                side.iterations.append(iterations)
            action = template.action_from_id(action_id)
            state.apply_action(action_id)
            agent.observe(player, action)
        returns = state.returns()
        kleos_side.share.append(returns[seat])
        openspiel_side.share.append(returns[1 - seat])
        won = sum(kleos_side.share)
        print(
            f"  game {number + 1:3}: Kleos in seat {seat}, share {returns[seat]:g}; "
            f"Kleos {won:g}/{number + 1}",
            flush=True,
        )
    shares = kleos_side.share
    mean = statistics.fmean(shares)
    half = 1.96 * statistics.pstdev(shares) / math.sqrt(len(shares)) if len(shares) > 1 else 0
    print(
        f"  Kleos win share {mean:.1%} ± {half:.1%} (95%) over {len(shares)} games "
        f"(aim ≥ 80%); ties {sum(1 for s in shares if 0 < s < 1)}"
    )
    for name, side in (("Kleos", kleos_side), ("OpenSpiel", openspiel_side)):
        if side.seconds:
            print(
                f"  {name:9} {statistics.fmean(side.seconds):.3f} s per searched decision, "
                f"{statistics.fmean(side.iterations):8.0f} iterations per decision"
            )


# ---------------------------------------------------------------------------------- main


def compare_builds(game_id: str, args: argparse.Namespace) -> None:
    """Kleos pure and compiled against OpenSpiel's C++ hearts (bench/builds.py)."""
    builds.run(argparse.Namespace(**{**vars(args), "game": [game_id]}))


PARTS = {"speed": speed, "search": search, "match": match, "builds": compare_builds}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", choices=["ilium", "elysium"])
    parser.add_argument("--part", action="append", choices=list(PARTS))
    parser.add_argument("--players", type=int, default=3, help="speed and search parts")
    parser.add_argument("--speed-games", type=int, default=200)
    parser.add_argument("--positions", type=int, default=12)
    parser.add_argument("--search-time", type=float, default=0.5, help="seconds per position")
    parser.add_argument("--games", type=int, default=60, help="match games")
    parser.add_argument("--move-time", type=float, default=0.1, help="match seconds per move")
    parser.add_argument("--uct", type=float, default=1.0, help="ISMCTSBot's uct_c")
    parser.add_argument("--options", default="", help="more match ISMCTS options: value=mix")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--cpu", type=int, help="the core to run on (default: the first)")
    builds.add_arguments(parser)
    args = parser.parse_args()
    where = pin_to_one_core(args.cpu)
    print(f"Kleos {kleos.__version__}, OpenSpiel {version('open_spiel')}, {where}")
    for game_id in args.game or ["ilium", "elysium"]:
        for part in args.part or list(PARTS):
            PARTS[part](game_id, args)
    sys.stdout.flush()


if __name__ == "__main__":
    main()
