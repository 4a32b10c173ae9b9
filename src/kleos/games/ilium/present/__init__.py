"""Every word Ilium says: the views and static data (`views`), action labels, prompts and
refusals (`labels`), and the events told in words (`text`)."""

from kleos.games.ilium.present.labels import (
    action_label,
    action_short,
    action_target,
    explain_illegal,
    pending_decision,
)
from kleos.games.ilium.present.text import describe_event
from kleos.games.ilium.present.views import static_data, view

__all__ = [
    "action_label",
    "action_short",
    "action_target",
    "describe_event",
    "explain_illegal",
    "pending_decision",
    "static_data",
    "view",
]
