"""Ilium states as JSON documents (`kleos.games.ilium.codec`): every kind of position
round-trips, hidden parts included, and a document whose fields break a rule of the game is
refused with a short `StateDataError`."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterable
from typing import Any

import pytest
from ilium_helpers import BV, SE, VARIANT_COMBOS, make

from kleos.core.errors import StateDataError
from kleos.core.serialize import state_from_text, state_to_text
from kleos.games.ilium import IliumState
from kleos.games.ilium.board import token_text

Document = dict[str, Any]


def reach(
    want: Callable[[IliumState], bool],
    players: int = 3,
    variants: tuple[str, ...] = (),
    seeds: Iterable[int] = range(50),
) -> IliumState:
    """The first state of a seeded random game (trying seeds in turn) that `want` accepts."""
    for seed in seeds:
        state = make(players, variants, seed).new_initial_state()
        rng = random.Random(seed)
        while True:
            if want(state):
                return state
            if state.is_terminal():
                break
            state.apply(rng.choice(state.legal_actions()))
    raise AssertionError("no seeded game reaches the position")


def in_phase(phase: str) -> Callable[[IliumState], bool]:
    return lambda state: state.phase_name == phase


OFFER_SEED = 102
"""A 2-player random game that digs up all five 4s before its last card (a rare one)."""


def after_the_last_4(want: Callable[[IliumState], bool]) -> IliumState:
    """The first state `want` accepts in the game of `OFFER_SEED`."""
    return reach(lambda s: s.fours_on_sites == 0 and want(s), players=2, seeds=[OFFER_SEED])


def document(state: IliumState) -> Document:
    """The state's document, as a stranger would send it (parsed JSON text)."""
    loaded: Document = json.loads(json.dumps(state.to_json()))
    return loaded


def assert_round_trip(state: IliumState) -> None:
    """The document's state is the same state: the same document, views, legal actions and
    the same future under the same moves."""
    copy = state.game.state_from_json(document(state))
    assert copy.to_json() == state.to_json()
    rng = random.Random(5)
    for _ in range(60):
        seats = (*range(state.game.players), None)
        assert [copy.view(p) for p in seats] == [state.view(p) for p in seats]
        assert copy.legal_actions() == state.legal_actions()
        if state.is_terminal():
            assert copy.outcome() == state.outcome()
            break
        action = rng.choice(state.legal_actions())
        assert copy.apply(action) == state.clone().apply(action)
        state = state.clone()
        state.apply(action)


def refused(doc: Document, game_state: IliumState) -> str:
    """The message with which the game refuses a document."""
    with pytest.raises(StateDataError) as error:
        game_state.game.state_from_json(doc)
    message = str(error.value)
    assert 0 < len(message) < 200
    return message


# ------------------------------------------------------------------------ round trips


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("variants", VARIANT_COMBOS, ids=lambda v: "+".join(v) or "standard")
def test_the_initial_state_round_trips_in_every_variant(players, variants):
    assert_round_trip(make(players, variants, seed=3).new_initial_state())


@pytest.mark.parametrize("variants", VARIANT_COMBOS, ids=lambda v: "+".join(v) or "standard")
def test_a_state_mid_game_round_trips_in_every_variant(variants):
    assert_round_trip(reach(lambda s: s.cards_left < 40, variants=variants))


def test_a_site_choice_mid_excavation_round_trips():
    state = reach(in_phase("site"))
    assert state.excavation is not None and state.excavation.site == -1
    assert_round_trip(state)


def test_a_token_choice_before_the_first_take_round_trips():
    assert_round_trip(reach(lambda s: s.phase_name == "token" and len(s.takes) == 2))


def test_a_token_choice_after_the_first_take_round_trips():
    assert_round_trip(reach(lambda s: s.phase_name == "token" and len(s.takes) == 1))


def test_a_cube_choice_after_a_cube_round_trips():
    assert_round_trip(reach(lambda s: s.phase_name == "cube" and s.last_cube >= 0))


def test_a_card_choice_in_strategic_expeditions_round_trips():
    assert_round_trip(reach(in_phase("card"), variants=(SE,)))


def test_the_end_game_offer_round_trips():
    assert_round_trip(after_the_last_4(in_phase("offer")))


@pytest.mark.parametrize("players", [2, 4])
def test_a_finished_game_round_trips_with_its_outcome_scored_again(players):
    state = reach(in_phase("over"), players=players)
    copy = state.game.state_from_json(document(state))
    assert copy.outcome() == state.outcome()
    assert copy.removed_tokens == state.removed_tokens
    assert_round_trip(state)


def test_burial_vaults_keeps_each_site_in_its_queue_order():
    state = reach(lambda s: any(list(stock) != sorted(stock) for stock in s.stock), 3, (BV,))
    assert_round_trip(state)


def test_text_round_trips_through_the_registry():
    state = reach(in_phase("token"))
    copy = state_from_text(state_to_text(state))
    assert copy.to_json() == state.to_json() and copy.game.config == state.game.config


def test_the_document_names_things_and_holds_no_derived_cache():
    state = reach(in_phase("token"))
    fields = document(state)["state"]
    assert fields["phase"] == "token"
    assert all("-" in token for hoard in fields["hoards"] for token in hoard)
    assert set(fields["paths"]) == {
        state.game.board.paths[pi].id for pi in state.game.tables.usable_paths
    }
    derived = {"placements", "free", "cubes", "cards_left", "fours_on_sites", "decider"}
    assert not derived & set(fields)
    assert not {"excavation", "removed_tokens", "outcome"} & set(fields)


# -------------------------------------------------------------------------- refusals


def state_in(phase: str = "place", players: int = 3, **kw: Any) -> IliumState:
    """A state in `phase` with tokens already in the hoards."""
    return reach(lambda s: s.phase_name == phase and sum(map(len, s.hoard)) >= 4, players, **kw)


def test_a_wrong_rules_version_is_refused():
    state = state_in()
    doc = document(state)
    doc["rules_version"] = "0"
    assert "rules_version" in refused(doc, state)


def test_another_games_document_is_refused():
    state = state_in()
    doc = document(state)
    doc["config"]["players"] = 4
    assert "config.players" in refused(doc, state)


def test_an_unknown_field_is_refused():
    state = state_in()
    doc = document(state)
    doc["state"]["decider"] = 0
    assert "unknown fields: decider" in refused(doc, state)


def test_a_bool_where_an_int_is_is_refused():
    state = state_in()
    doc = document(state)
    doc["state"]["turn"] = True
    assert "state.turn is an integer" in refused(doc, state)


def test_a_missing_field_is_refused():
    state = state_in()
    doc = document(state)
    del doc["state"]["historians"]
    assert "no 'historians'" in refused(doc, state)


def test_an_unknown_token_is_refused():
    state = state_in()
    doc = document(state)
    doc["state"]["hoards"][state.turn].append("Coins-9")
    assert "is a token like 'Coins-1'" in refused(doc, state)


def test_a_token_removed_from_a_hoard_is_refused():
    state = state_in()
    doc = document(state)
    hoard = next(h for h in doc["state"]["hoards"] if h)
    hoard.pop()
    assert "hold 49 tokens, not 50" in refused(doc, state)


def test_a_duplicated_token_is_refused():
    state = state_in()
    doc = document(state)
    hoard = next(h for h in doc["state"]["hoards"] if h)
    five = next(t for stock in doc["state"]["sites"].values() for t in stock if t.endswith("-5"))
    hoard[0] = five
    assert f"{five} more often than the box" in refused(doc, state)


def test_a_token_moved_from_a_site_to_a_hoard_is_refused():
    state = state_in()
    doc = document(state)
    site, stock = next((k, v) for k, v in doc["state"]["sites"].items() if v)
    doc["state"]["hoards"][0].append(stock.pop())
    assert f"state.sites.{site} holds" in refused(doc, state)


def test_a_token_moved_between_hoards_is_refused():
    state = state_in()
    doc = document(state)
    hoards = doc["state"]["hoards"]
    giver = next(p for p, h in enumerate(hoards) if h)
    hoards[(giver + 1) % 3].append(hoards[giver].pop())
    assert "more tokens than seat" in refused(doc, state)


def test_a_two_player_game_with_a_four_out_of_the_game_is_refused():
    state = state_in(players=2)
    doc = document(state)
    stock = next(v for v in doc["state"]["sites"].values() if any("-4" in t for t in v))
    four = next(t for t in stock if t.endswith("-4"))
    stock[stock.index(four)] = token_text(state.removed_tokens[0])
    assert f"{four} is on no site and in no hoard" in refused(doc, state)


def test_a_site_out_of_order_is_refused():
    state = state_in()
    doc = document(state)
    site, stock = next((k, v) for k, v in doc["state"]["sites"].items() if len(set(v)) > 1)
    stock.reverse()
    assert f"state.sites.{site} is not lowest first" in refused(doc, state)


def test_a_group_owned_by_seat_5_is_refused():
    state = state_in()
    doc = document(state)
    path, spaces = next((k, v) for k, v in doc["state"]["paths"].items() if any(v))
    space = next(i for i, s in enumerate(spaces) if s and "group" in s)
    spaces[space]["group"] = 5
    assert f"state.paths.{path}[{space}].group is 0 to 2, not 5" in refused(doc, state)


def test_a_path_of_the_wrong_length_is_refused():
    state = state_in()
    doc = document(state)
    doc["state"]["paths"]["p12"].append(None)
    assert "state.paths.p12 holds 4 items, not 5" in refused(doc, state)


def test_a_closed_site_in_a_two_player_game_is_refused():
    state = state_in(players=2)
    doc = document(state)
    doc["state"]["sites"]["SIG"] = []
    assert "unknown fields: SIG" in refused(doc, state)


def test_a_cube_beside_no_group_of_its_owner_is_refused():
    state = make(3, seed=4).new_initial_state()
    doc = document(state)
    doc["state"]["paths"]["p12"][0] = {"cube": 0}
    assert "state.paths.p12: a cube of seat 0 but no group" in refused(doc, state)


def test_a_card_missing_from_a_deck_is_refused():
    state = state_in()
    doc = document(state)
    doc["state"]["decks"][0].pop()
    assert "not the cards it started with" in refused(doc, state)


def test_a_group_played_out_of_turn_is_refused():
    state = make(3, seed=4).new_initial_state()
    doc = document(state)
    waiting = (state.turn + 1) % 3
    card = doc["state"]["decks"][waiting].pop()
    doc["state"]["paths"]["p12"][0] = {"group": waiting, "size": card}
    assert "(turn order)" in refused(doc, state)


def test_a_historian_given_twice_is_refused():
    state = state_in()
    doc = document(state)
    historians = doc["state"]["historians"]
    historians[1] = historians[0]
    assert "names a type twice" in refused(doc, state)


def test_an_unsorted_deck_in_strategic_expeditions_is_refused():
    state = reach(lambda s: len(set(s.deck[0])) > 1, variants=(SE,))
    doc = document(state)
    doc["state"]["decks"][0].reverse()
    assert "not in order (Strategic Expeditions)" in refused(doc, state)


def test_takes_outside_a_token_choice_are_refused():
    state = state_in("place")
    doc = document(state)
    doc["state"]["takes"] = [{"player": 0, "site": "HIS"}]
    assert "state.takes is empty in phase 'place'" in refused(doc, state)


def test_a_token_choice_without_its_takes_is_refused():
    state = reach(in_phase("token"))
    doc = document(state)
    doc["state"]["takes"] = []
    assert "are not those of the excavation" in refused(doc, state)


def test_a_take_by_a_seat_out_of_range_is_refused():
    state = reach(in_phase("token"))
    doc = document(state)
    doc["state"]["takes"][0]["player"] = 7
    assert "state.takes[0].player is 0 to 2, not 7" in refused(doc, state)


def test_a_take_by_the_wrong_seat_is_refused():
    state = reach(in_phase("token"))
    doc = document(state)
    take = doc["state"]["takes"][0]
    take["player"] = (take["player"] + 1) % 3
    assert "are not those of the excavation" in refused(doc, state)


def test_a_site_choice_on_a_path_that_is_not_full_is_refused():
    state = reach(in_phase("cube"))
    doc = document(state)
    doc["state"]["phase"] = "site"
    assert "phase 'site' needs the turn's path to be full" in refused(doc, state)


def test_a_token_choice_in_burial_vaults_is_refused():
    state = reach(lambda s: s.phase_name == "token" and all(map(len, s.stock)))
    doc = document(state)
    doc["config"]["variants"] = [BV]
    vaults = make(3, (BV,), seed=0)
    with pytest.raises(StateDataError, match="does not occur in Burial Vaults"):
        vaults.state_from_json(doc)


def test_a_turn_path_before_the_group_is_placed_is_refused():
    state = state_in("place")
    doc = document(state)
    doc["state"]["turn_path"] = "p12"
    doc["state"]["group_space"] = 0
    assert "state.turn_path is given exactly once the group is placed" in refused(doc, state)


def test_a_game_over_without_its_reason_is_refused():
    state = reach(in_phase("over"))
    doc = document(state)
    doc["state"]["end_reason"] = None
    assert "end_reason is given exactly when the phase is 'over'" in refused(doc, state)


def test_a_game_over_for_cards_with_cards_left_is_refused():
    state = after_the_last_4(in_phase("offer"))
    doc = document(state)
    doc["state"]["phase"] = "over"
    doc["state"]["end_reason"] = "cards"
    assert "'cards' if no card is left" in refused(doc, state)


def test_the_offer_used_while_4s_are_left_is_refused():
    state = reach(lambda s: s.fours_on_sites > 0 and s.phase_name == "place")
    doc = document(state)
    doc["state"]["offer_used"] = True
    assert "offer_used is true only once every 4 is dug up" in refused(doc, state)


def test_an_offer_skipped_after_the_last_4_is_refused():
    state = after_the_last_4(lambda s: s.offer_used and s.phase_name == "place")
    doc = document(state)
    doc["state"]["offer_used"] = False
    assert "the end-game offer came before" in refused(doc, state)
