"""The worked examples of spec §12 (Examples 1–13), as scenario tests.

Seat colours are Red 0, Yellow 1, Green 2, Blue 3; each test maps the example's players onto
seats and says how.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from ilium_helpers import (
    BV,
    SE,
    closed_sites,
    finish_randomly,
    hoard,
    kinds,
    last_four_at_thy,
    make,
    only,
    options,
    play,
    random_playout,
    scenario,
    snapshot,
    stock,
)

import kleos
from kleos.games.ilium import COLOURS
from kleos.games.ilium.board import TYPES, parse_token
from kleos.games.ilium.scoring import score


def ms(tokens):
    """A multiset of token texts."""
    return Counter(tokens)


# ------------------------------------------------------------------------------ Example 1

EX1_THY = ["Helmets-1", "Armbands-1", "Coins-4"]
EX1_HIS = ["Coins-1", "Horses-2", "Bottles-2", "Bottles-3", "Helmets-3", "Armbands-5"]


def example_1():
    """3 players: Red 0, Yellow 1, and the example's Blue sits at seat 2 (Green)."""
    red, yellow, blue = 0, 1, 2
    state = scenario(
        3,
        turn=yellow,
        decks={yellow: [1, 2]},
        stocks={"THY": EX1_THY, "HIS": EX1_HIS},
        groups=[(red, "p20", 3, 2), (blue, "p20", 2, 3), (red, "p20", 0, 1)],
    )
    events = play(state, "place p20:1")
    return state, events, (red, yellow, blue)


def test_example_1_count_tie_broken_by_shovel_and_third_gets_nothing():
    """§12 Example 1: R 3 (distance 0) beats B 3 (distance 2); B qualifies; Y, third, gets nothing
    although Y filled the last space nearer the shovel than B."""
    state, events, (red, yellow, blue) = example_1()
    assert "cube" not in kinds(events)
    excavation = only(events, "excavation")[0]
    assert excavation["counts"] == {str(red): 3, str(blue): 3, str(yellow): 1}
    assert excavation["distances"] == {str(red): 0, str(blue): 2, str(yellow): 1}
    assert excavation["ranking"] == [red, blue, yellow]
    assert (excavation["first"], excavation["second"], excavation["qualifies"]) == (red, blue, True)
    assert state.current_player == red
    assert options(state) == ["site HIS", "site THY"]


def test_example_1_branch_thy():
    """§12 Example 1, branch THY: Red chooses Armbands-1 (of [Armbands, Helmets]); Blue takes
    Coins-1 at HIS with no decision."""
    state, _, (red, yellow, blue) = example_1()
    play(state, "site THY")
    assert (state.current_player, options(state)) == (red, ["take Armbands", "take Helmets"])
    events = play(state, "take Armbands")
    assert [(e["player"], e["site"], e["token"]) for e in only(events, "take")] == [
        (red, "THY", "Armbands-1"),
        (blue, "HIS", "Coins-1"),
    ]
    assert ms(stock(state, "THY")) == ms(["Helmets-1", "Coins-4"])
    assert ms(stock(state, "HIS")) == ms(
        ["Horses-2", "Bottles-2", "Bottles-3", "Helmets-3", "Armbands-5"]
    )
    assert hoard(state, yellow) == []
    assert state.turn == blue
    assert options(state)[0].startswith("place")


def test_example_1_branch_his():
    """§12 Example 1, branch HIS: Red takes Coins-1; Blue must choose Helmets-1 or Armbands-1."""
    state, _, (red, _yellow, blue) = example_1()
    events = play(state, "site HIS")
    assert [(e["player"], e["token"]) for e in only(events, "take")] == [(red, "Coins-1")]
    assert (state.current_player, options(state)) == (blue, ["take Armbands", "take Helmets"])
    play(state, "take Helmets")
    assert hoard(state, blue) == ["Helmets-1"]
    assert hoard(state, red) == ["Coins-1"]


# ------------------------------------------------------------------------------ Example 2

EX2_SCM = ["Horses-1", "Coins-2", "Bottles-5"]
EX2_SKF = ["Helmets-2", "Helmets-2", "Coins-3", "Horses-4"]


def test_example_2_cube_completes_path_second_does_not_qualify():
    """§12 Example 2 (2 players; the example's Blue is seat 1): Red's cube fills p12; R 5 vs
    B 1, so Red takes SKF's Helmets-2 then SCM's Horses-1, with no decision asked."""
    red, blue = 0, 1
    state = scenario(
        2,
        decks={red: [2, 1]},
        stocks={"SCM": EX2_SCM, "SKF": EX2_SKF},
        groups=[(red, "p12", 1, 3), (blue, "p12", 0, 1)],
    )
    assert state.current_player == red
    assert options(state)[:2] == ["place p12:2", "place p12:3"]
    play(state, "place p12:2")
    assert (state.current_player, options(state)) == (red, ["cube p12:3", "no more cubes"])
    events = play(state, "cube p12:3")
    assert kinds(events) == ["cube", "excavation", "take", "take", "card"]
    excavation = only(events, "excavation")[0]
    assert excavation["counts"] == {str(red): 5, str(blue): 1}
    assert excavation["qualifies"] is False
    assert [(e["player"], e["site"], e["token"]) for e in only(events, "take")] == [
        (red, "SKF", "Helmets-2"),
        (red, "SCM", "Horses-1"),
    ]
    assert state.cubes[red] == 2
    assert ms(stock(state, "SKF")) == ms(["Helmets-2", "Coins-3", "Horses-4"])
    assert ms(stock(state, "SCM")) == ms(["Coins-2", "Bottles-5"])
    assert state.current_player == blue
    assert options(state)[0].startswith("place")


def test_example_2_variant_second_with_three_qualifies():
    """§12 Example 2, variant: with B 3 (R 5, B 3) Blue qualifies and Red must choose a site."""
    red, blue = 0, 1
    state = scenario(
        2,
        decks={red: [2, 1]},
        stocks={"SCM": EX2_SCM, "SKF": EX2_SKF},
        groups=[(red, "p12", 1, 3), (blue, "p12", 0, 3)],
    )
    events = play(state, "place p12:2", "cube p12:3")
    assert only(events, "excavation")[0]["qualifies"] is True
    assert (state.current_player, options(state)) == (red, ["site SCM", "site SKF"])


# ------------------------------------------------------------------------------ Example 3


def test_example_3_four_players_all_tied():
    """§12 Example 3 (4 players): all counts 2; Yellow (distance 0), Red, Blue, Green."""
    red, yellow, green, blue = 0, 1, 2, 3
    state = scenario(
        4,
        turn=yellow,
        decks={yellow: [1, 1]},
        stocks={"HIS": ["Coins-1", "Horses-2"], "RHO": ["Bottles-1", "Helmets-3"]},
        groups=[
            (green, "p21", 3, 2),
            (red, "p21", 1, 2),
            (yellow, "p21", 4, 1),
            (blue, "p21", 2, 2),
        ],
    )
    events = play(state, "place p21:0")
    excavation = only(events, "excavation")[0]
    assert excavation["counts"] == {str(p): 2 for p in range(4)}
    assert excavation["distances"] == {str(yellow): 0, str(red): 1, str(blue): 2, str(green): 3}
    assert excavation["ranking"] == [yellow, red, blue, green]
    assert (excavation["first"], excavation["second"], excavation["qualifies"]) == (
        yellow,
        red,
        True,
    )
    assert (state.current_player, options(state)) == (yellow, ["site HIS", "site RHO"])
    play(state, "site RHO")
    assert hoard(state, yellow) == ["Bottles-1"]
    assert hoard(state, red) == ["Coins-1"]
    assert hoard(state, blue) == hoard(state, green) == []


# ------------------------------------------------------------------------------ Example 4

EX4_ACH = ["Coins-1", "Bottles-1", "Helmets-1", "Armbands-3", "Horses-4", "Coins-5"]


def example_4(ilu):
    red = 0
    state = scenario(
        3,
        decks={red: [2, 1]},
        stocks={"ILU": ilu, "ACH": EX4_ACH},
        groups=[(red, "p07", 0, 1), (red, "p07", 2, 3)],
    )
    events = play(state, "place p07:1")
    return state, events


def test_example_4_lone_player_takes_both_shovel_site_first():
    """§12 Example 4: Red alone takes at ILU (the shovel site) first, then at ACH, each a
    separate type decision in §1 order."""
    state, events = example_4(["Coins-2", "Horses-2", "Bottles-3"])
    excavation = only(events, "excavation")[0]
    assert (excavation["ranking"], excavation["second"]) == ([0], -1)
    assert "site" not in kinds(events)
    assert (state.current_player, options(state)) == (0, ["take Coins", "take Horses"])
    play(state, "take Horses")
    assert (state.current_player, options(state)) == (
        0,
        ["take Coins", "take Bottles", "take Helmets"],
    )
    play(state, "take Helmets")
    assert ms(stock(state, "ILU")) == ms(["Coins-2", "Bottles-3"])
    assert ms(stock(state, "ACH")) == ms(
        ["Coins-1", "Bottles-1", "Armbands-3", "Horses-4", "Coins-5"]
    )
    assert hoard(state, 0) == ["Helmets-1", "Horses-2"]
    assert state.turn == 1


def test_example_4_single_type_at_shovel_site_is_automatic():
    """§12 Example 4: with ILU = {Coins-2, Coins-2, Bottles-3} only the ACH decision is asked."""
    state, events = example_4(["Coins-2", "Coins-2", "Bottles-3"])
    assert [(e["site"], e["token"]) for e in only(events, "take")] == [("ILU", "Coins-2")]
    assert (state.current_player, options(state)) == (
        0,
        ["take Coins", "take Bottles", "take Helmets"],
    )


def test_example_4_path_unusable_with_two_players():
    """§12 Example 4: in a 2-player game p07 is unusable."""
    state = make(2).new_initial_state()
    assert not any(text.startswith("place p07:") for text in options(state))
    with pytest.raises(kleos.IllegalActionError, match="closed site"):
        play(state, "place p07:0")


# ------------------------------------------------------------------------------ Example 5


def assert_illegal(state, text, match):
    """The action is refused with a clear message and the state is left unchanged."""
    before = snapshot(state)
    with pytest.raises(kleos.IllegalActionError, match=match):
        state.apply(state.game.parse_action(state, text))
    assert snapshot(state) == before


def test_example_5_cube_on_a_different_path():
    """§12 Example 5: a cube on a different path from this turn's group is refused."""
    state = scenario(decks={0: [1, 1]})
    play(state, "place p12:0")
    assert_illegal(state, "cube p13:0", "cubes may only go on p12")


def test_example_5_cubes_without_a_group():
    """§12 Example 5: cubes without a group (a turn of cubes only) are refused."""
    state = scenario(decks={0: [1, 1]})
    assert_illegal(state, "cube p12:0", "place the group of 1 first")


def test_example_5_cube_after_group_filled_the_path():
    """§12 Example 5: no cube once the group has filled the path's last empty space."""
    state = scenario(
        decks={0: [2, 1]},
        groups=[(1, "p06", 0, 1), (1, "p06", 1, 1)],
        stocks={"ACH": ["Coins-1", "Horses-2"], "SKF": ["Bottles-1", "Helmets-2"]},
    )
    play(state, "place p06:2")
    assert state.current_player == 1  # Yellow, first on the tie-break, picks the site
    assert_illegal(state, "cube p06:2", "not possible now: Yellow must choose the site")
    assert_illegal(state, "cube p12:0", "not possible now")


def test_example_5_more_cubes_than_left():
    """§12 Example 5: no more cubes than the player has left."""
    state = scenario(decks={0: [1, 1]}, cubes_left=[1, 3, 3])
    play(state, "place p13:0", "cube p13:1")
    assert state.cubes[0] == 0
    assert state.turn == 1
    assert_illegal(state, "cube p13:2", "place the group of")


def test_example_5_two_items_on_one_space():
    """§12 Example 5: two items on one space are refused, for a group and for a cube."""
    state = scenario(decks={0: [1, 1]}, groups=[(1, "p13", 2, 2)])
    assert_illegal(state, "place p13:2", "p13:2 is already occupied")
    play(state, "place p13:0")
    assert_illegal(state, "cube p13:0", "p13:0 is already occupied")
    assert_illegal(state, "cube p13:2", "p13:2 is already occupied")


def test_example_5_two_player_placement_on_coast_paths():
    """§12 Example 5: in the 2-player game no placement on p01–p11."""
    state = scenario(2, decks={0: [1, 1]})
    for i in range(1, 12):
        assert_illegal(state, f"place p{i:02}:0", "touches a closed site")
    play(state, "place p12:0")
    assert_illegal(state, "cube p05:0", "cubes may only go on p12")


def test_example_5_not_placing_the_revealed_card():
    """§12 Example 5: passing (not placing the revealed group) is refused."""
    state = scenario(decks={0: [3, 1]})
    assert_illegal(state, "no more cubes", "revealed group must be placed")


def test_example_5_cube_not_above_previous_cube():
    """§12 Example 5, §13: a cube on a space not above this turn's previous cube is refused."""
    state = scenario(decks={0: [1, 1]})
    play(state, "place p13:0", "cube p13:3")
    assert options(state) == ["cube p13:4", "no more cubes"]
    assert_illegal(state, "cube p13:1", "increasing space order")
    assert_illegal(state, "cube p13:2", "increasing space order")


def test_example_5_choosing_a_card_value():
    """§12 Example 5, §13: a card value in the standard game, or one no longer held in
    Strategic Expeditions, is refused."""
    state = scenario(decks={0: [1, 2]})
    assert_illegal(state, "play 2", "Strategic Expeditions")
    state = scenario(variants=[SE], decks={0: [1, 2, 2]})
    assert options(state) == ["play 1", "play 2"]
    assert_illegal(state, "play 3", "Red has no 3-card left")


# ------------------------------------------------------------------------------ Example 6


def test_example_6_end_game_offer_decision_sequence():
    """§12 Example 6 (3 players; the example's Blue and Yellow sit at seats 1 and 2): Red
    completes p23, chooses IDA; Blue takes the last 4 automatically; Red is offered End."""
    red, blue = 0, 1
    state = last_four_at_thy()
    assert (state.current_player, state.fours_on_sites) == (red, 1)
    assert options(state)[0] == "place p01:0"  # D2, asked
    events = play(state, "place p23:2")  # no cube step: the group filled the path
    assert kinds(events) == ["place", "excavation"]
    assert only(events, "excavation")[0]["qualifies"] is True
    assert (state.current_player, options(state)) == (red, ["site THY", "site IDA"])  # D4
    play(state, "site IDA")
    assert (state.current_player, options(state)) == (red, ["take Horses", "take Bottles"])  # D5
    events = play(state, "take Horses")
    assert [(e["player"], e["token"]) for e in only(events, "take")] == [
        (red, "Horses-1"),
        (blue, "Coins-4"),
    ]
    assert (state.current_player, options(state)) == (red, ["end game", "continue game"])  # D6


def test_example_6_end():
    """§12 Example 6: End goes to donation and scoring now."""
    state = last_four_at_thy()
    events = play(state, "place p23:2", "site IDA", "take Horses", "end game")
    assert state.is_terminal()
    assert kinds(events)[-5:] == ["game_end", "donation", "donation", "donation", "scoring"]


def test_example_6_continue_never_offered_again():
    """§12 Example 6: after Continue the game runs to the last card; no offer again, neither
    at the end of Blue's next turn nor later."""
    state = last_four_at_thy(decks={0: [1, 2, 1, 1], 1: [1, 2, 2, 1], 2: [3, 3, 2, 1]})
    play(state, "place p23:2", "site IDA", "take Horses", "continue game")
    assert state.turn == 1
    play(state, "place p12:0", "no more cubes")
    assert state.turn == 2
    for s in random_playout(state, random.Random(6)):
        assert s.phase_name != "offer"
    assert state.end_reason == "cards"


def test_example_6_last_turn_has_no_offer():
    """§12 Example 6: had this been the game's last turn, the game would simply end."""
    state = last_four_at_thy(decks={0: [1], 1: [], 2: []})
    events = play(state, "place p23:2", "site IDA", "take Horses")
    assert state.is_terminal()
    assert "offer" not in kinds(events)
    assert state.end_reason == "cards"


# ------------------------------------------------------------------------------ Example 7

EX7_TOKENS = {
    "SCM": 3,
    "SKF": 4,
    "ILU": 3,
    "BAT": 5,
    "CHR": 3,
    "HIS": 6,
    "THY": 3,
    "KAL": 3,
    "RHO": 3,
    "IDA": 3,
}
EX7_USABLE = {
    "SCM": 2,
    "SKF": 2,
    "ILU": 2,
    "BAT": 3,
    "CHR": 2,
    "HIS": 5,
    "THY": 3,
    "KAL": 3,
    "RHO": 3,
    "IDA": 3,
}


def test_example_7_two_player_setup():
    """§12 Example 7: 36 tokens on the 10 open sites; SIG, ACH, BES closed and empty;
    p12–p25 usable (14 paths, 62 spaces); 28 usable path ends, so 8 tokens are stranded."""
    game = make(2, seed=7)
    state = game.new_initial_state()
    view = state.view(None)
    assert {sid: len(tokens) for sid, tokens in view["public"]["sites"].items()} == EX7_TOKENS
    assert sum(EX7_TOKENS.values()) == 36
    assert closed_sites(state) == ["SIG", "ACH", "BES"]
    board = game.board
    usable = [board.paths[i] for i in game.tables.usable_paths]
    assert [p.id for p in usable] == [f"p{i}" for i in range(12, 26)]
    assert sum(p.spaces for p in usable) == 62
    ends = Counter(board.sites[s].id for p in usable for s in (p.a, p.b))
    assert ends == EX7_USABLE
    assert sum(ends.values()) == 28
    assert sum(EX7_TOKENS[s] - ends[s] for s in EX7_TOKENS) == 8
    per_type = Counter(
        t.split("-")[0] for tokens in view["public"]["sites"].values() for t in tokens
    )
    assert sum(per_type.values()) == 36


def test_example_7_at_most_13_excavations():
    """§12 Example 7: at most 60 of 62 spaces fill, so at most 13 excavations (26 tokens)
    and at least 10 tokens stay buried."""
    for seed in range(10):
        state = make(2, seed=seed).new_initial_state()
        excavations = 0
        rng = random.Random(seed)
        while not state.is_terminal():
            events = state.apply(rng.choice(state.legal_actions()))
            excavations += kinds(events).count("excavation")
        assert excavations <= 13
        assert sum(len(s) for s in state.stock) >= 10
        assert sum(c < 0 for c in state.occupant[44:]) >= 2  # p12–p25 start at slot 44


# ------------------------------------------------------------------------------ Example 8


def scored(hoards, historians):
    return score(
        [[parse_token(t) for t in h] for h in hoards], [TYPES.index(h) for h in historians], COLOURS
    )


def test_example_8_donation_scoring_three_way_tie_shared_win():
    """§12 Example 8 (3 players): donations, a 3-way Coins tie, types nobody scores, and a
    shared win on equal artifacts; Cal's 9 artifacts are never compared."""
    ann = ["Coins-1", "Horses-1", "Horses-2", "Horses-4", "Armbands-3"]
    ben = ["Coins-2", "Horses-3", "Armbands-1", "Armbands-1"]
    cal = ["Coins-5", "Horses-2", "Armbands-2", "Armbands-3"]
    outcome = scored([ann, ben, cal], ["Horses", "Bottles", "Armbands"])
    a, b, c = outcome.breakdown
    assert [a["donated"], b["donated"], c["donated"]] == ["Horses-4", None, "Armbands-3"]
    assert [p["majorities"]["Coins"] for p in (a, b, c)] == [5, 5, 5]
    assert [p["majorities"]["Horses"] for p in (a, b, c)] == [10, 0, 0]
    assert [p["majorities"]["Armbands"] for p in (a, b, c)] == [0, 10, 0]
    assert all(p["majorities"]["Bottles"] == p["majorities"]["Helmets"] == 0 for p in (a, b, c))
    assert [p["sets"] for p in (a, b, c)] == [0, 0, 0]
    assert outcome.scores == (15, 15, 5)
    assert [p["artifacts"] for p in (a, b, c)] == [7, 7, 9]
    assert outcome.winners == (0, 1)


# ------------------------------------------------------------------------------ Example 9

EX9_ANN = ["Coins-1", "Coins-2", "Horses-3", "Armbands-3", "Bottles-1", "Helmets-4"]
EX9_BEN = ["Coins-3", "Horses-1", "Horses-2", "Armbands-1", "Bottles-4", "Helmets-2"]


def test_example_9_tie_broken_by_artifacts():
    """§12 Example 9 (2 players, after donation): 25 + 10 each = 35; Ann 14 artifacts to
    Ben's 13, so Ann wins. (Each gets one extra token to donate, leaving the example's hoards.)"""
    outcome = scored([[*EX9_ANN, "Horses-5"], [*EX9_BEN, "Helmets-5"]], ["Horses", "Helmets"])
    ann, ben = outcome.breakdown
    assert (ann["donated"], ben["donated"]) == ("Horses-5", "Helmets-5")
    assert ann["majorities"] == {
        "Coins": 10,
        "Horses": 0,
        "Armbands": 5,
        "Bottles": 5,
        "Helmets": 5,
    }
    assert ben["majorities"] == {
        "Coins": 0,
        "Horses": 10,
        "Armbands": 5,
        "Bottles": 5,
        "Helmets": 5,
    }
    assert (ann["sets"], ben["sets"]) == (1, 1)
    assert outcome.scores == (35, 35)
    assert (ann["artifacts"], ben["artifacts"]) == (14, 13)
    assert outcome.winners == (0,)


def test_example_9_equal_artifacts_share_the_win():
    """§12 Example 9: with Ben's Bottles-5 instead of the 4, both have 14 and share the win."""
    ben = [t if t != "Bottles-4" else "Bottles-5" for t in EX9_BEN]
    outcome = scored([[*EX9_ANN, "Horses-5"], [*ben, "Helmets-5"]], ["Horses", "Helmets"])
    assert outcome.scores == (35, 35)
    assert [p["artifacts"] for p in outcome.breakdown] == [14, 14]
    assert outcome.winners == (0, 1)


# ------------------------------------------------------------------------------ Example 10


def test_example_10_burial_vaults_queue():
    """§12 Example 10: HIS's queue is fixed; the first take there is Horses-1, the next
    Coins-1, whoever takes, with no choice."""
    red, yellow = 0, 1
    his = ["Horses-1", "Coins-1", "Helmets-2", "Bottles-2", "Armbands-3", "Coins-4"]
    state = scenario(
        3,
        [BV],
        stocks={"HIS": his, "THY": ["Armbands-1", "Coins-1"], "RHO": ["Bottles-1", "Coins-1"]},
        decks={red: [1, 1], yellow: [2, 2]},
        groups=[(red, "p20", i, 1) for i in range(3)]
        + [(yellow, "p21", i, 1) for i in range(1, 5)],
    )
    assert stock(state, "HIS") == his
    events = play(state, "place p20:3")
    assert [(e["site"], e["token"]) for e in only(events, "take")] == [
        ("THY", "Armbands-1"),
        ("HIS", "Horses-1"),
    ]
    assert (state.current_player, state.turn) == (yellow, yellow)
    events = play(state, "place p21:0")
    assert [(e["site"], e["token"]) for e in only(events, "take")] == [
        ("HIS", "Coins-1"),
        ("RHO", "Bottles-1"),
    ]
    assert stock(state, "HIS") == his[2:]
    assert state.turn == 2


def test_example_10_burial_vaults_setup_order_is_chance():
    """§12 Example 10, §9.2: equal values at a site are in a shuffled order, fixed at set-up."""
    orders = set()
    for seed in range(60):
        state = make(3, [BV], seed=seed).new_initial_state()
        his = stock(state, "HIS")
        ones = tuple(t for t in his if t.endswith("-1"))
        if len(ones) == 2 and ones[0].split("-")[0] != ones[1].split("-")[0]:
            orders.add(TYPES.index(ones[0].split("-")[0]) < TYPES.index(ones[1].split("-")[0]))
    assert orders == {True, False}


# ------------------------------------------------------------------------------ Example 11


def test_example_11_strategic_expeditions():
    """§12 Example 11: with 5 ones and 2 twos Red may play {1, 2}; after a 2 the public deck
    shows 5 ones and 1 two."""
    state = scenario(3, [SE], decks={0: [1, 1, 1, 1, 1, 2, 2]})
    assert (state.current_player, options(state)) == (0, ["play 1", "play 2"])
    play(state, "play 2")
    assert state.view(1)["public"]["hands"][0]["deck"] == {"1": 5, "2": 1, "3": 0}
    assert options(state)[0].startswith("place")


def test_example_11_only_ones_left_played_automatically():
    """§12 Example 11: with only 1-cards left the 1 is played at once; the first decision of the
    turn is the group placement."""
    state = scenario(3, [SE], decks={0: [1, 1, 1]})
    assert state.card == 1
    assert all(text.startswith("place ") for text in options(state))


# ------------------------------------------------------------------------------ Example 12


def example_12():
    """2 players: the example's Blue is seat 1. Red reveals 1 and places it on p13:2."""
    red, blue = 0, 1
    state = scenario(
        2,
        decks={red: [1, 1], blue: [2, 2]},
        groups=[(blue, "p13", 1, 2), (blue, "p13", 3, 1)],
        stocks={"SCM": ["Coins-1", "Horses-1", "Helmets-2"], "HIS": ["Bottles-2", "Coins-3"]},
    )
    play(state, "place p13:2")
    return state


def test_example_12_cube_options():
    """§12 Example 12: the cube decision offers [cube on 0, cube on 4, no more cubes]."""
    state = example_12()
    assert state.cubes[0] == 3
    assert (state.current_player, options(state)) == (
        0,
        ["cube p13:0", "cube p13:4", "no more cubes"],
    )


def test_example_12_no_more_cubes():
    """§12 Example 12: No more cubes leaves the path unfilled and ends the turn."""
    state = example_12()
    events = play(state, "no more cubes")
    assert "excavation" not in kinds(events)
    assert state.turn == 1
    assert state.view(None)["public"]["paths"]["p13"][0] is None


def test_example_12_cube_on_0_then_4_excavates_for_blue():
    """§12 Example 12: cube on 0, then [cube on 4, no more cubes]; the cube on 4 fills p13;
    Blue (3) takes both sites, SCM first, although Red filled the path; Red has 1 cube left."""
    state = example_12()
    play(state, "cube p13:0")
    assert options(state) == ["cube p13:4", "no more cubes"]
    events = play(state, "cube p13:4")
    excavation = only(events, "excavation")[0]
    assert excavation["counts"] == {"1": 3, "0": 1}
    assert (excavation["first"], excavation["qualifies"]) == (1, False)
    assert (state.current_player, options(state)) == (1, ["take Coins", "take Horses"])
    assert [
        (t["player"], t["site"]) for t in state.view(None)["public"]["excavation"]["pending_takes"]
    ] == [
        (1, "SCM"),
        (1, "HIS"),
    ]
    events = play(state, "take Horses")
    assert [(e["site"], e["token"]) for e in only(events, "take")] == [
        ("SCM", "Horses-1"),
        ("HIS", "Bottles-2"),
    ]
    assert hoard(state, 1) == ["Bottles-2", "Horses-1"]
    assert hoard(state, 0) == []
    assert state.cubes[0] == 1


def test_example_12_cube_on_4_first_ends_cube_step():
    """§12 Example 12: a first cube on 4 ends the cube step without asking, though space 0 is
    empty and Red still has 2 cubes; the path is not full."""
    state = example_12()
    events = play(state, "cube p13:4")
    assert kinds(events) == ["cube", "card"]
    assert state.cubes[0] == 2
    assert state.turn == 1
    assert state.view(None)["public"]["paths"]["p13"][0] is None


# ------------------------------------------------------------------------------ Example 13


def two_player_start(card=None):
    """A 2-player game where Red (seat 0) moves first (and revealed `card`, if given)."""
    for seed in range(200):
        state = make(2, seed=seed).new_initial_state()
        if state.first_player == 0 and card in (None, state.card):
            return state
    raise AssertionError("no such seed")


def test_example_13_views_after_setup():
    """§12 Example 13: Red's view holds the closed sites, every open site's tokens, both empty
    hoards, 3 cubes each, both decks' compositions, the 14 removed tokens, the unused offer,
    Red's Historian and top card, and nothing of Blue's hidden information.

    The engine reveals Red's first card automatically, so Red's deck already shows one card
    fewer (the reveal is not a decision)."""
    state = two_player_start()
    view = state.view(0)
    assert closed_sites(state) == ["SIG", "ACH", "BES"]
    assert {sid: len(t) for sid, t in view["public"]["sites"].items()} == EX7_TOKENS
    assert [h["tokens"] for h in view["public"]["hands"]] == [[], []]
    assert [h["cubes"] for h in view["public"]["hands"]] == [3, 3]
    assert view["public"]["hands"][1]["deck"] == {"1": 12, "2": 12, "3": 3}
    red_deck = Counter({int(v): n for v, n in view["public"]["hands"][0]["deck"].items()})
    assert red_deck + Counter({view["public"]["current_turn"]["card"]: 1}) == {1: 12, 2: 12, 3: 3}
    assert len(view["public"]["removed_tokens"]) == 14
    assert view["public"]["offer_used"] is False
    assert view["private"] == {
        "historian": TYPES[state.historian[0]],
        "top_card": state.deck[0][-1],
    }
    assert "final" not in view
    rng = random.Random(13)
    for _ in range(5):
        other = state.determinize(0, rng)
        assert other.view(0) == view


def test_example_13_after_reveal_of_a_two():
    """§12 Example 13: after Red reveals a 2, Red's deck shows 12 / 11 / 3 to everyone and
    Red's view holds the value of Red's next card."""
    state = two_player_start(card=2)
    assert state.view(1)["public"]["hands"][0]["deck"] == {"1": 12, "2": 11, "3": 3}
    assert state.view(0)["private"]["top_card"] == state.deck[0][-1]
    assert "top_card" not in str(state.view(1)["public"]["hands"])


def test_example_13_views_at_game_end():
    """§12 Example 13: at game end both Historians, both donations and all scores are in both
    views."""
    state = finish_randomly(two_player_start(), seed=13)
    final_0, final_1 = state.view(0)["outcome"], state.view(1)["outcome"]
    assert final_0 == final_1
    assert [b["historian"] for b in final_0["breakdown"]] == [TYPES[h] for h in state.historian]
    assert [b["donated"] for b in final_0["breakdown"]] == [
        b["donated"] for b in state.outcome().breakdown
    ]
    assert final_0["scores"] == list(state.outcome().scores)
