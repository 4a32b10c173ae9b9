"""Decisions as actions: canonical texts, codecs, and refusals that change nothing (spec §13)."""

from __future__ import annotations

import pytest
from ilium_helpers import hoard, last_four_at_thy, make, options, play, scenario, snapshot

import kleos
from kleos.games.ilium import (
    ChooseSite,
    ChooseToken,
    EndGameOffer,
    PlaceCube,
    PlaceGroup,
    PlayCard,
    StopCubes,
)


def refused(state, action, match, player=None):
    before = snapshot(state)
    with pytest.raises(kleos.IllegalActionError, match=match):
        state.apply(action, player)
    assert snapshot(state) == before


def test_canonical_action_texts():
    """§13.1: each decision has one canonical text."""
    assert [
        str(a)
        for a in (
            PlayCard(2),
            PlaceGroup("p12", 3),
            PlaceCube("p12", 4),
            StopCubes(),
            ChooseSite("HIS"),
            ChooseToken("Coins"),
            EndGameOffer(True),
            EndGameOffer(False),
        )
    ] == [
        "play 2",
        "place p12:3",
        "cube p12:4",
        "no more cubes",
        "site HIS",
        "take Coins",
        "end game",
        "continue game",
    ]


def test_action_text_and_id_codecs_round_trip():
    """§13: every action's text and integer name it, and only it."""
    game = make(3)
    state = game.new_initial_state()
    assert game.num_distinct_actions == 3 + 2 * 106 + 1 + 13 + 5 + 2
    for i in range(game.num_distinct_actions):
        action = game.action_from_id(i)
        assert game.action_id(action) == i
        assert game.parse_action(state, str(action)) == action
    assert game.parse_action(state, "  PLACE   p12 3 ") == PlaceGroup("p12", 3)
    assert game.parse_action(state, "Take coins") == ChooseToken("Coins")


def test_unknown_action_text_refused_with_examples():
    """§13: text naming no action is refused, with examples of valid actions."""
    game = make(3)
    state = game.new_initial_state()
    for text in ("pass", "place p12:9", "place p99:0", "site XYZ"):
        with pytest.raises(kleos.ActionParseError, match="place p12:3, cube p12:4"):
            game.parse_action(state, text)
    with pytest.raises(kleos.ActionParseError):
        game.action_from_id(game.num_distinct_actions)


def test_actions_equal_to_a_legal_one_are_accepted():
    """§13: a decision built by hand equals the canonical legal action."""
    state = scenario(3, decks={0: [1, 1]})
    state.apply(PlaceGroup("p13", 2))
    assert options(state)[0] == "cube p13:0"
    state.apply(PlaceCube("p13", 4))
    assert state.turn == 1


def test_hand_built_actions_play_alike_on_the_fast_path():
    """§13: a decision is its value: an equal action built by hand (from its repr) plays like
    the engine's own, in apply_unchecked too."""
    namespace = {cls.__name__: cls for cls in (PlaceGroup, PlaceCube, ChooseSite, ChooseToken)}
    state = scenario(
        3,
        decks={0: [2, 1]},
        groups=[(1, "p20", 3, 1)],
        stocks={"HIS": ["Horses-1", "Coins-1"], "THY": ["Bottles-2", "Armbands-2"]},
    )
    twin = state.clone()
    for text in ("place p20:0", "cube p20:1", "cube p20:2", "site THY", "take Bottles"):
        action = state.game.parse_action(state, text)
        state.apply_unchecked(action)
        twin.apply_unchecked(eval(repr(action), namespace))
        assert snapshot(twin) == snapshot(state)
    assert hoard(twin, 0) == ["Bottles-2"]


def test_only_the_decider_may_act():
    """§13: every decision belongs to one player; another player's action is refused."""
    state = scenario(3, decks={0: [1, 1]})
    action = state.legal_actions()[0]
    refused(state, action, "it is Red's decision, not Yellow's", player=1)
    state.apply(action, player=0)


def test_wrong_site_refused():
    """§5.3, §13 D4: the site must be an end of the excavated path."""
    state = scenario(3, decks={0: [2, 1]}, groups=[(1, "p20", 3, 1)])
    play(state, "place p20:0", "cube p20:1", "cube p20:2")
    refused(state, ChooseSite("SCM"), "must be an end of p20: HIS or THY")


def test_wrong_token_type_refused():
    """§5.4, §13 D5: only a type among the site's lowest tokens may be chosen."""
    state = scenario(
        3,
        decks={0: [3, 1]},
        groups=[(1, "p22", 3, 1)],
        stocks={"THY": ["Helmets-1", "Coins-1", "Horses-2"], "RHO": ["Coins-4"]},
    )
    play(state, "place p22:0", "cube p22:1", "cube p22:2")
    refused(state, ChooseToken("Horses"), "of these types only: Coins, Helmets")


def test_end_game_refused_without_offer():
    """§6.1, §13 D6: End / Continue exist only when the offer is made."""
    state = scenario(3, decks={0: [1, 1]})
    refused(state, EndGameOffer(True), "after all five 4s are excavated")


def test_no_action_after_the_game():
    """§13.2: after the game ends no further decision exists."""
    state = last_four_at_thy()
    play(state, "place p23:2", "site IDA", "take Horses", "end game")
    assert state.legal_actions() == ()
    refused(state, StopCubes(), "the game is over")
    with pytest.raises(kleos.IllegalActionError, match="not over yet"):
        make(3).new_initial_state().outcome()
