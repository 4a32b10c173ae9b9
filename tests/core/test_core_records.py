"""Game records: JSON Lines that round-trip, and every kind of damage refused by line or move."""

from __future__ import annotations

import dataclasses
import json
import random
from pathlib import Path
from typing import Any

import pytest

import kleos
from kleos.core.records import (
    RECORD_FORMAT,
    Move,
    Record,
    RecordWriter,
    parse_record,
    read_record,
    replay,
    result_json,
    unseal,
    write_record,
)
from played import random_game_record

GAME_IDS = kleos.game_ids()
SEED = 17


def finished_record(game_id: str, seed: int = SEED) -> Record:
    """The record of a seeded random game played to its end."""
    return random_game_record(kleos.make(game_id, seed=seed), seed)[1]


def lines_of(record: Record) -> list[dict[str, Any]]:
    """The record's lines as JSON objects, to damage one by one."""
    return [json.loads(line) for line in record.lines()]


def text_of(lines: list[Any]) -> str:
    """JSON Lines text from objects (or raw strings, kept as they are)."""
    return "".join((line if isinstance(line, str) else json.dumps(line)) + "\n" for line in lines)


def load(text: str) -> kleos.State:
    """Parse and replay a record text; the final state."""
    return replay(parse_record(text, source="game.jsonl")).state


def refused(text: str, *fragments: str) -> str:
    """Loading `text` raises `RecordError` whose message holds every fragment."""
    with pytest.raises(kleos.RecordError) as error:
        load(text)
    message = str(error.value)
    for fragment in fragments:
        assert fragment in message, f"{fragment!r} not in {message!r}"
    return message


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_record_round_trips(game_id: str, tmp_path: Path) -> None:
    """Lines → text → `parse_record` and `write_record` → `read_record` give the record back,
    and it replays to its result."""
    record = finished_record(game_id)
    assert parse_record("\n".join(record.lines())) == record
    write_record(tmp_path / "deep" / "game.jsonl", record)
    assert read_record(tmp_path / "deep" / "game.jsonl") == record
    assert replay(str(tmp_path / "deep" / "game.jsonl")).state.is_terminal()
    header = lines_of(record)[0]
    assert header["format"] == RECORD_FORMAT
    assert header["game"] == game_id
    assert header["engine_version"] == kleos.__version__


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_interrupted_record_keeps_its_moves(game_id: str, tmp_path: Path) -> None:
    """A `RecordWriter` finished without an outcome has every move and no result line."""
    game = kleos.make(game_id, seed=SEED)
    state = game.new_initial_state()
    path = tmp_path / "sub" / "stopped.jsonl"
    writer = RecordWriter(path, game, ["a"] * game.players)
    for _ in range(5):
        action = state.legal_actions()[0]
        player = state.current_player
        assert player is not None
        state.apply(action)
        writer.move(player, str(action))
    writer.finish(None)
    record = read_record(path)
    assert record.result is None and len(record.moves) == 5
    assert replay(record).state.view(None) == state.view(None)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_malformed_lines_are_refused_by_line(game_id: str) -> None:
    """Text that is not a record is refused with the line at fault."""
    lines: list[Any] = lines_of(finished_record(game_id))
    refused("", "game.jsonl is empty")
    refused("\n  \n", "is empty")
    refused(text_of([*lines[:2], "{not json", *lines[2:]]), "line 3", "not valid JSON")
    refused(text_of([*lines[:2], [1, 2], *lines[2:]]), "line 3", "expected a JSON object")
    refused(text_of(lines[1:]), "line 1", "not a Kleos record header", RECORD_FORMAT)
    refused(text_of([{**lines[0], "format": "kleos-record/99"}, *lines[1:]]), "line 1", "99")
    refused(text_of([{**lines[0], "config": None}, *lines[1:]]), "line 1", "'config'")
    refused(text_of([{**lines[0], "seats": "ab"}, *lines[1:]]), "line 1", "'seats'")
    refused(text_of([*lines, lines[1]]), f"line {len(lines) + 1}", "nothing may follow")
    refused(text_of([*lines[:-1], {"result": [1]}]), f"line {len(lines)}", "must be an object")


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_bad_move_lines_are_refused_by_line(game_id: str) -> None:
    """Ply numbers count up from 0; a move names a seat number and the action's text."""
    lines: list[Any] = lines_of(finished_record(game_id))
    move = lines[3]
    assert move["ply"] == 2

    def damaged(**change: Any) -> str:
        return text_of([*lines[:3], {**move, **change}, *lines[4:]])

    for ply in (3, 1, -1, "2", None, 2.5, 2.0, True):
        refused(damaged(ply=ply), "line 4", "expected ply 2")
    second = lines[2]
    for ply in (True, 1.0):
        refused(text_of([*lines[:2], {**second, "ply": ply}, *lines[3:]]), "line 3", "ply 1")
    refused(text_of([*lines[:3], *lines[4:]]), "line 4", "expected ply 2, found 3")
    refused(text_of([*lines[:4], *lines[3:]]), "line 5", "expected ply 3, found 2")
    for player in ("0", None, 1.0, True):
        refused(damaged(player=player), "line 4", "'player' must be a seat number")
    for action in (None, 5, ["place"]):
        refused(damaged(action=action), "line 4", "'action' must be the action's text")


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_tampered_moves_are_refused_by_move(game_id: str) -> None:
    """A move that is illegal, unreadable or by the wrong seat is refused, naming the move."""
    record = finished_record(game_id)
    lines: list[Any] = lines_of(record)
    k = len(record.moves) // 2
    game = kleos.make(game_id, seed=SEED)
    state = replay(dataclasses.replace(record, moves=record.moves[:k], result=None)).state
    legal = set(state.legal_actions())
    illegal = next(
        a
        for a in map(game.action_from_id, range(game.num_distinct_actions))
        if a not in legal and game.parse_action(state, str(a)) == a
    )
    player = record.moves[k].player

    def damaged(**change: Any) -> str:
        return text_of([*lines[: k + 1], {**lines[k + 1], **change}, *lines[k + 2 :]])

    refused(damaged(action=str(illegal)), f"move {k} ('{illegal}' by seat {player})")
    refused(damaged(action="dance a jig"), f"move {k}", "'dance a jig'")
    other = (player + 1) % game.players
    refused(damaged(player=other), f"move {k}", f"by seat {other}")
    for seat in (game.players, 9, -1):
        refused(damaged(player=seat), f"move {k}", f"there is no seat {seat}")


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_tampered_results_are_refused(game_id: str) -> None:
    """The stored result must be the replay's; a result needs a finished game."""
    record = finished_record(game_id)
    lines: list[Any] = lines_of(record)
    result = lines[-1]["result"]
    scores = [s + 5 for s in result["scores"]]
    refused(text_of([*lines[:-1], {"result": {**result, "scores": scores}}]), "differs")
    losers = [p for p in range(len(scores)) if p not in result["winners"]] or [0, 1]
    refused(text_of([*lines[:-1], {"result": {**result, "winners": losers}}]), "differs")
    refused(text_of([*lines[:-2], lines[-1]]), "its moves do not finish the game")
    assert load(text_of(lines[:-1])).is_terminal(), "a record without a result still replays"


@pytest.mark.parametrize("game_id", GAME_IDS)
@pytest.mark.parametrize(
    ("change", "fragments"),
    [
        ({"game": "chess"}, ("line 1", "header names the game", "its config is of chess")),
        ({"players": 5}, ("record header", "not 5")),
        ({"players": 1}, ("record header", "not 1")),
        ({"variants": ["turbo"]}, ("record header", "no variant 'turbo'")),
        ({"options": {"speed": 1}}, ("record header", "no option 'speed'")),
        ({"seed": -1}, ("record header", "seed")),
        ({"seed": None}, ("holds no seed", "still being played")),
    ],
)
def test_bad_headers_are_refused(
    game_id: str, change: dict[str, Any], fragments: tuple[str, ...]
) -> None:
    """A header whose config cannot be played is refused, saying why."""
    lines: list[Any] = lines_of(finished_record(game_id))
    header = {**lines[0], "config": {**lines[0]["config"], **change}}
    refused(text_of([header, *lines[1:]]), *fragments)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_other_rules_or_seats_are_refused(game_id: str) -> None:
    """A record of other rules, or with a seat list of the wrong length, is refused."""
    lines: list[Any] = lines_of(finished_record(game_id))
    other_rules = {**lines[0], "rules_version": "0-draft"}
    refused(text_of([other_rules, *lines[1:]]), "rules version 0-draft")
    extra_seat = {**lines[0], "seats": [*lines[0]["seats"], "guest"]}
    refused(text_of([extra_seat, *lines[1:]]), "seats for")


def test_unreadable_files_are_refused(tmp_path: Path) -> None:
    """A missing file or one that is not UTF-8 raises `RecordError` naming the file."""
    with pytest.raises(kleos.RecordError, match=r"cannot read record .*missing\.jsonl"):
        read_record(tmp_path / "missing.jsonl")
    (tmp_path / "latin1.jsonl").write_bytes(b"\xff\xfe{}")
    with pytest.raises(kleos.RecordError, match=r"latin1\.jsonl"):
        read_record(tmp_path / "latin1.jsonl")
    (tmp_path / "list.jsonl").write_text("[]\n")
    with pytest.raises(kleos.RecordError, match=r"list\.jsonl, line 1"):
        replay(tmp_path / "list.jsonl")


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_records_nested_too_deeply_or_with_huge_numbers_are_refused(game_id: str) -> None:
    """JSON nested 100,000 deep and numbers of 5,000 digits give a RecordError, not a crash."""
    lines: list[Any] = lines_of(finished_record(game_id))
    deep = "[" * 100_000 + "]" * 100_000
    refused(text_of([lines[0], deep, *lines[1:]]), "line 2", "nested too deeply")
    header = json.dumps(lines[0]).replace('"seed": ', '"seed": ' + "9" * 5000 + ', "x": ', 1)
    refused(text_of([header, *lines[1:]]), "line 1", "cannot be read")
    move = json.dumps(lines[1]).replace('"ply": 0', '"ply": ' + "1" * 5000)
    refused(text_of([lines[0], move, *lines[2:]]), "line 2")
    huge_seed = {**lines[0], "config": {**lines[0]["config"], "seed": 10**300}}
    refused(text_of([huge_seed, *lines[1:]]), "record header", "seed must be a whole number")


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_header_must_name_the_game_of_its_config_and_its_rules_version(game_id: str) -> None:
    lines: list[Any] = lines_of(finished_record(game_id))
    other = "elysium" if game_id == "ilium" else "ilium"
    for game in ("chess", other, None):
        refused(text_of([{**lines[0], "game": game}, *lines[1:]]), "line 1", "header names")
    for version in ("", None, 1):
        refused(text_of([{**lines[0], "rules_version": version}, *lines[1:]]), "no 'rules_version'")
    without = {k: v for k, v in lines[0].items() if k != "rules_version"}
    refused(text_of([without, *lines[1:]]), "no 'rules_version'")
    hand_built = dataclasses.replace(finished_record(game_id), rules_version="")
    with pytest.raises(kleos.RecordError, match="no rules version"):
        replay(hand_built)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_another_engine_version_is_reported(game_id: str) -> None:
    """A record made by another Kleos replays (the rules version decides) with a note."""
    lines: list[Any] = lines_of(finished_record(game_id))
    assert replay(parse_record(text_of(lines))).notes == []
    older = parse_record(text_of([{**lines[0], "engine_version": "0.0.1"}, *lines[1:]]))
    assert replay(older).notes == [
        f"recorded by Kleos 0.0.1, replayed by Kleos {kleos.__version__}"
    ]


def test_read_record_takes_a_path_only() -> None:
    for bad in (None, 5, ["a.jsonl"], {"a": 1}, b"a.jsonl"):
        with pytest.raises(kleos.RecordError, match="named by a file path"):
            read_record(bad)  # type: ignore[arg-type]
    for bad_text in (None, 5, b"{}"):
        with pytest.raises(kleos.RecordError, match="JSON Lines text"):
            parse_record(bad_text)  # type: ignore[arg-type]


def test_records_and_moves_of_wrong_types_cannot_be_built() -> None:
    """Hand-built records are checked as parsed ones are: RecordError, never AttributeError."""
    good = finished_record("ilium")
    changes: list[dict[str, Any]] = [
        {"config": 5},
        {"config": None},
        {"seats": ["a", "b", "c"]},
        {"seats": (1, 2, 3)},
        {"moves": [Move(0, "play 1")]},
        {"moves": ("place p01:0",)},
        {"result": [1]},
        {"rules_version": 1},
        {"engine_version": None},
        {"id": 7},
    ]
    for change in changes:
        with pytest.raises(kleos.RecordError):
            dataclasses.replace(good, **change)
    for player, action in ((True, "pass"), ("0", "pass"), (0, 5), (1.0, "pass")):
        with pytest.raises(kleos.RecordError):
            Move(player, action)  # type: ignore[arg-type]


@pytest.mark.parametrize(("game_id", "option"), [("ilium", "board"), ("elysium", "card_set")])
def test_a_record_never_makes_the_engine_open_a_path(game_id: str, option: str) -> None:
    """A header whose options name a file (even /dev/zero) is refused, nothing is read."""
    lines: list[Any] = lines_of(finished_record(game_id))
    for path in ("/dev/zero", "/etc/passwd", "cards.toml"):
        config = {**lines[0]["config"], "options": {option: path}}
        message = refused(text_of([{**lines[0], "config": config}, *lines[1:]]), "record header")
        assert "never" in message and "file" in message


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_record_in_progress_is_sealed_until_the_game_ends(game_id: str, tmp_path: Path) -> None:
    """While the game is played the file holds no seed; the seed waits in a key file only its
    owner may read; `finish` writes the complete record and removes the key."""
    game = kleos.make(game_id, seed=2**62 + 5)
    state = game.new_initial_state()
    path = tmp_path / "game.jsonl"
    writer = RecordWriter(path, game, ["a"] * game.players)
    rng = random.Random(1)
    for _ in range(6):
        player, action = state.current_player, rng.choice(state.legal_actions())
        state.apply(action)
        writer.move(player, str(action))  # type: ignore[arg-type]
    text = path.read_text(encoding="utf-8")
    assert str(game.config.seed) not in text
    header = json.loads(text.splitlines()[0])
    assert header["config"]["seed"] is None and len(header["id"]) == 32
    key = tmp_path / ".keys" / f"{header['id']}.json"
    assert key.stat().st_mode & 0o777 == 0o600
    assert json.loads(key.read_text())["seed"] == game.config.seed
    in_progress = read_record(path)
    assert in_progress.is_sealed and len(in_progress.moves) == 6
    with pytest.raises(kleos.RecordError, match="holds no seed: its game is still being played"):
        replay(in_progress)
    record = writer.finish(None)
    assert not key.exists()
    assert read_record(path) == record and record.config["seed"] == game.config.seed
    assert replay(path).state.view(None) == state.view(None)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_unseal_completes_the_record_of_a_crashed_game(game_id: str, tmp_path: Path) -> None:
    """A writer that never finished (the process died) leaves a sealed record and its key;
    `unseal` joins them, verifies the moves and adds the result if the game had ended."""
    game = kleos.make(game_id, seed=2**62 + 6)
    state = game.new_initial_state()
    path = tmp_path / "crashed.jsonl"
    writer = RecordWriter(path, game, ["a"] * game.players)
    rng = random.Random(2)
    while not state.is_terminal():
        player, action = state.current_player, rng.choice(state.legal_actions())
        state.apply(action)
        writer.move(player, str(action))  # type: ignore[arg-type]
    sealed = read_record(path)
    assert sealed.is_sealed
    complete = unseal(path)
    assert complete.result == result_json(state.outcome()) and complete.id == ""
    assert not (tmp_path / ".keys" / f"{sealed.id}.json").exists()
    assert replay(path).state.outcome() == state.outcome()
    with pytest.raises(kleos.RecordError, match="is not sealed"):
        unseal(path)
