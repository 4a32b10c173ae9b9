"""The HTTP API (documented in docs/api.md; described at /openapi.json).

Every body is a Pydantic model that forbids unknown fields; every answer has a model; every
refusal is a JSON error with a status that says what kind it is (docs/api.md), never a 500.
A seat's token comes in the `Authorization: Bearer …` header (or, for old links, `?token=`).
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Header, Query, Request, Response
from fastapi.responses import JSONResponse, PlainTextResponse

from kleos.agents.spec import LEVELS
from kleos.core.registry import game_class, game_ids
from kleos.server.chat import PAGE as CHAT_PAGE
from kleos.server.hub import Hub
from kleos.server.schemas import (
    Analysis,
    AskHint,
    Catalog,
    CatalogGame,
    ChatMessage,
    ChatPage,
    Created,
    CreatedSeat,
    CreateGame,
    Envelope,
    Error,
    GameInfo,
    Hint,
    Invite,
    Invites,
    Joined,
    JoinSeat,
    Move,
    NameSeat,
    OpenGames,
    PostChat,
    Rematch,
    ReplaceSeat,
    Sample,
    SeatToken,
    Status,
    SubmitAction,
)
from kleos.server.seats import ForbiddenError

REFUSALS: dict[int | str, dict[str, Any]] = {
    status: {"model": Error, "description": why}
    for status, why in (
        (403, "not this token's to ask (or not yet: before the end)"),
        (404, "no such game"),
        (409, "made against another state than the current one, or after the end"),
        (422, "a body, action or option that is not valid"),
        (429, "too many requests of this kind from one address, or the server is busy"),
    )
}
router = APIRouter(responses=REFUSALS)
PAGE = 50
"""The most open games one listing answers."""


def hub_of(request: Request) -> Hub:
    """The app's hub."""
    hub: Hub = request.app.state.hub
    return hub


def client_of(request: Request) -> str:
    """The asker's address (the proxy's X-Forwarded-For when `--forwarded-allow-ips` trusts
    it)."""
    return request.client.host if request.client else "unknown"


def token_of(
    authorization: Annotated[str | None, Header(max_length=200)] = None,
    token: Annotated[str | None, Query(max_length=100, description="For old links.")] = None,
) -> str | None:
    """The seat's token: `Authorization: Bearer T`, else the `token` query parameter."""
    if authorization is not None:
        scheme, _, value = authorization.partition(" ")
        if scheme.lower() == "bearer" and value.strip():
            return value.strip()
    return token


HubDep = Annotated[Hub, Depends(hub_of)]
Client = Annotated[str, Depends(client_of)]
Token = Annotated[str | None, Depends(token_of)]


def link(hub: Hub, game_id: str, token: str | None = None) -> str:
    """A game's link; with a token, in the fragment, which never reaches a server or a log."""
    base = f"{hub.settings.public_url.rstrip('/')}/games/{game_id}"
    return f"{base}#token={token}" if token else base


def envelope_answer(envelope: dict[str, Any]) -> JSONResponse:
    """An envelope as it is (its model documents it; validating each would cost every move)."""
    return JSONResponse(envelope)


@router.get("/healthz")
async def healthz() -> Status:
    """The server is up."""
    return Status(status="ok")


@router.get("/api/catalog")
async def catalog() -> Catalog:
    """What a new game may be: each game's spec (players and typed options), and the AI
    levels a seat may have."""
    games = [CatalogGame(**game_class(game_id).spec.describe()) for game_id in game_ids()]
    return Catalog(games=games, levels=["random", *LEVELS])


@router.post("/api/games", status_code=201)
async def create_game(body: CreateGame, client: Client, hub: HubDep) -> Created:
    """Create a game; one secret token and invite link per human seat (the creator hands each
    friend theirs)."""
    players = body.players if body.players is not None else len(body.seats)
    options = dict(body.options)
    variants = options.pop("variants", []) if body.variants is None else list(body.variants)
    if not isinstance(variants, list):
        variants = [variants]  # as `kleos.make` takes one variant's name
    game_id, tokens = await hub.create(
        body.game, players, list(body.seats), variants, options, client,
        taken=tuple(body.taken), open_seats=tuple(body.open), name=body.name,
        timer=None if body.timer is None else body.timer.model_dump(exclude_none=True),
    )  # fmt: skip
    live = await hub.moves.game(game_id)
    return Created(
        id=game_id,
        seats=[
            CreatedSeat(
                seat=p,
                kind=kind,
                token=token,
                url=link(hub, game_id, token) if token else None,
                open=live.open[p],
            )
            for p, (kind, token) in enumerate(zip(live.kinds, tokens, strict=True))
        ],
        spectator_url=link(hub, game_id),
    )


@router.get("/api/games")
async def open_games(
    hub: HubDep,
    client: Client,
    limit: Annotated[int, Query(ge=1, le=PAGE)] = PAGE,
    after: Annotated[str | None, Query(max_length=32, description="The `next` cursor.")] = None,
) -> OpenGames:
    """Unfinished games with an open seat nobody has joined yet, oldest first, a page at a
    time."""
    hub.seats.listings.hit(client)
    games, cursor = await hub.open_games(limit, after)
    return OpenGames.model_validate({"games": games, "next": cursor})


@router.get("/api/games/{game_id}", responses={200: {"model": Envelope}})
async def get_game(game_id: str, hub: HubDep, token: Token) -> JSONResponse:
    """The envelope of the token's seat (without a token: a spectator's)."""
    live = await hub.moves.game(game_id)
    return envelope_answer(live.envelope(await hub.seats.seat_of(live, token)))


@router.get("/api/games/{game_id}/info", responses={200: {"model": GameInfo}})
async def game_info(game_id: str, hub: HubDep) -> dict[str, Any]:
    """What never changes in the game: its `static_info()` (board or cards, seats' names and
    colours) and who plays each seat."""
    live = await hub.moves.game(game_id)
    info: dict[str, Any] = live.match.game.static_info()
    info["id"] = live.id
    info["kinds"] = list(live.kinds)
    return info


@router.get("/api/games/{game_id}/log", responses={200: {"model": list[Move]}})
async def game_log(
    game_id: str, hub: HubDep, token: Token, since: Annotated[int, Query(ge=0)] = 0
) -> list[dict[str, Any]]:
    """Every move from state id `since` on, its events as the token's seat may see them (in
    words too)."""
    live = await hub.moves.game(game_id)
    return live.moves_for(await hub.seats.seat_of(live, token), since)


@router.get("/api/games/{game_id}/replay", responses={200: {"model": Envelope}})
async def replay(
    game_id: str, hub: HubDep, ply: Annotated[int, Query(ge=0, le=1_000_000)] = 0
) -> JSONResponse:
    """A finished game after `ply` moves, every seat's secrets shown (403 before the end)."""
    live = await hub.moves.game(game_id)
    return envelope_answer(live.replay_envelope(ply))


@router.get(
    "/api/games/{game_id}/analysis",
    responses={202: {"model": Analysis}},
    response_model_exclude_none=True,
)
async def analysis(game_id: str, hub: HubDep, client: Client, response: Response) -> Analysis:
    """A finished game's analysis, computed once in the background: `202 {"status":
    "running"}` until it is ready, then each player's win chance after every move and the
    mistakes (429 when the server has as many analyses queued as it takes)."""
    live = await hub.moves.game(game_id)
    result = Analysis.model_validate(await hub.analyses.of(live, client))
    if result.status == "running":
        response.status_code = 202
    return result


@router.post("/api/games/{game_id}/actions", responses={200: {"model": Envelope}})
async def submit_action(
    game_id: str, body: SubmitAction, client: Client, hub: HubDep
) -> JSONResponse:
    """Make a move for the token's seat; the new envelope."""
    live = await hub.moves.game(game_id)
    seat = await hub.seats.seat_of(live, body.token)
    hub.seats.count_move(client, seat, live.id)
    await hub.moves.submit(live, seat, body.action, body.state_id)
    return envelope_answer(live.envelope(seat))


@router.get("/api/games/{game_id}/sample")
async def sample(game_id: str, hub: HubDep, token: Token) -> Sample:
    """For a seat's own search (`kleos bot`): a full state consistent with what the seat sees,
    its hidden parts resampled, as a JSON state document (`kleos.core.serialize`)."""
    live = await hub.moves.game(game_id)
    seat = await hub.seats.seat_of(live, token)
    if seat is None:
        raise ForbiddenError("a sample is given to a seat (with its token), not to spectators")
    return Sample(state_id=live.match.state_id, seat=seat, state=live.sample(seat))


@router.get("/api/games/{game_id}/record", response_class=PlainTextResponse)
async def record(game_id: str, hub: HubDep) -> PlainTextResponse:
    """The game's JSON Lines record, seed included, once the game is over (or abandoned on
    a timeout: nobody plays it any more, and its record has no result)."""
    live = await hub.moves.game(game_id)
    if not live.match.is_over and not live.abandoned:
        raise ForbiddenError("the record (and its seed) is given only once the game is over")
    text = "".join(line + "\n" for line in live.record().lines())
    return PlainTextResponse(text, media_type="application/x-ndjson")


@router.post("/api/games/{game_id}/rematch", status_code=201)
async def rematch(game_id: str, body: SeatToken, client: Client, hub: HubDep) -> Rematch:
    """Once the game is over, a player's seat in its rematch (the same settings and seat
    kinds): the first to ask makes it, each player gets their own seat's token only."""
    live = await hub.moves.game(game_id)
    seat = await hub.seats.seat_of(live, body.token)
    if seat is None:
        raise ForbiddenError("a rematch is for the game's players")
    new_id, token = await hub.rematch(live, seat, client)
    return Rematch(id=new_id, seat=seat, token=token, url=link(hub, new_id, token))


@router.post("/api/games/{game_id}/seats/{seat}/replace", responses={200: {"model": Envelope}})
async def replace_seat(game_id: str, seat: int, body: ReplaceSeat, hub: HubDep) -> JSONResponse:
    """The seat's holder hands it to an AI (a player who must leave), before the end."""
    live = await hub.moves.game(game_id)
    if await hub.seats.seat_of(live, body.token) != seat:
        raise ForbiddenError(f"only the holder of seat {seat} may hand it over")
    await hub.seats.replace(live, seat, body.level, hub.moves.schedule_ai)
    return envelope_answer(live.envelope(None))


@router.post("/api/games/{game_id}/seats/{seat}/name", responses={200: {"model": Envelope}})
async def name_seat(
    game_id: str, seat: int, body: NameSeat, client: Client, hub: HubDep
) -> JSONResponse:
    """The seat's holder tells the others their display name, before the end; the seat's
    envelope."""
    live = await hub.moves.game(game_id)
    if await hub.seats.seat_of(live, body.token) != seat:
        raise ForbiddenError(f"only the holder of seat {seat} may name it")
    hub.seats.count_move(client, seat, live.id)
    await hub.seats.rename(live, seat, body.name)
    return envelope_answer(live.envelope(seat))


@router.post("/api/games/{game_id}/invites")
async def invites(game_id: str, body: SeatToken, client: Client, hub: HubDep) -> Invites:
    """For the host (the token of a seat the creator took), before the end: fresh invite
    links for the friends' seats nobody has joined yet; their old links stop working."""
    live = await hub.moves.game(game_id)
    seat = await hub.seats.seat_of(live, body.token)
    hub.seats.count_move(client, seat, live.id)
    tokens = await hub.seats.invite(live, seat)
    return Invites(
        seats=[Invite(seat=p, token=t, url=link(hub, game_id, t)) for p, t in tokens.items()],
        spectator_url=link(hub, game_id),
    )


@router.post("/api/games/{game_id}/join")
async def join(game_id: str, client: Client, hub: HubDep, body: JoinSeat | None = None) -> Joined:
    """Take the first free open seat of a game, under a display name (or none): its new
    token and link."""
    hub.seats.joins.hit(client)  # every attempt counts: a refused one costs a look-up too
    live = await hub.moves.game(game_id)
    seat, token = await hub.seats.join(live, body.name if body else None)
    return Joined(seat=seat, token=token, url=link(hub, game_id, token))


@router.post("/api/games/{game_id}/chat", status_code=201)
async def post_chat(game_id: str, body: PostChat, client: Client, hub: HubDep) -> ChatMessage:
    """A seat's chat message (text only, one line), pushed to every watcher."""
    live = await hub.moves.game(game_id)
    seat = await hub.seats.seat_of(live, body.token)
    hub.seats.count_move(client, seat, live.id)
    return ChatMessage.model_validate(await hub.chat.post(live, seat, body.text))


@router.get("/api/games/{game_id}/chat")
async def read_chat(
    game_id: str, hub: HubDep, since: Annotated[int, Query(ge=0, le=1_000_000)] = 0
) -> ChatPage:
    """The chat's messages after number `since`, oldest first (anyone may read: spectators
    too), at most a page; `more` if others follow."""
    live = await hub.moves.game(game_id)
    messages = await hub.chat.since(live, since)
    return ChatPage.model_validate({"messages": messages, "more": len(messages) == CHAT_PAGE})


@router.post("/api/games/{game_id}/hint")
async def hint(game_id: str, body: AskHint, client: Client, hub: HubDep) -> Hint:
    """For a seat whose every opponent is an AI, on its own decision: the search's opinion of
    each option, best first, computed in the AI pool under the server's budget."""
    live = await hub.moves.game(game_id)
    seat = await hub.seats.seat_of(live, body.token)
    hub.seats.count_move(client, seat, live.id)
    return Hint.model_validate(await hub.hints.of(live, seat, body.state_id))
