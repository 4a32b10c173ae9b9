"""The behaviour `kleos.core.protocol` gives every game: checked apply, events, outcomes."""

from __future__ import annotations

import math

import pytest
from kleos_takeaway import Take, TakeAway, TakeAwayState

import kleos
from kleos.core import registry
from kleos.core.protocol import GameConfig, Outcome


def take_away(players: int = 2, **options: int) -> TakeAwayState:
    """A new game of the take-away plugin (registered for the whole session by its entry
    point), seed 0."""
    state = kleos.make("take-away", players=players, seed=0, **options).new_initial_state()
    assert isinstance(state, TakeAwayState)
    return state


def test_errors_are_value_errors_under_one_base() -> None:
    """Every bad-input error is a `KleosError` and a `ValueError`; parse errors are illegal."""
    for error in (kleos.ConfigError, kleos.IllegalActionError, kleos.RecordError):
        assert issubclass(error, kleos.KleosError)
        assert issubclass(error, ValueError)
    assert issubclass(kleos.ActionParseError, kleos.IllegalActionError)


def test_register_adds_a_game_to_the_registry() -> None:
    """A registered game is listed (ids sorted), found by id and made by `kleos.make`."""
    assert "take-away" in kleos.game_ids()
    assert list(kleos.game_ids()) == sorted(kleos.game_ids())
    assert registry.game_class("take-away") is TakeAway
    game = kleos.make("take-away", seed=1, pile=3)
    assert isinstance(game, TakeAway)
    assert game.config == GameConfig("take-away", 2, 1, (), (("pile", 3),))


def test_apply_returns_the_events_of_the_move() -> None:
    """`apply` hands back what `emit` recorded during the move, and only that."""
    state = take_away(pile=6)
    assert state.apply(Take(2)) == [{"kind": "take", "player": 0, "count": 2, "pile": 4}]
    assert state.apply(Take(1), player=1) == [{"kind": "take", "player": 1, "count": 1, "pile": 3}]
    state.apply_unchecked(Take(2))
    assert state.pile == 1
    assert state.apply(Take(1)) == [
        {"kind": "take", "player": 1, "count": 1, "pile": 0},
        {"kind": "reveal", "hands": [list(hand) for hand in state.hands]},
    ]
    assert state.outcome().winners == (1,)


def test_apply_refuses_an_illegal_action_and_changes_nothing() -> None:
    """An action that is not legal raises with the game's explanation; the state stays."""
    state = take_away(pile=1)
    with pytest.raises(
        kleos.IllegalActionError, match="Player 1 cannot take 2: only 1 counter left"
    ):
        state.apply(Take(2))
    assert (state.pile, state.turn) == (1, 0)


def test_apply_refuses_a_finished_game() -> None:
    """After the end, every action is refused, saying the game is over."""
    state = take_away(pile=1)
    state.apply(Take(1))
    with pytest.raises(kleos.IllegalActionError, match="the game is over"):
        state.apply(Take(1))
    first, second = state.bonus
    assert state.outcome() == Outcome(
        scores=(5 + first, second),
        winners=(0,),
        breakdown=({"last_counter": 5, "stars": first}, {"last_counter": 0, "stars": second}),
        reason="Player 1 took the last counter",
    )


def test_apply_refuses_the_wrong_seat() -> None:
    """`player=` must name the seat that decides now, and a seat that exists."""
    state = take_away(players=3)
    with pytest.raises(kleos.IllegalActionError, match="Player 1's decision, not Player 3's"):
        state.apply(Take(1), player=2)
    for seat in (3, -1, 99, "0"):
        with pytest.raises(
            kleos.IllegalActionError, match=r"there is no seat .*: seats are 0 to 2"
        ):
            state.apply(Take(1), player=seat)  # type: ignore[arg-type]
    assert (state.pile, state.turn) == (30, 0)


def test_outcome_returns_share_one_win() -> None:
    """A sole winner gets 1; tied winners share it; everyone else gets 0."""
    assert Outcome(scores=(3, 9, 1), winners=(1,)).returns() == (0.0, 1.0, 0.0)
    shared = Outcome(scores=(9, 9, 1, 9), winners=(0, 1, 3)).returns()
    assert shared[2] == 0.0
    assert all(math.isclose(shared[p], 1 / 3) for p in (0, 1, 3))
    assert math.isclose(sum(shared), 1.0)


def test_outcome_to_json() -> None:
    """Scores, winners and each breakdown, as JSON lists and objects."""
    outcome = Outcome(scores=(1, 2), winners=(1,), breakdown=({"a": 1}, {"a": 2}))
    assert outcome.to_json() == {
        "scores": [1, 2],
        "winners": [1],
        "breakdown": [{"a": 1}, {"a": 2}],
        "reason": "",
        "tiebreak": "",
    }


def test_game_config_options_and_json() -> None:
    """Options are looked up by name with a default; `to_json` is what a record stores."""
    config = GameConfig("g", 3, 7, ("v",), (("board", "x.json"),))
    assert config.option("board") == "x.json"
    assert config.option("missing", 4) == 4
    assert config.to_json() == {
        "game": "g",
        "players": 3,
        "seed": 7,
        "variants": ["v"],
        "options": {"board": "x.json"},
    }
