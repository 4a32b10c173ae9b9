"""Shared helpers of the conformance suite: the set-ups to cover and seeded random play.

Everything here uses only the core contract, so the suite runs unchanged for every game
in the registry.
"""

from __future__ import annotations

import importlib
import itertools
import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from hypothesis import strategies as st

import kleos
from kleos.core.protocol import Action, Game, PlayerId, State
from kleos.core.registry import game_class

SEEDS = st.integers(min_value=0, max_value=2**63 - 1)
"""Game seeds for hypothesis: any valid seed."""
MAX_PLIES = 5_000
"""No game of any registered game lasts longer; a playout that does has found a loop."""


@dataclass(frozen=True)
class Setup:
    """One configuration to cover: a game, a player count and a set of variants."""

    game_id: str
    players: int
    variants: tuple[str, ...]

    @property
    def id(self) -> str:
        """A short test id such as 'ilium-3p-burial-vaults'."""
        return f"{self.game_id}-{self.players}p-" + ("+".join(self.variants) or "standard")

    def make(self, seed: int) -> Game:
        """The configured game with this seed."""
        return kleos.make(self.game_id, players=self.players, seed=seed, variants=self.variants)

    def new_state(self, seed: int) -> State:
        """The initial state of the game with this seed."""
        return self.make(seed).new_initial_state()


def setups() -> list[Setup]:
    """Every registered game, at every player count, with every subset of its variants."""
    cases = []
    for game_id in kleos.game_ids():
        cls = game_class(game_id)
        subsets = [
            combo
            for size in range(len(cls.spec.variant_ids) + 1)
            for combo in itertools.combinations(sorted(cls.spec.variant_ids), size)
        ]
        for players in range(cls.min_players, cls.max_players + 1):
            cases.extend(Setup(game_id, players, variants) for variants in subsets)
    return cases


def player_setups() -> list[Setup]:
    """Every registered game at every player count, without variants (for the costlier tests)."""
    return [setup for setup in setups() if not setup.variants]


SETUPS = setups()
PLAYER_SETUPS = player_setups()


def setup_id(setup: Setup) -> str:
    """The pytest id of a set-up."""
    return setup.id


def viewers(state: State) -> list[PlayerId | None]:
    """Every seat, then the spectator (None)."""
    return [*range(state.game.players), None]


def random_action(state: State, rng: random.Random) -> Action:
    """A uniformly random legal action."""
    legal = state.legal_actions()
    return legal[rng.randrange(len(legal))]


def snapshot(state: State) -> dict[str, Any]:
    """Everything observable about a state: every view, the legal actions, who decides."""
    return {
        "views": [state.view(p) for p in viewers(state)],
        "legal": state.legal_actions(),
        "current": state.current_player,
        "terminal": state.is_terminal(),
    }


def future(state: State, seed: int, plies: int = MAX_PLIES) -> Iterator[object]:
    """The spectator's view after each move of a seeded random continuation of a copy of
    `state`, then every view at the end. Two states with equal futures (for several seeds)
    are equal for every practical purpose, hidden parts included."""
    state = state.clone()
    rng = random.Random(seed)
    yield snapshot(state)
    for _ in range(plies):
        if state.is_terminal():
            break
        state.apply(random_action(state, rng))
        yield state.view(None)
    yield snapshot(state)


def same_future(a: State, b: State, seed: int, plies: int = MAX_PLIES) -> bool:
    """Whether two states play out identically under the same seeded random continuation."""
    return all(
        x == y for x, y in itertools.zip_longest(future(a, seed, plies), future(b, seed, plies))
    )


def walk(setup: Setup, seed: int, every: int = 1) -> Iterator[State]:
    """The states of a seeded random game, every `every`-th ply and the final one.

    The state yielded is the live game: a test may try (and must not break) anything on it.
    """
    state = setup.new_state(seed)
    rng = random.Random(seed)
    for ply in range(MAX_PLIES):
        if ply % every == 0 or state.is_terminal():
            yield state
        if state.is_terminal():
            return
        state.apply(random_action(state, rng))
    raise AssertionError(f"{setup.id} seed {seed}: no end after {MAX_PLIES} plies")


def play_to_end(state: State, rng: random.Random) -> list[Action]:
    """Play random legal actions until the game ends; the actions played."""
    actions = []
    while not state.is_terminal():
        assert len(actions) < MAX_PLIES, "the game does not end"
        action = random_action(state, rng)
        state.apply(action)
        actions.append(action)
    return actions


def game_namespace(game: Game) -> dict[str, Any]:
    """The names of the game's package, in which `eval(repr(action))` must work."""
    package = type(game).__module__.rpartition(".")[0]
    return vars(importlib.import_module(package))
