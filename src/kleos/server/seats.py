"""Seats and limits: tokens (stored only as hashes), who may play a seat (a human, or an agent
whose budget the server caps), joining, handing a seat to an AI, and the per-address and
per-seat rate limits."""

from __future__ import annotations

import hashlib
import hmac
import secrets
import time
from collections import deque
from collections.abc import Callable
from typing import TYPE_CHECKING

from kleos.agents import agent_spec, make_agent
from kleos.core.errors import ConfigError, KleosError
from kleos.core.protocol import PlayerId
from kleos.server import store
from kleos.server.clock import OutOfTimeError
from kleos.server.settings import Settings
from kleos.server.store import Store

if TYPE_CHECKING:
    from kleos.server.live import LiveGame

HUMAN = "human"
FALLBACK_AGENT = "random"
"""What plays a seat whose agent failed: it cannot fail, and the game goes on."""
MAX_KEYS = 100_000
"""Addresses and seats a limiter remembers at once (the oldest are forgotten first)."""


class RateLimitError(KleosError):
    """Too many requests of one kind from one address (or for one seat) in a while."""


def new_token() -> str:
    """A seat's secret: 24 random bytes, URL-safe."""
    return secrets.token_urlsafe(24)


def token_hash(token: str) -> str:
    """The hash a seat's token is stored as (the token itself is never stored)."""
    return hashlib.sha256(token.encode()).hexdigest()


def holder(hashes: list[str | None], token: str) -> int | None:
    """The seat whose stored hash is the token's, compared in constant time; None if none."""
    digest = token_hash(token)
    for seat, stored in enumerate(hashes):
        if stored is not None and hmac.compare_digest(stored, digest):
            return seat
    return None


def seat_kind(seat: object, settings: Settings) -> str:
    """'human', or an agent spec the server will run: levels are kept by name; a spec is
    checked by building its agent once (so what would fail in a worker is refused now, 422),
    and its search budget is capped by the server's `max_think_seconds` and `max_iterations`."""
    if not isinstance(seat, str):
        raise ConfigError("a seat is 'human', an AI level or an agent spec")
    text = seat.strip().lower()
    if text == HUMAN:
        return HUMAN
    spec = agent_spec(text)
    options = dict(spec.options)
    if spec.name == "ismcts":
        seconds = options.get("time")
        if seconds is not None and seconds > settings.max_think_seconds:
            raise ConfigError(
                f"an AI seat thinks at most {settings.max_think_seconds:g} s a decision here"
            )
        iterations = options.get("iterations")
        if iterations is not None and iterations > settings.max_iterations:
            raise ConfigError(
                f"an AI seat searches at most {settings.max_iterations:,} iterations a "
                "decision here"
            )
    make_agent(text, 0)
    return text


def budgeted(kind: str, settings: Settings) -> str:
    """The spec a worker runs for a seat: a search without a time limit gets the server's."""
    spec = agent_spec(kind)
    if spec.name == "ismcts" and "time" not in dict(spec.options):
        return f"{spec}:time={settings.max_think_seconds:g}"
    return str(spec)


class RateLimiter:
    """At most `limit` events per key (an address, a seat) in any `window` seconds."""

    def __init__(self, what: str, limit: int, window: float = 60.0) -> None:
        self.what, self.limit, self.window = what, limit, window
        self.hits: dict[str, deque[float]] = {}

    def hit(self, key: str) -> None:
        """Count one event for `key`, or raise `RateLimitError` (counting nothing)."""
        now = time.monotonic()
        hits = self.hits.pop(key, None) or deque()
        while hits and hits[0] <= now - self.window:
            hits.popleft()
        self.hits[key] = hits  # re-inserted: the dict's order is the keys' last use
        if len(hits) >= self.limit:
            window = self.window
            span = (
                "a minute"
                if window == 60
                else f"{window / 3600:g} hour"
                if window >= 3600
                else f"{window:g} seconds"
            )
            raise RateLimitError(f"at most {self.limit} {self.what} in {span}; wait a little")
        hits.append(now)
        if len(self.hits) > MAX_KEYS:
            del self.hits[next(iter(self.hits))]


class BadTokenError(KleosError):
    """A token that is no seat's of this game."""


class ForbiddenError(KleosError):
    """A request the asker may not make."""


class FinishedGameError(KleosError):
    """A request only an unfinished game takes, made after its end."""


def hand_over(live: LiveGame, seat: PlayerId, kind: str) -> None:
    """In memory, what `store.hand_over` wrote: an agent plays the seat, its token is void."""
    live.kinds[seat], live.hashes[seat], live.joined[seat] = kind, None, True


class Seats:
    """Who holds each seat of the live games: tokens, joins, hand-overs and rate limits."""

    def __init__(self, settings: Settings, store_: Store) -> None:
        self.settings = settings
        self.store = store_
        self.created = RateLimiter("games created from one address", settings.games_per_minute)
        self.ai_games = RateLimiter(
            "games without a human seat from one address", settings.ai_games_per_hour, 3600
        )
        self.joins = RateLimiter("seats joined from one address", settings.joins_per_minute)
        self.listings = RateLimiter(
            "pages of open games for one address", settings.listings_per_minute
        )
        self.moves_by_address = RateLimiter("moves from one address", settings.actions_per_minute)
        self.moves_by_seat = RateLimiter("moves for one seat", settings.actions_per_minute)

    async def seat_of(self, live: LiveGame, token: str | None) -> PlayerId | None:
        """The seat a token belongs to (marked joined on first use); None without a token
        (a spectator)."""
        if token is None:
            return None
        seat = holder(live.hashes, token)
        if seat is None:
            raise BadTokenError("this token belongs to no seat of this game")
        if not live.joined[seat]:
            live.joined[seat] = True
            await self.store.write(store.set_seat, live.id, seat, joined=True)
        return seat

    async def issue(self, live: LiveGame, seat: PlayerId, name: str | None = None) -> str:
        """A fresh token for a human seat (any earlier one stops working), and the display
        name of whoever takes it (if they gave one)."""
        token = new_token()
        live.hashes[seat], live.joined[seat] = token_hash(token), True
        named = {} if name is None else {"name": name}
        if name is not None:
            live.names[seat] = name
        await self.store.write(
            store.set_seat, live.id, seat, joined=True, token_hash=live.hashes[seat], **named
        )
        return token

    async def join(self, live: LiveGame, name: str | None = None) -> tuple[PlayerId, str]:
        """Claim the first open seat nobody has joined, under a display name (or none): a
        fresh token for it. Private seats (a friend's invite) are never joined this way."""
        free = [p for p, is_open in enumerate(live.open) if is_open and not live.joined[p]]
        if not free:
            raise ForbiddenError("this game has no open seat to join")
        token = await self.issue(live, free[0], name)
        live.announce()
        return free[0], token

    async def rename(self, live: LiveGame, seat: PlayerId, name: str) -> None:
        """The seat's holder tells the others their (checked) display name, before the end."""
        if live.match.is_over:
            raise FinishedGameError("the game is over: its players' names stay as they played")
        live.names[seat] = name
        await self.store.write(store.set_seat, live.id, seat, name=name)
        live.announce()

    async def invite(self, live: LiveGame, seat: PlayerId | None) -> dict[PlayerId, str]:
        """For the host (a seat the creator took), fresh tokens for the friends' seats nobody
        has joined yet: their old invite links stop working. A seat someone has joined is
        never given away."""
        if seat is None or seat not in live.hosts:
            raise ForbiddenError("only the host (the seat that created the game) may invite")
        if live.match.is_over:
            raise FinishedGameError("the game is over: nobody can be invited any more")
        seats = live.invited()
        if not seats:
            raise ForbiddenError("every friend's seat has been joined: no invite link is left")
        tokens = {p: new_token() for p in seats}
        hashes = {p: token_hash(token) for p, token in tokens.items()}
        for p, digest in hashes.items():  # at once: no old link is used in between
            live.hashes[p] = digest
        await self.store.write(store.set_tokens, live.id, hashes)
        return tokens

    async def replace(
        self, live: LiveGame, seat: PlayerId, spec: str, then: Callable[[LiveGame], None]
    ) -> None:
        """Hand a human's seat to an agent (its token stops working), before the end only;
        `then` is told of the change (to let the agent think)."""
        if live.match.is_over:
            raise ForbiddenError("the game is over: its seats are as they were played")
        if live.abandoned:
            raise OutOfTimeError("the game was abandoned: its seats are as they were")
        kind = seat_kind(spec, self.settings)
        if kind == HUMAN:
            raise ConfigError("a seat is handed to an AI level or agent spec, not to a human")
        deciding = seat == live.match.current_player  # its deadline goes: an AI needs none
        await self.store.write(store.hand_over, live.id, seat, kind, clear_deadline=deciding)
        hand_over(live, seat, kind)
        if deciding:
            live.deadline = None
        live.announce()
        then(live)

    def count_move(self, client: str, seat: PlayerId | None, game_id: str) -> None:
        """Count one move (or WebSocket message) from `client` for `seat`, or refuse it."""
        self.moves_by_address.hit(client)
        if seat is not None:
            self.moves_by_seat.hit(f"{game_id}/{seat}")
