"""The seed never reaches a player or an agent: a cheating agent tries every public route to
the master seed and the master state, in every game, and finds each one closed.

The limit that remains (documented in docs/agents.md): an agent in the same Python process
can walk the interpreter's memory (`gc.get_objects()`, frames, private attributes); only
process isolation closes that.
"""

from __future__ import annotations

import random
from collections import Counter, deque
from dataclasses import dataclass, field
from typing import Any

import pytest
from harness import PLAYER_SETUPS, Setup, setup_id

import kleos
from kleos.agents.base import Agent, Observation
from kleos.core.protocol import Action, Game, State
from kleos.session.loop import play_game

MASTER_SEED = 2**62 + 987_654_321
"""A seed no ordinary number in a game equals, so finding it anywhere is a leak."""
PER_TYPE = 200
"""Objects of one class whose attributes are walked (the tables hold thousands of actions,
made of text and numbers only)."""
WALK_EVERY = 40
"""The graph walk (the costly route) is tried at the first decision and every so many."""


def public_graph(root: object) -> list[object]:
    """Every object reachable from `root` by public attributes (no leading underscore) and
    through containers, without calling anything but attribute access."""
    seen: set[int] = set()
    found: list[object] = []
    per_type: Counter[type] = Counter()
    queue: deque[object] = deque([root])
    while queue:
        obj = queue.popleft()
        if id(obj) in seen:
            continue
        seen.add(id(obj))
        found.append(obj)
        if isinstance(obj, str | bytes | int | float | bool | type(None)):
            continue
        if isinstance(obj, dict):
            queue.extend(obj.keys())
            queue.extend(obj.values())
            continue
        if isinstance(obj, list | tuple | set | frozenset):
            queue.extend(obj)
            continue
        per_type[type(obj)] += 1
        if isinstance(obj, type) or callable(obj) or per_type[type(obj)] > PER_TYPE:
            continue
        for name in dir(obj):
            if name.startswith("_"):
                continue
            try:
                value = getattr(obj, name)
            except Exception:  # a property that refuses (an outcome before the end)
                continue
            if not callable(value) or isinstance(value, Game | State):
                queue.append(value)
    return found


@dataclass
class Findings:
    """What the cheating agents got through (every list must stay empty)."""

    leaks: list[str] = field(default_factory=list)
    decisions: int = 0


class CheatingAgent(Agent):
    """Plays random legal actions, but first tries every public route to the secrets.

    It learns the truth to compare with by the one route that stays open in-process, a
    private attribute of the observation (what walking the interpreter's memory gives)."""

    spec = "cheater"

    def __init__(self, rng: random.Random, findings: Findings) -> None:
        super().__init__(rng)
        self.findings = findings
        self.master: State

    def leak(self, route: str) -> None:
        self.findings.leaks.append(route)

    def choose(self, observation: Observation) -> Action:
        self.master = observation._state
        self.findings.decisions += 1
        self.try_the_handle(observation)
        self.try_writing(observation)
        self.try_determinized_copies(observation)
        if self.findings.decisions % WALK_EVERY == 1:
            self.try_walking(observation)
        return self.rng.choice(observation.legal_actions)

    def try_the_handle(self, observation: Observation) -> None:
        """The game handle carries no seed, and cannot deal the real game."""
        game = observation.game
        if game is self.master.game:
            self.leak("observation.game is the master game")
        if game.config.seed is not None:
            self.leak("observation.game.config.seed is set")
        if "seed" in game.config.to_json() and game.config.to_json()["seed"] is not None:
            self.leak("observation.game.config.to_json() has the seed")
        try:
            game.new_initial_state()
        except kleos.ConfigError:
            pass
        else:
            self.leak("observation.game.new_initial_state() dealt a game")

    def try_writing(self, observation: Observation) -> None:
        """Changing the seat, the game or the legal actions is refused; the view stays."""
        before = observation.view()
        other = (observation.player + 1) % observation.game.players
        attempts: dict[str, Any] = {
            "player": other,
            "game": self.master.game,
            "legal_actions": (),
            "_state": self.master,
        }
        for name, value in attempts.items():
            try:
                setattr(observation, name, value)
            except AttributeError:
                continue
            self.leak(f"observation.{name} could be set")
        try:
            del observation.player
        except AttributeError:
            pass
        else:
            self.leak("observation.player could be deleted")
        if observation.view() != before:
            self.leak("observation.view() changed after writing to the observation")

    def try_determinized_copies(self, observation: Observation) -> None:
        """A copy carries its own freshly seeded handle, which deals another game."""
        copy = observation.determinize(random.Random(self.rng.random()))
        if copy is self.master:
            self.leak("determinize returned the master state")
        if copy.game is self.master.game or copy.game.config.seed == MASTER_SEED:
            self.leak("a determinized copy carries the master game or seed")
        dealt = copy.game.new_initial_state()
        real = self.master.game.new_initial_state()
        if all(dealt.view(p) == real.view(p) for p in range(real.game.players)):
            self.leak("a determinized copy's game deals the real game")

    def try_walking(self, observation: Observation) -> None:
        """No public attribute path from the observation, or from a determinized copy, leads
        to the master state, the master game or the master seed."""
        copy = observation.determinize(random.Random(0))
        for start, graph in (("observation", observation), ("determinized copy", copy)):
            for obj in public_graph(graph):
                if obj is self.master:
                    self.leak(f"the master state is reachable from the {start}")
                elif obj is self.master.game:
                    self.leak(f"the master game is reachable from the {start}")
                elif isinstance(obj, int) and not isinstance(obj, bool) and obj == MASTER_SEED:
                    self.leak(f"the master seed is reachable from the {start}")


@pytest.mark.parametrize("setup", PLAYER_SETUPS, ids=setup_id)
def test_a_cheating_agent_finds_every_route_to_the_seed_closed(setup: Setup) -> None:
    """Every seat cheats at every decision of a whole game; no route gives anything away."""
    game = kleos.make(setup.game_id, players=setup.players, seed=MASTER_SEED)
    findings = Findings()
    agents = [CheatingAgent(random.Random(p), findings) for p in range(setup.players)]
    result = play_game(game, agents)
    assert result.state.is_terminal()
    assert findings.decisions > 10
    assert findings.leaks == []


@pytest.mark.parametrize("setup", PLAYER_SETUPS, ids=setup_id)
def test_the_graph_walk_finds_what_is_reachable(setup: Setup) -> None:
    """The walk the cheater uses is not blind: from the master state it finds the master game
    and its seed, so an empty finding above means the routes are closed."""
    state = kleos.make(setup.game_id, players=setup.players, seed=MASTER_SEED).new_initial_state()
    graph = public_graph(state)
    assert any(obj is state.game for obj in graph)
    assert any(isinstance(obj, int) and obj == MASTER_SEED for obj in graph)
