"""Refusals as HTTP statuses and JSON errors: every bad request gets a 4xx that says why."""

from __future__ import annotations

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException

from kleos.core.errors import (
    GameOverError,
    KleosError,
    NotYourTurnError,
    SeatError,
    StaleStateError,
)
from kleos.core.inputs import echo
from kleos.server.chat import ChatFullError
from kleos.server.clock import OutOfTimeError
from kleos.server.moves import UnknownGameError
from kleos.server.seats import BadTokenError, FinishedGameError, ForbiddenError, RateLimitError

STATUSES: tuple[tuple[type[KleosError], int], ...] = (
    (UnknownGameError, 404),
    (BadTokenError, 403),
    (ForbiddenError, 403),
    (NotYourTurnError, 403),
    (SeatError, 403),
    (StaleStateError, 409),
    (GameOverError, 409),
    (FinishedGameError, 409),
    (OutOfTimeError, 409),
    (ChatFullError, 409),
    (RateLimitError, 429),
)
"""The status of each kind of refusal; any other KleosError (an unknown or illegal action, a
bad config) is 422."""


MESSAGE_LIMIT = 300
"""The most characters of an invalid request's problems told back."""


def status_of(error: KleosError) -> int:
    """The HTTP status of a refusal."""
    for kind, status in STATUSES:
        if isinstance(error, kind):
            return status
    return 422


def install(app: FastAPI) -> None:
    """Answer refusals, invalid bodies and unknown routes with JSON errors."""

    @app.exception_handler(KleosError)
    async def refused(_request: Request, exc: KleosError) -> JSONResponse:
        return JSONResponse({"error": str(exc)}, status_code=status_of(exc))

    @app.exception_handler(RequestValidationError)
    async def invalid(_request: Request, exc: RequestValidationError) -> JSONResponse:
        problems = [
            f"{'.'.join(str(part) for part in e.get('loc', ()))}: "
            + str(e.get("msg", "invalid")).removeprefix("Value error, ")
            for e in exc.errors()[:5]
        ]
        said = "; ".join(problems)  # the checks' own words: whole, control characters escaped
        if not said.isprintable():
            said = echo(said)
        return JSONResponse({"error": f"the request is not valid: {said[:MESSAGE_LIMIT]}"}, 422)

    @app.exception_handler(HTTPException)
    async def http(_request: Request, exc: HTTPException) -> JSONResponse:
        return JSONResponse({"error": str(exc.detail)}, status_code=exc.status_code)
