"""`kleos bot URL --agent SPEC`: play one seat of a server game through its invite link, with
any agent, over the public API only — the way researchers' and people's own programs join.

For each decision the bot asks the server for a sample of the game consistent with what its
seat sees (`GET …/sample`), so a search agent determinizes from that, never from the truth.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any
from urllib.parse import parse_qs, urlsplit

import httpx
from websockets.exceptions import WebSocketException
from websockets.sync.client import connect

from kleos.agents import Agent
from kleos.agents.base import Observation
from kleos.core.errors import ConfigError
from kleos.core.inputs import echo, printable
from kleos.core.serialize import state_from_document

MAX_MESSAGE = 4 * 1024 * 1024
"""The largest message read from a server."""
CONNECTION_ERRORS = (OSError, httpx.HTTPError, WebSocketException)
"""What a lost or refused connection raises."""


@dataclass(frozen=True)
class Invite:
    """What an invite link names: the server, the game and the seat's token."""

    api: str
    game_id: str
    token: str

    @classmethod
    def parse(cls, url: str) -> Invite:
        """`http://host:port/games/ID?token=T` as an invite."""
        parts = urlsplit(url)
        path = parts.path.rstrip("/").split("/")
        # New links carry the token in the fragment (never sent to a server); old ones in the query.
        token = (parse_qs(parts.fragment) or parse_qs(parts.query)).get("token", [""])[0]
        if parts.scheme not in ("http", "https") or len(path) < 2 or path[-2] != "games":
            raise ConfigError(f"'{echo(url)}' is not an invite link (…/games/ID#token=…)")
        if not token:
            raise ConfigError(
                "the invite link has no token: a bot plays a seat, not as a spectator"
            )
        return cls(f"{parts.scheme}://{parts.netloc}", path[-1], token)

    @property
    def websocket(self) -> str:
        """The game's live address for this seat."""
        scheme = "wss" if self.api.startswith("https") else "ws"
        host = self.api.split("://", 1)[1]
        return f"{scheme}://{host}/api/games/{self.game_id}/ws"


def play_remote(invite: Invite, agent: Agent, say: Any = print) -> dict[str, Any]:
    """Play the seat to the end of the game; the final envelope. The token goes in a header
    and in the WebSocket's first message, never in a URL."""
    headers = {"authorization": f"Bearer {invite.token}"}
    with (
        httpx.Client(base_url=invite.api, timeout=60, headers=headers) as http,
        connect(invite.websocket, max_size=MAX_MESSAGE) as ws,
    ):
        ws.send(json.dumps({"type": "hello", "token": invite.token}))
        while True:
            message = json.loads(ws.recv())
            if message.get("type") == "error":
                say(f"refused: {printable(message.get('error'))}")
                continue
            envelope: dict[str, Any] = message["envelope"]
            if envelope["is_terminal"]:
                return envelope
            if not envelope["legal_actions"]:
                continue
            response = http.get(f"/api/games/{invite.game_id}/sample")
            response.raise_for_status()
            sample = response.json()
            if sample["state_id"] != envelope["state_id"]:
                continue  # the game moved on meanwhile; a newer envelope is on its way
            state = state_from_document(sample["state"])
            action = agent.choose(Observation(state, sample["seat"]))
            ws.send(
                json.dumps({"type": "act", "state_id": envelope["state_id"], "action": str(action)})
            )
