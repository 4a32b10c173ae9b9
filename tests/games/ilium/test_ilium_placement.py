"""A turn: reveal, the group, supply cubes, peeking (spec §2.1, §4, §13 D2–D3)."""

from __future__ import annotations

import random

import pytest
from ilium_helpers import RED, YELLOW, kinds, make, only, options, play, random_playout, scenario

import kleos


def test_card_revealed_from_top_of_own_deck():
    """§4 step 2: the active player reveals the top card of their own deck; its value is public."""
    state = scenario(turn=YELLOW, decks={YELLOW: [3, 1, 2]})
    assert state.current_player == YELLOW
    assert state.card == 3
    assert state.view(RED)["public"]["current_turn"]["card"] == 3
    assert state.view(RED)["public"]["hands"][YELLOW]["deck"] == {"1": 1, "2": 1, "3": 0}
    events = play(state, "place p12:0")
    assert events[0] == {"kind": "place", "player": YELLOW, "path": "p12", "space": 0, "size": 3}


def test_group_options_are_every_empty_space_in_board_order():
    """§4 step 3, §13 D2: every (usable path, empty space), paths in file order, spaces up."""
    state = scenario(groups=[(YELLOW, "p01", 1, 2), (YELLOW, "p25", 3, 1)], cubes=[(1, "p02", 0)])
    game = state.game
    expected = [
        f"place {p.id}:{s}"
        for p in game.board.paths
        for s in range(p.spaces)
        if (p.id, s) not in {("p01", 1), ("p25", 3), ("p02", 0)}
    ]
    assert options(state) == expected
    assert len(expected) == 103


def test_group_placed_together_on_one_empty_space():
    """§4 step 3: the whole revealed group goes on one empty space of any usable path."""
    state = scenario(decks={RED: [2, 1]})
    play(state, "place p24:4")
    assert state.view(None)["public"]["paths"]["p24"] == [
        None,
        None,
        None,
        None,
        {"group": RED, "size": 2},
    ]
    assert state.view(None)["public"]["current_turn"] == {
        "card": 2,
        "path": "p24",
        "group_space": 4,
        "last_cube": None,
    }


def test_group_may_go_on_a_path_the_player_cannot_win():
    """§4 step 3 [ruling]: any usable path is allowed, even one the player cannot win."""
    state = scenario(
        decks={RED: [1]},
        groups=[(YELLOW, "p07", 0, 3), (YELLOW, "p07", 1, 3)],
    )
    assert "place p07:2" in options(state)
    events = play(state, "place p07:2")
    assert only(events, "excavation")[0]["first"] == YELLOW


def test_revealed_group_must_be_placed():
    """§4 step 3: passing is not allowed; only group placements are offered."""
    state = scenario(decks={RED: [2]})
    assert all(text.startswith("place ") for text in options(state))
    before = state.view(None)
    with pytest.raises(kleos.IllegalActionError, match="must be placed"):
        state.apply(state.game.parse_action(state, "no more cubes"))
    assert state.view(None) == before


def test_one_item_per_space():
    """§2.1: a space holds nothing, one group or one cube; occupied spaces are not offered."""
    state = scenario(groups=[(YELLOW, "p12", 1, 2)], cubes=[(YELLOW, "p12", 2)])
    assert "place p12:1" not in options(state)
    assert "place p12:2" not in options(state)
    with pytest.raises(kleos.IllegalActionError, match="already occupied"):
        play(state, "place p12:1")
    play(state, "place p12:0")
    assert "cube p12:0" not in options(state)
    assert options(state) == ["cube p12:3", "no more cubes"]


def test_cubes_only_on_path_of_this_turns_group():
    """§4 step 4: cubes go only on the path that received this turn's group."""
    state = scenario(decks={RED: [1, 1]})
    play(state, "place p12:0")
    assert options(state) == ["cube p12:1", "cube p12:2", "cube p12:3", "no more cubes"]
    with pytest.raises(kleos.IllegalActionError, match="only go on p12"):
        play(state, "cube p13:0")


def test_no_cubes_without_group():
    """§4 step 4: a player may never place cubes without placing a group (first)."""
    state = scenario(decks={RED: [1]})
    with pytest.raises(kleos.IllegalActionError, match="place the group of 1 first"):
        play(state, "cube p12:0")
    assert state.cubes[RED] == 3


def test_no_cube_after_group_fills_path():
    """§4 step 4: if the group fills the path's last empty space, no cube may be placed."""
    state = scenario(
        decks={RED: [2, 1]},
        groups=[(YELLOW, "p06", 0, 1), (YELLOW, "p06", 1, 1)],
    )
    events = play(state, "place p06:2")
    assert "cube" not in kinds(events)
    assert only(events, "excavation")[0]["path"] == "p06"
    assert state.cubes[RED] == 3
    assert state.current_player == YELLOW
    assert options(state) == ["site ACH", "site SKF"]


def test_cube_may_fill_last_space_after_own_group():
    """§4 step 4: a cube may complete the path because the same player placed a group there."""
    state = scenario(decks={RED: [1, 1]}, groups=[(YELLOW, "p06", 0, 1)])
    play(state, "place p06:1")
    assert options(state) == ["cube p06:2", "no more cubes"]
    events = play(state, "cube p06:2")
    assert kinds(events)[:2] == ["cube", "excavation"]
    assert state.cubes[RED] == 2


def test_cube_may_go_on_the_shovel_space():
    """§4 step 4 [ruling]: any empty space may take a cube, the shovel space included."""
    state = scenario(decks={RED: [2, 1]})
    play(state, "place p14:2", "cube p14:0")
    assert state.view(None)["public"]["paths"]["p14"][0] == {"cube": RED}


def test_cubes_limited_by_cubes_left():
    """§4 step 4: at most the cubes the player has left; with none, no cube step at all."""
    state = scenario(decks={RED: [1, 1]}, cubes_left=[1, 3, 3])
    play(state, "place p13:0", "cube p13:1")
    assert state.cubes[RED] == 0
    assert state.turn == YELLOW
    state = scenario(decks={RED: [1, 1]}, cubes_left=[0, 3, 3])
    events = play(state, "place p13:0")
    assert state.turn == YELLOW
    assert "cube" not in kinds(events)


def test_cubes_limited_by_empty_spaces():
    """§4 step 4: at most as many cubes as the path has empty spaces."""
    state = scenario(decks={RED: [1, 1]}, groups=[(YELLOW, "p12", 0, 1), (YELLOW, "p12", 1, 1)])
    play(state, "place p12:2")
    assert options(state) == ["cube p12:3", "no more cubes"]
    play(state, "cube p12:3")
    assert state.cubes[RED] == 2


def test_cubes_placed_in_increasing_space_order():
    """§4 step 4, §13 D3: each cube goes above the previous cube of this turn."""
    state = scenario(decks={RED: [1, 1]})
    play(state, "place p13:2", "cube p13:1")
    assert options(state) == ["cube p13:3", "cube p13:4", "no more cubes"]
    with pytest.raises(kleos.IllegalActionError, match="increasing space order"):
        play(state, "cube p13:0")
    play(state, "cube p13:4")
    assert state.turn == YELLOW
    assert state.cubes[RED] == 1


def test_group_space_does_not_constrain_cubes():
    """§4 step 4: cubes may lie on either side of this turn's group."""
    state = scenario(decks={RED: [1, 1]})
    play(state, "place p13:3")
    assert options(state) == [
        "cube p13:0",
        "cube p13:1",
        "cube p13:2",
        "cube p13:4",
        "no more cubes",
    ]


def test_no_more_cubes_ends_placement():
    """§4 step 4: the player may stop placing cubes at any time."""
    state = scenario(decks={RED: [1, 1]})
    events = play(state, "place p13:3", "no more cubes")
    assert kinds(events) == ["place", "card"]
    assert state.turn == YELLOW
    assert state.cubes[RED] == 3


def test_excavation_checked_once_after_cube_step():
    """§4 steps 4–5: the path can only fill with the turn's last placement; one excavation."""
    state = scenario(decks={RED: [1, 1]}, groups=[(YELLOW, "p13", 0, 2)])
    events = play(state, "place p13:1", "cube p13:2", "cube p13:3", "cube p13:4")
    assert kinds(events).count("excavation") == 1
    assert kinds(events).index("excavation") == kinds(events).index("cube") + 3


def test_play_passes_to_next_seat():
    """§4 step 7: after the turn, play passes to the next seat (increasing index modulo n)."""
    for players in (2, 3, 4):
        last = players - 1
        state = scenario(players, turn=last, decks={last: [1, 1]})
        play(state, "place p14:0", "no more cubes")
        assert state.turn == 0
        assert state.current_player == 0


def test_placed_items_never_move():
    """§4: placed archaeologists and cubes never move and never leave the board."""
    for seed in range(6):
        state = make(2 + seed % 3, seed=seed).new_initial_state()
        placed: dict[int, int] = {}
        for s in random_playout(state, random.Random(seed)):
            for slot, code in placed.items():
                assert s.occupant[slot] == code
            placed.update({i: c for i, c in enumerate(s.occupant) if c >= 0})
        assert placed


def test_peeking_top_card_in_own_view():
    """§4 Peeking: a player always knows their own top card; the next one right after a reveal."""
    state = scenario(decks={RED: [2, 3], YELLOW: [1, 2, 2], 2: [3]})
    assert state.view(RED)["private"]["top_card"] == 3
    assert state.view(YELLOW)["private"]["top_card"] == 1
    assert "top_card" not in str(state.view(YELLOW)["public"]["hands"])
    play(state, "place p13:0", "no more cubes")
    assert state.card == 1
    assert state.view(YELLOW)["private"]["top_card"] == 2
    assert state.view(RED)["private"]["top_card"] == 3
    play(state, "place p13:1", "no more cubes")
    assert state.card == 3
    assert state.view(2)["private"]["top_card"] is None
