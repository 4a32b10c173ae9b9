"""Open and private seats: a seat is listed and may be joined only when created open; a game is
listed while it has an open seat nobody has joined (indexed, for a cheap paginated listing);
rematches are found by the game they follow.

Revision ID: 0003
Revises: 0002
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add seats.open and games.listed (every existing seat private, no game listed)."""
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("open", sa.Boolean, nullable=False, server_default=sa.false()))
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("listed", sa.Boolean, nullable=False, server_default=sa.false()))
    op.create_index("ix_games_listed", "games", ["listed", "created_at", "id"])
    op.create_index("ix_games_rematch_of", "games", ["rematch_of"])


def downgrade() -> None:
    """Drop them."""
    op.drop_index("ix_games_rematch_of", "games")
    op.drop_index("ix_games_listed", "games")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("listed")
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("open")
