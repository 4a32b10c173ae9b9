"""The hub: every game a server plays, rebuilt from its log, and the one path every move takes.

A move — a human's over HTTP or a WebSocket, or an AI seat's — is checked on the live match,
committed to the database, and only then applied and announced. A refused move changes
nothing; two moves against one state cannot both be committed (the log's primary key). AI
seats think in a process pool, so the event loop never waits for them.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import multiprocessing
import random
import secrets
import time
from collections import deque
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

import psycopg
from sqlalchemy import make_url, select
from sqlalchemy import text as text_sql
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker

from kleos.agents import agent_spec
from kleos.core.errors import ConfigError, KleosError, StaleStateError
from kleos.core.protocol import Event, PlayerId
from kleos.core.records import Move, Record, result_json
from kleos.core.registry import make_from_config
from kleos.core.rng import derive_seed, new_seed
from kleos.core.serialize import dump_state
from kleos.runner.match import Match
from kleos.server import ai
from kleos.server.db import ActionRow, AnalysisRow, GameRow, SeatRow
from kleos.server.settings import Settings

HUMAN = "human"
CHANNEL = "kleos_moves"
"""The PostgreSQL channel on which every committed move names its game."""
RECENT_MOVES = 8
"""Moves whose (redacted) events an envelope carries."""


class UnknownGameError(KleosError):
    """No game has this id."""


class BadTokenError(KleosError):
    """A token that is no seat's of this game."""


class ForbiddenError(KleosError):
    """A request the asker may not make."""


class RateLimitError(KleosError):
    """Too many games created from one address in a minute."""


def token_hash(token: str) -> str:
    """The hash a seat's token is stored as (the token itself is never stored)."""
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass(eq=False)
class Subscriber:
    """A live connection: its seat (None: a spectator) and its queue of outgoing messages."""

    seat: PlayerId | None
    queue: asyncio.Queue[dict[str, Any]] = field(default_factory=asyncio.Queue)


@dataclass
class LiveGame:
    """A game in memory: its match (with the seed), its seats, and who watches it."""

    id: str
    match: Match
    kinds: list[str]
    hashes: list[str | None]
    joined: list[bool]
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    subscribers: set[Subscriber] = field(default_factory=set)
    log: list[tuple[int, PlayerId, str, list[Event], list[str]]] = field(default_factory=list)
    """Every move: its state id, seat, text, (unredacted) events and those events in words."""
    thinking: set[PlayerId] = field(default_factory=set)


class Hub:
    """Games, moves, AI seats and subscribers of one server process."""

    def __init__(self, settings: Settings, engine: Engine) -> None:
        self.settings = settings
        self.engine = engine
        self.sessions = sessionmaker(engine, expire_on_commit=False)
        self.live: dict[str, LiveGame] = {}
        self.pool: ProcessPoolExecutor | None = None
        self.created: dict[str, deque[float]] = {}
        self.tasks: set[asyncio.Task[None]] = set()
        self.analysing: set[str] = set()

    # ---------------------------------------------------------------- lifecycle

    async def start(self) -> None:
        """Start the AI pool, listen for other processes' moves (PostgreSQL), and resume the
        AI moves games were waiting for."""
        context = multiprocessing.get_context("spawn")
        self.pool = ProcessPoolExecutor(self.settings.ai_workers, mp_context=context)
        if self.engine.dialect.name == "postgresql":
            listening = asyncio.Event()
            self._keep(self._listen(listening))
            await asyncio.wait_for(listening.wait(), timeout=30)
        ids = await asyncio.to_thread(self._unfinished_ids)
        for game_id in ids:
            live = await self.game(game_id)
            self._schedule_ai(live)

    async def stop(self) -> None:
        """Stop thinking and close the pool."""
        for task in list(self.tasks):
            task.cancel()
        if self.pool is not None:
            self.pool.shutdown(wait=False, cancel_futures=True)

    def _keep(self, work: Any) -> None:
        """Run `work` as a task the hub cancels when it stops."""
        task = asyncio.get_running_loop().create_task(work)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def _listen(self, listening: asyncio.Event) -> None:
        """Apply and announce the moves other processes commit (PostgreSQL LISTEN/NOTIFY)."""
        url = make_url(self.settings.url).set(drivername="postgresql")
        conninfo = url.render_as_string(hide_password=False)
        async with await psycopg.AsyncConnection.connect(conninfo, autocommit=True) as connection:
            await connection.execute(f"LISTEN {CHANNEL}")
            listening.set()
            async for notice in connection.notifies():
                live = self.live.get(notice.payload)
                if live is not None:
                    async with live.lock:
                        before = live.match.state_id
                        await asyncio.to_thread(self._catch_up, live)
                    if live.match.state_id != before:
                        self.announce(live)

    def _unfinished_ids(self) -> list[str]:
        with self.sessions() as session:
            return list(session.scalars(select(GameRow.id).where(GameRow.finished.is_(False))))

    # ---------------------------------------------------------------- creation

    async def create(
        self,
        game_id: str,
        players: int,
        seats: list[str],
        options: dict[str, Any],
        client: str,
        rematch_of: str | None = None,
        taken: tuple[int, ...] = (),
    ) -> tuple[str, list[str | None]]:
        """A new game; returns its id and each human seat's token (None for AI seats). The
        `taken` human seats are the creator's: they are never offered to someone joining."""
        self._rate_limit(client)
        variants = options.pop("variants", ())
        if len(seats) != players:
            raise ConfigError(f"{len(seats)} seats named for {players} players")
        kinds = [_seat_kind(seat) for seat in seats]
        for seat in taken:
            if not 0 <= seat < players or kinds[seat] != HUMAN:
                raise ConfigError(f"seat {seat} is not a human seat of this game to take")
        # As from a record: options are data, so no client can make the server open a file.
        game = make_from_config(
            {
                "game": game_id,
                "players": players,
                "seed": new_seed(),
                "variants": list(variants) if isinstance(variants, list | tuple) else variants,
                "options": options,
            }
        )
        tokens = [secrets.token_urlsafe(24) if kind == HUMAN else None for kind in kinds]
        config = game.config.to_json()
        seed = str(config.pop("seed"))
        row_id = secrets.token_hex(8)
        row = GameRow(
            id=row_id,
            game=game.game_id,
            players=game.players,
            config={**config, "seed": None},
            seed=seed,
            state_id=0,
            finished=False,
            rematch_of=rematch_of,
        )
        row.seats = [
            SeatRow(
                seat=p,
                kind=kind,
                token_hash=token_hash(t) if t else None,
                joined=t is None or p in taken,
            )
            for p, (kind, t) in enumerate(zip(kinds, tokens, strict=True))
        ]
        await asyncio.to_thread(self._add, row)
        live = await self.game(row_id)
        self._schedule_ai(live)
        return row_id, tokens

    def _rate_limit(self, client: str) -> None:
        window = self.created.setdefault(client, deque())
        now = time.monotonic()
        while window and window[0] < now - 60:
            window.popleft()
        if len(window) >= self.settings.games_per_minute:
            raise RateLimitError(
                f"at most {self.settings.games_per_minute} games a minute from one address"
            )
        window.append(now)

    def _add(self, row: GameRow) -> None:
        with self.sessions.begin() as session:
            session.add(row)

    # ---------------------------------------------------------------- loading

    async def game(self, game_id: str) -> LiveGame:
        """The live game, loaded from the database (and caught up with its log) if need be."""
        live = self.live.get(game_id)
        if live is None:
            live = await asyncio.to_thread(self._load, game_id)
            live = self.live.setdefault(game_id, live)
        return live

    def _load(self, game_id: str) -> LiveGame:
        with self.sessions() as session:
            row = session.get(GameRow, game_id) if isinstance(game_id, str) else None
            if row is None:
                raise UnknownGameError(f"there is no game '{game_id[:40]}'")
            game = make_from_config({**row.config, "seed": int(row.seed)})
            match = Match(game, [seat.kind for seat in row.seats])
            live = LiveGame(
                game_id,
                match,
                [seat.kind for seat in row.seats],
                [seat.token_hash for seat in row.seats],
                [seat.joined for seat in row.seats],
            )
            self._apply_log(session, live)
            return live

    def _apply_log(self, session: Session, live: LiveGame) -> None:
        """Apply the moves the log holds beyond the live match (other processes' moves)."""
        rows = session.scalars(
            select(ActionRow)
            .where(ActionRow.game_id == live.id, ActionRow.state_id >= live.match.state_id)
            .order_by(ActionRow.state_id)
        )
        for action in rows:
            self._apply(live, action.seat, action.action, action.state_id)

    def _apply(self, live: LiveGame, seat: PlayerId, text: str, state_id: int) -> None:
        events = live.match.submit(seat, text, state_id)
        told = [live.match.game.describe_event(event) for event in events]
        live.log.append((state_id, seat, text, events, told))

    # ---------------------------------------------------------------- seats

    async def seat_of(self, live: LiveGame, token: str | None) -> PlayerId | None:
        """The seat a token belongs to (marked joined on first use); None without a token
        (a spectator)."""
        if token is None:
            return None
        digest = token_hash(token)
        for seat, stored in enumerate(live.hashes):
            if stored is not None and hmac.compare_digest(stored, digest):
                if not live.joined[seat]:
                    live.joined[seat] = True
                    await asyncio.to_thread(self._set_seat, live.id, seat, joined=True)
                return seat
        raise BadTokenError("this token belongs to no seat of this game")

    async def join(self, live: LiveGame) -> tuple[PlayerId, str]:
        """Claim the first human seat nobody has joined: a fresh token for it (its invite
        link stops working)."""
        free = [p for p, kind in enumerate(live.kinds) if kind == HUMAN and not live.joined[p]]
        if not free:
            raise ConfigError("this game has no free seat")
        seat, token = free[0], secrets.token_urlsafe(24)
        live.hashes[seat], live.joined[seat] = token_hash(token), True
        await asyncio.to_thread(
            self._set_seat, live.id, seat, joined=True, token_hash=live.hashes[seat]
        )
        return seat, token

    def _set_seat(self, game_id: str, seat: PlayerId, **values: Any) -> None:
        with self.sessions.begin() as session:
            row = session.get(SeatRow, (game_id, seat))
            assert row is not None
            for name, value in values.items():
                setattr(row, name, value)

    def status(self, live: LiveGame) -> list[dict[str, Any]]:
        """Each seat: who plays it and whether it is connected, thinking or waiting."""
        connected = {s.seat for s in live.subscribers}
        return [
            {
                "seat": p,
                "kind": HUMAN if kind == HUMAN else "ai",
                "agent": None if kind == HUMAN else kind,
                "status": "thinking"
                if p in live.thinking
                else "connected"
                if p in connected
                else "waiting",
            }
            for p, kind in enumerate(live.kinds)
        ]

    # ---------------------------------------------------------------- envelopes

    def envelope(self, live: LiveGame, seat: PlayerId | None) -> dict[str, Any]:
        """What `seat` may see now: its envelope, recent events redacted for it, seat status."""
        match = live.match
        envelope = match.envelope_for(seat)
        envelope["id"] = live.id
        envelope["recent"] = self.moves_for(live, seat, max(0, match.state_id - RECENT_MOVES))
        envelope["status"] = self.status(live)
        return envelope

    def moves_for(self, live: LiveGame, seat: PlayerId | None, since: int) -> list[dict[str, Any]]:
        """The moves from state id `since` on, each event redacted for `seat` and told in words
        (an event the redaction leaves as it is keeps the words told when it was applied)."""
        game = live.match.game
        moves = []
        for sid, player, text, events, told in live.log[since:]:
            shown = []
            for event, words in zip(events, told, strict=True):
                redacted = game.redact_event(event, seat)
                if redacted is not None:
                    said = words if redacted is event else game.describe_event(redacted)
                    shown.append({**redacted, "text": said})
            moves.append({"state_id": sid, "player": player, "action": text, "events": shown})
        return moves

    def replay_envelope(self, live: LiveGame, ply: int) -> dict[str, Any]:
        """A finished game as it stood after `ply` moves: a spectator's envelope, with every
        seat's secrets of that moment (`privates`) since the game is over."""
        if not live.match.is_over:
            raise ForbiddenError("a game is replayed once it is over")
        total = len(live.log)
        if not 0 <= ply <= total:
            raise ConfigError(f"ply {ply} is not between 0 and {total}")
        match = Match(live.match.game, live.kinds)
        for state_id, (player, text) in enumerate(live.match.moves[:ply]):
            match.submit(player, text, state_id)
        envelope = match.envelope_for(None)
        envelope["id"] = live.id
        envelope["ply"], envelope["plies"] = ply, total
        envelope["privates"] = [match.state.view(p)["private"] for p in range(len(live.kinds))]
        start = max(0, ply - RECENT_MOVES)
        envelope["recent"] = self.moves_for(live, None, start)[: ply - start]
        return envelope

    def sample(self, live: LiveGame, seat: PlayerId) -> bytes:
        """A full state consistent with what `seat` sees, its hidden parts resampled (for a
        remote bot's search): it depends only on the seat's view and fresh randomness, so it
        tells nothing the view does not."""
        copy = live.match.state.determinize(seat, random.SystemRandom())
        return dump_state(copy)

    # ---------------------------------------------------------------- moves

    async def submit(
        self, live: LiveGame, seat: PlayerId | None, action: object, state_id: object
    ) -> None:
        """Check, commit, apply and announce one move; every refusal changes nothing."""
        async with live.lock:
            try:
                player, chosen = live.match.check(seat, action, state_id)
            except StaleStateError:
                # Made against a state this process has not seen yet (another process's move
                # whose notice is on its way): catch up from the log and look again.
                await asyncio.to_thread(self._catch_up, live)
                player, chosen = live.match.check(seat, action, state_id)
            text = str(chosen)
            committed = await asyncio.to_thread(
                self._commit, live.id, live.match.state_id, player, text
            )
            if not committed:
                await asyncio.to_thread(self._catch_up, live)
                raise StaleStateError("another move was made at the same time; look again")
            self._apply(live, player, text, live.match.state_id)
            if live.match.is_over:
                await asyncio.to_thread(self._finish, live.id)
        self.announce(live)
        self._schedule_ai(live)

    def _catch_up(self, live: LiveGame) -> None:
        with self.sessions() as session:
            self._apply_log(session, live)

    def _commit(self, game_id: str, state_id: int, seat: PlayerId, text: str) -> bool:
        """Write one move; False if the log already holds a move at this state."""
        try:
            with self.sessions.begin() as session:
                session.add(ActionRow(game_id=game_id, state_id=state_id, seat=seat, action=text))
                row = session.get(GameRow, game_id)
                assert row is not None
                row.state_id = state_id + 1
                if self.engine.dialect.name == "postgresql":
                    # Delivered at commit to every server process listening (`listen`).
                    session.execute(text_sql("SELECT pg_notify(:channel, :game)"),
                                    {"channel": CHANNEL, "game": game_id})  # fmt: skip
        except IntegrityError:
            return False
        return True

    def _finish(self, game_id: str) -> None:
        with self.sessions.begin() as session:
            row = session.get(GameRow, game_id)
            assert row is not None
            row.finished = True

    def announce(self, live: LiveGame) -> None:
        """Push every subscriber its new envelope."""
        for subscriber in list(live.subscribers):
            subscriber.queue.put_nowait(
                {"type": "envelope", "envelope": self.envelope(live, subscriber.seat)}
            )

    # ---------------------------------------------------------------- AI seats

    def _schedule_ai(self, live: LiveGame) -> None:
        seat = live.match.current_player
        if seat is None or live.kinds[seat] == HUMAN or seat in live.thinking:
            return
        live.thinking.add(seat)
        self._keep(self._think(live, seat))
        self.announce(live)

    async def _think(self, live: LiveGame, seat: PlayerId) -> None:
        match = live.match
        state_id = match.state_id
        config = {**match.game.config.to_json()}
        agent_seed = derive_seed(int(config["seed"]), "seat", seat, state_id)
        try:
            text = await asyncio.get_running_loop().run_in_executor(
                self.pool, ai.choose, config, list(match.moves), seat, live.kinds[seat], agent_seed
            )
        finally:
            live.thinking.discard(seat)
        try:
            await self.submit(live, seat, text, state_id)
        except StaleStateError:
            self._schedule_ai(live)

    async def replace(self, live: LiveGame, seat: PlayerId, spec: str) -> None:
        """Hand a human's seat to an agent (its token stops working)."""
        kind = _seat_kind(spec)
        if kind == HUMAN:
            raise ConfigError("a seat is handed to an AI level or agent spec, not to a human")
        await asyncio.to_thread(self._set_seat, live.id, seat, kind=kind, token_hash=None)
        live.kinds[seat] = kind
        live.hashes[seat] = None
        live.joined[seat] = True
        self.announce(live)
        self._schedule_ai(live)

    # ---------------------------------------------------------------- analysis

    async def analysis(self, live: LiveGame) -> dict[str, Any]:
        """A finished game's analysis: `{"status": "done", ...}` once computed (it is kept in
        the database), else `{"status": "running"}` while a worker computes it."""
        if not live.match.is_over:
            raise ForbiddenError("a game is analysed once it is over")
        stored = await asyncio.to_thread(self._stored_analysis, live.id)
        if stored is not None:
            return {"status": "done", **stored}
        if live.id not in self.analysing:
            self.analysing.add(live.id)
            self._keep(self._analyse(live))
        return {"status": "running"}

    def _stored_analysis(self, game_id: str) -> dict[str, Any] | None:
        with self.sessions() as session:
            row = session.get(AnalysisRow, game_id)
            return None if row is None else dict(row.result)

    async def _analyse(self, live: LiveGame) -> None:
        text = "".join(line + "\n" for line in self.record(live).lines())
        settings = self.settings
        try:
            result = await asyncio.get_running_loop().run_in_executor(
                self.pool, ai.analyse, text, settings.analysis_agent, settings.analysis_samples
            )
            await asyncio.to_thread(self._store_analysis, live.id, result)
        finally:
            self.analysing.discard(live.id)

    def _store_analysis(self, game_id: str, result: dict[str, Any]) -> None:
        try:
            with self.sessions.begin() as session:
                session.add(AnalysisRow(game_id=game_id, result=result))
        except IntegrityError:
            pass  # another process stored it first

    # ---------------------------------------------------------------- records, lists

    def record(self, live: LiveGame) -> Record:
        """The complete record of a finished game (with its seed)."""
        match = live.match
        game = match.game
        return Record(
            config=game.config.to_json(),
            seats=tuple(live.kinds),
            moves=tuple(Move(p, a) for p, a in match.moves),
            result=result_json(match.state.outcome()),
            rules_version=game.rules_version,
        )

    def open_games(self) -> list[dict[str, Any]]:
        """Unfinished games with a human seat nobody has joined yet."""
        with self.sessions() as session:
            rows = session.scalars(
                select(GameRow).where(GameRow.finished.is_(False)).order_by(GameRow.created_at)
            )
            found = []
            for row in rows:
                free = [
                    p for p, seat in enumerate(row.seats) if seat.kind == HUMAN and not seat.joined
                ]
                if free:
                    found.append(
                        {"id": row.id, "game": row.game, "players": row.players, "free_seats": free}
                    )
            return found


def _seat_kind(seat: str) -> str:
    """'human', or an agent spec checked (levels such as 'hard' kept by name)."""
    if not isinstance(seat, str):
        raise ConfigError("a seat is 'human', an AI level or an agent spec")
    text = seat.strip().lower()
    if text == HUMAN:
        return HUMAN
    agent_spec(text)
    return text
