"""`BoundIliumState`, the one class of state a game of Ilium makes: the position (`IliumState`)
with the contract's moves and queries bound to the functions of `rules`, `present` and `codec`.

Compiled in the compiled build, like the rules it calls, so that a move made from Python or
from the search runs no interpreted code on the way to the rules."""

from __future__ import annotations

from typing import Any

from mypy_extensions import mypyc_attr

from kleos.core.protocol import Action, PlayerId, ViewParts
from kleos.games.ilium import codec, present, rules
from kleos.games.ilium.actions import IliumAction
from kleos.games.ilium.state import DECIDE_PLACE, IliumState


@mypyc_attr(allow_interpreted_subclasses=True)
class BoundIliumState(IliumState):
    """A position of Ilium with its moves (`rules`), views and words (`present`) and JSON
    (`codec`): real methods, since a compiled function set as a class attribute would not
    bind."""

    __slots__ = ()

    def legal_actions(self) -> tuple[IliumAction, ...]:
        """The options of the pending decision, in canonical order (`rules`)."""
        return rules.legal_actions(self)

    def legal_action_ids(self) -> list[int]:
        """The legal actions' integers, ascending: a placement's are the state's own list
        (most decisions), any other decision's are found as in every game."""
        decision = self.decision
        if decision is not None and decision.kind is DECIDE_PLACE:
            return self.placement_ids[:]
        return super().legal_action_ids()

    def _find_legal(self, action: Action) -> Action | None:
        """The legal action equal to `action`, or None (`rules`: placements by their slot)."""
        return rules.find_legal(self, action)

    def apply_unchecked(self, action: Action) -> None:
        """Apply a legal action, then everything automatic up to the next decision (`rules`)."""
        rules.apply(self, action)

    def _view(self, player: PlayerId | None) -> ViewParts:
        """What `player` may see (`present`); None is a spectator."""
        return present.view(self, player)

    def _explain_illegal(self, action: Action) -> str:
        """Why an action is refused, in words (`present`)."""
        return present.explain_illegal(self, action)

    def _to_json(self) -> dict[str, Any]:
        """The state's fields as JSON data (`codec`)."""
        return codec.state_to_json(self)
