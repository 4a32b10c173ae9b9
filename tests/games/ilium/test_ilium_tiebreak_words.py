"""The outcome tells how a tie on the top score was broken (spec §8.3), from end positions."""

from __future__ import annotations

from ilium_helpers import GREEN, RED, YELLOW, play, scenario

from kleos.games.ilium import IliumState


def ended(players: int, hoards: dict[int, list[str]], historians: list[str]) -> IliumState:
    """A game whose last card is played now: Red places its last group and stops."""
    decks = {p: [1] if p == RED else [] for p in range(players)}
    state = scenario(players, decks=decks, hoards=hoards, historians=historians)
    play(state, "place p25:0", "no more cubes")
    assert state.is_terminal()
    return state


def test_no_tie_on_the_top_score_says_nothing():
    state = ended(2, {RED: ["Coins-1", "Coins-2"], YELLOW: []}, ["Helmets", "Bottles"])
    assert state.outcome().scores == (10, 0)
    assert state.outcome().tiebreak == ""
    assert state.view(None)["outcome"]["tiebreak"] == ""


def test_a_tie_broken_by_artifacts_names_the_winner_and_the_figures():
    state = ended(2, {RED: ["Coins-1"], YELLOW: ["Horses-2"]}, ["Helmets", "Bottles"])
    outcome = state.outcome()
    assert outcome.scores == (10, 10)
    assert outcome.winners == (YELLOW,)
    assert outcome.tiebreak == (
        "Red and Yellow tie on 10 points; Yellow wins with the most artifacts (Yellow 2, Red 1)."
    )
    assert state.view(RED)["outcome"]["tiebreak"] == outcome.tiebreak


def test_a_tie_on_points_and_artifacts_is_a_shared_victory():
    state = ended(2, {RED: ["Coins-1"], YELLOW: ["Horses-1"]}, ["Helmets", "Bottles"])
    assert state.outcome().winners == (RED, YELLOW)
    assert state.outcome().tiebreak == (
        "Red and Yellow tie on 10 points and on artifacts (1 each), and share the victory."
    )


def test_three_tied_on_points_two_on_artifacts_share_and_the_third_is_named():
    hoards = {RED: ["Coins-3"], YELLOW: ["Horses-3"], GREEN: ["Bottles-2"]}
    state = ended(3, hoards, ["Helmets", "Helmets", "Helmets"])
    outcome = state.outcome()
    assert outcome.scores == (10, 10, 10)
    assert outcome.winners == (RED, YELLOW)
    assert outcome.tiebreak == (
        "Red, Yellow and Green tie on 10 points; Red and Yellow have the most artifacts "
        "(Red 3, Yellow 3, Green 2) and share the victory."
    )


def test_players_below_the_top_are_left_out_of_the_sentence():
    hoards = {RED: ["Coins-1", "Coins-2"], YELLOW: ["Horses-1", "Horses-3"], GREEN: []}
    state = ended(3, hoards, ["Helmets", "Helmets", "Helmets"])
    outcome = state.outcome()
    assert outcome.scores == (10, 10, 0)
    assert outcome.tiebreak == (
        "Red and Yellow tie on 10 points; Yellow wins with the most artifacts (Yellow 4, Red 3)."
    )
