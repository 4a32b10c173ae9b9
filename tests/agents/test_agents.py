"""The agent layer: specs, legality, budgets, tree reuse, and no peeking at hidden information."""

from __future__ import annotations

import random

import pytest
from agent_helpers import CONFIGS, positions

import kleos
from kleos.agents import LEVELS, agent_spec, make_agent
from kleos.agents import ismcts as ismcts_module
from kleos.agents.base import Observation
from kleos.agents.heuristic import heuristics_for
from kleos.agents.ismcts import ISMCTSAgent, Node
from kleos.session.loop import play_game

SPECS = ("random", "heuristic", "ismcts:iterations=12", "ismcts:iterations=8:rollout=heuristic")


@pytest.mark.parametrize(("game_id", "players"), CONFIGS)
def test_every_agent_returns_a_legal_action(game_id: str, players: int) -> None:
    """Each agent answers every sampled position of a random game with a legal action."""
    for state in positions(game_id, players, seed=players, every=17):
        player = state.current_player
        assert player is not None
        for n, spec in enumerate(SPECS):
            agent = make_agent(spec, seed=n)
            action = agent.choose(Observation(state, player))
            assert action in state.legal_actions(), (spec, action)


@pytest.mark.parametrize(("game_id", "players"), [("ilium", 3), ("elysium", 3)])
def test_agents_never_see_hidden_information(game_id: str, players: int) -> None:
    """Poison what the decider cannot see (another state consistent with its view): every
    agent, seeded alike, makes the same choice, so nothing hidden leaks into it."""
    for state in positions(game_id, players, seed=11, every=23):
        player = state.current_player
        assert player is not None
        for k in range(2):
            poisoned = state.determinize(player, random.Random(1000 + k))
            assert poisoned.view(player) == state.view(player)
            for n, spec in enumerate(SPECS):
                real = make_agent(spec, seed=n).choose(Observation(state, player))
                fake = make_agent(spec, seed=n).choose(Observation(poisoned, player))
                assert real == fake, (spec, real, fake)


def test_same_seed_gives_the_same_choices() -> None:
    """Agents are reproducible: the same seed replays the same game."""
    game = kleos.make("ilium", players=3, seed=4)
    records = []
    for _ in range(2):
        agents = [make_agent(spec, seed=p) for p, spec in enumerate(SPECS[:3])]
        records.append(play_game(game, agents).moves)
    assert records[0] == records[1]


def test_ismcts_respects_its_iteration_budget() -> None:
    """iterations=N runs exactly N iterations and the root's children hold N visits."""
    state = kleos.make("ilium", players=3, seed=2).new_initial_state()
    agent = make_agent("ismcts:iterations=37:reuse=false:prune=false", seed=1)
    assert isinstance(agent, ISMCTSAgent)
    root = agent.search(Observation(state, state.current_player or 0))
    assert agent.last_iterations == 37
    assert sum(child.visits for child in root.children.values()) == 37


def test_ismcts_respects_its_time_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """time=T stops at the first check past the deadline (a fake clock makes it exact)."""
    clock = iter(range(1000))
    monkeypatch.setattr(ismcts_module.time, "perf_counter", lambda: float(next(clock)))
    state = kleos.make("ilium", players=3, seed=2).new_initial_state()
    agent = make_agent("ismcts:time=5", seed=1)
    assert isinstance(agent, ISMCTSAgent)
    agent.search(Observation(state, state.current_player or 0))
    # The deadline is read once (t=0 → 5); each iteration then reads the clock once: 1, 2, ...
    assert agent.last_iterations == 5


def test_ismcts_stops_once_its_choice_cannot_change() -> None:
    """With `prune`, the search stops when no other action could catch the most visited one
    in the iterations left: it makes the same choice as the full search, in fewer iterations
    (the seeds are alike, so the pruned search is a prefix of the full one)."""
    stopped_early = 0
    for state in positions("ilium", 3, seed=8, every=9)[:8]:
        player = state.current_player
        assert player is not None
        observation = Observation(state, player)
        if len(observation.legal_actions) < 2:
            continue
        full = make_agent("ismcts:iterations=400:prune=false", seed=3)
        pruned = make_agent("ismcts:iterations=400", seed=3)
        assert isinstance(full, ISMCTSAgent) and isinstance(pruned, ISMCTSAgent)
        assert pruned.choose(observation) == full.choose(observation)
        assert full.last_iterations == 400 and pruned.last_iterations <= 400
        stopped_early += pruned.last_iterations < 400
    assert stopped_early > 0


@pytest.mark.parametrize(("game_id", "players"), [("ilium", 3), ("elysium", 2)])
def test_ismcts_expected_shares_are_the_most_visited_actions_mean_for_every_seat(
    game_id: str, players: int
) -> None:
    """`expected_shares` searches the full budget from a new tree and gives every seat's mean
    win share through the most visited action: they sum to 1, and the decider's is the win
    rate that `analyse` reports for that action (the same seed searches the same tree)."""
    for state in positions(game_id, players, seed=4, every=13)[:4]:
        player = state.current_player
        assert player is not None
        observation = Observation(state, player)
        judge = make_agent("ismcts:iterations=120", seed=5)
        twin = make_agent("ismcts:iterations=120", seed=5)
        assert isinstance(judge, ISMCTSAgent) and isinstance(twin, ISMCTSAgent)
        shares = judge.expected_shares(observation)
        assert judge.last_iterations == 120
        assert len(shares) == players and sum(shares) == pytest.approx(1.0)
        assert shares[player] == pytest.approx(twin.analyse(observation)[0].win_rate)


@pytest.mark.parametrize("game_id", ["ilium", "elysium"])
def test_ismcts_prior_is_the_heuristic_one_ply_opinion(game_id: str) -> None:
    """The root prior ranks actions as the `heuristic` agent does: with a single iteration,
    the search plays an action the game's evaluation likes best."""
    evaluate = heuristics_for(kleos.make(game_id, players=3)).evaluate
    for state in positions(game_id, 3, seed=5, every=13):
        player = state.current_player
        assert player is not None
        if len(state.legal_actions()) < 2:
            continue
        values = {}
        for action in state.legal_actions():
            after = state.clone()
            after.apply_unchecked(action)
            values[action] = evaluate(after, player)
        agent = make_agent("ismcts:iterations=1", seed=0)
        choice = agent.choose(Observation(state, player))
        assert values[choice] == max(values.values()), (game_id, choice)


def _searched_nodes(spec: str, state: kleos.State, seed: int) -> list[Node]:
    """Every node of the tree one search of `spec` from `state` builds, its root last."""
    player = state.current_player
    assert player is not None
    agent = make_agent(spec, seed=seed)
    assert isinstance(agent, ISMCTSAgent)
    root = agent.search(Observation(state, player))
    nodes: list[Node] = []
    stack = list(root.children.values())
    while stack:
        node = stack.pop()
        stack.extend(node.children.values())
        nodes.append(node)
    return [*nodes, root]


@pytest.mark.parametrize(("game_id", "players"), [("ilium", 3), ("elysium", 2)])
def test_ismcts_inner_nodes_choose_by_the_heuristic_prior_once_visited_inner_times(
    game_id: str, players: int
) -> None:
    """With `inner=K`, a node below the root gets the heuristic's prior over its decider's
    moves when it is reached for the K-th time after its creation, and none before: every
    node visited more than K times has one, every other none, and each is a distribution."""
    for state in positions(game_id, players, seed=6, every=17)[:3]:
        guided = 0
        for node in _searched_nodes("ismcts:iterations=300:inner=4:prune=false", state, 2)[:-1]:
            if node.decider < 0:  # a leaf, or the end of the game
                assert node.guide is None
                continue
            assert (node.guide is not None) == (node.visits > 4)
            if node.guide is not None:
                guided += 1
                assert sum(node.guide.values()) == pytest.approx(1.0)
                assert all(0.0 <= share <= 1.0 for share in node.guide.values())
        assert guided > 0


def test_ismcts_inner_prior_picks_the_first_move_tried_at_a_node() -> None:
    """With `inner=1` a node is guided on its second visit, before it has any child: the
    first move it then tries is the one the heuristic's prior likes best."""
    state = kleos.make("ilium", players=3, seed=9).new_initial_state()
    checked = 0
    for node in _searched_nodes("ismcts:iterations=200:inner=1:prune=false", state, 4)[:-1]:
        if node.guide is not None and node.children:
            first = next(iter(node.children))  # children are kept in the order they were made
            assert node.guide[first] == max(node.guide.values())
            checked += 1
    assert checked > 10


def test_ismcts_inner_guides_no_node_without_a_prior_weight() -> None:
    """`puct=0` turns the prior off below the root as at the root: no node gets a guide, and
    every node chooses by UCB1."""
    state = kleos.make("ilium", players=3, seed=9).new_initial_state()
    visited = 0
    for node in _searched_nodes("ismcts:iterations=300:inner=2:puct=0:prune=false", state, 4):
        assert node.guide is None
        visited += node.visits > 2
    assert visited > 10


def test_ismcts_reuses_the_subtree_of_the_moves_made() -> None:
    """After its move and the opponents' moves, the next search starts from the subtree."""
    game = kleos.make("ilium", players=2, seed=3)
    state = game.new_initial_state()
    agent = make_agent("ismcts:iterations=400:prune=false", seed=5)
    assert isinstance(agent, ISMCTSAgent)
    me = state.current_player
    assert me is not None
    action = agent.choose(Observation(state, me))
    root = agent._root
    assert root is not None
    child = root.children[game.action_id(action)]  # the tree is keyed by action integers
    state.apply(action)
    agent.observe(me, action)
    assert agent._root is child and child.visits > 0
    kept = child.visits
    if state.current_player == me:
        agent.search(Observation(state, me))
        assert agent._root is child and child.visits == kept + 400


def test_ismcts_beats_random() -> None:
    """A small fixed sample: ISMCTS wins clearly more than its third against two random."""
    wins = 0.0
    for deal in range(3):
        game = kleos.make("ilium", players=3, seed=deal)
        seat = deal % 3
        agents = [
            make_agent("ismcts:iterations=60" if p == seat else "random", seed=deal * 3 + p)
            for p in range(3)
        ]
        outcome = play_game(game, agents).outcome
        assert outcome is not None
        wins += outcome.returns()[seat]
    assert wins >= 2


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("alphazero", "unknown agent 'alphazero'"),
        ("ismcts:iterations", "options are written key=value"),
        ("ismcts:iterations=lots", "expected a whole number, got 'lots'"),
        ("ismcts:budget=3", "has no option 'budget'"),
        ("ismcts:iterations=0", "iterations must be from 1 to 100,000,000"),
        ("ismcts:time=-1", "time must be more than 0 and at most 3600 seconds"),
        ("ismcts:rollout=smart", "rollout must be 'random' or 'heuristic'"),
        ("ismcts:reuse=maybe", "expected true or false"),
        ("ismcts:puct=-1", "puct must be a number from 0"),
        ("ismcts:value=magic", "value must be"),
        ("ismcts:prior=0", "prior must be"),
        ("ismcts:weights=../x", "weights are named by a word"),
        ("ismcts:temperature=0", "temperature must be more than 0"),
        ("ismcts:prune=perhaps", "expected true or false"),
        ("ismcts:inner=-1", "inner must be from 0 to 100,000,000"),
        ("random:iterations=3", "agent 'random' has no option 'iterations'"),
    ],
)
def test_bad_agent_specs_give_clear_errors(spec: str, message: str) -> None:
    """A bad spec or option is refused with a ConfigError that says what is wrong."""
    with pytest.raises(kleos.ConfigError, match=message):
        make_agent(spec, seed=0)


def test_levels_map_to_agent_specs() -> None:
    """easy / medium / hard are names for specs of increasing strength; hard is the learned
    search (the learned value mixed with rollouts) where a model ships."""
    assert set(LEVELS) == {"easy", "medium", "hard"}
    assert agent_spec("easy").name == "heuristic"
    assert str(agent_spec("medium")) == "ismcts:iterations=300"
    assert str(agent_spec("hard")) == "ismcts:time=1.0:value=mix"
    assert make_agent("HARD", seed=0).name == "ismcts:time=1.0:value=mix"
