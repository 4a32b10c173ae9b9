"""`Match`: state ids, envelopes with the decider's legal actions, submissions by action, text or
id, and one distinct refusal for each kind of bad submission, none of which changes anything."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

import kleos
from kleos.core.errors import (
    ActionParseError,
    GameOverError,
    IllegalActionError,
    NotYourTurnError,
    StaleStateError,
)
from kleos.core.records import RecordWriter, read_record, replay
from kleos.session.match import Match, Step

GAME_IDS = kleos.game_ids()


def new_match(game_id: str, seed: int = 3, **kwargs: Any) -> Match:
    game = kleos.make(game_id, seed=seed)
    return Match(game, [f"seat {p}" for p in range(game.players)], **kwargs)


def snapshot(match: Match) -> Any:
    return (
        match.state_id,
        [match.envelope_for(p) for p in (*range(match.game.players), None)],
        list(match.moves),
    )


def play_random(match: Match, moves: int, rng: random.Random) -> None:
    for _ in range(moves):
        if match.is_over:
            return
        player = match.current_player
        choice = rng.choice(match.envelope_for(player)["legal_actions"])
        match.submit(player, choice["id"], match.state_id)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_envelopes_carry_the_state_id_and_the_deciders_legal_actions(game_id: str) -> None:
    match = new_match(game_id)
    decider = match.current_player
    assert decider is not None
    envelope = match.envelope_for(decider)
    assert envelope["state_id"] == 0 and envelope["viewer"] == decider
    legal = match.state.legal_actions()
    assert [c["text"] for c in envelope["legal_actions"]] == [str(a) for a in legal]
    assert [c["id"] for c in envelope["legal_actions"]] == [match.game.action_id(a) for a in legal]
    assert all(c["label"] and c["action"]["kind"] for c in envelope["legal_actions"])
    for seat in (*range(match.game.players), None):
        if seat != decider:
            assert match.envelope_for(seat)["legal_actions"] == []
    assert json.loads(json.dumps(envelope)) == envelope


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_submissions_by_action_text_or_id_play_alike(game_id: str) -> None:
    """The state id counts every applied action; listeners hear each move."""
    matches = [new_match(game_id) for _ in range(3)]
    heard: list[Step] = []
    matches[0].listen(heard.append)
    rng = random.Random(5)
    for ply in range(12):
        if matches[0].is_over:
            break
        player = matches[0].current_player
        action = rng.choice(matches[0].state.legal_actions())
        matches[0].submit(player, action, ply)
        matches[1].submit(player, str(action), ply)
        matches[2].submit(player, matches[2].game.action_id(action), ply)
        assert matches[0].state_id == ply + 1
    assert snapshot(matches[0]) == snapshot(matches[1]) == snapshot(matches[2])
    assert [step.state_id for step in heard] == list(range(1, len(heard) + 1))
    assert all(step.game.config.seed is None for step in heard)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_kind_of_bad_submission_has_its_own_refusal(game_id: str) -> None:
    match = new_match(game_id)
    play_random(match, 5, random.Random(1))
    decider = match.current_player
    assert decider is not None
    other = (decider + 1) % match.game.players
    legal = match.state.legal_actions()
    illegal = next(
        a
        for a in map(match.game.action_from_id, range(match.game.num_distinct_actions))
        if a not in legal
    )
    before = snapshot(match)
    refusals: list[tuple[Any, Any, Any, type]] = [
        (decider, legal[0], match.state_id - 1, StaleStateError),
        (decider, legal[0], match.state_id + 1, StaleStateError),
        (decider, legal[0], "0", StaleStateError),
        (other, legal[0], match.state_id, NotYourTurnError),
        (None, legal[0], match.state_id, NotYourTurnError),
        (decider, "dance a jig", match.state_id, ActionParseError),
        (decider, 10**9, match.state_id, ActionParseError),
        (decider, [[1]], match.state_id, ActionParseError),
        (decider, illegal, match.state_id, IllegalActionError),
        (decider, str(illegal), match.state_id, IllegalActionError),
    ]
    for seat, action, state_id, expected in refusals:
        with pytest.raises(kleos.KleosError) as refused:
            match.submit(seat, action, state_id)
        assert type(refused.value) is expected, (seat, action, state_id, refused.value)
        assert len(str(refused.value)) < 400
        assert snapshot(match) == before
    with pytest.raises(kleos.SeatError):
        match.submit(9, legal[0], match.state_id)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_finished_match_refuses_every_move(game_id: str) -> None:
    match = new_match(game_id)
    play_random(match, 10_000, random.Random(2))
    assert match.is_over and match.current_player is None
    envelope = match.envelope_for(0)
    assert envelope["legal_actions"] == [] and envelope["outcome"] is not None
    with pytest.raises(GameOverError):
        match.submit(0, 0, match.state_id)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_record_sink_is_sealed_while_played_and_replays_at_the_end(
    game_id: str, tmp_path: Path
) -> None:
    game = kleos.make(game_id, seed=2**62 + 17)
    path = tmp_path / "game.jsonl"
    match = Match(game, ["a"] * game.players, record=RecordWriter(path, game, ["a"] * game.players))
    play_random(match, 6, random.Random(3))
    assert read_record(path).is_sealed and str(game.config.seed) not in path.read_text()
    play_random(match, 10_000, random.Random(3))
    assert match.is_over
    record = read_record(path)
    assert not record.is_sealed and record.result is not None
    assert [(m.player, m.action) for m in record.moves] == match.moves
    assert replay(record).state.outcome() == match.state.outcome()


def test_a_match_needs_one_name_per_seat() -> None:
    with pytest.raises(ValueError, match="needs 3 seats"):
        Match(kleos.make("ilium", seed=1), ["a", "b"])
