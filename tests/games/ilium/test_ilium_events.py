"""Events and their descriptions: why things happened, in words (spec §5, §7, §8)."""

from __future__ import annotations

from dataclasses import replace

from ilium_helpers import kinds, last_four_at_thy, make, only, options, play, scenario, write_board

from kleos.games.ilium import COLOURS
from kleos.games.ilium.scoring import score


def describe(state, events, kind):
    return [state.game.describe_event(e) for e in only(events, kind)]


def test_excavation_event_names_ranking_tie_break_qualifier_and_third():
    """§5.1–§5.3: the excavation event says who had the majority, the shovel tie-break, who
    qualified, and who ranked too low (Example 1: Red, Blue at seat 2, Yellow)."""
    state = scenario(
        3,
        turn=1,
        decks={1: [1, 2]},
        groups=[(0, "p20", 3, 2), (2, "p20", 2, 3), (0, "p20", 0, 1)],
    )
    events = play(state, "place p20:1")
    (text,) = describe(state, events, "excavation")
    assert "p20 (HIS–THY) is full and is excavated." in text
    assert "Archaeologists: Red 3, Green 3, Yellow 1 (supply cubes count for nobody)." in text
    assert "Red and Green tie on 3; Red is nearer the shovel at THY (space 0 against 2)." in text
    assert "Red has the majority and Green is second with at least half (2×3 ≥ 3)" in text
    assert "Yellow placed here but rank too low to take anything." in text


def test_excavation_event_for_a_second_who_does_not_qualify():
    """§5.2–§5.3: a non-qualifying second is named, and the first takes both, shovel end first."""
    state = scenario(
        2,
        decks={0: [2, 1]},
        groups=[(0, "p12", 1, 3), (1, "p12", 0, 1)],
        stocks={"SCM": ["Horses-1", "Coins-2"], "SKF": ["Helmets-2", "Helmets-2"]},
    )
    events = play(state, "place p12:2", "cube p12:3")
    (text,) = describe(state, events, "excavation")
    assert "Yellow has less than half (2×1 < 5) and does not qualify" in text
    assert "so Red takes from both sites, SKF (the shovel end) first." in text
    takes = describe(state, events, "take")
    assert takes[0].startswith("Red takes Helmets-2 from SKF (Scamander Ford)")


def test_excavation_event_for_a_lone_player():
    """§5.3: a lone player is told to take from both sites."""
    state = scenario(3, decks={0: [2, 1]}, groups=[(0, "p07", 0, 1), (0, "p07", 2, 3)])
    events = play(state, "place p07:1")
    (text,) = describe(state, events, "excavation")
    assert "Red is alone on the path and takes from both sites." in text


def test_turn_events_described():
    """§4: reveals, placements, cubes, site choices and takes are told in words."""
    state = scenario(
        3,
        decks={0: [2, 1], 1: [3]},
        groups=[(1, "p20", 3, 1)],
        stocks={"HIS": ["Coins-1"], "THY": ["Bottles-2"]},
    )
    events = play(state, "place p20:0", "cube p20:1", "cube p20:2", "site THY")
    words = [state.game.describe_event(e) for e in events]
    assert words[0] == "Red places 2 archaeologists on p20:0."
    assert words[1] == "Red places a supply cube on p20:1."
    assert "Red chooses to dig at THY (Thymbra)." in words
    assert "Red takes Bottles-2 from THY (Thymbra)." in words
    assert "Yellow takes Coins-1 from HIS (Hisarlik)." in words
    assert words[-1] == "Yellow reveals a 3."


def test_empty_site_take_described():
    """§5.5: taking at an empty site is told as taking nothing."""
    state = scenario(3, decks={0: [3, 1]}, stocks={"THY": []})
    events = play(state, "place p20:1", "cube p20:0", "cube p20:2", "cube p20:3")
    assert (
        describe(state, events, "take")[0] == "Red takes nothing from THY (Thymbra): it is empty."
    )


def test_offer_and_end_events_described():
    """§6.1, §7: the offer answer, the end of the game and the donations are told."""
    state = last_four_at_thy(historians=["Horses", "Armbands", "Coins"])
    events = play(state, "place p23:2", "site IDA", "take Horses", "end game")
    assert describe(state, events, "offer") == ["All five 4s are excavated and Red ends the game."]
    assert describe(state, events, "game_end") == ["The game is over."]
    assert describe(state, events, "donation") == [
        "Red's Historian is Horses; Red donates Horses-4.",
        "Yellow's Historian is Armbands; Yellow donates Armbands-4.",
        "Green's Historian is Coins; Green has none to donate.",
    ]
    state = last_four_at_thy()
    events = play(state, "place p23:2", "site IDA", "take Horses", "continue game")
    assert describe(state, events, "offer") == [
        "All five 4s are excavated; Red plays on (the offer will not come again)."
    ]


def test_no_room_end_described(tmp_path):
    """§6.3: the no-room end is told."""
    board = write_board(tmp_path, [("A", 25), ("B", 25)], [("q1", "A", "B", 1, "A")])
    state = make(3, seed=2, board=board).new_initial_state()
    events = play(state, "place q1:0")
    while not state.is_terminal():
        events += play(state, options(state)[0])
    assert describe(state, events, "game_end") == [
        "No usable path has an empty space: the game is over."
    ]


EMILY = ["Bottles-2", "Horses-1", "Horses-2", "Helmets-3", "Armbands-3", "Armbands-1"]
EMILY += ["Armbands-2", "Coins-1", "Coins-2"]
JOE = ["Bottles-1", "Bottles-1", "Horses-4", "Helmets-3", "Armbands-4", "Armbands-1"]
JOE += ["Coins-1", "Coins-3"]


def test_scoring_event_described():
    """§8: the scoring event lists each majority, each player's sets and total, and the winner
    (the rulebook's Emily as Red and Joe as Yellow, each with one extra token to donate)."""
    state = scenario(
        2,
        decks={0: [1], 1: []},
        hoards={0: [*EMILY, "Coins-5"], 1: [*JOE, "Helmets-5"]},
        historians=["Coins", "Helmets"],
        stocks={"SCM": ["Coins-4"], "SKF": ["Horses-3"]},
    )
    events = play(state, "place p25:0", "no more cubes")
    assert kinds(events)[-4:] == ["game_end", "donation", "donation", "scoring"]
    (text,) = describe(state, events, "scoring")
    assert text.startswith("Scoring (tokens held after the donations):")
    assert "Bottles: Red 1, Yellow 2 tokens → Yellow has the most tokens and scores 10." in text
    assert (
        "Coins: Red 2, Yellow 2 tokens → Red and Yellow tie for the most and score 5 each." in text
    )
    assert "Red: 2 complete set(s)" in text
    assert "total 30 + 20 = 50 with 17 artifacts." in text
    assert "total 20 + 20 = 40" in text
    assert text.endswith("Red wins with 50 points.")
    assert state.outcome() == replace(
        score(state.hoard, state.historian, COLOURS), reason=state.outcome().reason
    )


def test_scoring_event_describes_ties_and_shared_wins():
    """§8.3: a tie on points broken by artifacts, and a shared victory, are told."""
    state = scenario(
        2,
        decks={0: [1], 1: []},
        hoards={0: ["Coins-1"], 1: ["Horses-1"]},
        historians=["Helmets", "Bottles"],
    )
    events = play(state, "place p25:0", "no more cubes")
    (text,) = describe(state, events, "scoring")
    assert "Armbands: Red 0, Yellow 0 tokens → nobody holds any, nobody scores." in text
    assert text.endswith(
        "Red and Yellow tie on 10 points and on artifacts (1 each), and share the victory."
    )
    state = scenario(
        2,
        decks={0: [1], 1: []},
        hoards={0: ["Coins-1"], 1: ["Horses-2"]},
        historians=["Helmets", "Bottles"],
    )
    events = play(state, "place p25:0", "no more cubes")
    (text,) = describe(state, events, "scoring")
    assert text.endswith(
        "Red and Yellow tie on 10 points; Yellow wins with the most artifacts (Yellow 2, Red 1)."
    )
