"""Elysium states as JSON documents (`kleos.games.elysium.codec`): positions of every kind round
trip, hidden parts included, and a document edited to break one rule is refused with a short
`StateDataError`."""

from __future__ import annotations

import functools
import json
import random
from collections.abc import Callable
from importlib import resources
from typing import Any

import pytest

import kleos
from conformance.harness import same_future, snapshot
from kleos.core.errors import StateDataError
from kleos.core.registry import make_from_config
from kleos.core.serialize import state_from_text, state_to_text
from kleos.games.elysium import ElysiumState
from kleos.games.elysium.cards import card_set_data
from kleos.games.elysium.tasks import DecisionKind, ResolveEffect

Document = dict[str, Any]
MESSAGE_LIMIT = 200


def random_game(seed: int, players: int = 3, **options: Any) -> ElysiumState:
    """The start of a seeded game."""
    state = kleos.make("elysium", players=players, seed=seed, **options).new_initial_state()
    assert isinstance(state, ElysiumState)
    return state


def find(found: Callable[[ElysiumState], bool], **options: Any) -> ElysiumState:
    """The first position of seeded random games where `found` holds."""
    for seed in range(40):
        state = random_game(seed, players=2 + seed % 3, **options)
        rng = random.Random(seed)
        while not state.is_terminal():
            if found(state):
                return state
            state.apply(rng.choice(state.legal_actions()))
        if found(state):
            return state
    raise AssertionError("no random game reaches such a position")


def asks(kind: DecisionKind) -> Callable[[ElysiumState], bool]:
    """Whether a position asks a decision of this kind."""
    return lambda s: s.decision is not None and s.decision.kind is kind


@functools.cache
def mid_epoch_document() -> str:
    """A document of a position mid-epoch, a power's decision pending above the turn's tasks."""
    state = find(lambda s: asks(DecisionKind.ATTACK_PAYMENT)(s) and len(s.stack) >= 2)
    return json.dumps(state.to_json())


def document() -> Document:
    """A fresh copy of a real document, to edit."""
    data: Document = json.loads(mid_epoch_document())
    return data


def read_back(state: ElysiumState) -> ElysiumState:
    """The state that the state's document, through JSON text, reads back as."""
    copied = state.game.state_from_json(json.loads(json.dumps(state.to_json())))
    assert isinstance(copied, ElysiumState)
    return copied


def assert_round_trips(state: ElysiumState) -> None:
    """The state read back writes the same document and behaves the same, now and after."""
    copied = read_back(state)
    assert copied is not state
    assert copied.to_json() == state.to_json()
    assert snapshot(copied) == snapshot(state)
    assert same_future(copied, state, seed=1)


def refusal(edit: Callable[[Document], object], data: Document | None = None) -> str:
    """The short message with which a real document, edited, is refused."""
    data = document() if data is None else data
    game = make_from_config(data["config"])
    edit(data)
    with pytest.raises(StateDataError) as error:
        game.state_from_json(data)
    message = str(error.value)
    assert len(message) < MESSAGE_LIMIT
    return message


def player(data: Document, seat: int = 0) -> Document:
    """The document's object of one seat."""
    seats: list[Document] = data["state"]["players"]
    return seats[seat]


# ---- round trips ---------------------------------------------------------------------------


def test_the_start_of_a_game_round_trips() -> None:
    for players in (2, 3, 4):
        assert_round_trips(random_game(7, players=players))


def test_a_pending_power_decision_with_tasks_on_the_stack_round_trips() -> None:
    state = find(lambda s: asks(DecisionKind.GIFT_CHOICE)(s) and len(s.stack) >= 2)
    assert_round_trips(state)
    assert read_back(state).stack == state.stack


def test_an_attack_payment_in_the_middle_of_a_turn_round_trips() -> None:
    state = find(lambda s: asks(DecisionKind.ATTACK_PAYMENT)(s) and s.phase == "actions")
    assert_round_trips(state)


def test_an_immediate_transfer_in_progress_round_trips() -> None:
    assert_round_trips(find(asks(DecisionKind.IMMEDIATE_TRANSFER_CHOICE)))


def test_a_writing_step_with_transfers_left_round_trips() -> None:
    state = find(lambda s: asks(DecisionKind.WRITE)(s) and s.allowance > 0 and any(s.elysium))
    assert_round_trips(state)


def test_a_copy_target_keeps_its_targets() -> None:
    state = find(
        asks(DecisionKind.COPY_TARGET), families=["zeus", "hermes", "hades", "athena", "apollo"]
    )
    assert read_back(state).legal_actions() == state.legal_actions()
    assert_round_trips(state)


def test_an_oracle_swap_half_made_round_trips() -> None:
    assert_round_trips(find(asks(DecisionKind.ORACLE_SWAP_TARGET)))


def test_a_finished_game_round_trips_with_its_outcome() -> None:
    state = find(ElysiumState.is_terminal)
    copied = read_back(state)
    assert copied.outcome() == state.outcome()
    assert copied.to_json() == state.to_json()
    assert snapshot(copied) == snapshot(state)


def test_a_determinized_copy_round_trips() -> None:
    state = find(lambda s: any(s.citizens) and s.epoch >= 2)
    assert_round_trips(state.determinize(0, random.Random(5)))


def test_a_state_round_trips_as_text() -> None:
    state = find(lambda s: s.epoch == 3)
    copied = state_from_text(state_to_text(state))
    assert isinstance(copied, ElysiumState)
    assert copied.to_json() == state.to_json()
    assert same_future(copied, state, seed=2)


def custom_card_set() -> dict[str, Any]:
    """The package's card set cut to 7 families (its recommended, Hermes, Apollo), every id
    renamed (ZEU-01a is XZEU-01a)."""
    source = resources.files("kleos.games.elysium").joinpath("data").joinpath("cards.toml")
    with resources.as_file(source) as path:
        data = card_set_data(path)
    families = {*data["rules"]["recommended_first_game"], "hermes", "apollo"}
    data["family"] = [f for f in data["family"] if f["id"] in families]
    data["family_bonus"] = [t for t in data["family_bonus"] if t["family"] in families]
    data["design"] = [d for d in data["design"] if d["family"] in families]
    for family in data["family"]:
        family["code"] = "X" + family["code"]
    for design in data["design"]:
        design["id"] = "X" + design["id"]
        for card in design["copies"]:
            card["id"] = "X" + card["id"]
    return data


def test_a_power_half_resolved_keeps_its_remaining_effects() -> None:
    data = custom_card_set()
    autolycus = next(d for d in data["design"] if d["id"] == "XHER-02")
    autolycus["effects"] += [{"op": "immediate_transfer", "n": 2}, {"op": "gain_vp", "n": 1}]
    state = find(
        lambda s: any(isinstance(task, ResolveEffect) for task in s.stack),
        card_set=data,
        families=["zeus", "hermes", "hades", "athena", "apollo"],
    )
    assert_round_trips(state)


def test_a_game_of_a_custom_card_set_round_trips_with_its_own_ids() -> None:
    state = find(lambda s: s.epoch == 2 and any(s.elysium), card_set=custom_card_set())
    assert all(card.startswith("X") for card in state.to_json()["state"]["draw"])
    assert_round_trips(state)


# ---- refusals --------------------------------------------------------------------------------


def test_a_card_in_two_places_is_refused() -> None:
    def edit(data: Document) -> None:
        data["state"]["discard"].append(data["state"]["draw"][0])

    assert "is in two places" in refusal(edit)


def test_a_missing_card_is_refused() -> None:
    assert "is missing" in refusal(lambda data: data["state"]["draw"].pop())


def test_an_unknown_card_id_is_refused() -> None:
    def edit(data: Document) -> None:
        data["state"]["draw"][0] = "ZEU-99z"

    assert refusal(edit) == "document.state.draw[0] is no card of this card set: 'ZEU-99z'"


def test_a_card_of_a_family_not_in_play_is_refused() -> None:
    data = document()
    cards = make_from_config(data["config"]).card_set.cards
    card = next(c.id for c in cards if c.design.family not in data["state"]["families"])
    message = refusal(lambda data: data["state"]["draw"].append(card), data)
    assert message == f"document.state: card {card} is of a family not in play"


def test_negative_gold_is_refused() -> None:
    def edit(data: Document) -> None:
        player(data, 1)["gold"] = -1

    assert refusal(edit) == "document.state.players[1].gold is 0 to 9999, not -1"


def test_a_decider_out_of_range_is_refused() -> None:
    def edit(data: Document) -> None:
        data["state"]["decision"]["player"] = len(data["state"]["players"])

    assert "state.decision.player is 0 to" in refusal(edit)


def test_a_decision_the_rules_would_not_ask_is_refused() -> None:
    def edit(data: Document) -> None:
        seat = data["state"]["decision"]["player"]
        data["state"]["decision"] = {"kind": "steal_target", "player": seat, "gold": 7}

    assert refusal(edit) == "document.state.decision is not a decision the rules ask now"


def test_an_unknown_task_kind_is_refused() -> None:
    def edit(data: Document) -> None:
        data["state"]["stack"][-1]["task"] = "launch_missiles"

    assert refusal(edit).endswith("].task is no task of Elysium: 'launch_missiles'")


def test_a_context_field_of_the_wrong_type_is_refused() -> None:
    def edit(data: Document) -> None:
        data["state"]["decision"]["effect"]["index"] = "0"

    assert refusal(edit) == "document.state.decision.effect.index is an integer, not text"


def test_a_task_holding_an_effect_of_another_primitive_is_refused() -> None:
    def edit(data: Document) -> None:
        attack = data["state"]["decision"]["effect"]
        data["state"]["stack"].append({"task": "ask_gift", "player": 0, "effect": attack})

    assert refusal(edit).endswith("].effect is no share_gift")


def test_a_wrong_rules_version_is_refused() -> None:
    def edit(data: Document) -> None:
        data["rules_version"] = "0"

    assert "document.rules_version is not '0'" in refusal(edit)


def test_an_unknown_field_is_refused() -> None:
    def edit(data: Document) -> None:
        player(data)["hand"] = []

    assert refusal(edit) == "document.state.players[0] has unknown fields: hand"


def test_a_game_not_over_needs_a_decision() -> None:
    def edit(data: Document) -> None:
        data["state"]["decision"] = None

    assert refusal(edit) == "document.state.decision is null exactly when the game is over"


def test_a_finished_game_with_a_decision_is_refused() -> None:
    def edit(data: Document) -> None:
        data["state"]["decision"] = {"kind": "turn", "player": 0}

    message = refusal(edit, find(ElysiumState.is_terminal).to_json())
    assert message == "document.state.decision is null exactly when the game is over"


def test_a_legend_the_rules_could_not_build_is_refused() -> None:
    state = find(
        lambda s: any(len(legend.cards) == 1 for legends in s.elysium for legend in legends)
    )
    t = state.game.tables
    seat, legend = next(
        (p, i)
        for p, legends in enumerate(state.elysium)
        for i, legend in enumerate(legends)
        if len(legend.cards) == 1
    )
    first = state.elysium[seat][legend].cards[0]
    stranger = next(
        c for c in state.draw if t.family[c] != t.family[first] and t.level[c] != t.level[first]
    )

    def edit(data: Document) -> None:
        data["state"]["draw"].remove(state.game.card(stranger).id)
        player(data, seat)["elysium"][legend]["cards"].append(state.game.card(stranger).id)

    message = refusal(edit, state.to_json())
    assert message == f"document.state.players[{seat}].elysium[{legend}].cards do not make a Legend"


def test_a_stack_without_the_end_of_the_turn_is_refused() -> None:
    def edit(data: Document) -> None:
        del data["state"]["stack"][0]

    assert refusal(edit) == "document.state.stack[0] is not the turn's"


def test_a_family_tile_without_its_completed_legend_is_refused() -> None:
    def edit(data: Document) -> None:
        data["state"]["family_tiles"] = {data["state"]["families"][0]: [0]}

    assert "are not held by completed Legends" in refusal(edit)


def test_more_columns_dismissed_than_takes_is_refused() -> None:
    def edit(data: Document) -> None:
        for seat in data["state"]["players"]:
            seat["columns"] = []
            seat["card_takes"] = 0

    assert "more dismissed than takes" in refusal(edit)


def test_an_action_text_in_the_history_that_names_no_action_is_refused() -> None:
    def edit(data: Document) -> None:
        data["state"]["history"][0][1] = "take everything"

    assert refusal(edit) == "document.state.history[0][1] is no action text"
