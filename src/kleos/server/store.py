"""The store: repository functions over a database session (games, seats, the action log,
analyses), and `Store`, which runs them in threads of its own — one for writes, so a move's
commit never queues behind a reader — with a session each.

Every function takes the session it works in; none keeps state. Listing is one indexed query
of at most a page of rows.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime
from typing import Any, TypeVar

from sqlalchemy import Table, insert, or_, select, tuple_, update
from sqlalchemy import text as text_sql
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session, selectinload, sessionmaker

from kleos.core.protocol import PlayerId
from kleos.server.clock import OutOfTimeError
from kleos.server.db import ActionRow, AnalysisRow, ChatRow, GameRow, SeatRow, now, utc

CHANNEL = "kleos_moves"
"""The PostgreSQL channel on which every committed move names its game (and every change of
a game's seats, its id and `SEATS_CHANGED`)."""
SEATS_CHANGED = "seats"
CHAT = "chat"
"""The payload's word for a new chat message of a game (after its id)."""
T = TypeVar("T")


class Store:
    """The database of one server process, reached from the event loop through threads."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.sessions = sessionmaker(engine, expire_on_commit=False)
        self.writer = ThreadPoolExecutor(1, thread_name_prefix="kleos-write")
        self.readers = ThreadPoolExecutor(4, thread_name_prefix="kleos-read")
        self.shared = engine.dialect.name == "postgresql"
        """Whether other server processes may share the database (PostgreSQL): their moves
        reach this one by LISTEN/NOTIFY, and a cached game is caught up before it is served."""

    async def read(self, work: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """`work(session, *args, **kwargs)` in a read session, in a reader thread."""

        def run() -> T:
            with self.sessions() as session:
                return work(session, *args, **kwargs)

        return await asyncio.get_running_loop().run_in_executor(self.readers, run)

    async def write(self, work: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """`work(session, *args, **kwargs)` in one transaction, committed, in the writer
        thread."""

        def run() -> T:
            with self.sessions.begin() as session:
                return work(session, *args, **kwargs)

        return await asyncio.get_running_loop().run_in_executor(self.writer, run)

    def close(self) -> None:
        """Stop the threads and close the connections."""
        self.writer.shutdown(wait=True)
        self.readers.shutdown(wait=True)
        self.engine.dispose()


# ---------------------------------------------------------------------------- games


def add_game(session: Session, row: GameRow) -> None:
    """A new game with its seats."""
    session.add(row)


def game_row(session: Session, game_id: str) -> GameRow | None:
    """The game's row with its seats, or None."""
    row = session.get(GameRow, game_id)
    if row is not None:
        _ = row.seats  # loaded while the session is open
    return row


def unfinished_ids(session: Session) -> list[str]:
    """Every game not over yet (their AI seats resume on start)."""
    return list(session.scalars(select(GameRow.id).where(GameRow.finished.is_(False))))


def finish(session: Session, game_id: str) -> None:
    """Mark a game over (and no longer listed)."""
    row = session.get(GameRow, game_id)
    assert row is not None
    row.finished, row.listed = True, False


def rematch_of(session: Session, game_id: str) -> str | None:
    """The id of the rematch of a game, if one was made."""
    found = session.scalars(select(GameRow.id).where(GameRow.rematch_of == game_id).limit(1))
    return found.first()


def open_games(
    session: Session, limit: int, after: str | None
) -> tuple[list[dict[str, Any]], str | None]:
    """A page of listed games, oldest first, after the game id `after`; and the cursor of the
    next page (None on the last)."""
    query = select(GameRow).options(selectinload(GameRow.seats)).where(GameRow.listed.is_(True))
    if after is not None:
        mark = session.get(GameRow, after)
        if mark is not None:
            query = query.where(tuple_(GameRow.created_at, GameRow.id) > (mark.created_at, mark.id))
    rows = list(session.scalars(query.order_by(GameRow.created_at, GameRow.id).limit(limit + 1)))
    page = [
        {
            "id": row.id,
            "game": row.game,
            "players": row.players,
            "free_seats": [s.seat for s in row.seats if s.open and not s.joined],
            "seats": [(s.kind, s.name) for s in row.seats],
        }
        for row in rows[:limit]
    ]
    return page, (rows[limit - 1].id if len(rows) > limit else None)


# ---------------------------------------------------------------------------- seats


def set_seat(session: Session, game_id: str, seat: PlayerId, **values: Any) -> None:
    """Change one seat's columns; the game stays listed while an open seat is free. On
    PostgreSQL every process is told (at commit) that the game's seats changed."""
    row = session.get(SeatRow, (game_id, seat))
    assert row is not None
    for name, value in values.items():
        setattr(row, name, value)
    game = session.get(GameRow, game_id)
    assert game is not None
    game.listed = not game.finished and any(s.open and not s.joined for s in game.seats)
    _notify(session, f"{game_id} {SEATS_CHANGED}")


def set_tokens(session: Session, game_id: str, hashes: dict[PlayerId, str]) -> None:
    """Give seats new token hashes at once (fresh invite links: the old ones stop working)."""
    for seat, digest in hashes.items():
        set_seat(session, game_id, seat, token_hash=digest)


def hand_over(
    session: Session, game_id: str, seat: PlayerId, kind: str, *, clear_deadline: bool
) -> None:
    """An agent plays a human's seat from now on (its token stops working); if the seat
    decides now, its decision has no deadline any more."""
    set_seat(session, game_id, seat, kind=kind, token_hash=None, joined=True)
    if clear_deadline:
        games = GameRow.__table__
        assert isinstance(games, Table)
        session.execute(update(games).where(games.c.id == game_id).values(deadline=None))


def seats_of(session: Session, game_id: str) -> list[SeatRow]:
    """A game's seats, in order."""
    return list(
        session.scalars(select(SeatRow).where(SeatRow.game_id == game_id).order_by(SeatRow.seat))
    )


# ---------------------------------------------------------------------------- moves


def moves_since(session: Session, game_id: str, state_id: int) -> list[ActionRow]:
    """The log's moves from `state_id` on, in order."""
    return list(
        session.scalars(
            select(ActionRow)
            .where(ActionRow.game_id == game_id, ActionRow.state_id >= state_id)
            .order_by(ActionRow.state_id)
        )
    )


def commit_move(
    session: Session,
    game_id: str,
    state_id: int,
    seat: PlayerId,
    text: str,
    *,
    moment: datetime | None = None,
    deadline: datetime | None = None,
    human: bool = False,
) -> None:
    """Write one move made at `moment`, and the next decision's `deadline` (and, on
    PostgreSQL, notify every process of it at commit). Raises `IntegrityError` if the log
    already holds a move at this state, and `OutOfTimeError` for a `human` move made past its
    deadline (or after the decision ran out of time: the same row decides a racing timeout).
    Two plain statements, not the ORM's unit of work: this is the one write every move makes."""
    moment = moment or now()
    actions, games = ActionRow.__table__, GameRow.__table__
    assert isinstance(actions, Table) and isinstance(games, Table)
    connection = session.connection()
    connection.execute(
        insert(actions).values(
            game_id=game_id, state_id=state_id, seat=seat, action=text, created_at=moment
        )
    )
    advance = update(games).where(games.c.id == game_id, games.c.state_id == state_id)
    if human:
        advance = advance.where(
            games.c.expired.is_(False), or_(games.c.deadline.is_(None), games.c.deadline > moment)
        )
    values = {"state_id": state_id + 1, "updated_at": moment, "deadline": deadline}
    if connection.execute(advance.values(expired=False, **values)).rowcount != 1:
        raise OutOfTimeError("time ran out for this decision: the move came too late")
    _notify(session, game_id)


def _notify(session: Session, payload: str) -> None:
    """On PostgreSQL, tell every process's LISTEN (at commit): a game id for a move, and
    the id and `SEATS_CHANGED` for a change of its seats."""
    if session.get_bind().dialect.name == "postgresql":
        session.execute(
            text_sql("SELECT pg_notify(:channel, :payload)"),
            {"channel": CHANNEL, "payload": payload},
        )


# ---------------------------------------------------------------------------- timers


def due(session: Session, moment: datetime, limit: int) -> list[tuple[str, int]]:
    """Unfinished games whose pending decision's deadline has passed at `moment` (one indexed
    query): their ids and state ids."""
    query = (
        select(GameRow.id, GameRow.state_id)
        .where(GameRow.deadline <= moment, GameRow.finished.is_(False))
        .order_by(GameRow.deadline)
        .limit(limit)
    )
    return [(game_id, state_id) for game_id, state_id in session.execute(query)]


def expire(
    session: Session,
    game_id: str,
    state_id: int,
    moment: datetime,
    seat: PlayerId | None,
    kind: str | None,
) -> bool:
    """Claim the timeout of the decision at `state_id` (whether this process won it: of
    several processes, exactly one does) and act on it: `seat` (a human who ran out of time)
    is handed to the agent `kind`, or with `kind` None the game is abandoned. With `seat`
    None (an agent decides now) the stale deadline is only cleared."""
    games = GameRow.__table__
    assert isinstance(games, Table)
    claim = update(games).where(
        games.c.id == game_id,
        games.c.state_id == state_id,
        games.c.finished.is_(False),
        games.c.deadline.is_not(None),
        games.c.deadline <= moment,
    )
    connection = session.connection()
    if seat is None:
        return bool(connection.execute(claim.values(deadline=None)).rowcount == 1)
    ended = {"finished": True, "listed": False, "abandoned": True} if kind is None else {}
    if connection.execute(claim.values(deadline=None, expired=True, **ended)).rowcount != 1:
        return False
    handed = {} if kind is None else {"kind": kind, "token_hash": None, "joined": True}
    set_seat(session, game_id, seat, timed_out_at=state_id, **handed)
    return True


def clock_of(session: Session, game_id: str) -> tuple[datetime | None, bool]:
    """A game's pending deadline, and whether it was abandoned."""
    row = session.execute(
        select(GameRow.deadline, GameRow.abandoned).where(GameRow.id == game_id)
    ).one()
    return utc(row.deadline), bool(row.abandoned)


# ---------------------------------------------------------------------------- chat


def add_chat(
    session: Session, game_id: str, seat: PlayerId, text: str, moment: datetime, most: int
) -> ChatRow | None:
    """Keep a chat message as the game's next (None when the game holds `most` already),
    and on PostgreSQL tell every process. Two processes numbering one message alike cannot
    both commit it (the primary key): the loser raises `IntegrityError`."""
    number = last_chat(session, game_id) + 1
    if number > most:
        return None
    row = ChatRow(game_id=game_id, number=number, seat=seat, text=text, created_at=moment)
    session.add(row)
    _notify(session, f"{game_id} {CHAT}")
    return row


def last_chat(session: Session, game_id: str) -> int:
    """The number of a game's last chat message (0 before the first)."""
    found = session.scalar(
        select(ChatRow.number)
        .where(ChatRow.game_id == game_id)
        .order_by(ChatRow.number.desc())
        .limit(1)
    )
    return found or 0


def chat_since(session: Session, game_id: str, number: int, limit: int) -> list[ChatRow]:
    """A game's chat messages after `number`, in order, at most `limit`."""
    return list(
        session.scalars(
            select(ChatRow)
            .where(ChatRow.game_id == game_id, ChatRow.number > number)
            .order_by(ChatRow.number)
            .limit(limit)
        )
    )


# ---------------------------------------------------------------------------- analyses


def stored_analysis(session: Session, game_id: str) -> dict[str, Any] | None:
    """The analysis kept for a game, or None."""
    row = session.get(AnalysisRow, game_id)
    return None if row is None else dict(row.result)


def store_analysis(session: Session, game_id: str, result: dict[str, Any]) -> None:
    """Keep a game's analysis (once: another process may have stored it first)."""
    if session.get(AnalysisRow, game_id) is None:
        session.add(AnalysisRow(game_id=game_id, result=result))
