"""People, not seats: display names chosen when creating or joining (bounded, strict, kept
across restarts, in envelopes and listings), the host's fresh invite links, and seat status
(`connected`, `left`, `waiting`; `thinking`, `ready` for an AI)."""

from __future__ import annotations

import random
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from alembic import command
from alembic.config import Config
from conftest import create, envelope, wait_for
from fastapi.testclient import TestClient
from postgres import WHY_NOT, fresh_database, server_url
from sqlalchemy import Engine, create_engine, text

from kleos.server.app import create_app
from kleos.server.db import MIGRATIONS, migrate
from kleos.server.settings import Settings

MARKUP = "<img src=x onerror=f()>"
"""A name a careless page would run: it is kept, and shown, as the text it is."""


def a_server(folder: Path) -> TestClient:
    return TestClient(
        create_app(
            Settings(data_dir=folder, ai_workers=1, ai_move_seconds=0, ai_games_per_hour=10_000)
        )
    )


def hosted(client: TestClient, seats: list[str], **body: Any) -> dict[str, Any]:
    """A game whose creator takes seat 0 (the host); its creation answer."""
    response = client.post(
        "/api/games", json={"game": "ilium", "seats": seats, "taken": [0], **body}
    )
    assert response.status_code == 201, response.json()
    created: dict[str, Any] = response.json()
    return created


def names(client: TestClient, game_id: str) -> list[str | None]:
    return [seat["name"] for seat in envelope(client, game_id)["status"]]


def statuses(client: TestClient, game_id: str) -> list[str]:
    return [seat["status"] for seat in envelope(client, game_id)["status"]]


def play_to_the_end(client: TestClient, game_id: str, tokens: list[str]) -> None:
    """Random moves by both human seats, over HTTP, until the game is over."""
    rng = random.Random(5)
    found = envelope(client, game_id)
    while not found["is_terminal"]:
        token = tokens[found["current_player"]]
        mine = envelope(client, game_id, token)
        body = {"token": token, "state_id": mine["state_id"]}
        body["action"] = rng.choice(mine["legal_actions"])["id"]
        assert client.post(f"/api/games/{game_id}/actions", json=body).status_code == 200
        found = envelope(client, game_id)


# ------------------------------------------------------------------- display names


def test_the_creator_and_a_stranger_name_themselves_and_ai_seats_keep_their_level(
    client: TestClient,
) -> None:
    created = hosted(client, ["human", "human", "easy"], open=[1], name="  Alice  ")
    game_id = created["id"]
    assert names(client, game_id) == ["Alice", None, "easy AI"]  # trimmed; seat 1 not joined
    listed = client.get("/api/games").json()["games"]
    assert next(g for g in listed if g["id"] == game_id)["names"] == ["Alice", None, "easy AI"]
    joined = client.post(f"/api/games/{game_id}/join", json={"name": "Bob"})
    assert joined.status_code == 200 and joined.json()["seat"] == 1
    status = envelope(client, game_id)["status"]
    assert [s["name"] for s in status] == ["Alice", "Bob", "easy AI"]
    assert [s["host"] for s in status] == [True, False, False]


def test_a_name_is_normalised_and_markup_is_kept_as_the_text_it_is(client: TestClient) -> None:
    created = hosted(client, ["human", "human"], open=[1], name="Zoe\u0308")  # e + combining ¨
    assert names(client, created["id"])[0] == "Zoë" and len("Zoë") == 3
    game_id = hosted(client, ["human", "human"], open=[1], name=MARKUP)["id"]
    assert names(client, game_id)[0] == MARKUP
    assert client.post(f"/api/games/{game_id}/join", json={"name": "🦉" * 24}).status_code == 200
    assert names(client, game_id)[1] == "🦉" * 24


@pytest.mark.parametrize(
    ("name", "why"),
    [
        ("", "at least one character"),
        ("   ", "at least one character"),
        ("x" * 25, "at most 24 characters (this one has 25)"),
        ("<img src=x onerror=alert(1)>", "at most 24 characters (this one has 28)"),
        ("Al\x00ice", "U+0000 at character 3"),
        ("Al\nice", "U+000A at character 3"),
        ("\u202eecila", "U+202E at character 1"),  # a right-to-left override
        ("Ali\u200bce", "U+200B at character 4"),  # a zero-width space
        ("Ali\u2028ce", "U+2028 at character 4"),  # a line separator
        ("x" * 201, "at most 200 characters"),
    ],
)
def test_a_bad_name_is_refused_with_what_is_wrong_wherever_it_is_given(
    client: TestClient, name: str, why: str
) -> None:
    refused = client.post(
        "/api/games",
        json={"game": "ilium", "seats": ["human", "human"], "taken": [0], "name": name},
    )
    assert refused.status_code == 422 and why in refused.json()["error"], refused.json()
    created = hosted(client, ["human", "human"], open=[1])
    game_id, token = created["id"], created["seats"][0]["token"]
    refused = client.post(f"/api/games/{game_id}/join", json={"name": name})
    assert refused.status_code == 422 and why in refused.json()["error"]
    assert envelope(client, game_id)["status"][1]["status"] == "waiting"  # nobody took it
    refused = client.post(f"/api/games/{game_id}/seats/0/name", json={"token": token, "name": name})
    assert refused.status_code == 422 and why in refused.json()["error"]
    assert names(client, game_id) == [None, None]


def test_names_of_the_wrong_type_or_without_a_seat_to_name_are_refused(client: TestClient) -> None:
    body = {"game": "ilium", "seats": ["human", "human"], "name": "Alice"}
    refused = client.post("/api/games", json=body)
    assert refused.status_code == 422 and "for the seats they take" in refused.json()["error"]
    refused = client.post("/api/games", json={**body, "taken": [0], "name": 7})
    assert refused.status_code == 422 and "name" in refused.json()["error"]
    game_id = hosted(client, ["human", "human"], open=[1])["id"]
    for bad in ({"name": ["Bob"]}, {"name": "Bob", "seat": 0}):
        assert client.post(f"/api/games/{game_id}/join", json=bad).status_code == 422


def test_a_player_names_their_own_seat_only_and_only_before_the_end(client: TestClient) -> None:
    created = hosted(client, ["human", "human"])
    game_id = created["id"]
    tokens = [seat["token"] for seat in created["seats"]]
    answer = client.post(
        f"/api/games/{game_id}/seats/1/name", json={"token": tokens[1], "name": "Bob"}
    )
    assert answer.status_code == 200 and answer.json()["viewer"] == 1
    assert answer.json()["status"][1]["name"] == "Bob"
    for token, seat in ((tokens[0], 1), ("forged", 1), (tokens[1], 0)):
        body = {"token": token, "name": "Mallory"}
        assert client.post(f"/api/games/{game_id}/seats/{seat}/name", json=body).status_code == 403
    body = {"token": tokens[1], "name": "Bob"}
    assert client.post("/api/games/nope/seats/1/name", json=body).status_code == 404
    assert client.post(f"/api/games/{game_id}/seats/9/name", json=body).status_code == 403
    assert names(client, game_id) == [None, "Bob"]
    play_to_the_end(client, game_id, tokens)
    late = client.post(
        f"/api/games/{game_id}/seats/1/name", json={"token": tokens[1], "name": "Rob"}
    )
    assert late.status_code == 409 and "over" in late.json()["error"]
    assert names(client, game_id) == [None, "Bob"]
    # A rematch's seat keeps its player's name; the rematch has no host (nobody re-invites).
    again = client.post(f"/api/games/{game_id}/rematch", json={"token": tokens[1]}).json()
    status = envelope(client, again["id"])["status"]
    assert [s["name"] for s in status] == [None, "Bob"] and not any(s["host"] for s in status)


def test_names_hosts_and_who_came_are_kept_across_a_restart(tmp_path: Path) -> None:
    with a_server(tmp_path) as client:
        created = hosted(client, ["human", "human", "human"], open=[1], name="Alice")
        game_id, host = created["id"], created["seats"][0]["token"]
        client.post(f"/api/games/{game_id}/join", json={"name": "Bob"})
        envelope(client, game_id, host)
    with a_server(tmp_path) as client:
        status = envelope(client, game_id)["status"]
        assert [s["name"] for s in status] == ["Alice", "Bob", None]
        assert [s["host"] for s in status] == [True, False, False]
        assert [s["status"] for s in status] == ["left", "left", "waiting"]
        assert [s["invited"] for s in status] == [False, False, True]
        assert client.post(f"/api/games/{game_id}/invites", json={"token": host}).status_code == 200


def migrate_to(engine: Engine, revision: str, down: bool = False) -> None:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        (command.downgrade if down else command.upgrade)(config, revision)


@pytest.mark.parametrize("database", ["sqlite", "postgresql"])
def test_a_database_of_games_made_before_names_is_migrated_and_back(
    tmp_path: Path, database: str
) -> None:
    if database == "postgresql" and server_url() is None:
        pytest.skip(WHY_NOT)
    url = f"sqlite:///{tmp_path / 'old.db'}" if database == "sqlite" else fresh_database()
    engine = create_engine(url)
    migrate_to(engine, "0003")
    now = datetime(2026, 11, 1)
    with engine.begin() as connection:
        connection.execute(
            text(
                "INSERT INTO games (id, game, players, config, seed, state_id, finished, "
                "rematch_of, created_at, updated_at, listed) VALUES ('old', 'ilium', 2, '{}', "
                "'7', 0, false, NULL, :now, :now, false)"
            ),
            {"now": now},
        )
        connection.execute(
            text(
                "INSERT INTO seats (game_id, seat, kind, token_hash, joined, open) VALUES "
                "('old', 0, 'human', 'h', true, false), ('old', 1, 'easy', NULL, true, false)"
            )
        )
    migrate(engine)
    with engine.connect() as connection:
        rows = connection.execute(text("SELECT seat, name, host FROM seats ORDER BY seat")).all()
    assert [tuple(row) for row in rows] == [(0, None, False), (1, None, False)]
    migrate_to(engine, "0003", down=True)
    with engine.connect() as connection:
        assert connection.execute(text("SELECT count(*) FROM seats")).scalar() == 2
    migrate(engine)
    engine.dispose()


# ------------------------------------------------------------------- invite links again


def test_the_host_gets_fresh_links_for_friends_seats_nobody_has_joined(client: TestClient) -> None:
    created = hosted(client, ["human", "human", "human", "random"], open=[2], name="Alice")
    game_id = created["id"]
    host, friend, stranger = (created["seats"][p]["token"] for p in range(3))
    assert [s["invited"] for s in envelope(client, game_id)["status"]] == [
        False,
        True,
        False,
        False,
    ]
    answer = client.post(f"/api/games/{game_id}/invites", json={"token": host})
    assert answer.status_code == 200
    fresh = answer.json()
    assert [s["seat"] for s in fresh["seats"]] == [1]  # not the host's, the open one or the AI's
    new = fresh["seats"][0]["token"]
    assert fresh["seats"][0]["url"].endswith(f"/games/{game_id}#token={new}")
    assert fresh["spectator_url"].endswith(f"/games/{game_id}")
    assert new not in (host, friend, stranger)
    # The old link no longer works; the new one does, and the seat is then joined.
    stale = client.get(f"/api/games/{game_id}", headers={"authorization": f"Bearer {friend}"})
    assert stale.status_code == 403
    assert envelope(client, game_id, new)["viewer"] == 1
    assert not any(s["invited"] for s in envelope(client, game_id)["status"])
    again = client.post(f"/api/games/{game_id}/invites", json={"token": host})
    assert again.status_code == 403 and "has been joined" in again.json()["error"]
    assert envelope(client, game_id, new)["viewer"] == 1  # a joined seat is never re-issued


def test_only_the_host_may_invite_and_only_before_the_end(client: TestClient) -> None:
    created = hosted(client, ["human", "human"])
    game_id = created["id"]
    tokens = [seat["token"] for seat in created["seats"]]
    for token in (tokens[1], "forged"):
        refused = client.post(f"/api/games/{game_id}/invites", json={"token": token})
        assert refused.status_code == 403
    assert (
        "only the host"
        in client.post(f"/api/games/{game_id}/invites", json={"token": tokens[1]}).json()["error"]
    )
    assert client.post(f"/api/games/{game_id}/invites", json={}).status_code == 422
    assert client.post("/api/games/nope/invites", json={"token": tokens[0]}).status_code == 404
    # A game made without `taken` has no host: its creator keeps the links it was given.
    hostless = create(client, "ilium", ["human", "human"])
    body = {"token": hostless["seats"][0]["token"]}
    assert client.post(f"/api/games/{hostless['id']}/invites", json=body).status_code == 403
    play_to_the_end(client, game_id, tokens)
    late = client.post(f"/api/games/{game_id}/invites", json={"token": tokens[0]})
    assert late.status_code == 409 and "over" in late.json()["error"]


# ------------------------------------------------------------------- seat status


def test_a_seat_is_waiting_until_someone_comes_then_connected_then_left(client: TestClient) -> None:
    created = hosted(client, ["human", "human", "random"])
    game_id, token = created["id"], created["seats"][1]["token"]
    assert statuses(client, game_id)[:2] == ["waiting", "waiting"]
    with client.websocket_connect(f"/api/games/{game_id}/ws") as ws:
        ws.send_json({"type": "hello", "token": token})
        seen = ws.receive_json()["envelope"]  # a spectator's, then the seat's
        while seen["viewer"] != 1:
            seen = ws.receive_json()["envelope"]
        assert seen["status"][1]["status"] == "connected"
        assert statuses(client, game_id)[:2] == ["waiting", "connected"]
    found = wait_for(client, game_id, None, lambda e: e["status"][1]["status"] != "connected")
    assert [s["status"] for s in found["status"]][:2] == ["waiting", "left"]
    assert found["status"][2]["status"] in ("ready", "thinking")
