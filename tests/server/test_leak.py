"""No leak through the server: in complete games of both games at 2, 3 and 4 players with AI
seats, every envelope a seat (or a spectator) receives over a WebSocket equals what a
determinized copy of the true state shows that seat — so it holds nothing that differs when
the seat's unseen information is resampled — and never the seed or another seat's token."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from conftest import create
from fastapi.testclient import TestClient

import kleos
from kleos.core.records import parse_record

VIEW_KEYS = (
    "game",
    "rules_version",
    "players",
    "viewer",
    "seats",
    "current_player",
    "decision",
    "is_terminal",
    "outcome",
    "public",
    "private",
)


def play_and_listen(
    client: TestClient, game_id: str, token: str, logs: list[tuple[int | None, str]] | None = None
) -> list[tuple[str, Any]]:
    """Play seat 0 to the end over a WebSocket; every message received, as (text, JSON).
    On seat 0's first decision and every fifth after it, the game's log as seat 0 and as a
    spectator go into `logs`, and the replay, analysis and record are refused (403)."""
    received: list[tuple[str, Any]] = []
    rng = random.Random(7)
    decisions = 0
    with client.websocket_connect(f"/api/games/{game_id}/ws?token={token}") as ws:
        while True:
            text = ws.receive_text()
            message = json.loads(text)
            received.append((text, message))
            assert message["type"] == "envelope", message
            found = message["envelope"]
            # While seat 0 is to move, nobody else can end the game.
            if found["legal_actions"]:
                decisions += 1
            if logs is not None and found["legal_actions"] and decisions % 5 == 1:
                logs.append((0, client.get(f"/api/games/{game_id}/log?token={token}").text))
                logs.append((None, client.get(f"/api/games/{game_id}/log").text))
                for after_the_end in ("replay?ply=1", "analysis", "record"):
                    assert client.get(f"/api/games/{game_id}/{after_the_end}").status_code == 403
            if found["is_terminal"]:
                return received
            if found["legal_actions"]:
                choice = rng.choice(found["legal_actions"])["id"]
                ws.send_json({"type": "act", "state_id": found["state_id"], "action": choice})


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("game_id", ["ilium", "elysium"])
def test_a_seat_receives_nothing_it_may_not_see(
    client: TestClient, game_id: str, players: int
) -> None:
    created = create(client, game_id, ["human"] + ["random"] * (players - 1))
    token = created["seats"][0]["token"]
    logs: list[tuple[int | None, str]] = []
    received = play_and_listen(client, created["id"], token, logs)
    spectator = client.get(f"/api/games/{created['id']}").text
    record = parse_record(client.get(f"/api/games/{created['id']}/record").text)
    seed = record.config["seed"]
    assert logs
    for text, _ in [*received, (spectator, None), *((text, None) for _, text in logs)]:
        assert str(seed) not in text and token not in text.replace(f"token={token}", "")
    # The true state after each state id, from the record; each envelope is what a
    # determinized copy of it shows seat 0 (or the spectator).
    game = kleos.core.make_from_config(record.config)
    states = [game.new_initial_state()]
    events = []
    for move in record.moves:
        state = states[-1].clone()
        events.append(state.apply(game.parse_action(state, move.action), player=move.player))
        states.append(state)
    # The log tells each move's events as the asker may see them, and nothing more.
    for seat, text in logs:
        for entry in json.loads(text):
            expected = [game.redact_event(e, seat) for e in events[entry["state_id"]]]
            told = [{k: v for k, v in e.items() if k != "text"} for e in entry["events"]]
            assert told == [e for e in expected if e is not None]
            assert [e["text"] for e in entry["events"]] == [game.describe_event(e) for e in told]
    for _, message in received:
        found = message["envelope"]
        truth = states[found["state_id"]]
        copy = truth.determinize(0, random.Random(found["state_id"]))
        assert {k: found[k] for k in VIEW_KEYS} == copy.view(0)
    watched = json.loads(spectator)
    assert {k: watched[k] for k in VIEW_KEYS} == states[-1].determinize(
        None, random.Random(1)
    ).view(None)
