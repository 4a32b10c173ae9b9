"""Excavation: ranking, qualification, takes, token choice, empty sites (spec §5, §13 D4–D5)."""

from __future__ import annotations

import pytest
from ilium_helpers import (
    GREEN,
    RED,
    YELLOW,
    hoard,
    kinds,
    make,
    only,
    options,
    play,
    scenario,
    stock,
    write_board,
)

HIS = ["Armbands-1", "Coins-2", "Horses-2", "Bottles-3", "Coins-3", "Helmets-5"]
THY = ["Helmets-2", "Armbands-3", "Coins-4"]
RHO = ["Bottles-1", "Coins-3", "Horses-4"]


def parts(count: int) -> list[int]:
    """A count split into groups of at most 3, largest first."""
    return [3] * (count // 3) + ([count % 3] if count % 3 else [])


@pytest.mark.parametrize(
    ("first", "second", "qualifies"),
    [
        (1, 1, True),
        (2, 1, True),
        (3, 1, False),
        (3, 2, True),
        (3, 3, True),
        (4, 2, True),
        (5, 2, False),
        (5, 3, True),
        (7, 3, False),
        (7, 4, True),
    ],
)
def test_second_qualifies_with_at_least_half(first, second, qualifies):
    """§5.2: the second qualifies iff 2 × count(second) ≥ count(first); a tie always qualifies."""
    f_parts, s_parts = parts(first), parts(second)
    final = f_parts.pop()
    groups = [(RED, "p21", 1 + i, size) for i, size in enumerate(f_parts)]
    groups += [(YELLOW, "p21", 1 + len(f_parts) + i, size) for i, size in enumerate(s_parts)]
    cubes = [(RED, "p21", space) for space in range(1 + len(groups), 5)]
    state = scenario(
        decks={RED: [final, 1]}, groups=groups, cubes=cubes, stocks={"HIS": HIS, "RHO": RHO}
    )
    events = play(state, "place p21:0")
    excavation = only(events, "excavation")[0]
    assert excavation["counts"] == {str(RED): first, str(YELLOW): second}
    assert (excavation["first"], excavation["second"]) == (RED, YELLOW)
    assert excavation["qualifies"] is qualifies
    if qualifies:
        assert state.current_player == RED
        assert options(state) == ["site HIS", "site RHO"]
    else:
        assert hoard(state, RED) == ["Armbands-1", "Bottles-1"]
        assert hoard(state, YELLOW) == []


def test_count_sums_all_groups_of_a_player():
    """§5.1: a player's count is the total of all their groups on the path."""
    state = scenario(
        decks={RED: [1, 1]},
        groups=[(RED, "p13", 1, 1), (RED, "p13", 2, 1), (YELLOW, "p13", 0, 2), (RED, "p13", 4, 1)],
    )
    events = play(state, "place p13:3")
    excavation = only(events, "excavation")[0]
    assert excavation["counts"] == {str(RED): 4, str(YELLOW): 2}
    assert excavation["first"] == RED


def test_cubes_count_for_nobody():
    """§5.1: supply cubes count for nobody, neither for the majority nor for the tie-break."""
    state = scenario(decks={RED: [1, 1]}, groups=[(YELLOW, "p12", 1, 1)])
    events = play(state, "place p12:2", "cube p12:0", "cube p12:3")
    excavation = only(events, "excavation")[0]
    assert excavation["counts"] == {str(RED): 1, str(YELLOW): 1}
    assert excavation["distances"] == {str(RED): 2, str(YELLOW): 1}
    assert excavation["ranking"] == [YELLOW, RED]
    assert state.current_player == YELLOW
    assert options(state) == ["site SCM", "site SKF"]

    state = scenario(decks={RED: [1, 1]}, groups=[(YELLOW, "p12", 3, 2)])
    events = play(state, "place p12:1", "cube p12:0", "cube p12:2")
    excavation = only(events, "excavation")[0]
    assert excavation["counts"] == {str(RED): 1, str(YELLOW): 2}
    assert excavation["first"] == YELLOW


def test_only_players_with_archaeologists_are_ranked():
    """§5.1: only players with a count of at least 1 on the path are ranked."""
    state = scenario(decks={RED: [2, 1]}, groups=[(YELLOW, "p06", 0, 1)])
    events = play(state, "place p06:1", "cube p06:2")
    excavation = only(events, "excavation")[0]
    assert excavation["ranking"] == [RED, YELLOW]
    assert str(GREEN) not in excavation["counts"]


def test_count_tie_broken_by_shovel_distance():
    """§5.1: count ties go to the group on, or closest to, the shovel space (space 0)."""
    state = scenario(
        decks={RED: [1, 1]},
        groups=[(YELLOW, "p20", 1, 2), (RED, "p20", 3, 1)],
        stocks={"HIS": HIS, "THY": THY},
    )
    events = play(state, "place p20:0", "cube p20:2")
    excavation = only(events, "excavation")[0]
    assert excavation["counts"] == {str(RED): 2, str(YELLOW): 2}
    assert excavation["distances"] == {str(RED): 0, str(YELLOW): 1}
    assert excavation["ranking"] == [RED, YELLOW]


def test_distance_is_lowest_space_of_players_groups():
    """§5.1: a player's distance is the lowest space index among their groups."""
    state = scenario(
        decks={RED: [1, 1]},
        groups=[(RED, "p21", 4, 1), (YELLOW, "p21", 2, 2), (YELLOW, "p21", 3, 1)],
    )
    events = play(state, "place p21:1", "cube p21:0")
    excavation = only(events, "excavation")[0]
    assert excavation["distances"] == {str(RED): 1, str(YELLOW): 2}
    assert excavation["ranking"] == [YELLOW, RED]  # Yellow 3 beats Red 2 on count first


def test_third_place_gets_nothing_even_if_it_filled_the_path():
    """§5.1: rank 3 and below take nothing, even the player who placed the last group."""
    state = scenario(
        turn=GREEN,
        decks={GREEN: [1, 1]},
        groups=[(RED, "p13", 0, 2), (YELLOW, "p13", 1, 2)],
        stocks={"HIS": HIS, "SCM": ["Coins-1", "Bottles-2", "Helmets-3"]},
    )
    events = play(state, "place p13:2", "cube p13:3", "cube p13:4")
    assert only(events, "excavation")[0]["ranking"] == [RED, YELLOW, GREEN]
    assert state.current_player == RED
    play(state, "site SCM")
    assert hoard(state, RED) == ["Coins-1"]
    assert hoard(state, YELLOW) == ["Armbands-1"]
    assert hoard(state, GREEN) == []


def test_qualifying_second_takes_at_the_other_site():
    """§5.3: with a qualifying second, the first picks a site; the second takes at the other."""
    state = scenario(
        decks={RED: [2, 1]}, groups=[(YELLOW, "p20", 3, 1)], stocks={"HIS": HIS, "THY": THY}
    )
    play(state, "place p20:0", "cube p20:1", "cube p20:2")
    assert options(state) == ["site HIS", "site THY"]
    events = play(state, "site THY")
    assert [(e["player"], e["site"], e["token"]) for e in only(events, "take")] == [
        (RED, "THY", "Helmets-2"),
        (YELLOW, "HIS", "Armbands-1"),
    ]
    assert stock(state, "THY") == ["Armbands-3", "Coins-4"]
    assert sorted(stock(state, "HIS")) == sorted(HIS[1:])


def test_first_takes_both_sites_when_second_does_not_qualify():
    """§5.3: a second without half the first's count gets nothing; the first takes both."""
    state = scenario(
        decks={RED: [3, 1]}, groups=[(YELLOW, "p20", 3, 1)], stocks={"HIS": HIS, "THY": THY}
    )
    events = play(state, "place p20:0", "cube p20:1", "cube p20:2")
    assert "site" not in kinds(events)
    assert [(e["player"], e["site"]) for e in only(events, "take")] == [(RED, "THY"), (RED, "HIS")]
    assert hoard(state, RED) == ["Armbands-1", "Helmets-2"]
    assert hoard(state, YELLOW) == []


def test_lone_player_takes_both_sites_without_site_choice():
    """§5.3: a lone player takes the lowest token at both sites and makes no site choice."""
    state = scenario(
        decks={RED: [1, 1]}, groups=[(RED, "p21", 4, 2)], stocks={"HIS": HIS, "RHO": RHO}
    )
    events = play(state, "place p21:2", "cube p21:0", "cube p21:1", "cube p21:3")
    assert kinds(events)[:5] == ["place", "cube", "cube", "cube", "excavation"]
    assert only(events, "excavation")[0]["second"] == -1
    assert hoard(state, RED) == ["Armbands-1", "Bottles-1"]
    assert state.turn == YELLOW


def test_takes_lowest_value_token():
    """§5.4: the taker always takes a token of the lowest value present at the site."""
    state = scenario(
        decks={RED: [3, 1]},
        groups=[(YELLOW, "p22", 3, 1)],
        stocks={"THY": ["Coins-5", "Horses-3", "Helmets-2"], "RHO": ["Coins-4", "Horses-3"]},
    )
    play(state, "place p22:0", "cube p22:1", "cube p22:2")
    assert hoard(state, RED) == ["Helmets-2", "Horses-3"]


def test_token_type_choice_when_lowest_value_has_several_types():
    """§5.4, §13 D5: lowest tokens of different types: the taker chooses, in §1 type order."""
    state = scenario(
        decks={RED: [3, 1]},
        groups=[(YELLOW, "p22", 3, 1)],
        stocks={"THY": ["Helmets-1", "Bottles-1", "Coins-1", "Horses-2"], "RHO": ["Coins-4"]},
    )
    play(state, "place p22:0", "cube p22:1", "cube p22:2")
    assert state.current_player == RED
    assert options(state) == ["take Coins", "take Bottles", "take Helmets"]
    play(state, "take Bottles")
    assert hoard(state, RED) == ["Bottles-1", "Coins-4"]
    assert stock(state, "THY") == ["Coins-1", "Helmets-1", "Horses-2"]


def test_identical_lowest_tokens_taken_without_decision():
    """§5.4: if all lowest tokens share a type they are identical and no decision is asked."""
    state = scenario(
        decks={RED: [3, 1]},
        groups=[(YELLOW, "p22", 3, 1)],
        stocks={"THY": ["Coins-1", "Coins-1", "Horses-2"], "RHO": ["Coins-4"]},
    )
    events = play(state, "place p22:0", "cube p22:1", "cube p22:2")
    assert "site" not in kinds(events)
    assert state.turn == YELLOW
    assert hoard(state, RED) == ["Coins-1", "Coins-4"]
    assert stock(state, "THY") == ["Coins-1", "Horses-2"]


def test_empty_site_yields_nothing():
    """§5.5: a taker at a site with no tokens takes nothing; the excavation goes on."""
    state = scenario(decks={RED: [3, 1]}, stocks={"THY": [], "HIS": HIS})
    events = play(state, "place p20:1", "cube p20:0", "cube p20:2", "cube p20:3")
    takes = only(events, "take")
    assert [(e["site"], e["token"]) for e in takes] == [("THY", None), ("HIS", "Armbands-1")]
    assert hoard(state, RED) == ["Armbands-1"]
    assert state.turn == YELLOW


def test_first_may_choose_an_empty_site():
    """§5.3, §5.5: the first may pick an empty site; they get nothing, the second still takes."""
    state = scenario(
        decks={RED: [2, 1]}, groups=[(YELLOW, "p20", 3, 1)], stocks={"THY": [], "HIS": HIS}
    )
    play(state, "place p20:0", "cube p20:1", "cube p20:2")
    assert options(state) == ["site HIS", "site THY"]
    events = play(state, "site THY")
    assert [(e["player"], e["token"]) for e in only(events, "take")] == [
        (RED, None),
        (YELLOW, "Armbands-1"),
    ]
    assert hoard(state, RED) == []


def test_empty_site_on_custom_board(tmp_path):
    """§5.5: on a test board a site can run dry; a later excavation there yields nothing."""
    board = write_board(
        tmp_path,
        [("A", 1), ("B", 24), ("C", 25)],
        [("q1", "A", "B", 1, "A"), ("q2", "A", "C", 1, "A")],
    )
    state = make(3, seed=3, board=board).new_initial_state()
    assert len(stock(state, "A")) == 1
    first = state.turn
    events = play(state, "place q1:0")
    while state.current_player == first and not options(state)[0].startswith("place"):
        events += play(state, options(state)[0])
    assert len(hoard(state, first)) == 2
    assert stock(state, "A") == []
    second = state.turn
    assert second == (first + 1) % 3
    assert options(state) == ["place q2:0"]
    events = play(state, "place q2:0")
    takes = only(events, "take")
    assert (takes[0]["player"], takes[0]["site"], takes[0]["token"]) == (second, "A", None)
    while not state.is_terminal():
        events += play(state, options(state)[0])
    assert len(hoard(state, second)) == 1


def test_decision_order_site_then_first_token_then_second_token():
    """§5.6 steps 1–3: the first picks the site, then the first's type, then the second's."""
    state = scenario(
        decks={RED: [2, 1]},
        groups=[(YELLOW, "p20", 3, 1)],
        stocks={"HIS": ["Horses-1", "Coins-1", "Helmets-4"], "THY": ["Bottles-2", "Armbands-2"]},
    )
    play(state, "place p20:0", "cube p20:1", "cube p20:2")
    assert (state.current_player, options(state)) == (RED, ["site HIS", "site THY"])
    play(state, "site THY")
    assert state.view(None)["public"]["excavation"]["site"] == "THY"
    assert (state.current_player, options(state)) == (RED, ["take Armbands", "take Bottles"])
    play(state, "take Bottles")
    assert (state.current_player, options(state)) == (YELLOW, ["take Coins", "take Horses"])
    play(state, "take Horses")
    assert hoard(state, RED) == ["Bottles-2"]
    assert hoard(state, YELLOW) == ["Horses-1"]
    assert state.turn == YELLOW
    assert options(state)[0].startswith("place")


def test_first_taking_both_decides_at_shovel_site_first():
    """§5.6 step 4: taking both, the first takes at the shovel site, then at the other site."""
    state = scenario(
        decks={RED: [3, 1]},
        groups=[(YELLOW, "p20", 3, 1)],
        stocks={"HIS": ["Horses-1", "Coins-1", "Helmets-4"], "THY": ["Bottles-2", "Armbands-2"]},
    )
    play(state, "place p20:0", "cube p20:1", "cube p20:2")
    assert state.view(None)["public"]["excavation"]["pending_takes"] == [
        {"player": RED, "site": "THY"},
        {"player": RED, "site": "HIS"},
    ]
    assert (state.current_player, options(state)) == (RED, ["take Armbands", "take Bottles"])
    play(state, "take Armbands")
    assert (state.current_player, options(state)) == (RED, ["take Coins", "take Horses"])
    play(state, "take Coins")
    assert hoard(state, RED) == ["Armbands-2", "Coins-1"]
