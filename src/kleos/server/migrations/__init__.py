"""The Alembic migrations of the server database (run on start by `db.migrate`)."""
