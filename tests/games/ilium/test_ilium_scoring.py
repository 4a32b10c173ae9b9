"""Donation, majorities, sets and the winner (spec §7, §8)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from ilium_helpers import GREEN, NO_FOURS, RED, YELLOW, hoard, only, play, scenario

from kleos.games.ilium import COLOURS
from kleos.games.ilium.board import TYPES, parse_token
from kleos.games.ilium.scoring import donate, score


def outcome_of(hoards: list[list[str]], historians: list[str]):
    """Score hoards given as token texts with Historians given by type name."""
    return score(
        [[parse_token(t) for t in h] for h in hoards], [TYPES.index(h) for h in historians], COLOURS
    )


def test_donation_discards_highest_of_historian_type():
    """§7.2: each player discards one token of their Historian's type with the highest value."""
    kept, donated = donate([parse_token(t) for t in ["Coins-1", "Coins-5", "Coins-3"]], 0)
    assert donated == parse_token("Coins-5")
    assert sorted(kept) == sorted(parse_token(t) for t in ["Coins-1", "Coins-3"])
    outcome = outcome_of([["Horses-1", "Horses-4", "Horses-2", "Coins-5"]], ["Horses"])
    assert outcome.breakdown[0]["donated"] == "Horses-4"
    assert outcome.breakdown[0]["tokens"]["Horses"] == 2
    assert outcome.breakdown[0]["tokens"]["Coins"] == 1


def test_donation_of_duplicate_highest_discards_one():
    """§7.2 [ruling]: with several tokens of that highest value, exactly one is discarded."""
    outcome = outcome_of([["Bottles-3", "Bottles-3", "Bottles-1"]], ["Bottles"])
    assert outcome.breakdown[0]["donated"] == "Bottles-3"
    assert outcome.breakdown[0]["tokens"]["Bottles"] == 2
    assert outcome.breakdown[0]["artifacts_by_type"]["Bottles"] == 4


def test_no_token_of_historian_type_donates_nothing():
    """§7.3: a player with no token of their Historian's type discards nothing."""
    outcome = outcome_of([["Coins-1", "Horses-2"]], ["Helmets"])
    assert outcome.breakdown[0]["donated"] is None
    assert outcome.breakdown[0]["artifacts"] == 3


def test_donations_affect_only_own_tokens():
    """§7.4: donations are simultaneous and each touches only the donor's own tokens."""
    outcome = outcome_of([["Coins-5", "Coins-1"], ["Coins-4", "Horses-1"]], ["Horses", "Coins"])
    assert [b["donated"] for b in outcome.breakdown] == [None, "Coins-4"]
    assert outcome.breakdown[0]["tokens"]["Coins"] == 2
    assert outcome.breakdown[1]["tokens"] == {
        "Coins": 0,
        "Horses": 1,
        "Armbands": 0,
        "Bottles": 0,
        "Helmets": 0,
    }


def test_donated_tokens_count_for_nothing():
    """§7.5: a discarded token counts neither for majorities, sets nor the artifact tie-break."""
    outcome = outcome_of([["Coins-5"], ["Coins-1"]], ["Coins", "Horses"])
    assert outcome.scores == (0, 10)
    assert outcome.breakdown[0]["artifacts"] == 0
    assert outcome.winners == (1,)


def test_majority_counts_tokens_not_artifacts():
    """§8.1: the majority goes to the most tokens of a type, whatever the artifacts shown."""
    outcome = outcome_of(
        [["Horses-1", "Horses-2"], ["Horses-5"]],
        ["Coins", "Coins"],
    )
    assert outcome.breakdown[0]["majorities"]["Horses"] == 10
    assert outcome.breakdown[1]["majorities"]["Horses"] == 0
    tie = outcome_of([["Coins-1", "Coins-2"], ["Coins-1", "Coins-3"]], ["Helmets", "Helmets"])
    assert [b["majorities"]["Coins"] for b in tie.breakdown] == [5, 5]


def test_nobody_scores_a_type_nobody_holds():
    """§8.1 [ruling]: if nobody holds a type (M = 0), nobody scores for it."""
    outcome = outcome_of([["Coins-1"], ["Coins-2"], []], ["Helmets", "Horses", "Bottles"])
    for t in ("Horses", "Armbands", "Bottles", "Helmets"):
        assert all(b["majorities"][t] == 0 for b in outcome.breakdown)


def test_sole_leader_scores_10():
    """§8.1: exactly one player with the most tokens of a type scores 10."""
    outcome = outcome_of([["Armbands-1", "Armbands-1"], ["Armbands-3"]], ["Coins", "Coins"])
    assert [b["majorities"]["Armbands"] for b in outcome.breakdown] == [10, 0]


@pytest.mark.parametrize("tied", [2, 3, 4])
def test_tied_leaders_score_5_each(tied):
    """§8.1: two or more players tied for the most tokens each score 5 (3- and 4-way too)."""
    hoards = [["Bottles-1"] for _ in range(tied)] + [[] for _ in range(4 - tied)]
    outcome = outcome_of(hoards, ["Coins", "Horses", "Armbands", "Helmets"])
    assert [b["majorities"]["Bottles"] for b in outcome.breakdown] == [5] * tied + [0] * (4 - tied)


def test_sets_count_artifacts():
    """§8.2: sets = the minimum over the five types of the artifacts held; 10 points each."""
    outcome = outcome_of(
        [["Coins-3", "Horses-2", "Horses-1", "Armbands-4", "Bottles-5", "Helmets-3"]], ["Coins"]
    )
    part = outcome.breakdown[0]
    assert part["donated"] == "Coins-3"
    assert part["sets"] == 0
    outcome = outcome_of(
        [["Coins-3", "Coins-2", "Horses-2", "Horses-1", "Armbands-4", "Bottles-5", "Helmets-3"]],
        ["Coins"],
    )
    part = outcome.breakdown[0]
    assert part["artifacts_by_type"] == {
        "Coins": 2,
        "Horses": 3,
        "Armbands": 4,
        "Bottles": 5,
        "Helmets": 3,
    }
    assert part["sets"] == 2
    assert part["set_points"] == 20
    assert outcome.scores == (50 + 20,)


def test_missing_type_gives_no_set():
    """§8.2: a player missing any type has 0 sets."""
    outcome = outcome_of([["Coins-5", "Horses-5", "Armbands-5", "Bottles-5"]], ["Helmets"])
    assert outcome.breakdown[0]["sets"] == 0


def test_rulebook_scoring_example():
    """§8.2 (rulebook): after donations Emily scores 30 + 2 sets = 50, Joe 20 + 2 sets = 40."""
    emily = [
        "Bottles-2",
        "Horses-1",
        "Horses-2",
        "Helmets-3",
        "Armbands-3",
        "Armbands-1",
        "Armbands-2",
        "Coins-1",
        "Coins-2",
    ]
    joe = ["Bottles-1", "Bottles-1", "Horses-4", "Helmets-3", "Armbands-4", "Armbands-1"]
    joe += ["Coins-1", "Coins-3"]
    # Each gives up one extra token, so the hoards after the donation are the rulebook's.
    outcome = outcome_of([[*emily, "Coins-5"], [*joe, "Helmets-5"]], ["Coins", "Helmets"])
    emily_part, joe_part = outcome.breakdown
    assert (emily_part["donated"], joe_part["donated"]) == ("Coins-5", "Helmets-5")
    assert emily_part["majorities"] == {
        "Coins": 5,
        "Horses": 10,
        "Armbands": 10,
        "Bottles": 0,
        "Helmets": 5,
    }
    assert joe_part["majorities"] == {
        "Coins": 5,
        "Horses": 0,
        "Armbands": 0,
        "Bottles": 10,
        "Helmets": 5,
    }
    assert (emily_part["majority_points"], joe_part["majority_points"]) == (30, 20)
    assert (emily_part["sets"], joe_part["sets"]) == (2, 2)
    assert outcome.scores == (50, 40)
    assert outcome.winners == (0,)


def test_highest_total_wins():
    """§8.3 step 1: the highest total of majorities and sets wins."""
    outcome = outcome_of([["Coins-1"], ["Horses-1", "Horses-1"], ["Bottles-5"]], ["Helmets"] * 3)
    assert outcome.scores == (10, 10, 10)
    outcome = outcome_of([["Coins-1", "Horses-1"], ["Horses-2"], []], ["Helmets"] * 3)
    assert outcome.scores == (15, 5, 0)
    assert outcome.winners == (0,)


def test_tie_break_by_artifacts_then_shared():
    """§8.3 steps 2–3: tied totals go to the most artifacts; if still tied the win is shared."""
    outcome = outcome_of([["Coins-1"], ["Horses-3"], ["Bottles-2"]], ["Helmets"] * 3)
    assert outcome.scores == (10, 10, 10)
    assert outcome.winners == (1,)
    shared = outcome_of([["Coins-2"], ["Horses-2"], ["Bottles-1"]], ["Helmets"] * 3)
    assert shared.winners == (0, 1)
    assert shared.returns() == (0.5, 0.5, 0.0)


def test_players_below_the_top_are_never_compared():
    """§8.3: only players with the highest total are compared on artifacts."""
    outcome = outcome_of(
        [["Coins-1", "Coins-1", "Horses-1"], ["Armbands-1", "Bottles-3"], ["Coins-5", "Helmets-5"]],
        ["Bottles", "Helmets", "Horses"],
    )
    assert outcome.scores == (20, 20, 10)
    assert [b["artifacts"] for b in outcome.breakdown] == [3, 4, 10]
    assert outcome.winners == (1,)


def test_empty_hoards_score_zero_and_all_share():
    """§8.3 [ruling]: no tokens means 0 points and 0 artifacts; there is always a winner."""
    outcome = outcome_of([[], [], []], ["Coins", "Horses", "Bottles"])
    assert outcome.scores == (0, 0, 0)
    assert outcome.winners == (0, 1, 2)
    assert all(b["artifacts"] == 0 for b in outcome.breakdown)


def test_game_end_scores_the_hoards_after_donation():
    """§7, §8: at the end, donations and scoring are applied automatically to the hoards."""
    stocks = dict(NO_FOURS, THY=["Coins-4"], IDA=["Horses-1", "Helmets-3"])
    state = scenario(
        3,
        stocks=stocks,
        hoards={RED: ["Horses-4", "Horses-2"], YELLOW: ["Armbands-4"], GREEN: ["Bottles-4"]},
        historians=["Horses", "Coins", "Helmets"],
        groups=[(RED, "p23", 0, 2), (YELLOW, "p23", 1, 2), (RED, "p23", 3, 1)],
        decks={RED: [1], YELLOW: [], GREEN: []},
    )
    events = play(state, "place p23:2", "site IDA")
    assert state.is_terminal()
    assert hoard(state, YELLOW) == ["Armbands-4", "Coins-4"]
    assert [e["token"] for e in only(events, "donation")] == ["Horses-4", "Coins-4", None]
    expected = score(state.hoard, state.historian, COLOURS)
    assert state.outcome() == replace(expected, reason="every Assignment card has been played")
    assert state.outcome().scores == (10, 10, 10)
    assert [b["artifacts"] for b in state.outcome().breakdown] == [3, 4, 4]
    assert state.outcome().winners == (YELLOW, GREEN)
