"""The HTTP API: creating, watching and playing games, and every refusal as a clear 4xx that
changes nothing."""

from __future__ import annotations

import random
from pathlib import Path

from conftest import create, envelope, my_turn_or_over, wait_for
from fastapi.testclient import TestClient

import kleos
from kleos.server.app import create_app
from kleos.server.settings import Settings


def test_health(client: TestClient) -> None:
    assert client.get("/healthz").json() == {"status": "ok"}


def test_a_game_is_created_with_a_token_and_link_per_human_seat(client: TestClient) -> None:
    created = create(client, "ilium", ["human", "hard", "human"])
    tokens = [seat["token"] for seat in created["seats"]]
    assert tokens[1] is None and created["seats"][1]["kind"] == "hard"
    assert all(len(t) >= 32 for t in (tokens[0], tokens[2]))  # 24 random bytes: 192 bits
    assert tokens[0] != tokens[2]
    # The token rides in the link's fragment, which a browser never sends to a server.
    assert created["seats"][0]["url"].endswith(f"/games/{created['id']}#token={tokens[0]}")
    assert created["spectator_url"].endswith(f"/games/{created['id']}")


def test_a_human_plays_a_whole_game_against_ai_seats_over_http(client: TestClient) -> None:
    """The seat's envelope carries its legal actions when it decides; moves by id or text."""
    created = create(client, "ilium", ["human", "random", "random"])
    game_id, token = created["id"], created["seats"][0]["token"]
    rng = random.Random(1)
    for ply in range(400):
        found = wait_for(client, game_id, token, my_turn_or_over)
        if found["is_terminal"]:
            break
        choice = rng.choice(found["legal_actions"])
        action = choice["id"] if ply % 2 else choice["text"]
        response = client.post(
            f"/api/games/{game_id}/actions",
            json={"token": token, "state_id": found["state_id"], "action": action},
        )
        assert response.status_code == 200, response.json()
        assert response.json()["state_id"] > found["state_id"]
    assert found["is_terminal"] and found["outcome"]["reason"]
    record = client.get(f"/api/games/{game_id}/record")
    assert record.status_code == 200
    replayed = kleos.replay(kleos.core.records.parse_record(record.text))
    assert replayed.state.outcome().to_json() == found["outcome"]


def test_refusals_have_their_own_status_and_change_nothing(client: TestClient) -> None:
    created = create(client, "ilium", ["human", "human"])
    game_id = created["id"]
    first, second = (seat["token"] for seat in created["seats"])
    decider = envelope(client, game_id)["current_player"]
    mover, waiter = (first, second) if decider == 0 else (second, first)
    envelope(client, game_id, waiter)  # both have used their links (their seats are joined)
    found = envelope(client, game_id, mover)
    legal = found["legal_actions"][0]["text"]

    def act(token: str, state_id: object, action: object) -> tuple[int, str]:
        body = {"token": token, "state_id": state_id, "action": action}
        response = client.post(f"/api/games/{game_id}/actions", json=body)
        return response.status_code, response.json()["error"]

    assert act(mover, 5, legal)[0] == 409
    assert act(waiter, 0, legal)[0] == 403
    assert act("not-a-token", 0, legal)[0] == 403
    assert act(mover, 0, "dance a jig")[0] == 422
    assert act(mover, 0, 10**6)[0] == 422
    status, error = act(mover, 0, "cube p12:0")
    assert status == 422 and "place the group" in error
    assert act(mover, -1, legal)[0] == 422
    assert act(mover, "zero", legal)[0] == 422
    assert client.post("/api/games/nope/actions", json={"token": mover, "state_id": 0,
                       "action": legal}).status_code == 404  # fmt: skip
    assert envelope(client, game_id, mover) == found


def test_bad_requests_are_4xx_json_never_500(client: TestClient) -> None:
    bad_bodies: list[tuple[bytes, int]] = [
        (b"{not json", 422),
        (b"[]", 422),
        (b'{"game": "chess", "seats": ["human"]}', 422),
        (b'{"game": "ilium", "seats": ["human", "wizard", "random"]}', 422),
        (b'{"game": "ilium", "seats": ["human", "random"], "players": 3}', 422),
        (b'{"game": "ilium", "seats": "human"}', 422),
        (b'{"game": "ilium", "seats": ["human", "random"], "colour": "red"}', 422),
        (
            b'{"game": "ilium", "seats": ["human", "random"], "options": {"board": "/dev/zero"}}',
            422,
        ),
        (b'{"game": "ilium", "seats": ["human", "ismcts:time=nan"]}', 422),
        (b"x" * 200_000, 413),
    ]
    for body, status in bad_bodies:
        response = client.post(
            "/api/games", content=body, headers={"content-type": "application/json"}
        )
        assert response.status_code == status, (body[:60], response.text[:200])
        assert "error" in response.json() and len(response.json()["error"]) < 500
    for path in ("/dev/zero", "/etc/passwd"):
        body = {"game": "ilium", "seats": ["human", "random"], "options": {"board": path}}
        response = client.post("/api/games", json=body)
        assert response.status_code == 422 and "never a file name" in response.json()["error"]
    assert client.get("/api/games/nope").status_code == 404
    assert client.get("/api/nothing").status_code == 404
    long_token = "t" * 500
    assert client.get("/api/games/nope", params={"token": long_token}).status_code == 422


def test_the_record_and_its_seed_are_given_only_at_the_end(client: TestClient) -> None:
    game_id = create(client, "ilium", ["human", "random"])["id"]
    response = client.get(f"/api/games/{game_id}/record")
    assert response.status_code == 403 and "only once the game is over" in response.json()["error"]


def test_a_leaving_player_hands_the_seat_to_an_ai(client: TestClient) -> None:
    created = create(client, "ilium", ["human", "random"])
    game_id, token = created["id"], created["seats"][0]["token"]
    body = {"token": token, "level": "easy"}
    assert client.post(f"/api/games/{game_id}/seats/1/replace", json=body).status_code == 403
    response = client.post(f"/api/games/{game_id}/seats/0/replace", json=body)
    assert response.status_code == 200
    final = wait_for(client, game_id, None, lambda e: e["is_terminal"])
    assert final["status"][0]["kind"] == "ai" and final["status"][0]["agent"] == "easy"
    assert client.get(f"/api/games/{game_id}", params={"token": token}).status_code == 403


def play_to_the_end(client: TestClient, game_id: str, tokens: list[str]) -> None:
    """Random moves by the human seats (over HTTP) until the game is over."""
    rng = random.Random(3)
    while True:
        watched = wait_for(client, game_id, None, lambda e: e["is_terminal"] or any(
            s["kind"] == "human" and s["seat"] == e["current_player"] for s in e["status"]
        ))  # fmt: skip
        if watched["is_terminal"]:
            return
        token = tokens[watched["current_player"]]
        found = envelope(client, game_id, token)
        choice = rng.choice(found["legal_actions"])["id"]
        client.post(
            f"/api/games/{game_id}/actions",
            json={"token": token, "state_id": found["state_id"], "action": choice},
        )


def test_a_rematch_is_offered_after_the_end_and_each_player_gets_only_their_seat(
    client: TestClient,
) -> None:
    created = create(client, "elysium", ["human", "human"], families="recommended")
    game_id = created["id"]
    tokens = [seat["token"] for seat in created["seats"]]
    early = client.post(f"/api/games/{game_id}/rematch", json={"token": tokens[0]})
    assert early.status_code == 403 and "over" in early.json()["error"]
    play_to_the_end(client, game_id, tokens)
    first = client.post(f"/api/games/{game_id}/rematch", json={"token": tokens[0]})
    assert first.status_code == 201
    again = first.json()
    assert again["id"] != game_id and again["seat"] == 0 and again["token"] not in tokens
    assert again["url"].endswith(f"/games/{again['id']}#token={again['token']}")
    assert tokens[1] not in first.text  # nobody receives another player's seat
    second = client.post(f"/api/games/{game_id}/rematch", json={"token": tokens[1]}).json()
    assert second["id"] == again["id"] and second["seat"] == 1
    assert envelope(client, again["id"], again["token"])["viewer"] == 0
    assert envelope(client, again["id"], second["token"])["viewer"] == 1
    families = envelope(client, again["id"])["public"]["families"]
    assert families == envelope(client, game_id)["public"]["families"]
    # A finished game's seats stay as they were played: no replacing them afterwards.
    late = client.post(
        f"/api/games/{game_id}/seats/0/replace", json={"token": tokens[0], "level": "easy"}
    )
    assert late.status_code == 403
    record = kleos.core.records.parse_record(client.get(f"/api/games/{game_id}/record").text)
    assert record.seats == ("human", "human")


def listed(client: TestClient) -> dict[str, dict[str, object]]:
    """Every listed open game, page by page."""
    found: dict[str, dict[str, object]] = {}
    after = None
    while True:
        page = client.get("/api/games", params={"after": after} if after else {}).json()
        found.update({g["id"]: g for g in page["games"]})
        after = page["next"]
        if after is None:
            return found


def test_open_games_list_free_seats_and_a_stranger_can_join(client: TestClient) -> None:
    created = create(client, "ilium", ["human", "human", "random"], open=[1])
    game_id = created["id"]
    envelope(client, game_id, created["seats"][0]["token"])  # the creator takes seat 0
    assert listed(client)[game_id]["free_seats"] == [1]
    joined = client.post(f"/api/games/{game_id}/join").json()
    assert joined["seat"] == 1 and envelope(client, game_id, joined["token"])["viewer"] == 1
    assert game_id not in listed(client)
    assert client.post(f"/api/games/{game_id}/join").status_code == 403
    # The invite link of a seat taken by a stranger no longer works.
    stale = client.get(f"/api/games/{game_id}", params={"token": created["seats"][1]["token"]})
    assert stale.status_code == 403


def test_no_envelope_carries_the_seed_or_another_seats_token(client: TestClient) -> None:
    created = create(client, "ilium", ["human", "human", "random"])
    game_id = created["id"]
    tokens = [seat["token"] for seat in created["seats"]]
    seed = client.app.state.hub.moves.live.get(game_id).match.game.config.seed  # type: ignore[attr-defined]
    for viewer in (tokens[0], tokens[1], None):
        text = client.get(f"/api/games/{game_id}", params={"token": viewer} if viewer else {}).text
        assert str(seed) not in text
        assert all(t not in text for t in tokens if t)


def test_game_creation_is_rate_limited_per_address(tmp_path: Path) -> None:
    app = create_app(
        Settings(
            data_dir=tmp_path,
            ai_workers=1,
            ai_move_seconds=0,
            ai_games_per_hour=10_000,
            games_per_minute=2,
        )
    )
    with TestClient(app) as limited:
        body = {"game": "ilium", "seats": ["human", "human"]}
        assert [limited.post("/api/games", json=body).status_code for _ in range(3)] == [
            201,
            201,
            429,
        ]


def test_the_seats_a_creator_takes_are_never_offered_to_a_stranger(client: TestClient) -> None:
    response = client.post(
        "/api/games",
        json={"game": "ilium", "seats": ["human", "human"], "taken": [0], "open": [1]},
    )
    game_id = response.json()["id"]
    assert listed(client)[game_id]["free_seats"] == [1]
    for taken in ([1], [5], [-1]):
        refused = client.post(
            "/api/games", json={"game": "ilium", "seats": ["human", "random"], "taken": taken}
        )
        assert refused.status_code == 422, taken
