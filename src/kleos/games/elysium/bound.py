"""`BoundElysiumState`, the one class of state a game of Elysium makes: the position
(`ElysiumState`, plain data) with the contract's moves bound to `rules` and its views, words and
JSON to `present` and `codec`.

Compiled in the compiled build, like the rules it calls, so that a move made from Python or
from the search runs no interpreted code on the way to the rules."""

from __future__ import annotations

from typing import Any

from mypy_extensions import mypyc_attr

from kleos.core.protocol import Action, PlayerId, ViewParts
from kleos.games.elysium import codec, present, rules
from kleos.games.elysium.state import ElysiumState


@mypyc_attr(allow_interpreted_subclasses=True)
class BoundElysiumState(ElysiumState):
    """An Elysium position bound to its rules and words (real methods: a compiled function set
    as a class attribute would not bind)."""

    __slots__ = ()

    def apply_unchecked(self, action: Action) -> None:
        """Answer the pending decision, then run everything automatic up to the next one."""
        rules.play(self, action)  # type: ignore[arg-type]  # Elysium's actions, legal ones

    def _view(self, player: PlayerId | None) -> ViewParts:
        """What everyone may see (docs/elysium.md §14): the same for every player and for
        spectators."""
        return present.view(self)

    def _explain_illegal(self, action: Action) -> str:
        """Why an action is refused, in words (`present`)."""
        return present.explain_illegal(self, action)

    def _to_json(self) -> dict[str, Any]:
        """The state's own fields as JSON data, hidden parts included (`codec`)."""
        return codec.state_to_json(self)
