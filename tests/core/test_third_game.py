"""A third game, registered only by its spec and an entry point, shows up in every front end:
take-away, the plugin of tests/plugins (no file outside its package names it)."""

from __future__ import annotations

import json
import os
import random
import re
import subprocess
import sys
import time
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import gymnasium
import pyspiel
import pytest
from fastapi.testclient import TestClient
from gymnasium.utils.env_checker import check_env
from kleos_takeaway import SPEC, Take, TakeAway, TakeAwayState
from pettingzoo.test import api_test
from typer.testing import CliRunner

import kleos
import kleos.rl
import kleos.rl.openspiel
from conformance.harness import SETUPS
from kleos.cli.main import app
from kleos.core.errors import StateDataError
from kleos.core.registry import ENTRY_POINTS, game_class
from kleos.server.app import create_app
from kleos.server.settings import Settings

PLUGINS = Path(__file__).resolve().parents[1] / "plugins"
KLEOS = Path(sys.executable).with_name("kleos")
"""The installed console script, beside the venv's Python."""


def kleos_command(*args: str) -> subprocess.CompletedProcess[str]:
    """Run the real `kleos` script in a fresh process that finds the plugin on its path only
    (wide help, so that no usage line is wrapped)."""
    env = {**os.environ, "PYTHONPATH": str(PLUGINS), "TERMINAL_WIDTH": "1000", "NO_COLOR": "1"}
    return subprocess.run(
        [str(KLEOS), *args], env=env, capture_output=True, text=True, timeout=300, check=False
    )


def unboxed(text: str) -> str:
    """Help text with its box drawing and all whitespace taken out (wrapped lines joined)."""
    return re.sub(r"[\s│╭╮╰╯─]+", "", text)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    """An in-process server (SQLite in a temporary folder), as tests/server builds it."""
    settings = Settings(
        data_dir=tmp_path_factory.mktemp("server"),
        ai_workers=1,
        ai_move_seconds=0,
        ai_games_per_hour=10_000,
        games_per_minute=10_000,
    )
    with TestClient(create_app(settings)) as client:
        yield client


def test_the_plugin_is_registered_by_its_entry_point() -> None:
    """The registry lists take-away, found through the `kleos.games` entry point."""
    from importlib.metadata import entry_points  # noqa: PLC0415 - as the registry does

    assert "take-away" in kleos.game_ids()
    assert game_class("take-away") is TakeAway and TakeAway.spec is SPEC
    assert [p.value for p in entry_points(group=ENTRY_POINTS, name="take-away")] == [
        "kleos_takeaway"
    ]
    assert not TakeAway.__module__.startswith("kleos.")


def test_the_conformance_setups_cover_take_away_with_and_without_misere() -> None:
    """The suite plays every player count, standard and misère."""
    covered = {(s.players, s.variants) for s in SETUPS if s.game_id == "take-away"}
    assert covered == {(n, v) for n in (2, 3, 4) for v in ((), ("misere",))}


def test_misere_gives_the_last_counter_to_the_loser() -> None:
    """Whoever takes the last counter scores 5 plus their stars, or in misère everyone else
    does; the highest score wins, ties share."""
    for variants in ((), ("misere",)):
        game = kleos.make("take-away", players=3, seed=4, pile=5, variants=variants)
        state = game.new_initial_state()
        assert isinstance(state, TakeAwayState)
        for count in (2, 1, 2):
            state.apply(Take(count))
        outcome = state.outcome()
        assert state.turn == 2
        points = [0, 0, 5] if not variants else [5, 5, 0]
        scores = tuple(p + b for p, b in zip(points, state.bonus, strict=True))
        assert outcome.scores == scores
        assert outcome.winners == tuple(p for p in range(3) if scores[p] == max(scores))


def test_a_seat_sees_only_its_own_hand_until_the_end() -> None:
    """Private holds the seat's own cards; public counts the hidden hands; `determinize`
    keeps the viewer's hand and deals the others from the cards it does not hold; the
    encoding shows only what the seat may see."""
    state = kleos.make("take-away", players=3, seed=2, pile=9).new_initial_state()
    assert isinstance(state, TakeAwayState)
    view = state.view(1)
    assert view["private"] == {"hand": list(state.hands[1])}
    assert view["public"] == {
        "pile": 9,
        "turn": 0,
        "last_take": 0,
        "hidden_hands": 3,
        "revealed": [],
    }
    assert all(seat["stars"] is None for seat in view["seats"])
    assert state.view(None)["private"] == {}
    redrawn = set()
    for k in range(30):
        copy = state.determinize(1, random.Random(k))
        assert isinstance(copy, TakeAwayState)
        assert copy.hands[1] == state.hands[1] and copy.encode(1) == state.encode(1)
        cards = [card for hand in copy.hands for card in hand]
        assert len(set(cards)) == len(cards)
        redrawn.add(copy.hands)
    assert len(redrawn) > 1
    while not state.is_terminal():
        state.apply(state.legal_actions()[-1])
    assert state.view(None)["public"]["revealed"] == [list(h) for h in state.hands]
    assert [seat["stars"] for seat in state.view(None)["seats"]] == list(state.bonus)
    assert state.determinize(None, random.Random(0)).to_json()["state"] == state._to_json()


def test_a_state_document_is_read_strictly() -> None:
    """Every field once, in range, and the turn one the counters taken could bring."""
    game = kleos.make("take-away", players=2, seed=1, pile=5)
    document = game.new_initial_state().to_json()

    def refused(message: str, **state: Any) -> None:
        with pytest.raises(StateDataError, match=message):
            game.state_from_json({**document, "state": {**document["state"], **state}})

    refused("state.pile is 0 to 5, not 6", pile=6)
    refused("seat 1 cannot be to move once 0 of 5 are taken", turn=1)
    refused("seat 0 cannot be to move once 1 of 5 are taken", pile=4, last=1)
    refused("state.last: 0 after 1 taken", pile=4, turn=1)
    refused(r"state.hands\[1\]\[0\] is 1 to 30, not 31", hands=[[1, 2, 3], [31, 4, 5]])
    refused(r"state.hands\[0\]: not 3 cards, ascending", hands=[[3, 2, 1], [4, 5, 6]])
    refused("state.hands: a card is in two hands", hands=[[1, 2, 3], [3, 4, 5]])
    refused("unknown fields: extra", extra=1)
    over = {**document["state"], "pile": 0, "turn": 0, "last": 2}
    assert game.state_from_json({**document, "state": over}).is_terminal()


def test_the_cli_script_lists_and_plays_the_plugin_in_a_new_process() -> None:
    """The real `kleos` script, given the plugin folder on PYTHONPATH, lists, documents and
    simulates take-away."""
    games = kleos_command("games")
    assert games.returncode == 0, games.stderr
    assert "take-away" in games.stdout and "pile=1..40" in games.stdout
    help_text = kleos_command("play", "--help")
    assert help_text.returncode == 0, help_text.stderr
    assert "take-away:" in help_text.stdout and "pile=1..40" in help_text.stdout
    simulated = kleos_command("simulate", "take-away", "-n", "3", "--seed", "1", "-o", "pile=7")
    assert simulated.returncode == 0, simulated.stderr
    assert "Take-away" in simulated.stdout


def test_the_cli_app_lists_and_plays_the_plugin_in_process() -> None:
    """The same through typer's CliRunner on the app."""
    runner = CliRunner()
    games = runner.invoke(app, ["games"])
    assert games.exit_code == 0 and "take-away" in games.output and "pile=1..40" in games.output
    help_text = runner.invoke(app, ["play", "--help"])
    assert help_text.exit_code == 0
    assert "take-away:variants=misere;pile=1..40;max_take=2..4" in unboxed(help_text.output)
    simulated = runner.invoke(app, ["simulate", "take-away", "-n", "2", "--seed", "3"])
    assert simulated.exit_code == 0, simulated.output


def test_the_server_catalog_describes_the_plugin_by_its_spec(server: TestClient) -> None:
    """`/api/catalog` lists take-away with its players, variant and number options."""
    games = {g["id"]: g for g in server.get("/api/catalog").json()["games"]}
    described = games["take-away"]
    assert described == json.loads(json.dumps(SPEC.describe()))
    assert (described["min_players"], described["max_players"]) == (2, 4)
    options = {o["name"]: o for o in described["options"]}
    assert [c["id"] for c in options["variants"]["choices"]] == ["misere"]
    pile = options["pile"]
    assert (pile["kind"], pile["low"], pile["high"], pile["default"]) == ("number", 1, 40, 30)


def test_the_server_creates_and_plays_a_take_away_game_with_options(server: TestClient) -> None:
    """`POST /api/games` with `options: {"pile": 7}` makes the game; a human plays it out."""
    body = {"game": "take-away", "seats": ["human", "human"], "options": {"pile": 7}, "open": []}
    response = server.post("/api/games", json=body)
    assert response.status_code == 201, response.json()
    created = response.json()
    tokens = [seat["token"] for seat in created["seats"]]
    info = server.get(f"/api/games/{created['id']}/info").json()
    assert info["data"]["pile"] == 7 and info["game"] == "take-away"
    for _ in range(7):
        found = server.get(f"/api/games/{created['id']}").json()
        if found["is_terminal"]:
            break
        token = tokens[found["current_player"]]
        mine = server.get(f"/api/games/{created['id']}", params={"token": token}).json()
        assert list(mine["private"]) == ["hand"] and len(mine["private"]["hand"]) == 3
        take = mine["legal_actions"][0]["text"]
        move = {"token": token, "state_id": mine["state_id"], "action": take}
        assert server.post(f"/api/games/{created['id']}/actions", json=move).status_code == 200
    found = server.get(f"/api/games/{created['id']}").json()
    assert found["is_terminal"] and found["public"]["pile"] == 0
    assert found["outcome"]["reason"] == "Player 1 took the last counter"


def test_the_servers_ai_workers_play_the_plugin(server: TestClient) -> None:
    """AI seats think in spawned worker processes, which find the plugin as well."""
    body = {"game": "take-away", "seats": ["random", "hard"], "options": {"pile": 9}, "open": []}
    response = server.post("/api/games", json=body)
    assert response.status_code == 201, response.json()
    game_id = response.json()["id"]
    deadline = time.monotonic() + 60
    while not (found := server.get(f"/api/games/{game_id}").json())["is_terminal"]:
        assert time.monotonic() < deadline, f"the AI seats did not finish: {found['status']}"
        time.sleep(0.05)
    told = [
        e["text"]
        for entry in server.get(f"/api/games/{game_id}/log").json()
        for e in entry["events"]
    ]
    assert told[-1].startswith("The hands are turned up")


def test_openspiel_loads_and_simulates_the_plugin() -> None:
    """`python_kleos_take_away` loads with its parameters and passes OpenSpiel's own test."""
    game = pyspiel.load_game("python_kleos_take_away", {"players": 3, "pile": 9})
    assert game.num_players() == 3 and game.kleos_game.option("pile") == 9
    pyspiel.random_sim_test(game, num_sims=3, serialize=False, verbose=False)
    params = game.get_type().parameter_specification
    assert params["pile"] == 30 and params["variants"] == ""
    misere = pyspiel.load_game("python_kleos_take_away", {"variants": "misere"})
    assert misere.kleos_game.config.variants == ("misere",)
    state = game.new_initial_state()
    assert game.deserialize_state(state.serialize()).kleos_state.to_json() == (
        state.kleos_state.to_json()
    )


def test_gymnasium_registers_and_checks_the_plugin() -> None:
    """`kleos/TakeAway-v0` is registered and passes Gymnasium's checker (illegal ids lose,
    as `check_env` steps with ids drawn from the whole action space)."""
    assert kleos.rl.gym_ids()["kleos/TakeAway-v0"] == "take-away"
    for players, seat in ((2, 0), (3, 2)):
        env = gymnasium.make(
            "kleos/TakeAway-v0", players=players, seat=seat, opponents="random", illegal="lose"
        )
        with warnings.catch_warnings():
            warnings.filterwarnings("ignore", ".*infinity", UserWarning)  # values unbounded
            check_env(env.unwrapped, skip_render_check=True)
        env.close()


def test_pettingzoo_api_test_passes_on_the_plugin() -> None:
    """PettingZoo's own API test, as tests/rl runs it for the built-in games."""
    for players in (2, 3, 4):
        with warnings.catch_warnings():
            warnings.filterwarnings("ignore", "Observation", UserWarning)
            warnings.filterwarnings("ignore", ".*infinity", UserWarning)
            env = kleos.rl.pettingzoo_env("take-away", players=players, seed=3, pile=12)
            api_test(env)
