"""The server's database: games, their seats and their action logs (SQLAlchemy 2, typed).

A game is event-sourced: its row holds the config and the seed (which never leaves the
server before the end), and its live state is rebuilt from the `actions` log. The primary key
(game, state id) of an action means two moves made against one state can never both be
committed, whichever process made them.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from alembic import command
from alembic.config import Config
from sqlalchemy import (
    JSON,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    String,
    create_engine,
    event,
)
from sqlalchemy.engine import Engine
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship

MIGRATIONS = Path(__file__).resolve().parent / "migrations"


def now() -> datetime:
    """The current time, in UTC."""
    return datetime.now(UTC)


def utc(moment: datetime | None) -> datetime | None:
    """A moment read back from the database, in UTC (SQLite gives it back without its zone)."""
    if moment is None or moment.tzinfo is not None:
        return moment
    return moment.replace(tzinfo=UTC)


class Base(DeclarativeBase):
    """The declarative base of the server's tables."""


class GameRow(Base):
    """One game: its config (without the seed), the seed, and where it stands."""

    __tablename__ = "games"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(32))
    players: Mapped[int] = mapped_column(Integer)
    config: Mapped[dict[str, object]] = mapped_column(JSON)
    """`GameConfig.to_json()` with `seed` null: safe to show."""
    seed: Mapped[str] = mapped_column(String(24))
    """The master seed, as decimal text (it may exceed a signed 64-bit column)."""
    state_id: Mapped[int] = mapped_column(Integer, default=0)
    """How many actions the log holds."""
    finished: Mapped[bool] = mapped_column(default=False)
    rematch_of: Mapped[str | None] = mapped_column(String(32), nullable=True, index=True)
    listed: Mapped[bool] = mapped_column(default=False)
    """Whether the game is unfinished and has an open seat nobody has joined (listed)."""
    created_at: Mapped[datetime] = mapped_column(default=now)
    updated_at: Mapped[datetime] = mapped_column(default=now, onupdate=now)
    timer: Mapped[dict[str, object] | None] = mapped_column(JSON, nullable=True)
    """The move timer chosen at creation (`kleos.server.timers`), or None."""
    deadline: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    """When the pending human decision (at `state_id`) runs out of time; None without one."""
    expired: Mapped[bool] = mapped_column(default=False)
    """Whether the pending decision ran out of time: its seat's late move is refused (in the
    same row, so a move and a timeout racing from two processes cannot both win)."""
    abandoned: Mapped[bool] = mapped_column(default=False)
    """Whether the game was abandoned because a seat ran out of time."""

    __table_args__ = (
        Index("ix_games_listed", "listed", "created_at", "id"),
        Index("ix_games_deadline", "deadline"),
    )

    seats: Mapped[list[SeatRow]] = relationship(
        back_populates="game_row", order_by="SeatRow.seat", cascade="all, delete-orphan"
    )


class SeatRow(Base):
    """One seat of a game: a human (with the hash of its secret token) or an agent spec."""

    __tablename__ = "seats"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(200))
    """'human', or the agent spec that plays the seat."""
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True, index=True)
    """SHA-256 of the seat's token, hex; None for an agent's seat."""
    joined: Mapped[bool] = mapped_column(default=False)
    """Whether the seat's token has been used (an agent's seat counts as joined): a human
    seat not joined is one nobody has come to yet."""
    open: Mapped[bool] = mapped_column(default=False)
    """Whether anyone may join the seat (listed); else only its invite link reaches it."""
    name: Mapped[str | None] = mapped_column(String(24), nullable=True)
    """The display name its player chose (`kleos.server.names.parse_name`), or None."""
    host: Mapped[bool] = mapped_column(default=False)
    """Whether the creator took this seat: its token may issue fresh invite links."""
    timed_out_at: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """The state id at which the seat's player ran out of time, or None."""

    game_row: Mapped[GameRow] = relationship(back_populates="seats")


class ActionRow(Base):
    """One committed move: the seat, its canonical text and the state it was made against."""

    __tablename__ = "actions"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    state_id: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[str] = mapped_column(String(200))
    created_at: Mapped[datetime] = mapped_column(default=now)


class AnalysisRow(Base):
    """The analysis of a finished game (`kleos.server.ai.analyse`), computed once."""

    __tablename__ = "analyses"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    result: Mapped[dict[str, object]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(default=now)


class ChatRow(Base):
    """One chat message of a game, numbered from 1 in each game."""

    __tablename__ = "chat"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    number: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    text: Mapped[str] = mapped_column(String(300))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


def connect(url: str) -> Engine:
    """An engine for `url`, its schema created or migrated to the newest revision."""
    engine = create_engine(url, pool_pre_ping=True)
    if engine.dialect.name == "sqlite":
        event.listen(engine, "connect", _sqlite_pragmas)
    migrate(engine)
    return engine


def _sqlite_pragmas(connection: object, _record: object) -> None:
    """WAL for readers beside the writer; commits kept through a crash of the process (not of
    the machine: `synchronous=NORMAL` spares an fsync per move); foreign keys on; wait instead
    of failing on a lock."""
    cursor = connection.cursor()  # type: ignore[attr-defined]
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=5000")
    cursor.close()


def migrate(engine: Engine) -> None:
    """Run the Alembic migrations kept in the package up to the newest (`head`)."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "head")
