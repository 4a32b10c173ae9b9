"""The HTTP and WebSocket API (documented in docs/api.md; OpenAPI at /docs).

Every body is a Pydantic model that forbids unknown fields; every refusal is a JSON error with
a status that says what kind it is (docs/api.md), never a 500.
"""

from __future__ import annotations

import asyncio
import json
from base64 import b64encode
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import PlainTextResponse
from pydantic import BaseModel, ConfigDict, Field

from kleos.agents.spec import LEVELS
from kleos.core.errors import KleosError
from kleos.core.protocol import PlayerId
from kleos.core.registry import game_class, game_ids, make
from kleos.server.errors import status_of
from kleos.server.hub import ForbiddenError, Hub, LiveGame, Subscriber
from kleos.server.settings import MAX_MESSAGE_BYTES

router = APIRouter()
Token = Annotated[str | None, Query(max_length=100, description="A seat's secret token.")]


class Body(BaseModel):
    """A request body: unknown fields are refused."""

    model_config = ConfigDict(extra="forbid")


class CreateGame(Body):
    """A new game: the game, the players, who plays each seat and the game's own options."""

    game: str = Field(max_length=32, examples=["ilium"])
    players: int | None = Field(default=None, ge=1, le=8)
    seats: list[Annotated[str, Field(max_length=200)]] = Field(
        max_length=8, examples=[["human", "hard", "random"]]
    )
    options: dict[str, Any] = Field(default_factory=dict, examples=[{"variants": []}])
    taken: list[Annotated[int, Field(ge=0, le=7)]] = Field(
        default_factory=list,
        max_length=8,
        description="Human seats the creator plays: never offered to someone joining.",
    )


class SubmitAction(Body):
    """A move: the seat's token, the state it was made against, the action (text or id)."""

    token: str = Field(max_length=100)
    state_id: int = Field(ge=0)
    action: Annotated[str, Field(max_length=200)] | int


class SeatToken(Body):
    """A seat's token (to prove who asks)."""

    token: str = Field(max_length=100)


class ReplaceSeat(Body):
    """Hand one's seat to an AI level or agent spec."""

    token: str = Field(max_length=100)
    level: str = Field(default="medium", max_length=200)


def hub_of(request: Request) -> Hub:
    """The app's hub."""
    hub: Hub = request.app.state.hub
    return hub


HubDep = Annotated[Hub, Depends(hub_of)]


def _created(hub: Hub, game_id: str, kinds: list[str], tokens: list[str | None]) -> dict[str, Any]:
    base = hub.settings.public_url.rstrip("/")
    return {
        "id": game_id,
        "seats": [
            {
                "seat": p,
                "kind": kind,
                "token": token,
                "url": f"{base}/games/{game_id}?token={token}" if token else None,
            }
            for p, (kind, token) in enumerate(zip(kinds, tokens, strict=True))
        ],
        "spectator_url": f"{base}/games/{game_id}",
    }


@router.get("/healthz")
async def healthz() -> dict[str, str]:
    """The server is up."""
    return {"status": "ok"}


@router.get("/api/catalog")
async def catalog() -> dict[str, Any]:
    """What a new game may be: each game's players, variants and (Elysium) families, and the
    AI levels a seat may have."""
    games = []
    for game_id in game_ids():
        cls = game_class(game_id)
        data = make(game_id, players=cls.min_players, seed=0).static_info()["data"]
        games.append(
            {
                "id": game_id,
                "title": cls.title,
                "min_players": cls.min_players,
                "max_players": cls.max_players,
                "variants": list(cls.known_variants),
                "families": data.get("families"),
            }
        )
    return {"games": games, "levels": ["random", *LEVELS]}


@router.post("/api/games", status_code=201)
async def create_game(body: CreateGame, request: Request, hub: HubDep) -> dict[str, Any]:
    """Create a game; one secret token and invite link per human seat."""
    players = body.players if body.players is not None else len(body.seats)
    client = request.client.host if request.client else "unknown"
    game_id, tokens = await hub.create(
        body.game, players, list(body.seats), dict(body.options), client, taken=tuple(body.taken)
    )
    live = await hub.game(game_id)
    return _created(hub, game_id, live.kinds, tokens)


@router.get("/api/games")
async def open_games(hub: HubDep) -> list[dict[str, Any]]:
    """Unfinished games with a human seat nobody has joined yet."""
    games: list[dict[str, Any]] = await asyncio.to_thread(hub.open_games)
    return games


@router.get("/api/games/{game_id}")
async def get_game(game_id: str, hub: HubDep, token: Token = None) -> dict[str, Any]:
    """The envelope of the token's seat (without a token: a spectator's)."""
    live = await hub.game(game_id)
    return hub.envelope(live, await hub.seat_of(live, token))


@router.get("/api/games/{game_id}/info")
async def game_info(game_id: str, hub: HubDep) -> dict[str, Any]:
    """What never changes in the game: its `static_info()` (board or cards, seats' names and
    colours) and who plays each seat."""
    live = await hub.game(game_id)
    info: dict[str, Any] = live.match.game.static_info()
    info["id"] = live.id
    info["kinds"] = list(live.kinds)
    return info


@router.get("/api/games/{game_id}/log")
async def game_log(
    game_id: str, hub: HubDep, token: Token = None, since: Annotated[int, Query(ge=0)] = 0
) -> list[dict[str, Any]]:
    """Every move from state id `since` on, its events as the token's seat may see them (in
    words too)."""
    live = await hub.game(game_id)
    return hub.moves_for(live, await hub.seat_of(live, token), since)


@router.get("/api/games/{game_id}/replay")
async def replay(
    game_id: str, hub: HubDep, ply: Annotated[int, Query(ge=0, le=1_000_000)] = 0
) -> dict[str, Any]:
    """A finished game after `ply` moves, every seat's secrets shown (403 before the end)."""
    live = await hub.game(game_id)
    return await asyncio.to_thread(hub.replay_envelope, live, ply)


@router.get("/api/games/{game_id}/analysis")
async def analysis(game_id: str, hub: HubDep) -> dict[str, Any]:
    """A finished game's analysis, computed once in the background: `{"status": "running"}`
    until it is ready, then each player's win chance after every move and the mistakes."""
    live = await hub.game(game_id)
    return await hub.analysis(live)


@router.post("/api/games/{game_id}/actions")
async def submit_action(game_id: str, body: SubmitAction, hub: HubDep) -> dict[str, Any]:
    """Make a move for the token's seat; the new envelope."""
    live = await hub.game(game_id)
    seat = await hub.seat_of(live, body.token)
    await hub.submit(live, seat, body.action, body.state_id)
    return hub.envelope(live, seat)


@router.get("/api/games/{game_id}/sample")
async def sample(game_id: str, hub: HubDep, token: Token = None) -> dict[str, Any]:
    """For a seat's own search (`kleos bot`): a full state consistent with what the seat sees,
    its hidden parts resampled, as base64 bytes (`kleos.core.serialize.load_state`)."""
    live = await hub.game(game_id)
    seat = await hub.seat_of(live, token)
    if seat is None:
        raise ForbiddenError("a sample is given to a seat (with its token), not to spectators")
    data = hub.sample(live, seat)
    return {"state_id": live.match.state_id, "seat": seat, "state": b64encode(data).decode()}


@router.get("/api/games/{game_id}/record", response_class=PlainTextResponse)
async def record(game_id: str, hub: HubDep) -> PlainTextResponse:
    """The game's JSON Lines record, seed included, once the game is over."""
    live = await hub.game(game_id)
    if not live.match.is_over:
        raise ForbiddenError("the record (and its seed) is given only once the game is over")
    text = "".join(line + "\n" for line in hub.record(live).lines())
    return PlainTextResponse(text, media_type="application/x-ndjson")


@router.post("/api/games/{game_id}/rematch", status_code=201)
async def rematch(game_id: str, body: SeatToken, request: Request, hub: HubDep) -> dict[str, Any]:
    """A new game with the same settings and seats; new tokens for its human seats."""
    live = await hub.game(game_id)
    await hub.seat_of(live, body.token)
    config = live.match.game.config
    options = {"variants": list(config.variants), **dict(config.options)}
    client = request.client.host if request.client else "unknown"
    new_id, tokens = await hub.create(
        config.game_id, config.players, list(live.kinds), options, client, rematch_of=game_id
    )
    return _created(hub, new_id, (await hub.game(new_id)).kinds, tokens)


@router.post("/api/games/{game_id}/seats/{seat}/replace")
async def replace_seat(game_id: str, seat: int, body: ReplaceSeat, hub: HubDep) -> dict[str, Any]:
    """The seat's holder hands it to an AI (a player who must leave)."""
    live = await hub.game(game_id)
    holder = await hub.seat_of(live, body.token)
    if holder != seat:
        raise ForbiddenError(f"only the holder of seat {seat} may hand it over")
    await hub.replace(live, seat, body.level)
    return hub.envelope(live, None)


@router.post("/api/games/{game_id}/join")
async def join(game_id: str, hub: HubDep) -> dict[str, Any]:
    """Take the first free human seat of an open game: its new token and link."""
    live = await hub.game(game_id)
    seat, token = await hub.join(live)
    base = hub.settings.public_url.rstrip("/")
    return {"seat": seat, "token": token, "url": f"{base}/games/{game_id}?token={token}"}


@router.websocket("/api/games/{game_id}/ws")
async def live_game(websocket: WebSocket, game_id: str, token: str | None = None) -> None:
    """Live play: the seat's envelope after every move and status change; `act` messages."""
    hub: Hub = websocket.app.state.hub
    await websocket.accept()
    try:
        live = await hub.game(game_id)
        seat = await hub.seat_of(live, token)
    except KleosError as exc:
        await websocket.send_json({"type": "error", "error": str(exc)})
        await websocket.close(code=1008)
        return
    if len(live.subscribers) >= hub.settings.max_connections_per_game:
        await websocket.send_json({"type": "error", "error": "too many connections to this game"})
        await websocket.close(code=1013)
        return
    subscriber = Subscriber(seat)
    live.subscribers.add(subscriber)
    hub.announce(live)
    task = asyncio.create_task(_send_all(websocket, subscriber))
    try:
        while True:
            text = await websocket.receive_text()
            reply = await _handle(hub, live, seat, text)
            if reply is not None:
                subscriber.queue.put_nowait(reply)
    except WebSocketDisconnect:
        pass
    finally:
        live.subscribers.discard(subscriber)
        task.cancel()
        hub.announce(live)


async def _send_all(websocket: WebSocket, subscriber: Subscriber) -> None:
    while True:
        message = await subscriber.queue.get()
        await websocket.send_json(message)


def _error(status: int, text: str) -> dict[str, Any]:
    return {"type": "error", "status": status, "error": text}


async def _handle(
    hub: Hub, live: LiveGame, seat: PlayerId | None, text: str
) -> dict[str, Any] | None:
    """One client message: an error to send back, or None once the move is made."""
    if len(text.encode()) > MAX_MESSAGE_BYTES:
        return _error(413, f"messages are at most {MAX_MESSAGE_BYTES} bytes")
    try:
        message = json.loads(text)
    except (ValueError, RecursionError):
        return _error(400, "a message is a JSON object")
    if not isinstance(message, dict) or message.get("type") != "act":
        return _error(400, 'messages are {"type": "act", "state_id": …, "action": …}')
    try:
        await hub.submit(live, seat, message.get("action"), message.get("state_id"))
    except KleosError as exc:
        return _error(status_of(exc), str(exc))
    return None
