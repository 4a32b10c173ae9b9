"""The per-game heuristics (`kleos.games.<game>.heuristics`): evaluation and rollout policy."""

from __future__ import annotations

import importlib
import json
import math
import random
from types import ModuleType
from typing import Any

import pytest
from agent_helpers import CONFIGS, positions

import kleos
from kleos.agents import make_agent
from kleos.agents.base import Observation
from kleos.agents.heuristic import evaluate_all
from kleos.core.protocol import State
from kleos.games.elysium import Elysium, ElysiumState
from kleos.games.elysium.scenario import position as elysium_position
from kleos.games.ilium import Ilium, IliumState
from kleos.games.ilium.scenario import position as ilium_position
from kleos.session.loop import play_game

GAMES = ("ilium", "elysium")


def heuristics(game_id: str) -> ModuleType:
    return importlib.import_module(f"kleos.games.{game_id}.ai")


def snapshot(state: State) -> str:
    """Everything anyone may see, and the legal actions, as canonical text."""
    views: list[Any] = [state.view(None)]
    views += [state.view(p) for p in range(state.game.players)]
    views.append([str(a) for a in state.legal_actions()])
    return json.dumps(views, sort_keys=True)


@pytest.mark.parametrize(("game_id", "players"), CONFIGS)
def test_evaluate_and_rollout_on_random_states(game_id: str, players: int) -> None:
    """Finite evaluations, a legal and deterministic rollout action, and the state untouched."""
    h = heuristics(game_id)
    for seed in (1, 2):
        for state in positions(game_id, players, seed, every=7, final=True):
            before = snapshot(state)
            for p in range(players):
                value = h.evaluate(state, p)
                assert isinstance(value, float) and math.isfinite(value)
            if not state.is_terminal():
                action = h.rollout_action(state, random.Random(seed))
                assert action in state.legal_actions()
                assert h.rollout_action(state, random.Random(seed)) == action
            assert snapshot(state) == before


@pytest.mark.parametrize(("game_id", "players"), CONFIGS)
def test_evaluate_all_gives_every_players_evaluate_on_every_state(
    game_id: str, players: int
) -> None:
    """The search's one-pass judgement of all the players is each player's `evaluate`, to the
    bit, whatever the position (swaps half made, finished games)."""
    h = heuristics(game_id)
    for state in positions(game_id, players, 3, every=1, final=True):
        assert h.evaluate_all(state) == [h.evaluate(state, p) for p in range(players)]


def test_the_search_judges_a_game_without_evaluate_all_player_by_player() -> None:
    """A game whose heuristics give `evaluate` only (the take-away plugin) is judged by it."""
    from kleos_takeaway import heuristics as take_away  # noqa: PLC0415

    assert not hasattr(take_away, "evaluate_all")
    state = kleos.make("take-away", players=3, seed=2, pile=9).new_initial_state()
    judge = evaluate_all(take_away)
    assert judge(state) == [take_away.evaluate(state, p) for p in range(3)]
    agent = make_agent("ismcts:iterations=40:depth=1", seed=1)
    seat = state.current_player
    assert seat is not None
    assert agent.choose(Observation(state, seat)) in state.legal_actions()


def test_terminal_evaluation_follows_the_outcome() -> None:
    """At the end of the game a winner's evaluation beats every loser's."""
    for game_id in GAMES:
        h = heuristics(game_id)
        for seed in range(3):
            final = positions(game_id, 3, seed, every=10_000, final=True)[-1]
            outcome = final.outcome()
            values = [h.evaluate(final, p) for p in range(3)]
            for w in outcome.winners:
                for p in range(3):
                    if p not in outcome.winners:
                        assert values[w] > values[p]


@pytest.mark.parametrize("game_id", GAMES)
def test_rollout_policy_plays_whole_games(game_id: str) -> None:
    """The rollout policy in every seat reaches the end, the same way for the same seed."""
    h = heuristics(game_id)
    for players in (2, 3, 4):
        ends = []
        for _ in range(2):
            state = kleos.make(game_id, players=players, seed=players).new_initial_state()
            rng = random.Random(5)
            plies = 0
            while not state.is_terminal():
                state.apply_unchecked(h.rollout_action(state, rng))
                plies += 1
                assert plies < 5000
            ends.append(snapshot(state))
        assert ends[0] == ends[1]


# ------------------------------------------------------------------ Ilium scenarios


def ilium_game() -> Ilium:
    game = kleos.make("ilium", players=3, seed=1)
    assert isinstance(game, Ilium)
    return game


def test_ilium_prefers_holding_the_tokens() -> None:
    """The same tokens are worth more to Red in Red's hoard than in Yellow's."""
    h = heuristics("ilium")
    mine = ["Coins-1", "Coins-2", "Horses-1", "Armbands-3"]
    theirs = ["Bottles-1"]
    red_rich = ilium_position(ilium_game(), hoards={0: mine, 1: theirs})
    yellow_rich = ilium_position(ilium_game(), hoards={0: theirs, 1: mine})
    assert h.evaluate(red_rich, 0) > h.evaluate(yellow_rich, 0)
    assert h.evaluate(red_rich, 1) < h.evaluate(yellow_rich, 1)


def test_ilium_prefers_leading_a_path() -> None:
    """Leading a nearly full path beats trailing on it."""
    h = heuristics("ilium")
    red_leads = ilium_position(ilium_game(), groups=[(0, "p20", 0, 3), (1, "p20", 1, 1)])
    red_trails = ilium_position(ilium_game(), groups=[(1, "p20", 0, 3), (0, "p20", 1, 1)])
    assert h.evaluate(red_leads, 0) > h.evaluate(red_trails, 0)


def test_ilium_heuristic_closes_a_path_it_wins() -> None:
    """With one space left on a path Red leads 4 to 1, the heuristic agent fills it."""
    state = ilium_position(
        ilium_game(),
        groups=[(0, "p20", 0, 3), (1, "p20", 1, 1), (0, "p20", 2, 1)],
        decks={0: [2, 1, 2]},
    )
    assert isinstance(state, IliumState)
    agent = make_agent("heuristic", seed=3)
    assert str(agent.choose(Observation(state, 0))) == "place p20:3"
    assert str(heuristics("ilium").rollout_action(state, random.Random(1))) == "place p20:3"


def _rollout_choices(state: State) -> set[str]:
    """What Ilium's rollout policy plays from `state` under every seed of 0–29 whose first
    draw does not make it play at random."""
    h = heuristics("ilium")
    seeds = [k for k in range(30) if random.Random(k).random() >= h.ROLLOUT_EPSILON]
    return {str(h.rollout_action(state, random.Random(k))) for k in seeds}


def test_ilium_rollout_contests_a_path_it_can_lead() -> None:
    """With no path to close (no cubes to close one with), the rollout policy takes the lead
    of the nearly full path with dear tokens at its ends, next to the shovel, rather than
    placing at random."""
    state = ilium_position(
        ilium_game(),
        stocks={"HIS": ["Coins-4"], "THY": ["Horses-4"]},
        groups=[(0, "p20", 0, 3), (1, "p20", 1, 1)],
        decks={0: [1, 2, 2]},
        cubes_left=[0, 3, 3],
    )
    assert _rollout_choices(state) == {"place p20:2"}


def test_ilium_rollout_takes_the_token_that_wins_a_majority() -> None:
    """Between two lowest tokens, the rollout policy takes the type whose tied majority one
    more token wins (Coins, 1 against 1), not the one a rival leads by two (Horses)."""
    state = ilium_position(
        ilium_game(),
        stocks={"HIS": ["Coins-1", "Horses-1", "Bottles-3"], "THY": ["Armbands-4"]},
        groups=[(0, "p20", 0, 3), (1, "p20", 1, 1), (0, "p20", 2, 1)],
        decks={0: [1, 2, 2]},
        hoards={
            0: ["Coins-2", "Horses-1"],
            1: ["Horses-1", "Horses-2", "Horses-3"],
            2: ["Coins-1"],
        },
        historians=["Helmets", "Coins", "Bottles"],
    )
    state.apply(next(a for a in state.legal_actions() if str(a) == "place p20:3"))
    assert [str(a) for a in state.legal_actions()] == ["take Coins", "take Horses"]
    assert _rollout_choices(state) == {"take Coins"}


# ---------------------------------------------------------------- Elysium scenarios


def elysium_game() -> Elysium:
    game = kleos.make("elysium", players=3, seed=1, families="recommended")
    assert isinstance(game, Elysium)
    return game


def test_elysium_prefers_a_family_legend_to_single_cards() -> None:
    """Zeus 1-2-3 written as one Legend beats the same cards as three one-card Legends."""
    h = heuristics("elysium")
    zeus = ["ZEU-01a", "ZEU-04a", "ZEU-06a"]
    together = elysium_position(elysium_game(), elysiums={0: [{"cards": zeus}]})
    apart = elysium_position(elysium_game(), elysiums={0: [{"cards": [c]} for c in zeus]})
    assert h.evaluate(together, 0) > h.evaluate(apart, 0)
    assert h.evaluate(together, 1) < h.evaluate(apart, 1)


def test_elysium_prefers_more_vp_and_gold() -> None:
    """More VP tokens, or more gold while transfers remain, is better."""
    h = heuristics("elysium")
    base = elysium_position(elysium_game(), vp={0: 1}, gold={0: 4})
    richer = elysium_position(elysium_game(), vp={0: 1}, gold={0: 8})
    more_vp = elysium_position(elysium_game(), vp={0: 6}, gold={0: 4})
    assert h.evaluate(richer, 0) > h.evaluate(base, 0)
    assert h.evaluate(more_vp, 0) > h.evaluate(base, 0)


def test_elysium_heuristic_completes_a_family_legend() -> None:
    """In the last Writing step, the heuristic agent completes Zeus 1-2-3 (6 VP and a tile)."""
    state = elysium_position(
        elysium_game(),
        start="writing",
        player=0,
        epoch=5,
        order=[0, 1, 2],
        domains={0: ["ZEU-06a", "HAD-01a"]},
        elysiums={0: [{"cards": ["ZEU-01a", "ZEU-04a"]}]},
        gold={0: 5},
        quests={0: "Q4"},
    )
    assert isinstance(state, ElysiumState)
    assert state.current_player == 0
    assert "transfer ZEU-06a to 1" in [str(a) for a in state.legal_actions()]
    agent = make_agent("heuristic", seed=3)
    assert str(agent.choose(Observation(state, 0))) == "transfer ZEU-06a to 1"
    assert str(heuristics("elysium").rollout_action(state, random.Random(1))) == (
        "transfer ZEU-06a to 1"
    )


# ------------------------------------------------------------------ strength


@pytest.mark.parametrize("game_id", GAMES)
def test_heuristic_beats_random(game_id: str) -> None:
    """30 three-player games, the heuristic seat rotated: it wins far more than its third.

    (It wins nearly all of them; 18 of 30 leaves a wide margin and is still twice its share.)
    """
    wins = 0.0
    for seed in range(30):
        seat = seed % 3
        specs = ["heuristic" if p == seat else "random" for p in range(3)]
        agents = [make_agent(spec, 100 * seed + p) for p, spec in enumerate(specs)]
        outcome = play_game(kleos.make(game_id, players=3, seed=seed), agents).outcome
        assert outcome is not None
        wins += outcome.returns()[seat]
    assert wins >= 18
