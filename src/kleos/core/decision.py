"""The pending decision, one model for every game: its kind, the player who makes it, and what
it needs besides the action. Its options are the state's `legal_actions()`.

A game's state holds `decision: Decision | None` (None once the game is over), so "who decides
what" reads the same in every game: `state.decision.kind`, `state.decision.player`. A game
names its kinds in a subclass of `DecisionKind`."""

from __future__ import annotations

from enum import IntEnum
from typing import Generic, NamedTuple, TypeVar


class DecisionKind(IntEnum):
    """The kinds of decision of a game (a subclass lists them); a kind's name in lower case is
    the rules' name of it."""

    @property
    def label(self) -> str:
        """The decision's name in the rules and in views, e.g. 'oracle_swap_choice'."""
        return self.name.lower()


KindT = TypeVar("KindT", bound=DecisionKind)
ContextT = TypeVar("ContextT")


class Decision(NamedTuple, Generic[KindT, ContextT]):
    """The decision now asked, and of whom."""

    kind: KindT
    player: int
    """The seat that decides (`PlayerId`)."""
    context: ContextT
    """What the answer needs besides the action (a game's typed context), or None."""
