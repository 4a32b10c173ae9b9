"""Perft: the number of leaf nodes of the game tree at a depth, from a seeded position.

A perft file (`*.perft`) holds one case a line, `#` starting a comment:

    game players seed variants prefix-plies depth expected-count

`variants` is `-` for none, else ids joined by `+`. The position is the game made with that
seed, after `prefix-plies` moves each chosen by `random.Random(seed).choice(legal_actions)`.
A node with no legal action (a finished game) has no children. To compute the count of a
new line: `.venv/bin/python tests/perft/perft.py game players seed variants prefix depth`.
"""

from __future__ import annotations

import random
import sys
from dataclasses import dataclass
from pathlib import Path

import kleos
from kleos.core.protocol import State

PERFT_DIR = Path(__file__).resolve().parent


@dataclass(frozen=True)
class PerftCase:
    """One line of a perft file."""

    game_id: str
    players: int
    seed: int
    variants: tuple[str, ...]
    prefix: int
    depth: int
    expected: int
    where: str
    """File and line, for messages and test ids."""

    def position(self) -> State:
        """The position after the seeded random prefix."""
        game = kleos.make(
            self.game_id, players=self.players, seed=self.seed, variants=self.variants
        )
        state = game.new_initial_state()
        rng = random.Random(self.seed)
        for ply in range(self.prefix):
            assert not state.is_terminal(), f"{self.where}: the game ends after {ply} plies"
            state.apply(rng.choice(state.legal_actions()))
        return state


def parse_line(text: str, where: str) -> PerftCase:
    """A perft case from its text."""
    fields = text.split()
    assert len(fields) == 7, f"{where}: expected 7 fields, found {len(fields)}: {text!r}"
    game_id, players, seed, variants, prefix, depth, expected = fields
    return PerftCase(
        game_id=game_id,
        players=int(players),
        seed=int(seed),
        variants=() if variants == "-" else tuple(variants.split("+")),
        prefix=int(prefix),
        depth=int(depth),
        expected=int(expected),
        where=where,
    )


def read_cases(directory: Path = PERFT_DIR) -> list[PerftCase]:
    """Every case of every perft file in a directory."""
    cases = []
    for path in sorted(directory.glob("*.perft")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            text = line.partition("#")[0].strip()
            if text:
                cases.append(parse_line(text, f"{path.name}:{number}"))
    return cases


def perft(state: State, depth: int) -> int:
    """The number of nodes `depth` decisions below `state`, on the fast path."""
    if depth == 0:
        return 1
    legal = state.legal_actions()
    if depth == 1:
        return len(legal)
    total = 0
    for action in legal:
        child = state.clone()
        child.apply_unchecked(action)
        total += perft(child, depth - 1)
    return total


if __name__ == "__main__":
    case = parse_line(" ".join([*sys.argv[1:], "0"]), "command line")
    print(" ".join([*sys.argv[1:], str(perft(case.position(), case.depth))]))
