"""Why not: what a seat (or a spectator) may do with an element of the board it points at, or
why nothing, in the engine's words (`Game.explain_target`), so that a tap on a card, a Quest, a
site or a space that cannot be chosen says why. Cheap (one pass over the action space), bounded
per address, and it reads only what the views show everyone."""

from __future__ import annotations

from typing import Annotated
from weakref import WeakKeyDictionary

from fastapi import APIRouter, Query

from kleos.server.api import REFUSALS, Client, HubDep, Token
from kleos.server.hub import Hub
from kleos.server.schemas import Answer
from kleos.server.seats import RateLimiter

TARGET = r"^[a-z]+(:[A-Za-z0-9_.\-]{1,32}){0,3}$"
"""A target key as legal actions name them ('space:p12:3', 'card:ZEU-01a', 'draw')."""
PER_MINUTE = 240
"""Explanations one address may ask for in a minute."""


class WhyNot(Answer):
    """What may be done with an element of the board now, or why nothing, in words."""

    target: str
    text: str


router = APIRouter(responses=REFUSALS)
_limiters: WeakKeyDictionary[Hub, RateLimiter] = WeakKeyDictionary()


def _limiter(hub: Hub) -> RateLimiter:
    if hub not in _limiters:
        _limiters[hub] = RateLimiter("explanations for one address", PER_MINUTE)
    return _limiters[hub]


@router.get("/api/games/{game_id}/why")
async def why_not(
    game_id: str,
    hub: HubDep,
    client: Client,
    token: Token,
    target: Annotated[str, Query(max_length=80, pattern=TARGET, examples=["card:ZEU-01a"])],
) -> WhyNot:
    """What the token's seat may do with the element `target` names now, or why nothing."""
    _limiter(hub).hit(client)
    live = await hub.moves.game(game_id)
    seat = await hub.seats.seat_of(live, token)
    game = live.match.game
    return WhyNot(target=target, text=game.explain_target(live.match.state, target, seat))
