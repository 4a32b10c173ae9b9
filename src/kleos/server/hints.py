"""Hints: for a seat whose every opponent is an AI, the search's opinion of each option (as
`hint` gives in the terminal), computed in the AI pool on the seat's own observation under the
server's budget (`hint_agent`), bounded: `hints_per_minute` a seat, one at a time a seat,
`hint_queue` at once in a process; the answer for a decision is kept, so asking again is free."""

from __future__ import annotations

import secrets
from typing import Any

from kleos.core.errors import GameOverError, NotYourTurnError, StaleStateError
from kleos.core.protocol import PlayerId
from kleos.server.analyses import BusyError
from kleos.server.clock import OutOfTimeError
from kleos.server.live import LiveGame
from kleos.server.seats import HUMAN, ForbiddenError, RateLimiter
from kleos.server.settings import Settings
from kleos.server.workers import WorkerFailure, Workers


class Hints:
    """The hints one process computes."""

    def __init__(self, settings: Settings, workers: Workers) -> None:
        self.settings = settings
        self.workers = workers
        self.by_seat = RateLimiter("hints for one seat", settings.hints_per_minute)
        self.running: set[str] = set()
        self.kept: dict[str, dict[str, Any]] = {}
        """The last hint of each seat (by game and seat), for its decision's state id."""

    async def of(self, live: LiveGame, seat: PlayerId | None, state_id: int) -> dict[str, Any]:
        """The hint for `seat`'s decision at `state_id`: `{"state_id", "spec", "iterations",
        "options": [{"id", "text", "label", "visits", "win_rate"}]}`, best first."""
        check(live, seat, state_id)
        assert seat is not None
        key = f"{live.id}/{seat}"
        kept = self.kept.get(key)
        if kept is not None and kept["state_id"] == state_id:
            return kept
        if key in self.running:
            raise BusyError("a hint for this seat is being computed; wait for it")
        if len(self.running) >= self.settings.hint_queue:
            raise BusyError("the server is busy giving other hints; ask again in a moment")
        self.by_seat.hit(key)
        self.running.add(key)
        match = live.match
        try:
            found = await self.workers.hint(
                live.id, match.game.config.to_json(), list(match.moves), seat,
                secrets.randbits(64),  # fresh: nothing the seat is shown derives from the seed
            )  # fmt: skip
        except WorkerFailure as failure:
            raise BusyError(f"the hint could not be computed ({failure}); ask again") from None
        finally:
            self.running.discard(key)
        if match.state_id != state_id:
            raise StaleStateError("the game moved on while the hint was computed; look again")
        hint = {"state_id": state_id, "spec": self.settings.hint_agent, **labelled(live, found)}
        self.kept[key] = hint
        while len(self.kept) > self.settings.live_games:
            del self.kept[next(iter(self.kept))]
        return hint


def check(live: LiveGame, seat: PlayerId | None, state_id: int) -> None:
    """Refuse a hint a seat may not have: a spectator's; with another human at the table; a
    game over or abandoned; not the seat's decision; made against another state."""
    if seat is None:
        raise ForbiddenError("a hint is for a seat (with its token), not for spectators")
    if any(kind == HUMAN for p, kind in enumerate(live.kinds) if p != seat):
        raise ForbiddenError("a hint is given only when every other seat is an AI")
    if live.match.is_over:
        raise GameOverError("the game is over: there is nothing left to decide")
    if live.abandoned:
        raise OutOfTimeError("the game was abandoned when a seat ran out of time")
    if live.match.current_player != seat:
        raise NotYourTurnError("a hint is for your own decision: it is not yours now")
    if state_id != live.match.state_id:
        raise StaleStateError(
            f"that hint was asked for state {state_id}, but the game is at state "
            f"{live.match.state_id}: look at the game again"
        )


def labelled(live: LiveGame, found: dict[str, Any]) -> dict[str, Any]:
    """A worker's hint with each option's id and label, as the seat's legal actions give them."""
    game = live.match.game
    legal = {str(action): action for action in live.match.state.legal_actions()}
    options = [
        {
            "id": game.action_id(legal[o["action"]]),
            "text": o["action"],
            "label": game.action_label(legal[o["action"]]),
            "visits": o["visits"],
            "win_rate": o["win_rate"],
        }
        for o in found["options"]
        if o["action"] in legal
    ]
    return {"iterations": found["iterations"], "options": options}
