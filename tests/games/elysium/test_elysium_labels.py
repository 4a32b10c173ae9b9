"""Elysium's action labels (plain English with card names) and the transfer costs in the view."""

from __future__ import annotations

import random

import pytest
from elysium_helpers import game

from kleos.games.elysium.actions import Transfer

LABELS = {
    "take ZEU-01a": "take Hebe (ZEU-01a)",
    "use ZEU-02a": "use Ganymede (ZEU-02a)",
    "quest Q3": "take Quest Q3 (1 VP, 2 gold, 3 transfers)",
    "take citizen": "take a Citizen (face down)",
    "pass": "pass (no more turns this epoch)",
    "resolve ZEU-03a": "resolve Iris (ZEU-03a) next",
    "dismiss yellow": "dismiss the yellow column",
    "transfer ZEU-01a to new": "transfer Hebe (ZEU-01a) to a new Legend",
    "transfer ZEU-01a to 2": "transfer Hebe (ZEU-01a) to Legend 2",
    "transfer citizen to 1": "transfer a Citizen to Legend 1",
    "end step": "end the Writing step",
    "stop": "stop (no more immediate transfers)",
    "copy ZEU-01a": "copy the power of Hebe (ZEU-01a)",
    "steal from P2": "steal gold from P2",
    "oracle ZEU-01a": "take Hebe (ZEU-01a) from the Oracle",
    "swap out ZEU-01a": "swap Hebe (ZEU-01a) out of the Agora",
    "swap in ZEU-01a": "swap Hebe (ZEU-01a) into the Agora",
    "no swap": "no swap",
    "gift 2 gold": "take the gift of 2 gold",
    "gift 1 vp": "take the gift of 1 VP",
    "lose 2 vp": "lose 2 VP",
    "discard ZEU-01a": "discard Hebe (ZEU-01a)",
    "discard citizen": "discard a Citizen",
}


@pytest.mark.parametrize(("text", "label"), LABELS.items())
def test_label_is_plain_english_with_card_names(text: str, label: str) -> None:
    g = game()
    action = next(a for a in g.actions.all if str(a) == text)
    assert g.action_label(action) == label


def test_every_action_has_a_label() -> None:
    g = game(2)
    assert all(g.action_label(a) for a in g.actions.all)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_view_gives_the_gold_each_offered_transfer_costs(seed: int) -> None:
    """The view's `transfer_costs` names exactly the transfers offered, and each is what the
    transfer then pays (discounts included: Hades and Hephaestus give them)."""
    g = game(3, ("hades", "hephaestus", "zeus", "apollo", "athena"), side=None)
    s = g.with_seed(seed).new_initial_state()
    rng = random.Random(seed)
    checked = 0
    while not s.is_terminal():
        costs = s.view(None)["public"]["transfer_costs"]
        options = s.legal_actions()
        assert set(costs) == {str(a) for a in options if isinstance(a, Transfer)}
        action = rng.choice(options)
        paid = [e["cost"] for e in s.apply(action) if e["kind"] == "transfer"]
        if isinstance(action, Transfer):
            assert paid[:1] == [costs[str(action)]]
            checked += 1
    assert checked > 10


def test_every_action_has_a_short_label_of_a_few_words():
    """The words a board shows on a card or beside it: at most four words, each action's own."""
    g = game(3)
    for action in g.actions.all:
        short = g.action_short(action)
        assert 0 < len(short.split()) <= 4, (action, short)


@pytest.mark.parametrize(
    ("text", "target"),
    [
        ("take ZEU-01a", "card:ZEU-01a"),
        ("use ZEU-02a", "card:ZEU-02a"),
        ("quest Q2", "quest:Q2"),
        ("take citizen", "draw"),
        ("dismiss red", "column:{p}:red"),
        ("transfer citizen to 1", "citizen:{p}"),
        ("transfer ZEU-01a to 2", "card:ZEU-01a"),
        ("steal from P2", "seat:1"),
        ("pass", None),
        ("gift 2 gold", None),
    ],
)
def test_an_action_targets_the_element_it_is_played_on(text: str, target: str | None) -> None:
    """A board finds the element an action is played on by its target key, not by its kind;
    the deciding player's own columns and Citizens carry the seat."""
    g = game(3)
    state = g.new_initial_state()
    action = next(a for a in g.actions.all if str(a) == text)
    p = state.current_player
    expected = None if target is None else target.format(p=p)
    assert g.action_target(state, action) == expected
