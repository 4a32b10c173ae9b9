"""Each game's chat: one line of text from a seat (trimmed, 1 to 300 characters, no control or
invisible character, markup kept as text), read by anyone, spectators too, kept across restarts,
pushed over the WebSocket to every watcher; bounded per seat and per game."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx
import pytest
from conftest import create
from fastapi.testclient import TestClient
from postgres import WHY_NOT, fresh_database, server_url
from processes import Server
from websockets.sync.client import connect

from kleos.server.app import create_app
from kleos.server.settings import Settings

MARKUP = "<script>alert(1)</script>"


def two_seats(client: TestClient) -> tuple[str, list[str]]:
    created = create(client, "ilium", ["human", "human"])
    return created["id"], [s["token"] for s in created["seats"]]


def say(client: TestClient, game_id: str, token: str, text: Any) -> Any:
    return client.post(f"/api/games/{game_id}/chat", json={"token": token, "text": text})


def read(client: TestClient, game_id: str, since: int = 0) -> list[dict[str, Any]]:
    answer = client.get(f"/api/games/{game_id}/chat", params={"since": since})
    assert answer.status_code == 200, answer.json()
    messages: list[dict[str, Any]] = answer.json()["messages"]
    return messages


def test_seats_write_and_everyone_reads_in_order(client: TestClient) -> None:
    game_id, tokens = two_seats(client)
    sent = say(client, game_id, tokens[0], "  good luck  ")
    assert sent.status_code == 201
    assert sent.json()["number"] == 1 and sent.json()["text"] == "good luck"
    assert say(client, game_id, tokens[1], "Zoe\u0308, " + MARKUP).status_code == 201
    messages = read(client, game_id)  # a spectator: no token
    assert [(m["number"], m["seat"], m["text"]) for m in messages] == [
        (1, 0, "good luck"),
        (2, 1, "Zoë, " + MARKUP),  # normalised; markup is the text it is
    ]
    assert all(m["at"].endswith("Z") for m in messages)
    assert [m["number"] for m in read(client, game_id, since=1)] == [2]
    assert read(client, game_id, since=2) == []
    other, _ = two_seats(client)
    assert read(client, other) == []  # each game its own chat


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("", "at least one character"),
        (" \t ", "at least one character"),
        ("x" * 301, "at most 300 characters (this one has 301)"),
        ("x" * 2001, "at most 2000 characters"),
        ("gg\nwp", "U+000A at character 3"),
        ("\x1b[31mred", "U+001B at character 1"),
        ("\u202egg", "U+202E at character 1"),
        ("g\u200bg", "U+200B at character 2"),
        (7, "valid string"),
        (["gg"], "valid string"),
    ],
)
def test_a_bad_message_is_refused_saying_what_is_wrong(
    client: TestClient, text: Any, why: str
) -> None:
    game_id, tokens = two_seats(client)
    refused = say(client, game_id, tokens[0], text)
    assert refused.status_code == 422 and why in refused.json()["error"], refused.json()
    assert read(client, game_id) == []


def test_spectators_and_strangers_cannot_write(client: TestClient) -> None:
    game_id, tokens = two_seats(client)
    assert say(client, game_id, "not a token", "hi").status_code == 403
    missing = client.post(f"/api/games/{game_id}/chat", json={"text": "hi"})
    assert missing.status_code == 422 and "token" in missing.json()["error"]
    extra = client.post(
        f"/api/games/{game_id}/chat", json={"token": tokens[0], "text": "hi", "seat": 1}
    )
    assert extra.status_code == 422
    assert say(client, "nope", tokens[0], "hi").status_code == 404
    assert client.get("/api/games/nope/chat").status_code == 404
    for since in ("-1", "x", "1" * 30):
        assert client.get(f"/api/games/{game_id}/chat", params={"since": since}).status_code == 422
    assert read(client, game_id) == []


def test_a_seat_may_send_a_few_messages_at_a_time(client: TestClient) -> None:
    game_id, tokens = two_seats(client)
    for n in range(5):
        assert say(client, game_id, tokens[0], f"message {n}").status_code == 201
    refused = say(client, game_id, tokens[0], "one too many")
    assert refused.status_code == 429 and "at most 5 chat messages" in refused.json()["error"]
    assert "10 seconds" in refused.json()["error"]
    assert say(client, game_id, tokens[1], "my turn to talk").status_code == 201
    assert len(read(client, game_id)) == 6


def test_a_game_keeps_a_bounded_chat_across_restarts(tmp_path: Path) -> None:
    settings = Settings(data_dir=tmp_path, ai_workers=1, chat_per_game=3, chat_burst=100)
    with TestClient(create_app(settings)) as client:
        game_id, tokens = two_seats(client)
        for n in range(3):
            assert say(client, game_id, tokens[n % 2], f"line {n}").status_code == 201
        full = say(client, game_id, tokens[0], "more")
        assert full.status_code == 409 and "full (3 messages)" in full.json()["error"]
    with TestClient(create_app(settings)) as client:
        assert [m["text"] for m in read(client, game_id)] == ["line 0", "line 1", "line 2"]
        assert say(client, game_id, tokens[1], "still full").status_code == 409


def test_every_watcher_is_sent_each_message_live(client: TestClient) -> None:
    game_id, tokens = two_seats(client)
    with (
        client.websocket_connect(f"/api/games/{game_id}/ws") as spectator,
        client.websocket_connect(f"/api/games/{game_id}/ws") as player,
    ):
        player.send_json({"type": "hello", "token": tokens[1]})
        assert say(client, game_id, tokens[0], "hello, all").status_code == 201
        for ws in (spectator, player):
            while (message := ws.receive_json())["type"] == "envelope":
                pass
            assert message["type"] == "chat"
            assert message["message"]["text"] == "hello, all"
            assert message["message"]["seat"] == 0 and message["message"]["number"] == 1


@pytest.mark.skipif(server_url() is None, reason=WHY_NOT)
def test_a_message_sent_through_one_process_reaches_the_watchers_of_another(
    tmp_path: Path,
) -> None:
    url = fresh_database()
    a, b = Server(tmp_path / "a", url), Server(tmp_path / "b", url)
    a.start()
    b.start()
    try:
        created = httpx.post(f"{a.url}/api/games", json={"game": "ilium", "seats": ["human"] * 2})
        game_id, token = created.json()["id"], created.json()["seats"][0]["token"]
        with connect(f"ws://127.0.0.1:{b.port}/api/games/{game_id}/ws") as watcher:
            json.loads(watcher.recv(timeout=30))  # the first envelope: b has the game live
            sent = httpx.post(
                f"{a.url}/api/games/{game_id}/chat", json={"token": token, "text": "over here"}
            )
            assert sent.status_code == 201
            while (message := json.loads(watcher.recv(timeout=30)))["type"] == "envelope":
                pass
            assert message == {"type": "chat", "message": sent.json()}
        again = httpx.post(
            f"{b.url}/api/games/{game_id}/chat", json={"token": token, "text": "and here"}
        )
        assert again.status_code == 201 and again.json()["number"] == 2  # one numbering
        read = httpx.get(f"{a.url}/api/games/{game_id}/chat").json()["messages"]
        assert [m["text"] for m in read] == ["over here", "and here"]
    finally:
        a.stop()
        b.stop()
