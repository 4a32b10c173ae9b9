"""Play at a distance: a game's move timer, the pending decision's deadline (indexed, for the
check that finds the decisions out of time), whether it ran out, an abandoned game, the state
at which a seat ran out of time, and each game's chat.

Revision ID: 0005
Revises: 0004
"""

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add the timer's columns (no existing game has a timer) and the chat table."""
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("timer", sa.JSON, nullable=True))
        batch.add_column(sa.Column("deadline", sa.DateTime(timezone=True), nullable=True))
        for flag in ("expired", "abandoned"):
            batch.add_column(sa.Column(flag, sa.Boolean, nullable=False, server_default=sa.false()))
    op.create_index("ix_games_deadline", "games", ["deadline"])
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("timed_out_at", sa.Integer, nullable=True))
    op.create_table(
        "chat",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("number", sa.Integer, primary_key=True),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("text", sa.String(300), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    """Drop them."""
    op.drop_table("chat")
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("timed_out_at")
    op.drop_index("ix_games_deadline", "games")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("abandoned")
        batch.drop_column("expired")
        batch.drop_column("deadline")
        batch.drop_column("timer")
