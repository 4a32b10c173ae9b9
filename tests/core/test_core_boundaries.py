"""Every boundary of the contract refuses bad input with a short `KleosError`, for every game:
seats, random sources, forged action objects, action text, integer ids and configs."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

import kleos
from kleos.core.errors import ArgumentError, SeatError
from kleos.core.inputs import ECHO_LIMIT, MAX_ACTION_TEXT, echo
from kleos.games.elysium import Elysium
from kleos.games.elysium.actions import SwapIn, TakeCard, Transfer
from kleos.games.ilium import ChooseSite, PlaceCube, PlaceGroup

GAME_IDS = kleos.game_ids()
SHORT = 400
"""No refusal is longer than this, whatever the input."""


class Index:
    """An integer type of a research library (as numpy's are): it has `__index__` only."""

    def __init__(self, value: int) -> None:
        self.value = value

    def __index__(self) -> int:
        return self.value


def deep_list(depth: int = 100_000) -> list[Any]:
    """A list nested `depth` deep (whose repr recurses too deeply for Python)."""
    nested: list[Any] = []
    for _ in range(depth):
        nested = [nested]
    return nested


def fingerprint(state: kleos.State) -> Any:
    """Everything observable about a state, to show that a refusal changed nothing."""
    return (
        [state.view(p) for p in (*range(state.game.players), None)],
        state.legal_actions(),
        state.current_player,
    )


def opening(game_id: str) -> kleos.State:
    """A state a few random moves into a game."""
    state = kleos.make(game_id, seed=5).new_initial_state()
    rng = random.Random(5)
    for _ in range(7):
        state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_views_and_determinize_accept_only_a_seat_or_none(game_id: str) -> None:
    """Negative indices, seats past the last, text, floats, lists and bools are no seats."""
    state = opening(game_id)
    players = state.game.players
    for bad in (-1, players, 99, "0", 1.0, [0], True, False, object()):
        with pytest.raises(SeatError, match="there is no seat") as refused:
            state.view(bad)  # type: ignore[arg-type]
        assert f"seats are 0 to {players - 1}" in str(refused.value)
        with pytest.raises(SeatError):
            state.determinize(bad, random.Random(0))  # type: ignore[arg-type]
    assert state.view(Index(1)) == state.view(1)  # type: ignore[arg-type]
    assert state.view(None) == state.view(None)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_determinize_resamples_only_from_a_random_random(game_id: str) -> None:
    state = opening(game_id)
    for bad in (None, 5, "seed", random):
        with pytest.raises(ArgumentError, match=r"resamples from a random\.Random"):
            state.determinize(0, bad)  # type: ignore[arg-type]
    copy = state.determinize(0, random.SystemRandom())
    assert copy.view(0) == state.view(0)


def forged_actions(game_id: str) -> list[object]:
    """Objects that look like actions of the game but are not, and plain junk."""
    junk: list[object] = [None, 5, 2.5, object(), deep_list(), ["place", "p01:0"], b"pass"]
    if game_id == "ilium":
        return [
            *junk,
            PlaceGroup(["p01"], 0),  # type: ignore[arg-type]
            PlaceGroup("p01", "0"),  # type: ignore[arg-type]
            PlaceCube("p01" * 300_000, 0),
            PlaceGroup("p01", deep_list()),  # type: ignore[arg-type]
            ChooseSite({"HIS": 1}),  # type: ignore[arg-type]
        ]
    return [
        *junk,
        TakeCard(["ZEU-01a"]),  # type: ignore[arg-type]
        Transfer("ZEU-01a", "1"),  # type: ignore[arg-type]
        Transfer("ZEU-01a", 10**6),
        SwapIn(["APO-03b"]),  # type: ignore[arg-type]
        TakeCard("x" * 1_000_000),
    ]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_forged_actions_are_refused_everywhere_and_change_nothing(game_id: str) -> None:
    """`apply`, `explain_illegal`, `action_id` and `action_from_id` refuse forged objects with
    short messages (no TypeError, no RecursionError), and the state is unchanged."""
    state = opening(game_id)
    game = state.game
    before = fingerprint(state)
    for forged in forged_actions(game_id):
        with pytest.raises(kleos.IllegalActionError) as refused:
            state.apply(forged)  # type: ignore[arg-type]
        assert len(str(refused.value)) <= SHORT
        assert "is not an action of" in str(refused.value)
        explanation = state.explain_illegal(forged)  # type: ignore[arg-type]
        assert "is not an action of" in explanation and len(explanation) <= SHORT
        with pytest.raises(kleos.ActionParseError) as refused:
            game.action_id(forged)  # type: ignore[arg-type]
        assert len(str(refused.value)) <= SHORT
        if not isinstance(forged, int):
            with pytest.raises(kleos.ActionParseError):
                game.action_from_id(forged)  # type: ignore[arg-type]
    assert fingerprint(state) == before


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_action_ids_are_any_integer_but_a_bool(game_id: str) -> None:
    """Integers of any type with `__index__` name actions; bools, floats and text do not."""
    game = kleos.make(game_id, seed=1)
    size = game.num_distinct_actions
    last = Index(size - 1)
    assert game.action_from_id(last) == game.action_from_id(size - 1)  # type: ignore[arg-type]
    for bad in (True, False, 3.0, "3", -1, size, 10**100, None):
        with pytest.raises(kleos.ActionParseError, match="action ids are whole numbers") as err:
            game.action_from_id(bad)  # type: ignore[arg-type]
        assert len(str(err.value)) <= SHORT


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_action_text_is_plain_ascii_words(game_id: str) -> None:
    """Other digits and spaces are no numbers or separators; over-long text is refused without
    being echoed whole; extra ASCII spaces and tabs are forgiven."""
    state = opening(game_id)
    game = state.game
    before = fingerprint(state)
    legal = str(state.legal_actions()[-1])
    loose = "  " + legal.replace(" ", " \t ") + "  "
    assert game.parse_action(state, loose) == state.legal_actions()[-1]
    spaced = legal.replace(" ", "\u00a0", 1)
    arabic = "".join("٣" if c.isdigit() else c for c in legal)
    for bad in (spaced, legal.replace(" ", "\u2003"), legal + "\x00", "x" * 1_000_000):
        with pytest.raises(kleos.ActionParseError) as refused:
            game.parse_action(state, bad)
        assert len(str(refused.value)) <= SHORT
        with pytest.raises(kleos.ActionParseError):
            state.apply(bad)
    if arabic != legal:
        with pytest.raises(kleos.ActionParseError, match="plain letters, digits"):
            game.parse_action(state, arabic)
    with pytest.raises(kleos.ActionParseError, match=f"at most {MAX_ACTION_TEXT}"):
        game.parse_action(state, "p" * (MAX_ACTION_TEXT + 1))
    for bad_type in (None, 5, b"pass", ["pass"]):
        with pytest.raises(kleos.ActionParseError, match="must be a string"):
            game.parse_action(state, bad_type)  # type: ignore[arg-type]
    assert fingerprint(state) == before


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_apply_takes_action_text_too(game_id: str) -> None:
    """`apply("…")` parses the text first; what it names is then checked like any action."""
    state = opening(game_id)
    other = state.clone()
    action = state.legal_actions()[0]
    assert state.apply(str(action)) == other.apply(action)
    assert fingerprint(state) == fingerprint(other)


def test_echo_never_quotes_much_and_never_recurses() -> None:
    """Input quoted in messages is short, whatever it is, and carries no control characters."""
    assert echo("place p01:0") == "place p01:0"
    assert len(echo("x" * 10**6)) == ECHO_LIMIT
    assert len(echo(deep_list())) <= ECHO_LIMIT
    assert "\x1b" not in echo("\x1b[2J clear the screen")

    class Hostile:
        def __repr__(self) -> str:
            raise RuntimeError("no")

    assert "Hostile" in echo(Hostile())


CONFIG_REFUSALS: list[tuple[Callable[[], object], str]] = [
    (lambda: kleos.make(["ilium"]), "unknown game"),  # type: ignore[arg-type]
    (lambda: kleos.make(None), "unknown game"),  # type: ignore[arg-type]
    (lambda: kleos.make("chess"), "unknown game 'chess'"),
    (lambda: kleos.make("ilium", variants=5), "variants must be a list"),
    (lambda: kleos.make("ilium", variants=3.5), "variants must be a list"),
    (lambda: kleos.make("ilium", variants=object()), "variants must be a list"),
    (lambda: kleos.make("ilium", variants=[5]), "variants must be a list"),
    (lambda: kleos.make("ilium", seed=10**5000), "seed must be a whole number from 0 to 2^64"),
    (lambda: kleos.make("ilium", seed=2**64), "seed must be a whole number"),
    (lambda: kleos.make("ilium", seed=-1), "seed must be a whole number"),
    (lambda: kleos.make("ilium", seed=True), "seed must be a whole number"),
    (lambda: kleos.make("ilium", seed="7"), "not '7'"),  # type: ignore[arg-type]
    (lambda: kleos.make("ilium", seed=1.5), "seed must be a whole number"),  # type: ignore[arg-type]
    (lambda: kleos.make("ilium", players="3"), "players must be a whole number"),  # type: ignore[arg-type]
    (lambda: kleos.make("ilium", players=True), "players must be a whole number"),
    (lambda: kleos.make("ilium", players=0), "for 2 to 4 players, not 0"),
    (lambda: kleos.make("ilium", board=object()), "option 'board' must be JSON data"),
    (lambda: kleos.make("elysium", families=float("nan")), "option 'families' must be JSON"),
    (lambda: kleos.make("elysium", families=5), "'families' is a list of 5 ids"),
]


@pytest.mark.parametrize(("make", "fragment"), CONFIG_REFUSALS)
def test_configs_refuse_bad_arguments(make: Callable[[], object], fragment: str) -> None:
    with pytest.raises(kleos.ConfigError) as refused:
        make()
    assert fragment in str(refused.value)
    assert len(str(refused.value)) <= SHORT


def test_configs_take_any_integer_type_and_the_whole_seed_range() -> None:
    assert kleos.make("ilium", seed=2**64 - 1).config.seed == 2**64 - 1
    assert kleos.make("ilium", seed=0).new_initial_state().view(None)
    game = kleos.make("ilium", players=Index(2), seed=Index(9))  # type: ignore[arg-type]
    assert (game.players, game.config.seed) == (2, 9)
    assert type(game.config.seed) is int


def test_option_data_is_copied_into_the_config() -> None:
    """A config keeps its own copy of option data: changing the caller's list changes
    nothing."""
    families = ["zeus", "poseidon", "hades", "ares", "apollo"]
    game = kleos.make("elysium", seed=3, families=families)
    families[0] = "hermes"
    assert isinstance(game, Elysium)
    assert game.families is not None and game.families[0] == "zeus"
    assert game.config.option("families")[0] == "zeus"
