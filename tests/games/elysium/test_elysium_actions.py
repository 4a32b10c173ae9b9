"""The action space (each action declared once), and the machine's dispatch tables."""

from __future__ import annotations

import dataclasses

import pytest
from elysium_helpers import game

from kleos.core.actions import fold
from kleos.core.errors import ActionParseError
from kleos.games.elysium import actions
from kleos.games.elysium.actions import CITIZEN, NEW_LEGEND, SwapIn, SwapOut, Transfer
from kleos.games.elysium.present import DECISION_PROMPTS
from kleos.games.elysium.rules import ANSWERS, TASKS
from kleos.games.elysium.tasks import DecisionKind, Task
from kleos.games.elysium.vocabulary import MAX_LEGENDS_PER_PLAYER


def test_the_legend_bound_is_35() -> None:
    # 5 epochs × (3 card takes + the 4 Oracle cards): see `MAX_LEGENDS_PER_PLAYER`.
    assert MAX_LEGENDS_PER_PLAYER == 35


def test_action_space_size() -> None:
    g = game()
    cards = len(g.card_set.cards)
    transfers = (cards + 1) * (MAX_LEGENDS_PER_PLAYER + 1)
    assert g.num_distinct_actions == 8 * cards + transfers + 35 == 7463


def test_transfers_come_last_by_legend_number() -> None:
    """So the ids a game uses end early: those of Legends nobody reaches are the highest."""
    g = game()
    ids = g.actions.space.ids
    first = min(i for a, i in ids.items() if isinstance(a, Transfer))
    tail = g.actions.all[first:]
    assert all(isinstance(a, Transfer) for a in tail)
    assert [a.legend for a in tail] == sorted(a.legend for a in tail)
    assert tail[0] == Transfer(g.card_set.cards[0].id, NEW_LEGEND)
    assert tail[-1] == Transfer(CITIZEN, MAX_LEGENDS_PER_PLAYER)
    assert g.action_id(tail[-1]) == g.num_distinct_actions - 1


def test_legend_numbers_stop_at_the_bound() -> None:
    g = game()
    s = g.new_initial_state()
    assert g.parse_action(s, "transfer ZEU-01a to 35") == Transfer("ZEU-01a", 35)
    assert g.parse_action(s, "transfer citizen to new") == Transfer(CITIZEN, NEW_LEGEND)
    with pytest.raises(ActionParseError):
        g.parse_action(s, "transfer ZEU-01a to 36")


def test_each_action_has_one_folded_text() -> None:
    texts = [fold(str(a)) for a in game().actions.all]
    assert len(texts) == len(set(texts))


def test_the_swap_actions() -> None:
    g = game()
    s = g.new_initial_state()
    assert str(SwapOut("ZEU-01a")) == "swap out ZEU-01a"
    assert str(SwapIn("APO-03b")) == "swap in APO-03b"
    assert g.parse_action(s, "SWAP  OUT zeu-01a") == SwapOut("ZEU-01a")
    assert g.parse_action(s, "swap:in:apo-03b") == SwapIn("APO-03b")


def test_every_action_class_is_declared_and_in_the_space() -> None:
    classes = {
        cls
        for cls in vars(actions).values()
        if isinstance(cls, type)
        and dataclasses.is_dataclass(cls)
        and cls.__module__ == actions.__name__
    }
    assert len(classes) == 19  # 18 before the swap became two decisions (SwapOut, SwapIn)
    assert all(hasattr(cls, "action_kind") for cls in classes)
    assert {type(a) for a in game().actions.all} == classes


def test_every_task_has_a_handler_and_every_decision_an_answer_and_a_prompt() -> None:
    assert set(TASKS) == set(Task.__args__)  # type: ignore[attr-defined]
    assert set(ANSWERS) == set(DecisionKind)
    assert set(DECISION_PROMPTS) == {kind.label for kind in DecisionKind}
