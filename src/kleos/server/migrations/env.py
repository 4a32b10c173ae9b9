"""Alembic's environment: migrations run on the connection the server hands over."""

from alembic import context

from kleos.server.db import Base

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=Base.metadata)
with context.begin_transaction():
    context.run_migrations()
