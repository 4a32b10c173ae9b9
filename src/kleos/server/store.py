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
from typing import Any, TypeVar

from sqlalchemy import Table, insert, select, tuple_, update
from sqlalchemy import text as text_sql
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session, selectinload, sessionmaker

from kleos.core.protocol import PlayerId
from kleos.server.db import ActionRow, AnalysisRow, GameRow, SeatRow, now

CHANNEL = "kleos_moves"
"""The PostgreSQL channel on which every committed move names its game (and every change of
a game's seats, its id and `SEATS_CHANGED`)."""
SEATS_CHANGED = "seats"
T = TypeVar("T")


class Store:
    """The database of one server process, reached from the event loop through threads."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.sessions = sessionmaker(engine, expire_on_commit=False)
        self.writer = ThreadPoolExecutor(1, thread_name_prefix="kleos-write")
        self.readers = ThreadPoolExecutor(4, thread_name_prefix="kleos-read")

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


def commit_move(session: Session, game_id: str, state_id: int, seat: PlayerId, text: str) -> None:
    """Write one move (and, on PostgreSQL, notify every process of it at commit). Raises
    `IntegrityError` if the log already holds a move at this state. Two plain statements, not
    the ORM's unit of work: this is the one write every move makes."""
    moment = now()
    actions, games = ActionRow.__table__, GameRow.__table__
    assert isinstance(actions, Table) and isinstance(games, Table)
    connection = session.connection()
    connection.execute(
        insert(actions).values(
            game_id=game_id, state_id=state_id, seat=seat, action=text, created_at=moment
        )
    )
    connection.execute(
        update(games).where(games.c.id == game_id).values(state_id=state_id + 1, updated_at=moment)
    )
    _notify(session, game_id)


def _notify(session: Session, payload: str) -> None:
    """On PostgreSQL, tell every process's LISTEN (at commit): a game id for a move, and
    the id and `SEATS_CHANGED` for a change of its seats."""
    if session.get_bind().dialect.name == "postgresql":
        session.execute(
            text_sql("SELECT pg_notify(:channel, :payload)"),
            {"channel": CHANNEL, "payload": payload},
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
