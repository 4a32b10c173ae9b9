"""Elysium: the complete rules engine with the full 168-card set (spec: docs/elysium.md)."""

from kleos.games.elysium.actions import (
    CopyTarget,
    Discard,
    Dismiss,
    ElysiumAction,
    EndStep,
    Gift,
    NoSwap,
    OracleFree,
    Pass,
    Pay,
    Resolve,
    StealFrom,
    Stop,
    Swap,
    TakeCard,
    TakeCitizen,
    TakeQuest,
    Transfer,
    UsePower,
)
from kleos.games.elysium.cards import CardSet, card_set_data, load_card_set
from kleos.games.elysium.game import Elysium
from kleos.games.elysium.state import ElysiumState

__all__ = [
    "CardSet",
    "CopyTarget",
    "Discard",
    "Dismiss",
    "Elysium",
    "ElysiumAction",
    "ElysiumState",
    "EndStep",
    "Gift",
    "NoSwap",
    "OracleFree",
    "Pass",
    "Pay",
    "Resolve",
    "StealFrom",
    "Stop",
    "Swap",
    "TakeCard",
    "TakeCitizen",
    "TakeQuest",
    "Transfer",
    "UsePower",
    "card_set_data",
    "load_card_set",
]
