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


def play_and_listen(client: TestClient, game_id: str, token: str) -> list[tuple[str, Any]]:
    """Play seat 0 to the end over a WebSocket; every message received, as (text, JSON)."""
    received: list[tuple[str, Any]] = []
    rng = random.Random(7)
    with client.websocket_connect(f"/api/games/{game_id}/ws?token={token}") as ws:
        while True:
            text = ws.receive_text()
            message = json.loads(text)
            received.append((text, message))
            assert message["type"] == "envelope", message
            found = message["envelope"]
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
    received = play_and_listen(client, created["id"], token)
    spectator = client.get(f"/api/games/{created['id']}").text
    record = parse_record(client.get(f"/api/games/{created['id']}/record").text)
    seed = record.config["seed"]
    for text, _ in [*received, (spectator, None)]:
        assert str(seed) not in text and token not in text.replace(f"token={token}", "")
    # The true state after each state id, from the record; each envelope is what a
    # determinized copy of it shows seat 0 (or the spectator).
    game = kleos.core.make_from_config(record.config)
    states = [game.new_initial_state()]
    for move in record.moves:
        state = states[-1].clone()
        state.apply(game.parse_action(state, move.action), player=move.player)
        states.append(state)
    for _, message in received:
        found = message["envelope"]
        truth = states[found["state_id"]]
        copy = truth.determinize(0, random.Random(found["state_id"]))
        assert {k: found[k] for k in VIEW_KEYS} == copy.view(0)
    watched = json.loads(spectator)
    assert {k: watched[k] for k in VIEW_KEYS} == states[-1].determinize(
        None, random.Random(1)
    ).view(None)
