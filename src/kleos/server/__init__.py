"""`kleos serve`: the authoritative game server (FastAPI, SQLAlchemy; SQLite by default).

Layers: `db` (tables, migrations) → `hub` (matches rebuilt from the log, submissions, AI seats,
subscribers) → `api` (HTTP and WebSocket routes, Pydantic bodies) → `app` (the ASGI app).
"""
