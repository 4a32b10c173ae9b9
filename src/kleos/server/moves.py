"""Live play: the games of this process in memory, and the one pipeline every move takes — a
human's over HTTP or a WebSocket, an AI seat's from a worker, another process's from the log:
validated once on the live match, committed, then applied and published. A refused move changes
nothing; two moves against one state cannot both be committed (the log's primary key)."""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any

from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from kleos.core.errors import KleosError, StaleStateError
from kleos.core.protocol import PlayerId
from kleos.core.registry import make_from_config
from kleos.core.rng import derive_seed
from kleos.server import store
from kleos.server.clock import OutOfTimeError
from kleos.server.db import ActionRow, SeatRow, utc
from kleos.server.live import LiveGame, LiveGames
from kleos.server.seats import FALLBACK_AGENT, HUMAN, ForbiddenError, budgeted
from kleos.server.settings import Settings
from kleos.server.store import Store
from kleos.server.workers import Background, WorkerFailure, Workers
from kleos.session.match import Match

LOG = logging.getLogger("kleos.server")


class UnknownGameError(KleosError):
    """No game has this id."""


class Moves:
    """The live games of one process, their moves and their AI seats."""

    def __init__(
        self, settings: Settings, store_: Store, workers: Workers, background: Background
    ) -> None:
        self.settings = settings
        self.store = store_
        self.workers = workers
        self.background = background
        self.live = LiveGames(settings.live_games)

    # ---------------------------------------------------------------- loading

    async def game(self, game_id: str) -> LiveGame:
        """The live game as the database holds it: loaded if need be, and on a database other
        processes share, caught up with the moves they committed whose notice may still be on
        its way (a seat reconnecting here after its own process died sees its last move)."""
        live = self.live.get(game_id)
        if live is None:
            loaded = await self.store.read(_load, game_id)
            loaded.clock = self.settings.clock
            return self.live.add(loaded)
        if self.store.shared:
            await self._refresh(live)
        return live

    async def catch_up(self, live: LiveGame) -> None:
        """Apply the moves the log holds beyond the live match (other processes' moves)."""
        rows = await self.store.read(store.moves_since, live.id, live.match.state_id)
        _apply_rows(live, rows)
        if rows and live.timer is not None:
            live.deadline, live.abandoned = await self.store.read(store.clock_of, live.id)

    async def heard(self, payload: str) -> None:
        """Another process committed a move of a game (`payload` is its id) or changed its
        seats (its id and `SEATS_CHANGED`): catch up and publish."""
        game_id, _, what = payload.partition(" ")
        live = self.live.get(game_id)
        if live is None:
            return
        await self._refresh(live, seats=what == store.SEATS_CHANGED)

    async def _refresh(self, live: LiveGame, *, seats: bool = True) -> None:
        """Catch up with the log (and with `seats`, the seats: names, tokens, a seat handed
        to an AI on a timeout) and, if anything changed, publish it."""
        async with live.lock:
            before = live.match.state_id
            changed = seats and await self._seats(live)
            await self.catch_up(live)
        if changed or live.match.state_id != before:
            live.announce()
            self.schedule_ai(live)  # a seat handed to an AI may decide now

    async def _seats(self, live: LiveGame) -> bool:
        """Read the seats and the clock again; whether they changed."""
        fields = _seat_fields(await self.store.read(store.seats_of, live.id))
        fields["deadline"], fields["abandoned"] = await self.store.read(store.clock_of, live.id)
        changed = any(getattr(live, name) != value for name, value in fields.items())
        for name, value in fields.items():
            setattr(live, name, value)
        return changed

    # ---------------------------------------------------------------- the pipeline

    async def submit(
        self,
        live: LiveGame,
        seat: PlayerId | None,
        action: object,
        state_id: object,
        *,
        agent: bool = False,
    ) -> None:
        """Validate once, commit, apply and publish one move (a person's, or with `agent` an
        AI seat's); every refusal changes nothing."""
        async with live.lock:
            if live.abandoned:
                raise OutOfTimeError("the game was abandoned when a seat ran out of time")
            if not agent and seat is not None and live.kinds[seat] != HUMAN:
                raise ForbiddenError("an AI plays this seat now: it was handed over")
            try:
                player, chosen = live.match.check(seat, action, state_id)
            except StaleStateError:
                # Made against a state this process has not seen yet (another process's move
                # whose notice is on its way): catch up from the log and look again.
                await self.catch_up(live)
                player, chosen = live.match.check(seat, action, state_id)
            moment = self.settings.clock()
            deadline = live.next_deadline(chosen, moment)
            try:
                await self.store.write(
                    store.commit_move, live.id, live.match.state_id, player, str(chosen),
                    moment=moment, deadline=deadline, human=not agent,
                )  # fmt: skip
            except IntegrityError:
                await self.catch_up(live)
                raise StaleStateError(
                    "another move was made at the same time; look again"
                ) from None
            live.apply(player, chosen)
            live.deadline = deadline
            if live.match.is_over:
                await self.store.write(store.finish, live.id)
        live.announce()
        self.schedule_ai(live)

    # ---------------------------------------------------------------- AI seats

    def schedule_ai(self, live: LiveGame) -> None:
        """If an AI seat decides now, have it think (once)."""
        seat = live.match.current_player
        if seat is None or live.kinds[seat] == HUMAN or seat in live.thinking or live.abandoned:
            return
        live.thinking.add(seat)
        self.background.run(self._think(live, seat))
        live.announce()

    async def _think(self, live: LiveGame, seat: PlayerId) -> None:
        """One AI move in the worker pool; an agent that fails is replaced by a safe one (the
        failure shown in the seat's status and logged) so the game never freezes."""
        match = live.match
        state_id = match.state_id
        config = match.game.config.to_json()
        agent_seed = derive_seed(int(config["seed"]), "seat", seat, state_id)
        kind = FALLBACK_AGENT if seat in live.failures else live.kinds[seat]
        spec = budgeted(kind, self.settings)
        text = None
        try:
            await asyncio.sleep(live.moved_at + self.settings.ai_move_seconds - time.monotonic())
            text = await self.workers.choose(
                live.id, config, list(match.moves), seat, spec, agent_seed
            )
        except WorkerFailure as failure:
            live.failures[seat] = f"{kind} failed ({failure}); {FALLBACK_AGENT} plays on"
            LOG.warning("game %s, seat %d: %s", live.id, seat, live.failures[seat])
        finally:
            live.thinking.discard(seat)
        if text is None:
            self.schedule_ai(live)
            return
        try:
            await self.submit(live, seat, text, state_id, agent=True)
        except StaleStateError:
            self.schedule_ai(live)


def _load(session: Session, game_id: str) -> LiveGame:
    """A game rebuilt from its row and its log."""
    row = store.game_row(session, game_id)
    if row is None:
        raise UnknownGameError(f"there is no game '{game_id[:40]}'")
    game = make_from_config({**row.config, "seed": int(row.seed)})
    seats = _seat_fields(row.seats)
    live = LiveGame(game_id, Match(game, list(seats["kinds"])), **seats)
    live.seen = {s.seat for s in row.seats if s.kind == HUMAN and s.joined}
    live.timer, live.deadline, live.abandoned = row.timer, utc(row.deadline), row.abandoned
    live.chat_number = store.last_chat(session, game_id)
    _apply_rows(live, store.moves_since(session, game_id, 0))
    return live


def _seat_fields(rows: list[SeatRow]) -> dict[str, Any]:
    """A live game's fields that hold its seats, from their rows."""
    return {
        "kinds": [seat.kind for seat in rows],
        "hashes": [seat.token_hash for seat in rows],
        "joined": [seat.joined for seat in rows],
        "open": [seat.open for seat in rows],
        "names": {seat.seat: seat.name for seat in rows if seat.name is not None},
        "hosts": {seat.seat for seat in rows if seat.host},
        "timed_out": {s.seat: s.timed_out_at for s in rows if s.timed_out_at is not None},
    }


def _apply_rows(live: LiveGame, rows: list[ActionRow]) -> None:
    """Apply logged moves (the database's, so trusted) in order."""
    for row in rows:
        player, chosen = live.match.check(row.seat, row.action, row.state_id)
        live.apply(player, chosen)
