"""One view envelope for every game: the same top-level keys, validated by the JSON Schema in
the package, the spectator's private part empty; and `static_info` JSON data."""

from __future__ import annotations

import json

import pytest
from harness import PLAYER_SETUPS, Setup, setup_id, viewers, walk
from jsonschema import Draft202012Validator

from kleos.core.schema import envelope_schema
from kleos.session.match import Match

VALIDATOR = Draft202012Validator(envelope_schema())
TOP_LEVEL = set(envelope_schema()["required"])


def test_the_schema_is_a_valid_json_schema() -> None:
    Draft202012Validator.check_schema(envelope_schema())


@pytest.mark.parametrize("setup", PLAYER_SETUPS, ids=setup_id)
def test_every_view_is_an_envelope(setup: Setup) -> None:
    """At every position, for every seat and the spectator: valid by the schema, exactly the
    common keys, the viewer named, nothing private for the spectator, the decision and the
    outcome matching the state."""
    for state in walk(setup, seed=4, every=3):
        for viewer in viewers(state):
            view = state.view(viewer)
            errors = sorted(VALIDATOR.iter_errors(view), key=str)
            assert not errors, f"{viewer}: {errors[0].message} at {list(errors[0].path)}"
            assert set(view) == TOP_LEVEL
            assert view["viewer"] == viewer and view["game"] == setup.game_id
            assert len(view["seats"]) == state.game.players
            assert view["current_player"] == state.current_player
            assert (view["decision"] is None) == state.is_terminal() == view["is_terminal"]
            if viewer is None:
                assert view["private"] == {}
            if state.is_terminal():
                assert view["outcome"] == state.outcome().to_json()
            else:
                assert view["outcome"] is None
            assert json.loads(json.dumps(view)) == view


@pytest.mark.parametrize("setup", PLAYER_SETUPS, ids=setup_id)
def test_match_envelopes_are_envelopes(setup: Setup) -> None:
    game = setup.make(6)
    match = Match(game, ["a"] * game.players)
    for seat in (*range(game.players), None):
        envelope = match.envelope_for(seat)
        assert not list(VALIDATOR.iter_errors(envelope))
        assert set(envelope) == TOP_LEVEL | {"state_id", "legal_actions"}


@pytest.mark.parametrize("setup", PLAYER_SETUPS, ids=setup_id)
def test_static_info_is_json_data_that_never_changes(setup: Setup) -> None:
    game = setup.make(7)
    static = game.static_info()
    assert {"game", "title", "rules_version", "players", "variants", "seats", "data"} <= set(static)
    assert json.loads(json.dumps(static)) == static
    assert game.without_seed().static_info() == static
    for state in walk(setup, seed=7, every=50):
        assert state.game.static_info() == static
