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
