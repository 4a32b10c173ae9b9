"""Hints: a seat whose every opponent is an AI asks the search's opinion of its options, on
its own decision; computed in the AI pool under the server's budget, best first, each option
with its id and label; refused for spectators, with another human at the table, off turn, for
a stale state, after the end; bounded per seat."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import create, envelope, my_turn_or_over, wait_for
from fastapi.testclient import TestClient

import kleos
from kleos.server import ai
from kleos.server.app import create_app
from kleos.server.settings import Settings

SPEC = "ismcts:iterations=40"


def a_server(folder: Path, **settings: Any) -> TestClient:
    defaults: dict[str, Any] = {
        "ai_workers": 1,
        "ai_move_seconds": 0,
        "ai_games_per_hour": 10_000,
        "hint_agent": SPEC,
    }
    return TestClient(create_app(Settings(data_dir=folder, **{**defaults, **settings})))


@pytest.fixture(scope="module")
def hinting(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    with a_server(tmp_path_factory.mktemp("hints"), hints_per_minute=1000) as client:
        yield client


def ask(client: TestClient, game_id: str, token: str, state_id: int) -> Any:
    return client.post(f"/api/games/{game_id}/hint", json={"token": token, "state_id": state_id})


def against_ai(client: TestClient, game: str = "ilium") -> tuple[str, str, dict[str, Any]]:
    created = create(client, game, ["human", "random"])
    game_id, token = created["id"], created["seats"][0]["token"]
    return game_id, token, wait_for(client, game_id, token, my_turn_or_over)


@pytest.mark.parametrize("game", ["ilium", "elysium"])
def test_a_hint_judges_every_option_best_first(hinting: TestClient, game: str) -> None:
    game_id, token, mine = against_ai(hinting, game)
    answer = ask(hinting, game_id, token, mine["state_id"])
    assert answer.status_code == 200, answer.json()
    hint = answer.json()
    assert hint["state_id"] == mine["state_id"] and hint["spec"] == SPEC
    assert 0 < hint["iterations"] <= 40
    legal = {c["id"]: c for c in mine["legal_actions"]}
    assert sorted(o["id"] for o in hint["options"]) == sorted(legal)  # each option, once
    for option in hint["options"]:
        assert set(option) == {"id", "text", "label", "visits", "win_rate"}
        assert (option["text"], option["label"]) == (
            legal[option["id"]]["text"],
            legal[option["id"]]["label"],
        )
        assert 0 <= option["win_rate"] <= 1
    visits = [o["visits"] for o in hint["options"]]
    assert visits == sorted(visits, reverse=True) and sum(visits) <= 40
    again = ask(hinting, game_id, token, mine["state_id"])
    assert again.json() == hint  # the same decision's hint is kept, not searched again


def test_a_hint_is_refused_to_whoever_may_not_have_it(hinting: TestClient) -> None:
    game_id, token, mine = against_ai(hinting)
    state_id = mine["state_id"]
    refused = ask(hinting, game_id, "not a token", state_id)
    assert refused.status_code == 403
    stale = ask(hinting, game_id, token, state_id + 1)
    assert stale.status_code == 409 and "look at the game again" in stale.json()["error"]
    for bad in ({"token": token}, {"token": token, "state_id": -1}, {"state_id": state_id},
                {"token": token, "state_id": state_id, "spec": "ismcts:time=3600"},
                {"token": token, "state_id": "0"}):  # fmt: skip
        assert hinting.post(f"/api/games/{game_id}/hint", json=bad).status_code == 422, bad
    assert ask(hinting, "nope", token, state_id).status_code == 404
    two = create(hinting, "ilium", ["human", "human"])
    decider = envelope(hinting, two["id"])["current_player"]
    refused = ask(hinting, two["id"], two["seats"][decider]["token"], 0)
    assert refused.status_code == 403 and "every other seat is an AI" in refused.json()["error"]


def test_a_hint_is_for_ones_own_decision_before_the_end(tmp_path: Path) -> None:
    with a_server(tmp_path, ai_move_seconds=30) as slow:  # the AI takes its time to move
        for _ in range(30):  # a game the AI opens (a random seat does)
            created = create(slow, "ilium", ["random", "human"])
            game_id, token = created["id"], created["seats"][1]["token"]
            found = envelope(slow, game_id, token)
            if found["current_player"] == 0:
                break
        assert found["current_player"] == 0
        refused = ask(slow, game_id, token, found["state_id"])
        assert refused.status_code == 403 and "not yours now" in refused.json()["error"]
    with a_server(tmp_path) as client:
        game_id, token, found = against_ai(client)
        while not found["is_terminal"]:
            body = {"token": token, "state_id": found["state_id"], "action": 0}
            body["action"] = found["legal_actions"][-1]["id"]
            assert client.post(f"/api/games/{game_id}/actions", json=body).status_code == 200
            found = wait_for(client, game_id, token, my_turn_or_over)
        over = ask(client, game_id, token, found["state_id"])
        assert over.status_code == 409 and "the game is over" in over.json()["error"]


def test_hints_are_bounded_per_seat(tmp_path: Path) -> None:
    with a_server(tmp_path, hints_per_minute=1) as client:
        game_id, token, mine = against_ai(client)
        assert ask(client, game_id, token, mine["state_id"]).status_code == 200
        body = {
            "token": token,
            "state_id": mine["state_id"],
            "action": mine["legal_actions"][0]["id"],
        }
        assert client.post(f"/api/games/{game_id}/actions", json=body).status_code == 200
        mine = wait_for(client, game_id, token, my_turn_or_over)
        refused = ask(client, game_id, token, mine["state_id"])
        assert (
            refused.status_code == 429 and "at most 1 hints for one seat" in refused.json()["error"]
        )


def test_the_search_sees_only_the_seats_observation(monkeypatch: pytest.MonkeyPatch) -> None:
    """The worker hands the agent the seat's observation: a game handle without the seed."""
    seen: list[Any] = []
    real = ai.ISMCTSAgent.analyse

    def spy(self: Any, observation: Any) -> Any:
        seen.append(observation)
        return real(self, observation)

    monkeypatch.setattr(ai.ISMCTSAgent, "analyse", spy)
    game = kleos.make("ilium", players=2, seed=11)
    config = game.config.to_json()
    first = game.new_initial_state().current_player
    hint = ai.hint("g", config, [], first, SPEC, 5)
    assert [o["visits"] for o in hint["options"]] and seen[0].player == first
    assert seen[0].game.config.seed is None


def test_hints_wait_for_none_past_the_servers_few_at_a_time(hinting: TestClient) -> None:
    game_id, token, mine = against_ai(hinting)
    hints = hinting.app.state.hub.hints  # type: ignore[attr-defined]
    others = {f"other/{n}" for n in range(4)}  # four hints being computed for other seats
    hints.running.update(others)
    try:
        busy = ask(hinting, game_id, token, mine["state_id"])
        assert busy.status_code == 429 and "busy giving other hints" in busy.json()["error"]
        hints.running.difference_update(others)
        hints.running.add(f"{game_id}/0")  # this seat's own hint is under way
        twice = ask(hinting, game_id, token, mine["state_id"])
        assert twice.status_code == 429 and "being computed" in twice.json()["error"]
    finally:
        hints.running.clear()
    assert ask(hinting, game_id, token, mine["state_id"]).status_code == 200
