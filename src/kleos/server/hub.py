"""The hub: one server process's services over its layers, started and stopped together —
`moves` (live games and the move pipeline, AI seats), `seats` (tokens, joins, limits),
`timers` (decisions out of time), `chat`, `hints`, `analyses`, the `workers` and the `store` —
and what spans them: creating a game, a rematch, the listing of open games."""

from __future__ import annotations

import asyncio
import secrets
from collections import Counter
from datetime import datetime
from typing import Any

from kleos.core.errors import ConfigError
from kleos.core.protocol import PlayerId
from kleos.core.registry import make_from_config
from kleos.core.rng import new_seed
from kleos.server import store
from kleos.server.analyses import Analyses
from kleos.server.chat import Chat
from kleos.server.clock import per_move
from kleos.server.db import GameRow, SeatRow
from kleos.server.hints import Hints
from kleos.server.live import LiveGame
from kleos.server.moves import Moves
from kleos.server.names import seat_name
from kleos.server.notify import listen
from kleos.server.seats import HUMAN, ForbiddenError, Seats, new_token, seat_kind, token_hash
from kleos.server.settings import Settings
from kleos.server.store import Store
from kleos.server.timers import Timers
from kleos.server.workers import Background, Workers


class Hub:
    """The services of one server process."""

    def __init__(self, settings: Settings, store_: Store) -> None:
        self.settings = settings
        self.store = store_
        self.background = Background()
        self.workers = Workers(settings)
        self.moves = Moves(settings, store_, self.workers, self.background)
        self.seats = Seats(settings, store_)
        self.analyses = Analyses(settings, store_, self.workers, self.background)
        self.timers = Timers(settings, store_, self.moves)
        self.chat = Chat(settings, store_)
        self.hints = Hints(settings, self.workers)
        self.sockets: Counter[str] = Counter()
        """Live connections by client address."""

    async def start(self) -> None:
        """Listen for other processes' moves (PostgreSQL), resume the AI moves games were
        waiting for, and watch the move timers."""
        if self.store.shared:
            ready = asyncio.Event()
            self.background.run(listen(self.settings.url, ready, self.heard))
            await asyncio.wait_for(ready.wait(), timeout=30)
        for game_id in await self.store.read(store.unfinished_ids):
            self.moves.schedule_ai(await self.moves.game(game_id))
        self.background.run(self.timers.watch())

    async def heard(self, payload: str) -> None:
        """Another process kept a chat message of a game (its id and `CHAT`), or committed a
        move or changed its seats (`Moves.heard`)."""
        game_id, _, what = payload.partition(" ")
        if what != store.CHAT:
            await self.moves.heard(payload)
            return
        live = self.moves.live.get(game_id)
        if live is not None:
            await self.chat.heard(live)

    async def stop(self) -> None:
        """Stop thinking and kill the workers."""
        self.background.cancel()
        self.workers.stop()

    async def create(
        self,
        game_id: str,
        players: int,
        seats: list[str],
        variants: list[str],
        options: dict[str, Any],
        client: str,
        taken: tuple[int, ...] = (),
        open_seats: tuple[int, ...] = (),
        name: str | None = None,
        timer: dict[str, Any] | None = None,
    ) -> tuple[str, list[str | None]]:
        """A new game; its id and each human seat's token (None for AI seats). The `taken`
        human seats are the creator's (the host's, called `name` if given); the `open_seats`
        are listed for anyone to join; every other human seat is private, reached only by
        its invite link. With a `timer`, every human decision has a deadline."""
        if len(seats) != players:
            raise ConfigError(f"{len(seats)} seats named for {players} players")
        kinds = [seat_kind(seat, self.settings) for seat in seats]
        for seat in (*taken, *open_seats):
            if not 0 <= seat < players or kinds[seat] != HUMAN:
                raise ConfigError(f"seat {seat} is not a human seat of this game")
        if set(taken) & set(open_seats):
            raise ConfigError("a seat the creator takes is not open to others")
        if name is not None and not taken:
            raise ConfigError("a name is the creator's, for the seats they take ('taken')")
        self.seats.created.hit(client)
        if HUMAN not in kinds:
            self.seats.ai_games.hit(client)
        tokens = [new_token() if kind == HUMAN else None for kind in kinds]
        config = {"game": game_id, "players": players, "variants": variants, "options": options}
        row_id = await self._add(config, kinds, tokens, taken, open_seats, name=name, timer=timer)
        self.moves.schedule_ai(await self.moves.game(row_id))
        return row_id, tokens

    async def _add(
        self,
        config: dict[str, Any],
        kinds: list[str],
        tokens: list[str | None],
        taken: tuple[int, ...],
        open_seats: tuple[int, ...],
        rematch_of: str | None = None,
        name: str | None = None,
        timer: dict[str, Any] | None = None,
    ) -> str:
        """Write a new game of `config` (without its seed) and its seats, the `taken` ones the
        host's, called `name`, and its `timer` (its first decision's deadline from now, if a
        human makes it); its id."""
        # As from a record: options are data, so no client can make the server open a file.
        game = make_from_config({**config, "seed": new_seed()})
        shown = game.config.to_json()
        seed = str(shown.pop("seed"))
        row = GameRow(
            id=secrets.token_hex(8),
            game=game.game_id,
            players=game.players,
            config={**shown, "seed": None},
            seed=seed,
            state_id=0,
            finished=False,
            rematch_of=rematch_of,
            listed=bool(open_seats),
            timer=timer,
            deadline=self._first_deadline(game, kinds, timer),
        )
        row.seats = [
            SeatRow(
                seat=p,
                kind=kind,
                token_hash=token_hash(t) if t else None,
                joined=kind != HUMAN,
                open=p in open_seats,
                host=p in taken,
                name=name if p in taken else None,
            )
            for p, (kind, t) in enumerate(zip(kinds, tokens, strict=True))
        ]
        await self.store.write(store.add_game, row)
        return row.id

    def _first_deadline(
        self, game: Any, kinds: list[str], timer: dict[str, Any] | None
    ) -> datetime | None:
        """The deadline of a new game's first decision: None without a timer, or when an
        agent makes it."""
        if timer is None:
            return None
        first = game.new_initial_state().current_player
        if first is None or kinds[first] != HUMAN:
            return None
        return self.settings.clock() + per_move(timer)

    async def rematch(self, live: LiveGame, seat: PlayerId, client: str) -> tuple[str, str]:
        """The rematch of a finished game (made by the first of its players to ask), and a
        fresh token for the asker's own seat in it: each player gets only their own seat."""
        if not live.match.is_over:
            raise ForbiddenError("a rematch is offered once the game is over")
        new_id = await self.store.read(store.rematch_of, live.id)
        if new_id is None:
            self.seats.created.hit(client)
            config = {**live.match.game.config.to_json()}
            del config["seed"]
            kinds = list(live.kinds)
            new_id = await self._add(
                config, kinds, [None] * len(kinds), (), (), live.id, timer=live.timer
            )
        rematch = await self.moves.game(new_id)
        if rematch.kinds[seat] != HUMAN:
            raise ForbiddenError("that seat is played by an AI in the rematch")
        token = await self.seats.issue(rematch, seat, live.names.get(seat))
        self.moves.schedule_ai(rematch)
        return new_id, token

    async def open_games(
        self, limit: int, after: str | None
    ) -> tuple[list[dict[str, Any]], str | None]:
        """A page of games with an open seat nobody has joined (with what each seat is
        called), and the next page's cursor."""
        games, cursor = await self.store.read(store.open_games, limit, after)
        for game in games:
            game["names"] = [seat_name(kind, name) for kind, name in game.pop("seats")]
        return games, cursor
