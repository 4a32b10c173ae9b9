"""The hub: the services of one server process, over its layers — the store (database), live
games (in memory), notify (subscribers, other processes' moves), seats (tokens, limits) and
workers (AI seats, analyses).

Every move — a human's over HTTP or a WebSocket, or an AI seat's — takes one pipeline:
validated once on the live match, committed to the database, then applied and published. A
refused move changes nothing; two moves against one state cannot both be committed (the log's
primary key), whichever process made them.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections import Counter
from typing import Any

from sqlalchemy.exc import IntegrityError

from kleos.core.errors import ConfigError, KleosError, StaleStateError
from kleos.core.protocol import PlayerId
from kleos.core.registry import make_from_config
from kleos.core.rng import derive_seed, new_seed
from kleos.runner.match import Match
from kleos.server import store
from kleos.server.db import GameRow, SeatRow
from kleos.server.live import ForbiddenError, LiveGame, LiveGames
from kleos.server.notify import listen
from kleos.server.seats import (
    FALLBACK_AGENT,
    HUMAN,
    RateLimiter,
    RateLimitError,
    budgeted,
    holder,
    new_token,
    seat_kind,
    token_hash,
)
from kleos.server.settings import Settings
from kleos.server.store import Store
from kleos.server.workers import WorkerFailure, Workers

LOG = logging.getLogger("kleos.server")


class UnknownGameError(KleosError):
    """No game has this id."""


class BadTokenError(KleosError):
    """A token that is no seat's of this game."""


class BusyError(RateLimitError):
    """The server has as much of some work queued as it takes (analyses)."""


class Hub:
    """Games, moves, seats, AI seats and analyses of one server process."""

    def __init__(self, settings: Settings, store_: Store) -> None:
        self.settings = settings
        self.store = store_
        self.live = LiveGames(settings.live_games)
        self.workers: Workers | None = None
        self.tasks: set[asyncio.Task[None]] = set()
        self.analysing: set[str] = set()
        self.sockets: Counter[str] = Counter()
        """Live connections by client address."""
        self.limits = {
            "create": RateLimiter("games created from one address", settings.games_per_minute),
            "join": RateLimiter("seats joined from one address", settings.joins_per_minute),
            "act": RateLimiter("moves from one address", settings.actions_per_minute),
            "seat": RateLimiter("moves for one seat", settings.actions_per_minute),
            "analysis": RateLimiter(
                "analyses started from one address", settings.analyses_per_hour, 3600
            ),
        }

    # ---------------------------------------------------------------- lifecycle

    async def start(self) -> None:
        """Start the workers, listen for other processes' moves (PostgreSQL), and resume the
        AI moves games were waiting for."""
        self.workers = Workers(self.settings)
        if self.store.engine.dialect.name == "postgresql":
            ready = asyncio.Event()
            self._keep(listen(self.settings.url, ready, self._heard))
            await asyncio.wait_for(ready.wait(), timeout=30)
        for game_id in await self.store.read(store.unfinished_ids):
            self._schedule_ai(await self.game(game_id))

    async def stop(self) -> None:
        """Stop thinking and kill the workers."""
        for task in list(self.tasks):
            task.cancel()
        if self.workers is not None:
            self.workers.stop()

    def _keep(self, work: Any) -> None:
        """Run `work` as a task the hub cancels when it stops."""
        task = asyncio.get_running_loop().create_task(work)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def _heard(self, game_id: str) -> None:
        """Another process committed a move of `game_id`: catch up and publish."""
        live = self.live.get(game_id)
        if live is not None:
            async with live.lock:
                before = live.match.state_id
                await self._catch_up(live)
            if live.match.state_id != before:
                live.announce()
                self._schedule_ai(live)

    # ---------------------------------------------------------------- creation

    async def create(
        self,
        game_id: str,
        players: int,
        seats: list[str],
        variants: list[str],
        options: dict[str, Any],
        client: str,
        taken: tuple[int, ...] = (),
        open_seats: tuple[int, ...] = (),
    ) -> tuple[str, list[str | None]]:
        """A new game; its id and each human seat's token (None for AI seats). The `taken`
        human seats are the creator's; the `open_seats` are listed for anyone to join; every
        other human seat is private, reached only by its invite link."""
        if len(seats) != players:
            raise ConfigError(f"{len(seats)} seats named for {players} players")
        kinds = [seat_kind(seat, self.settings) for seat in seats]
        for seat in (*taken, *open_seats):
            if not 0 <= seat < players or kinds[seat] != HUMAN:
                raise ConfigError(f"seat {seat} is not a human seat of this game")
        if set(taken) & set(open_seats):
            raise ConfigError("a seat the creator takes is not open to others")
        self.limits["create"].hit(client)
        tokens = [new_token() if kind == HUMAN else None for kind in kinds]
        row_id = await self._add(
            game_id, players, variants, options, kinds, tokens, taken, open_seats
        )
        self._schedule_ai(await self.game(row_id))
        return row_id, tokens

    async def _add(
        self,
        game_id: str,
        players: int,
        variants: list[str],
        options: dict[str, Any],
        kinds: list[str],
        tokens: list[str | None],
        taken: tuple[int, ...],
        open_seats: tuple[int, ...],
        rematch_of: str | None = None,
    ) -> str:
        """Write a new game and its seats; its id."""
        # As from a record: options are data, so no client can make the server open a file.
        game = make_from_config(
            {
                "game": game_id,
                "players": players,
                "seed": new_seed(),
                "variants": variants,
                "options": options,
            }
        )
        config = game.config.to_json()
        seed = str(config.pop("seed"))
        row = GameRow(
            id=secrets.token_hex(8),
            game=game.game_id,
            players=game.players,
            config={**config, "seed": None},
            seed=seed,
            state_id=0,
            finished=False,
            rematch_of=rematch_of,
            listed=bool(open_seats),
        )
        row.seats = [
            SeatRow(
                seat=p,
                kind=kind,
                token_hash=token_hash(t) if t else None,
                joined=kind != HUMAN or p in taken,
                open=p in open_seats,
            )
            for p, (kind, t) in enumerate(zip(kinds, tokens, strict=True))
        ]
        await self.store.write(store.add_game, row)
        return row.id

    async def rematch(self, live: LiveGame, seat: PlayerId, client: str) -> tuple[str, str]:
        """The rematch of a finished game (made by the first of its players to ask), and a
        fresh token for the asker's own seat in it: each player gets only their own seat."""
        if not live.match.is_over:
            raise ForbiddenError("a rematch is offered once the game is over")
        new_id = await self.store.read(store.rematch_of, live.id)
        if new_id is None:
            self.limits["create"].hit(client)
            config = live.match.game.config
            tokens: list[str | None] = [None] * len(live.kinds)
            new_id = await self._add(
                config.game_id, config.players, list(config.variants), dict(config.options),
                list(live.kinds), tokens, (), (), rematch_of=live.id,
            )  # fmt: skip
        rematch = await self.game(new_id)
        if rematch.kinds[seat] != HUMAN:
            raise ForbiddenError("that seat is played by an AI in the rematch")
        token = new_token()
        rematch.hashes[seat], rematch.joined[seat] = token_hash(token), True
        await self.store.write(
            store.set_seat, new_id, seat, token_hash=rematch.hashes[seat], joined=True
        )
        self._schedule_ai(rematch)
        return new_id, token

    # ---------------------------------------------------------------- loading

    async def game(self, game_id: str) -> LiveGame:
        """The live game, loaded from the database (and caught up with its log) if need be."""
        live = self.live.get(game_id)
        if live is None:
            live = self.live.add(await self.store.read(self._load, game_id))
        return live

    @staticmethod
    def _load(session: Any, game_id: str) -> LiveGame:
        row = store.game_row(session, game_id)
        if row is None:
            raise UnknownGameError(f"there is no game '{game_id[:40]}'")
        game = make_from_config({**row.config, "seed": int(row.seed)})
        seats = row.seats
        live = LiveGame(
            game_id,
            Match(game, [seat.kind for seat in seats]),
            [seat.kind for seat in seats],
            [seat.token_hash for seat in seats],
            [seat.joined for seat in seats],
            [seat.open for seat in seats],
        )
        _apply_rows(live, store.moves_since(session, game_id, 0))
        return live

    async def _catch_up(self, live: LiveGame) -> None:
        """Apply the moves the log holds beyond the live match (other processes' moves)."""
        rows = await self.store.read(store.moves_since, live.id, live.match.state_id)
        _apply_rows(live, rows)

    # ---------------------------------------------------------------- seats

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

    async def join(self, live: LiveGame, client: str) -> tuple[PlayerId, str]:
        """Claim the first open seat nobody has joined: a fresh token for it. Private seats
        (a friend's invite) are never joined this way."""
        free = [p for p, is_open in enumerate(live.open) if is_open and not live.joined[p]]
        if not free:
            raise ForbiddenError("this game has no open seat to join")
        self.limits["join"].hit(client)
        seat, token = free[0], new_token()
        live.hashes[seat], live.joined[seat] = token_hash(token), True
        await self.store.write(
            store.set_seat, live.id, seat, joined=True, token_hash=live.hashes[seat]
        )
        live.announce()
        return seat, token

    async def replace(self, live: LiveGame, seat: PlayerId, spec: str) -> None:
        """Hand a human's seat to an agent (its token stops working), before the end only."""
        if live.match.is_over:
            raise ForbiddenError("the game is over: its seats are as they were played")
        kind = seat_kind(spec, self.settings)
        if kind == HUMAN:
            raise ConfigError("a seat is handed to an AI level or agent spec, not to a human")
        await self.store.write(store.set_seat, live.id, seat, kind=kind, token_hash=None)
        live.kinds[seat], live.hashes[seat], live.joined[seat] = kind, None, True
        live.announce()
        self._schedule_ai(live)

    def check_rate(self, client: str, seat: PlayerId | None, game_id: str) -> None:
        """Count one move (or WebSocket message) from `client` for `seat`, or refuse it."""
        self.limits["act"].hit(client)
        if seat is not None:
            self.limits["seat"].hit(f"{game_id}/{seat}")

    # ---------------------------------------------------------------- moves

    async def submit(
        self, live: LiveGame, seat: PlayerId | None, action: object, state_id: object
    ) -> None:
        """Validate once, commit, apply and publish one move; every refusal changes nothing."""
        async with live.lock:
            try:
                player, chosen = live.match.check(seat, action, state_id)
            except StaleStateError:
                # Made against a state this process has not seen yet (another process's move
                # whose notice is on its way): catch up from the log and look again.
                await self._catch_up(live)
                player, chosen = live.match.check(seat, action, state_id)
            try:
                await self.store.write(
                    store.commit_move, live.id, live.match.state_id, player, str(chosen)
                )
            except IntegrityError:
                await self._catch_up(live)
                raise StaleStateError(
                    "another move was made at the same time; look again"
                ) from None
            live.apply(player, chosen)
            if live.match.is_over:
                await self.store.write(store.finish, live.id)
        live.announce()
        self._schedule_ai(live)

    # ---------------------------------------------------------------- AI seats

    def _schedule_ai(self, live: LiveGame) -> None:
        seat = live.match.current_player
        if seat is None or live.kinds[seat] == HUMAN or seat in live.thinking:
            return
        live.thinking.add(seat)
        self._keep(self._think(live, seat))
        live.announce()

    async def _think(self, live: LiveGame, seat: PlayerId) -> None:
        """One AI move in the worker pool; an agent that fails is replaced by a safe one (the
        failure shown in the seat's status) so the game never freezes."""
        assert self.workers is not None
        match = live.match
        state_id = match.state_id
        config = match.game.config.to_json()
        agent_seed = derive_seed(int(config["seed"]), "seat", seat, state_id)
        kind = FALLBACK_AGENT if seat in live.failures else live.kinds[seat]
        spec = budgeted(kind, self.settings)
        text = None
        try:
            text = await self.workers.choose(
                live.id, config, list(match.moves), seat, spec, agent_seed
            )
        except WorkerFailure as failure:
            live.failures[seat] = f"{kind} failed ({failure}); {FALLBACK_AGENT} plays on"
            LOG.warning("game %s, seat %d: %s", live.id, seat, live.failures[seat])
        finally:
            live.thinking.discard(seat)
        if text is None:
            self._schedule_ai(live)
            return
        try:
            await self.submit(live, seat, text, state_id)
        except StaleStateError:
            self._schedule_ai(live)

    # ---------------------------------------------------------------- analysis

    async def analysis(self, live: LiveGame, client: str) -> dict[str, Any]:
        """A finished game's analysis: `{"status": "done", ...}` once computed (it is kept in
        the database), else `{"status": "running"}` while a worker computes it. Each address
        starts a bounded number an hour, and the queue is bounded (`BusyError`)."""
        if not live.match.is_over:
            raise ForbiddenError("a game is analysed once it is over")
        stored = await self.store.read(store.stored_analysis, live.id)
        if stored is not None:
            return {"status": "done", **stored}
        if live.id not in self.analysing:
            if len(self.analysing) >= self.settings.analysis_queue:
                raise BusyError("the server is busy analysing other games; ask again later")
            self.limits["analysis"].hit(client)
            self.analysing.add(live.id)
            self._keep(self._analyse(live))
        return {"status": "running"}

    async def _analyse(self, live: LiveGame) -> None:
        assert self.workers is not None
        try:
            result = await self.workers.analyse(live.record())
            await self.store.write(store.store_analysis, live.id, result)
        except WorkerFailure:
            pass  # asked again, it is tried again
        finally:
            self.analysing.discard(live.id)

    # ---------------------------------------------------------------- listing

    async def open_games(
        self, limit: int, after: str | None
    ) -> tuple[list[dict[str, Any]], str | None]:
        """A page of games with an open seat nobody has joined, and the next page's cursor."""
        return await self.store.read(store.open_games, limit, after)


def _apply_rows(live: LiveGame, rows: list[Any]) -> None:
    """Apply logged moves (the database's, so trusted) in order."""
    for row in rows:
        player, chosen = live.match.check(row.seat, row.action, row.state_id)
        live.apply(player, chosen)
