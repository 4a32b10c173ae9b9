"""Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling et al. 2012).

Each iteration samples a determinization of the decider's information set, walks the tree
with UCB1 over the actions legal in that determinization (counting each child's availability),
expands one new action, plays a rollout with a fast default policy, and backs up a reward for
every player: each node holds the reward of the player who made the move into it, so every
player maximises its own win share (and, a little, its score).

At the root, a prior steers the choices PUCT-style, so the budget goes to plausible moves
first and a short search plays no worse than the prior's source: the `heuristic` agent's
opinion (a softmax of the game's evaluation one ply ahead) or a learned policy
(`kleos.agents.value`). A node below the root that the search keeps coming back to (`inner`
visits) gets the heuristic's opinion of its decider's moves as well and chooses by PUCT from
then on, so the replies the tree studies are the plausible ones. The search stops early once no
other action could overtake the most visited one in the budget left.

A leaf is judged by a rollout (`value=rollout`), by a learned model's win shares
(`value=learned`: no rollout at all; the same call gives the leaf's decider a prior over its
moves, and the node expands its untried moves in that order), or by both, averaged
(`value=mix`). A config the model was not trained for (a variant, another card set) is searched
with rollouts and the heuristic prior; `learned_in_use` says which ran. `expected_shares` gives
every seat's judged win share of a position, the labels `kleos train --label-search` learns.

Moves are public in both games, so the tree is keyed by actions (by their integers, which
hash at no cost: the search walks a determinization's `legal_action_ids` and applies the
action space's own objects); between moves the agent keeps the subtree reached by the moves
it observed (`reuse`), which is sound because the next information set is a refinement of a
node of the old tree.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Final

from kleos.agents.base import Agent, Observation
from kleos.agents.heuristic import evaluate_all, heuristics_for
from kleos.agents.weights import DEFAULT_WEIGHTS, check_name
from kleos.core.errors import ConfigError
from kleos.core.frozen import Frozen
from kleos.core.protocol import Action, Game, PlayerId, State
from kleos.core.rng import choice

if TYPE_CHECKING:
    from kleos.agents.value import LearnedModel

DEFAULT_ITERATIONS: Final = 800
DEFAULT_DEPTH: Final = 6
"""Rollout plies before the game's evaluation judges the position (measured: at 200
iterations in 3-player Ilium, guided rollouts cut at 6 plies won 6 of 12 games against two
`heuristic` agents, where full random rollouts won none)."""
PUCT_WEIGHT: Final = 1.0
"""Default PUCT weight of the prior at the root (0 turns the prior off)."""
VALUES: Final = ("rollout", "learned", "mix")
PRIORS: Final = ("heuristic", "learned", "none")
PRIOR_TEMPERATURE: Final = 5.0
"""Default softmax temperature of the prior, in units of the game's evaluation."""
PRUNE_EVERY: Final = 32
"""Iterations between checks of whether the most visited action can still be overtaken."""
MAX_ITERATIONS: Final = 100_000_000
MAX_SECONDS: Final = 3600.0
MAX_DEPTH: Final = 10_000
MAX_WEIGHT: Final = 1000.0
"""Bounds of the options: a search that never ends is refused, as are NaN and infinities."""
WIN_WEIGHT: Final = 0.8
"""Share of the reward from winning; the rest rewards the score relative to the others."""


class Node:
    """A tree node: the statistics of the move that leads to it."""

    __slots__ = (
        "avail",
        "children",
        "decider",
        "guide",
        "player",
        "prior",
        "total",
        "visits",
        "wins",
    )

    def __init__(self, player: PlayerId) -> None:
        self.player = player
        """Who made the move into this node (-1 at the root)."""
        self.decider: PlayerId = -1
        """Who decides at this node (known once it is visited)."""
        self.children: dict[int, Node] = {}
        """The nodes of the moves tried from here, by the integer of the action."""
        self.visits = 0
        self.avail = 1
        self.total = 0.0
        self.wins = 0.0
        self.prior: dict[int, float] | None = None
        """The decider's learned prior over its moves here, once a leaf evaluation gave it:
        the untried moves are expanded in its order."""
        self.guide: dict[int, float] | None = None
        """The heuristic's prior over the decider's moves here, once the node has been
        visited `inner` times: the node then chooses by PUCT, as the root does."""


@dataclass(frozen=True)
class ActionStats(Frozen):
    """What the search thinks of one legal action at the root."""

    action: Action
    visits: int
    win_rate: float
    """Mean win share of the decider after this action (shared wins count 1/k)."""
    value: float
    """Mean reward of the decider after this action."""


def rewards(
    state: State, judge: Callable[[State], list[float]] | None
) -> tuple[list[float], tuple[float, ...]]:
    """Each player's reward in [0, 1] at the end of a rollout, and each player's win share.

    Terminal: WIN_WEIGHT × win share + the rest × the score scaled between the lowest and the
    highest score. Cut-off rollouts use the game's evaluation of every player (`judge`),
    scaled the same way.
    """
    if state.is_terminal():
        outcome = state.outcome()
        wins = outcome.returns()
        values = [float(s) for s in outcome.scores]
    else:
        assert judge is not None
        values = judge(state)
        best = max(values)
        leaders = [p for p, v in enumerate(values) if v == best]
        wins = tuple(1.0 / len(leaders) if p in leaders else 0.0 for p in range(len(values)))
    low, high = min(values), max(values)
    spread = high - low
    reward = [
        WIN_WEIGHT * wins[p] + (1 - WIN_WEIGHT) * ((v - low) / spread if spread else 0.5)
        for p, v in enumerate(values)
    ]
    return reward, tuple(wins)


class ISMCTSAgent(Agent):
    """ISMCTS with a budget of `iterations` or of `time` seconds per decision.

    Options: iterations (int), time (float, seconds), c (UCB exploration, default 0.7),
    rollout ('heuristic', the game's fast guided policy, by default; or 'random'), depth
    (rollout plies before the game's evaluation takes over, default 6; 0 = play to the end),
    reuse (keep the subtree between moves, default true), value (how a leaf is judged:
    'rollout', the default, 'learned' or 'mix'), prior (the root's prior: 'heuristic', the
    default, 'learned' or 'none'), puct (PUCT weight of the prior, default 1; 0 = plain UCB),
    temperature (softmax temperature of the heuristic prior in evaluation units, default 5),
    weights (the name of the learned model, default 'default', the shipped one), prune (stop
    once the choice cannot change, default true), inner (visits after which a node below the
    root is guided by the heuristic's prior too, default 32; 0 = never).
    """

    spec = "ismcts"
    options: ClassVar[dict[str, type]] = {
        "iterations": int,
        "time": float,
        "c": float,
        "rollout": str,
        "depth": int,
        "reuse": bool,
        "value": str,
        "prior": str,
        "puct": float,
        "temperature": float,
        "weights": str,
        "prune": bool,
        "inner": int,
    }

    def __init__(self, rng: random.Random, **options: Any) -> None:
        super().__init__(rng, **options)
        self.iterations: int | None = options.get("iterations")
        self.seconds: float | None = options.get("time")
        if self.iterations is None and self.seconds is None:
            self.iterations = DEFAULT_ITERATIONS
        if self.iterations is not None and not 1 <= self.iterations <= MAX_ITERATIONS:
            raise ConfigError(f"ismcts: iterations must be from 1 to {MAX_ITERATIONS:,}")
        if self.seconds is not None and not _within(self.seconds, 0, MAX_SECONDS, low_open=True):
            raise ConfigError(
                f"ismcts: time must be more than 0 and at most {MAX_SECONDS:g} seconds"
            )
        self.c: float = options.get("c", 0.7)
        if not _within(self.c, 0, MAX_WEIGHT):
            raise ConfigError(f"ismcts: c must be a number from 0 to {MAX_WEIGHT}")
        self.rollout: str = options.get("rollout", "heuristic")
        if self.rollout not in ("random", "heuristic"):
            raise ConfigError("ismcts: rollout must be 'random' or 'heuristic'")
        self.depth: int = options.get("depth", DEFAULT_DEPTH)
        if not 0 <= self.depth <= MAX_DEPTH:
            raise ConfigError(
                f"ismcts: depth must be from 0 to {MAX_DEPTH} (0 plays rollouts to the end)"
            )
        self.reuse: bool = options.get("reuse", True)
        self.value: str = options.get("value", "rollout")
        if self.value not in VALUES:
            raise ConfigError("ismcts: value must be 'rollout', 'learned' or 'mix'")
        self.prior: str = options.get("prior", "heuristic")
        if self.prior not in PRIORS:
            raise ConfigError("ismcts: prior must be 'heuristic', 'learned' or 'none'")
        self.prior_weight: float = options.get("puct", PUCT_WEIGHT)
        if not _within(self.prior_weight, 0, MAX_WEIGHT):
            raise ConfigError(
                f"ismcts: puct must be a number from 0 to {MAX_WEIGHT} (0 turns the prior off)"
            )
        self.weights: str = check_name(options.get("weights", DEFAULT_WEIGHTS))
        self.temperature: float = options.get("temperature", PRIOR_TEMPERATURE)
        if not _within(self.temperature, 0, MAX_WEIGHT, low_open=True):
            raise ConfigError(f"ismcts: temperature must be more than 0 and at most {MAX_WEIGHT}")
        self.prune: bool = options.get("prune", True)
        self.inner: int = options.get("inner", 32)
        if not 0 <= self.inner <= MAX_ITERATIONS:
            raise ConfigError(f"ismcts: inner must be from 0 to {MAX_ITERATIONS:,}")
        self._evaluate: Callable[[State, PlayerId], float] | None = None
        self._prior: dict[int, float] = {}
        self._model: LearnedModel | None = None
        self.learned_in_use = False
        """Whether the last search used the learned model (a config it was not trained for
        is searched with rollouts and the heuristic prior)."""
        self._root: Node | None = None
        self._game: Game | None = None
        """The game of the last search, whose action space keys the tree."""
        self._synced = False
        """Whether `_root` is the node of the moves observed since the last search."""
        self.last_iterations = 0
        self._tally: dict[Node, list[float]] | None = None
        """While `expected_shares` searches: every seat's summed win share over the
        iterations through each root child."""

    # --------------------------------------------------------------- the agent

    def observe(self, player: PlayerId, action: Action) -> None:
        """Follow the tree along the moves actually made."""
        if self._root is not None and self._game is not None:
            self._root = self._root.children.get(self._game.action_id(action))
            self._synced = self._root is not None

    def choose(self, observation: Observation) -> Action:
        """The most visited legal action at the root."""
        legal = observation.legal_actions
        if len(legal) == 1:
            return legal[0]
        root = self.search(observation)
        ids = _ids(observation)
        return legal[max(range(len(legal)), key=lambda i: _visits(root, ids[i]))]

    def analyse(self, observation: Observation) -> list[ActionStats]:
        """Search from this observation and report every legal action, most visited first."""
        root = self.search(observation, full=True)
        stats = []
        for action, key in zip(observation.legal_actions, _ids(observation), strict=True):
            child = root.children.get(key)
            visits = child.visits if child else 0
            stats.append(
                ActionStats(
                    action,
                    visits,
                    child.wins / visits if child and visits else 0.0,
                    child.total / visits if child and visits else 0.0,
                )
            )
        return sorted(stats, key=lambda s: (-s.visits, -s.value))

    def expected_shares(self, observation: Observation) -> list[float]:
        """Every seat's expected win share (by absolute seat) as the search judges the
        observation's position: the mean over the iterations through the most visited legal
        action, from a new tree and the full budget (what `kleos train` can label positions
        with: a deeper look than a single game's result)."""
        self._synced = False
        tally: dict[Node, list[float]] = {}
        self._tally = tally
        try:
            root = self.search(observation, full=True)
        finally:
            self._tally = None
        best = max(_ids(observation), key=lambda action: _visits(root, action))
        child = root.children.get(best)
        sums = None if child is None else tally.get(child)
        if child is None or sums is None:
            return [1.0 / observation.game.players] * observation.game.players
        return [total / child.visits for total in sums]

    # --------------------------------------------------------------- the search

    def search(self, observation: Observation, *, full: bool = False) -> Node:
        """Run the budget from the observation's information set; return the root.

        The search stops early once the choice cannot change (option `prune`), unless `full`.
        """
        root = self._root if self.reuse and self._synced else None
        if root is None or root.decider not in (-1, observation.player):
            root = Node(-1)
        root.decider = observation.player
        game = self._game = observation.game
        model = self._model = self._learned_model(game)
        self.learned_in_use = model is not None
        heuristics = heuristics_for(game) if self.rollout == "heuristic" or self.depth else None
        evaluate = heuristics.evaluate if heuristics is not None else None
        self._evaluate = evaluate
        judge = evaluate_all(heuristics) if heuristics is not None else None
        guided = heuristics.rollout_action if self.rollout == "heuristic" and heuristics else None
        start = time.perf_counter() if self.seconds is not None else 0.0
        deadline = None if self.seconds is None else start + self.seconds
        self._prior = {}
        if self.prior_weight > 0 and self.prior != "none":
            if self.prior == "learned" and model is not None:
                state = observation.determinize(self.rng)
                self._prior = model.policy(state, observation.player, _ids(observation))
            elif evaluate is not None:
                self._prior = self._root_prior(observation, evaluate)
        done = 0
        while True:
            if self.iterations is not None and done >= self.iterations:
                break
            now = 0.0
            if deadline is not None and done:
                now = time.perf_counter()
                if now >= deadline:
                    break
            if self.prune and not full and done and done % PRUNE_EVERY == 0:
                if self.iterations is not None:
                    left = float(self.iterations - done)
                else:
                    assert deadline is not None
                    left = (deadline - now) * done / max(now - start, 1e-9)
                if _decided(root, _ids(observation), left):
                    break
            self._iterate(root, observation.determinize(self.rng), judge, guided)
            done += 1
        self.last_iterations = done
        self._root = root
        self._synced = False
        return root

    def _learned_model(self, game: Game) -> LearnedModel | None:
        """The learned model this search uses: None if its options want none, or if none was
        trained for the game's config."""
        if self.value == "rollout" and self.prior != "learned":
            return None
        from kleos.agents.value import find_model  # noqa: PLC0415 (numpy loads only for it)

        return find_model(game, self.weights)

    def _root_prior(
        self, observation: Observation, evaluate: Callable[[State, PlayerId], float]
    ) -> dict[int, float]:
        """The heuristic's opinion of each legal action (by its integer): a softmax of the
        evaluation after it (on one determinization, as the `heuristic` agent sees it)."""
        state = observation.determinize(self.rng)
        return self._heuristic_prior(state, observation.player, _ids(observation), evaluate)

    def _heuristic_prior(
        self,
        state: State,
        player: PlayerId,
        legal: list[int],
        evaluate: Callable[[State, PlayerId], float],
    ) -> dict[int, float]:
        """A softmax of the evaluation after each legal action (by its integer)."""
        actions = state.game.action_space.all
        values = []
        for action in legal:
            after = state.clone()
            after.apply_unchecked(actions[action])
            values.append(evaluate(after, player))
        best = max(values)
        weights = [math.exp((v - best) / self.temperature) for v in values]
        total = sum(weights)
        return {i: w / total for i, w in zip(legal, weights, strict=True)}

    def _select_puct(self, node: Node, legal: list[int], prior: dict[int, float]) -> int:
        """PUCT at the root and at guided nodes: mean reward plus the prior, shrinking as an
        action is visited. An action never tried counts the node's mean reward so far."""
        weight = self.prior_weight
        children = node.children
        visits = sum(child.visits for child in children.values())
        mean = sum(child.total for child in children.values()) / visits if visits else 0.5
        spread = weight * math.sqrt(visits + 1)
        best, best_score = legal[0], -math.inf
        for action in legal:
            child = children.get(action)
            if child is None or not child.visits:
                score = mean + spread * prior.get(action, 0.0)
            else:
                score = child.total / child.visits + spread * prior.get(action, 0.0) / (
                    1 + child.visits
                )
            if score > best_score:
                best, best_score = action, score
        return best

    def _iterate(
        self,
        root: Node,
        state: State,
        judge: Callable[[State], list[float]] | None,
        guided: Callable[[State, random.Random], Action] | None,
    ) -> None:
        rng, c = self.rng, self.c
        actions = state.game.action_space.all
        node = root
        path = [root]
        while not state.is_terminal():
            legal = state.legal_action_ids()
            decider = state.current_player
            assert decider is not None
            node.decider = decider
            children = node.children
            prior = self._prior if node is root else node.guide
            if (
                prior is None
                and self.inner
                and self.prior_weight > 0
                and node.visits >= self.inner
                and self._evaluate is not None
            ):
                prior = node.guide = self._heuristic_prior(state, decider, legal, self._evaluate)
            if prior:
                action = self._select_puct(node, legal, prior)
                child = children.get(action)
                state.apply_unchecked(actions[action])
                if child is None:
                    node = children[action] = Node(decider)
                    path.append(node)
                    break
                node = child
                path.append(node)
                continue
            untried: list[int] = []
            available: list[tuple[int, Node]] = []
            for action in legal:
                child = children.get(action)
                if child is None:
                    untried.append(action)
                else:
                    child.avail += 1
                    available.append((action, child))
            if untried:
                if len(untried) == 1:
                    action = untried[0]
                elif node.prior:
                    prior = node.prior
                    action = max(untried, key=lambda a: prior.get(a, 0.0))
                else:
                    action = choice(rng, untried)
                node = children[action] = Node(decider)
                state.apply_unchecked(actions[action])
                path.append(node)
                break
            best_score = -1.0
            chosen = available[0]
            for pair in available:
                child = pair[1]
                score = child.total / child.visits + c * math.sqrt(
                    math.log(child.avail) / child.visits
                )
                if score > best_score:
                    best_score, chosen = score, pair
            state.apply_unchecked(actions[chosen[0]])
            node = chosen[1]
            path.append(node)
        model = self._model
        learned: list[float] | None = None
        if model is not None and self.value != "rollout" and not state.is_terminal():
            learned, node.prior = model.evaluate(state, root.decider)
        if learned is not None and self.value == "learned":
            reward, win = learned, learned
        else:
            reward, win = self._rollout(state, judge, guided)
            if learned is not None:
                reward = [(r + v) / 2 for r, v in zip(reward, learned, strict=True)]
                win = [(w + v) / 2 for w, v in zip(win, learned, strict=True)]
        for visited in path:
            visited.visits += 1
            if visited.player >= 0:
                visited.total += reward[visited.player]
                visited.wins += win[visited.player]
        tally = self._tally
        if tally is not None and len(path) > 1:
            sums = tally.get(path[1])
            if sums is None:
                tally[path[1]] = list(win)
            else:
                for seat, share in enumerate(win):
                    sums[seat] += share

    def _rollout(
        self,
        state: State,
        judge: Callable[[State], list[float]] | None,
        guided: Callable[[State, random.Random], Action] | None,
    ) -> tuple[list[float], list[float]]:
        """Play the default policy from a leaf for `depth` plies (or to the end): the
        players' rewards and win shares there (`rewards`)."""
        rng = self.rng
        plies = 0
        while not state.is_terminal():
            if self.depth and plies >= self.depth:
                break
            played = guided(state, rng) if guided else choice(rng, state.legal_actions())
            state.apply_unchecked(played)
            plies += 1
        reward, win = rewards(state, judge)
        return reward, list(win)


def _within(value: float, low: float, high: float, *, low_open: bool = False) -> bool:
    """Whether `value` is a finite number in [low, high] (or (low, high] with `low_open`)."""
    if not isinstance(value, int | float) or not math.isfinite(value):
        return False
    return (low < value if low_open else low <= value) and value <= high


def _ids(observation: Observation) -> list[int]:
    """The integers of the observation's legal actions, in their order."""
    ids = observation.game.action_space.ids
    return [ids[action] for action in observation.legal_actions]


def _decided(root: Node, legal: list[int], left: float) -> bool:
    """Whether the most visited action leads by more visits than the `left` iterations could
    give any other (each iteration visits one child of the root): searching on cannot change
    the choice."""
    counts = sorted((_visits(root, action)[0] for action in legal), reverse=True)
    return len(counts) < 2 or counts[0] - counts[1] > left


def _visits(root: Node, action: int) -> tuple[int, float]:
    child = root.children.get(action)
    return (0, 0.0) if child is None else (child.visits, child.total / max(child.visits, 1))
