"""Live games: a game in memory (its match, seats, log told in words, subscribers), what each
seat may be shown of it, and the bounded set of games a process keeps (least recently used
games leave it, and are rebuilt from their log when next asked for)."""

from __future__ import annotations

import asyncio
import random
import time
from collections import OrderedDict
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from kleos.core.errors import ConfigError
from kleos.core.protocol import Action, Event, PlayerId
from kleos.core.records import Move, Record, result_json
from kleos.server.clock import Clock, iso, per_move, successor, utc_now
from kleos.server.names import seat_name
from kleos.server.notify import Subscriber
from kleos.server.seats import HUMAN, ForbiddenError
from kleos.session.match import Match

RECENT_MOVES = 8
"""Moves whose (redacted) events an envelope carries."""


@dataclass
class LoggedMove:
    """One applied move: its state id, seat, text, events (as `Match.play` gave them), those
    events in words (told once, when applied) and its target."""

    state_id: int
    player: PlayerId
    text: str
    events: list[Event]
    told: list[str]
    target: str | None
    """The element the move was played on (`Game.action_target`), for a board to point at."""


@dataclass(eq=False)
class LiveGame:
    """A game in memory: its match (with the seed), its seats, and who watches it."""

    id: str
    match: Match
    kinds: list[str]
    hashes: list[str | None]
    joined: list[bool]
    open: list[bool]
    names: dict[PlayerId, str] = field(default_factory=dict)
    """The display names people chose for their seats."""
    hosts: set[PlayerId] = field(default_factory=set)
    """The seats the creator took: their tokens may issue fresh invite links."""
    seen: set[PlayerId] = field(default_factory=set)
    """Seats that have had a live connection (for a game loaded from the database: whose
    token had been used), so that one with none now has `left`."""
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    subscribers: set[Subscriber] = field(default_factory=set)
    log: list[LoggedMove] = field(default_factory=list)
    thinking: set[PlayerId] = field(default_factory=set)
    failures: dict[PlayerId, str] = field(default_factory=dict)
    """Seats whose agent failed, with why (they fell back to a safe agent)."""
    analysis: dict[str, Any] | None = None
    """The finished game's analysis, once read or computed."""
    moved_at: float = field(default_factory=time.monotonic)
    """When the last move was applied (`time.monotonic`), to pace AI seats."""
    timer: dict[str, Any] | None = None
    """The move timer chosen at creation (`kleos.server.timers`), or None."""
    deadline: datetime | None = None
    """When the pending human decision runs out of time (UTC), or None."""
    abandoned: bool = False
    """Whether the game was abandoned because a seat ran out of time."""
    timed_out: dict[PlayerId, int] = field(default_factory=dict)
    """Seats whose player ran out of time, with the state id at which they did."""
    chat_number: int = 0
    """The number of the last chat message this process has pushed to its connections."""
    clock: Clock = utc_now

    def apply(self, player: PlayerId, chosen: Any) -> None:
        """Apply a checked move and log it, told in words."""
        state_id = self.match.state_id
        target = self.match.game.action_target(self.match.state, chosen)
        events = self.match.play(player, chosen)
        told = [self.match.game.describe_event(event) for event in events]
        self.log.append(LoggedMove(state_id, player, str(chosen), events, told, target))
        self.moved_at = time.monotonic()

    @property
    def busy(self) -> bool:
        """Whether someone watches the game, an AI thinks in it, or a move is under way."""
        return bool(self.subscribers or self.thinking or self.lock.locked())

    # ------------------------------------------------------------------ what a seat sees

    def status(self) -> list[dict[str, Any]]:
        """Each seat: who plays it, what they are called, whether they are here (`connected`),
        were here and are not now (`left`), have never come (`waiting`), or, for an AI,
        `thinking` or `ready`; whether it is the host's, or a friend's seat whose invite link
        nobody has used yet (`invited`); and why its agent was replaced, if it failed."""
        connected = {s.seat for s in self.subscribers}
        invited = set(self.invited())
        seats = []
        for p, kind in enumerate(self.kinds):
            human = kind == HUMAN
            if not human:
                state = "thinking" if p in self.thinking else "ready"
            else:
                state = "connected" if p in connected else "left" if p in self.seen else "waiting"
            entry: dict[str, Any] = {
                "seat": p,
                "kind": HUMAN if human else "ai",
                "agent": None if human else kind,
                "name": seat_name(kind, self.names.get(p)),
                "status": state,
                "host": p in self.hosts,
                "invited": p in invited,
                "timed_out": p in self.timed_out,
            }
            if p in self.failures:
                entry["agent_error"] = self.failures[p]
            seats.append(entry)
        return seats

    def subscribe(self, subscriber: Subscriber) -> None:
        """A live connection starts watching (for its seat, if it has one)."""
        self.subscribers.add(subscriber)
        self.arrived(subscriber)

    def arrived(self, subscriber: Subscriber) -> None:
        """A live connection holds its seat (now, or since its hello)."""
        if subscriber.seat is not None:
            self.seen.add(subscriber.seat)

    def invited(self) -> list[PlayerId]:
        """Friends' seats whose invite link nobody has used yet: human, private, not the
        host's, with a token never used (only these may be given fresh links)."""
        return [
            p
            for p, kind in enumerate(self.kinds)
            if kind == HUMAN
            and not self.open[p]
            and p not in self.hosts
            and self.hashes[p] is not None
            and not self.joined[p]
        ]

    def envelope(self, seat: PlayerId | None) -> dict[str, Any]:
        """What `seat` may see now: its envelope, recent events redacted for it, seat status."""
        envelope = self.match.envelope_for(seat)
        envelope["id"] = self.id
        envelope["recent"] = self.moves_for(seat, max(0, self.match.state_id - RECENT_MOVES))
        envelope["status"] = self.status()
        envelope.update(self.clock_fields())
        if self.abandoned:
            envelope["legal_actions"] = []
        return envelope

    def clock_fields(self) -> dict[str, Any]:
        """The envelope's move timer: the timer, the pending decision's `deadline` and, beside
        it, the server's time `now` (ISO 8601, UTC: a page counts down from them whatever its
        own clock says), whether the game was `abandoned`, and who ran out of time."""
        return {
            "timer": self.timer,
            "deadline": iso(self.deadline),
            "now": None if self.deadline is None else iso(self.clock()),
            "abandoned": self.abandoned,
            "timeouts": [
                {"seat": p, "state_id": at, "text": self.timeout_words(p)}
                for p, at in sorted(self.timed_out.items(), key=lambda item: item[1])
            ],
        }

    def timeout_words(self, seat: PlayerId) -> str:
        """What happened when `seat` ran out of time, in words (the seat by its colour)."""
        assert self.timer is not None
        who = self.match.game.player_name(seat)
        level = successor(self.timer)
        if level is None:
            return f"{who} ran out of time; the game is abandoned"
        return f"{who} ran out of time; {level} AI plays the seat"

    def next_deadline(self, chosen: Action | None, moment: datetime) -> datetime | None:
        """The deadline of the decision that follows `chosen` (None: the pending one) made
        at `moment`: None without a timer, at the end, or when an agent decides."""
        if self.timer is None or self.abandoned:
            return None
        state = self.match.state
        if chosen is not None:
            state = state.clone()
            state.apply_unchecked(chosen)
        decider = None if state.is_terminal() else state.current_player
        if decider is None or self.kinds[decider] != HUMAN:
            return None
        return moment + per_move(self.timer)

    def moves_for(self, seat: PlayerId | None, since: int) -> list[dict[str, Any]]:
        """The moves from state id `since` on, each event redacted for `seat` and told in
        words (an event the redaction leaves as it is keeps the words told when applied)."""
        game = self.match.game
        moves = []
        for move in self.log[since:]:
            shown = []
            for event, words in zip(move.events, move.told, strict=True):
                redacted = game.redact_event(event, seat)
                if redacted is not None:
                    said = words if redacted is event else game.describe_event(redacted)
                    shown.append({**redacted, "text": said})
            moves.append(
                {
                    "state_id": move.state_id,
                    "player": move.player,
                    "action": move.text,
                    "target": move.target,
                    "events": shown,
                }
            )
        return moves

    def replay_envelope(self, ply: int) -> dict[str, Any]:
        """A finished game as it stood after `ply` moves: a spectator's envelope, with every
        seat's secrets of that moment (`privates`) since the game is over."""
        if not self.match.is_over:
            raise ForbiddenError("a game is replayed once it is over")
        total = len(self.log)
        if not 0 <= ply <= total:
            raise ConfigError(f"ply {ply} is not between 0 and {total}")
        match = Match(self.match.game, self.kinds)
        for state_id, (player, text) in enumerate(self.match.moves[:ply]):
            match.submit(player, text, state_id)
        envelope = match.envelope_for(None)
        envelope["id"] = self.id
        envelope["ply"], envelope["plies"] = ply, total
        envelope["privates"] = [match.state.view(p)["private"] for p in range(len(self.kinds))]
        start = max(0, ply - RECENT_MOVES)
        envelope["recent"] = self.moves_for(None, start)[: ply - start]
        return envelope

    def sample(self, seat: PlayerId) -> dict[str, Any]:
        """A full state consistent with what `seat` sees, its hidden parts resampled, as a JSON
        state document (for a remote bot's search): it depends only on the seat's view and
        fresh randomness (its game's seed too), so it tells nothing the view does not."""
        copy = self.match.state.determinize(seat, random.SystemRandom())
        return copy.to_json()

    def record(self) -> Record:
        """The complete record of a finished game (with its seed), or of one abandoned on a
        timeout (without a result)."""
        match = self.match
        game = match.game
        return Record(
            config=game.config.to_json(),
            seats=tuple(self.kinds),
            moves=tuple(Move(p, a) for p, a in match.moves),
            result=result_json(match.state.outcome()) if match.is_over else None,
            rules_version=game.rules_version,
        )

    def announce(self) -> None:
        """Queue every subscriber its new envelope; a connection whose seat an agent plays
        now (handed over, or out of time) watches as a spectator from now on."""
        for subscriber in list(self.subscribers):
            if subscriber.seat is not None and self.kinds[subscriber.seat] != HUMAN:
                subscriber.seat = None
            subscriber.send({"type": "envelope", "envelope": self.envelope(subscriber.seat)})


class LiveGames:
    """The games a process keeps in memory, at most `limit` beyond those in use: the least
    recently used idle games leave first."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.games: OrderedDict[str, LiveGame] = OrderedDict()

    def get(self, game_id: str) -> LiveGame | None:
        """The game if it is in memory (now the most recently used)."""
        live = self.games.get(game_id)
        if live is not None:
            self.games.move_to_end(game_id)
        return live

    def add(self, live: LiveGame) -> LiveGame:
        """Keep a loaded game (the one already kept, if another load won the race)."""
        kept = self.games.setdefault(live.id, live)
        self.games.move_to_end(live.id)
        self._evict()
        return kept

    def _evict(self) -> None:
        excess = len(self.games) - self.limit
        for game_id in list(self.games):
            if excess <= 0:
                return
            if not self.games[game_id].busy:
                del self.games[game_id]
                excess -= 1

    def __len__(self) -> int:
        return len(self.games)

    def values(self) -> list[LiveGame]:
        """Every kept game."""
        return list(self.games.values())
