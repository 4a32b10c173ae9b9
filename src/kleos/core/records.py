"""Game records: JSON Lines (a header, one line per action, a result) and their replay."""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from kleos.core.errors import KleosError, RecordError
from kleos.core.protocol import Event, Game, Outcome, PlayerId, State
from kleos.core.registry import make_from_config

RECORD_FORMAT = "kleos-record/1"


def _engine_version() -> str:
    from kleos import __version__

    return __version__


@dataclass(frozen=True)
class Move:
    """One recorded action: who decided and the action's canonical text."""

    player: PlayerId
    action: str


@dataclass(frozen=True)
class Record:
    """A whole game: how it was configured, who sat where, every move, and the result."""

    config: dict[str, Any]
    seats: tuple[str, ...]
    moves: tuple[Move, ...] = ()
    result: dict[str, Any] | None = None
    rules_version: str = ""
    engine_version: str = field(default_factory=_engine_version)

    def header(self) -> dict[str, Any]:
        """The first line of the record."""
        return {
            "format": RECORD_FORMAT,
            "game": self.config.get("game"),
            "rules_version": self.rules_version,
            "engine_version": self.engine_version,
            "config": self.config,
            "seats": list(self.seats),
        }

    def lines(self) -> Iterator[str]:
        """The record as JSON Lines."""
        yield json.dumps(self.header(), sort_keys=True)
        for ply, move in enumerate(self.moves):
            yield json.dumps(
                {"ply": ply, "player": move.player, "action": move.action}, sort_keys=True
            )
        if self.result is not None:
            yield json.dumps({"result": self.result}, sort_keys=True)


def new_record(game: Game, seats: Iterable[str]) -> Record:
    """An empty record for a game about to be played."""
    return Record(
        config=game.config.to_json(), seats=tuple(seats), rules_version=game.rules_version
    )


def result_json(outcome: Outcome) -> dict[str, Any]:
    """The part of an outcome that a record stores and replay checks."""
    return {"scores": list(outcome.scores), "winners": list(outcome.winners)}


class RecordWriter:
    """Writes a record line by line as the game goes, so an interrupted game keeps its moves."""

    def __init__(self, path: Path, game: Game, seats: Iterable[str]) -> None:
        self.path = path
        path.parent.mkdir(parents=True, exist_ok=True)
        self._file: IO[str] = path.open("w", encoding="utf-8")
        self._ply = 0
        self._write(new_record(game, seats).header())

    def _write(self, data: dict[str, Any]) -> None:
        self._file.write(json.dumps(data, sort_keys=True) + "\n")
        self._file.flush()

    def move(self, player: PlayerId, action: str) -> None:
        """Append one move."""
        self._write({"ply": self._ply, "player": player, "action": action})
        self._ply += 1

    def finish(self, outcome: Outcome | None) -> None:
        """Append the result (if the game ended) and close the file."""
        if outcome is not None:
            self._write({"result": result_json(outcome)})
        self._file.close()


def write_record(path: Path, record: Record) -> None:
    """Write a whole record to `path`."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(line + "\n" for line in record.lines()), encoding="utf-8")


def parse_record(text: str, source: str = "record") -> Record:
    """Parse JSON Lines text into a `Record`, refusing anything malformed."""
    lines = [(n, line) for n, line in enumerate(text.splitlines(), 1) if line.strip()]
    if not lines:
        raise RecordError(f"{source} is empty")
    objects = []
    for n, line in lines:
        try:
            obj = json.loads(line)
        except json.JSONDecodeError as exc:
            raise RecordError(f"{source}, line {n}: not valid JSON ({exc.msg})") from None
        if not isinstance(obj, dict):
            raise RecordError(f"{source}, line {n}: expected a JSON object")
        objects.append((n, obj))
    (n0, header), body = objects[0], objects[1:]
    if header.get("format") != RECORD_FORMAT:
        raise RecordError(
            f"{source}, line {n0}: not a Kleos record header "
            f"(expected format '{RECORD_FORMAT}', got {header.get('format')!r})"
        )
    config, seats = header.get("config"), header.get("seats")
    if not isinstance(config, dict):
        raise RecordError(f"{source}, line {n0}: header has no 'config' object")
    if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats):
        raise RecordError(f"{source}, line {n0}: header 'seats' must be a list of names")
    moves: list[Move] = []
    result = None
    for n, obj in body:
        if result is not None:
            raise RecordError(f"{source}, line {n}: nothing may follow the result line")
        if "result" in obj:
            result = obj["result"]
            if not isinstance(result, dict):
                raise RecordError(f"{source}, line {n}: 'result' must be an object")
            continue
        player, action, ply = obj.get("player"), obj.get("action"), obj.get("ply")
        if not isinstance(player, int) or isinstance(player, bool):
            raise RecordError(f"{source}, line {n}: 'player' must be a seat number")
        if not isinstance(action, str):
            raise RecordError(f"{source}, line {n}: 'action' must be the action's text")
        if not isinstance(ply, int) or isinstance(ply, bool) or ply != len(moves):
            raise RecordError(f"{source}, line {n}: expected ply {len(moves)}, found {ply!r}")
        moves.append(Move(player, action))
    return Record(
        config=config,
        seats=tuple(seats),
        moves=tuple(moves),
        result=result,
        rules_version=str(header.get("rules_version", "")),
        engine_version=str(header.get("engine_version", "")),
    )


def read_record(path: Path | str) -> Record:
    """Read and parse a record file."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise RecordError(f"cannot read record {path}: {exc}") from None
    return parse_record(text, source=str(path))


@dataclass
class Replay:
    """A verified replay: the game, its final state, and each step with its events."""

    game: Game
    state: State
    steps: list[tuple[Move, list[Event]]]


def replay(record: Record | Path | str) -> Replay:
    """Re-apply a record move by move, verifying every move and the stored result.

    Raises `RecordError` naming the first move that does not replay.
    """
    if not isinstance(record, Record):
        record = read_record(record)
    try:
        game = make_from_config(record.config)
    except KleosError as exc:
        raise RecordError(f"record header: {exc}") from None
    if record.rules_version and record.rules_version != game.rules_version:
        raise RecordError(
            f"record was made with {game.title} rules version {record.rules_version}, "
            f"this engine plays version {game.rules_version}"
        )
    if len(record.seats) != game.players:
        raise RecordError(f"record names {len(record.seats)} seats for {game.players} players")
    state = game.new_initial_state()
    steps: list[tuple[Move, list[Event]]] = []
    for ply, move in enumerate(record.moves):
        try:
            action = game.parse_action(state, move.action)
            events = state.apply(action, player=move.player)
        except KleosError as exc:
            where = f"move {ply} ('{move.action}' by seat {move.player})"
            raise RecordError(f"{where}: {exc}") from None
        steps.append((move, events))
    if record.result is not None:
        if not state.is_terminal():
            raise RecordError("record has a result but its moves do not finish the game")
        actual = result_json(state.outcome())
        if {k: record.result.get(k) for k in actual} != actual:
            raise RecordError(f"record's result {record.result} differs from the replay's {actual}")
    return Replay(game, state, steps)
