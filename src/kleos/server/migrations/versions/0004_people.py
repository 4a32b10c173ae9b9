"""People, not seats: each seat's display name (chosen when creating or joining a game) and
whether it is the host's (a seat the creator took: its token may issue fresh invite links).

Revision ID: 0004
Revises: 0003
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add seats.name (none for every existing seat) and seats.host (no existing game has
    one: their creators' seats were not recorded)."""
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("name", sa.String(24), nullable=True))
        batch.add_column(sa.Column("host", sa.Boolean, nullable=False, server_default=sa.false()))


def downgrade() -> None:
    """Drop them."""
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("host")
        batch.drop_column("name")
