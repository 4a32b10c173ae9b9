"""Every word Elysium says: the public view and the static data (`views`), the actions'
labels, the decisions' prompts and the refusals (`labels`), cards, events and the score in
words (`text`). The game's bound state and the game call these directly."""

from kleos.games.elysium.present.labels import (
    DECISION_PROMPTS,
    action_label,
    action_short,
    action_target,
    explain_illegal,
    pending_decision,
    prompt,
)
from kleos.games.elysium.present.text import (
    RESOURCE_NAMES,
    card_text,
    describe_event,
    describe_scoring,
)
from kleos.games.elysium.present.views import card_data, static_data, transfer_costs, view

__all__ = [
    "DECISION_PROMPTS",
    "RESOURCE_NAMES",
    "action_label",
    "action_short",
    "action_target",
    "card_data",
    "card_text",
    "describe_event",
    "describe_scoring",
    "explain_illegal",
    "pending_decision",
    "prompt",
    "static_data",
    "transfer_costs",
    "view",
]
