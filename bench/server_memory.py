"""Memory a server keeps per game in its hub: a `LiveGame` (the match with its master state,
the seats, and the log of every move with its events told in words), measured with
tracemalloc after random play to the middle and to the end of games of each game and player
count. A benchmark, never a test.

    python bench/server_memory.py [--games 20]

Prints one JSON line: KiB per live game (median and max) at mid-game and at the end.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import tracemalloc

import kleos
from kleos.server.live import LiveGame
from kleos.session.match import Match


def live_game(game_id: str, players: int, seed: int, fraction: float) -> LiveGame:
    """A live game played at random for `fraction` of its length."""
    rng = random.Random(seed)
    probe = kleos.make(game_id, players=players, seed=seed).new_initial_state()
    length = 0
    while not probe.is_terminal():
        probe.apply(rng.choice(probe.legal_actions()))
        length += 1
    game = kleos.make(game_id, players=players, seed=seed)
    live = LiveGame(str(seed), Match(game, ["human"] * players), ["human"] * players,
                    [None] * players, [True] * players, [False] * players)  # fmt: skip
    rng = random.Random(seed)
    for _ in range(int(length * fraction)):
        state = live.match.state
        player = live.match.current_player
        assert player is not None
        live.apply(player, rng.choice(state.legal_actions()))
    return live


def measure(game_id: str, players: int, games: int, fraction: float) -> list[float]:
    """KiB each of `games` live games holds."""
    sizes = []
    for seed in range(games):
        kleos.make(game_id, players=players, seed=seed)  # static tables cached before measuring
        tracemalloc.start()
        before = tracemalloc.take_snapshot()
        live = live_game(game_id, players, seed, fraction)
        after = tracemalloc.take_snapshot()
        tracemalloc.stop()
        used = sum(stat.size_diff for stat in after.compare_to(before, "filename"))
        sizes.append(used / 1024)
        del live
    return sizes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=20)
    args = parser.parse_args()
    figures = {}
    for game_id in ("ilium", "elysium"):
        for players in (2, 3, 4):
            for label, fraction in (("mid", 0.5), ("end", 1.0)):
                sizes = measure(game_id, players, args.games, fraction)
                figures[f"{game_id}-{players}p-{label}"] = {
                    "median_kib": round(statistics.median(sizes), 1),
                    "max_kib": round(max(sizes), 1),
                }
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
