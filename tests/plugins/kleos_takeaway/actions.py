"""Take-away's one action kind, and the action space of a config (take 1 to `max_take`)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from kleos.core.actions import ActionSpace, action

TITLE = "Take-away"


@action("take {count}")
@dataclass(frozen=True, slots=True)
class Take:
    """Take this many counters from the pile."""

    count: int


@cache
def action_space(max_take: int) -> ActionSpace:
    """Every action of a config whose players may take up to `max_take` counters: `take 1`
    (id 0) to `take max_take` (shared by every game of that config)."""
    takes = [Take(count) for count in range(1, max_take + 1)]
    return ActionSpace(takes, TITLE, ", ".join(map(str, takes)))
