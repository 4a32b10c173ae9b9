"""Game records: JSON Lines (a header, one line per action, a result) and their replay.

A record in progress is *sealed*: its header's config has no seed (`"seed": null`), so no one
at the table can read the deal from it. `RecordWriter` keeps the seed apart meanwhile, in a key
file `.keys/<record id>.json` beside the record that only its owner may read, and writes the
complete record (seed included) when the game ends or is abandoned. If the process dies first,
`unseal` joins the record with its key.
"""

from __future__ import annotations

import json
import os
import secrets
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import IO, Any

from kleos.core.errors import KleosError, RecordError
from kleos.core.inputs import echo, echo_path, parse_json, read_bounded
from kleos.core.protocol import Event, Game, Outcome, PlayerId, State
from kleos.core.registry import make_from_config
from kleos.core.version import ENGINE_VERSION

RECORD_FORMAT = "kleos-record/1"
MAX_RECORD_BYTES = 32 * 1024 * 1024
"""The largest record file read (a long game with a custom card set is well under 1 MB)."""
KEYS_DIR = ".keys"
"""Beside a record in progress: the folder of key files that hold the seeds apart."""


@dataclass(frozen=True)
class Move:
    """One recorded action: who decided and the action's canonical text."""

    player: PlayerId
    action: str

    def __post_init__(self) -> None:
        if not isinstance(self.player, int) or isinstance(self.player, bool):
            raise RecordError(f"a move's player is a seat number, not {echo(self.player)}")
        if not isinstance(self.action, str):
            raise RecordError(f"a move's action is the action's text, not {echo(self.action)}")


@dataclass(frozen=True)
class Record:
    """A whole game: how it was configured, who sat where, every move, and the result."""

    config: dict[str, Any]
    seats: tuple[str, ...]
    moves: tuple[Move, ...] = ()
    result: dict[str, Any] | None = None
    rules_version: str = ""
    engine_version: str = ENGINE_VERSION
    id: str = ""
    """A record in progress: the random name by which it finds its key file ('' once the
    record is complete and holds its seed)."""

    def __post_init__(self) -> None:
        if not isinstance(self.config, dict):
            raise RecordError(f"a record's config is a JSON object, not {echo(self.config)}")
        seats = self.seats
        if not isinstance(seats, tuple) or not all(isinstance(s, str) for s in seats):
            raise RecordError(f"a record's seats are a tuple of names, not {echo(seats)}")
        if not isinstance(self.moves, tuple) or not all(isinstance(m, Move) for m in self.moves):
            raise RecordError("a record's moves are a tuple of Move")
        if self.result is not None and not isinstance(self.result, dict):
            raise RecordError(f"a record's result is a JSON object, not {echo(self.result)}")
        for name in ("rules_version", "engine_version", "id"):
            if not isinstance(getattr(self, name), str):
                raise RecordError(f"a record's {name} is text, not {echo(getattr(self, name))}")

    @property
    def is_sealed(self) -> bool:
        """Whether this is the record of a game in progress: its seed is kept apart."""
        return self.config.get("seed") is None

    def sealed(self) -> Record:
        """The same record without its seed, as it is written while the game is played."""
        return replace(self, config={**self.config, "seed": None})

    def header(self) -> dict[str, Any]:
        """The first line of the record."""
        header = {
            "format": RECORD_FORMAT,
            "game": self.config.get("game"),
            "rules_version": self.rules_version,
            "engine_version": self.engine_version,
            "config": self.config,
            "seats": list(self.seats),
        }
        return {**header, "id": self.id} if self.id else header

    def lines(self) -> Iterator[str]:
        """The record as JSON Lines."""
        yield json.dumps(self.header(), sort_keys=True)
        for ply, move in enumerate(self.moves):
            yield move_line(ply, move)
        if self.result is not None:
            yield json.dumps({"result": self.result}, sort_keys=True)


def move_line(ply: int, move: Move) -> str:
    """One move's line."""
    return json.dumps({"ply": ply, "player": move.player, "action": move.action}, sort_keys=True)


def new_record(game: Game, seats: Iterable[str]) -> Record:
    """An empty record for a game about to be played."""
    return Record(
        config=game.config.to_json(), seats=tuple(seats), rules_version=game.rules_version
    )


def result_json(outcome: Outcome) -> dict[str, Any]:
    """The part of an outcome that a record stores and replay checks."""
    return {"scores": list(outcome.scores), "winners": list(outcome.winners)}


def key_path(path: Path, record_id: str) -> Path:
    """Where the seed of the record at `path` is kept while its game is played."""
    return path.parent / KEYS_DIR / f"{record_id}.json"


class RecordWriter:
    """Writes a record line by line as the game goes, so an interrupted game keeps its moves.

    The file is sealed until `finish`: its seed waits in the key file (`key_path`).
    """

    def __init__(self, path: Path, game: Game, seats: Iterable[str]) -> None:
        self.path = path
        self.record = replace(new_record(game, seats), id=secrets.token_hex(16))
        self.key = key_path(path, self.record.id)
        self.key.parent.mkdir(parents=True, exist_ok=True)
        descriptor = os.open(self.key, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(descriptor, "w", encoding="utf-8") as key:
            json.dump({"id": self.record.id, "seed": self.record.config["seed"]}, key)
        self._moves: list[Move] = []
        self._file: IO[str] = path.open("w", encoding="utf-8")
        self._file.write(next(self.record.sealed().lines()) + "\n")
        self._file.flush()

    def move(self, player: PlayerId, action: str) -> None:
        """Append one move."""
        move = Move(player, action)
        self._file.write(move_line(len(self._moves), move) + "\n")
        self._file.flush()
        self._moves.append(move)

    def finish(self, outcome: Outcome | None) -> Record:
        """Write the complete record, seed and result (if the game ended) included, and drop
        the key file; return the record."""
        self._file.close()
        result = result_json(outcome) if outcome is not None else None
        record = replace(self.record, moves=tuple(self._moves), result=result, id="")
        write_record(self.path, record)
        self.key.unlink(missing_ok=True)
        return record


def write_record(path: Path, record: Record) -> None:
    """Write a whole record to `path` (atomically: a reader sees the old file or the new)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(path.name + ".partial")
    partial.write_text("".join(line + "\n" for line in record.lines()), encoding="utf-8")
    os.replace(partial, path)


def parse_record(text: str, source: str = "record") -> Record:
    """Parse JSON Lines text into a `Record`, refusing anything malformed."""
    if not isinstance(text, str):
        raise RecordError(f"a record is JSON Lines text, not {echo(type(text).__name__)}")
    lines = [(n, line) for n, line in enumerate(text.splitlines(), 1) if line.strip()]
    if not lines:
        raise RecordError(f"{source} is empty")
    objects = []
    for n, line in lines:
        obj = parse_json(line, f"{source}, line {n}", RecordError)
        if not isinstance(obj, dict):
            raise RecordError(f"{source}, line {n}: expected a JSON object")
        objects.append((n, obj))
    (n0, header), body = objects[0], objects[1:]
    if header.get("format") != RECORD_FORMAT:
        raise RecordError(
            f"{source}, line {n0}: not a Kleos record header "
            f"(expected format '{RECORD_FORMAT}', got {echo(header.get('format'))})"
        )
    config, seats = header.get("config"), header.get("seats")
    if not isinstance(config, dict):
        raise RecordError(f"{source}, line {n0}: header has no 'config' object")
    if header.get("game") != config.get("game"):
        raise RecordError(
            f"{source}, line {n0}: header names the game {echo(header.get('game'))} "
            f"but its config is of {echo(config.get('game'))}"
        )
    if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats):
        raise RecordError(f"{source}, line {n0}: header 'seats' must be a list of names")
    versions: dict[str, str] = {}
    for key in ("rules_version", "engine_version"):
        value = header.get(key)
        if not isinstance(value, str) or not value:
            raise RecordError(f"{source}, line {n0}: header has no '{key}'")
        versions[key] = value
    record_id = header.get("id", "")
    if not isinstance(record_id, str):
        raise RecordError(f"{source}, line {n0}: header 'id' must be text")
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
            raise RecordError(f"{source}, line {n}: expected ply {len(moves)}, found {echo(ply)}")
        moves.append(Move(player, action))
    return Record(
        config=config,
        seats=tuple(seats),
        moves=tuple(moves),
        result=result,
        rules_version=versions["rules_version"],
        engine_version=versions["engine_version"],
        id=record_id,
    )


def read_record(path: Path | str) -> Record:
    """Read and parse a record file (at most `MAX_RECORD_BYTES`)."""
    data = read_bounded(path, MAX_RECORD_BYTES, "record", RecordError)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise RecordError(f"cannot read record {echo_path(path)}: it is not UTF-8 text") from None
    return parse_record(text, source=echo_path(path))


@dataclass
class Replay:
    """A verified replay: the game, its final state, each step with its events, and notes
    (such as a record made by another version of Kleos)."""

    game: Game
    state: State
    steps: list[tuple[Move, list[Event]]]
    notes: list[str] = field(default_factory=list)


def replay(record: Record | Path | str) -> Replay:
    """Re-apply a record move by move, verifying every move and the stored result.

    Raises `RecordError` naming the first move that does not replay.
    """
    if not isinstance(record, Record):
        record = read_record(record)
    if record.is_sealed:
        raise RecordError(
            f"record {echo(record.id)} holds no seed: its game is still being played, or was "
            f"interrupted before its end was written (its seed is kept apart beside it in "
            f"{KEYS_DIR}/{echo(record.id)}.json; unseal the record to replay it)"
        )
    try:
        game = make_from_config(record.config)
    except KleosError as exc:
        raise RecordError(f"record header: {exc}") from None
    if record.rules_version != game.rules_version:
        made_with = echo(record.rules_version) or "no rules version"
        raise RecordError(
            f"record was made with {game.title} rules version {made_with}, "
            f"this engine plays version {game.rules_version}"
        )
    if len(record.seats) != game.players:
        raise RecordError(f"record names {len(record.seats)} seats for {game.players} players")
    notes = []
    if record.engine_version != ENGINE_VERSION:
        notes.append(
            f"recorded by Kleos {echo(record.engine_version) or '(unknown version)'}, "
            f"replayed by Kleos {ENGINE_VERSION}"
        )
    state = game.new_initial_state()
    steps: list[tuple[Move, list[Event]]] = []
    for ply, move in enumerate(record.moves):
        try:
            action = game.parse_action(state, move.action)
            events = state.apply(action, player=move.player)
        except KleosError as exc:
            where = f"move {ply} ('{echo(move.action)}' by seat {echo(move.player)})"
            raise RecordError(f"{where}: {exc}") from None
        steps.append((move, events))
    if record.result is not None:
        if not state.is_terminal():
            raise RecordError("record has a result but its moves do not finish the game")
        actual = result_json(state.outcome())
        if {k: record.result.get(k) for k in actual} != actual:
            raise RecordError(
                f"record's result {echo(record.result)} differs from the replay's {actual}"
            )
    return Replay(game, state, steps, notes)


def unseal(path: Path) -> Record:
    """Complete the record of an interrupted game with its seed from the key file beside it:
    the record is verified by replay, gets its result if its moves finish the game, and the
    key file is removed. Returns the complete record."""
    record = read_record(path)
    if not record.is_sealed:
        raise RecordError(f"record {echo_path(path)} is not sealed: it already has its seed")
    key = key_path(Path(path), record.id)
    data = parse_json(read_bounded(key, 4096, "key file", RecordError), "key file", RecordError)
    if not isinstance(data, dict) or data.get("id") != record.id or "seed" not in data:
        raise RecordError(f"key file {echo_path(key)} is not the key of record {record.id}")
    complete = replace(record, config={**record.config, "seed": data["seed"]}, id="")
    state = replay(complete).state
    if state.is_terminal():
        complete = replace(complete, result=result_json(state.outcome()))
    write_record(Path(path), complete)
    key.unlink()
    return complete
