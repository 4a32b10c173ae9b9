"""The learned models shipped in the game packages (`make weights`; docs/agents.md, "The
shipped weights"): they load, the search uses them where one ships and only there, and they
give the evaluation docs/agents.md documents on fixed positions."""

from __future__ import annotations

import random

import pytest

import kleos
from kleos.agents import make_agent
from kleos.agents.base import Observation
from kleos.agents.ismcts import ISMCTSAgent
from kleos.agents.value import find_model
from kleos.agents.weights import WEIGHTS_PATH

SHIPPED = [("elysium", 2), ("elysium", 3), ("elysium", 4)]
"""The configs a model ships for: those where it made the search stronger at equal iterations."""

DOCUMENTED = {
    # players: {ply: (seat to move, its win shares by seat, a spectator's)}, Elysium, deal 1,
    # moves drawn by random.Random(5) (docs/agents.md)
    2: {
        0: (1, [0.4344, 0.5656], [0.4447, 0.5553]),
        30: (1, [0.4304, 0.5696], [0.4035, 0.5965]),
        60: (0, [0.5853, 0.4147], [0.5878, 0.4122]),
    },
    3: {
        0: (2, [0.3295, 0.3196, 0.3509], [0.2799, 0.3543, 0.3658]),
        30: (0, [0.4505, 0.2723, 0.2773], [0.4342, 0.2849, 0.2809]),
        60: (0, [0.393, 0.297, 0.31], [0.3677, 0.3341, 0.2981]),
    },
    4: {
        0: (2, [0.226, 0.3094, 0.1535, 0.3111], [0.2778, 0.3693, 0.1468, 0.2061]),
        30: (2, [0.2103, 0.297, 0.0515, 0.4413], [0.1773, 0.38, 0.098, 0.3447]),
        60: (3, [0.338, 0.3343, 0.0877, 0.2401], [0.3282, 0.3103, 0.0782, 0.2833]),
    },
}


@pytest.fixture(autouse=True)
def shipped_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """The package's own folders only."""
    monkeypatch.delenv(WEIGHTS_PATH, raising=False)


LABELLED = {"search": "ismcts:depth=0:iterations=64", "share": 0.8}
"""How the positions of the 2- and 3-player models were labelled beside their results."""
RECIPES = {
    ("elysium", 2): (24000, LABELLED),
    ("elysium", 3): (8000, LABELLED),
    ("elysium", 4): (30000, None),
}
"""Each shipped model's generation 0: its games of the default policy and its labels (the
Makefile's `weights` recipe)."""


@pytest.mark.parametrize(("game_id", "players"), SHIPPED)
def test_the_shipped_model_loads_with_its_provenance(game_id: str, players: int) -> None:
    model = find_model(kleos.make(game_id, players=players))
    assert model is not None
    plan = model.info.meta["plan"]
    assert model.info.meta["generation"] == 0
    assert (plan["game"], plan["players"], plan["seed"]) == (game_id, players, 2026)
    assert (plan["positions"], plan.get("labels")) == RECIPES[game_id, players]
    assert model.info.hidden == plan["fit"]["hidden"] == 64


@pytest.mark.parametrize("players", sorted(DOCUMENTED))
def test_the_shipped_model_gives_the_documented_evaluation_on_fixed_positions(
    players: int,
) -> None:
    game = kleos.make("elysium", players=players, seed=1)
    model = find_model(game)
    assert model is not None
    state = game.new_initial_state()
    rng = random.Random(5)
    documented = DOCUMENTED[players]
    for ply in range(max(documented) + 1):
        if ply in documented:
            seat, shares, public = documented[ply]
            assert state.current_player == seat
            assert model.win_shares(state, seat) == pytest.approx(shares, abs=2e-4)
            assert model.public_shares(state) == pytest.approx(public, abs=2e-4)
        state.apply_unchecked(rng.choice(state.legal_actions()))


@pytest.mark.parametrize(
    ("game_id", "players"), [*SHIPPED, ("ilium", 2), ("ilium", 3), ("ilium", 4)]
)
def test_the_search_uses_a_shipped_model_where_one_ships_and_rollouts_elsewhere(
    game_id: str, players: int
) -> None:
    game = kleos.make(game_id, players=players, seed=4)
    state = game.new_initial_state()
    seat = state.current_player
    assert seat is not None
    agent = make_agent("ismcts:iterations=30:value=mix", seed=1)
    assert isinstance(agent, ISMCTSAgent)
    agent.choose(Observation(state, seat))
    assert agent.learned_in_use == ((game_id, players) in SHIPPED)
