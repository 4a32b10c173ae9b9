"""Why not: a seat pointing at an element of the board hears what it may do with it, or why
nothing, in the engine's words; a spectator hears whose decision it is; bad targets are 422s and
the asking is bounded per address."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from conftest import create, envelope, my_turn_or_over, wait_for
from fastapi.testclient import TestClient

from kleos.server import why
from kleos.server.app import create_app
from kleos.server.settings import Settings


def ask(client: TestClient, game_id: str, target: str, token: str | None = None) -> Any:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    return client.get(f"/api/games/{game_id}/why", params={"target": target}, headers=headers)


def my_ilium_turn(client: TestClient) -> tuple[str, str, dict[str, Any]]:
    created = create(client, "ilium", ["human", "random"])
    token = created["seats"][0]["token"]
    found = wait_for(client, created["id"], token, my_turn_or_over)
    return created["id"], token, found


def test_a_legal_space_says_what_may_be_done_there(client: TestClient) -> None:
    game_id, token, found = my_ilium_turn(client)
    choice = next(c for c in found["legal_actions"] if c["target"])
    answer = ask(client, game_id, choice["target"], token)
    assert answer.status_code == 200
    assert answer.json() == {"target": choice["target"], "text": f"you may {choice['label']}"}


def test_a_site_that_cannot_be_chosen_says_why_in_the_engines_words(client: TestClient) -> None:
    game_id, token, found = my_ilium_turn(client)
    assert found["decision"]["kind"] in ("place", "cube")
    text = ask(client, game_id, "site:HIS", token).json()["text"]
    assert text.startswith("'site HIS' is not possible now: ")
    assert found["decision"]["prompt"] in text


def test_a_spectator_and_a_waiting_seat_hear_whose_decision_it_is(client: TestClient) -> None:
    created = create(client, "elysium", ["human", "human"])
    game_id = created["id"]
    decider = envelope(client, game_id)["current_player"]
    other = created["seats"][1 - decider]["token"]
    card = envelope(client, game_id)["public"]["agora"][0]
    assert ask(client, game_id, f"card:{card}").json()["text"].startswith("you watch this game")
    assert ask(client, game_id, f"card:{card}", other).json()["text"].startswith("not your turn")
    mine = created["seats"][decider]["token"]
    assert ask(client, game_id, f"card:{card}", mine).json()["text"].startswith("you may take ")
    # Elysium: dismissing is not what a Phase II turn does, and the answer says what is asked.
    column = ask(client, game_id, f"column:{decider}:red", mine).json()["text"]
    assert "'dismiss red' is not possible" in column and "must use a power" in column


def test_an_element_nothing_is_played_on_says_what_is_being_decided(client: TestClient) -> None:
    game_id, token, found = my_ilium_turn(client)
    text = ask(client, game_id, "quest:Q1", token).json()["text"]
    assert text == f"nothing is played there now: {found['decision']['prompt']}"


@pytest.mark.parametrize("target", ["", "SPACE:p1:0", "space:p1:0:1:2", "card:<b>", "x" * 81])
def test_a_malformed_target_is_a_422_and_an_unknown_game_a_404(
    client: TestClient, target: str
) -> None:
    game_id, token, _ = my_ilium_turn(client)
    assert ask(client, game_id, target, token).status_code == 422
    assert ask(client, "nope", "site:HIS").status_code == 404


@pytest.fixture
def strict(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> Iterator[TestClient]:
    monkeypatch.setattr(why, "PER_MINUTE", 3)
    settings = Settings(data_dir=tmp_path_factory.mktemp("why"), ai_workers=1, ai_move_seconds=0)
    with TestClient(create_app(settings)) as test_client:
        yield test_client


def test_asking_is_bounded_per_address(strict: TestClient) -> None:
    created = create(strict, "ilium", ["human", "human"])
    answers = [ask(strict, created["id"], "site:HIS").status_code for _ in range(4)]
    assert answers == [200, 200, 200, 429]
