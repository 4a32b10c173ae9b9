"""One pending-decision model in every game: `state.decision` names the kind and the player, and
agrees with `current_player`, the legal actions and the views."""

from __future__ import annotations

import pytest
from harness import SETUPS, Setup, setup_id, walk

from kleos.core.decision import Decision, DecisionKind


@pytest.mark.parametrize("setup", SETUPS, ids=setup_id)
def test_pending_decision_names_its_kind_and_player_at_every_position(setup: Setup) -> None:
    """Before the end a `Decision` of the game's `DecisionKind`, whose player is `current_player`
    and whose name is the views' decision; None once the game is over, with no legal action."""
    kinds: set[type[DecisionKind]] = set()
    for seed in range(2):
        for state in walk(setup, seed):
            decision = state.decision
            if state.is_terminal():
                assert decision is None
                assert state.current_player is None
                assert state.legal_actions() == ()
                continue
            assert isinstance(decision, Decision)
            assert isinstance(decision.kind, DecisionKind)
            kinds.add(type(decision.kind))
            assert decision.player == state.current_player
            assert state.legal_actions(), f"{decision.kind.label} with no option"
            assert state.view(decision.player)["decision"]["kind"] == decision.kind.label
            assert state.view(None)["decision"]["kind"] == decision.kind.label
    assert len(kinds) == 1, f"one kind of decision enum per game, got {kinds}"
