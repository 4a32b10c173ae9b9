"""End of the game: the value-4 offer, the last card, no room (spec §6, §13 D6)."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from ilium_helpers import (
    GREEN,
    RED,
    SE,
    YELLOW,
    kinds,
    last_four_at_thy,
    make,
    only,
    options,
    play,
    random_playout,
    scenario,
    write_board,
)


def last_four_taken(decks=None, **extra):
    """Example 6's turn: Red completes p23, picks IDA and takes Bottles-1 there; Yellow, the
    qualifying second, then takes the last 4 (Coins-4) at THY automatically."""
    state = last_four_at_thy(decks, **extra)
    play(state, "place p23:2", "site IDA", "take Bottles")
    return state


def test_offer_made_once_to_active_player():
    """§6.1: at the end of the first turn with all five 4s excavated the active player is
    offered End / Continue; after Continue it never comes again."""
    state = last_four_taken()
    assert state.fours_on_sites == 0
    assert state.current_player == RED
    assert options(state) == ["end game", "continue game"]
    assert state.view(None)["decision"]["kind"] == "offer"
    events = play(state, "continue game")
    assert only(events, "offer") == [{"kind": "offer", "player": RED, "end": False}]
    assert state.offer_used
    assert state.view(None)["public"]["offer_used"] is True
    assert state.turn == YELLOW
    for s in random_playout(state, random.Random(1)):
        assert s.phase_name != "offer"
    assert state.end_reason == "cards"


def test_offer_goes_to_active_player_even_if_another_took_the_last_four():
    """§6.1 [ruling]: the active player decides, though the qualifying second took the last 4."""
    state = last_four_taken()
    assert "Coins-4" in state.view(None)["public"]["hands"][YELLOW]["tokens"]
    assert state.current_player == RED


def test_end_now_goes_to_donation_and_scoring():
    """§6.1: End ends the game at once and goes to donation (§7) and scoring (§8)."""
    state = last_four_taken(historians=["Coins", "Armbands", "Helmets"])
    events = play(state, "end game")
    assert kinds(events) == ["offer", "game_end", "donation", "donation", "donation", "scoring"]
    assert state.is_terminal()
    assert state.current_player is None
    assert state.legal_actions() == ()
    assert state.end_reason == "offer"
    assert state.outcome().reason == "Red took the end-game option"
    assert state.view(None)["outcome"]["reason"] == "Red took the end-game option"
    assert [e["token"] for e in only(events, "donation")] == [None, "Armbands-4", "Helmets-4"]


def test_no_offer_on_the_last_turn():
    """§6.1: if all cards are played at the end of that same turn, the game just ends (§6.2)."""
    state = last_four_taken(decks={RED: [1], YELLOW: [], GREEN: []})
    assert state.is_terminal()
    assert state.end_reason == "cards"
    assert not state.offer_used


def test_no_offer_while_a_four_remains_on_a_site():
    """§6.1: the offer needs all five 4s excavated; a 4 still at a site means no offer."""
    state = last_four_taken(stocks={"KAL": ["Bottles-1", "Armbands-3", "Helmets-4"]})
    assert state.fours_on_sites == 1
    assert state.turn == YELLOW
    assert options(state)[0].startswith("place")


def test_no_offer_if_already_used():
    """§6.1: the offer comes up at most once per game."""
    state = last_four_taken(offer_used=True)
    assert state.turn == YELLOW
    assert state.phase_name != "offer"


def test_game_ends_after_last_card_of_last_player():
    """§6.2: the game ends at the end of the turn that plays the last card; equal turns."""
    state = scenario(2, decks={RED: [1, 2, 1], YELLOW: [2, 2, 3]})
    reveals = [(RED, state.card)]
    while not state.is_terminal():
        events = play(state, options(state)[-1])
        reveals += [(e["player"], e["value"]) for e in only(events, "card")]
    assert reveals == [(RED, 1), (YELLOW, 2), (RED, 2), (YELLOW, 2), (RED, 1), (YELLOW, 3)]
    assert state.end_reason == "cards"
    assert state.turn == YELLOW
    assert state.deck == [(), ()]
    assert state.cards_left == 0


def test_every_player_gets_the_same_number_of_turns():
    """§6.2: decks are equal and turns rotate, so each player plays all their cards."""
    for players in (2, 3, 4):
        state = make(players, seed=players).new_initial_state()
        turns = Counter({state.turn: 1})
        rng = random.Random(players)
        while not state.is_terminal():
            for e in state.apply(rng.choice(state.legal_actions())):
                if e["kind"] == "card":
                    turns[e["player"]] += 1
        if state.end_reason == "cards":
            per_player = sum(state.game.tables.starting_deck.values())
            assert turns == dict.fromkeys(range(players), per_player)
        else:
            assert state.end_reason == "offer"
            assert max(turns.values()) - min(turns.values()) <= 1


@pytest.mark.parametrize(("players", "archaeologists"), [(3, 45), (4, 33)])
def test_all_archaeologists_the_cards_call_for_are_placed(players, archaeologists):
    """§6.2: at the end every card is played: 45 archaeologists each (33 with 4 players)."""
    for seed in range(4):
        state = make(players, seed=seed).new_initial_state()
        rng = random.Random(seed)
        while not state.is_terminal():
            actions = state.legal_actions()
            continuing = [a for a in actions if str(a) == "continue game"]
            state.apply_unchecked(continuing[0] if continuing else rng.choice(actions))
        assert state.end_reason == "cards"
        placed = Counter()
        for code in state.occupant:
            if 0 <= code < 16:
                placed[code >> 2] += code & 3
        assert placed == dict.fromkeys(range(players), archaeologists)


@pytest.mark.parametrize("variants", [(), (SE,)])
def test_no_room_ends_game_before_reveal(tmp_path, variants):
    """§6.3: a turn that begins with no empty usable space ends the game before any card
    is revealed or chosen; no offer, unplayed cards stay unplayed, then donation and scoring."""
    board = write_board(tmp_path, [("A", 25), ("B", 25)], [("q1", "A", "B", 1, "A")])
    state = make(3, variants, seed=5, board=board).new_initial_state()
    first = state.turn
    if variants:
        assert options(state) == ["play 1", "play 2", "play 3"]
        play(state, "play 2")
    assert options(state) == ["place q1:0"]  # D2 is asked even with a single option
    events = play(state, "place q1:0")
    while not state.is_terminal():
        assert state.current_player == first
        events += play(state, options(state)[0])
    assert "card" not in kinds(events)
    assert kinds(events)[-5:] == ["game_end", "donation", "donation", "donation", "scoring"]
    assert state.end_reason == "no-room"
    assert only(events, "game_end")[0]["reason"] == "no-room"
    nxt = (first + 1) % 3
    assert state.turn == nxt
    assert len(state.deck[nxt]) == 27
    assert len(state.deck[first]) == 26
    assert not state.offer_used
    assert state.outcome().reason == "no usable path has an empty space"
    assert len(state.outcome().scores) == 3
